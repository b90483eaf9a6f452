"""Breakthrough, Withdraw and Time Pressure."""

from __future__ import annotations

import pytest
from hexkit import BLUE, RED, Play, end, setup, turn, unit

from tabletop_gui.model.events import PhaseEnd
from tabletop_gui.rules import RuleError
from tabletop_gui.rules.hexbanners.events import (
    Eliminate,
    ExitBoard,
    HexMove,
    PlayCard,
    TakeTimePressureBanner,
)


def breakthrough(**params):
    return [("bt", "breakthrough", {"side": BLUE, **params})]


def test_a_unit_on_reds_baseline_at_the_start_of_blues_turn_exits_for_a_breakthrough_banner():
    p = Play(setup([unit("b1", BLUE, (4, 8))], breakthrough()))
    p(*turn(2, BLUE), ExitBoard("b1"))
    assert p.banners("bt") == {BLUE: 1}
    assert p.tl.current.scene.units["b1"].removed
    assert "left from hex E9 in turn 2: one banner" in p.reason("bt")


def test_an_exit_by_a_unit_off_the_baseline_at_the_start_of_its_turn_is_refused():
    # The unit must already be on the opponent's baseline when its turn begins: a
    # condition for leaving at all, so the unit stays on the board.
    p = Play(setup([unit("b1", BLUE, (4, 7))], breakthrough()))
    p(*turn(2, BLUE), HexMove("b1", (4, 8)))
    with pytest.raises(RuleError, match="only from a baseline it already stood on when its turn"):
        p(ExitBoard("b1"))
    assert not p.tl.current.scene.units["b1"].removed
    assert p.banners("bt") == {}


def test_a_breakthrough_exit_by_a_unit_that_started_on_its_own_baseline_is_refused():
    # Breakthrough leaves from the opponent's baseline: a unit that began its turn
    # on its own baseline (row 0) and walks along it may not leave there.
    p = Play(setup([unit("b1", BLUE, (4, 0))], breakthrough()))(*turn(1, BLUE))
    with pytest.raises(RuleError, match="stood on hex E1 at the start of its turn"):
        p(ExitBoard("b1"))


def test_a_withdraw_exit_by_a_unit_that_started_on_the_enemy_baseline_is_refused():
    p = Play(setup([unit("b1", BLUE, (4, 8))], [("w", "withdraw", {"side": BLUE})]))
    p(*turn(1, BLUE))
    with pytest.raises(RuleError, match="already stood on when its turn began"):
        p(ExitBoard("b1"))


def test_a_unit_on_the_opponents_baseline_at_its_turn_start_may_slide_along_it_and_exit():
    # The rule asks only that the unit already stands on a hex of the opponent's
    # baseline when its turn begins: it may move along it and leave from another.
    p = Play(setup([unit("b1", BLUE, (4, 8))], breakthrough()))
    p(*turn(2, BLUE), HexMove("b1", (5, 8)), ExitBoard("b1"))
    assert p.banners("bt") == {BLUE: 1}
    assert "left from hex F9 in turn 2: one banner" in p.reason("bt")


@pytest.mark.parametrize(
    "how", [{"settings": {"exit_same_hex": True}}, {"params": {"same_hex": True}}]
)
def test_the_narrower_reading_refuses_an_exit_from_another_hex_than_the_turns_start(how):
    s = setup([unit("b1", BLUE, (4, 8))], breakthrough(**how.get("params", {})),
              **how.get("settings", {}))  # fmt: skip
    p = Play(s)(*turn(2, BLUE), HexMove("b1", (5, 8)))
    with pytest.raises(RuleError, match="stood on hex E9 at the start of its turn, not on hex F9"):
        p(ExitBoard("b1"))
    assert not p.tl.current.scene.units["b1"].removed
    p(HexMove("b1", (4, 8)), ExitBoard("b1"))  # back on the hex it started on: it may leave
    assert p.banners("bt") == {BLUE: 1}


def test_an_objectives_own_same_hex_false_keeps_the_broad_reading_under_the_setting():
    s = setup([unit("b1", BLUE, (4, 8))], breakthrough(same_hex=False), exit_same_hex=True)
    p = Play(s)(*turn(2, BLUE), HexMove("b1", (5, 8)), ExitBoard("b1"))
    assert p.banners("bt") == {BLUE: 1}


def test_no_exit_is_accepted_for_no_banner_in_either_reading():
    """Every exit a Breakthrough side makes in its own turn either earns its banner
    or is refused: none is kept on the log for nothing."""
    for same in (False, True):
        for start, moves in (((4, 8), [(5, 8)]), ((4, 8), []), ((4, 7), [(4, 8)])):
            p = Play(setup([unit("b1", BLUE, start)], breakthrough(), exit_same_hex=same))
            p(*turn(2, BLUE), *(HexMove("b1", to) for to in moves))
            try:
                p(ExitBoard("b1"))
            except RuleError:
                assert not p.tl.current.scene.units["b1"].removed
                continue
            assert p.banners("bt") == {BLUE: 1}, (same, start, moves)


def test_two_exits_give_two_breakthrough_banners_and_do_not_count_as_eliminated():
    p = Play(setup([unit("b1", BLUE, (4, 8)), unit("b2", BLUE, (5, 8))], breakthrough()))
    p(*turn(3, BLUE), ExitBoard("b1"), ExitBoard("b2"))
    assert p.banners("bt") == {BLUE: 2}
    assert p.totals() == {BLUE: 2, RED: 0}


