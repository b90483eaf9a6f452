"""Temporary, Start Turn Temporary and Turn Start Temporary Majority banners,
over event sequences written from docs/hex.md and the Tricorne rules."""

from __future__ import annotations

from hexkit import BLUE, BOARD, RED, Play, end, setup, turn, unit

from tabletop_gui.model.events import MovePiece, PhaseEnd, PhaseStart, TurnEnd
from tabletop_gui.rules.hexbanners.events import Eliminate, HexMove, Retreat

H = (6, 4)
RIDGE = [[5, 4], [6, 4], [7, 4]]


def temporary(**params):
    return [("t", "temporary", {"side": BLUE, "hexes": [list(H)], **params})]


# -- Temporary --------------------------------------------------------------


def test_temporary_is_gained_the_moment_blue_enters_and_kept_through_reds_turn():
    p = Play(setup([unit("b1", BLUE, (6, 3))], temporary()))
    p(*turn(1, BLUE))
    assert p.banners("t") == {}
    p(HexMove("b1", H))
    assert p.banners("t") == {BLUE: 1}
    p(*end(1, BLUE), *turn(1, RED), *end(1, RED))
    assert p.banners("t") == {BLUE: 1}
    assert p.totals() == {BLUE: 1, RED: 0}


def test_temporary_is_lost_the_moment_its_unit_moves_away():
    p = Play(setup([unit("b1", BLUE, H)], temporary()))
    assert p.banners("t") == {BLUE: 1}  # occupied at setup: held from the start
    p(*turn(1, BLUE), HexMove("b1", (6, 3)))
    assert p.banners("t") == {}
    assert "lost it when B1 was ordered out of hex G5" in p.reason("t")


def test_temporary_is_lost_the_moment_its_unit_retreats():
    p = Play(setup([unit("b1", BLUE, H), unit("r1", RED, (6, 6))], temporary()))
    p(*turn(1, RED), PhaseEnd("movement"), PhaseStart("battle"))
    assert p.banners("t") == {BLUE: 1}
    p(Retreat("b1", (6, 3)))
    assert p.banners("t") == {}
    assert "B1 retreats 1 hex (G5 to g4)" in p.reason("t")


def test_temporary_is_lost_the_moment_its_unit_is_eliminated_and_red_gains_a_banner():
    p = Play(setup([unit("b1", BLUE, H), unit("r1", RED, (6, 6))], temporary()))
    p(*turn(1, RED), PhaseEnd("movement"))
    assert p.totals() == {BLUE: 1, RED: 0}
    p(Eliminate("b1"))
    assert p.banners("t") == {}
    assert p.totals() == {BLUE: 0, RED: 1}


def test_a_lone_leader_does_not_occupy_the_hex_by_default():
    s = setup([unit("b-general", BLUE, (6, 3), leader=True)], temporary())
    p = Play(s)(*turn(1, BLUE), HexMove("b-general", H))
    assert p.banners("t") == {}


def test_a_lone_leader_occupies_when_the_scenario_says_so():
    s = setup(
        [unit("b-general", BLUE, (6, 3), leader=True)], temporary(), lone_leader_occupies=True
    )
    p = Play(s)(*turn(1, BLUE), HexMove("b-general", H))
    assert p.banners("t") == {BLUE: 1}


def test_the_unit_leaving_a_leader_behind_loses_the_banner():
    s = setup([unit("b1", BLUE, H), unit("b-general", BLUE, H, leader=True)], temporary())
    p = Play(s)(*turn(1, BLUE), PhaseEnd("movement"), PhaseStart("battle"))
    assert p.banners("t") == {BLUE: 1}
    p(Retreat("b1", (6, 3)))
    assert p.banners("t") == {}


def test_a_group_sharing_one_temporary_banner_needs_the_set_number_of_hexes():
    s = setup(
        [unit("b1", BLUE, (5, 3)), unit("b2", BLUE, (6, 3))],
        [("t", "temporary", {"side": BLUE, "group": "Ridge", "hexes": RIDGE, "need": 2})],
    )
    p = Play(s)(*turn(1, BLUE), HexMove("b1", (5, 4)))
    assert p.banners("t") == {}
    p(HexMove("b2", (6, 4)))
    assert p.banners("t") == {BLUE: 1}
    assert "2 of 3 hexes of group Ridge" in p.reason("t")


