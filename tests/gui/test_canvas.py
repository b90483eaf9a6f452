"""The editing canvas driven through its real widgets (offscreen, pytest-qt).

The demo board after its log: Equitaine has 2 Scoring Units within 6 in of the
centre (36, 24), the Orcs 1 (Orc Boyz); the Wolf Riders stand at (52, 34).
"""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tabletop_gui.app.canvas.overlays import CircleOverlay
from tabletop_gui.app.canvas.view import Tool
from tabletop_gui.app.panels.score_panel import COL_COUNTS, COL_NAME, COL_REASON
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.geometry.outline import distance_3d, distance_to_point, unit_outline
from tabletop_gui.io import load_game
from tabletop_gui.model.events import MovePiece
from tabletop_gui.rules.scoreboard import Role
from tabletop_gui.rules.t9a.fields import FLEEING

from .helpers import at, drop


def scene_snapshot(window) -> dict:
    """What the canvas shows: every piece item's position and model value, and the overlays."""
    items = {pid: (round(it.pos().x(), 9), round(it.pos().y(), 9), it.piece, it.marks)
             for pid, it in window.scene.pieces.items()}  # fmt: skip
    overlays = sorted(repr(k) for k in window.scene._overlays)
    return {"items": items, "overlays": overlays, "score": list(window.score_panel.rows)}


def test_demo_window_shows_every_piece_and_one_score_row_per_objective(demo):
    scene = demo.doc.state.scene
    n = len(scene.units) + len(scene.markers) + len(scene.terrain) + len(scene.zones)
    assert len(demo.scene.pieces) == n
    assert demo.score_panel.cell(0, COL_NAME) == "Hold the Ground"
    assert "Equitaine 2, Orcs 1" in demo.score_panel.cell(0, COL_REASON)
    # The Hold the Ground radius is drawn from the scoreboard's Circle highlight.
    assert [o.circle.radius for o in demo.scene.overlay_items()] == [6.0]


def test_side_a_long_edge_is_drawn_at_the_bottom(demo):
    # Board y = 0 (side A's edge) maps to the bottom of the view, y = 48 to the top.
    low, high = at(demo, 36, 1), at(demo, 36, 47)
    assert low.y() > high.y()


def test_unit_dropped_from_the_palette_lands_where_dropped_as_one_undo_step(demo):
    demo.palette_panel.side_box.setCurrentIndex(demo.palette_panel.side_box.findData("orcs"))
    before = set(demo.doc.state.scene.units)
    assert drop(demo, demo.palette_panel.mime_for("unit", "t9a-25x25"), 60.0, 30.0)
    new = set(demo.doc.state.scene.units) - before
    assert len(new) == 1
    unit = demo.doc.state.scene.units[new.pop()]
    assert unit.side == "orcs"
    assert (unit.base_width_mm, unit.base_depth_mm) == (25, 25)
    assert math.hypot(unit.x - 60, unit.y - 30) < 0.2  # within a pixel or two
    assert demo.doc.undo_stack.count() == 1
    assert demo.scene.pieces[unit.id].isSelected()


def test_a_drop_without_palette_data_is_ignored(demo):
    from PySide6.QtCore import QMimeData

    mime = QMimeData()
    mime.setText("hello")
    assert not drop(demo, mime, 30, 30)
    assert demo.doc.undo_stack.count() == 0