def test_an_exit_that_was_not_ordered_is_refused_with_the_rules_words():
    p = Play(setup([unit("b1", BLUE, (4, 8))], breakthrough()))(*turn(2, BLUE))
    with pytest.raises(RuleError, match="must be ordered and move off"):
        p(ExitBoard("b1", ordered=False))
    assert not p.tl.current.scene.units["b1"].removed


def test_leaving_from_ones_own_baseline_is_a_withdraw_not_a_breakthrough():
    s = setup([unit("b1", BLUE, (4, 0))], [*breakthrough(), ("w", "withdraw", {"side": BLUE})])
    p = Play(s)(*turn(1, BLUE), ExitBoard("b1"))
    assert p.banners("bt") == {}
    assert p.banners("w") == {BLUE: 1}


def test_a_unit_cannot_leave_the_board_from_a_hex_off_the_baselines():
    p = Play(setup([unit("b1", BLUE, (4, 4))], breakthrough()))(*turn(1, BLUE))
    with pytest.raises(RuleError, match="only from a baseline hex"):
        p(ExitBoard("b1"))


def test_a_unit_cannot_leave_the_board_in_the_enemys_turn():
    p = Play(setup([unit("b1", BLUE, (4, 8))], breakthrough()))(*turn(1, RED))
    with pytest.raises(RuleError, match="in Red's turn"):
        p(ExitBoard("b1"))


def test_the_baselines_setting_swaps_which_end_is_whose():
    s = setup([unit("b1", BLUE, (4, 0))], breakthrough(), baselines={BLUE: "far", RED: "near"})
    p = Play(s)(*turn(1, BLUE), ExitBoard("b1"))
    assert p.banners("bt") == {BLUE: 1}


# -- Time Pressure --------------------------------------------------------------


def time_pressure(target=3, more=()):
    objectives = [("tp", "time_pressure", {"side": RED}), *more]
    return setup(
        [unit("b1", BLUE, (4, 0)), unit("r1", RED, (4, 8))], objectives, banner_target=target
    )


def test_red_under_time_pressure_takes_a_banner_after_playing_scout():
    p = Play(time_pressure())(*turn(1, RED), PlayCard(RED, "Scout"), PhaseEnd("movement"))
    p(TakeTimePressureBanner(RED))
    assert p.banners("tp") == {RED: 1}
    assert p.totals() == {BLUE: 0, RED: 1}


def test_no_time_pressure_banner_without_a_scout_card_this_turn():
    p = Play(time_pressure())(*turn(1, RED), PlayCard(RED, "Probe Center"))
    with pytest.raises(RuleError, match="has not played a Scout card"):
        p(TakeTimePressureBanner(RED))


def test_one_scout_card_gives_one_time_pressure_banner():
    p = Play(time_pressure(target=5))(
        *turn(1, RED), PlayCard(RED, "Scout"), TakeTimePressureBanner(RED)
    )
    with pytest.raises(RuleError, match="already used it"):
        p(TakeTimePressureBanner(RED))


def test_a_side_not_under_time_pressure_cannot_take_the_banner():
    p = Play(time_pressure())(*turn(1, BLUE), PlayCard(BLUE, "Scout"))
    with pytest.raises(RuleError, match="Blue is not under time pressure"):
        p(TakeTimePressureBanner(BLUE))


def test_a_time_pressure_banner_that_would_win_the_battle_is_refused_with_the_reason():
    p = Play(time_pressure(target=2))
    p(*turn(1, RED), PlayCard(RED, "Scout"), TakeTimePressureBanner(RED), *end(1, RED))
    assert p.totals()[RED] == 1
    p(*turn(2, RED), PlayCard(RED, "Scout"))
    with pytest.raises(RuleError) as exc:
        p(TakeTimePressureBanner(RED))
    assert str(exc.value) == (
        "Refused: a Time Pressure banner would be Red's 2nd banner, "
        "the one that wins the battle (target 2)."
    )
    assert p.totals()[RED] == 1


def test_time_pressure_is_taken_at_the_end_of_the_turn_so_nothing_of_the_turn_may_follow_it():
    # Target 2, Red on 0. Taken mid-turn, the banner (1) would let a later
    # elimination in the same turn win; at the end of the turn the elimination
    # (1) comes first and the banner (2) would be refused. So, after the banner,
    # only the end of the phase and of the turn may follow.
    p = Play(time_pressure(target=2))(*turn(1, RED), PlayCard(RED, "Scout"))
    p(TakeTimePressureBanner(RED))
    with pytest.raises(RuleError, match="end of Red's turn"):
        p(Eliminate("b1"))
    with pytest.raises(RuleError, match="end of Red's turn"):
        p(HexMove("r1", (4, 7)))
    p(*end(1, RED))
    assert p.totals() == {BLUE: 0, RED: 1}
    p(*turn(1, BLUE))
    p(HexMove("b1", (4, 1)))  # the next turn plays on


def test_a_refusal_names_a_side_ending_in_s_with_its_possessive():
    # Memoir imports name the sides by country: "United States' turn", never
    # "United States's turn".
    from dataclasses import replace

    from tabletop_gui.model import Side

    s = setup([unit("b1", BLUE, (4, 8))], breakthrough())
    sides = (Side(BLUE, "Germany", "#0072b2"), Side(RED, "United States", "#d55e00"))
    s = replace(s, scene=replace(s.scene, sides=sides, cache={}))
    p = Play(s)(*turn(1, RED))
    with pytest.raises(RuleError, match="cannot exit in United States' turn"):
        p(ExitBoard("b1"))
