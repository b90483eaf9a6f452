"""Secure Target: a marker per player (more than 12 in from its own zone, at least
24 in apart); the most Scoring Units within 6 in of its centre controls it; a
unit within 6 in of both counts only for the marker nearer its centre; dice are
never rolled silently."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
from t9a_helpers import HALF_25, A, B, Marker, ObjectiveSpec, result, setup, state, unit, whole_game

from tabletop_gui.model import InchBoard, Zone
from tabletop_gui.model.events import DiceRoll, MovePiece
from tabletop_gui.rules import RuleError
from tabletop_gui.rules.scoreboard import PieceMark, Role, Status
from tabletop_gui.rules.t9a.secure_target import MARKER_KIND as MK
from tabletop_gui.rules.t9a.secure_target import SecureTarget

SECURE = ObjectiveSpec("obj", "t9a.secure_target")
# Frontline Clash: A's zone is y < 12, B's y > 36.
SA = Marker("sa", "t9a.secure_target", 20, 30, side=A, label="A's target")
SB = Marker("sb", "t9a.secure_target", 50, 18, side=B, label="B's target")


def north_of(m, uid, side, d, **kw):
    """A 25 mm model straight north of marker ``m``, its edge ``d`` in from the centre."""
    return unit(uid, side, m.x, m.y + d + HALF_25, **kw)


def horde(uid, side, x, y, **kw):
    """15 models of 25 mm in one rank: 14.76 in wide, 0.98 in deep."""
    return unit(uid, side, x, y, w=25, d=25, models=15, per_rank=15, **kw)


def evaluate_one(s):
    from tabletop_gui.rules.engine import evaluate

    return evaluate(s).result("obj")


def errors(r):
    return {
        h.piece_id
        for h in r.highlights
        if isinstance(h, PieceMark) and h.role is Role.PLACEMENT_ERROR
    }


def test_unit_exactly_6_00_in_from_the_marker_centre_is_within_and_controls_it():
    r = result(setup([SECURE], [north_of(SA, "u", B, 6.00)], [SA, SB]))
    assert r.details["markers"][0]["controller"] == B
    assert r.counts == {A: 0, B: 1}
    (cp,) = r.counting
    assert cp.margin == pytest.approx(0.0, abs=1e-6)


def test_unit_6_01_in_from_the_marker_centre_is_not_within():
    r = result(setup([SECURE], [north_of(SA, "u", B, 6.01)], [SA, SB]))
    assert r.counts == {A: 0, B: 0}
    assert r.counting == ()


def test_most_scoring_units_within_6_in_controls_and_most_markers_wins_at_the_end():
    units = [
        north_of(SA, "b1", B, 1),
        north_of(SA, "b2", B, 3, facing=90),
        north_of(SA, "a1", A, 5),
    ]
    r = result(setup([SECURE], units, [SA, SB]), whole_game())
    assert r.details["markers"][0] == {
        "marker": "sa",
        "owner": A,
        "counts": {A: 1, B: 2},
        "controller": B,
    }
    assert r.final and (r.status, r.leader) == (Status.WON, B)


def test_equal_numbers_at_a_marker_mean_nobody_controls_it_and_a_tie_nobody_wins():
    units = [north_of(SA, "b1", B, 1), north_of(SA, "a1", A, 4)]
    r = result(setup([SECURE], units, [SA, SB]), whole_game())
    assert r.details["markers"][0]["controller"] is None
    assert r.final and (r.status, r.leader) == (Status.TIE, None)
    assert "tied: nobody controls it" in r.reason


def test_units_at_a_tied_marker_are_marked_contested_as_the_score_says_nobody_controls_it():
    # Equal numbers at a marker: nobody controls it, and each unit there contests
    # it; a unit alone at the other marker counts (docs/t9a.md, Secure Target).
    units = [north_of(SA, "b1", B, 1), north_of(SA, "a1", A, 4), north_of(SB, "a2", A, 2)]
    r = result(setup([SECURE], units, [SA, SB]))
    marks = {h.piece_id: (h.role, h.label) for h in r.highlights if isinstance(h, PieceMark)}
    tied = "contests A's target: Equitaine 1, Orcs 1, tied: nobody controls it"
    assert marks["a1"] == marks["b1"] == (Role.CONTESTED, tied)
    assert marks["a2"] == (Role.COUNTS, "counts for B's target")
    # The score rows say the same as the marks.
    notes = {c.piece_id: c.note for c in r.counting}
    assert notes == {"a1": "contests A's target", "b1": "contests A's target",
                     "a2": "counts for B's target"}  # fmt: skip


def test_where_a_unit_would_count_words_a_tied_marker_as_the_score_rows_do():
    """The Where it scores answer for a unit standing at a tied marker says it
    contests it, as its score row does at equal numbers at a marker (docs/t9a.md,
    Secure Target); where it would outnumber the enemy there, it counts."""
    from tabletop_gui.rules.engine import scoring_regions

    units = [north_of(SA, "b1", B, 1), north_of(SA, "a1", A, 4), north_of(SB, "a2", A, 2)]
    s = state(setup([SECURE], units, [SA, SB]))
    r = evaluate_one(s)
    assert {c.piece_id: c.note for c in r.counting}["a1"] == "contests A's target"
    (answer,) = scoring_regions(s, "a1")
    a1 = s.scene.units["a1"]
    assert answer.text(a1.x, a1.y) == (
        "Secure Target: contests A's target (Equitaine 1, Orcs 1, tied: nobody controls it)"
    )
    # The Orcs' unit alone at B's target: the Equitaine unit a2 there counts, and so
    # would a1 if it stood there (Equitaine 2, Orcs 0): no tie to word.
    assert answer.text(SB.x, SB.y + 3) == "Secure Target: counts for B's target"
    # a2 standing at A's target would make it 2 to 1 for Equitaine there.
    (other,) = scoring_regions(s, "a2")
    assert other.text(SA.x, SA.y - 3) == (
        "Secure Target: counts for A's target (Orcs: 1 Scoring Unit counting for it now)"
    )


def test_fleeing_or_non_scoring_units_within_6_in_do_not_count():
    units = [north_of(SA, "b1", B, 1, fleeing=True), north_of(SA, "b2", B, 3, scoring=False)]
    r = result(setup([SECURE], units, [SA, SB]))
    assert r.counts == {A: 0, B: 0}
    assert {c.note for c in r.counting} == {"Fleeing", "not a Scoring Unit"}


# Markers 24.08 in apart, both legal: the horde can reach within 6 in of both.
WA = Marker("wa", "t9a.secure_target", 24, 26, side=A)
WB = Marker("wb", "t9a.secure_target", 48, 22, side=B)


def test_unit_within_6_in_of_both_markers_counts_only_for_the_one_nearer_its_centre():
    h = horde("h", A, 37, 24)  # centre 13.15 in from wa, 11.18 in from wb
    r = result(setup([SECURE], [h], [WA, WB]))
    assert r.problems == ()
    ctrl = {m["marker"]: m["controller"] for m in r.details["markers"]}
    assert ctrl == {"wa": None, "wb": A}
    (cp,) = r.counting
    half_w = 15 * 25 / 25.4 / 2
    assert "nearer this one" in cp.note
    assert cp.distance == pytest.approx(math.hypot(48 - (37 + half_w), 24 - HALF_25 - 22))


def test_unit_equally_near_both_markers_asks_for_a_dice_roll_and_does_not_roll_it():
    h = horde("h", A, 36, 24)  # centre 12.17 in from both
    b = north_of(WA, "b1", B, 1)  # so the roll decides who controls wa
    s = setup([SECURE], [h, b], [WA, WB])
    r = result(s)
    assert r.details["undecided"] is True and r.details["dice_needed"] == ["h"]
    assert (r.status, r.leader) == (Status.NONE, None)
    assert any("dice roll needed" in p and "'h'" in p for p in r.problems)
    marks = {x.piece_id: x.role for x in r.highlights if isinstance(x, PieceMark)}
    assert marks["h"] is Role.CONTESTED
    # The roll goes to B: the horde counts for B's marker; B keeps wa (1-0).
    roll = DiceRoll("which marker the horde counts for", 5, B, objective="obj", subject="h")
    r = result(s, [roll])
    assert r.problems == ()
    ctrl = {m["marker"]: m["controller"] for m in r.details["markers"]}
    assert ctrl == {"wa": B, "wb": A}
    assert r.status is Status.TIE


def test_equal_nearness_that_cannot_change_the_result_still_says_a_roll_is_pending():
    h = horde("h", A, 36, 24)
    r = result(setup([SECURE], [h], [WA, WB]))
    assert r.details["undecided"] is False
    assert r.counts == {A: 1, B: 0} and r.leader == A
    assert any("the result is the same" in p for p in r.problems)


def test_control_tie_setting_dice_asks_for_a_roll_and_the_logged_roll_settles_it():
    spec = ObjectiveSpec("obj", "t9a.secure_target", {"control_tie": "dice"})
    units = [north_of(SA, "b1", B, 1), north_of(SA, "a1", A, 4)]
    s = setup([spec], units, [SA, SB])
    r = result(s)
    assert r.details["undecided"] and r.details["dice_needed"] == ["sa"]
    assert r.leader is None
    r = result(s, [DiceRoll("tie at A's target", 4, A, objective="obj", subject="sa")])
    assert r.details["markers"][0]["controller"] == A
    assert (r.status, r.leader) == (Status.LEADING, A)


def test_a_roll_for_a_marker_tie_is_refused_when_ties_mean_nobody():
    s = setup([SECURE], [], [SA, SB])
    with pytest.raises(RuleError, match="nobody controls it"):
        state(s, [DiceRoll("tie", 4, A, objective="obj", subject="sa")])


def test_marker_exactly_12_00_in_from_own_zone_is_a_placement_error_12_01_is_fine():
    at_12 = Marker("sa", "t9a.secure_target", 20, 24.00, side=A)
    r = result(setup([SECURE], [], [at_12, SB]))
    assert errors(r) == {"sa"}
    assert any(
        "12.00 in from Equitaine's Deployment Zone (must be more than 12 in)" in p
        for p in r.problems
    )
    ok = Marker("sa", "t9a.secure_target", 20, 24.01, side=A)
    assert result(setup([SECURE], [], [ok, SB])).problems == ()


def test_markers_closer_than_24_in_are_both_flagged():
    near = Marker("sb", "t9a.secure_target", 43.9, 30, side=B)
    r = result(setup([SECURE], [], [SA, near]))
    assert errors(r) == {"sa", "sb"}
    assert any("23.90 in from the other marker" in p for p in r.problems)


def test_markers_23_996_in_apart_are_flagged_as_23_996_not_a_24_00_that_would_pass():
    # docs/measurement.md, "How many decimals": two decimals would read the 24 in it breaks.
    near = Marker("sb", "t9a.secure_target", 43.996, 30, side=B)
    r = result(setup([SECURE], [], [SA, near]))
    assert errors(r) == {"sa", "sb"}
    assert any("23.996 in from the other marker (must be at least 24 in)" in p for p in r.problems)


def test_unit_awaiting_a_roll_is_counted_at_neither_marker_and_the_reason_says_either_way():
    # a1 holds wa, a2 holds wb; the horde is equally near both: wherever it counts,
    # Equitaine controls both, so the result stands, but the counts must not
    # pretend the horde was already given to one marker.
    h = horde("h", A, 36, 24)
    a1 = north_of(WA, "a1", A, 1)
    a2 = unit("a2", A, WB.x, WB.y - 1 - HALF_25)
    r = result(setup([SECURE], [h, a1, a2], [WA, WB]))
    assert r.details["undecided"] is False
    assert r.counts == {A: 2, B: 0} and r.leader == A
    counts = {m["marker"]: m["counts"] for m in r.details["markers"]}
    assert counts == {"wa": {A: 1, B: 0}, "wb": {A: 1, B: 0}}
    assert "Equitaine 2, Orcs 0, Equitaine controls" not in r.reason
    assert r.reason.count("whichever way the roll falls") == 2


def test_a_roll_for_a_unit_no_longer_equally_near_is_not_given_as_the_reason_it_counts():
    h = horde("h", A, 36, 24)
    roll = DiceRoll("which marker", 5, B, objective="obj", subject="h")
    r = result(setup([SECURE], [h], [WA, WB]), [roll, MovePiece("h", 37, 24)])
    (cp,) = r.counting
    assert "dice roll" not in cp.note
    assert "nearer this one" in cp.note


def test_markers_must_be_a_third_of_the_long_edge_apart_even_when_the_board_stands_upright():
    # A 48 x 72 board: the long edge is 72 in, a third of it 24 in; 20 in apart breaks it.
    tall = InchBoard(48, 72)
    s = setup([SECURE], [], [Marker("sa", MK, 24, 30, side=A), Marker("sb", MK, 24, 50, side=B)])
    zones = {
        "za": Zone("za", A, ((0, 0), (48, 0), (48, 10), (0, 10))),
        "zb": Zone("zb", B, ((0, 62), (48, 62), (48, 72), (0, 72))),
    }
    s = replace(s, scene=replace(s.scene, board=tall, zones=zones))
    r = result(s)
    assert errors(r) == {"sa", "sb"}
    assert any("20.00 in from the other marker (must be at least 24 in)" in p for p in r.problems)


def test_a_spacing_of_null_is_the_default_third_of_the_long_edge_not_a_crash():
    # validate lets null by (not given); the placement check did float(None).
    spec = ObjectiveSpec("obj", "t9a.secure_target", {"spacing": None})
    assert SecureTarget(spec).validate() == []
    near = Marker("sb", "t9a.secure_target", 43.9, 30, side=B)
    r = result(setup([spec], [], [SA, near]))
    assert any("23.90 in from the other marker (must be at least 24 in)" in p for p in r.problems)


def test_a_negative_spacing_param_is_refused_by_validate():
    spec = ObjectiveSpec("obj", "t9a.secure_target", {"spacing": -5})
    assert SecureTarget(spec).validate() == [("spacing", "must be a number >= 0, got -5")]


def test_the_end_of_game_roll_for_a_unit_equally_near_both_markers_is_recorded_after_game_end():
    # The rule rolls "at the end of the game": the roll the scoreboard asks for
    # must be recordable once game_end is in the log.
    from tabletop_gui.model.events import GameEnd

    h = horde("h", A, 36, 24)
    b = north_of(WA, "b1", B, 1)
    s = setup([SECURE], [h, b], [WA, WB])
    ended = [*whole_game(), GameEnd()]
    assert result(s, ended).details["dice_needed"] == ["h"]
    roll = DiceRoll("which marker the horde counts for", 5, B, objective="obj", subject="h")
    r = result(s, [*ended, roll])
    assert r.final and r.problems == ()
    ctrl = {m["marker"]: m["controller"] for m in r.details["markers"]}
    assert ctrl == {"wa": B, "wb": A}


def test_after_game_end_a_move_is_still_refused_with_the_reason():
    from tabletop_gui.model.events import GameEnd

    s = setup([SECURE], [north_of(SA, "u", B, 1)], [SA, SB])
    with pytest.raises(RuleError, match="The game is over: nothing can follow its end"):
        state(s, [GameEnd(), MovePiece("u", 30, 30)])


def test_after_game_end_a_roll_naming_no_objective_is_refused():
    from tabletop_gui.model.events import GameEnd

    s = setup([SECURE], [], [SA, SB])
    with pytest.raises(RuleError, match="The game is over"):
        state(s, [GameEnd(), DiceRoll("who goes first", 4, A)])


def test_a_unit_exactly_6_00_in_away_has_margin_zero_in_json_and_text():
    from tabletop_gui.model.names import margin

    r = result(setup([SECURE], [north_of(SA, "u", B, 6.00)], [SA, SB]))
    (cp,) = r.to_json()["counting"]
    assert cp["margin"] == 0.0 and str(cp["margin"]) == "0.0"
    assert margin(r.counting[0].margin) == "exactly 0 in"  # docs/measurement.md


def test_a_unit_awaiting_a_roll_shows_its_edge_distance_and_the_centres_in_its_note():
    """Its row must not read "12.04 in" (the centres) beside rows of edge distances
    within 6 in: that reads as out of range."""
    h = horde("h", A, 36, 24)
    r = result(setup([SECURE], [h], [WA, WB]))
    (cp,) = r.counting
    assert cp.margin is None and cp.distance is not None and cp.distance <= 6
    centres = math.dist((h.x, h.y), (WA.x, WA.y))
    assert f"its centre {centres:.2f} in from each: dice roll needed" in cp.note
