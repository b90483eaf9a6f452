"""Geometry as docs/measurement.md defines it: edge to edge, inclusive 'within',
inside = overlapping the interior, 3D with elevation."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Polygon

from tabletop_gui.geometry import (
    Outline,
    closest_points,
    contains_point,
    distance,
    distance_3d,
    distance_to_point,
    fully_inside,
    in_base_contact,
    inside,
    unit_outline,
    within,
)
from tabletop_gui.geometry.arrays import distances_to_point, inside_area, unit_arrays
from tabletop_gui.model import Scene, Unit
from tabletop_gui.model.pieces import HeightClass
from tabletop_gui.rules.t9a.ranks import full_ranks

from .helpers import INCH, block, disc

ZONE = Polygon([(0, 0), (72, 0), (72, 12), (0, 12)])


def test_footprint_is_frontage_times_ranks_of_base_size():
    u = Unit(
        "u",
        "Spears",
        "red",
        10,
        10,
        base_width_mm=20,
        base_depth_mm=20,
        models=23,
        models_per_rank=5,
    )
    assert u.ranks == 5  # 4 full ranks and an incomplete rear rank still count
    assert u.width_in == pytest.approx(5 * 20 / INCH)
    assert u.depth_in == pytest.approx(5 * 20 / INCH)


def test_unit_narrower_than_its_rank_width_uses_its_model_count():
    u = Unit(
        "u", "Two", "red", 0, 0, base_width_mm=25, base_depth_mm=25, models=2, models_per_rank=5
    )
    assert u.width_in == pytest.approx(2 * 25 / INCH)
    assert u.ranks == 1


@pytest.mark.parametrize(
    ("height", "per_rank", "models", "full"),
    [
        (HeightClass.STANDARD, 5, 23, 4),  # 5 models make a Full Rank; the rear 3 do not
        (HeightClass.STANDARD, 4, 20, 0),  # ranks of 4 are never Full for Standard height
        (HeightClass.LARGE, 3, 7, 2),
        (HeightClass.GIGANTIC, 1, 1, 1),
    ],
)
def test_full_ranks_by_height_class(height, per_rank, models, full):
    u = Unit("u", "u", "red", 0, 0, models=models, models_per_rank=per_rank, height=height)
    assert full_ranks(u) == full


def test_distance_exactly_six_is_within_six_and_six_point_zero_one_is_not():
    at_6 = unit_outline(block("a", "red", 36, 24 - 6 - 1))  # front edge at y=17, 2 in deep
    at_601 = unit_outline(block("b", "red", 36, 24 - 6.01 - 1))
    assert distance_to_point(at_6, 36, 24) == pytest.approx(6.0, abs=1e-12)
    assert within(distance_to_point(at_6, 36, 24), 6)
    assert not within(distance_to_point(at_601, 36, 24), 6)


def test_rotated_rectangle_distance_to_point_is_to_its_corner():
    o = unit_outline(block("a", "red", 0, 0, width_in=2, depth_in=2, facing=45))
    # A 2x2 square turned 45 degrees reaches sqrt(2) along the x axis.
    assert distance_to_point(o, 5, 0) == pytest.approx(5 - math.sqrt(2))


def test_round_bases_measure_edge_to_edge():
    a = unit_outline(disc("a", "red", 0, 0, diameter_mm=2 * INCH))  # radius 1 in
    b = unit_outline(disc("b", "blue", 5, 0, diameter_mm=2 * INCH))
    assert distance(a, b) == pytest.approx(3.0)


def test_overlapping_outlines_are_at_distance_zero():
    a = unit_outline(block("a", "red", 0, 0))
    b = unit_outline(block("b", "blue", 1, 0.5, facing=30))
    assert distance(a, b) == 0.0


def test_3d_distance_adds_the_height_difference():
    low = Outline(0, 0, radius=0.0)
    roof = Outline(2, 0, radius=0.0, elevation=2.5)
    assert distance_3d(low, roof) == pytest.approx(math.hypot(2, 2.5))
    assert not within(distance_3d(low, roof), 3)  # 3.20 in: not within 3


def test_unit_overlapping_only_a_zone_corner_is_inside_but_not_fully():
    # The zone's corner (72, 12); the unit sits over it diagonally.
    o = unit_outline(block("a", "red", 72.5, 12.5, width_in=2, depth_in=2))
    assert inside(o, ZONE)
    assert not fully_inside(o, ZONE)


def test_unit_touching_the_zone_edge_is_not_inside():
    o = unit_outline(block("a", "red", 36, 13, width_in=2, depth_in=2))  # rear edge on y=12
    assert not inside(o, ZONE)


def test_unit_wholly_within_zone_is_fully_inside():
    o = unit_outline(block("a", "red", 36, 6))
    assert inside(o, ZONE) and fully_inside(o, ZONE)


def test_round_base_overlapping_zone_edge_is_inside():
    o = unit_outline(disc("a", "red", 36, 12.5, diameter_mm=1.2 * INCH))  # radius 0.6
    assert inside(o, ZONE)
    assert not inside(unit_outline(disc("b", "red", 36, 12.7, diameter_mm=1.2 * INCH)), ZONE)


def test_contact_with_a_point_includes_the_edge():
    o = unit_outline(block("a", "red", 0, 0, width_in=2, depth_in=2))
    assert contains_point(o, 1.0, 0.0)
    assert contains_point(o, 0.2, 0.3)
    assert not contains_point(o, 1.01, 0.0)


def test_base_contact_uses_the_tolerance():
    a = Outline(0, 0, radius=1.0)
    assert in_base_contact(a, Outline(2.02, 0, radius=1.0), tolerance=0.02)
    assert not in_base_contact(a, Outline(2.03, 0, radius=1.0), tolerance=0.02)


def test_closest_points_lie_on_the_outlines_and_span_the_distance():
    a = unit_outline(block("a", "red", 0, 0, width_in=2, depth_in=2))
    b = unit_outline(disc("b", "blue", 6, 0, diameter_mm=2 * INCH))
    (x1, y1), (x2, y2) = closest_points(a, b)
    assert (x1, y1) == pytest.approx((1, 0))
    assert (x2, y2) == pytest.approx((5, 0))
    assert math.hypot(x2 - x1, y2 - y1) == pytest.approx(distance(a, b))


# -- properties ------------------------------------------------------------

coords = st.floats(-50, 50, allow_nan=False)
sizes = st.floats(0.5, 8)
angles = st.floats(0, 360)


@st.composite
def outlines(draw):
    if draw(st.booleans()):
        return Outline(draw(coords), draw(coords), radius=draw(st.floats(0.2, 3)))
    return Outline(
        draw(coords),
        draw(coords),
        half_w=draw(sizes) / 2,
        half_d=draw(sizes) / 2,
        angle=math.radians(draw(angles)),
    )


def _moved(o: Outline, dx: float, dy: float) -> Outline:
    return Outline(o.cx + dx, o.cy + dy, o.half_w, o.half_d, o.angle, o.radius, o.elevation)


@given(outlines(), outlines())
def test_distance_is_symmetric(a, b):
    assert distance(a, b) == pytest.approx(distance(b, a), abs=1e-9)


@given(outlines(), outlines(), coords, coords)
def test_distance_is_unchanged_by_moving_both(a, b, dx, dy):
    assert distance(_moved(a, dx, dy), _moved(b, dx, dy)) == pytest.approx(distance(a, b), abs=1e-7)


@given(outlines(), outlines(), st.floats(0, 20), st.floats(0, 20))
def test_within_is_monotone_in_the_radius(a, b, r1, r2):
    small, big = sorted((r1, r2))
    d = distance(a, b)
    assert not (within(d, small) and not within(d, big))


@given(outlines(), outlines())
def test_shapely_polygon_distance_agrees_with_exact_distance(a, b):
    # The circle polygon is inscribed, so it may be at most slightly farther.
    approx = a.polygon().distance(b.polygon())
    assert approx >= distance(a, b) - 1e-9
    assert approx - distance(a, b) <= 0.01 * max(a.radius or 0, b.radius or 0) + 1e-9


@given(coords, coords, sizes, sizes, coords, coords, sizes, sizes, angles)
def test_rectangles_facing_the_same_way_measure_as_their_polygons(x, y, w, d, u, v, w2, d2, deg):
    # Measured by the gaps along their shared axes (parallel_distance), not
    # through shapely: the same distance as the polygons', apart, touching or
    # overlapping (0), whichever way they face.
    angle = math.radians(deg)
    a = Outline(x, y, half_w=w / 2, half_d=d / 2, angle=angle)
    b = Outline(u, v, half_w=w2 / 2, half_d=d2 / 2, angle=angle)
    assert distance(a, b) == pytest.approx(a.polygon().distance(b.polygon()), abs=1e-9)
    assert distance(a, b) == distance(b, a)


@settings(max_examples=50)
@given(st.lists(outlines(), min_size=1, max_size=20), coords, coords)
def test_vectorised_distances_match_the_single_piece_form(outs, px, py):
    units = []
    for i, o in enumerate(outs):
        if o.radius is not None:
            units.append(disc(f"u{i}", "red", o.cx, o.cy, diameter_mm=2 * o.radius * INCH))
        else:
            units.append(
                block(
                    f"u{i}",
                    "red",
                    o.cx,
                    o.cy,
                    width_in=2 * o.half_w,
                    depth_in=2 * o.half_d,
                    facing=math.degrees(o.angle),
                )
            )
    scene = Scene(units={u.id: u for u in units})
    arrays = unit_arrays(scene)
    vec = distances_to_point(arrays, px, py)
    single = [distance_to_point(unit_outline(u), px, py) for u in units]
    np.testing.assert_allclose(vec, single, atol=1e-9)
    area = Polygon([(px, py), (px + 10, py), (px + 10, py + 10), (px, py + 10)])
    np.testing.assert_array_equal(
        inside_area(arrays, area), [inside(unit_outline(u), area) for u in units]
    )


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 4), coords, coords, angles, st.booleans()), max_size=12))
def test_arrays_patched_after_one_unit_changes_equal_arrays_built_from_scratch(moves):
    from dataclasses import fields, replace

    from tabletop_gui.geometry.arrays import _build

    units = [block(f"u{i}", "red", i, i) for i in range(4)] + [disc("d", "blue", 9, 9)]
    scene = Scene(units={u.id: u for u in units})
    unit_arrays(scene)
    for index, x, y, facing, removed in moves:
        unit = list(scene.units.values())[index]
        scene = scene.with_piece(replace(unit, x=x, y=y, facing=facing, removed=removed))
        patched, built = unit_arrays(scene), _build(scene)
        for f in fields(built):
            np.testing.assert_array_equal(getattr(patched, f.name), getattr(built, f.name))


def test_arrays_of_a_scene_without_a_live_parent_patched_from_the_last_build_equal_a_rebuild():
    from dataclasses import fields, replace

    from tabletop_gui.geometry.arrays import _build

    units = {u.id: u for u in [block(f"u{i}", "red", i, i) for i in range(6)]}
    unit_arrays(Scene(units=units))
    moved = dict(units)
    moved["u2"] = replace(units["u2"], x=40, facing=30, removed=True)
    scene = Scene(units=moved)  # a new scene, no parent: patched from the last build
    patched, built = unit_arrays(scene), _build(scene)
    for f in fields(built):
        np.testing.assert_array_equal(getattr(patched, f.name), getattr(built, f.name))


def test_overlap_depth_is_the_least_move_that_clears_two_bases():
    from tabletop_gui.geometry.outline import Outline, overlap_depth

    square = Outline(0, 0, 1, 1)
    assert overlap_depth(square, Outline(1.5, 0, 1, 1)) == pytest.approx(0.5)
    assert overlap_depth(square, Outline(2.0, 0, 1, 1)) == 0  # touching: no overlap
    assert overlap_depth(square, Outline(2.5, 0, 1, 1)) == 0
    # a diamond's corner 0.41 in into the square's side
    diamond = Outline(0, 2.0, 1, 1, angle=math.radians(45))
    assert overlap_depth(square, diamond) == pytest.approx(math.sqrt(2) - 1)
    # a round base over the square's corner: its radius less its distance to the corner
    corner = 1 - math.hypot(0.5, 0.5)
    assert overlap_depth(square, Outline(1.5, 1.5, radius=1)) == pytest.approx(corner)
    assert overlap_depth(Outline(0, 0, radius=1), Outline(1.5, 0, radius=1)) == pytest.approx(0.5)
