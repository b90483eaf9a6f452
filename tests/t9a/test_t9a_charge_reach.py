"""Charge reach (docs/t9a.md, Charge reach): measured from the charger's front to
the target's Facing of the arc the charger is located in, straight, with what a
wheel to face it square would cost. Measured only: no dice."""

from __future__ import annotations

import math

import pytest
from t9a_helpers import A, B, setup, state, unit

from tabletop_gui.model.pieces import MM_PER_INCH, BaseShape
from tabletop_gui.rules.t9a.rulings import charge_reach

IN = MM_PER_INCH
TARGET = unit("orcs", B, 36, 24, w=4 * IN, d=2 * IN)  # front y = 25, right side x = 38


def test_a_charger_in_the_right_flank_arc_measures_to_the_right_side():
    knights = unit("knights", A, 44, 24, w=3 * IN, d=1 * IN, facing=90)  # faces -x, front x = 43.5
    r = charge_reach(state(setup([], [knights, TARGET])), "knights", "orcs")
    assert r.arc == "right flank"
    assert r.straight == pytest.approx(5.5) and r.wheel == pytest.approx(0, abs=1e-9)
    assert r.end[0] == pytest.approx(38)


def test_a_charger_at_an_angle_adds_its_frontage_times_the_wheels_angle():
    knights = unit("knights", A, 36, 32, w=3 * IN, d=1 * IN, facing=160)
    r = charge_reach(state(setup([], [knights, TARGET])), "knights", "orcs")
    assert r.arc == "front" and abs(r.turn) == pytest.approx(20)
    assert r.wheel == pytest.approx(3 * math.radians(20))
    assert r.total == pytest.approx(r.straight + r.wheel)


def test_a_round_target_has_no_facing_so_the_charge_reaches_its_edge_and_wheels_to_its_centre():
    # A 40 mm disc (radius 0.787 in) centred 5 in right of the front's centre
    # and 4 in ahead: the nearest front point is its right corner (37.5, 25).
    disc = unit("shaman", B, 41, 29, w=40, base_shape=BaseShape.ROUND)
    knights = unit("knights", A, 36, 24.5, w=3 * IN, d=1 * IN)  # faces +y, front y = 25
    r = charge_reach(state(setup([], [knights, disc])), "knights", "shaman")
    radius = 20 / IN
    assert r.arc == ""
    assert r.start == pytest.approx((37.5, 25))
    assert r.straight == pytest.approx(math.hypot(3.5, 4) - radius)
    assert math.hypot(r.end[0] - 41, r.end[1] - 29) == pytest.approx(radius)
    # Facing +y, the centre lies atan(5 / 4) to the right (clockwise: negative).
    assert r.turn == pytest.approx(-math.degrees(math.atan2(5, 4)))
    assert r.wheel == pytest.approx(3 * math.atan2(5, 4))