def test_dragging_a_unit_into_6_in_of_the_centre_updates_the_score_during_the_drag(demo, qtbot):
    """The Wolf Riders (Orcs, Scoring) move from (52, 34) to (42, 27): their footprint
    comes within 6 in of the centre, so the Orcs have 2 near the centre, level with
    Equitaine: 'equal numbers: no counter' BEFORE the mouse is released."""
    wolves = demo.doc.state.scene.units["b-wolves"]
    viewport = demo.view.viewport()
    assert "Orcs 1" in demo.score_panel.cell(0, COL_REASON)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(demo, wolves.x, wolves.y))
    for i in range(1, 6):
        t = i / 5
        x, y = wolves.x + (42 - wolves.x) * t, wolves.y + (27 - wolves.y) * t
        qtbot.mouseMove(viewport, at(demo, x, y))
    # Mid-drag: provisional state shown, nothing pushed yet.
    assert demo.doc.provisional is not None
    assert demo.doc.undo_stack.count() == 0
    reason = demo.score_panel.cell(0, COL_REASON)
    assert "Equitaine 2, Orcs 2" in reason and "equal numbers" in reason
    # Equal numbers: the units there contest the centre (docs/t9a.md, Hold the Ground).
    assert demo.scene.pieces["b-wolves"].roles() == {Role.CONTESTED}
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(demo, 42, 27))
    # Released: ONE undo step holding one MovePiece.
    assert demo.doc.provisional is None
    assert demo.doc.undo_stack.count() == 1
    moved = demo.doc.state.scene.units["b-wolves"]
    assert demo.doc.timeline.events[-1] == MovePiece("b-wolves", moved.x, moved.y)
    assert math.hypot(moved.x - 42, moved.y - 27) < 0.2
    assert "Orcs 2" in demo.score_panel.cell(0, COL_REASON)
    assert demo.edit.undo_action.text().endswith("Move Wolf Riders")


def test_rotate_with_the_keyboard_and_with_the_handle(demo, qtbot):
    item = demo.scene.pieces["a-archers"]
    item.setSelected(True)
    demo.view.setFocus()
    qtbot.keyClick(demo.view, Qt.Key.Key_R)
    assert demo.doc.state.scene.units["a-archers"].facing == 15.0
    qtbot.keyClick(demo.view, Qt.Key.Key_R, Qt.KeyboardModifier.ShiftModifier)
    assert demo.doc.state.scene.units["a-archers"].facing == 0.0
    # The handle: drag it to a point due +x of the unit: the front then faces +x (270°).
    QApplication.processEvents()
    assert demo.view.handle.isVisible()
    handle = demo.view.mapFromScene(demo.view.handle.scenePos())
    unit = demo.doc.state.scene.units["a-archers"]
    viewport = demo.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=handle)
    qtbot.mouseMove(viewport, at(demo, unit.x + 5, unit.y + 0.5))
    qtbot.mouseMove(viewport, at(demo, unit.x + 5, unit.y))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(demo, unit.x + 5, unit.y))
    assert demo.doc.state.scene.units["a-archers"].facing == pytest.approx(270.0, abs=1.0)
    assert demo.doc.undo_stack.count() == 3  # two key presses and one handle drag


def test_the_rotate_handle_tooltip_names_the_keys_the_edit_menu_binds(demo):
    """The handle's tooltip lists the four rotate shortcuts of Edit, each with its
    step (R / Shift+R 15°, Alt+R / Alt+Shift+R 1°): the keys a user reads there work."""
    tip = demo.view.handle.toolTip()
    rotates = [a for a in demo.edit.edit_actions if a.text().replace("&", "").startswith("Rotate")]
    assert len(rotates) == 4
    for action in rotates:
        keys = action.shortcut().toString()
        step = action.text().split()[-1]  # "15°" or "1°"
        assert keys in tip, f"{keys} missing from {tip!r}"
        assert step in tip
    assert "Shift+R: 15° / 1°" not in tip


def test_inspector_edits_a_property_and_refuses_an_invalid_value_with_a_message(demo):
    demo.scene.pieces["a-peasants"].setSelected(True)
    inspector = demo.inspector
    assert inspector.widgets["name"].text() == "Peasant Levy"
    inspector.edit("models", "30")
    assert demo.doc.state.scene.units["a-peasants"].models == 30
    steps = demo.doc.undo_stack.count()
    inspector.edit("models", "0")
    assert demo.doc.state.scene.units["a-peasants"].models == 30
    assert "Models" in inspector.message.text() and "must be >= 1" in inspector.message.text()
    assert inspector.widgets["models"].text() == "30"  # reverted
    inspector.edit("base_width_mm", "wide")
    assert "expected a number" in inspector.message.text()
    assert demo.doc.undo_stack.count() == steps
    inspector.widgets["fleeing"].setChecked(True)  # a flag: the unit stops counting
    assert FLEEING.of(demo.doc.state.scene.units["a-peasants"])
    assert "Equitaine 1" in demo.score_panel.cell(0, COL_REASON)


