"""While a unit is dragged or edited, ``units_inside_each`` reuses the answers of
the scene it came from (the other units' answers cannot change) and measures the
one changed unit again: after any sequence of one-unit changes, the answer must
be the one measured from scratch on new unit objects."""

from __future__ import annotations

import dataclasses
import random

import pytest

from tabletop_gui.geometry.areas import union_of
from tabletop_gui.model import InchBoard, Scene, Side
from tabletop_gui.model import scene as scene_module
from tabletop_gui.model.pieces import BaseShape, Marker, Unit
from tabletop_gui.rules.t9a.common import units_inside_each
from tabletop_gui.rules.t9a.fields import FLEEING

BOARD = InchBoard(72, 48)
SIDES = (Side("red", "Red", "#d55e00"), Side("blue", "Blue", "#0072b2"))
AREAS = [
    union_of((((0, 0), (72, 0), (72, 12), (0, 12)),)),  # a zone on the board edge
    union_of((((36, 14), (44, 24), (36, 34), (28, 24)),)),  # a convex hill
    union_of((((0, 0), (20, 0), (20, 8), (8, 8), (8, 24), (0, 24)),)),  # not convex
    union_of((((0, 36), (24, 36), (24, 48), (0, 48)), ((48, 36), (72, 36), (72, 48), (48, 48)))),
]


def random_unit(rng: random.Random, uid: str) -> Unit:
    side = rng.choice(["red", "blue"])
    unit = Unit(uid, uid, side, rng.uniform(2, 70), rng.uniform(2, 46),
                facing=rng.choice([0, 90, 45, rng.uniform(0, 360)]),
                base_width_mm=25.4 * rng.choice([1, 2, 4]),
                base_depth_mm=25.4 * rng.choice([1, 2]),
                scoring=rng.random() < 0.8)  # fmt: skip
    unit = FLEEING.set(unit, rng.random() < 0.1)
    if rng.random() < 0.2:
        unit = dataclasses.replace(unit, base_shape=BaseShape.ROUND, base_width_mm=40)
    return unit


def from_scratch(scene: Scene, queries) -> list:
    units = {k: dataclasses.replace(u) for k, u in scene.units.items()}
    saved = dict(scene_module._LAST)  # a fresh measure must not feed the patched one
    try:
        return units_inside_each(Scene(board=scene.board, sides=scene.sides, units=units), queries)
    finally:
        scene_module._LAST.clear()
        scene_module._LAST.update(saved)


@pytest.mark.parametrize("seed", range(25))
def test_answers_after_one_unit_changes_equal_answers_from_scratch(seed):
    rng = random.Random(seed)
    n = rng.randint(1, 25)
    units = {f"u{i}": random_unit(rng, f"u{i}") for i in range(n)}
    scene = Scene(board=BOARD, sides=SIDES, units=units)
    for step in range(30):
        sides = rng.choice([None, ("red",), ("blue",), ("red", "blue")])
        queries = [(area, sides) for area in rng.sample(AREAS, rng.randint(1, 3))]
        assert units_inside_each(scene, queries) == from_scratch(scene, queries), step
        u = scene.units[f"u{rng.randrange(n)}"]
        change = rng.random()
        if change < 0.6:  # a drag step, into or out of an area or within one
            x = min(max(u.x + rng.uniform(-3, 3), 2), 70)
            y = min(max(u.y + rng.uniform(-3, 3), 2), 46)
            scene = scene.with_piece(dataclasses.replace(u, x=x, y=y))
        elif change < 0.7:
            scene = scene.with_piece(FLEEING.set(u, not FLEEING.of(u)))
        elif change < 0.8:
            scene = scene.with_piece(
                dataclasses.replace(u, side="blue" if u.side == "red" else "red")
            )
        elif change < 0.9:
            scene = scene.with_piece(dataclasses.replace(u, facing=(u.facing + 33) % 360))
        else:  # a marker placed: a new cache, patched from the last build
            scene = scene.with_piece(Marker(f"m{step}", "marker", 10, 10))
