"""A range circle's caption is never drawn under a unit while a clear spot is
left (docs/canvas.md, Overlays: what the colours and lines mean). A referee's
trial: at the end of a Frontline Clash, Secure Target game the caption "Secure
Target: within 6 in of Highborn's target" ran right of its ring under the
Warriors, cut to "…of Highborn's ta", in the window, zoomed in and in File ▸
Export, though the room below the ring was free.

The captions are caught as they are painted (``label_spy``), where they are
drawn, and compared with the units' footprints as drawn."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QApplication

from tabletop_gui.app.canvas import labels, overlays
from tabletop_gui.app.canvas.items import UnitItem
from tabletop_gui.app.canvas.label_spots import Placer
from tabletop_gui.app.canvas.overlays import CircleOverlay
from tabletop_gui.app.export.page import Page, board_scene, page_image
from tabletop_gui.cli_moment import load_moment
from tabletop_gui.io import load_game
from tabletop_gui.rules.engine import evaluate

from .helpers import open_window
from .label_spy import spy_on_labels

GAME = Path(__file__).parent / "games" / "secure_target_warriors.json"
HIGHBORN = "Secure Target: within 6 in of Highborn's target"


def captions(scene) -> set[str]:
    return {
        o.circle.label
        for o in scene.overlay_items()
        if isinstance(o, CircleOverlay) and o.show_label and o.circle.label
    }


def units_under(scene, painted: list[tuple[str, QRectF]]) -> dict[str, list[str]]:
    """Each caption painted (its box in scene inches) and the units whose drawn
    footprint it runs under."""
    texts = captions(scene)
    units = [it for it in scene.pieces.values() if isinstance(it, UnitItem) and it.isVisible()]
    out: dict[str, list[str]] = {}
    for text, box in painted:
        if text in texts:
            out[text] = [u.unit.name for u in units if u.mapToScene(u.path).intersects(box)]
    return out


@pytest.fixture
def painted(monkeypatch) -> list[tuple[str, QRectF]]:
    """(text, box in scene inches) of every caption an overlay paints: a circle's
    caption is painted by a label item standing at the scene's origin."""
    local: list[tuple[str, QRectF]] = []
    spy_on_labels(monkeypatch, (overlays,), local)
    return local


def test_the_exported_picture_draws_no_caption_under_a_unit(painted):
    _, state = load_moment(str(GAME), None)
    board = evaluate(state)
    scene = board_scene(state, board)
    try:
        page_image(Page(scene, state, board, 1600))  # render's default width
        under = units_under(scene, painted)
        assert under == {text: [] for text in captions(scene)}
        assert HIGHBORN in under
    finally:
        scene.clear()


@pytest.mark.parametrize("zoom", [1.0, 2.5])
def test_the_window_draws_no_caption_under_a_unit_fitted_or_zoomed_in(qtbot, painted, zoom):
    window = open_window(qtbot, load_game(GAME), str(GAME))
    ring = next(o for o in window.scene.overlay_items() if getattr(o, "circle", None)
                and o.circle.label == HIGHBORN)  # fmt: skip
    if zoom != 1.0:
        window.view.zoom(zoom)
        window.view.centerOn(ring.pos())
        QApplication.processEvents()
    painted.clear()
    window.scene.keep_pictures(False)  # kept pictures would not paint their labels again
    window.view.viewport().grab()
    under = units_under(window.scene, painted)
    assert HIGHBORN in under
    assert under == {text: [] for text in under}
    # Wholly drawn: not cut short at the board's edge.
    assert HIGHBORN in [text for text, _ in painted]


def test_a_caption_with_no_clear_spot_covers_a_label_rather_than_run_under_a_unit():
    """Every spot by the ring covered: units stand beside it, above it and a
    row further out, another caption right under it. The caption goes below
    the ring, over the other caption, not under a unit (the units, drawn over
    it, would hide it)."""
    _, state = load_moment(str(GAME), None)
    scene = board_scene(state)
    try:
        ring = next(o for o in scene.overlay_items() if getattr(o, "circle", None)
                    and o.circle.label == HIGHBORN)  # fmt: skip
        p = Placer(scene)
        spots = labels.caption_spots(p, ring, scene.board_rect())
        below = (0.0, 1.0, 0.0, 0.0)
        for i, (spot, box) in enumerate(spots):
            if spot == below:
                p.labels.add("another caption", box)
            elif spot[1] != 1.0 or spot[3]:
                p.bodies.add(f"unit {i}", box)
        labels._place_caption(p, ring, scene.board_rect(), drop=False)
        assert ring.label_dir[1:] in [(1.0, 0.0, 0.0), (1.0, 1.0, 0.0), (1.0, -1.0, 0.0)]
        assert p.bodies.overlap(dict(spots)[ring.label_dir]) == 0.0
    finally:
        scene.clear()
