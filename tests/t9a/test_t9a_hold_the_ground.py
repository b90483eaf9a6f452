"""Hold the Ground: at the end of Game Turns 2 to 6, strictly more Scoring Units
within 6 in of the board centre takes a counter; the most counters wins."""

from __future__ import annotations

import operator

from t9a_helpers import HALF_25, A, B, ObjectiveSpec, result, setup, state, unit, whole_game

from tabletop_gui.model.events import MovePiece, TurnEnd, TurnStart, UpdatePiece
from tabletop_gui.rules.scoreboard import Role, Status

HOLD = ObjectiveSpec("obj", "t9a.hold_the_ground")


def at_distance(uid, side, d, **kw):
    """A single 25 mm model straight north of the centre, its edge ``d`` in from it."""
    return unit(uid, side, 36, 24 + d + HALF_25, **kw)


def test_unit_exactly_6_00_in_from_the_centre_is_within_and_counts():
    r = result(setup([HOLD], [at_distance("u", A, 6.00)]))
    assert r.details["now"] == {A: 1, B: 0}
    assert r.details["now_leader"] == A
    (cp,) = r.counting
    assert abs(cp.margin) < 1e-6


def test_unit_6_01_in_from_the_centre_is_not_within():
    r = result(setup([HOLD], [at_distance("u", A, 6.01)]))
    assert r.details["now"] == {A: 0, B: 0}
    assert r.counting == ()


def test_fleeing_or_non_scoring_unit_near_the_centre_does_not_count_but_is_shown():
    units = [at_distance("f", A, 1, fleeing=True), at_distance("n", B, 2, scoring=False)]
    r = result(setup([HOLD], units))
    assert r.details["now"] == {A: 0, B: 0}
    roles = {h.piece_id: (h.role, h.label) for h in r.highlights if hasattr(h, "role")}
    assert roles["f"] == (Role.NOT_COUNTING, "Fleeing")
    assert roles["n"] == (Role.NOT_COUNTING, "not a Scoring Unit")


def test_turn_2_end_with_equal_counts_gives_no_counter():
    units = [at_distance("a1", A, 1), unit("b1", B, 36, 24 - 2)]
    events = [TurnStart(1), TurnEnd(1), TurnStart(2), TurnEnd(2)]
    r = result(setup([HOLD], units), events)
    assert r.details["checks"] == [{"turn": 2, "counts": {A: 1, B: 1}, "winner": None}]
    assert r.counts == {A: 0, B: 0}
    assert r.leader is None


def test_turn_1_end_is_not_checked_and_turn_2_end_with_more_gives_a_counter():
    units = [at_distance("a1", A, 1), at_distance("a2", A, 3, facing=90)]
    events = [TurnStart(1), TurnEnd(1), TurnStart(2), TurnEnd(2)]
    r = result(setup([HOLD], units), events)
    assert [c["turn"] for c in r.details["checks"]] == [2]
    assert r.counts == {A: 1, B: 0}
    assert (r.status, r.leader) == (Status.LEADING, A)


def test_most_counters_at_the_end_of_turn_6_wins_for_good():
    units = [at_distance("a1", A, 1), unit("b1", B, 36, 40)]
    s = setup([HOLD], units)
    # B takes the centre for turns 2 and 3, A holds it for turns 4, 5 and 6.
    events = whole_game(1)
    events += [TurnStart(2), MovePiece("a1", 36, 40), MovePiece("b1", 36, 25), TurnEnd(2)]
    events += [TurnStart(3), TurnEnd(3)]
    events += [TurnStart(4), MovePiece("a1", 36, 23), MovePiece("b1", 10, 40), TurnEnd(4)]
    events += [TurnStart(5), TurnEnd(5), TurnStart(6), TurnEnd(6)]
    r = result(s, events)
    assert r.counts == {A: 3, B: 2}
    assert r.final and (r.status, r.leader) == (Status.WON, A)


