"""Permanent, Turn Start Permanent and Clearing a Sector banners."""

from __future__ import annotations

from hexkit import BLUE, RED, Play, end, setup, turn, unit

from tabletop_gui.model.events import PhaseEnd
from tabletop_gui.rules.hexbanners.events import Eliminate, HexMove, Retreat

H = (6, 4)


def permanent(kind="permanent", **params):
    return [("p", kind, {"side": BLUE, "hexes": [list(H)], **params})]


def test_permanent_is_captured_the_moment_blue_enters_and_kept_after_it_leaves():
    p = Play(setup([unit("b1", BLUE, (6, 3)), unit("r1", RED, (5, 6))], permanent()))
    p(*turn(1, BLUE))
    assert p.banners("p") == {}
    p(HexMove("b1", H))
    assert p.banners("p") == {BLUE: 1}
    p(HexMove("b1", (6, 3)), *end(1, BLUE), *turn(1, RED), HexMove("r1", H))
    assert p.banners("p") == {BLUE: 1}
    assert "Blue captured hex G5 for good: B1 entered hex G5 (turn 1)" in p.reason("p")


def test_permanent_is_kept_when_its_unit_is_eliminated_on_the_hex():
    p = Play(setup([unit("b1", BLUE, (6, 3)), unit("r1", RED, (5, 6))], permanent()))
    p(*turn(1, BLUE), HexMove("b1", H), *end(1, BLUE), *turn(1, RED), Eliminate("b1"))
    assert p.banners("p") == {BLUE: 1}
    assert p.totals() == {BLUE: 1, RED: 1}


def test_permanent_is_not_given_to_the_other_side():
    p = Play(setup([unit("r1", RED, (6, 5))], permanent()))
    p(*turn(1, RED), HexMove("r1", H))
    assert p.banners("p") == {}


def test_a_unit_standing_on_a_permanent_hex_at_setup_has_not_captured_it():
    p = Play(setup([unit("b1", BLUE, H)], permanent()))
    p(*turn(1, BLUE), *end(1, BLUE))
    assert p.banners("p") == {}


def test_a_retreat_onto_a_permanent_hex_captures_it():
    p = Play(setup([unit("b1", BLUE, (6, 5))], permanent()))
    p(*turn(1, RED), PhaseEnd("movement"), Retreat("b1", H))
    assert p.banners("p") == {BLUE: 1}


def test_turn_start_permanent_needs_the_hex_at_the_start_of_blues_turn_then_stays():
    p = Play(setup([unit("b1", BLUE, (6, 3))], permanent("turn_start_permanent")))
    p(*turn(1, BLUE), HexMove("b1", H), *end(1, BLUE), *turn(1, RED))
    assert p.banners("p") == {}
    p(*end(1, RED), *turn(2, BLUE))
    assert p.banners("p") == {BLUE: 1}
    p(HexMove("b1", (6, 3)), *end(2, BLUE), *turn(2, RED))
    assert p.banners("p") == {BLUE: 1}
    assert "stood at the start of Blue's turn 2 on hex G5" in p.reason("p")


def test_turn_start_permanent_not_gained_if_the_hex_was_left_before_the_turn_started():
    p = Play(
        setup(
            [unit("b1", BLUE, (6, 3)), unit("r1", RED, (2, 6))], permanent("turn_start_permanent")
        )
    )
    p(*turn(1, BLUE), HexMove("b1", H), *end(1, BLUE), *turn(1, RED), PhaseEnd("movement"))
    p(Retreat("b1", (6, 3)), *end(1, RED)[1:], *turn(2, BLUE))
    assert p.banners("p") == {}


# -- Clearing a Sector --------------------------------------------------------


def sector(section="left"):
    return [("c", "clearing_sector", {"side": BLUE, "section": section})]