def test_undo_and_redo_return_to_the_exact_earlier_scene(demo, qtbot):
    start_scene = demo.doc.state.scene
    start_view = scene_snapshot(demo)
    # A drop, a drag, a rotation, an inspector edit, a duplicate, a side change, a delete.
    assert drop(demo, demo.palette_panel.mime_for("unit", "t9a-50x50"), 20.0, 20.0)
    viewport = demo.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(demo, 52, 34))
    qtbot.mouseMove(viewport, at(demo, 48, 30))
    qtbot.mouseMove(viewport, at(demo, 45, 28))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(demo, 45, 28))
    demo.edit.rotate_selected(45)
    demo.inspector.edit("name", "Wolf Pack")
    demo.edit.duplicate_selected()
    demo.edit.change_side()
    demo.scene.clearSelection()
    demo.scene.pieces["b-giant"].setSelected(True)
    demo.edit.delete_selected()
    assert demo.doc.undo_stack.count() == 7
    end_scene = demo.doc.state.scene
    end_view = scene_snapshot(demo)
    assert end_scene != start_scene
    demo.view.setFocus()
    qtbot.keyClick(demo.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # the key
    assert demo.doc.undo_stack.index() == 6
    for _ in range(6):
        demo.edit.undo_action.trigger()
    assert demo.doc.state.scene == start_scene
    assert scene_snapshot(demo) == start_view
    # Once more: the file's own events are not on the stack, and the key says so
    # (docs/canvas.md, Editing).
    qtbot.keyClick(demo.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert demo.statusBar().currentMessage().startswith("Nothing left to undo")
    assert demo.doc.state.scene == start_scene
    for _ in range(7):
        demo.edit.redo_action.trigger()
    assert demo.doc.state.scene == end_scene
    assert scene_snapshot(demo) == end_view


def test_measure_between_two_units_reads_the_edge_to_edge_distance_without_a_rule_margin(
    demo, qtbot
):
    demo.view.set_tool(Tool.MEASURE)
    scene = demo.doc.state.scene
    a, b = scene.units["a-knights"], scene.units["b-boyz"]
    viewport = demo.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(demo, a.x, a.y))
    qtbot.mouseMove(viewport, at(demo, b.x, b.y))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(demo, b.x, b.y))
    expected = distance_3d(unit_outline(a), unit_outline(b))
    m = demo.view.measurement
    assert m is not None and m.distance == pytest.approx(expected, abs=1e-9)
    # No rule measures unit to unit on this board: the distance alone, no margin.
    assert demo.tools.measure_label.text() == f"{expected:.2f} in"
    qtbot.keyClick(demo.view, Qt.Key.Key_Escape)
    assert demo.view.measurement is None


def test_measure_from_a_unit_to_the_board_centre_gives_the_hold_the_ground_margin(demo, qtbot):
    demo.view.set_tool(Tool.MEASURE)
    a = demo.doc.state.scene.units["a-knights"]
    viewport = demo.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(demo, a.x, a.y))
    # Released a hair off the centre: the end snaps to the rule's centre point.
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(demo, 36.1, 24.05))
    expected = distance_to_point(unit_outline(a), 36, 24)
    assert demo.view.measurement.distance == pytest.approx(expected, abs=1e-9)
    assert f"{6 - expected:.2f} in inside 6" in demo.tools.measure_label.text()


def test_secure_target_is_measured_to_the_marker_centre_not_its_edge():
    from tabletop_gui.play.measure import measure_between
    from tabletop_gui.rules import evaluate, replay

    game = load_game(SCENARIOS / "t9a_frontline_clash_secure_target.json")
    state = replay(game.setup, game.events)
    scene = state.scene
    marker = next(m for m in scene.markers.values() if m.kind == "t9a.secure_target")
    unit = next(iter(scene.units.values()))
    m = measure_between(scene, evaluate(state), unit.id, (unit.x, unit.y), marker.id,
                        (marker.x, marker.y))  # fmt: skip
    expected = distance_to_point(unit_outline(unit), marker.x, marker.y)
    assert m.distance == pytest.approx(expected, abs=1e-9)
    assert "to the centre of" in m.text
    assert (f"{6 - expected:.2f} in inside 6" in m.text) or (
        f"{expected - 6:.2f} in outside 6" in m.text
    )


