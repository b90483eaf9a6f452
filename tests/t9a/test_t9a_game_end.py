"""The battle ends with the last Game Turn (docs/t9a.md: "the game lasts 6 Game
Turns"), with or without a game_end event in the log. After that end a move is
refused with the reason, so the final result cannot be changed by accident; a
game_end recording that end is taken."""

from __future__ import annotations

import json

import pytest
from t9a_helpers import A, ObjectiveSpec, result, setup, state, unit, whole_game

from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game
from tabletop_gui.io.game_file import game_from_json
from tabletop_gui.model.events import GameEnd, MovePiece, TurnEnd
from tabletop_gui.rules import RuleError
from tabletop_gui.rules.engine import apply, evaluate, replay

HOLD = ObjectiveSpec("obj", "t9a.hold_the_ground")
DAWN = SCENARIOS / "t9a_dawn_assault_breakthrough.json"  # played to the end of Game Turn 6


def test_a_move_after_the_end_of_game_turn_6_is_refused_with_the_reason():
    s = setup([HOLD], [unit("u", A, 36, 30)])
    with pytest.raises(RuleError, match="The game is over: nothing can follow its end"):
        state(s, [*whole_game(), MovePiece("u", 36, 24)])


def test_a_move_before_the_end_of_game_turn_6_is_taken():
    s = setup([HOLD], [unit("u", A, 36, 30)])
    events = whole_game()[:-1]  # Game Turn 6 not ended yet
    assert state(s, [*events, MovePiece("u", 36, 24)]).scene.units["u"].y == 24


def test_a_game_end_after_the_last_game_turn_is_taken_and_moves_stay_refused():
    s = setup([HOLD], [unit("u", A, 36, 30)])
    ended = state(s, [*whole_game(), GameEnd()])
    assert ended.clock.over and result(s, [*whole_game(), GameEnd()]).final
    with pytest.raises(RuleError, match="The game is over"):
        apply(ended, MovePiece("u", 36, 24))


def test_the_full_example_game_keeps_its_final_result_against_a_later_move():
    # A move of the Wolf Riders out of Equitaine's zone after Game Turn 6 was
    # taken and changed the final Breakthrough count from Orcs 1 to Orcs 0.
    game = load_game(DAWN)
    last = game.events[-1]
    assert isinstance(last, TurnEnd) and last.side is None and last.turn == 6
    end = replay(game.setup, list(game.events))
    with pytest.raises(RuleError, match="The game is over"):
        apply(end, MovePiece("b-wolves", 30, 40))
    data = json.loads(DAWN.read_text(encoding="utf-8"))
    data["events"].append({"type": "move", "piece_id": "b-wolves", "x": 30, "y": 40})
    with pytest.raises(ValueError, match="The game is over"):
        game_from_json(data)
    assert evaluate(end).results[0].counts == {"equitaine": 2, "orcs": 1}