def test_a_temporary_hex_for_both_sides_goes_to_whoever_occupies_it():
    s = setup(
        [unit("b1", BLUE, H), unit("r1", RED, (6, 5))],
        [("t", "temporary", {"hexes": [list(H)]})],
    )
    p = Play(s)(*turn(1, BLUE), HexMove("b1", (5, 3)), *end(1, BLUE), *turn(1, RED))
    assert p.banners("t") == {}
    p(HexMove("r1", H))
    assert p.banners("t") == {RED: 1}


def test_a_temporary_hex_handed_over_in_the_same_movement_phase_says_it_was_kept():
    s = setup([unit("b1", BLUE, H), unit("b2", BLUE, (7, 4))], temporary())
    p = Play(s)(*turn(1, BLUE), HexMove("b1", (6, 5)), HexMove("b2", H))
    assert p.banners("t") == {BLUE: 1}
    assert "B2 took over hex G5 in the same movement phase" in p.reason("t")


# -- Start Turn Temporary ------------------------------------------------------


def start_turn(**params):
    return [("s", "start_turn_temporary", {"side": BLUE, "hexes": [list(H)], **params})]


def test_start_turn_temporary_is_not_gained_by_entering_but_at_the_start_of_blues_next_turn():
    p = Play(setup([unit("b1", BLUE, (6, 3))], start_turn()))
    p(*turn(1, BLUE), HexMove("b1", H), *end(1, BLUE))
    assert p.banners("s") == {}
    p(*turn(1, RED))
    assert p.banners("s") == {}  # Red's turn start does not give Blue the banner
    p(*end(1, RED), *turn(2, BLUE))
    assert p.banners("s") == {BLUE: 1}
    assert "Blue holds hex G5 at the start of Blue's turn 2" in p.reason("s")


def test_start_turn_temporary_is_lost_at_once_when_vacated_and_not_regained_by_re_entering():
    p = Play(setup([unit("b1", BLUE, H), unit("r1", RED, (6, 6))], start_turn()))
    p(*turn(1, BLUE))
    assert p.banners("s") == {BLUE: 1}
    p(*end(1, BLUE), *turn(1, RED), PhaseEnd("movement"), Retreat("b1", (6, 3)))
    assert p.banners("s") == {}
    p(TurnEnd(1, RED), *turn(2, BLUE), HexMove("b1", H))
    assert p.banners("s") == {}  # back on the hex, but not at the start of the turn


def test_same_phase_hand_over_keeps_a_start_turn_temporary_banner():
    p = Play(setup([unit("b1", BLUE, H), unit("b2", BLUE, (7, 4))], start_turn()))
    p(*turn(1, BLUE))
    assert p.banners("s") == {BLUE: 1}
    p(HexMove("b1", (6, 5)))
    assert p.banners("s") == {}  # vacated for the moment
    p(HexMove("b2", H))
    assert p.banners("s") == {BLUE: 1}  # another ordered friendly unit took it over
    p(*end(1, BLUE), *turn(1, RED), *end(1, RED))
    assert p.banners("s") == {BLUE: 1}


def test_no_hand_over_once_the_movement_phase_has_ended():
    p = Play(setup([unit("b1", BLUE, H), unit("b2", BLUE, (7, 4))], start_turn()))
    p(*turn(1, BLUE), HexMove("b1", (6, 5)), PhaseEnd("movement"), PhaseStart("battle"))
    p(HexMove("b2", H))
    assert p.banners("s") == {}


def test_no_hand_over_by_a_unit_that_was_not_ordered():
    p = Play(setup([unit("b1", BLUE, H), unit("b2", BLUE, (7, 4))], start_turn()))
    p(*turn(1, BLUE), HexMove("b1", (6, 5)), HexMove("b2", H, ordered=False))
    assert p.banners("s") == {}


def test_no_hand_over_when_the_first_unit_retreated_out():
    p = Play(setup([unit("b1", BLUE, H), unit("b2", BLUE, (7, 4))], start_turn()))
    p(*turn(1, BLUE), Retreat("b1", (6, 5)), HexMove("b2", H))
    assert p.banners("s") == {}


def test_a_plain_move_during_the_movement_phase_counts_as_ordered_for_the_hand_over():
    x, y = BOARD.hex_to_point(H)
    p = Play(setup([unit("b1", BLUE, H), unit("b2", BLUE, (7, 4))], start_turn()))
    p(*turn(1, BLUE), HexMove("b1", (6, 5)), MovePiece("b2", x + 0.3, y - 0.2))
    assert p.banners("s") == {BLUE: 1}
    assert (p.tl.current.scene.units["b2"].x, p.tl.current.scene.units["b2"].y) == (x, y)