def test_carnevale_objective_is_measured_edge_to_edge_in_3d_with_the_3_in_margin():
    from tabletop_gui.geometry import marker_outline
    from tabletop_gui.play.measure import measure_between
    from tabletop_gui.rules import evaluate, replay

    game = load_game(SCENARIOS / "carnevale_drowned_quarter.json")
    state = replay(game.setup, game.events)
    scene = state.scene
    board = evaluate(state)
    marker = next(m for m in scene.markers.values() if m.on_table and not m.destroyed)
    unit = next(u for u in scene.units.values() if not u.removed)
    m = measure_between(scene, board, unit.id, (unit.x, unit.y), marker.id, (marker.x, marker.y))
    expected = distance_3d(unit_outline(unit), marker_outline(marker))
    assert m.distance == pytest.approx(expected, abs=1e-9)
    margin = 3 - expected
    word = "inside" if margin > 0 else "outside"
    assert f"{abs(margin):.2f} in {word} 3" in m.text


def test_measure_text_reads_exactly_at_the_threshold_and_outside_it():
    from tabletop_gui.play.measure import Threshold, measure_text

    six, three = Threshold(6.0), Threshold(3.0)
    assert measure_text(5.97, (six,)) == "5.97 in, 0.03 in inside 6"
    assert measure_text(6.0, (six,)) == "6.00 in, exactly 6 (within)"
    assert measure_text(7.5, (three, six)) == "7.50 in, 4.50 in outside 3, 1.50 in outside 6"


def test_selecting_a_score_row_highlights_its_units_and_dims_the_rest(demo):
    demo.score_panel.select_objective("hold")
    items = demo.scene.pieces
    assert items["a-knights"].focus == 1 and items["b-boyz"].focus == 1
    assert items["a-archers"].focus == -1
    demo.score_panel.select_objective(None)
    assert items["a-knights"].focus == 0


def test_counts_column_follows_the_counters(demo):
    assert demo.score_panel.cell(0, COL_COUNTS) == "counters: Equitaine 0 · Orcs 0"


def test_a_deployment_type_preset_replaces_the_zones_in_one_undo_step(demo):
    assert drop(demo, demo.palette_panel.mime_for("deployment", "counterthrust"), 36, 24)
    zones = demo.doc.state.scene.zones
    a_zone = next(z for z in zones.values() if z.side == "equitaine")
    assert max(y for _, y in a_zone.polygon) == pytest.approx(16.0)  # more than 8 in from y = 24
    assert demo.doc.undo_stack.count() == 1
    demo.edit.undo_action.trigger()
    assert max(y for _, y in demo.doc.state.scene.zones["zone-a"].polygon) == 12


def test_terrain_polygon_drawn_point_by_point(demo, qtbot):
    demo.view.set_tool(Tool.TERRAIN)
    demo.palette_panel.impassable.setChecked(True)
    viewport = demo.view.viewport()
    for x, y in ((60, 20), (66, 20), (66, 26)):
        qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=at(demo, x, y))
    qtbot.keyClick(demo.view, Qt.Key.Key_Return)
    new = [t for t in demo.doc.state.scene.terrain.values() if t.id.startswith("terrain")]
    assert len(new) == 1 and new[0].impassable and len(new[0].polygon) == 3
    assert demo.doc.undo_stack.count() == 1


def test_on_a_hex_board_a_dropped_unit_snaps_to_the_hex_centre(qtbot):
    from tabletop_gui.model import HexBoard, Scene, Setup, Side
    from tabletop_gui.model.game import Game

    from .helpers import open_window

    board = HexBoard()
    scene = Scene(board=board, sides=(Side("a", "A"), Side("b", "B", "#d55e00")))
    window = open_window(qtbot, Game(Setup("hex", scene, "hex test")))
    assert drop(window, window.palette_panel.mime_for("unit", "hex-infantry"), 5.3, 4.1)
    unit = next(iter(window.doc.state.scene.units.values()))
    hx = board.point_to_hex(5.3, 4.1)
    assert (unit.x, unit.y) == pytest.approx(board.hex_to_point(hx))


