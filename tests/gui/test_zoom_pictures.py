"""Zoom bands (app/canvas/lod_tiles.py): a zoom step draws the kept pictures of
the unit batches and the background with the view's transform, and once the
zoom rests the board is drawn sharp again, pixel for pixel what a fresh drawing
at that scale shows."""

from __future__ import annotations

import numpy as np
import shiboken6
from PySide6.QtCore import QPoint, Qt

from tabletop_gui.app.canvas.lod_tiles import SETTLE_MS, ZOOM_BAND
from tabletop_gui.app.windows.main_window import MainWindow
from tabletop_gui.examples import DEMO_BOARD
from tabletop_gui.io import load_game

from .test_repaint import shown_pixels


def scales(window) -> set[float]:
    scene = window.view.board_scene
    out: set[float] = set()
    for batch in scene.batches:
        assert batch.pictures is not None
        out |= batch.pictures.scales()
    assert scene._background is not None
    return out | scene._background.scales()


def test_a_zoom_step_draws_the_kept_pictures_until_the_zoom_rests_then_sharp(demo, qtbot):
    view = demo.view
    view.viewport().repaint()
    before = view.pixels_per_inch()
    assert scales(demo) == {before}
    view.zoom(1.15, QPoint(300, 300))  # one wheel notch: within the band
    view.viewport().repaint()
    assert scales(demo) == {before}, "the step reused the pictures drawn at the old scale"
    qtbot.wait(3 * SETTLE_MS)
    view.viewport().repaint()
    now = view.pixels_per_inch()
    assert now != before and scales(demo) == {now}, "drawn again at the new scale"
    rested = shown_pixels(demo)
    demo.view.board_scene.forget_pictures()
    view.viewport().repaint()
    fresh = shown_pixels(demo)
    assert np.array_equal(rested, fresh)


def test_a_zoom_past_the_band_draws_the_board_again_at_once(demo):
    view = demo.view
    view.viewport().repaint()
    view.zoom(ZOOM_BAND * 1.2, QPoint(300, 300))
    view.viewport().repaint()
    assert scales(demo) == {view.pixels_per_inch()}


def test_a_changed_unit_is_drawn_at_once_whatever_the_pictures_kept(demo, qtbot):
    """A batch's pictures go when what it draws changes: an idle unit renamed
    shows its new name in the next frame, with no zoom or wait."""
    view = demo.view
    view.zoom(1.3, QPoint(300, 300))
    qtbot.wait(3 * SETTLE_MS)  # the zoom rests: the pictures are kept at this scale
    view.viewport().repaint()
    uid = next(it.piece_id for it, *_ in demo.scene.batch.members)
    assert demo.editor.update(uid, {"name": "Renamed"}) is None
    view.viewport().repaint()
    item = demo.scene.piece_item(uid)
    assert any(it is item for it, *_ in demo.scene.batch.members)
    shown = shown_pixels(demo)
    demo.scene.forget_pictures()
    view.viewport().repaint()
    assert np.array_equal(shown, shown_pixels(demo))


def test_a_window_closed_while_its_zoom_settles_leaves_no_error_behind(qtbot):
    """The wait for the zoom to rest outlives a window closed in the meantime:
    once the scene and its batches are deleted, the pending repaint does nothing
    (pytest-qt fails the test on any exception raised in Qt's event loop)."""
    window = MainWindow(load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    window.view.fit_board()
    qtbot.wait(3 * SETTLE_MS)
    window.view.viewport().repaint()
    window.view.zoom(1.15, QPoint(300, 300))
    window.view.viewport().repaint()  # a settle is now pending for the scene and batches
    scene = window.view.board_scene
    window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    window.close()
    qtbot.waitUntil(lambda: not shiboken6.isValid(scene), timeout=5000)
    qtbot.wait(3 * SETTLE_MS)
