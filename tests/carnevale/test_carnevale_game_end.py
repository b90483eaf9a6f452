"""The game ends with the last round (docs/carnevale.md, setting `rounds`), with
or without a game_end event. After it a move is refused with the reason; a
game_end recording that end is taken."""

from __future__ import annotations

import pytest
from carnevale_helpers import A, B, char, obj, play, start

from tabletop_gui.model.events import GameEnd, MovePiece, TurnEnd, TurnStart
from tabletop_gui.rules import RuleError
from tabletop_gui.rules.engine import apply


def test_a_move_after_the_last_round_ended_is_refused_and_a_game_end_is_taken():
    s = start([char("c", A, 10, 10), char("d", B, 20, 20)], [obj("o", 18, 18)],
              settings={"rounds": 1})  # fmt: skip
    ended = play(s, TurnStart(1), TurnEnd(1))
    with pytest.raises(RuleError, match="The game is over: nothing can follow its end"):
        apply(ended, MovePiece("c", 12, 12))
    assert apply(ended, GameEnd()).clock.over


def test_a_move_between_rounds_before_the_last_is_taken():
    s = start([char("c", A, 10, 10), char("d", B, 20, 20)], [obj("o", 18, 18)],
              settings={"rounds": 2})  # fmt: skip
    between = play(s, TurnStart(1), TurnEnd(1))
    assert apply(between, MovePiece("c", 12, 12)).scene.units["c"].x == 12
