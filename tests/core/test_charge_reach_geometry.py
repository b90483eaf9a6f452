"""A charge's reach (geometry/reach.py): the straight gap from the charger's
front to the target's side, and the wheel to face it square, measured as the
distance the outer front corner travels; and the charge's path, forward with
at most one wheel, that brings its front into contact with the side."""

from __future__ import annotations

import math

import pytest
from shapely.geometry import LineString

from tabletop_gui.geometry.arcs import FRONT, LEFT, RIGHT, facing_side
from tabletop_gui.geometry.outline import Outline
from tabletop_gui.geometry.reach import _sweep, _wheeled, charge_path, reach

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


# -- the charge's path (docs/t9a.md, Charge reach (Charge Move)) ----------------------


def moved_front(c: Outline, turn: float, forward: float, wheel_first: bool):
    """The charger's front after the path: a wheel of ``turn`` degrees about its
    inner front corner and ``forward`` inches along its facing, in that order or
    the other."""
    a = math.radians(turn)
    _, (w0, w1) = _wheeled(facing_side(c, FRONT), a) if turn else (None, facing_side(c, FRONT))
    angle = c.angle + a if wheel_first else c.angle
    ux, uy = -math.sin(angle), math.cos(angle)
    return LineString([(w0[0] + forward * ux, w0[1] + forward * uy),
                       (w1[0] + forward * ux, w1[1] + forward * uy)])  # fmt: skip


POSITIONS = [  # (charger, side of TARGET): offset, flank, behind, at an angle
    (charger(42, 31, 180), FRONT),
    (charger(30, 33, 200), FRONT),
    (charger(43, 28, 150), RIGHT),
    (charger(29, 20, 270), LEFT),
    (charger(36, 18, 0), FRONT),
    (charger(36, 30, 160), FRONT),
]


@pytest.mark.parametrize(("c", "arc"), POSITIONS)
def test_moved_as_the_path_says_the_front_touches_the_side_at_its_end(c, arc):
    side = facing_side(TARGET, arc)
    p = charge_path(c, side, TARGET)
    assert p is not None
    front = moved_front(c, p.turn, p.forward, p.wheel_first)
    assert front.distance(LineString(side)) <= 1e-6
    assert front.distance(LineString([p.end, p.end])) <= 1e-6
    assert LineString(side).distance(LineString([p.end, p.end])) <= 1e-9
    assert LineString(facing_side(c, FRONT)).distance(LineString([p.start, p.start])) <= 1e-6
    assert p.path[0] == p.start and p.path[-1] == p.end
    assert p.wheel == pytest.approx(3.0 * math.radians(abs(p.turn)))


@pytest.mark.parametrize(("c", "arc"), POSITIONS)
def test_no_wheel_tried_a_hundredth_of_a_degree_apart_reaches_shorter(c, arc):
    """Brute force over every wheel 0.01 degrees apart, either order, the
    forward part exact: none is shorter than the path found (to 1e-6 in)."""
    side = facing_side(TARGET, arc)
    p = charge_path(c, side, TARGET)
    assert p is not None
    if p.straight_ahead:
        return  # straight ahead is the charge when it reaches (docs/t9a.md)
    mx, my = (side[0][0] + side[1][0]) / 2, (side[0][1] + side[1][1]) / 2
    nx, ny = TARGET.cx - mx, TARGET.cy - my
    best = math.inf
    for k in range(-18000, 18001):
        a = math.radians(k / 100)
        u = (-math.sin(c.angle + a), math.cos(c.angle + a))
        if k == 0 or u[0] * nx + u[1] * ny < -1e-9:
            continue
        _, (w0, w1) = _wheeled(facing_side(c, FRONT), a)
        for move in (u, (-math.sin(c.angle), math.cos(c.angle))):
            t = _sweep(w0, w1, move, *side)
            if t is not None:
                best = min(best, 3.0 * abs(a) + t)
    assert p.total <= best + 1e-6


def test_a_front_moving_beside_a_side_never_meets_it_and_one_meeting_it_head_on_does():
    # A 2 in front from (0, 0) to (2, 0) moving +y: a side from (3, 5) to (5, 5)
    # lies beside its strip; one from (1.5, 5) to (4, 5) is met after 5 in, and
    # one corner to corner, (2, 5) to (4, 5), too.
    up = (0.0, 1.0)
    assert _sweep((0, 0), (2, 0), up, (3, 5), (5, 5)) is None
    assert _sweep((0, 0), (2, 0), up, (1.5, 5), (4, 5)) == pytest.approx(5.0)
    assert _sweep((0, 0), (2, 0), up, (2, 5), (4, 5)) == pytest.approx(5.0)
    # A slanted side, (1, 3) to (3, 7): the strip's part of it begins at y = 3.
    assert _sweep((0, 0), (2, 0), up, (1, 3), (3, 7)) == pytest.approx(3.0)
    assert _sweep((0, 0), (2, 0), up, (1, -3), (3, -7)) is None  # behind it


def test_the_wheels_tried_at_once_measure_as_one_at_a_time():
    """``_sweeps`` (every wheel of the search at once) against ``_sweep`` on
    random fronts, directions and sides: the same distance, or none."""
    import numpy as np

    from tabletop_gui.geometry.reach import _sweeps

    rng = np.random.default_rng(7)
    for _ in range(40):
        side = tuple(map(tuple, rng.uniform(0, 10, (2, 2)).tolist()))
        p0, p1 = rng.uniform(0, 10, (2, 200, 2))
        heading = rng.uniform(-math.pi, math.pi, 200)
        u = (np.cos(heading), np.sin(heading))
        many = _sweeps((p0[:, 0], p0[:, 1]), (p1[:, 0], p1[:, 1]), u, side, 1e-9)
        for i in range(200):
            one = _sweep(tuple(p0[i]), tuple(p1[i]), (u[0][i], u[1][i]), *side, 1e-9)
            assert (many[i] == math.inf) if one is None else many[i] == pytest.approx(one)
