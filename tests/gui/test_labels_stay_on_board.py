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

from tabletop_gui.app.canvas import items, legend, overlays
from tabletop_gui.app.canvas.items import UnitItem
from tabletop_gui.app.export.page import Page, board_scene, page_image
from tabletop_gui.app.stream.board_picture import StreamScene, board_svg
from tabletop_gui.cli_moment import load_moment
from tabletop_gui.io import load_game
from tabletop_gui.rules.engine import evaluate

from .helpers import open_window, streamer_at
from .label_spy import spy_on_labels

GAMES = Path(__file__).parent / "games"
CROWDED = GAMES / "crowded_dwarfs.json"  # 60 units along one edge
LONG = GAMES / "long_side_names.json"  # side names of 70 letters, areas named after them


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
    streamer = streamer_at(qtbot, window, 480, 270)
    streamer.view.viewport().grab()
    assert names_off_the_board(streamer.scene, streamer.scene.label_ppi) == []


@pytest.fixture
def painted(monkeypatch) -> list[tuple[str, QRectF]]:
    """(text, box in picture pixels) of every label painted (``label_spy``)."""
    return spy_on_labels(monkeypatch, (items, overlays))


@pytest.mark.parametrize("size", [(640, 360), (720, 405)])
def test_a_long_area_caption_stays_on_a_small_overlay_s_board(painted, size):
    _, state = load_moment(str(LONG), None)
    scene = StreamScene()
    board_svg(scene, *size, state, evaluate(state))
    x, y, w, h = scene.picture_board_rect
    board = QRectF(x, y, w, h).adjusted(-0.5, -0.5, 0.5, 0.5)
    captions = [(t, r) for t, r in painted if t.startswith("Breakthrough")]
    # At 640 x 360 the Field Artillery's and Clan Warriors' names, each under
    # its own unit (not under the King's, the Thane's), leave the captions no
    # clear row: left out, as a small picture leaves out what has no clear
    # spot (docs/streaming.md); at 720 x 405 both are drawn.
    assert captions or size == (640, 360)
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
