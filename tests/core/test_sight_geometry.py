"""Sight lines in plan (geometry/sight.py): a line from the source to the target
is blocked by crossing a blocker's inside, not by touching it; whether a target
shows is exact (tried from the source's ends and from where lines through two
corners cross it), and the drawn region never shows a hidden place."""

from __future__ import annotations

import pytest
import shapely
from shapely.geometry import LineString, box

from tabletop_gui.geometry.sight import seen_region, sees, shadow

FRONT = LineString([(35, 11), (37, 11)])
#: An opaque block whose right edge is x = 38, from y = 20 to 22.
WALL = box(20, 20, 38, 22)
#: The best sight line past the wall's corner (38, 20) starts at (37, 11): at
#: y = 30 it runs through x = 37 + 19 / 9.
EDGE_AT_30 = 37 + 19 / 9


def target_ending_at(x: float):
    """A 2 x 1 in target whose right edge is at ``x``, from y = 30 to 31."""
    return box(x - 2, 30, x, 31)


def test_a_target_001_in_past_the_walls_corner_is_seen_from_the_end_of_the_front():
    found = sees(FRONT, target_ending_at(EDGE_AT_30 + 0.01), [WALL])
    assert found.seen and found.start == pytest.approx((37, 11))


def test_a_target_001_in_short_of_the_sight_line_past_the_corner_is_hidden_by_the_wall():
    found = sees(FRONT, target_ending_at(EDGE_AT_30 - 0.01), [WALL])
    assert not found.seen and found.blockers == (0,)


def test_a_gap_seen_only_from_the_middle_of_the_front_is_found():
    # Two walls leave a 0.2 in gap; only points of the front near x = 7.1 see
    # the small target straight beyond it (neither end nor the middle does).
    front = LineString([(0, 0), (10, 0)])
    walls = [box(-5, 2, 7.0, 3), box(7.2, 2, 15, 3)]
    found = sees(front, box(7.0, 20, 7.2, 20.1), walls)
    assert found.seen and 6.9 < found.start[0] < 7.3
    line = LineString([found.start, found.end])
    assert not any(line.crosses(w) and line.intersection(w).length > 1e-9 for w in walls)


def test_a_line_passing_a_blockers_corner_is_blocked_only_once_it_cuts_inside():
    blocker = box(0, 5, 1, 6)
    # From (2, 0) the line through the corner (0, 5) reaches (-2, 10); a point a
    # hair to its left is seen past the corner, a hair to its right is behind it.
    hidden = shadow((2.0, 0.0), blocker, 100)
    assert not hidden.contains(shapely.Point(-2 - 1e-6, 10))
    assert hidden.contains(shapely.Point(-2 + 1e-6, 10))


def test_the_drawn_region_lies_within_what_the_ends_of_the_front_could_see_past_the_wall():
    field = box(0, 11, 72, 48)
    region = seen_region(FRONT, field, [WALL])
    # Straight behind the wall is hidden from every point of the front...
    assert not region.contains(shapely.Point(30, 35))
    # ...past its corner it shows; beside it, open ground shows.
    assert region.contains(shapely.Point(EDGE_AT_30 + 0.5, 30))
    assert region.contains(shapely.Point(36, 15))
    # A point the exact test says is hidden is never in the region.
    assert not region.contains(shapely.Point(EDGE_AT_30 - 0.05, 30.01))


def test_a_blocker_shows_its_own_inside_in_the_region_but_not_whats_beyond_it():
    field = box(0, 11, 72, 48)
    region = seen_region(FRONT, field, [WALL])
    assert region.contains(shapely.Point(30, 21))  # one sees into the feature
    assert not region.contains(shapely.Point(30, 25))  # not through it
