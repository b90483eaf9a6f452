"""One wording of results: for every bundled example, at its end and half way
through its log, the command line, the score panel, the streamer's score bar and
the rendered page word each objective's standing the same way."""

from __future__ import annotations

import pytest

from tabletop_gui.app.export.render import Page, board_scene
from tabletop_gui.cli import score_text
from tabletop_gui.examples import example_paths
from tabletop_gui.io import load_game
from tabletop_gui.play import wording
from tabletop_gui.play.score_bar import bar_content
from tabletop_gui.play.turns import finished
from tabletop_gui.rules import evaluate, replay

from .helpers import open_window


@pytest.mark.parametrize("path", example_paths(), ids=lambda p: p.stem)
def test_cli_panel_streamer_and_page_word_each_standing_the_same(qtbot, path):
    game = load_game(str(path))
    window = open_window(qtbot, game, None)
    for at in (len(game.events) // 2, len(game.events)):
        window.doc.look_at(at)
        state = replay(game.setup, game.events, at)
        board = evaluate(state)
        assert window.doc.scoreboard() == board
        scene = state.scene
        over = finished(state, board)
        expected = {r.name: wording.standing(scene, r, over=over) for r in board.results}
        assert expected, "every example scores at least one objective"

        cli = score_text(game, state, board).splitlines()
        panel = {row.name: row.leader for row in window.score_panel.rows}
        colours = {s.id: s.colour for s in scene.sides}
        bar = bar_content(state, game.events[:at], board, colours)
        tiles = {t.name: t.text for t in bar.tiles}
        page = Page(board_scene(state, board), state, board, 1200, game.events[:at])
        page_text = " ".join(text for text, _bold in page.lines)
        for name, standing in expected.items():
            assert f"{name}: {standing.text}" in cli
            assert panel[name] == standing.text
            assert tiles[name].startswith(standing.leader)
            assert f"{name}: {standing.text}." in page_text.replace("  ", " ")