# -- Turn Start Temporary Majority --------------------------------------------


def majority():
    return [("m", "turn_start_majority", {"group": "Ridge", "hexes": RIDGE})]


def test_majority_one_to_none_at_the_start_of_blues_turn_gives_blue_the_banner():
    p = Play(setup([unit("b1", BLUE, (5, 4)), unit("r1", RED, (6, 6))], majority()))
    assert p.banners("m") == {}
    p(*turn(1, BLUE))
    assert p.banners("m") == {BLUE: 1}
    assert p.reason("m").startswith(
        "Blue holds 1 of 3 hexes of group Ridge at the start of Blue's turn 1 (Red 0)"
    )


def test_majority_one_to_one_at_the_start_of_the_turn_gives_nobody_the_banner():
    p = Play(setup([unit("b1", BLUE, (5, 4)), unit("r1", RED, (7, 4))], majority()))
    p(*turn(1, BLUE))
    assert p.banners("m") == {}
    p(*end(1, BLUE), *turn(1, RED))
    assert p.banners("m") == {}


def test_majority_is_lost_at_once_when_the_enemy_makes_it_one_to_one():
    p = Play(setup([unit("b1", BLUE, (5, 4)), unit("r1", RED, (7, 5))], majority()))
    p(*turn(1, BLUE), *end(1, BLUE), *turn(1, RED))
    assert p.banners("m") == {BLUE: 1}
    p(HexMove("r1", (7, 4)))
    assert p.banners("m") == {}


def test_majority_is_gained_only_at_the_start_of_the_sides_own_turn():
    s = setup(
        [unit("b1", BLUE, (5, 3)), unit("r1", RED, (6, 4)), unit("r2", RED, (7, 4))], majority()
    )
    p = Play(s)(*turn(1, BLUE))
    assert p.banners("m") == {}  # Red has 2 to 0, but it is Blue's turn that starts
    p(*end(1, BLUE), *turn(1, RED))
    assert p.banners("m") == {RED: 1}
    assert (
        "Red holds 2 of 3 hexes of group Ridge at the start of Red's turn 1 (Blue 0)"
        in p.reason("m")
    )


def test_majority_is_lost_when_an_elimination_turns_two_to_one_into_one_to_one():
    s = setup(
        [
            unit("b1", BLUE, (5, 4)),
            unit("b2", BLUE, (6, 4)),
            unit("r1", RED, (7, 4)),
        ],
        majority(),
    )
    p = Play(s)(*turn(1, BLUE))
    assert p.banners("m") == {BLUE: 1}
    p(*end(1, BLUE), *turn(1, RED), PhaseEnd("movement"), Eliminate("b2"))
    assert p.banners("m") == {}
    assert p.totals() == {BLUE: 0, RED: 1}


def test_majority_hand_over_of_the_same_hex_keeps_it_but_entering_another_hex_does_not():
    units = [unit("b1", BLUE, (5, 4)), unit("b2", BLUE, (5, 3)), unit("r1", RED, (6, 6))]
    kept = Play(setup(units, majority()))(*turn(1, BLUE), HexMove("b1", (4, 4)))
    assert kept.banners("m") == {}
    kept(HexMove("b2", (5, 4)))
    assert kept.banners("m") == {BLUE: 1}
    other = Play(setup(units, majority()))(*turn(1, BLUE), HexMove("b1", (4, 4)))
    other(HexMove("b2", (6, 4)))
    assert other.banners("m") == {}  # a different hex of the group: the first was vacated


def test_majority_hand_over_counts_any_group_hex_left_by_an_ordered_move_this_phase():
    units = [
        unit("b1", BLUE, (5, 4)),
        unit("b2", BLUE, (6, 4)),
        unit("b3", BLUE, (5, 3)),
        unit("r1", RED, (6, 6)),
    ]
    p = Play(setup(units, majority()))(*turn(1, BLUE))
    assert p.banners("m") == {BLUE: 1}
    p(HexMove("b1", (4, 4)))  # still 1 to 0
    assert p.banners("m") == {BLUE: 1}
    p(HexMove("b2", (6, 3)))  # 0 to 0: lost for the moment
    assert p.banners("m") == {}
    p(HexMove("b3", (5, 4)))  # b1's hex, also left by an ordered move this phase
    assert p.banners("m") == {BLUE: 1}
