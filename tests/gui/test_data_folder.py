"""The data folder: the program's name once under the user's data location (not
``tabletop_gui/tabletop_gui``), the override still wins, and autosaves an earlier
version left in the doubled folder are still found and recovered.

Each test points HOME and XDG_DATA_HOME at its temp folder and turns QStandardPaths'
test mode off, so the folder is the one a user gets; nothing outside tmp_path is
touched."""

from __future__ import annotations

import re
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QStandardPaths, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from tabletop_gui.app import session
from tabletop_gui.app.document import Document
from tabletop_gui.app.windows.recovery_dialog import Choice, RecoveryDialog
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import dumps, load_game
from tabletop_gui.model.events import PhaseStart, TurnStart
from tabletop_gui.model.game import Game

from .helpers import open_window

HEX = SCENARIOS / "hex_hochkirch_ridge_demo.json"
ROOT = Path(__file__).resolve().parents[2]
DATA_LOCATION = QStandardPaths.StandardLocation.AppDataLocation


@pytest.fixture
def user_home(tmp_path, monkeypatch):
    """A user's environment inside tmp_path: no override, real (non-test) locations."""
    monkeypatch.delenv(session.DATA_DIR_ENV, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    QStandardPaths.setTestModeEnabled(False)
    yield tmp_path / "xdg"
    QStandardPaths.setTestModeEnabled(True)


@pytest.fixture
def app_names(qapp):
    """The organization and application names run_app sets (what made the folder double)."""
    app = qapp
    before = app.organizationName(), app.applicationName()
    app.setOrganizationName(session.ORGANIZATION)
    app.setApplicationName(session.APPLICATION)
    yield
    app.setOrganizationName(before[0])
    app.setApplicationName(before[1])


def crashed_old_version(folder, name: str) -> Document:
    """What an earlier version left after a crash: a dirty game autosaved in
    ``folder`` by the real Autosaver, its lock released as a dead process's is."""
    doc = Document(Game(replace(load_game(HEX).setup, name=name)))
    assert doc.commit((TurnStart(1, "prussia"), PhaseStart("movement")), "turn") is None
    saver = session.Autosaver(doc, folder=folder)
    assert saver.autosave()
    saver.abandon()
    return doc


def test_data_folder_is_the_data_location_plus_the_program_name_once(user_home, app_names):
    assert session.data_dir() == user_home / "tabletop_gui"
    assert session.autosave_dir() == user_home / "tabletop_gui" / "autosave"
    # The old folder is exactly where AppDataLocation put it under run_app's names.
    doubled = QStandardPaths.writableLocation(DATA_LOCATION)
    assert doubled == str(user_home / "tabletop_gui" / "tabletop_gui")
    assert session.legacy_autosave_dir() == user_home / "tabletop_gui" / "tabletop_gui" / "autosave"


def test_the_override_still_names_the_data_folder_and_has_no_old_folder(
    user_home, tmp_path, monkeypatch
):
    monkeypatch.setenv(session.DATA_DIR_ENV, str(tmp_path / "mine"))
    assert session.data_dir() == tmp_path / "mine"
    assert session.autosave_dir() == tmp_path / "mine" / "autosave"
    assert session.legacy_autosave_dir() is None


def test_a_window_autosaves_into_the_single_folder(qtbot, user_home):
    window = open_window(qtbot, Game(load_game(HEX).setup), None)
    assert window.play.perform((TurnStart(1, "prussia"),), "turn") is None
    assert window.autosaver.autosave()
    assert window.autosaver.file.parent == user_home / "tabletop_gui" / "autosave"
    assert not (user_home / "tabletop_gui" / "tabletop_gui").exists()
    window.autosaver.close()
    window.doc.undo_stack.setClean()


def test_an_autosave_left_in_the_old_doubled_folder_is_recovered_into_the_new_one(
    qtbot, user_home, dialogs
):
    old = session.legacy_autosave_dir()
    lost = crashed_old_version(old, "left by the old version")
    found = session.leftovers()
    assert [f.file.parent for f in found] == [old]
    window = open_window(qtbot, load_game(HEX), str(HEX))
    dialogs.answer = QMessageBox.StandardButton.Yes
    assert window.files.offer_recovery() == 1
    assert "left by the old version" in dialogs.questions[-1][1]
    assert dumps(window.doc.game) == dumps(lost.game)
    # Recovered: written again in the new folder, the emptied old folders gone.
    assert window.autosaver.file.parent == session.autosave_dir()
    assert load_game(window.autosaver.file).events == lost.game.events
    assert not (user_home / "tabletop_gui" / "tabletop_gui").exists()
    assert session.data_dir().is_dir()
    window.autosaver.close()
    window.doc.undo_stack.setClean()


def answer_recovery(choice: Choice, row: int = 0) -> None:
    """Once the recovery dialog is up: pick ``row`` and press ``choice``'s button."""

    def act() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, RecoveryDialog)
        dialog.games.setCurrentRow(row)
        dialog.button(choice).click()

    QTimer.singleShot(0, act)


