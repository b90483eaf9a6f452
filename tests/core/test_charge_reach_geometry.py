"""A charge's reach (geometry/reach.py): the straight gap from the charger's
front to the target's side, and the wheel to face it square, measured as the
distance the outer front corner travels."""

from __future__ import annotations

import math

import pytest

from tabletop_gui.geometry.arcs import FRONT, facing_side
from tabletop_gui.geometry.outline import Outline
from tabletop_gui.geometry.reach import reach

TARGET = Outline(36.0, 24.0, half_w=2.0, half_d=1.0, angle=0.0)  # faces +y, front at y = 25


def charger(x: float, y: float, facing: float) -> Outline:
    return Outline(x, y, half_w=1.5, half_d=1.0, angle=math.radians(facing))


def test_a_charger_square_in_front_reaches_straight_with_no_wheel():
    r = reach(charger(36, 30, 180), facing_side(TARGET, FRONT), TARGET)  # front at y = 29
    assert r.straight == pytest.approx(4.0)
    assert r.wheel == pytest.approx(0.0, abs=1e-9) and r.turn == pytest.approx(0.0, abs=1e-9)


def test_a_charger_turned_30_degrees_pays_its_frontage_times_the_angle_to_wheel():
    r = reach(charger(36, 32, 150), facing_side(TARGET, FRONT), TARGET)
    assert abs(r.turn) == pytest.approx(30.0)
    assert r.wheel == pytest.approx(3.0 * math.pi / 6)
    assert r.total == pytest.approx(r.straight + r.wheel)
    # The gap runs from the charger's front to the target's front side.
    assert r.end[1] == pytest.approx(25.0)
