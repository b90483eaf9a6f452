"""What the program writes on its own or into folders others may share (the
stream PNG, autosaves, exports, reports) never follows a link planted at the
path: the link itself is replaced and the file it named is untouched. The temp
file of an autosave killed mid-write is removed at the next start."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from PySide6.QtGui import QImage

from tabletop_gui.app import session
from tabletop_gui.app.document import Document
from tabletop_gui.app.export.range_report import Subject
from tabletop_gui.app.export.render import render_file
from tabletop_gui.app.stream.png_output import StreamOutput
from tabletop_gui.examples import DEMO_BOARD
from tabletop_gui.io import load_game
from tabletop_gui.model.annotations import Ruler
from tabletop_gui.model.events import MovePiece
from tabletop_gui.model.game import Game
from tabletop_gui.rules import replay

from .helpers import open_window


@pytest.fixture
def planted(tmp_path):
    """A file of the user's, and a link to it planted where a write will go."""
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"keep me")

    def at(name: str):
        link = tmp_path / "shared" / name
        link.parent.mkdir(exist_ok=True)
        link.symlink_to(victim)
        return link

    return victim, at


def test_the_stream_png_replaces_a_link_at_its_path(qtbot, planted):
    victim, at = planted
    link = at("stream.png")
    output = StreamOutput(Document(load_game(DEMO_BOARD)), link, size=(320, 180))
    try:
        assert output.writes == 1
        assert not link.is_symlink() and QImage(str(link)).width() == 320
        assert victim.read_bytes() == b"keep me"
    finally:
        output.stop()


def test_a_dangling_link_at_the_stream_path_creates_nothing_where_it_points(qtbot, tmp_path):
    aimed = tmp_path / "elsewhere.png"
    link = tmp_path / "stream.png"
    link.symlink_to(aimed)
    output = StreamOutput(Document(load_game(DEMO_BOARD)), link, size=(320, 180))
    output.stop()
    assert not aimed.exists() and not link.is_symlink()


@pytest.mark.parametrize("suffix", ["png", "svg", "pdf"])
def test_an_export_replaces_a_link_at_its_path(qapp, planted, suffix):
    victim, at = planted
    link = at(f"board.{suffix}")
    game = load_game(DEMO_BOARD)
    render_file(replay(game.setup, game.events), str(link), width=400)
    assert not link.is_symlink() and link.stat().st_size > 0
    assert victim.read_bytes() == b"keep me"


def test_a_range_report_replaces_a_link_at_its_path(qtbot, planted):
    victim, at = planted
    link = at("report.png")
    window = open_window(qtbot, load_game(DEMO_BOARD), str(DEMO_BOARD))
    ruler = Ruler("ruler-1", (0, 0), (36, 24), "b-boyz", None)
    window.doc.set_annotations(window.doc.annotations.with_ruler(ruler), "pin")
    window.referee.write_report(str(link), Subject(ruler=ruler))
    assert not link.is_symlink() and QImage(str(link)).width() > 0
    assert victim.read_bytes() == b"keep me"


def test_an_autosave_replaces_a_link_at_its_path(qapp, planted):
    victim, at = planted
    folder = at("x").parent
    doc = Document(load_game(DEMO_BOARD))
    assert doc.commit((MovePiece("b-boyz", 34, 40),), "move") is None
    saver = session.Autosaver(doc, folder=folder)
    saver.file.symlink_to(victim)
    saver.meta.symlink_to(victim)
    try:
        assert saver.autosave()
        assert not saver.file.is_symlink() and not saver.meta.is_symlink()
        assert load_game(saver.file).events == doc.game.events
        assert victim.read_bytes() == b"keep me"
    finally:
        saver.close()


def test_the_save_of_a_game_file_kept_behind_a_link_still_writes_through_it(qapp, tmp_path):
    # The user's own game file, linked into another folder: Save keeps the link.
    real = tmp_path / "games" / "real.json"
    real.parent.mkdir()
    real.write_bytes(DEMO_BOARD.read_bytes())
    link = tmp_path / "game.json"
    link.symlink_to(real)
    from tabletop_gui.io import save_game

    game = load_game(link)
    save_game(Game(game.setup, (*game.events, MovePiece("b-boyz", 34, 40))), link)
    assert link.is_symlink() and len(load_game(real).events) == len(game.events) + 1


def test_a_killed_autosaves_temp_file_is_removed_at_the_next_start(qapp, tmp_path):
    # The killed process wrote .autosave-PID-1.json.PID.TOKEN.tmp; the next run
    # has another pid and writes other names, so only the start-up sweep finds it.
    folder = tmp_path / "autosave"
    folder.mkdir(mode=0o700)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    left = folder / f".autosave-{dead.pid}-1.json.{dead.pid}.0123456789abcdef.tmp"
    left.write_bytes(b'{"format": "tabletop-gui", "ver')
    mine = folder / f".autosave-{os.getpid()}-9.json.{os.getpid()}.fedcba9876543210.tmp"
    mine.write_bytes(b"being written by this process")
    assert session.leftovers(folder) == []
    assert not left.exists()
    assert mine.exists()  # a running process's is never touched
