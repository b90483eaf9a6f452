"""Breakthrough: at the end, Scoring Units partly or wholly inside the opponent's
Deployment Zone, capped at 3; strictly more wins."""

from __future__ import annotations

from t9a_helpers import A, B, ObjectiveSpec, block, result, setup, whole_game

from tabletop_gui.rules.scoreboard import Role, Status

BREAK = ObjectiveSpec("obj", "t9a.breakthrough")


def test_unit_overlapping_only_a_corner_of_the_enemy_zone_is_inside_and_counts():
    # Dawn Assault: B's zone is x > 18, y > 36; the unit's corner pokes 0.5 in into it.
    u = block("u", A, 16, 34, 18.5, 36.5)
    r = result(setup([BREAK], [u], deployment="dawn_assault"))
    assert r.counts == {A: 1, B: 0}
    (cp,) = r.counting
    assert cp.piece_id == "u" and abs(cp.margin - 0.5) < 1e-6


def test_unit_only_touching_the_enemy_zone_edge_is_not_inside():
    u = block("u", A, 30, 32, 34, 36)  # Frontline Clash: B's zone starts at y = 36
    r = result(setup([BREAK], [u]))
    assert r.counts == {A: 0, B: 0}
    assert r.status is Status.NONE


def test_a_unit_deep_against_the_board_edge_has_its_depth_from_the_zone_boundary():
    u = block("u", A, 30, 44, 34, 48)
    r = result(setup([BREAK], [u]))
    (cp,) = r.counting
    assert abs(cp.margin - 12.0) < 1e-6  # its front corners are 12 in past y = 36


def test_count_is_capped_at_3():
    units = [block(f"a{i}", A, 4 + 8 * i, 40, 8 + 8 * i, 44) for i in range(4)]
    units.append(block("b1", B, 10, 2, 14, 6))
    units.append(block("b2", B, 20, 2, 24, 6))
    r = result(setup([BREAK], units))
    assert r.counts == {A: 3, B: 2}
    assert r.details["inside"] == {A: 4, B: 2}
    assert r.leader == A
    over = [h for h in r.highlights if getattr(h, "label", "") == "over the cap of 3"]
    assert len(over) == 1


def test_capped_4_against_3_is_a_tie_at_the_end_nobody_wins():
    units = [block(f"a{i}", A, 4 + 8 * i, 40, 8 + 8 * i, 44) for i in range(4)]
    units += [block(f"b{i}", B, 4 + 8 * i, 2, 8 + 8 * i, 6) for i in range(3)]
    r = result(setup([BREAK], units), whole_game())
    assert r.counts == {A: 3, B: 3}
    assert r.final and (r.status, r.leader) == (Status.TIE, None)


def test_fleeing_and_non_scoring_units_inside_do_not_count():
    units = [
        block("f", A, 10, 40, 14, 44, fleeing=True),
        block("n", A, 20, 40, 24, 44, scoring=False),
        block("b1", B, 10, 2, 14, 6),
    ]
    r = result(setup([BREAK], units), whole_game())
    assert r.counts == {A: 0, B: 1}
    assert r.final and (r.status, r.leader) == (Status.WON, B)
    marks = {h.piece_id: h.role for h in r.highlights if hasattr(h, "role")}
    assert marks == {"f": Role.NOT_COUNTING, "n": Role.NOT_COUNTING, "b1": Role.COUNTS}


def test_a_unit_in_its_own_zone_does_not_count():
    r = result(setup([BREAK], [block("a1", A, 10, 2, 14, 6)]))
    assert r.counts == {A: 0, B: 0}


def test_cap_is_a_named_parameter():
    units = [block(f"a{i}", A, 4 + 8 * i, 40, 8 + 8 * i, 44) for i in range(4)]
    r = result(setup([ObjectiveSpec("obj", "t9a.breakthrough", {"cap": 5})], units))
    assert r.counts[A] == 4
