"""Unit Spacing (docs/t9a.md, Unit Spacing): units keep more than 1 in apart,
friend or foe; base contact is allowed where the rules bring it (a charge), so
units in contact are not too close. Flagged, never refused."""

from __future__ import annotations

import pytest
from t9a_helpers import A, B, block, setup, state

from tabletop_gui.rules.t9a.rulings import spacing, spacing_breaches


def pair(gap: float, side_b: str = B, settings=None):
    units = [block("a", A, 30, 20, 34, 22), block("b", side_b, 34 + gap, 20, 38 + gap, 22)]
    return state(setup([], units, settings=settings))


def test_units_099_in_apart_are_too_close():
    s = spacing(pair(0.99), "a", "b")
    assert s.too_close and not s.contact and s.distance == pytest.approx(0.99)


def test_units_101_in_apart_keep_their_spacing():
    s = spacing(pair(1.01), "a", "b")
    assert not s.too_close and s.distance == pytest.approx(1.01)


def test_units_exactly_1_in_apart_are_within_1_in_so_too_close():
    assert spacing(pair(1.0), "a", "b").too_close


def test_units_of_the_same_side_keep_the_same_spacing():
    assert spacing(pair(0.5, side_b=A), "a", "b").too_close


def test_units_in_base_contact_are_not_too_close():
    s = spacing(pair(0.0), "a", "b")
    assert s.contact and not s.too_close


def test_the_unit_spacing_setting_changes_the_distance():
    assert spacing(pair(1.5, settings={"unit_spacing": 2}), "a", "b").too_close


def test_every_unit_too_close_is_found_nearest_first():
    units = [block("a", A, 30, 20, 34, 22), block("b", B, 34.9, 20, 38, 22),
             block("c", B, 30, 22.5, 34, 24), block("far", B, 50, 20, 54, 22)]  # fmt: skip
    found = spacing_breaches(state(setup([], units)), "a")
    assert [s.b for s in found] == ["c", "b"]
