"""Autosave files a user can trust: private to the user (0700 folder, 0600 files),
written atomically with nothing left behind, and metadata that is checked when
read: a broken one still gets the recovery prompt, and the file it names is only
offered in the Save dialog, never written without asking."""

from __future__ import annotations

import json
import os
import stat
from dataclasses import replace

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from tabletop_gui.app import session
from tabletop_gui.app.document import Document
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import dumps, load_game
from tabletop_gui.model.events import PhaseStart, TurnStart
from tabletop_gui.model.game import Game

from .helpers import open_window

HEX = SCENARIOS / "hex_hochkirch_ridge_demo.json"


def _mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def crashed(folder, name: str = "left behind", original: str | None = None) -> session.Autosaver:
    """A dirty game autosaved by the real Autosaver, its process gone."""
    doc = Document(Game(replace(load_game(HEX).setup, name=name)), original)
    assert doc.commit((TurnStart(1, "prussia"), PhaseStart("movement")), "turn") is None
    saver = session.Autosaver(doc, folder=folder)
    assert saver.autosave()
    saver.abandon()
    return saver


def test_the_autosave_folder_and_files_are_the_users_alone(qapp, tmp_path):
    folder = tmp_path / "autosave"
    folder.mkdir(mode=0o755)
    folder.chmod(0o755)  # made readable to others by an earlier version
    saver = crashed(folder)
    assert _mode(folder) == 0o700
    assert _mode(saver.file) == 0o600 and _mode(saver.meta) == 0o600
    # Nothing but the game and its metadata (the dead process's lock is gone):
    # no temp files left.
    names = sorted(p.name for p in folder.iterdir())
    assert names == sorted([saver.file.name, saver.meta.name])


@pytest.mark.parametrize(
    "meta",
    [
        '{"saved": null}',
        '{"saved": "yesterday", "name": 7, "original": ["x"]}',
        "[1, 2, 3]",
        "not json at all",
        '{"saved": 1e400, "original": "relative/game.json"}',
        '{"name": "Orcs\\u001b[2J", "original": "/tmp/\\u0000.json"}',
        "[" * 5000 + "]" * 5000,
    ],
)
def test_broken_metadata_still_gets_the_recovery_prompt(qtbot, tmp_path, dialogs, meta):
    saver = crashed(tmp_path / "autosave")
    saver.meta.write_text(meta, encoding="utf-8")
    (found,) = session.leftovers(tmp_path / "autosave")
    assert found.original is None and isinstance(found.saved, float)
    assert found.name in ("", "left behind")
    window = open_window(qtbot, load_game(HEX), None)
    dialogs.answer = QMessageBox.StandardButton.Yes
    assert window.files.offer_recovery(tmp_path / "autosave") == 1
    assert "did not close normally" in dialogs.questions[-1][1]
    assert dumps(window.doc.game) == dumps(saver.doc.game)
    window.autosaver.close()
    window.doc.undo_stack.setClean()


def test_the_file_an_autosave_names_is_never_saved_to_without_asking(
    qtbot, tmp_path, dialogs, monkeypatch
):
    # A planted (or stale) metadata file names a file elsewhere: recovering it and
    # pressing Ctrl+S must not write there unasked; the Save dialog starts there.
    victim = tmp_path / "elsewhere" / "important.json"
    victim.parent.mkdir()
    victim.write_text("precious", encoding="utf-8")
    crashed(tmp_path / "autosave", original=str(victim))
    (found,) = session.leftovers(tmp_path / "autosave")
    assert found.original == str(victim)  # a well-formed path is shown in the prompt
    window = open_window(qtbot, load_game(HEX), None)
    dialogs.answer = QMessageBox.StandardButton.Yes
    assert window.files.offer_recovery(tmp_path / "autosave") == 1
    assert str(victim) in dialogs.questions[-1][1]
    assert window.doc.path is None and window.doc.dirty
    asked: list[str] = []

    def save_dialog(_parent, _title, start, _filter):
        asked.append(start)
        return "", ""  # the user cancels

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_dialog)
    assert not window.files.save()
    assert asked == [str(victim)]
    assert victim.read_text(encoding="utf-8") == "precious"
    window.autosaver.close()
    window.doc.undo_stack.setClean()


def test_metadata_is_written_atomically_and_reads_back_checked(qapp, tmp_path):
    saver = crashed(tmp_path / "autosave", name="Kept", original=str(tmp_path / "g.json"))
    info = json.loads(saver.meta.read_text(encoding="utf-8"))
    assert info["original"] == str(tmp_path / "g.json")
    assert session.read_meta(saver.meta) == {
        "original": str(tmp_path / "g.json"),
        "name": "Kept",
        "saved": info["saved"],
    }


def test_a_metadata_file_that_is_a_link_is_not_read(qapp, tmp_path):
    saver = crashed(tmp_path / "autosave")
    target = tmp_path / "other.json"
    target.write_text('{"original": "/etc/passwd.json", "name": "planted"}', encoding="utf-8")
    saver.meta.unlink()
    saver.meta.symlink_to(target)
    assert session.read_meta(saver.meta) == {}


def test_a_data_folder_that_cannot_be_read_offers_nothing_to_recover(qtbot, monkeypatch, tmp_path):
    # A TABLETOP_GUI_DATA_DIR of a 300-character name: glob's OSError (name too
    # long) out of the start's offer to recover ended the program before its
    # window showed.
    unreadable = tmp_path / ("x" * 300)
    assert session.leftovers(unreadable) == []
    window = open_window(qtbot, load_game(str(SCENARIOS / "t9a_frontline_clash_demo.json")))
    monkeypatch.setenv("TABLETOP_GUI_DATA_DIR", str(unreadable))
    assert window.files.offer_recovery() == 0
