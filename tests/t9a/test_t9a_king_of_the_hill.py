"""King of the Hill: each player picks a Terrain Feature (not Impassable, not
fully inside their own zone); a Scoring Unit inside the opponent's pick captures
it; capturing while keeping your own wins."""

from __future__ import annotations

import pytest
from t9a_helpers import A, B, ObjectiveSpec, Terrain, block, rect, result, setup, state, whole_game

from tabletop_gui.model.events import TurnStart
from tabletop_gui.rules import RuleError
from tabletop_gui.rules.scoreboard import PieceMark, Role, Status
from tabletop_gui.rules.t9a.events import KingOfTheHillPick

HILL = Terrain("hill", "Hill", rect(10, 20, 20, 28))
FOREST = Terrain("forest", "Forest", rect(50, 20, 60, 28))
ROCKS = Terrain("rocks", "Rocks", rect(30, 30, 34, 34), impassable=True)
HOME = Terrain("home", "Farm", rect(30, 2, 36, 8))  # fully inside A's Frontline Clash zone
EDGE = Terrain("edge", "Field", rect(40, 8, 46, 16))  # partly inside A's zone
TERRAIN = [HILL, FOREST, ROCKS, HOME, EDGE]


def koth(picks=None):
    return ObjectiveSpec(
        "obj", "t9a.king_of_the_hill", {"picks": picks or {A: "hill", B: "forest"}}
    )


def errors(r):
    return {
        h.piece_id
        for h in r.highlights
        if isinstance(h, PieceMark) and h.role is Role.PLACEMENT_ERROR
    }


def test_capturing_the_opponents_pick_while_keeping_your_own_wins():
    units = [block("a1", A, 52, 22, 56, 26)]  # A inside B's pick (forest)
    r = result(setup([koth()], units, terrain=TERRAIN), whole_game())
    assert r.counts == {A: 1, B: 0}
    assert r.final and (r.status, r.leader) == (Status.WON, A)
    assert r.details["captured_by"] == {B: ["a1"]}


def test_both_picks_captured_is_a_tie_nobody_wins():
    units = [block("a1", A, 52, 22, 56, 26), block("b1", B, 12, 22, 16, 26)]
    r = result(setup([koth()], units, terrain=TERRAIN), whole_game())
    assert r.counts == {A: 1, B: 1}
    assert r.final and (r.status, r.leader) == (Status.TIE, None)


def test_no_pick_captured_means_nobody_wins():
    r = result(setup([koth()], [], terrain=TERRAIN), whole_game())
    assert (r.status, r.leader) == (Status.TIE, None)


def test_unit_overlapping_only_a_corner_of_the_terrain_is_inside_and_captures():
    u = block("a1", A, 59.7, 27.7, 63, 31)  # forest corner (60, 28) inside the footprint
    r = result(setup([koth()], [u], terrain=TERRAIN))
    assert r.counts[A] == 1
    (cp,) = r.counting
    assert cp.margin == pytest.approx(0.3)


def test_non_scoring_or_fleeing_unit_inside_does_not_capture():
    units = [
        block("a1", A, 52, 22, 56, 26, scoring=False),
        block("a2", A, 56, 22, 59, 26, fleeing=True),
    ]
    r = result(setup([koth()], units, terrain=TERRAIN))
    assert r.counts == {A: 0, B: 0}
    assert {c.piece_id for c in r.counting} == {"a1", "a2"}
    assert all("Fleeing" in c.note or "not a Scoring" in c.note for c in r.counting)


def test_both_may_pick_the_same_feature_and_a_lone_occupier_captures_it_and_keeps_it():
    units = [block("a1", A, 12, 22, 16, 26)]
    r = result(setup([koth({A: "hill", B: "hill"})], units, terrain=TERRAIN), whole_game())
    assert r.problems == ()
    assert (r.status, r.leader) == (Status.WON, A)


def test_impassable_pick_is_a_placement_error():
    r = result(setup([koth({A: "rocks", B: "forest"})], [], terrain=TERRAIN))
    assert errors(r) == {"rocks"}
    assert any("Impassable" in p for p in r.problems)


def test_pick_fully_inside_own_zone_is_a_placement_error_but_partly_inside_is_fine():
    r = result(setup([koth({A: "home", B: "forest"})], [], terrain=TERRAIN))
    assert errors(r) == {"home"}
    assert any("fully inside Equitaine's own Deployment Zone" in p for p in r.problems)
    r = result(setup([koth({A: "edge", B: "forest"})], [], terrain=TERRAIN))
    assert r.problems == ()


def test_a_pick_fully_inside_the_opponents_zone_is_allowed():
    r = result(setup([koth({A: "forest", B: "home"})], [], terrain=TERRAIN))
    assert r.problems == ()


def test_picks_made_by_events_in_the_log_replace_the_parameters():
    s = setup([ObjectiveSpec("obj", "t9a.king_of_the_hill")], [], terrain=TERRAIN)
    assert any("has not picked" in p for p in result(s).problems)
    events = [KingOfTheHillPick(A, "hill"), KingOfTheHillPick(B, "forest"), TurnStart(1)]
    r = result(s, events)
    assert r.details["picks"] == {A: "hill", B: "forest"}
    assert r.problems == ()
    assert state(s, events).clock.turn == 1


def test_picks_are_made_before_the_game_not_during_it():
    s = setup([ObjectiveSpec("obj", "t9a.king_of_the_hill")], [], terrain=TERRAIN)
    with pytest.raises(RuleError, match="before the game"):
        state(s, [TurnStart(1), KingOfTheHillPick(A, "hill")])
