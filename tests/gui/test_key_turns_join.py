"""Turning a unit by key (R / Shift+R: 15° left / right) press by press: the
presses of a turn made in a row are one undo step and one event of the game log
(docs/canvas.md, Editing), as a turn with the knob is; a pause, another action
or a press back to where the turn began starts a new step."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tabletop_gui.app.document import MERGE_SECONDS
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game
from tabletop_gui.io.game_file import game_to_json
from tabletop_gui.model.events import RotatePiece

from .helpers import open_window

DEMO = SCENARIOS / "t9a_frontline_clash_demo.json"


@pytest.fixture
def window(qtbot):
    w = open_window(qtbot, load_game(DEMO))
    w.doc.set_selection(["a-knights"])
    w.view.setFocus()
    now = [100.0]
    w.doc.clock = lambda: now[0]
    w.now = now
    QApplication.processEvents()
    return w


def facing(window) -> float:
    return window.doc.state.scene.units["a-knights"].facing


def press_r(qtbot, window, times: int, shift: bool = False, every: float = 0.3) -> None:
    mod = Qt.KeyboardModifier.ShiftModifier if shift else Qt.KeyboardModifier.NoModifier
    for _ in range(times):
        window.now[0] += every
        qtbot.keyClick(window.view, Qt.Key.Key_R, mod)


def test_six_presses_of_r_are_one_90_degree_turn_one_log_event_and_one_undo(qtbot, window):
    doc = window.doc
    start, events = facing(window), len(doc.timeline)
    press_r(qtbot, window, 6)
    assert facing(window) == pytest.approx((start + 90) % 360)
    assert len(doc.timeline) == events + 1 and doc.undo_stack.count() == 1
    assert doc.timeline.events[-1] == RotatePiece("a-knights", (start + 90) % 360)
    assert doc.undo_stack.undoText() == "Rotate Knights of the Realm 90° left"
    assert window.statusBar().currentMessage() == (
        "Rotate Knights of the Realm 90° left (Ctrl+Z undoes it)"
    )
    doc.undo_stack.undo()
    assert facing(window) == pytest.approx(start) and len(doc.timeline) == events
    doc.undo_stack.redo()
    assert facing(window) == pytest.approx((start + 90) % 360)
    assert len(doc.timeline) == events + 1


def test_the_joined_turn_is_saved_as_one_event_and_reads_back_the_same(qtbot, window):
    press_r(qtbot, window, 3)
    press_r(qtbot, window, 1, shift=True)
    data = game_to_json(window.doc.game)
    rotations = [e for e in data["events"] if e["type"] == "rotate"]
    assert rotations[-1] == {"type": "rotate", "piece_id": "a-knights", "facing": facing(window)}
    again = load_game_from(json.dumps(data))
    assert again.events == window.doc.game.events


def load_game_from(text: str):
    from tabletop_gui.io.game_file import game_from_json

    return game_from_json(json.loads(text))


def test_a_pause_longer_than_the_join_starts_a_new_step(qtbot, window):
    press_r(qtbot, window, 2)
    press_r(qtbot, window, 1, every=MERGE_SECONDS + 0.5)
    assert window.doc.undo_stack.count() == 2
    assert window.doc.undo_stack.undoText() == "Rotate Knights of the Realm 15° left"


def test_another_action_in_between_starts_a_new_step(qtbot, window):
    doc = window.doc
    press_r(qtbot, window, 2)
    qtbot.keyClick(window.view, Qt.Key.Key_S, Qt.KeyboardModifier.AltModifier)  # side change
    press_r(qtbot, window, 2)
    assert doc.undo_stack.count() == 3
    assert [doc.undo_stack.text(i) for i in (0, 2)] == ["Rotate Knights of the Realm 30° left"] * 2


def test_turning_back_to_where_the_turn_began_is_a_step_of_its_own(qtbot, window):
    start = facing(window)
    press_r(qtbot, window, 1)
    press_r(qtbot, window, 1, shift=True)
    assert facing(window) == pytest.approx(start)
    assert window.doc.undo_stack.count() == 2


def test_a_saved_step_is_never_joined_by_a_later_press(qtbot, window, tmp_path):
    """Qt joins no press into the step the file was saved at: the file keeps it."""
    path = tmp_path / "g.json"
    press_r(qtbot, window, 2)
    assert window.files.save_to(str(path))
    press_r(qtbot, window, 1)
    assert window.doc.undo_stack.count() == 2 and window.doc.dirty
