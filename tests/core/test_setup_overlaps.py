"""Bases that overlap in a set-up (`validate` warns of them, docs/file-format.md,
Example) are the pairs a move's own flag would name ("Knights' base overlaps Orc
Boyz", docs/t9a.md, Flags for review): found for all pairs at once, the same
pairs as asking unit by unit."""

from __future__ import annotations

import random

import pytest

from tabletop_gui.model import Scene, Unit
from tabletop_gui.model.pieces import BaseShape
from tabletop_gui.model.scene import Setup
from tabletop_gui.rules.engine import initial_state
from tabletop_gui.rules.flags import overlaps, setup_overlaps


def crowd(seed: int, n: int = 60) -> Scene:
    rng = random.Random(seed)
    units = []
    for k in range(n):
        units.append(
            Unit(
                f"u{k}", f"U{k}", "ab"[k % 2], rng.uniform(2, 20), rng.uniform(2, 14),
                facing=rng.choice([0.0, 0.0, 45.0, 90.0, rng.uniform(0, 360)]),
                base_shape=BaseShape.ROUND if k % 7 == 0 else BaseShape.RECT,
                base_width_mm=rng.choice([20.0, 25.0, 50.0]),
                base_depth_mm=rng.choice([20.0, 25.0, 50.0]),
                elevation=1.0 if k % 11 == 0 else 0.0,
                removed=k % 13 == 0,
            )
        )  # fmt: skip
    return Scene(units={u.id: u for u in units})


@pytest.mark.parametrize("seed", range(8))
def test_the_set_ups_overlaps_are_the_pairs_each_units_flag_names(seed):
    scene = crowd(seed)
    state = initial_state(Setup(family="t9a", scene=scene))
    ids = list(scene.units)
    expected = []
    for k, uid in enumerate(ids):
        later = [n for n in overlaps(state, uid) if ids.index(f"u{n[1:]}") > k]
        if later:
            expected.append(f"{uid.upper()}'s base overlaps {', '.join(later)}")
    found = setup_overlaps(scene)
    assert found == expected and found  # some overlap on so crowded a board


def test_bases_in_contact_or_at_another_level_do_not_overlap():
    square = dict(base_width_mm=25.4, base_depth_mm=25.4)
    scene = Scene(units={u.id: u for u in [
        Unit("a", "A", "a", 10, 10, **square),
        Unit("b", "B", "b", 11, 10, **square),  # touching a's side
        Unit("c", "C", "b", 10.5, 10, elevation=2.0, **square),  # on a hill above both
    ]})  # fmt: skip
    assert setup_overlaps(scene) == []
