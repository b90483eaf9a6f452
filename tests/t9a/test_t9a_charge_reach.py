"""Charge reach (docs/t9a.md, Charge reach): measured from the charger's front to
the target's Facing of the arc the charger is located in, straight, with what a
wheel to face it square would cost. Measured only: no dice."""

from __future__ import annotations

import math

import pytest
from t9a_helpers import A, B, setup, state, unit

from tabletop_gui.model.pieces import MM_PER_INCH
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
