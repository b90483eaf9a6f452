"""The caption of Memoir '44 exit hexes in a baseline's corner (a scenario of
our own: the Allies' exit markers on L9 and M9, German units beside them) is
drawn in the window and the streamer view as in ``render``: on one line where
there is room, else on two, slid onto the board, clear of every other label
(docs/canvas.md, Labels on hex boards)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from tabletop_gui.app.canvas import items, overlays, unit_batch
from tabletop_gui.app.canvas.overlays import HexOverlay
from tabletop_gui.model.game import Game
from tests.hex.m44kit import exit_marker, game_of, hexagon, scenario

from .helpers import open_window, streamer_at
from .label_spy import spy_on_labels
from .test_labels_no_overlap import clashes, label_texts

CAPTION = "Allies exit markers: United States exits here"


def corner_exits() -> Game:
    return game_of(
        scenario(
            hexagon("B1", unit="inf2us"),
            hexagon("J9", unit="inf2ger"),
            hexagon("j8", unit="tankger"),
            hexagon("H9", unit="inf2ger"),
            hexagon("L9", tags=[exit_marker("ALLIES", ["M9"])]),
        )
    )


@pytest.fixture
def painted(monkeypatch):
    return spy_on_labels(monkeypatch, (items, unit_batch, overlays))


def exit_overlay(scene) -> HexOverlay:
    (found,) = [
        o
        for o in scene.overlay_items()
        if isinstance(o, HexOverlay) and getattr(o.mark, "label", "") == CAPTION
    ]
    return found


def caption_drawn(painted, scene) -> list[str]:
    o = exit_overlay(scene)
    lines = o.label_lines or (CAPTION,)
    texts = [t for t, _ in painted]
    assert all(line in texts for line in lines), (lines, texts)
    assert clashes(painted, label_texts(scene)) == []
    return list(lines)


def test_the_window_draws_the_exit_hexes_caption_where_render_does(qtbot, painted):
    window = open_window(qtbot, corner_exits())
    o = exit_overlay(window.scene)
    assert o.label_item.isVisible()
    painted.clear()
    window.scene.keep_pictures(False)  # kept pictures would not paint their labels again
    window.view.viewport().grab()
    lines = caption_drawn(painted, window.scene)
    # at the window's zoom there is no room for it on one line by its hexes
    assert lines == ["Allies exit markers:", "United States exits here"]


def test_the_streamer_at_1920_by_1080_draws_it_too(qtbot, painted):
    window = open_window(qtbot, corner_exits())
    streamer = streamer_at(qtbot, window, 1920, 1080)
    assert exit_overlay(streamer.scene).label_item.isVisible()
    painted.clear()
    streamer.view.viewport().grab()
    QApplication.processEvents()
    caption_drawn(painted, streamer.scene)
