"""The window shows a disputed figure with the digits that decide the ruling
(docs/measurement.md, "How many decimals"), and the Inspector shows a position
with the digits it has, so that retyping what it shows moves nothing.

A referee's board: the Hold the Ground centre (36, 24); "Hold 6.004" (a 4 x 4 in
unit at (44.004, 24)) is 6.004 in from it, "Hold 5.996" (at (28.004, 24)) 5.996
in; with two decimals both read "6.00 in"."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tabletop_gui.app.canvas.view import Tool
from tabletop_gui.app.export.range_report import Subject, report_lines
from tabletop_gui.model import InchBoard, ObjectiveSpec, Scene, Setup, Side, Unit
from tabletop_gui.model.annotations import Ruler
from tabletop_gui.model.events import MovePiece
from tabletop_gui.model.game import Game
from tabletop_gui.rules import evaluate

from .helpers import at, open_window

CENTRE = (36.0, 24.0)


def unit(uid: str, x: float, y: float = 24.0) -> Unit:
    return Unit(uid, uid, "a", x, y, base_width_mm=25.4, base_depth_mm=25.4, models=16,
                models_per_rank=4)  # fmt: skip


def edge_game() -> Game:
    units = [unit("Hold 6.004", 44.004), unit("Hold 5.996", 28.004), unit("Retyped", 20, 40.975)]
    scene = Scene(
        board=InchBoard(72, 48),
        sides=(Side("a", "Alpha", "#0072b2"), Side("b", "Bravo", "#d55e00")),
        units={u.id: u for u in units},
    )
    return Game(Setup("t9a", scene, objectives=(ObjectiveSpec("hold", "t9a.hold_the_ground"),)))


def select(window, piece_id: str) -> None:
    window.scene.clearSelection()
    window.scene.pieces[piece_id].setSelected(True)
    for _ in range(3):
        QApplication.processEvents()


def measure_to_centre(qtbot, window, piece_id: str) -> str:
    """Drag the measure tool from the unit to the centre; the reading shown."""
    u = window.doc.state.scene.units[piece_id]
    window.view.set_tool(Tool.MEASURE)
    vp = window.view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=at(window, u.x, u.y))
    qtbot.mouseMove(vp, at(window, (u.x + CENTRE[0]) / 2, u.y))
    qtbot.mouseMove(vp, at(window, *CENTRE))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=at(window, *CENTRE))
    return window.tools.measure_label.text()


def test_the_ruler_reads_6_004_in_outside_6_and_5_996_in_inside_6_not_6_00_for_both(qtbot):
    window = open_window(qtbot, edge_game())
    outside = measure_to_centre(qtbot, window, "Hold 6.004")
    assert outside.startswith("6.004 in to the centre point, 0.004 in outside 6")
    inside = measure_to_centre(qtbot, window, "Hold 5.996")
    assert inside.startswith("5.996 in to the centre point, 0.004 in inside 6")
    # The reading drawn by the line on the board says the same.
    assert window.view.measure_item.lines == [
        "5.996 in to the centre point",
        "0.004 in inside 6 (Hold the Ground: 6 in of the centre)",
    ]


def test_the_disputed_range_report_gives_5_996_in_and_0_004_in_inside_6(qtbot):
    window = open_window(qtbot, edge_game())
    ruler = Ruler("ruler-1", (28.004, 24.0), CENTRE, "Hold 5.996", None)
    state = window.doc.state
    lines = [t for t, _ in report_lines(state, evaluate(state), window.doc.annotations,
                                        Subject(ruler=ruler), (), "edge.json")]  # fmt: skip
    assert lines[1] == "5.996 in to the centre point"
    assert "Against: 0.004 in inside 6 (Hold the Ground: 6 in of the centre)" in lines


def test_where_it_scores_says_the_unit_6_004_in_away_is_0_004_in_short(qtbot):
    window = open_window(qtbot, edge_game())
    select(window, "Hold 6.004")
    qtbot.keyClick(window.view, Qt.Key.Key_W)
    lines = window.tools.regions.lines(window.doc.state.scene.units["Hold 6.004"])
    assert lines[0] == "Hold the Ground: 0.004 in short"
    assert "0.004 in short" in window.tools.regions_panel.text()


def test_the_inspector_shows_x_44_004_not_44(qtbot):
    window = open_window(qtbot, edge_game())
    select(window, "Hold 6.004")
    assert window.inspector.widgets["x"].text() == "44.004"
    assert window.inspector.widgets["y"].text() == "24"


def test_retyping_the_y_the_inspector_shows_moves_nothing_and_logs_nothing(qtbot):
    window = open_window(qtbot, edge_game())
    select(window, "Retyped")
    events = len(window.doc.timeline.events)
    shown = window.inspector.widgets["y"].text()
    assert shown == "40.975"
    window.inspector.edit("y", shown)
    QApplication.processEvents()
    assert window.doc.state.scene.units["Retyped"].y == 40.975
    assert len(window.doc.timeline.events) == events


def test_retyping_a_position_with_more_than_six_decimals_as_shown_moves_nothing(qtbot):
    # Shown to six decimals (a millionth of an inch, the rules' tolerance): the
    # text typed back is what the field showed, so it stands for the same value.
    window = open_window(qtbot, edge_game())
    window.doc.commit([MovePiece("Retyped", 20, 40.97512345)], "move")
    select(window, "Retyped")
    events = len(window.doc.timeline.events)
    assert window.inspector.widgets["y"].text() == "40.975123"
    window.inspector.edit("y", "40.975123")
    QApplication.processEvents()
    assert window.doc.state.scene.units["Retyped"].y == 40.97512345
    assert len(window.doc.timeline.events) == events
