"""Turning a unit with the rotate knob reads the turn so far and the facing, on
the board beside the unit and in the status bar, as a drag reads 'moved 5.97 in'
(docs/canvas.md, Editing)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tabletop_gui.examples import DEMO_BOARD
from tabletop_gui.io import load_game
from tabletop_gui.model.names import turned

from .helpers import at, open_window


@pytest.fixture
def window(qtbot):
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    window.scene.pieces["a-archers"].setSelected(True)
    QApplication.processEvents()
    assert window.view.handle.isVisible()
    return window


def press_knob(qtbot, window):
    knob = window.view.mapFromScene(window.view.handle.scenePos())
    qtbot.mousePress(window.view.viewport(), Qt.MouseButton.LeftButton, pos=knob)


def test_the_knob_reads_the_turn_and_the_facing_while_it_is_dragged(qtbot, window):
    unit = window.doc.state.scene.units["a-archers"]
    assert unit.facing == 0.0
    viewport, readout = window.view.viewport(), window.view.drag_readout
    press_knob(qtbot, window)
    qtbot.mouseMove(viewport, at(window, unit.x + 5, unit.y + 0.5))
    qtbot.mouseMove(viewport, at(window, unit.x + 5, unit.y))  # its front to +x: 270°
    assert readout.isVisible() and readout.lines == ["turned 90° right, facing 270°"]
    assert window.tools.measure_label.text() == "turned 90° right, facing 270°"
    qtbot.mouseMove(viewport, at(window, unit.x - 5, unit.y + 5))  # on to 45°
    assert readout.lines == ["turned 45° left, facing 45°"]
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(window, unit.x - 5, unit.y + 5))
    assert window.doc.state.scene.units["a-archers"].facing == pytest.approx(45.0)
    assert not readout.isVisible() and window.tools.measure_label.text() == ""
    assert window.doc.undo_stack.undoText() == "Rotate Bowmen 45° left"


def test_escape_takes_the_reading_away_with_the_turn(qtbot, window):
    unit = window.doc.state.scene.units["a-archers"]
    press_knob(qtbot, window)
    qtbot.mouseMove(window.view.viewport(), at(window, unit.x + 5, unit.y))
    assert window.view.drag_readout.isVisible()
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    assert not window.view.drag_readout.isVisible()
    assert window.doc.state.scene.units["a-archers"].facing == 0.0


def test_the_turn_is_worded_left_counter_clockwise_as_the_rotate_keys_turn():
    assert turned(0, 15) == "turned 15° left, facing 15°"
    assert turned(350, 20) == "turned 30° left, facing 20°"
    assert turned(0, 345) == "turned 15° right, facing 345°"
    assert turned(90, 270) == "turned 180°, facing 270°"
    assert turned(10, 10) == "not turned, facing 10°"
