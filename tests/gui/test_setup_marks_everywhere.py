"""A unit deployed where its rules do not let it (outside its Deployment Zone,
in set-up) is marked "placement rule broken" wherever the board is drawn, as
the window marks it (docs/canvas.md, Overlays: what the colours and lines mean)
and as docs/streaming.md has the stream show it: the PNG export, whose legend
lists "placement rule broken (!)", the stream PNG and the overlay's board
picture, read in a real browser engine. Before, only the
window asked the family for these marks: the exports' legend named a mark
their picture never drew, and the stream's score bar said "1 unit outside its
Deployment Zone" over a board that did not say which."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor, QImage

from tabletop_gui.app import style
from tabletop_gui.app.canvas.items import UnitItem
from tabletop_gui.app.export.page import board_scene
from tabletop_gui.app.export.render import render_file
from tabletop_gui.app.stream.board_picture import StreamScene, board_svg
from tabletop_gui.app.stream.png_output import StreamOutput
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game
from tabletop_gui.model.events import MovePiece
from tabletop_gui.model.game import Game
from tabletop_gui.rules import evaluate, replay
from tabletop_gui.rules.scoreboard import Role

from .helpers import open_window
from .test_overlay_board_labels import text_boxes

DEMO = SCENARIOS / "t9a_frontline_clash_demo.json"


def set_up() -> Game:
    """The demo in set-up with the Orc Boyz moved 5.47 in out of their zone."""
    game = load_game(DEMO).truncated(0)
    return game.pushed(MovePiece("b-boyz", 33.997, 33.005, 180.37))


def flagged(scene) -> dict[str, str]:
    """The units the scene marks as breaking a placement rule, with their notes."""
    return {
        it.unit.id: mark.label
        for it in scene.pieces.values()
        if isinstance(it, UnitItem)
        for mark in it.marks
        if mark.role is Role.PLACEMENT_ERROR
    }


def test_the_window_marks_the_unit_outside_its_zone(qtbot):
    window = open_window(qtbot, set_up())
    assert flagged(window.scene) == {"b-boyz": "5.47 in outside its zone"}


def test_the_png_export_draws_the_placement_marks_its_legend_lists(tmp_path):
    game = set_up()
    state = replay(game.setup, list(game.events))
    scene = board_scene(state)  # the scene render_file paints
    try:
        assert flagged(scene) == {"b-boyz": "5.47 in outside its zone"}
    finally:
        scene.clear()
    # The picture itself: the badge's yellow disc is in it.
    out = tmp_path / "board.png"
    render_file(state, str(out), 1600)
    image = QImage(str(out))
    badge = QColor(style.ERROR_ALT).rgb() & 0xFFFFFF
    found = any(
        image.pixel(x, y) & 0xFFFFFF == badge
        for y in range(0, image.height(), 2)
        for x in range(0, image.width(), 2)
    )
    assert found


def test_the_stream_png_marks_the_unit_outside_its_zone(qtbot, tmp_path):
    window = open_window(qtbot, set_up())
    output = StreamOutput(window.doc, tmp_path / "stream.png")
    try:
        output.image()
        assert flagged(output.scene) == {"b-boyz": "5.47 in outside its zone"}
    finally:
        output.stop()


@pytest.mark.parametrize("size", [(1920, 1080), (640, 360)], ids=["1920x1080", "640x360"])
def test_the_overlays_board_shows_the_badge_and_the_note_in_a_browser(qtbot, size):
    game = set_up()
    state = replay(game.setup, list(game.events))
    scene = StreamScene(public=True)
    svg = board_svg(
        scene, *size, state, evaluate(state, viewer=state.scene.side_ids[0]), game.annotations
    )
    texts = [t for t, _ in text_boxes(qtbot, svg, size)]
    assert "!" in texts
    assert "5.47 in outside its zone" in texts
