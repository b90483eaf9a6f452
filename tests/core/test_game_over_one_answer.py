"""Whether the game is over has one answer, the family's (``Family.game_over``):
``score --json``'s ``clock.over``, ``render``'s title and the turn bar agree.

The Ninth Age ends at the end of Game Turn 6 (docs/t9a.md): its last
``turn_end`` is the end, whether or not a ``game_end`` event follows."""

from __future__ import annotations

import json
import re

import pytest

from tabletop_gui.cli import main
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game
from tabletop_gui.play import turns
from tabletop_gui.play.score_doc import score_document
from tabletop_gui.rules.engine import Timeline, evaluate

DAWN = SCENARIOS / "t9a_dawn_assault_breakthrough.json"


def test_score_json_says_over_after_the_last_game_turn_ended_as_render_titles_it(
    tmp_path, capsys, qapp
):
    # The example's log ends with Game Turn 6's turn_end and no game_end event.
    assert main(["score", str(DAWN), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    out = tmp_path / "dawn.svg"
    assert main(["render", str(DAWN), "-o", str(out)]) == 0
    texts = re.findall(r">([^<>]+)</text>", out.read_text(encoding="utf-8"))
    assert any("Game over (after turn 6)" in t for t in texts)
    assert doc["clock"]["turn"] == 6
    assert doc["clock"]["over"] is True


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.json")), ids=lambda p: p.stem)
def test_every_moment_of_every_example_is_over_in_the_json_when_the_turn_bar_offers_nothing(
    path,
):
    """The turn bar offers no step once the game is over (or won outright), and
    the clock's words say so: the JSON must say the same at every moment."""
    game = load_game(str(path))
    timeline = Timeline(game)
    for n in range(0, len(game.events) + 1, max(1, len(game.events) // 12)):
        state = timeline.state_at(n)
        board = evaluate(state)
        over = score_document(game.setup, len(game.events), state, board)["clock"]["over"]
        events = game.events[:n]
        words = turns.clock_text(state, events, board)
        assert over == turns.game_over(state), (path.name, n)
        if "Game over" in words:
            assert over, (path.name, n, words)
        if not over and board.winner is None:
            assert turns.steps(state, events, board=board), (path.name, n, words)
