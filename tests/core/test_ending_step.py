"""The step that ends the turn or the round (the turn bar's end key,
Ctrl+Shift+Return, docs/playing.md) is the family's answer (``Step.ends``):
at every moment of every example where a turn or round is under way, exactly
one step ends it; where the bar only starts one (the first turn, a T9A Player
Turn, a Carnevale round) none does."""

from __future__ import annotations

import pytest

from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game
from tabletop_gui.model.events import TurnEnd
from tabletop_gui.play import turns
from tabletop_gui.rules import replay


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.json")), ids=lambda p: p.stem)
def test_a_turn_under_way_has_one_step_that_ends_it(path):
    game = load_game(path)
    seen = 0
    for n in range(len(game.events) + 1):
        events = list(game.events[:n])
        state = replay(game.setup, events)
        offered = turns.steps(state, events)
        ending = [s for s in offered if s.ends]
        if not offered:
            continue
        if all(s.label.startswith("Start ") for s in offered):
            assert turns.ending_step(offered) is None, (n, [s.label for s in offered])
        else:  # a turn (or round) is under way
            assert len(ending) == 1, (n, [s.label for s in offered])
            assert turns.ending_step(offered) == ending[0]
            assert any(isinstance(e, TurnEnd) for e in ending[0].events)
            seen += 1
    assert seen
