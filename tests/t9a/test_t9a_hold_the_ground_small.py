"""Hold the Ground on a small board finds the units within 6 in of the centre from
their packed numbers, without building the unit arrays (``units_near_point``,
docs/performance.md, "Evaluate"). It must give what the array path gives: the
same rows in the same order, the same pieces, marks, notes and sides, and the
same margins and distances to the bit, on any board of 0 to SMALL_BOARD units
(and past it, where the array path takes over)."""

from __future__ import annotations

import dataclasses
import math
import random
from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_gui.geometry.arrays import (
    SMALL_BOARD,
    distances_to_point,
    unit_arrays,
    units_near_point,
)
from tabletop_gui.geometry.outline import EPS
from tabletop_gui.model import InchBoard, ObjectiveSpec, Scene, Setup, Side, Unit
from tabletop_gui.model.copying import evolve
from tabletop_gui.model.pieces import MM_PER_INCH, BaseShape
from tabletop_gui.model.state import GameState
from tabletop_gui.rules import evaluate, replay
from tabletop_gui.rules.t9a import hold_the_ground as htg
from tabletop_gui.rules.t9a.fields import FLEEING, LEADER, SCORING_LOST

BOARD = InchBoard(72, 48)
SIDES = (Side("a", "Equitaine", "#0072b2"), Side("b", "Orcs", "#d55e00"))
CX, CY = 36.0, 24.0


def random_unit(rng: random.Random, i: int) -> Unit:
    """Any unit the board may hold: rectangles of any size and facing, round
    bases, removed units, units without Scoring, Fleeing or lost Scoring, some
    standing exactly 6 in (or 3 in) from the centre, some lifted off the table."""
    side = rng.choice(["a", "b", "b"])
    facing = rng.choice([0.0, 90.0, 180.0, 270.0, 45.0, 360.0, -30.0, rng.uniform(0, 360)])
    unit = Unit(f"u{i}", f"Unit {i}", side, 0.0, 0.0, facing=facing,
                base_width_mm=rng.choice([20, 25, 40, 50, 60, 12.7]),
                base_depth_mm=rng.choice([20, 25, 50, 75, 100, 12.7]),
                models=rng.randint(1, 40), models_per_rank=rng.choice([1, 3, 4, 5, 8]),
                elevation=rng.choice([0.0, 0.0, rng.uniform(0, 5)]),
                scoring=rng.random() < 0.8, removed=rng.random() < 0.08)  # fmt: skip
    if rng.random() < 0.2:
        unit = dataclasses.replace(
            unit, base_shape=BaseShape.ROUND, base_width_mm=rng.choice([25, 40, 50.8, 100]),
            models=rng.choice([1, 1, 3]),
        )  # fmt: skip
    roll = rng.random()
    if roll < 0.1:
        unit = FLEEING.set(unit, True)
    elif roll < 0.15:
        unit = SCORING_LOST.set(unit, True)
    elif roll < 0.2:
        unit = LEADER.set(unit, True)  # a field set that changes nothing here
    return placed(rng, unit)


def placed(rng: random.Random, unit: Unit) -> Unit:
    """Near the centre, exactly 6 in or 3 in from it (an edge or a round base's
    rim on the circle, the unit square to the axes), or anywhere."""
    roll = rng.random()
    if roll < 0.25 and unit.facing in (0.0, 180.0, 360.0):
        gap = rng.choice([6.0, 3.0, 6.0 + EPS, 6.0 + 2 * EPS])
        if unit.base_shape is BaseShape.ROUND:
            half = unit.base_width_mm / MM_PER_INCH / 2
            return dataclasses.replace(unit, x=CX + rng.choice([-1, 1]) * (gap + half), y=CY)
        half_w = unit.width_in / 2
        half_d = unit.depth_in / 2
        if rng.random() < 0.5:
            return dataclasses.replace(unit, x=CX + rng.choice([-1, 1]) * (gap + half_w), y=CY)
        return dataclasses.replace(unit, x=CX, y=CY + rng.choice([-1, 1]) * (gap + half_d))
    if roll < 0.75:
        return dataclasses.replace(unit, x=CX + rng.uniform(-14, 14), y=CY + rng.uniform(-14, 14))
    return dataclasses.replace(unit, x=rng.uniform(0, 72), y=rng.uniform(0, 48))


def state_of(units: list[Unit], params: dict[str, Any] | None = None) -> GameState:
    scene = Scene(board=BOARD, sides=SIDES, units={u.id: u for u in units})
    spec = ObjectiveSpec("htg", "t9a.hold_the_ground", params or {})
    return replay(Setup("t9a", scene, objectives=(spec,)), [])


def fresh(state: GameState, *, arrays: bool) -> GameState:
    """``state`` as new unit objects with nothing kept; ``arrays``: with the unit
    arrays built first, so that Hold the Ground takes the array path."""
    units = {uid: dataclasses.replace(u) for uid, u in state.scene.units.items()}
    out = dataclasses.replace(state, scene=dataclasses.replace(state.scene, units=units, cache={}))
    if arrays:
        unit_arrays(out.scene)
    return out


