"""A carried objective no longer hides its carrier (docs/canvas.md, Overlays:
what the colours and lines mean), and a face-down value shown to the referee
fits its marker (docs/playing.md, The streamer view).

A new streamer's Carnevale board had Bravo, who carries the Smuggler's Chest,
hidden under the chest (as wide as Bravo's base: only its badge showed), and
the Sunken Relic's "2?" crammed to the edge of the marker's middle."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF
from PySide6.QtTest import QTest

from tabletop_gui.app import style
from tabletop_gui.app.canvas import items
from tabletop_gui.app.canvas.items import INNER_SHARE, MarkerItem
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game

from .helpers import open_window, streamer_at

GAME = str(SCENARIOS / "carnevale_drowned_quarter.json")


def of_colour(a: QColor, b: QColor) -> bool:
    """``a`` is a shade of ``b`` (its fill, its band, their antialiased edge):
    as strong a colour and near its hue (not the white marker, not the board)."""
    return a.hsvSaturation() > 80 and abs(a.hsvHue() - b.hsvHue()) <= 15


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_carrier_shows_around_the_objective_it_carries(qtbot, size):
    window = open_window(qtbot, load_game(GAME), GAME)
    streamer = streamer_at(qtbot, window, *size)
    scene = streamer.scene
    bravo = scene.pieces["g-bravo"]
    chest = scene.pieces["obj-chest"]
    assert isinstance(chest, MarkerItem) and chest.marker.carried_by == "g-bravo"
    assert chest.pos() == bravo.pos(), "the chest stands on its carrier's centre"
    image = streamer.view.viewport().grab().toImage()
    view = streamer.view
    r = bravo.unit.width_in / 2
    # Near the edge of Bravo's base, to the left, below and lower left (the
    # badges sit upper right): Bravo's colour, not the chest's.
    colour = scene.colours[bravo.unit.side]
    seen = []
    for angle in (180, 90, 135):
        a = math.radians(angle)
        at = bravo.pos() + QPointF(math.cos(a), math.sin(a)) * (0.85 * r)
        seen.append(image.pixelColor(view.mapFromScene(at)))
    assert all(of_colour(c, colour) for c in seen), [c.name() for c in seen]


def test_a_face_down_value_shown_to_the_referee_fits_its_markers_middle(qtbot, monkeypatch):
    drawn: list[tuple[str, float, float]] = []  # text, size (in), item radius
    real = items.draw_label

    def spy(painter, text, centre, size_in, *args, **kwargs):
        drawn.append((text, size_in))
        return real(painter, text, centre, size_in, *args, **kwargs)

    monkeypatch.setattr(items, "draw_label", spy)
    window = open_window(qtbot, load_game(GAME), GAME)
    streamer = streamer_at(qtbot, window, 1920, 1080)
    QTest.keyClick(streamer, Qt.Key.Key_H)  # the referee's view
    qtbot.waitUntil(lambda: streamer.settings.show_hidden)
    streamer.sync()
    relic = streamer.scene.pieces["obj-relic"]
    assert relic.text == "2?"
    drawn.clear()
    streamer.view.viewport().grab()
    sizes = [s for t, s in drawn if t == "2?"]
    assert sizes, "the value was drawn"
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(1, round(sizes[0] * style.TEXT_SCALE)))
    font.setBold(True)
    fm = QFontMetricsF(font)
    w, cap = fm.horizontalAdvance("2?") / style.TEXT_SCALE, fm.capHeight() / style.TEXT_SCALE
    # The corners of the glyphs' box inside the coloured middle, a tenth of its
    # radius clear of the white rim.
    assert math.hypot(w / 2, cap / 2) <= 0.9 * relic.radius * INNER_SHARE
