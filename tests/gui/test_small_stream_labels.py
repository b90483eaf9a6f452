"""The smallest stream pictures the docs name keep their labels legible: in the
streamer view at 480 x 270 and 640 x 360, and in the overlay's board picture
at the size the /overlay page shows it on a 640 x 360 page, no label is drawn
over another (names, notes, captions, terrain and zone labels alike), every
unit keeps its whole name, every label lies inside the picture, and a terrain
or zone label is inside its own shape or left out (docs/streaming.md, The
streamer view) (docs/streaming.md, The stream overlay (OBS Browser Source)).

A new streamer's pictures at these sizes had "Rooftop Runner" cut by "Bridge
Bell", "Deep Spawn" under "Guild Capo" and "Cutpurse", and the Canal's label
in the Rashaar deployment zone, far from the canal."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt

from tabletop_gui.app.canvas import items, overlays, unit_batch
from tabletop_gui.app.canvas.items import PolygonItem, UnitItem
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game
from tabletop_gui.model.hexgrid import HexBoard

from .helpers import open_window, streamer_at
from .label_spy import spy_on_labels
from .test_labels_no_overlap import clashes, label_texts
from .test_overlay_board_labels import _left_out, overlay_svg, text_boxes
from .test_overlay_board_labels import clashes as browser_clashes

FILES = sorted(p.name for p in SCENARIOS.glob("*.json"))
#: The smallest streamer sizes the docs name.
SMALL = [(480, 270), (640, 360)]
#: The board picture the /overlay page asks for on a 640 x 360 page (the score
#: bar takes the rest), and on a 480 x 270 one.
OVERLAY_BOARD = [(640, 285), (480, 195)]


def unit_names(scene) -> set[str]:
    return {it.unit.name for it in scene.pieces.values()
            if isinstance(it, UnitItem) and it.isVisible() and it.unit.name}  # fmt: skip


def polygon_labels(scene) -> dict[str, PolygonItem]:
    """Terrain and zone labels the scene shows, by text."""
    return {it.label: it for it in scene.pieces.values()
            if isinstance(it, PolygonItem) and it.isVisible() and it.label
            and it.label_item.isVisible()}  # fmt: skip


def inside_shape(poly: PolygonItem, box: QRectF) -> bool:
    """Whether the label ``box`` (scene inches) lies inside its piece's outline."""
    fill = Qt.FillRule.OddEvenFill
    shape = poly.polygon
    return all(shape.containsPoint(c, fill) for c in
               (box.topLeft(), box.topRight(), box.bottomLeft(), box.bottomRight()))  # fmt: skip


@pytest.mark.parametrize("size", SMALL, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", FILES)
def test_a_small_streamer_view_draws_no_label_over_another(qtbot, monkeypatch, name, size):
    painted = spy_on_labels(monkeypatch, (items, unit_batch, overlays))
    path = str(SCENARIOS / name)
    window = open_window(qtbot, load_game(path), path)
    streamer = streamer_at(qtbot, window, *size)
    scene = streamer.scene
    painted.clear()
    streamer.view.viewport().grab()
    texts = label_texts(scene)
    drawn = {t for t, _ in painted if t in texts}
    if not isinstance(scene.board, HexBoard):  # docs/canvas.md, Labels on hex boards
        names = unit_names(scene)
        assert names <= drawn, f"names not drawn: {names - drawn}"
    assert clashes(painted, texts) == []
    view = QRectF(streamer.view.viewport().rect())
    # Antialiased edges may touch the picture's edge.
    out = [t for t, r in painted if t in texts and not view.contains(r.adjusted(1, 1, -1, -1))]
    assert out == []
    # Terrain and zone labels drawn inside their own shapes.
    to_scene = streamer.view.mapToScene
    for text, poly in polygon_labels(scene).items():
        for t, r in painted:
            if t == text:
                box = QRectF(to_scene(r.topLeft().toPoint()), to_scene(r.bottomRight().toPoint()))
                assert inside_shape(poly, box.adjusted(0.05, 0.05, -0.05, -0.05)), text


@pytest.mark.parametrize("size", OVERLAY_BOARD, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", FILES)
def test_the_overlays_small_board_picture_draws_no_label_over_another(qtbot, name, size):
    """Read in a real browser engine: the text as the browser lays it out."""
    svg, scene = overlay_svg(SCENARIOS / name, size)
    boxes = text_boxes(qtbot, svg, size)
    texts = label_texts(scene) - _left_out(scene)
    drawn = {t for t, _ in boxes}
    if not isinstance(scene.board, HexBoard):
        names = unit_names(scene)
        assert names <= drawn, f"names not drawn: {names - drawn}"
    assert browser_clashes(boxes, texts) == []
    page = QRectF(0, 0, *size)
    assert [t for t, r in boxes if t in texts and not page.contains(r)] == []
    # Where the board went in the picture: inches to page pixels.
    x0, y0, bw, _ = scene.picture_board_rect
    k = bw / scene.state.scene.board.extent[0]
    for text, poly in polygon_labels(scene).items():
        for t, r in boxes:
            if t == text:
                box = QRectF(QPointF((r.left() - x0) / k, (r.top() - y0) / k),
                             QPointF((r.right() - x0) / k, (r.bottom() - y0) / k))  # fmt: skip
                assert inside_shape(poly, box.adjusted(0.05, 0.05, -0.05, -0.05)), text
