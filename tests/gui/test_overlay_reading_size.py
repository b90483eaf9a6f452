"""The pinned ruler's reading on the stream overlay's board (the SVG the /overlay
and /board pages show), read in a real browser engine: at least as tall as the
unit names (docs/streaming.md: unit names 16 px on a 1080-pixel-high page).
Before, the reading came out about 9 px tall at 1920 x 1080, the smallest text
on the page."""

from __future__ import annotations

import pytest

from tabletop_gui.app.stream.board_picture import StreamScene, board_svg
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game
from tabletop_gui.model.annotations import Annotations, Ruler
from tabletop_gui.rules import evaluate, replay

from .test_overlay_board_labels import text_boxes

DEMO = SCENARIOS / "t9a_frontline_clash_demo.json"
RULER = Ruler("ruler-1", (33.0, 22.0), (36.0, 30.5), "a-knights", "b-boyz",
              note="disputed charge", at=22)  # fmt: skip


@pytest.mark.parametrize("publishes", [1, 2], ids=["first", "again"])
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (640, 360)],
                         ids=lambda s: f"{s[0]}x{s[1]}")  # fmt: skip
def test_the_rulers_reading_is_as_tall_as_the_unit_names_in_a_browser(qtbot, size, publishes):
    game = load_game(DEMO)
    state = replay(game.setup, game.events)
    board = evaluate(state, viewer=state.scene.side_ids[0])
    scene = StreamScene(public=True)
    for _ in range(publishes):  # the overlay draws each page size's scene again
        svg = board_svg(scene, *size, state, board, Annotations((RULER,), ()))
    boxes = dict(text_boxes(qtbot, svg, size))
    names = [boxes[u.name].height() for u in state.scene.units.values() if u.name in boxes]
    assert names
    for text in ("Knights of the Realm to Orc Boyz", "disputed charge"):
        assert boxes[text].height() >= max(names) - 0.5, (text, boxes[text], max(names))
