"""The four arcs of a rectangle (geometry/arcs.py): lines from the corners at
135 degrees to the sides, every point outside in one arc or on a line between
two, and the margin to the nearest line, exact."""

from __future__ import annotations

import math

import pytest
import shapely
from hypothesis import given
from hypothesis import strategies as st

from tabletop_gui.geometry.arcs import (
    FRONT,
    LEFT,
    REAR,
    RIGHT,
    arc_lines,
    arc_of,
    arc_regions,
    arc_segments,
    facing_side,
    front_centre,
)
from tabletop_gui.geometry.outline import Outline

BOARD = (0.0, 0.0, 72.0, 48.0)
#: A 4 x 2 in footprint facing +y, its front side from (34, 25) to (38, 25).
UNIT = Outline(36.0, 24.0, half_w=2.0, half_d=1.0, angle=0.0)
R = 1 / math.sqrt(2)


def test_each_corner_line_runs_out_at_135_degrees_to_both_sides_it_joins():
    for line in arc_lines(UNIT):
        ux, uy = line.direction
        assert math.isclose(abs(ux), R) and math.isclose(abs(uy), R)
    front_left = arc_lines(UNIT)[0]
    assert front_left.corner == pytest.approx((34.0, 25.0))
    assert front_left.direction == pytest.approx((-R, R))  # out to the front and the left


@pytest.mark.parametrize(
    ("point", "arc"),
    [((36, 30), FRONT), ((36, 18), REAR), ((30, 24), LEFT), ((42, 24), RIGHT),
     ((41, 29.5), FRONT), ((42, 28.5), RIGHT), ((31, 19.5), REAR), ((31, 20.5), LEFT)],
)  # fmt: skip
def test_a_point_lies_in_the_arc_between_the_lines_around_it(point, arc):
    assert arc_of(UNIT, point).arc == arc


def test_a_point_001_in_either_side_of_the_front_right_line_changes_arc_with_that_margin():
    along = (38 + 3, 25 + 3)  # on the line from the front-right corner
    right = (along[0] + 0.01 * R, along[1] - 0.01 * R)
    front = (along[0] - 0.01 * R, along[1] + 0.01 * R)
    a, b, on = arc_of(UNIT, right), arc_of(UNIT, front), arc_of(UNIT, along)
    assert (a.arc, a.across) == (RIGHT, FRONT) and a.margin == pytest.approx(0.01, abs=1e-12)
    assert (b.arc, b.across) == (FRONT, RIGHT) and b.margin == pytest.approx(0.01, abs=1e-12)
    assert on.on_line and on.margin == pytest.approx(0.0, abs=1e-12)


def test_a_point_behind_both_lines_measures_to_the_nearer_corner():
    # Beside the front corner, the flank arc's nearest line point is the corner itself.
    place = arc_of(UNIT, (38.1, 24.5))
    assert place.arc == RIGHT and place.across == FRONT
    assert place.margin == pytest.approx(math.hypot(0.1, 0.5))


def test_a_point_inside_the_footprint_is_in_no_arc():
    assert arc_of(UNIT, (36.5, 24.2)).arc is None


def test_a_turned_footprint_turns_its_arcs_with_it():
    turned = Outline(36.0, 24.0, half_w=2.0, half_d=1.0, angle=math.radians(90))
    # Facing 90 degrees counter-clockwise: it faces -x, its right flank is +y.
    assert front_centre(turned) == pytest.approx((35.0, 24.0))
    assert arc_of(turned, (30, 24)).arc == FRONT
    assert arc_of(turned, (36, 30)).arc == RIGHT
    (x0, y0), (x1, y1) = facing_side(turned, REAR)
    assert (x0, y0, x1, y1) == pytest.approx((37.0, 26.0, 37.0, 22.0))  # rear right, rear left


def test_the_four_regions_tile_the_board_outside_the_footprint():
    regions = arc_regions(UNIT, BOARD)
    total = sum(r.area for r in regions.values())
    assert total == pytest.approx(72 * 48 - 4 * 2, abs=1e-6)
    assert regions[FRONT].intersection(regions[RIGHT]).area == pytest.approx(0, abs=1e-9)


def test_the_lines_run_from_the_corners_to_the_boards_edge():
    for (x0, y0), (x1, y1) in arc_segments(UNIT, BOARD):
        assert (x0, y0) in [line.corner for line in arc_lines(UNIT)]
        assert min(x1, 72 - x1, y1, 48 - y1) == pytest.approx(0, abs=1e-9)


@given(st.floats(0.5, 71.5), st.floats(0.5, 47.5), st.floats(0, 360))
def test_every_point_outside_is_in_exactly_one_region_or_on_a_line(x, y, facing):
    o = Outline(36.0, 24.0, half_w=2.5, half_d=0.75, angle=math.radians(facing))
    place = arc_of(o, (x, y))
    if place.arc is None:
        assert o.polygon().buffer(1e-6).contains(shapely.Point(x, y))
        return
    regions = arc_regions(o, BOARD)
    p = shapely.Point(x, y)
    holding = [a for a, r in regions.items() if r.buffer(1e-9).covers(p)]
    assert place.arc in holding
    if not place.on_line:
        assert len(holding) == 1 or place.margin < 1e-6
