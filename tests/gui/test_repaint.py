"""What the window shows after a drag is what a fresh repaint shows.

The view repaints only what changed (MinimalViewportUpdate): an item that paints
outside its bounding rect, or changes its painted area without telling the
scene, leaves stale pixels behind (the dashed trail of a selection box along a
drag's path). These tests drag pieces with the mouse, read the pixels the window
holds (the offscreen platform's backing store, which ``QScreen.grabWindow``
returns as they are), repaint the whole viewport and compare.
"""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game

from .helpers import at, open_window

#: A pixel differs when a channel differs by more than this (0-255).
TOLERANCE = 40


def shown_pixels(window) -> np.ndarray:
    """The viewport's pixels as the window holds them now (no repaint)."""
    for _ in range(3):
        QApplication.processEvents()
    viewport = window.view.viewport()
    top_left = viewport.mapTo(window, viewport.rect().topLeft())
    image = viewport.screen().grabWindow(window.winId()).toImage()
    image = image.copy(top_left.x(), top_left.y(), viewport.width(), viewport.height())
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    rows = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), image.bytesPerLine())
    return rows[:, : image.width() * 4].reshape(image.height(), image.width(), 4).copy()


def rested(window) -> None:
    """Wait until the zoom has rested: the kept pictures drawn sharp and the labels
    placed (lod_tiles.SETTLE_MS after the last zoom step). Without it, the settle
    could fire between the two grabs of ``stale_pixels`` on a slow machine and the
    sharp redraw be counted as stale pixels."""
    view = window.view
    for _ in range(250):
        for _ in range(3):
            QApplication.processEvents()  # the paints pending start their settle
        if window.scene.pictures_resting() and not view.label_timer.isActive():
            return
        QTest.qWait(20)
    raise AssertionError("the zoom never rested")


def stale_pixels(window) -> int:
    """How many viewport pixels differ from a full repaint of the same scene."""
    rested(window)
    shown = shown_pixels(window)
    window.view.viewport().repaint()
    fresh = shown_pixels(window)
    assert shown.shape == fresh.shape
    return int((np.abs(shown.astype(int) - fresh.astype(int)).max(axis=2) > TOLERANCE).sum())


def drag(qtbot, window, piece_id: str, to: tuple[float, float], steps: int = 20) -> None:
    """Press on the piece, move the mouse to board point ``to`` in steps, release."""
    piece = window.doc.state.scene.piece(piece_id)
    viewport = window.view.viewport()
    x0, y0 = piece.x, piece.y
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(window, x0, y0))
    for i in range(1, steps + 1):
        t = i / steps
        qtbot.mouseMove(viewport, at(window, x0 + (to[0] - x0) * t, y0 + (to[1] - y0) * t))
        QApplication.processEvents()
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(window, *to))


def test_the_comparison_sees_a_trail_when_an_item_paints_outside_its_rect(demo, qtbot, monkeypatch):
    """The check can fail: with units claiming only their footprint as bounding rect
    (the selection box and names outside it) and no antialiasing pad, a drag
    leaves pixels a full repaint does not have."""
    from PySide6.QtWidgets import QGraphicsView

    from tabletop_gui.app.canvas.items import UnitItem

    monkeypatch.setattr(UnitItem, "outer_rect", lambda self: self.path.boundingRect())
    flag = QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing
    demo.view.setOptimizationFlag(flag, True)
    demo.scene.board = None  # rebuild every item with the narrow rect
    demo.board.refresh()
    demo.view.zoom(2.0, at(demo, 30, 24))
    demo.scene.piece_item("b-boyz").setSelected(True)
    drag(qtbot, demo, "b-boyz", (20.0, 20.0))
    assert stale_pixels(demo) > 50


@pytest.mark.parametrize("zoom", [1.0, 2.0])
def test_dragging_a_selected_block_leaves_no_trail_of_its_selection_box(demo, qtbot, zoom):
    """Orc Boyz (25 models, 5 wide) dragged 16 in to the lower left: the dashed
    selection box stood outside the unit's bounding rect and left its edges behind."""
    if zoom != 1.0:
        demo.view.zoom(zoom, at(demo, 30, 24))
    demo.scene.piece_item("b-boyz").setSelected(True)
    drag(qtbot, demo, "b-boyz", (20.0, 20.0))
    assert demo.doc.state.scene.units["b-boyz"].x == pytest.approx(20.0, abs=0.2)
    assert stale_pixels(demo) == 0


def test_dragging_a_unit_that_changes_roles_leaves_nothing_behind(demo, qtbot):
    """The Peasant Levy leave the 6 in circle: their role band, badge and the note
    under their name change during the drag; none of it may stay on the board."""
    demo.view.zoom(1.5, at(demo, 36, 20))
    demo.scene.piece_item("a-peasants").setSelected(True)
    drag(qtbot, demo, "a-peasants", (30.0, 10.0))
    assert stale_pixels(demo) == 0


