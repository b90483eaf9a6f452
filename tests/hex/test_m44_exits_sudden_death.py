"""Memoir '44 exit markers (the tagged hex and its group; infantry worth 2 where
the scenario's option says so) and sudden death (an instant win)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tabletop_gui.rules import RuleError
from tabletop_gui.rules.hexbanners.events import Eliminate, ExitBoard, HexMove
from tests.hex.hexkit import Play, end, turn
from tests.hex.m44kit import (
    ALLIES,
    AXIS,
    exit_marker,
    game_of,
    hexagon,
    hx,
    imported,
    scenario,
    unit_on,
)


def exit_game(*units: tuple[str, Any], options: dict[str, Any] | None = None, at: str = "A9",
              group: list[str] | None = None):  # fmt: skip
    cells = {name: {"unit": unit} for name, unit in units}
    cells.setdefault(at, {})["tags"] = [exit_marker("ALLIES", group)]
    return game_of(
        scenario(
            *(hexagon(name, **parts) for name, parts in cells.items()),
            info={"options": options} if options else None,
        )
    )


def test_exit_hexes_are_the_tagged_hex_and_its_group():
    game = exit_game(group=["B9", "C9"])
    (spec,) = game.setup.objectives
    assert spec.kind == "hex.memoir_exit" and spec.params["side"] == ALLIES
    assert [tuple(h) for h in spec.params["hexes"]] == [hx(game, n) for n in ("A9", "B9", "C9")]


def test_a_unit_leaving_from_an_exit_hex_in_its_turn_earns_a_banner():
    game = exit_game(("B9", "tankus"), ("D9", "infus"), group=["B9", "C9"])
    play = Play(game.setup)
    play(*turn(1, ALLIES), ExitBoard(unit_on(game, "B9")))
    assert play.totals() == {ALLIES: 1, AXIS: 0}
    # the baseline hex D9 carries no exit marker: the unit may leave, it earns nothing
    play(ExitBoard(unit_on(game, "D9")))
    assert play.totals() == {ALLIES: 1, AXIS: 0}
    assert "not one of its exit hexes" in play.reason("exit-allies")


def test_with_the_option_an_exiting_infantry_unit_counts_2_other_units_1():
    game = exit_game(("A9", "infus"), ("B9", "tankus"), group=["B9"],
                     options={"infantry_exit_counts_2": True})  # fmt: skip
    assert game.setup.objectives[0].params["infantry_worth"] == 2
    play = Play(game.setup)
    play(*turn(1, ALLIES), ExitBoard(unit_on(game, "A9")))
    assert play.totals() == {ALLIES: 2, AXIS: 0}
    play(ExitBoard(unit_on(game, "B9")))
    assert play.totals() == {ALLIES: 3, AXIS: 0}


def test_an_exit_hex_off_the_baselines_lets_units_leave_from_it():
    game = exit_game(("M5", "infus"), ("L5", "infus"), at="M5")
    play = Play(game.setup)
    play(*turn(1, ALLIES), ExitBoard(unit_on(game, "M5")))
    assert play.totals() == {ALLIES: 1, AXIS: 0}
    with pytest.raises(RuleError, match=r"baseline hex \(or a scenario's exit hex\)"):
        play(ExitBoard(unit_on(game, "L5")))


def test_an_exit_counts_only_in_the_units_own_turn():
    game = exit_game(("A9", "infus"))
    play = Play(game.setup)
    play(*turn(1, ALLIES), *end(1, ALLIES), *turn(1, AXIS))
    with pytest.raises(RuleError, match="cannot exit in Germany's turn"):
        play(ExitBoard(unit_on(game, "A9")))


def test_a_unit_that_may_not_exit_earns_nothing():
    game = exit_game(("A9", {"name": "infus", "behavior": "CANNOT_EXIT"}))
    uid = unit_on(game, "A9")
    assert game.setup.objectives[0].params["cannot_exit"] == [uid]
    play = Play(game.setup)
    play(*turn(1, ALLIES), ExitBoard(uid))
    assert play.totals() == {ALLIES: 0, AXIS: 0}
    assert "may not exit" in play.reason("exit-allies")


def sudden_death_game(condition: dict[str, Any]):
    units = [hexagon("E3", unit="infus"), hexagon("G3", unit="tankus")]
    return imported(scenario(*units, victory=(6, 6), info={"victory": {"condition": [condition]}}))


def test_sudden_death_wins_the_battle_the_moment_the_group_is_held():
    result = sudden_death_game(
        {"group_sudden_death": {"side": "ALLIES", "number": 2, "group": ["E5", "F5", "G5"]}}
    )
    game = result.game
    (spec,) = game.setup.objectives
    assert spec.kind == "hex.memoir_sudden_death" and spec.params["need"] == 2
    play = Play(game.setup)
    play(*turn(1, ALLIES), HexMove(unit_on(game, "E3"), hx(game, "E5")))
    assert play.board.winner is None and play.totals() == {ALLIES: 0, AXIS: 0}
    play(HexMove(unit_on(game, "G3"), hx(game, "G5")))
    board = play.board
    assert board.winner == ALLIES
    assert play.totals() == {ALLIES: 6, AXIS: 0}  # every banner it lacked: 6/6
    assert play.tl.current.clock.over
    with pytest.raises(RuleError, match="The battle is over"):
        play(*end(1, ALLIES))


def test_sudden_death_fills_up_to_the_target_counting_banners_already_won():
    result = sudden_death_game(
        {"group_sudden_death": {"side": "ALLIES", "number": 1, "group": ["E5"]}}
    )
    game = result.game
    play = Play(game.setup)
    play(Eliminate(unit_on(game, "G3")))  # the Axis gain 1
    play(*turn(1, ALLIES), HexMove(unit_on(game, "E3"), hx(game, "E5")))
    assert play.totals() == {ALLIES: 6, AXIS: 1} and play.board.winner == ALLIES


def test_a_victory_condition_other_than_sudden_death_is_named_not_scored():
    result = sudden_death_game({"destroy_all": {"side": "AXIS"}})
    assert result.game.setup.objectives == ()
    assert any("destroy_all" in p and "does not score" in p for p in result.problems)


def test_a_unit_may_move_onto_an_exit_hex_and_leave_in_the_same_turn():
    # Memoir: no start-of-turn condition (the seed's Breakthrough asks for one)
    game = exit_game(("a8", "tankus"), group=["B9"])
    play = Play(game.setup)
    uid = unit_on(game, "a8")
    play(*turn(1, ALLIES), HexMove(uid, hx(game, "B9")), ExitBoard(uid))
    assert play.totals() == {ALLIES: 1, AXIS: 0}


def test_sudden_death_counts_banners_won_before_the_log_starts():
    result = sudden_death_game(
        {"group_sudden_death": {"side": "ALLIES", "number": 1, "group": ["E5"]}}
    )
    setup = result.game.setup
    setup = replace(setup, settings={**setup.settings, "banners_before": {ALLIES: 2}})
    play = Play(setup)
    play(*turn(1, ALLIES), HexMove(unit_on(result.game, "E3"), hx(result.game, "E5")))
    assert play.totals() == {ALLIES: 6, AXIS: 0} and play.board.winner == ALLIES