def test_a_sector_cleared_for_three_turns_gives_three_banners():
    p = Play(setup([unit("b1", BLUE, (1, 0)), unit("r1", RED, (6, 8))], sector()))
    got = []
    for n in (1, 2, 3):
        p(*turn(n, BLUE))
        got.append(p.banners("c").get(BLUE, 0))
        p(*end(n, BLUE), *turn(n, RED), *end(n, RED))
    assert got == [1, 2, 3]
    assert "turn 1 (+1), turn 2 (+1), turn 3 (+1)" in p.reason("c")


def test_the_first_clear_turn_gives_two_banners_when_the_scenario_says_so():
    s = setup([unit("r1", RED, (6, 8))], sector(), sector_first_banners=2)
    p = Play(s)
    got = []
    for n in (1, 2, 3):
        p(*turn(n, BLUE))
        got.append(p.banners("c").get(BLUE, 0))
        p(*end(n, BLUE), *turn(n, RED), *end(n, RED))
    assert got == [2, 3, 4]


def test_an_enemy_in_the_section_at_the_start_of_the_turn_gives_nothing_and_banners_stay():
    s = setup([unit("b1", BLUE, (1, 0)), unit("r1", RED, (6, 8))], sector())
    p = Play(s)(*turn(1, BLUE), *end(1, BLUE), *turn(1, RED), HexMove("r1", (2, 6)))
    assert p.banners("c") == {BLUE: 1}
    p(*end(1, RED), *turn(2, BLUE))
    assert p.banners("c") == {BLUE: 1}  # not clear now, the first banner stays
    assert "now not clear: R1 on hex C7" in p.reason("c")
    p(Eliminate("r1"), *end(2, BLUE), *turn(2, RED), *end(2, RED), *turn(3, BLUE))
    assert p.banners("c") == {BLUE: 2}  # clear again: one more


def test_a_red_unit_on_a_dotted_hex_does_not_block_the_left_section_but_blocks_the_centre():
    s = setup(
        [unit("r1", RED, (3, 5))],
        [*sector("left"), ("cc", "clearing_sector", {"side": BLUE, "section": "centre"})],
    )
    p = Play(s)(*turn(1, BLUE))
    assert p.banners("c") == {BLUE: 1}
    assert p.banners("cc") == {}


def test_clearing_is_counted_only_at_the_clearing_sides_turn_start():
    p = Play(setup([unit("r1", RED, (6, 8))], sector()))(*turn(1, RED), *end(1, RED))
    assert p.banners("c") == {}


def test_a_permanent_hex_open_to_both_sides_gives_its_one_banner_to_the_first_to_enter():
    # One banner lies in the hex: Blue captures it for good; Red entering later gains nothing.
    objectives = [("p", "permanent", {"hexes": [list(H)]})]
    p = Play(setup([unit("b1", BLUE, (6, 3)), unit("r1", RED, (6, 5))], objectives))
    p(*turn(1, BLUE), HexMove("b1", H), HexMove("b1", (5, 3)), *end(1, BLUE))
    p(*turn(1, RED), HexMove("r1", H))
    assert p.banners("p") == {BLUE: 1}
    assert p.totals() == {BLUE: 1, RED: 0}
    assert "Red captured" not in p.reason("p")


def test_a_turn_start_permanent_hex_open_to_both_sides_gives_one_banner_only():
    objectives = [("p", "turn_start_permanent", {"hexes": [list(H)]})]
    p = Play(setup([unit("b1", BLUE, H), unit("r1", RED, (6, 5))], objectives))
    p(*turn(1, BLUE), HexMove("b1", (5, 3)), *end(1, BLUE))
    p(*turn(1, RED), HexMove("r1", H), *end(1, RED), *turn(2, BLUE), *end(2, BLUE), *turn(2, RED))
    assert p.banners("p") == {BLUE: 1}


def test_a_sector_clear_before_any_banner_says_the_first_banner_not_one_more():
    objectives = [("s", "clearing_sector", {"section": "centre", "side": BLUE})]
    p = Play(setup([unit("b1", BLUE, (1, 0)), unit("r1", RED, (1, 8))], objectives))
    reason = p.reason("s")
    assert "one more" not in reason
    assert "gains its first banner at the start of its next turn if it stays so" in reason
