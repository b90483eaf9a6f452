"""Set-up: a unit not wholly inside its side's Deployment Zone is flagged with how
far it sticks out (docs/t9a.md, Deployment check), and the turn bar counts them
before the first turn."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest
from t9a_helpers import A, B, ObjectiveSpec, setup, state, unit

from tabletop_gui.model.events import MovePiece, TurnStart
from tabletop_gui.model.pieces import MM_PER_INCH, BaseShape
from tabletop_gui.play.turns import clock_text
from tabletop_gui.rules.engine import apply, family_of

HOLD = [ObjectiveSpec("hold", "t9a.hold_the_ground")]
#: A 5 x 4 block of 20 mm bases: 3.94 x 3.15 in.
W, D = 100 / MM_PER_INCH, 80 / MM_PER_INCH


def block(uid: str, side: str, x: float, y: float, facing: float = 0.0):  # type: ignore[no-untyped-def]
    return unit(uid, side, x, y, w=20, d=20, models=20, per_rank=5, facing=facing)


def flags(units):  # type: ignore[no-untyped-def]
    s = state(setup(HOLD, units))
    return {f.unit_id: f for f in family_of(s.setup).deployment_flags(s)}


def test_a_unit_wholly_inside_its_zone_is_not_flagged() -> None:
    # Frontline Clash: Equitaine's zone is y < 12; the block's far edge at 11.99.
    assert flags([block("k", A, 20, 11.99 - D / 2)]) == {}


def test_a_unit_2_5_in_over_the_zone_edge_is_flagged_with_that_distance() -> None:
    found = flags([block("k", A, 20, 12 - D / 2 + 2.5)])
    assert found["k"].distance == pytest.approx(2.5, abs=1e-6)
    assert found["k"].text == "k is 2.50 in outside Equitaine's Deployment Zone"


def test_a_turned_unit_is_out_by_its_furthest_corner() -> None:
    # At 45 degrees the corner furthest along y stands (W + D) / 2 x sin 45 from
    # the centre: centred on the zone edge, that much sticks out.
    found = flags([block("k", A, 20, 12, 45.0)])
    assert found["k"].distance == pytest.approx((W + D) / 2 * math.sin(math.pi / 4), abs=1e-3)


def test_the_orcs_zone_is_theirs_and_a_round_base_is_measured_as_a_circle() -> None:
    # The Orcs' zone is y > 36: a 50 mm round base centred at y = 36 sticks out
    # by its radius.
    orc = unit("o", B, 30, 36, w=50, d=50, base_shape=BaseShape.ROUND)
    found = flags([orc])
    assert found["o"].distance == pytest.approx(25 / MM_PER_INCH, abs=2e-3)


def test_the_turn_bar_counts_the_units_out_before_the_first_turn_only() -> None:
    units = [block("k", A, 20, 20), block("o", B, 30, 30), block("in", A, 40, 5)]
    s = state(setup(HOLD, units))
    assert (
        clock_text(s, []) == "Setup (before the first turn) · 2 units outside their Deployment Zone"
    )
    started = state(setup(HOLD, units), [TurnStart(1)])
    assert family_of(started.setup).deployment_flags(started) == []


def test_where_a_unit_may_deploy_is_its_zone_shrunk_by_its_footprint() -> None:
    s = state(setup(HOLD, [block("k", A, 20, 20)]))
    region = family_of(s.setup).deployment_region(s, s.scene.units["k"])
    assert region is not None and region.title == "Equitaine's Deployment Zone"
    assert region.distance(20, 12 - D / 2 - 0.02) == 0
    assert region.distance(20, 12 - D / 2 + 0.02) == pytest.approx(0.02, abs=1e-6)
    giant = unit("g", A, 20, 6, w=400, d=400)  # 15.7 in deep: no fit in 12
    s = state(setup(HOLD, [giant]))
    region = family_of(s.setup).deployment_region(s, giant)
    assert region is not None and region.empty
    assert region.why == "too large to fit inside the zone"


def test_the_flags_at_each_move_of_a_drag_are_those_of_the_same_board_checked_afresh() -> None:
    # On a board made by moving units of the last one it checked, the check
    # looks at the moved units alone (rules/deployment_check.py): the flags must
    # be those of the same units checked from new objects, nothing kept.
    rng = random.Random(7)
    units = [
        block(f"u{i}", A if i % 2 else B, 6 + 6 * (i % 11), 4 + 8 * (i // 11)) for i in range(33)
    ]
    s = state(setup(HOLD, units))
    family = family_of(s.setup)
    seen = []
    for _ in range(60):
        uid = f"u{rng.randrange(len(units))}"
        move = MovePiece(uid, rng.uniform(3, 69), rng.uniform(3, 45), rng.uniform(0, 360))
        s = apply(s, move, checked=False)
        seen.append((s, family.deployment_flags(s)))
    assert any(flags for _s, flags in seen) and any(len(f) < len(units) for _s, f in seen)
    for moved, flags in seen:
        afresh = state(setup(HOLD, [replace(u) for u in moved.scene.units.values()]))
        assert flags == family.deployment_flags(afresh)
