"""A setup can state banners already won before its log starts (settings
``banners_before``): they add to the totals and count toward the target."""

from __future__ import annotations

import pytest
from hexkit import BLUE, RED, Play, setup, turn, unit

from tabletop_gui.model.events import GameEnd
from tabletop_gui.rules import RuleError
from tabletop_gui.rules.engine import family_of
from tabletop_gui.rules.hexbanners.events import Eliminate


def test_banners_won_before_the_log_add_to_the_totals_and_can_reach_the_target():
    s = setup([unit("b1", BLUE, (4, 1)), unit("r1", RED, (4, 7))],
              banner_target=3, banners_before={BLUE: 2, RED: 1})  # fmt: skip
    p = Play(s)
    assert p.totals() == {BLUE: 2, RED: 1}
    assert "Won before the log starts" in p.board.result("hex.banners_before").reason
    p(*turn(1, BLUE), Eliminate("r1"))
    assert p.totals() == {BLUE: 3, RED: 1}
    assert p.board.winner == BLUE


def test_a_banners_before_value_that_is_not_a_count_is_named_and_ignored():
    p = Play(setup([unit("b1", BLUE, (4, 1))], banners_before={BLUE: "two"}))
    assert p.totals() == {BLUE: 0, RED: 0}
    elim = p.board.result("hex.eliminations")
    assert any("banners_before.blue: expected a whole number" in x for x in elim.problems)


def test_a_battle_won_before_the_log_starts_is_over_and_refuses_its_first_event():
    """docs/hex.md: once a side has reached its target every further event is
    refused; banners_before that already reach it end the battle before event 1."""
    s = setup([unit("b1", BLUE, (4, 1)), unit("r1", RED, (4, 7))],
              banner_target=3, banners_before={RED: 3})  # fmt: skip
    p = Play(s)
    assert p.board.winner == RED
    family = family_of(s)
    assert family.game_over(p.tl.current)
    for event in (*turn(1, BLUE), Eliminate("r1")):
        with pytest.raises(RuleError, match="The battle is over: Red reached 3 Victory Banners"):
            p(event)
    assert not p.tl.events
    p(GameEnd())  # a game_end changes nothing and is let through
    assert p.board.winner == RED
