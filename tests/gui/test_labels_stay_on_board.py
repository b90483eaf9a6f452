"""Labels stay on the board, as docs/streaming.md says: a new user found unit
names cut by the picture's edge on a crowded board ("an Warriors", "Fiel"), a
long area caption ("Breakthrough: … scores here") running past both edges of
a 640 x 360 overlay, a name sticking out past the board in a 480 x 270
streamer, and long side names cut off in the legend of `render --width 800`."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFont, QFontMetricsF
from PySide6.QtWidgets import QApplication

from tabletop_gui.app import style
from tabletop_gui.app.canvas import drawing, items, legend, overlays
from tabletop_gui.app.canvas.items import UnitItem
from tabletop_gui.app.export.page import Page, board_scene, page_image
from tabletop_gui.app.stream import audience
from tabletop_gui.app.stream.board_picture import StreamScene, board_svg
from tabletop_gui.cli_moment import load_moment
from tabletop_gui.io import load_game
from tabletop_gui.rules.engine import evaluate

from .helpers import open_window

GAMES = Path(__file__).parent / "games"
CROWDED = GAMES / "crowded_dwarfs.json"  # 60 units along one edge
LONG = GAMES / "long_side_names.json"  # side names of 70 letters, areas named after them


@pytest.fixture(autouse=True)
def fresh_stream_settings():
    audience.forget_settings()
    yield
    audience.forget_settings()


def names_off_the_board(scene, ppi: float) -> list[str]:
    board = scene.board_rect().adjusted(-1e-6, -1e-6, 1e-6, 1e-6)
    return [it.unit.name for it in scene.items()
            if isinstance(it, UnitItem) and it.name_shown and it.unit.name
            and not board.contains(it.name_box(ppi))]  # fmt: skip


def test_a_crowded_board_s_names_are_on_the_board_in_the_render():
    _, state = load_moment(str(CROWDED), None)
    scene = board_scene(state)
    try:
        assert names_off_the_board(scene, 16.0) == []  # render's default 1600 px
    finally:
        scene.clear()


@pytest.mark.parametrize("path", [CROWDED, LONG])
def test_a_small_streamer_s_names_are_on_the_board(qtbot, path):
    window = open_window(qtbot, load_game(path), str(path))
    streamer = window.stream.open_streamer()
    qtbot.addWidget(streamer)
    streamer.resize(480, 270)
    qtbot.waitExposed(streamer)
    QApplication.processEvents()
    streamer.sync()
    QApplication.processEvents()
    streamer.view.viewport().grab()
    assert names_off_the_board(streamer.scene, streamer.scene.label_ppi) == []


@pytest.fixture
def painted(monkeypatch) -> list[tuple[str, QRectF]]:
    """(text, box in picture pixels) of every ``draw_label`` call while painting,
    where it is drawn (kept on the board by ``within`` when it is given)."""
    calls: list[tuple[str, QRectF]] = []

    def spy_on(real):
        def spy(painter, text, centre, size_in, colour=style.TEXT, background=None,
                bold=False, italic=False, within=None):  # fmt: skip
            if text:
                font = QFont("DejaVu Sans")
                font.setPixelSize(max(1, round(size_in * style.TEXT_SCALE)))
                font.setBold(bold)
                font.setItalic(italic)
                fm = QFontMetricsF(font)
                w, h, at = fm.horizontalAdvance(text), fm.height(), centre
                if within is not None:
                    _, w, at = drawing._kept_within(text, w, h, fm, centre, within,
                                                    background is not None)  # fmt: skip
                w, h = w / style.TEXT_SCALE, h / style.TEXT_SCALE
                px, py = (0.08, 0.04) if background is not None else (0.0, 0.0)
                box = QRectF(at.x() - w / 2 - px, at.y() - h / 2 - py, w + 2 * px, h + 2 * py)
                calls.append((text, painter.worldTransform().mapRect(box)))
            extra = {} if within is None else {"within": within}
            return real(painter, text, centre, size_in, colour, background, bold, italic, **extra)

        return spy

    monkeypatch.setattr(items, "draw_label", spy_on(items.draw_label))
    monkeypatch.setattr(overlays, "draw_label", spy_on(overlays.draw_label))
    return calls


def test_a_long_area_caption_stays_on_a_small_overlay_s_board(painted):
    _, state = load_moment(str(LONG), None)
    scene = StreamScene()
    board_svg(scene, 640, 360, state, evaluate(state))
    x, y, w, h = scene.picture_board_rect
    board = QRectF(x, y, w, h).adjusted(-0.5, -0.5, 0.5, 0.5)
    captions = [(t, r) for t, r in painted if t.startswith("Breakthrough")]
    assert captions
    assert [t for t, r in captions if not board.contains(r)] == []


def test_long_side_names_are_read_whole_in_a_narrow_render_s_legend(monkeypatch):
    entries: list[tuple[str, QRectF, QFont]] = []
    real = legend.paint_entry

    def spy(painter, kind, text, colour, box, font):
        entries.append((text, QRectF(box), QFont(font)))
        return real(painter, kind, text, colour, box, font)

    monkeypatch.setattr(legend, "paint_entry", spy)
    _, state = load_moment(str(LONG), None)
    board = evaluate(state)
    scene = board_scene(state, board)
    try:
        page = Page(scene, state, board, 800)
        page_image(page)
        top = page.title_h + page.board_h + page.pad
        for text, box, font in entries:
            need = QFontMetricsF(font).boundingRect(
                legend.text_box(box), int(legend.TEXT_FLAGS), text
            )
            assert need.height() <= box.height(), text
            assert box.bottom() <= top + page.legend_h + 1e-6, text
    finally:
        scene.clear()
