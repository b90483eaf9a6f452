"""Arcs (docs/t9a.md, Arcs): a unit's four arcs run from its corners at 135
degrees to its Facings; a charger is located in the arc of the target that holds
the centre of its front; exactly on a line it is in both, and the rules take the
flank arc. Round bases have no arcs."""

from __future__ import annotations

import math

import pytest
import shapely
from t9a_helpers import A, B, setup, state, unit

from tabletop_gui.model.pieces import MM_PER_INCH, BaseShape
from tabletop_gui.rules.t9a.rulings import arc_ruling, unit_arcs

R = 1 / math.sqrt(2)
IN = MM_PER_INCH
#: The target: 4 x 2 in facing +y, its front side from (34, 25) to (38, 25).
TARGET = unit("orcs", B, 36, 24, w=4 * IN, d=2 * IN, name="Orc Boyz")


def charger_with_front_centre(x: float, y: float, facing: float = 180.0, **kw):
    """A 4 x 1 in charger whose front's centre is (x, y), facing ``facing``."""
    t = math.radians(facing)
    cx, cy = x + 0.5 * math.sin(t), y - 0.5 * math.cos(t)
    return unit("knights", A, cx, cy, w=4 * IN, d=1 * IN, facing=facing, name="Knights", **kw)


def ruling(*units):
    return arc_ruling(state(setup([], units)), "knights", "orcs")


def test_a_charger_mostly_in_the_front_arc_is_located_in_the_flank_its_fronts_centre_is_in():
    # The rulebook's figure: what counts is the centre of the front, not the body.
    knights = charger_with_front_centre(39.7, 26.6)
    r = ruling(knights, TARGET)
    assert r.arc == "right flank" and r.across == "front"
    assert r.margin == pytest.approx((1.7 - 1.6) * R, abs=1e-9)


def test_the_fronts_centre_001_in_inside_the_flank_arc_is_in_the_flank_by_001():
    on_line = (38 + 3, 25 + 3)
    knights = charger_with_front_centre(on_line[0] + 0.01 * R, on_line[1] - 0.01 * R)
    r = ruling(knights, TARGET)
    assert (r.arc, r.across) == ("right flank", "front")
    assert r.margin == pytest.approx(0.01, abs=1e-9)


def test_the_fronts_centre_001_in_inside_the_front_arc_is_in_the_front_by_001():
    on_line = (38 + 3, 25 + 3)
    knights = charger_with_front_centre(on_line[0] - 0.01 * R, on_line[1] + 0.01 * R)
    r = ruling(knights, TARGET)
    assert (r.arc, r.across) == ("front", "right flank")
    assert r.margin == pytest.approx(0.01, abs=1e-9)


def test_the_fronts_centre_exactly_on_a_line_is_in_both_arcs_and_counts_in_the_flank():
    r = ruling(charger_with_front_centre(41, 28), TARGET)
    assert r.arc == "right flank" and r.margin == pytest.approx(0, abs=1e-9)
    assert "flank arc" in r.note


def test_a_charger_behind_the_target_is_in_its_rear_arc():
    r = ruling(charger_with_front_centre(36.5, 20, facing=0), TARGET)
    # 1.5 in short of the right side and 3 in behind: (1.5 + 3) / sqrt 2 from its line.
    assert r.arc == "rear" and r.margin == pytest.approx(4.5 * R, abs=1e-9)


def test_a_round_target_has_no_arcs_so_a_charger_is_in_none_and_told_why():
    disc = unit("orcs", B, 36, 24, w=40, base_shape=BaseShape.ROUND, name="Shaman")
    r = ruling(charger_with_front_centre(40, 20), disc)
    assert r.arc is None and r.margin is None
    assert r.why == "Shaman is on a round base, which has no arcs: it sees all round"
    arcs = unit_arcs(state(setup([], [disc])), "orcs")
    assert arcs is not None and not arcs.regions and arcs.why == r.why


def test_a_unit_shows_four_arcs_to_the_boards_edges_each_labelled_on_the_board():
    arcs = unit_arcs(state(setup([], [TARGET])), "orcs")
    assert arcs is not None
    assert [name for name, _, _ in arcs.regions] == ["front", "right flank", "rear", "left flank"]
    assert sum(shape.area for _, shape, _ in arcs.regions) == pytest.approx(72 * 48 - 8)
    assert len(arcs.lines) == 4
    for _, shape, (x, y) in arcs.regions:
        assert shape.buffer(1e-9).contains(shapely.Point(x, y))


def test_a_charger_whose_front_centre_is_inside_the_target_is_in_no_arc():
    r = ruling(charger_with_front_centre(36, 24.5), TARGET)
    assert r.arc is None and "inside" in r.why


def test_a_round_charger_is_located_by_its_centre():
    # A 40 mm disc centred 3 in out on the front-right arc line's far side.
    disc = unit("knights", A, 38 + 3 + 0.5, 25 + 3 - 0.5, w=40, base_shape=BaseShape.ROUND)
    r = ruling(disc, TARGET)
    assert r.located == "centre" and r.point == pytest.approx((41.5, 27.5))
    assert r.arc == "right flank" and r.margin == pytest.approx(1 / math.sqrt(2))