def test_equal_counters_at_the_end_is_a_tie_nobody_wins():
    s = setup([HOLD], [at_distance("a1", A, 1), unit("b1", B, 36, 40)])
    events = whole_game(1)
    events += [TurnStart(2), TurnEnd(2), TurnStart(3), TurnEnd(3)]  # A, A
    events += [TurnStart(4), UpdatePiece("a1", {"fleeing": True}), MovePiece("b1", 36, 25)]
    events += [TurnEnd(4), TurnStart(5), TurnEnd(5)]  # B, B
    events += [TurnStart(6), MovePiece("b1", 36, 40), TurnEnd(6)]  # nobody
    r = result(s, events)
    assert r.counts == {A: 2, B: 2}
    assert r.final and (r.status, r.leader) == (Status.TIE, None)
    assert "nobody wins" in r.reason.lower()


def test_during_game_turn_1_the_reason_says_the_first_counter_comes_at_the_end_of_game_turn_2():
    # No counter is taken at the end of Game Turn 1, so "would take the counter"
    # must not be read as a counter due when Turn 1 ends.
    a = unit("a", A, 36, 24)
    r = result(setup([HOLD], [a]), [TurnStart(1), TurnStart(1, A)])
    assert "Equitaine would take the counter at the end of Game Turn 2" in r.reason
    r = result(setup([HOLD], [a]), [TurnStart(1), TurnEnd(1), TurnStart(2)])
    assert "Equitaine would take the counter at the end of Game Turn 2" in r.reason
    r = result(setup([HOLD], [a]), [TurnStart(2), TurnEnd(2)])
    assert "Equitaine would take the counter at the end of Game Turn 3" in r.reason


def test_equal_numbers_within_6_in_of_the_centre_mark_the_units_contested_no_counter():
    # Equal numbers give no counter: the units there contest the centre; one more
    # on a side and its units count (docs/t9a.md, Hold the Ground).
    units = [at_distance("a1", A, 1), unit("b1", B, 36, 24 - 2)]
    r = result(setup([HOLD], units))
    roles = {h.piece_id: (h.role, h.label) for h in r.highlights if hasattr(h, "role")}
    tied = "contests the centre: equal numbers within 6 in (Equitaine 1, Orcs 1), no counter"
    assert roles == {"a1": (Role.CONTESTED, tied), "b1": (Role.CONTESTED, tied)}
    r = result(setup([HOLD], [*units, unit("a2", A, 33, 24)]))
    roles = {h.piece_id: h.role for h in r.highlights if hasattr(h, "role")}
    assert set(roles.values()) == {Role.COUNTS}


def test_a_drag_keeps_the_very_pieces_and_marks_of_the_units_it_does_not_move():
    """The counting pieces and marks are made when the result is first read, and
    a unit dragged leaves every other unit's piece and mark the very object it
    was (the board redraws only the marks that are not), on a small board and
    on one of arrays."""
    from tabletop_gui.rules import apply, evaluate

    for crowd_ in (False, True):
        units = [at_distance("a1", A, 1), at_distance("a2", A, 3, facing=90),
                 at_distance("b1", B, 2, scoring=False), unit("far", B, 10, 10)]  # fmt: skip
        if crowd_:  # past SMALL_BOARD: the unit arrays
            units += [unit(f"x{i}", B, 2 + (i % 60), 2 + 0.8 * (i // 60)) for i in range(170)]
        before = state(setup([HOLD], units))
        marks = [h for h in evaluate(before).results[0].highlights if hasattr(h, "role")]
        pieces = evaluate(before).results[0].counting
        moved = apply(before, MovePiece("far", 11, 10))
        assert [h for h in evaluate(moved).results[0].highlights if hasattr(h, "role")] == marks
        assert all(map(operator.is_, [h for h in evaluate(moved).results[0].highlights
                                      if hasattr(h, "role")], marks))  # fmt: skip
        into = apply(moved, MovePiece("far", 36, 24 - 4))  # now within 6 in
        after = [h for h in evaluate(into).results[0].highlights if hasattr(h, "role")]
        assert [h.piece_id for h in after] == ["a1", "a2", "far", "b1"]
        kept = [h for h in after if h.piece_id != "far"]
        assert all(map(operator.is_, kept, marks)), "the others' marks were made again"
        counting = [p for p in evaluate(into).results[0].counting if p.piece_id != "far"]
        assert all(map(operator.is_, counting, pieces)), "the others' pieces were made again"
