"""End-of-game scoring (docs/carnevale.md, Scoring): a gang scores an objective if a
friendly character is within 3 in of it (edge to edge, 3D) and no enemy is."""

from __future__ import annotations

import math

import pytest
from carnevale_helpers import R30, R40, A, B, char, east_of, in_round, obj, play, start, west_of

from tabletop_gui.model.events import GameEnd, TurnEnd, TurnStart
from tabletop_gui.rules.engine import evaluate
from tabletop_gui.rules.scoreboard import Role, Status


def result(state, oid="o"):
    return evaluate(state).result(oid)


def test_friendly_at_3_00_in_and_enemy_at_3_01_in_friendly_scores():
    fx, fy = east_of(18, 18, 3.00, R30)
    ex, ey = west_of(18, 18, 3.01, R30)
    state = start([char("f", A, fx, fy), char("e", B, ex, ey)], [obj("o", 18, 18, value=3)])
    r = result(state)
    assert r.leader == A
    assert r.points == {A: 3.0}
    assert r.status is Status.LEADING
    assert [c.piece_id for c in r.counting] == ["f"]
    assert r.counting[0].margin == pytest.approx(0.0, abs=1e-9)


def test_both_gangs_within_3_in_is_contested_and_nobody_scores():
    fx, fy = east_of(18, 18, 2.0, R30)
    ex, ey = west_of(18, 18, 3.0, R40)
    state = start(
        [char("f", A, fx, fy), char("e", B, ex, ey, base_mm=40)], [obj("o", 18, 18, value=3)]
    )
    r = result(state)
    assert r.status is Status.TIE
    assert r.leader is None
    assert r.points == {}
    assert evaluate(state).totals == {A: 0.0, B: 0.0}
    assert {h.piece_id for h in r.highlights if getattr(h, "role", None) is Role.CONTESTED} >= {
        "f",
        "e",
    }


def test_mindless_enemy_within_does_not_contest_friendly_scores():
    fx, fy = east_of(18, 18, 1.0, R30)
    ex, ey = west_of(18, 18, 0.5, R30)
    state = start(
        [char("f", A, fx, fy), char("e", B, ex, ey, mindless=True)], [obj("o", 18, 18, value=2)]
    )
    r = result(state)
    assert r.leader == A
    assert r.points == {A: 2.0}
    mindless = next(c for c in r.counting if c.piece_id == "e")
    assert "Mindless" in mindless.note


def test_mindless_friendly_alone_within_does_not_score():
    fx, fy = east_of(18, 18, 1.0, R30)
    state = start([char("f", A, fx, fy, mindless=True)], [obj("o", 18, 18)])
    r = result(state)
    assert r.leader is None
    assert r.status is Status.NONE


def test_rooftop_2_5_in_above_marker_2_in_away_in_plan_is_3_2_in_in_3d_not_within():
    fx, fy = east_of(18, 18, 2.0, R30)
    state = start([char("f", A, fx, fy, elevation=2.5)], [obj("o", 18, 18)])
    r = result(state)
    assert math.hypot(2.0, 2.5) == pytest.approx(3.2016, abs=1e-4)
    assert r.leader is None
    assert r.counting == ()


def test_rooftop_2_2_in_above_marker_2_in_away_in_plan_is_2_97_in_3d_and_scores():
    fx, fy = east_of(18, 18, 2.0, R30)
    state = start([char("f", A, fx, fy, elevation=2.2)], [obj("o", 18, 18, value=1)])
    r = result(state)
    assert r.leader == A
    assert r.counting[0].distance == pytest.approx(math.hypot(2.0, 2.2))


def test_marker_on_a_bridge_measures_height_from_the_marker_elevation():
    # Character on the bridge next to the marker scores; an enemy in the canal
    # 2.9 in below in plan contact is 2.9 in away in 3D: within, so it contests.
    fx, fy = east_of(18, 18, 0.5, R30)
    ex, ey = west_of(18, 18, 0.0, R30)
    state = start(
        [char("f", A, fx, fy, elevation=1.5), char("e", B, ex, ey, elevation=-1.4)],
        [obj("o", 18, 18, elevation=1.5)],
    )
    assert result(state).status is Status.TIE


def test_removed_character_neither_scores_nor_contests():
    from tabletop_gui.rules.carnevale.events import CharacterRemoved

    fx, fy = east_of(18, 18, 1.0, R30)
    ex, ey = west_of(18, 18, 1.0, R30)
    state = start([char("f", A, fx, fy), char("e", B, ex, ey)], [obj("o", 18, 18, value=2)])
    state = play(state, CharacterRemoved("e", "taken out of action"))
    assert result(state).leader == A


def test_nobody_within_scores_nobody():
    state = start([char("f", A, 2, 2)], [obj("o", 18, 18)])
    r = result(state)
    assert r.status is Status.NONE and r.points == {}


def test_live_standing_is_as_if_the_game_ended_now_then_final_after_the_last_round():
    fx, fy = east_of(18, 18, 1.0, R30)
    state = start([char("f", A, fx, fy)], [obj("o", 18, 18, value=2)], settings={"rounds": 2})
    state = in_round(state, 1)
    state = play(state, TurnEnd(1))
    r = result(state)
    assert (r.status, r.final) == (Status.LEADING, False)
    state = play(state, TurnStart(2), TurnEnd(2))
    r = result(state)
    assert (r.status, r.final, r.leader) == (Status.WON, True, A)
    board = evaluate(state)
    assert board.winner == A
    assert "final" in board.summary


def test_game_end_event_makes_the_standing_final_before_the_last_round():
    fx, fy = east_of(18, 18, 1.0, R30)
    state = start([char("f", A, fx, fy)], [obj("o", 18, 18)])
    state = play(state, TurnStart(1), GameEnd())
    assert result(state).final


def test_totals_add_the_victory_points_of_every_objective():
    a1 = east_of(6, 18, 0.5, R30)
    b1 = east_of(30, 18, 0.5, R30)
    state = start(
        [char("f", A, *a1), char("e", B, *b1)],
        [obj("o1", 6, 18, value=3), obj("o2", 30, 18, value=2), obj("o3", 18, 30, value=5)],
    )
    assert evaluate(state).totals == {A: 3.0, B: 2.0}


def test_a_palette_marker_without_an_objective_spec_is_scored_too():
    from tabletop_gui.model.events import AddPiece

    fx, fy = east_of(18, 18, 1.0, R30)
    state = start([char("f", A, fx, fy)], [])
    state = play(state, AddPiece(marker=obj("loose", 18, 18, value=4)))
    board = evaluate(state)
    assert board.result("loose").points == {A: 4.0}
    assert board.totals[A] == 4.0


def test_a_character_exactly_3_00_in_away_has_margin_zero_not_a_negative_sliver():
    # The edge-to-edge arithmetic leaves -1.8e-15 here; the core keeps margins to
    # 1e-9 in, so the JSON says 0.0 as the text says "exactly 0 in".
    from tabletop_gui.model.names import margin

    fx, fy = east_of(18, 18, 3.00, R30)
    state = start([char("f", A, fx, fy)], [obj("o", 18, 18, value=3)])
    cp = result(state).to_json()["counting"][0]
    assert cp["margin"] == 0.0 and math.copysign(1.0, cp["margin"]) == 1.0
    assert margin(cp["margin"]) == "exactly 0 in"
    assert cp["distance"] == 3.0
