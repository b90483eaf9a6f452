"""Capture the Flags: all Scoring Units are marked, topped up by the opponent to
exactly 3; the fewest marked units removed as casualties wins."""

from __future__ import annotations

import pytest
from t9a_helpers import A, B, ObjectiveSpec, result, setup, state, unit, whole_game

from tabletop_gui.model.events import RemoveCasualty, TurnStart, UpdatePiece
from tabletop_gui.rules import RuleError
from tabletop_gui.rules.scoreboard import PieceMark, Role, Status
from tabletop_gui.rules.t9a.events import FlagMark

FLAGS = ObjectiveSpec("obj", "t9a.capture_the_flags")


def army(side, n_scoring, n_other=0, y=5):
    units = [unit(f"{side}{i}", side, 5 + 6 * i, y) for i in range(n_scoring)]
    units += [unit(f"{side}x{i}", side, 50 + 6 * i, y, scoring=False) for i in range(n_other)]
    return units


def test_all_scoring_units_are_marked_and_the_fewest_marked_casualties_wins():
    units = army(A, 4) + army(B, 3, y=43)
    events = [RemoveCasualty("a0"), RemoveCasualty("a1"), RemoveCasualty("b0"), *whole_game()]
    r = result(setup([FLAGS], units), events)
    assert r.details["marked"] == {A: ["a0", "a1", "a2", "a3"], B: ["b0", "b1", "b2"]}
    assert r.counts == {A: 2, B: 1}
    assert r.final and (r.status, r.leader) == (Status.WON, B)
    assert r.problems == ()


def test_equal_marked_casualties_is_a_tie_nobody_wins():
    units = army(A, 3) + army(B, 3, y=43)
    events = [RemoveCasualty("a0"), RemoveCasualty("b0"), *whole_game()]
    r = result(setup([FLAGS], units), events)
    assert r.counts == {A: 1, B: 1}
    assert r.final and (r.status, r.leader) == (Status.TIE, None)


def test_losing_an_unmarked_unit_does_not_count():
    units = army(A, 3, n_other=1) + army(B, 3, y=43)
    r = result(setup([FLAGS], units), [RemoveCasualty("ax0")])
    assert r.counts == {A: 0, B: 0}
    assert r.status is Status.NONE


def test_fleeing_marked_unit_stays_marked_and_is_not_a_casualty():
    units = army(A, 3) + army(B, 3, y=43)
    events = [TurnStart(1), UpdatePiece("a0", {"fleeing": True})]
    r = result(setup([FLAGS], units), events)
    assert "a0" in r.details["marked"][A]
    assert r.counts == {A: 0, B: 0}


def test_army_with_fewer_than_3_marked_units_must_be_topped_up_by_the_opponent():
    units = army(A, 3) + army(B, 2, n_other=2, y=43)
    s = setup([FLAGS], units)
    r = result(s)
    assert any("Orcs has 2 marked units: Equitaine must mark 1 more" in p for p in r.problems)
    r = result(s, [FlagMark("bx0")])
    assert r.problems == ()
    assert r.details["marked"][B] == ["b0", "b1", "bx0"]
    r = result(s, [FlagMark("bx0"), RemoveCasualty("bx0")])
    assert r.counts == {A: 0, B: 1}


def test_marks_may_also_be_given_as_a_parameter():
    units = army(A, 3) + army(B, 1, n_other=2, y=43)
    spec = ObjectiveSpec("obj", "t9a.capture_the_flags", {"marks": ["bx0", "bx1"]})
    r = result(setup([spec], units))
    assert r.problems == ()
    assert r.details["marked"][B] == ["b0", "bx0", "bx1"]


def test_extra_mark_on_an_army_that_already_has_3_is_against_the_rule():
    units = army(A, 3, n_other=1) + army(B, 3, y=43)
    r = result(setup([FLAGS], units), [FlagMark("ax0")])
    assert any("no extra marks" in p for p in r.problems)
    bad = [h for h in r.highlights if isinstance(h, PieceMark) and h.role is Role.PLACEMENT_ERROR]
    assert [h.piece_id for h in bad] == ["ax0"]
    assert "ax0" not in r.details["marked"][A]


def test_army_smaller_than_3_units_has_all_its_units_marked_and_no_problem():
    units = army(A, 3) + army(B, 1, n_other=1, y=43)
    r = result(setup([FLAGS], units), [FlagMark("bx0")])
    assert r.problems == ()
    assert r.details["marked"][B] == ["b0", "bx0"]


def test_marks_are_made_before_the_game_not_during_it():
    units = army(A, 3) + army(B, 2, n_other=1, y=43)
    with pytest.raises(RuleError, match="before the game"):
        state(setup([FLAGS], units), [TurnStart(1), FlagMark("bx0")])


def test_scoring_is_read_when_the_game_starts_losing_it_later_does_not_unmark():
    units = army(A, 3) + army(B, 3, y=43)
    events = [TurnStart(1), UpdatePiece("a0", {"scoring": False}), RemoveCasualty("a0")]
    r = result(setup([FLAGS], units), events)
    assert r.counts == {A: 1, B: 0}
