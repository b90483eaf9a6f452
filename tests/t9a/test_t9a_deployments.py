"""Deployment Types (docs/t9a.md): zones on the 72 x 48 board, the
dividing line, short edges, and the approximations labelled as such."""

from __future__ import annotations

import pytest
from shapely.geometry import LineString, Point, Polygon, box
from t9a_helpers import BOARD, A, B, block

from tabletop_gui.geometry import fully_inside, unit_outline
from tabletop_gui.rules.t9a.deployments import DEPLOYMENT_TYPES


def zone_polys(key):
    za, zb = DEPLOYMENT_TYPES[key].zones(BOARD, A, B)
    return Polygon(za.polygon), Polygon(zb.polygon)


def test_there_are_exactly_the_six_deployment_types_of_the_rules():
    assert list(DEPLOYMENT_TYPES) == [
        "frontline_clash", "dawn_assault", "counterthrust", "encircle",
        "refused_flank", "marching_columns",
    ]  # fmt: skip


@pytest.mark.parametrize("key", list(DEPLOYMENT_TYPES))
def test_every_type_gives_one_valid_zone_per_side_on_the_board(key):
    za, zb = DEPLOYMENT_TYPES[key].zones(BOARD, A, B)
    assert (za.side, zb.side) == (A, B)
    assert za.id != zb.id
    for z in (za, zb):
        assert z.validate() == []
        poly = Polygon(z.polygon)
        assert poly.is_valid and poly.area > 0
        assert box(0, 0, 72, 48).buffer(1e-9).covers(poly)
    assert not Polygon(za.polygon).intersects(Polygon(zb.polygon))


@pytest.mark.parametrize("key", ["refused_flank", "marching_columns"])
def test_refused_flank_and_marching_columns_are_labelled_approximations(key):
    dt = DEPLOYMENT_TYPES[key]
    assert dt.approximate
    assert "APPROXIMATION" in dt.description
    assert all("approximation" in z.name for z in dt.zones(BOARD, A, B))


@pytest.mark.parametrize("key", ["frontline_clash", "dawn_assault", "counterthrust", "encircle"])
def test_the_four_exact_types_are_not_marked_approximate(key):
    assert not DEPLOYMENT_TYPES[key].approximate


def test_frontline_clash_zones_are_more_than_12_in_from_the_centre_line():
    a, b = zone_polys("frontline_clash")
    assert a.equals(box(0, 0, 72, 12)) and b.equals(box(0, 36, 72, 48))


def test_counterthrust_zones_are_more_than_8_in_from_the_centre_line():
    a, b = zone_polys("counterthrust")
    assert a.equals(box(0, 0, 72, 16)) and b.equals(box(0, 32, 72, 48))


def test_dawn_assault_keeps_18_in_from_the_opponents_short_edge():
    a, b = zone_polys("dawn_assault")
    assert a.equals(box(0, 0, 54, 12)) and b.equals(box(18, 36, 72, 48))
    edges = DEPLOYMENT_TYPES["dawn_assault"].short_edges(BOARD, A, B)
    assert edges == {A: ((0.0, 0.0), (0.0, 48.0)), B: ((72.0, 0.0), (72.0, 48.0))}


def test_encircle_attacker_is_a_u_deeper_at_the_ends_defender_the_other_way_round():
    a, b = zone_polys("encircle")
    assert a.contains(Point(5, 14.9)) and a.contains(Point(67, 14.9))  # ends: y < 15
    assert not a.contains(Point(36, 9.1)) and a.contains(Point(36, 8.9))  # middle: y < 9
    assert b.contains(Point(36, 33.1)) and not b.contains(Point(36, 32.9))  # middle: y > 33
    assert b.contains(Point(5, 39.1)) and not b.contains(Point(5, 38.9))  # ends: y > 39


def test_encircle_unit_wholly_within_18_in_of_a_short_edge_may_stand_up_to_9_in_from_the_line():
    a, _ = zone_polys("encircle")
    near_edge = block("u", A, 10, 12, 18, 14.9)
    straddling = block("v", A, 15, 12, 21, 14.9)  # not wholly within 18 in of the edge
    assert fully_inside(unit_outline(near_edge), a)
    assert not fully_inside(unit_outline(straddling), a)


def test_refused_flank_zones_are_9_in_either_side_of_the_diagonal_which_divides_the_board():
    dt = DEPLOYMENT_TYPES["refused_flank"]
    line = dt.dividing_line(BOARD)
    assert line == ((0.0, 0.0), (72.0, 48.0))
    diag = LineString(line)
    a, b = zone_polys("refused_flank")
    assert diag.distance(a) == pytest.approx(9.0)
    assert diag.distance(b) == pytest.approx(9.0)
    assert a.contains(Point(71, 1)) and b.contains(Point(1, 47))


@pytest.mark.parametrize(
    "key", ["frontline_clash", "dawn_assault", "counterthrust", "encircle", "marching_columns"]
)
def test_the_centre_line_divides_the_board_except_in_refused_flank(key):
    assert DEPLOYMENT_TYPES[key].dividing_line(BOARD) == ((0.0, 24.0), (72.0, 24.0))


def test_zones_are_named_and_each_side_keeps_its_long_edge():
    dt = DEPLOYMENT_TYPES["encircle"]
    za, zb = dt.zones(BOARD, A, B)
    assert "attacker" in za.name and "defender" in zb.name
    assert dt.long_edges(BOARD, A, B)[A] == ((0.0, 0.0), (72.0, 0.0))


def test_zones_are_named_after_the_sides_names_where_given():
    dt = DEPLOYMENT_TYPES["dawn_assault"]
    zones = dt.zones(BOARD, "a", "b", {"a": "Equitaine", "b": "Orcs"})
    assert [z.name.split(": ")[1].split(" zone")[0] for z in zones] == ["Equitaine", "Orcs"]
    assert [z.id for z in zones] == ["zone-a", "zone-b"]
