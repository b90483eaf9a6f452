"""Drawing a terrain polygon or a deployment zone point by point on the real
canvas (the polygon gesture): a click adds a point, a right-click takes the last
one back, Enter or a double-click adds the piece as one undo step, Escape or
another tool drops it and leaves nothing on the board."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tabletop_gui.app.canvas.tool_items import PolygonPreview
from tabletop_gui.app.canvas.view import Tool

from .helpers import at


def click(qtbot, window, x: float, y: float, button=Qt.MouseButton.LeftButton) -> None:
    qtbot.mouseClick(window.view.viewport(), button, pos=at(window, x, y))


def previews(window) -> list[PolygonPreview]:
    return [i for i in window.scene.items() if isinstance(i, PolygonPreview)]


def new_terrain(window) -> list:
    return [t for t in window.doc.state.scene.terrain.values() if t.id.startswith("terrain")]


@pytest.fixture
def drawing(demo):
    demo.view.set_tool(Tool.TERRAIN)
    return demo


def test_a_right_click_takes_the_last_point_back(drawing, qtbot):
    for x, y in ((60, 20), (66, 20), (70, 30), (66, 26)):
        click(qtbot, drawing, x, y)
    click(qtbot, drawing, 66, 26, Qt.MouseButton.RightButton)  # (66, 26) goes
    qtbot.keyClick(drawing.view, Qt.Key.Key_Return)
    (terrain,) = new_terrain(drawing)
    assert [tuple(round(c) for c in p) for p in terrain.polygon] == [(60, 20), (66, 20), (70, 30)]
    assert drawing.doc.undo_stack.count() == 1
    assert previews(drawing) == [], "the preview leaves the board with the gesture"


def test_the_preview_follows_the_points_and_the_mouse(drawing, qtbot):
    click(qtbot, drawing, 60, 20)
    click(qtbot, drawing, 66, 20)
    qtbot.mouseMove(drawing.view.viewport(), at(drawing, 66, 30))
    (preview,) = previews(drawing)
    bmap = drawing.scene.bmap
    assert [bmap.to_board(p) for p in preview.points] == [
        pytest.approx((60, 20), abs=0.2),
        pytest.approx((66, 20), abs=0.2),
    ]
    assert preview.cursor_at is not None
    assert bmap.to_board(preview.cursor_at) == pytest.approx((66, 30), abs=0.2)


def test_escape_drops_the_polygon_and_adds_nothing(drawing, qtbot):
    click(qtbot, drawing, 60, 20)
    click(qtbot, drawing, 66, 20)
    qtbot.keyClick(drawing.view, Qt.Key.Key_Escape)
    assert previews(drawing) == []
    assert drawing.view.tool is Tool.TERRAIN, "one Escape drops the polygon, not the tool"
    qtbot.keyClick(drawing.view, Qt.Key.Key_Return)  # nothing left to finish
    assert new_terrain(drawing) == []
    assert drawing.doc.undo_stack.count() == 0


def test_another_tool_drops_the_polygon(drawing, qtbot):
    click(qtbot, drawing, 60, 20)
    click(qtbot, drawing, 66, 20)
    drawing.view.set_tool(Tool.SELECT)
    assert previews(drawing) == []
    assert drawing.doc.undo_stack.count() == 0


def test_taking_back_every_point_leaves_nothing_drawn(drawing, qtbot):
    click(qtbot, drawing, 60, 20)
    click(qtbot, drawing, 66, 20, Qt.MouseButton.RightButton)
    assert previews(drawing) == []
    assert drawing.view.drawing is None


def test_a_double_click_finishes_a_deployment_zone_for_the_chosen_side(demo, qtbot):
    demo.view.set_tool(Tool.ZONE)
    zones_before = set(demo.doc.state.scene.zones)
    for x, y in ((4, 20), (20, 20), (12, 30)):
        click(qtbot, demo, x, y)
    # A double-click's first press added (12, 30); Qt sends the second as a double-click.
    qtbot.mouseDClick(demo.view.viewport(), Qt.MouseButton.LeftButton, pos=at(demo, 12, 30))
    added = [z for zid, z in demo.doc.state.scene.zones.items() if zid not in zones_before]
    assert len(added) == 1
    assert added[0].side == demo.palette_panel.side()
    assert len(added[0].polygon) == 3
    assert added[0].polygon[-1] == pytest.approx((12, 30), abs=0.2)
    assert demo.doc.undo_stack.count() == 1
