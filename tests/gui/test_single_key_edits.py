"""Keys typed as text never edit silently: giving a piece to the other side needs
Alt+S (an S typed while the board has the focus changes nothing), and every
edit made by a key (R, Delete, P, Alt+S, Alt+R, Ctrl+D) says in the status bar
what it did and how to undo it; Undo and Redo say what they undid and redid.

The demo board after its log: Knights of the Realm (Equitaine) at (33, 22)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tabletop_gui.app.canvas.view import Tool
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game

from .helpers import at, open_window

DEMO = SCENARIOS / "t9a_frontline_clash_demo.json"


@pytest.fixture
def window(qtbot):
    w = open_window(qtbot, load_game(DEMO))
    w.doc.set_selection(["a-knights"])
    w.view.setFocus()
    QApplication.processEvents()
    return w


def knights(window):
    return window.doc.state.scene.units["a-knights"]


def said(window) -> str:
    return window.statusBar().currentMessage()


def test_typing_s_with_a_unit_selected_gives_it_to_nobody(qtbot, window):
    qtbot.keyClick(window.view, Qt.Key.Key_S)
    qtbot.keyClicks(window.view, "sSs")
    assert knights(window).side == "equitaine"
    assert window.doc.undo_stack.count() == 0


def test_alt_s_gives_the_unit_to_the_other_side_and_says_so_with_its_undo(qtbot, window):
    qtbot.keyClick(window.view, Qt.Key.Key_S, Qt.KeyboardModifier.AltModifier)
    assert knights(window).side == "orcs"
    # A key with a modifier is no accident: the undo step is named all the same,
    # and the status bar says it (a side changed unseen would change the score).
    assert window.doc.undo_stack.undoText() == "Give Knights of the Realm to Orcs"
    assert said(window) == "Give Knights of the Realm to Orcs (Ctrl+Z undoes it)"
    qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert knights(window).side == "equitaine"


def test_r_says_which_unit_it_turned_which_way_and_how_to_undo_it(qtbot, window):
    facing = knights(window).facing
    qtbot.keyClick(window.view, Qt.Key.Key_R)
    assert knights(window).facing == pytest.approx(facing + 15)
    assert said(window) == "Rotate Knights of the Realm 15° left (Ctrl+Z undoes it)"
    qtbot.keyClick(window.view, Qt.Key.Key_R, Qt.KeyboardModifier.ShiftModifier)
    assert said(window) == "Rotate Knights of the Realm 15° right (Ctrl+Z undoes it)"


def test_undo_and_redo_say_what_they_undid_and_redid(qtbot, window):
    # The edit's own "(Ctrl+Z undoes it)" must not outlive its undo.
    facing = knights(window).facing
    qtbot.keyClick(window.view, Qt.Key.Key_R)
    qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert knights(window).facing == pytest.approx(facing)
    assert said(window) == "Undone: Rotate Knights of the Realm 15° left (Ctrl+Shift+Z redoes it)"
    qtbot.keyClick(window.view, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert knights(window).facing == pytest.approx(facing + 15)
    assert said(window) == "Redone: Rotate Knights of the Realm 15° left (Ctrl+Z undoes it)"


def test_delete_says_what_it_deleted_and_how_to_undo_it(qtbot, window):
    qtbot.keyClick(window.view, Qt.Key.Key_Delete)
    assert "a-knights" not in window.doc.state.scene.units
    assert said(window) == "Delete Knights of the Realm (Ctrl+Z undoes it)"


def test_p_keeps_its_own_words_and_adds_the_undo(qtbot, window):
    window.doc.set_selection([])
    window.view.set_tool(Tool.MEASURE)
    vp = window.view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=at(window, 33.0, 22.0))
    qtbot.mouseMove(vp, at(window, 34.0, 26.0))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=at(window, 36.0, 30.5))
    qtbot.keyClick(window.view, Qt.Key.Key_P)
    assert said(window) == (
        "Pinned ruler-1: select it and press Delete to remove it (Ctrl+Z undoes it)"
    )


def test_a_key_that_edits_nothing_says_nothing_of_an_undo(qtbot, window):
    window.statusBar().clearMessage()
    qtbot.keyClick(window.view, Qt.Key.Key_M)  # a tool: no edit
    assert "undoes" not in said(window)


def test_alt_r_and_ctrl_d_say_what_they_did(qtbot, window):
    qtbot.keyClick(window.view, Qt.Key.Key_R, Qt.KeyboardModifier.AltModifier)
    assert said(window).startswith("Rotate Knights of the Realm ")
    assert said(window).endswith(" left (Ctrl+Z undoes it)")
    qtbot.keyClick(window.view, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    assert said(window) == "Duplicate Knights of the Realm (Ctrl+Z undoes it)"