def bits(rows: htg.Rows, pieces: tuple[Any, ...], marks: tuple[Any, ...]) -> list[Any]:
    """Every entry of ``rows`` with its piece and mark, margins and distances as
    their exact bits."""
    ids, sides, dists, notes = rows.columns
    assert [p.piece_id for p in pieces] == list(ids) and [p.note for p in pieces] == list(notes)
    return [
        (row, p.piece_id, p.side, p.margin.hex(), p.distance.hex(), d.hex(), p.note, m, side)
        for row, p, m, side, d in zip(rows.rows, pieces, marks, sides, dists, strict=True)
    ]


def assert_same_near(small: htg._NearRows, array: htg._NearRows) -> None:
    (small_pieces, small_others), (array_pieces, array_others) = small.pieces(), array.pieces()
    (small_marks, small_other_marks), (array_marks, array_other_marks) = (
        small.marks(),
        array.marks(),
    )
    assert bits(small.counting, small_pieces, small_marks) == bits(
        array.counting, array_pieces, array_marks
    )
    assert bits(small.not_counting, small_others, small_other_marks) == bits(
        array.not_counting, array_others, array_other_marks
    )


#: A board's random draws from one seed: drawn by hypothesis one at a time, the
#: draws of 180 units outgrow its data budget (a failed health check).
RANDOMS = st.integers(0, 2**32 - 1).map(random.Random)


@settings(max_examples=150, deadline=None)
@given(RANDOMS, st.integers(0, SMALL_BOARD + 30))
def test_small_board_rows_are_the_array_paths_to_the_bit(rng: random.Random, n: int) -> None:
    units = [random_unit(rng, i) for i in range(n)]
    if n and rng.random() < 0.3:  # a unit made by a move: its numbers not packed yet
        i = rng.randrange(n)
        units[i] = evolve(units[i], x=units[i].x + 0.5)
    state = state_of(units)
    small, array = fresh(state, arrays=False), fresh(state, arrays=True)
    near_small = htg._near_rows(small.scene, CX, CY, None)
    near_array = htg._near_rows(array.scene, CX, CY, None)
    assert_same_near(near_small, near_array)
    assert ("unit_arrays" in small.scene.cache) == (n > SMALL_BOARD)
    assert evaluate(small) == evaluate(array)
    assert evaluate(small).to_json() == evaluate(array).to_json()


@settings(max_examples=150, deadline=None)
@given(
    RANDOMS,
    st.integers(1, 60),
    st.floats(-10, 82, allow_nan=False),
    st.floats(-10, 58, allow_nan=False),
    st.floats(0, 12, allow_nan=False),
)
def test_units_near_point_is_distances_to_point_to_the_bit(
    rng: random.Random, n: int, px: float, py: float, distance: float
) -> None:
    units = [random_unit(rng, i) for i in range(n)]
    scene = Scene(board=BOARD, sides=SIDES, units={u.id: u for u in units})
    a = unit_arrays(scene)
    d = distances_to_point(a, px, py)
    idx = np.flatnonzero(d <= distance)  # on the table or not: the caller asks
    rows, dists = units_near_point(units, px, py, distance)
    assert rows == idx.tolist()
    assert [x.hex() for x in dists] == [x.hex() for x in d[idx].tolist()]


def test_an_off_centre_centre_and_units_at_exactly_6_in() -> None:
    """A centre param away from the board's middle, and units whose edge (or
    rim) lies exactly on the 6 in circle or just past EPS: counted alike."""
    cx, cy = 20.0, 30.0
    units = []
    for i, (dx, dy) in enumerate([(1, 0), (-1, 0), (0, 1), (0, -1)]):
        u = Unit(f"r{i}", f"R{i}", "a" if i % 2 else "b", 0.0, 0.0, base_width_mm=25.4,
                 base_depth_mm=50.8, models=5, models_per_rank=5)  # fmt: skip
        reach = u.width_in / 2 if dx else u.depth_in / 2
        units.append(dataclasses.replace(u, x=cx + dx * (6 + reach), y=cy + dy * (6 + reach)))
        units.append(
            dataclasses.replace(u, id=f"s{i}", x=cx + dx * (6 + reach + 2 * EPS), y=cy + dy * 9)
        )
        rim = Unit(f"c{i}", f"C{i}", "a", cx + dx * (6 + 1.0), cy + dy * (6 + 1.0),
                   base_shape=BaseShape.ROUND, base_width_mm=50.8)  # fmt: skip
        units.append(rim)
    state = state_of(units, {"centre": [cx, cy]})
    small, array = fresh(state, arrays=False), fresh(state, arrays=True)
    assert_same_near(
        htg._near_rows(small.scene, cx, cy, None), htg._near_rows(array.scene, cx, cy, None)
    )
    result = evaluate(small).results[0]
    assert result == evaluate(array).results[0]
    assert {p.piece_id for p in result.counting} >= {"r0", "r1", "r2", "r3"}
    assert all(math.isclose(p.margin or 0.0, 0.0, abs_tol=1e-9) for p in result.counting
               if p.piece_id.startswith("r"))  # fmt: skip
