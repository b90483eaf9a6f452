"""The streamer view's score bar at the smallest sizes the docs name: no text is
drawn over another (a side's name over its total, the title over the clock),
every text lies inside the bar, and each standing keeps to one line
(docs/streaming.md, The stream overlay (OBS Browser Source)) (docs/streaming.md,
The streamer view).

A new streamer's 480 x 270 view had "Guild of Thieves" over "4 VP", the title
over "Round 2 ended", and "The Rashaar leads · 2 VP (face down)" on two lines.

The texts are caught as the bar's widget paints them (``QPainter.drawText``
wrapped to record each call) and measured as Qt lays them out: the ink of each
line (its glyphs' tight box on the line's baseline)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFontMetricsF, QPainter
from PySide6.QtTest import QTest

from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game

from .helpers import open_window, streamer_at

SIZES = [(480, 270), (640, 360), (1280, 720), (1920, 1080)]
GAME = str(SCENARIOS / "carnevale_drowned_quarter.json")


@pytest.fixture
def drawn(monkeypatch) -> list[tuple[str, QRectF]]:
    """(text, ink box in the painter's pixels) of every ``drawText`` call."""
    calls: list[tuple[str, QRectF]] = []
    real = QPainter.drawText

    def spy(painter, rect, flags, text):
        fm = QFontMetricsF(painter.font())
        line = fm.boundingRect(rect, int(flags), text)
        ink = fm.tightBoundingRect(text).translated(line.left(), line.top() + fm.ascent())
        calls.append((text, painter.worldTransform().mapRect(ink)))
        return real(painter, rect, flags, text)

    monkeypatch.setattr(QPainter, "drawText", spy)
    return calls


def overlapping(calls: list[tuple[str, QRectF]]) -> list[tuple[str, str]]:
    # Glyphs that touch read as one smudge: a pixel clear between the ink boxes.
    boxes = [(t, r.adjusted(-0.5, -0.5, 0.5, 0.5)) for t, r in calls if t.strip()]
    return [(a, b) for i, (a, ra) in enumerate(boxes) for b, rb in boxes[i + 1 :]
            if ra.intersects(rb)]  # fmt: skip


def whole_texts(info) -> list[str]:
    line = f"{info.clock}  ·  {info.result}" if info.result else info.clock
    return [info.title, line, *(s.name for s in info.sides), *(s.total for s in info.sides),
            *(t.name for t in info.tiles), *(t.text for t in info.tiles)]  # fmt: skip


@pytest.mark.parametrize("referee", [False, True], ids=["players", "referee"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_small_score_bar_draws_no_text_over_another(qtbot, drawn, size, referee):
    window = open_window(qtbot, load_game(GAME), GAME)
    streamer = streamer_at(qtbot, window, *size)
    if referee:
        QTest.keyClick(streamer, Qt.Key.Key_H)
        qtbot.waitUntil(lambda: streamer.settings.show_hidden)
        streamer.sync()
    info = streamer.bar.info
    assert info is not None and info.tiles
    drawn.clear()
    streamer.bar.grab()
    assert drawn, "the bar drew no text"
    assert overlapping(drawn) == []
    bar = QRectF(streamer.bar.rect())
    assert [t for t, r in drawn if t.strip() and not bar.contains(r)] == []
    # One line a standing: every text drawn is the start of a whole text (a
    # standing's second line would not be), cut short with "…" where it must.
    whole = whole_texts(info)
    pieces = [t.removesuffix("…") for t, _ in drawn if t.strip()]
    assert [p for p in pieces if not any(w.startswith(p) for w in whole)] == []
    if referee:
        assert any("face down" in t.text for t in info.tiles)
