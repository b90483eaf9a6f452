"""Game ▸ Name of the game…: a game made from a preset keeps the preset's name
("Frontline Clash, Hold the Ground") after its objectives change; the user
renames it, as one undo step, and the title bar shows the new name (the
overlay and every picture read the same setup name; docs/canvas.md, Editing)."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QInputDialog

from tabletop_gui.examples import DEMO_BOARD
from tabletop_gui.io import load_game

from .helpers import open_window


def test_renaming_the_game_is_one_undo_step_shown_in_the_title(qtbot, monkeypatch):
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), None)
    assert window.files.new_game("t9a/frontline_clash/t9a.hold_the_ground", ask=False)
    old = window.doc.committed.setup.name
    steps = window.doc.undo_stack.count()
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("  Club night,   table 3 ", True))
    assert window.setup.rename()
    QApplication.processEvents()
    assert window.doc.committed.setup.name == "Club night, table 3"
    assert "Club night, table 3" in window.windowTitle()
    assert window.doc.undo_stack.count() == steps + 1
    window.doc.undo_stack.undo()
    assert window.doc.committed.setup.name == old


def test_an_empty_or_unchanged_name_changes_nothing(qtbot):
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), None)
    steps = window.doc.undo_stack.count()
    assert not window.setup.rename("   ")
    assert not window.setup.rename(window.doc.committed.setup.name)
    assert window.doc.undo_stack.count() == steps


def test_the_game_menu_offers_the_rename(qtbot):
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), None)
    texts = [a.text() for a in window.setup.actions]
    assert "&Name of the game…" in texts