def test_dragging_across_zones_and_areas_keeps_their_dashes_where_they_were(qtbot):
    """A unit dragged over deployment zones and a hatched area: the parts of their
    dashed edges repainted under the piece match the rest of the dash pattern."""
    window = open_window(qtbot, load_game(str(SCENARIOS / "t9a_encircle_king_of_the_hill.json")))
    window.view.zoom(2.0, at(window, 30, 30))
    for uid in ("b-goblins", "b-orcs"):
        unit = window.doc.state.scene.units[uid]
        window.scene.clearSelection()
        window.scene.piece_item(uid).setSelected(True)
        drag(qtbot, window, uid, (unit.x - 8, unit.y - 8))
        assert stale_pixels(window) == 0, uid


def test_dragging_a_unit_on_a_hex_board_leaves_no_trail(qtbot):
    window = open_window(qtbot, load_game(str(SCENARIOS / "hex_hochkirch_ridge_demo.json")))
    scene = window.doc.state.scene
    unit = next(u for u in scene.units.values() if u.on_table)
    window.scene.piece_item(unit.id).setSelected(True)
    window.doc.look_at(None)
    # Moving may be refused (the battle is won): the drag is still painted and undone.
    drag(qtbot, window, unit.id, (unit.x + 3, unit.y - 4))
    assert stale_pixels(window) == 0


def test_idle_units_drawn_by_one_batch_item_look_as_when_each_paints_itself(demo, qtbot):
    """The batch (one item for every idle unit) draws the same picture as the units'
    own items; a selected unit leaves the batch and paints itself."""
    from tabletop_gui.app.canvas.unit_batch import UnitBatch

    scene = demo.scene
    assert scene.batch_units
    idle = [it for it in scene.pieces.values() if it.kind == "unit" and UnitBatch.idle(it)]
    assert idle and {id(it) for it, *_ in scene.batch.members} == {id(it) for it in idle}
    demo.view.zoom(1.5, at(demo, 36, 24))
    scene.forget_pictures()  # as once the zoom rests: the batch drawn sharp at this scale
    demo.view.viewport().repaint()
    batched = shown_pixels(demo)
    scene.batch_units = False
    scene.sync_batch()
    assert scene.batch.members == ()
    demo.view.viewport().repaint()
    alone = shown_pixels(demo)
    differ = (np.abs(batched.astype(int) - alone.astype(int)).max(axis=2) > TOLERANCE).sum()
    assert differ == 0
    scene.batch_units = True
    scene.sync_batch()
    giant = scene.piece_item("b-giant")
    assert any(it is giant for it, *_ in scene.batch.members)
    giant.setSelected(True)
    assert not any(it is giant for it, *_ in scene.batch.members)
    assert stale_pixels(demo) == 0


def test_the_drag_readout_leaves_nothing_behind_while_the_drag_turns(demo, qtbot):
    """Mid-drag (not released) the readout's line and reading move on every mouse
    move: the Shaman (a small base, so its own repaint covers little of the line)
    dragged 20 in straight down, then swung 12 in sideways, then back. The window
    shows what a fresh repaint shows (the line repaints only the strips whose part
    of it moved: straight on the last ones, swinging most of them)."""
    viewport = demo.view.viewport()
    unit = demo.doc.state.scene.units["b-shaman"]
    x0, y0 = unit.x, unit.y
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(demo, x0, y0))
    path = [(x0, y0 - 2 * i) for i in range(1, 11)]
    path += [(x0 + 1.5 * i, y0 - 20) for i in range(1, 9)]
    path += [(x0 + 12 - i, y0 - 20 + i) for i in range(1, 6)]
    for x, y in path:
        qtbot.mouseMove(viewport, at(demo, x, y))
        QApplication.processEvents()
        assert demo.view.drag_readout.isVisible()
    assert stale_pixels(demo) == 0
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(demo, *path[-1]))
    assert not demo.view.drag_readout.isVisible() and demo.view.drag_readout.line.ends is None
    assert stale_pixels(demo) == 0


def test_kept_pictures_are_drawn_again_when_antialiasing_is_switched(qtbot):
    """Above 300 pieces the view draws without antialiasing. Zones, terrain,
    markers and circles are kept as pictures: switched, they must be drawn
    again, not shown as they were drawn with the other setting."""
    window = open_window(qtbot, load_game(SCENARIOS / "t9a_encircle_king_of_the_hill.json"))
    window.resize(1200, 800)
    QApplication.processEvents()
    window.view.viewport().repaint()
    for pieces in (1000, 10):  # antialiasing off, then on again
        window.view.update_quality(pieces)
        window.view.viewport().repaint()
        shown = shown_pixels(window)
        kept = [i for i in window.scene.items() if i.cacheMode() != i.CacheMode.NoCache]
        assert kept
        for item in kept:  # pictures thrown away and kept afresh
            item.setCacheMode(item.CacheMode.NoCache)
            item.setCacheMode(item.CacheMode.DeviceCoordinateCache)
        window.view.viewport().repaint()
        fresh = shown_pixels(window)
        differ = (np.abs(shown.astype(int) - fresh.astype(int)).max(axis=2) > TOLERANCE).sum()
        assert differ < 50, f"{differ} pixels as drawn with the other setting"
