"""A unit keeps the numbers every measurement reads, packed when it is made
(model.pieces.unit_numbers): a scene's unit arrays are built from them, and
must be what reading every unit's fields gives, bit for bit, whichever units
were made, moved or edited."""

from __future__ import annotations

import struct
from dataclasses import replace

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_gui.geometry.arrays import _COLUMNS, unit_arrays
from tabletop_gui.model import Scene
from tabletop_gui.model.copying import evolve
from tabletop_gui.model.fields import FieldValues
from tabletop_gui.model.pieces import MM_PER_INCH, NUMBERS, BaseShape, Unit, unit_numbers


def fields_read(unit: Unit) -> tuple[float, ...]:
    """``NUMBERS`` read from the unit's fields one by one."""
    return (
        unit.x, unit.y, unit.base_width_mm, unit.base_depth_mm, unit.models,
        unit.models_per_rank, unit.facing, unit.elevation, unit.removed, unit.scoring,
        unit.base_shape is BaseShape.ROUND, bool(unit.extra),
    )  # fmt: skip


def test_a_unit_packs_its_numbers_when_made_and_a_moved_copy_when_first_read():
    unit = Unit("u", "Knights", "a", 10.0, 20.0, facing=30.0, models=7, models_per_rank=3,
                extra=FieldValues({"fleeing": True}))  # fmt: skip
    assert struct.unpack(f"{len(NUMBERS)}d", unit._numbers) == fields_read(unit)
    moved = evolve(unit, x=11.5, y=19.0)
    assert moved._numbers is None  # the copy's would be the old place's
    assert struct.unpack(f"{len(NUMBERS)}d", unit_numbers(moved)) == fields_read(moved)
    assert moved._numbers is not None  # kept
    turned = replace(unit, facing=90.0)
    assert struct.unpack(f"{len(NUMBERS)}d", turned._numbers) == fields_read(turned)


def test_the_numbers_are_no_field_of_the_game():
    a = Unit("u", "Knights", "a", 10.0, 20.0)
    b = evolve(a, name="Knights")
    assert a == b and hash(a) == hash(b) and "_numbers" not in repr(a)
    assert a._numbers is not None and b._numbers is None


def make_unit(i, x, y, f, shape, w, d, models, mpr, removed, scoring, fleeing) -> Unit:
    extra = FieldValues({"fleeing": True}) if fleeing else FieldValues()
    return Unit(f"u{i}", f"U{i}", "a" if i % 2 else "b", x, y, facing=f, base_shape=shape,
                base_width_mm=w, base_depth_mm=d, models=models, models_per_rank=mpr,
                removed=removed, scoring=scoring, extra=extra)  # fmt: skip


units = st.builds(
    make_unit,
    st.integers(0, 10**6),
    st.floats(0, 72),
    st.floats(0, 48),
    st.floats(0, 360),
    st.sampled_from(list(BaseShape)),
    st.sampled_from([20, 25, 40, 50.8, 60]),
    st.sampled_from([20, 25, 50, 75]),
    st.integers(1, 40),
    st.integers(1, 10),
    st.booleans(),
    st.booleans(),
    st.booleans(),
)


def reference_arrays(units: list[Unit]) -> dict[str, np.ndarray]:
    """The unit arrays' columns as built before units kept their numbers: every
    field read and converted where it stands."""
    x, y, bw, bd, models, mpr, facing, elevation, removed = (
        np.array([fields_read(u)[:9] for u in units], dtype=float).reshape(-1, 9).T.copy()
    )
    is_round = np.array([u.base_shape is BaseShape.ROUND for u in units], dtype=bool)
    # The half sizes as Unit.width_in and depth_in work them out (mm first).
    round_half = bw / MM_PER_INCH / 2
    half_w = np.where(is_round, round_half, np.minimum(models, mpr) * bw / MM_PER_INCH / 2)
    half_d = np.where(is_round, round_half, np.ceil(models / mpr) * bd / MM_PER_INCH / 2)
    bw = bw / MM_PER_INCH
    angle = np.radians(facing)
    return {
        "sides": np.array([u.side for u in units], dtype=object),
        "cx": x, "cy": y, "half_w": half_w, "half_d": half_d,
        "reach": np.hypot(half_w, half_d), "angle": angle, "cos": np.cos(angle),
        "sin": np.sin(angle), "radius": np.where(is_round, bw / 2, 0.0), "is_round": is_round,
        "elevation": elevation, "on_table": removed == 0.0,
        "scoring": np.array([bool(u.scoring) for u in units], dtype=bool),
        "family_fields": np.array([bool(u.extra) for u in units], dtype=bool),
    }  # fmt: skip


@settings(max_examples=100, deadline=None)
@given(st.lists(units, min_size=1, max_size=30, unique_by=lambda u: u.id), st.data())
def test_arrays_from_kept_numbers_are_the_fields_read_bit_for_bit(pieces, data):
    # Some units moved (no numbers yet), some edited (new numbers), the rest as made.
    mixed = []
    for u in pieces:
        how = data.draw(st.sampled_from(["as made", "moved", "edited"]))
        if how == "moved":
            u = evolve(u, x=data.draw(st.floats(0, 72)), y=data.draw(st.floats(0, 48)))
        elif how == "edited":
            u = replace(u, models=data.draw(st.integers(1, 40)))
        mixed.append(u)
    a = unit_arrays(Scene(units={u.id: u for u in mixed}))
    expected = reference_arrays(mixed)
    assert a.ids == tuple(u.id for u in mixed)
    for name in _COLUMNS:
        got, want = getattr(a, name), expected[name]
        assert got.dtype == want.dtype, name
        if got.dtype == float:
            assert got.tobytes() == want.tobytes(), name
        else:
            assert got.tolist() == want.tolist(), name
