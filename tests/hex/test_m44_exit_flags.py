"""Exits where a side's exits are Memoir '44 exit hexes: leaving by another hex
is taken (old files keep opening) for no banner and flagged; leaving outside
the movement phase is flagged (leaving is part of a move); a refused exit
names the exit hexes (docs/hex.md, Leaving the battlefield)."""

from __future__ import annotations

import pytest

from tabletop_gui.model.events import PhaseEnd, TurnStart
from tabletop_gui.model.hexgrid import hex_label
from tabletop_gui.rules import RuleError
from tabletop_gui.rules.engine import flags
from tabletop_gui.rules.hexbanners.events import ExitBoard, HexMove
from tests.hex.hexkit import Play, turn
from tests.hex.m44kit import ALLIES, AXIS, exit_marker, game_of, hexagon, hx, scenario, unit_on


def ridge_game():
    """Allied exit markers on two hexes of the far (Axis) baseline, H9 and I9;
    Allied infantry on its own baseline (B1), Allied armour on the far baseline
    off the markers (D9) and two rows short of it (E7), German infantry on its
    own baseline (F9)."""
    return game_of(
        scenario(
            hexagon("B1", unit="inf2us"),
            hexagon("D9", unit="tankus"),
            hexagon("E7", unit="tankus"),
            hexagon("F9", unit="inf2ger"),
            hexagon("H9", tags=[exit_marker("ALLIES", ["I9"])]),
        )
    )


def last_flags(play: Play) -> list[str]:
    n = len(play.tl.events)
    return flags(play.tl.state_at(n - 1), play.tl.events[-1], play.tl.state_at(n))


def test_leaving_by_its_own_baseline_off_the_exit_hexes_is_taken_for_nothing_and_flagged():
    """Memoir's exits are the marked hexes: leaving by another hex earns nothing
    (docs/hex.md, Leaving the battlefield)."""
    game = ridge_game()
    play = Play(game.setup)
    uid = unit_on(game, "B1")
    name = game.setup.scene.units[uid].name
    play(*turn(1, ALLIES), ExitBoard(uid))
    assert play.tl.current.scene.units[uid].removed
    assert play.totals() == {ALLIES: 0, AXIS: 0}
    marked = ", ".join(hex_label(hx(game, n)) for n in ("H9", "I9"))
    (flag,) = last_flags(play)
    assert flag.startswith(
        f"{name} left by hex {hex_label(hx(game, 'B1'))}, not one of United States' "
        f"exit hexes ({marked}): no banner"
    )


def test_leaving_by_an_exit_hex_in_the_movement_phase_is_not_flagged():
    game = ridge_game()
    play = Play(game.setup)
    uid = unit_on(game, "D9")
    play(*turn(1, ALLIES), HexMove(uid, hx(game, "H9")), ExitBoard(uid))
    assert play.totals() == {ALLIES: 1, AXIS: 0}
    assert last_flags(play) == []


def test_a_side_with_no_exit_objective_leaving_in_its_command_phase_is_flagged_twice():
    """Germany has no exit markers: it may leave by a baseline for no banner; and
    moving off is part of an ordered move, so before the movement phase it is
    flagged too (docs/hex.md, Leaving the battlefield)."""
    game = ridge_game()
    play = Play(game.setup)
    uid = unit_on(game, "F9")
    play(TurnStart(1, AXIS), ExitBoard(uid))
    assert play.tl.current.scene.units[uid].removed
    no_banner, phase = last_flags(play)
    assert "no exit objective names Germany, so leaving the battlefield earns it no banner" in (
        no_banner
    )
    assert "outside Germany's movement phase" in phase


def test_an_exit_hex_used_after_the_movement_phase_still_scores_but_is_flagged():
    game = ridge_game()
    play = Play(game.setup)
    uid = unit_on(game, "D9")
    play(*turn(1, ALLIES), HexMove(uid, hx(game, "H9")), PhaseEnd("movement"), ExitBoard(uid))
    assert play.totals() == {ALLIES: 1, AXIS: 0}
    (flag,) = last_flags(play)
    assert "outside United States' movement phase" in flag


def test_a_refused_exit_off_the_exit_hexes_names_them_not_the_baselines():
    """E7 to D9 in the turn: D9 is no exit hex, and off them a unit leaves only
    by a baseline it stood on when its turn began (docs/hex.md, Leaving the
    battlefield)."""
    game = ridge_game()
    play = Play(game.setup)
    uid = unit_on(game, "E7")
    play(*turn(1, ALLIES), HexMove(unit_on(game, "D9"), hx(game, "c8")))
    play(HexMove(uid, hx(game, "D9")))
    marked = ", ".join(hex_label(hx(game, n)) for n in ("H9", "I9"))
    with pytest.raises(RuleError) as refused:
        play(ExitBoard(uid))
    why = str(refused.value)
    assert f"hex {hex_label(hx(game, 'D9'))}: it is not one of United States' exit " in why
    assert f"({marked})" in why and f"it stood on hex {hex_label(hx(game, 'E7'))}" in why
    assert "row 1" not in why