def test_old_and_new_autosaves_are_offered_in_one_dialog_and_later_keeps_both(
    qtbot, user_home, dialogs
):
    crashed_old_version(session.legacy_autosave_dir(), "old")
    crashed_old_version(session.autosave_dir(), "new")
    assert sorted(f.name for f in session.leftovers()) == ["new", "old"]
    window = open_window(qtbot, load_game(HEX), str(HEX))
    answer_recovery(Choice.LATER)
    assert window.files.offer_recovery() == 0
    assert dialogs.questions == []  # one dialog, not a message box per game
    assert sorted(f.name for f in session.leftovers()) == ["new", "old"]  # nothing lost
    # Discarding the old one removes the old folders once empty; the new stays.
    (old,) = [f for f in session.leftovers() if f.name == "old"]
    old.discard()
    assert not (user_home / "tabletop_gui" / "tabletop_gui").exists()


def test_of_several_autosaves_the_one_picked_is_recovered_and_the_others_wait(
    qtbot, user_home, dialogs
):
    crashed_old_version(session.autosave_dir(), "first")
    crashed_old_version(session.autosave_dir(), "second")
    found = session.leftovers()  # newest first
    window = open_window(qtbot, load_game(HEX), str(HEX))
    answer_recovery(Choice.RECOVER, row=1)
    assert window.files.offer_recovery() == 1
    assert window.doc.game.setup.name == found[1].name
    assert [f.name for f in session.leftovers()] == [found[0].name]
    window.autosaver.close()
    window.doc.undo_stack.setClean()


def test_discard_all_throws_every_listed_autosave_away(qtbot, user_home, dialogs):
    crashed_old_version(session.autosave_dir(), "first")
    crashed_old_version(session.autosave_dir(), "second")
    window = open_window(qtbot, load_game(HEX), str(HEX))
    answer_recovery(Choice.DISCARD_ALL)
    assert window.files.offer_recovery() == 0
    assert session.leftovers() == []
    assert window.doc.opened_from == str(HEX)  # the game asked for is still the one open


@pytest.mark.skipif(sys.platform != "linux", reason="the docs' example path is Linux's")
def test_the_docs_name_the_autosave_folder_the_program_writes_to(tmp_path, monkeypatch, app_names):
    """docs/playing.md said autosaves go to ``~/.local/share/tabletop_gui/tabletop_gui/``
    (the folder of earlier versions); the first folder it names is the one
    ``autosave_dir`` gives for a user with the usual environment (no
    XDG_DATA_HOME), with run_app's names set (docs/playing.md, Files)."""
    home = tmp_path / "home"
    monkeypatch.delenv(session.DATA_DIR_ENV, raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(home))
    QStandardPaths.setTestModeEnabled(False)
    try:
        folder = session.autosave_dir()
    finally:
        QStandardPaths.setTestModeEnabled(True)
    shown = f"~/{folder.relative_to(home).as_posix()}/"
    assert shown == "~/.local/share/tabletop_gui/autosave/"
    text = " ".join((ROOT / "docs" / "playing.md").read_text(encoding="utf-8").split())
    paragraph = text[text.index("**Autosave and recovery.**") :][:1500]
    named = re.findall(r"`(~/[^`]*)`", paragraph)
    assert named[0] == shown, named
    # The doubled folder only as where earlier versions wrote.
    old = paragraph.index("~/.local/share/tabletop_gui/tabletop_gui/")
    assert "Earlier versions" in paragraph[max(0, old - 60) : old]
