"""Unit Spacing (docs/t9a.md, Unit Spacing): units keep more than 1 in apart,
friend or foe; base contact is allowed where the rules bring it (a charge), so
units in contact are not too close. Flagged, never refused."""

from __future__ import annotations

import pytest
from t9a_helpers import A, B, block, crowd, setup, state

from tabletop_gui.model.events import MovePiece, TurnStart
from tabletop_gui.model.game import Game
from tabletop_gui.rules import Timeline
from tabletop_gui.rules.engine import flags
from tabletop_gui.rules.t9a.rulings import (
    spacing,
    spacing_breaches,
    spacing_flag,
    spacing_flags,
    too_close,
)


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


@pytest.mark.parametrize("crowd", [0, 60])  # a small board loops; a crowded one uses arrays
def test_the_units_too_close_are_found_the_same_on_a_small_and_a_crowded_board(crowd):
    units = [block("a", A, 30, 20, 34, 22), block("b", B, 34.5, 20, 38, 22),
             block("c", B, 30, 22.99, 34, 24), block("d", B, 30, 17, 34, 18.98)]  # fmt: skip
    units += [block(f"far{i}", B, 2 + i, 40, 2.5 + i, 41) for i in range(crowd)]
    found = spacing_breaches(state(setup([], units)), "a")
    assert [(s.b, round(s.distance, 6)) for s in found] == [("b", 0.5), ("c", 0.99)]


def moved_to(gap: float) -> list[str]:
    """The game log's flags when "b" is moved to ``gap`` in from "a" in its turn."""
    units = [block("a", A, 30, 20, 34, 22, name="Knights"),
             block("b", B, 40, 20, 44, 22, name="Orc Boyz")]  # fmt: skip
    tl = Timeline(Game(setup([], units), (TurnStart(1), TurnStart(1, B),
                                          MovePiece("b", 36 + gap, 21))))  # fmt: skip
    return flags(tl.state_at(2), tl.events[2], tl.state_at(3))


def test_a_unit_moved_to_099_in_from_another_is_flagged_in_the_log_not_refused():
    assert moved_to(0.99) == [
        "Orc Boyz is 0.99 in from Knights: units keep more than 1 in apart (Unit Spacing)"
    ]


def test_a_unit_moved_to_101_in_or_into_base_contact_is_not_flagged():
    assert moved_to(1.01) == []
    assert moved_to(0.0) == []


@pytest.mark.parametrize("seed", [1, 2])
def test_the_units_found_too_close_at_once_are_those_measured_pair_by_pair(seed):
    # A crowded board of every base kind: the arrays and the batch of distances
    # find the units and distances ``spacing`` finds measuring every pair, to
    # the bit, nearest first, and the flags read the same (every third unit
    # against every other).
    units = crowd(seed, 180)
    st = state(setup([], units))
    flagged = 0
    for u in units[::3]:
        pairs = [spacing(st, u.id, v.id) for v in units if v.id != u.id]
        expected = sorted((s for s in pairs if s is not None and s.too_close),
                          key=lambda s: s.distance)  # fmt: skip
        assert too_close(st, u.id) == [(s.b, s.distance) for s in expected]
        assert spacing_breaches(st, u.id) == expected
        assert spacing_flags(st, u.id) == [spacing_flag(st.scene, s) for s in expected]
        flagged += len(expected)
    assert flagged > len(units) // 3  # crowded: most units are too close to some
