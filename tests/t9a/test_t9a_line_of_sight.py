"""Line of Sight (docs/t9a.md, Line of sight): drawn from the viewer's front,
within its front arc, blocked by Opaque Terrain (Impassable Terrain counts as
Opaque) and by bases at least as tall as both the viewer and its target; a
feature the viewer or target stands in does not hide it."""

from __future__ import annotations

import pytest
import shapely
from t9a_helpers import A, B, HeightClass, Terrain, block, rect, setup, state, unit

from tabletop_gui.model.pieces import BaseShape
from tabletop_gui.rules.t9a.rulings import line_of_sight, sight_to

#: The viewer: 2 x 2 in, facing +y, its front from (35, 11) to (37, 11).
VIEWER = block("d", A, 35, 9, 37, 11, name="Unit D")
#: The best sight line past the corner (38, 20) of a wall from x = 20 to 38 starts
#: at (37, 11) and crosses y = 30 at x = 37 + 19 / 9.
EDGE_AT_30 = 37 + 19 / 9


def sight(units, terrain=(), settings=None, viewer="d"):
    s = state(setup([], [VIEWER, *units], terrain=terrain, settings=settings))
    return {t.target_id: t for t in line_of_sight(s, viewer).targets}


def test_the_rulebooks_figure_front_unit_seen_partly_in_arc_seen_behind_impassable_not():
    ruins = Terrain("ruins", "Ruins", rect(30, 25, 42, 27), impassable=True)
    found = sight(
        [block("b", B, 32, 14, 34, 16), block("a", B, 41.5, 15, 46.5, 17),
         block("c", B, 33.5, 31, 38.5, 33), block("e", B, 58, 9, 62, 11)],
        [ruins],
    )  # fmt: skip
    assert found["b"].seen
    assert found["a"].seen  # only the part of it in the front arc counts, and shows
    assert not found["c"].seen and found["c"].why == "behind the Ruins"
    assert found["c"].blockers == ("ruins",)
    assert not found["e"].seen and found["e"].why == "outside the front arc"


def wall(opaque=True):
    return Terrain("hill", "Hill", rect(20, 20, 38, 22), opaque=opaque)


def test_a_target_001_in_past_the_corner_of_a_hill_is_seen():
    x = EDGE_AT_30 + 0.01
    found = sight([block("t", B, x - 2, 30, x, 31)], [wall()])
    assert found["t"].seen and found["t"].start == pytest.approx((37, 11))


def test_a_target_001_in_short_of_the_line_past_the_corner_is_not_seen_behind_the_hill():
    x = EDGE_AT_30 - 0.01
    found = sight([block("t", B, x - 2, 30, x, 31)], [wall()])
    assert not found["t"].seen and found["t"].why == "behind the Hill"


def test_terrain_that_is_not_opaque_hides_nothing():
    x = EDGE_AT_30 - 0.01
    assert sight([block("t", B, x - 2, 30, x, 31)], [wall(opaque=False)])["t"].seen


def test_a_target_standing_on_the_hill_is_seen_into_it():
    found = sight([block("t", B, 30, 20.5, 32, 21.5)], [wall()])
    assert found["t"].seen


def between(height, viewer_height=HeightClass.STANDARD, target_height=HeightClass.STANDARD):
    """A 10 in wide screen of ``height`` between the viewer and a target."""
    viewer = block("d", A, 35, 9, 37, 11, height=viewer_height)
    screen = block("s", B, 31, 14, 41, 15, height=height)
    target = block("t", B, 35.5, 20, 36.5, 21, height=target_height)
    s = state(setup([], [viewer, screen, target]))
    return sight_to(s, "d", "t")


def test_a_large_unit_blocks_sight_between_two_standard_ones():
    found = between(HeightClass.LARGE)
    assert not found.seen and found.blockers == ("s",)


def test_a_standard_unit_blocks_sight_between_two_standard_ones_as_tall_as_both():
    assert not between(HeightClass.STANDARD).seen


def test_a_standard_unit_does_not_block_a_large_viewer():
    assert between(HeightClass.STANDARD, viewer_height=HeightClass.LARGE).seen


def test_the_setting_taller_lets_a_base_only_as_tall_as_both_through():
    viewer = block("d", A, 35, 9, 37, 11)
    screen = block("s", B, 31, 14, 41, 15)
    target = block("t", B, 35.5, 20, 36.5, 21)
    s = state(setup([], [viewer, screen, target], settings={"sight_blockers": "taller"}))
    assert sight_to(s, "d", "t").seen


def test_the_region_in_view_is_the_front_arc_less_what_the_hill_hides():
    s = state(setup([], [VIEWER], terrain=[wall()]))
    seen = line_of_sight(s, "d")
    assert seen.region.contains(shapely.Point(36, 15))
    assert not seen.region.contains(shapely.Point(30, 35))  # behind the hill
    assert not seen.region.contains(shapely.Point(36, 5))  # behind the viewer
    assert seen.region.contains(shapely.Point(EDGE_AT_30 + 0.5, 30))


def test_a_round_base_sees_all_round_from_its_edge():
    round_viewer = unit("d", A, 36, 10, w=40, base_shape=BaseShape.ROUND)
    behind = block("t", B, 35, 2, 37, 3)  # behind a rectangle facing +y: outside its arc
    s = state(setup([], [round_viewer, behind], terrain=[wall()]))
    assert sight_to(s, "d", "t").seen
    assert line_of_sight(s, "d").region.contains(shapely.Point(36, 4))


def test_a_round_bases_sight_line_leaves_it_on_the_side_facing_the_target():
    # The line drawn is the first one found: from the point of the edge nearest
    # the target, not from one across the viewer's own base.
    round_viewer = unit("d", A, 36, 10, w=40, base_shape=BaseShape.ROUND)
    left = block("t", B, 20, 9, 22, 11)
    t = sight_to(state(setup([], [round_viewer, left])), "d", "t")
    assert t.seen and t.start[0] < 36 - 0.7  # on the left of the 0.79 in radius