def test_render_writes_png_svg_and_pdf_of_the_demo(tmp_path):
    from PySide6.QtGui import QImage

    from tabletop_gui.app.export.render import render_file
    from tabletop_gui.examples import DEMO_BOARD
    from tabletop_gui.io import load_game
    from tabletop_gui.rules import replay

    game = load_game(str(DEMO_BOARD))
    state = replay(game.setup, game.events)
    for suffix in ("png", "svg", "pdf"):
        out = tmp_path / f"board.{suffix}"
        render_file(state, str(out), width=900)
        assert out.stat().st_size > 1000
    assert QImage(str(tmp_path / "board.png")).width() == 900
    with pytest.raises(ValueError, match="must end in"):
        render_file(state, str(tmp_path / "board.bmp"))


def test_a_range_caption_near_the_right_board_edge_is_drawn_inside_the_board(qtbot):
    # Secure Target scenario: move the Orcs' marker 7 in from the right edge, where a
    # caption on the circle's right would run off the board (and out of the view).
    from .helpers import open_window

    game = load_game(SCENARIOS / "t9a_frontline_clash_secure_target.json")
    window = open_window(qtbot, game)
    window.play.perform([MovePiece("st-b", 65.0, 18.0)], "Move Orcs' target")
    QApplication.processEvents()
    circles = [o for o in window.scene._overlays.values() if isinstance(o, CircleOverlay)]
    caption_rects = {
        o.circle.label: o.mapRectToScene(o.boundingRect()) for o in circles if o.show_label
    }
    board_right = window.scene.bmap.to_scene(72, 0).x()
    assert len(caption_rects) == 2
    for label, rect in caption_rects.items():
        assert rect.right() <= board_right + 0.5, label


def test_a_position_past_the_table_edge_is_refused_naming_the_edge_and_the_piece_once(demo):
    demo.scene.clearSelection()
    demo.scene.pieces["a-archers"].setSelected(True)
    QApplication.processEvents()
    demo.inspector.edit("x", "71.5")
    slot = demo.inspector.message.text()
    assert slot.startswith("x (in): refused, its base (")
    assert "past the right edge of the 72 x 48 in board" in slot
    status = demo.statusBar().currentMessage()
    assert status.startswith("Refused: Bowmen: x (in): its base (")  # the one Bowmen: no id
    assert status.count("Bowmen") == 1 and "a-archers" not in status
    assert demo.doc.state.scene.units["a-archers"].x != 71.5


def test_a_drag_past_the_board_edge_stops_the_unit_at_the_edge(demo, qtbot):
    """(docs/canvas.md, Editing): the Wolf Riders dragged right past the table's
    edge end touching it, and one step more each way slides them along it."""
    from tabletop_gui.model.bounds import half_extents

    wolves = demo.doc.state.scene.units["b-wolves"]  # at (52, 34), 72 x 48 board
    hx, _ = half_extents(wolves)
    viewport = demo.view.viewport()
    demo.view.fit_board()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(demo, wolves.x, wolves.y))
    for x in (56, 60, 64, 68, 80):  # the last steps' footprint would be off the board
        qtbot.mouseMove(viewport, at(demo, x, wolves.y))
    qtbot.mouseMove(viewport, at(demo, 80, wolves.y - 3))  # along the edge
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(demo, 80, wolves.y - 3))
    moved = demo.doc.state.scene.units["b-wolves"]
    assert moved.x + hx == pytest.approx(72, abs=1e-6)
    assert moved.y == pytest.approx(wolves.y - 3, abs=0.2)
    assert demo.doc.undo_stack.count() == 1
    assert not demo.statusBar().currentMessage().startswith("Not allowed")


def test_a_unit_near_the_edge_dragged_past_it_in_one_step_still_moves_to_it(demo, qtbot):
    """The trial: 0.55 in from the right edge, the first step of a drag was
    already past it, and the unit was not moved at all ("moved 0.00 in")."""
    from tabletop_gui.model.bounds import half_extents

    levy = demo.doc.state.scene.units["a-peasants"]
    hx, _ = half_extents(levy)
    demo.play.perform([MovePiece("a-peasants", 72 - hx - 0.55, levy.y)], "Move Peasant Levy")
    levy = demo.doc.state.scene.units["a-peasants"]
    viewport = demo.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(demo, levy.x, levy.y))
    qtbot.mouseMove(viewport, at(demo, levy.x + 4, levy.y))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(demo, levy.x + 4, levy.y))
    assert demo.doc.state.scene.units["a-peasants"].x + hx == pytest.approx(72, abs=1e-6)
