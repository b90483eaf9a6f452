"""Dragging while looking back at an earlier moment: the board is read-only
there (docs/playing.md, The game log and the timeline), so the move is refused
and the drag's reading shows no distance, never the way from the present to the
moment shown."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tabletop_gui.examples import DEMO_BOARD
from tabletop_gui.io import load_game

from .helpers import at, open_window


def test_a_drag_while_looking_back_reads_no_distance_and_moves_nothing(qtbot):
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    doc, viewport, readout = window.doc, window.view.viewport(), window.view.drag_readout
    present = doc.committed.scene.units["a-knights"]
    doc.look_at(0)
    then = doc.state.scene.units["a-knights"]
    assert (then.x, then.y) != (present.x, present.y)  # the Knights moved since
    events = len(doc.timeline)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(window, then.x, then.y))
    for step in range(1, 6):
        qtbot.mouseMove(viewport, at(window, then.x + step, then.y))
        QApplication.processEvents()
        assert not readout.isVisible()
        assert window.tools.measure_label.text() == ""
    assert "read-only" in window.statusBar().currentMessage()
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(window, then.x + 5, then.y))
    assert len(doc.timeline) == events and doc.looking_back
    shown = doc.state.scene.units["a-knights"]
    assert (shown.x, shown.y) == (then.x, then.y)
    assert "Refused" in window.statusBar().currentMessage()


def test_a_drag_at_the_present_reads_the_distance_from_where_it_began(qtbot):
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    viewport, readout = window.view.viewport(), window.view.drag_readout
    unit = window.doc.state.scene.units["a-knights"]
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(window, unit.x, unit.y))
    qtbot.mouseMove(viewport, at(window, unit.x - 1, unit.y))
    qtbot.mouseMove(viewport, at(window, unit.x - 2, unit.y))
    assert readout.isVisible() and readout.lines[0].startswith("moved ")
    # 2 in, to the pixel the mouse could be put on
    assert abs(float(readout.lines[0].split()[1]) - 2.0) < 0.1
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(window, unit.x - 2, unit.y))


def test_turning_with_the_knob_while_looking_back_reads_no_turn_and_turns_nothing(qtbot):
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    doc, viewport, readout = window.doc, window.view.viewport(), window.view.drag_readout
    doc.look_at(0)
    window.scene.pieces["a-archers"].setSelected(True)
    QApplication.processEvents()
    unit = doc.state.scene.units["a-archers"]
    knob = window.view.mapFromScene(window.view.handle.scenePos())
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=knob)
    qtbot.mouseMove(viewport, at(window, unit.x + 5, unit.y + 0.5))
    qtbot.mouseMove(viewport, at(window, unit.x + 5, unit.y))
    assert not readout.isVisible() and window.tools.measure_label.text() == ""
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(window, unit.x + 5, unit.y))
    assert doc.state.scene.units["a-archers"].facing == unit.facing and doc.looking_back
