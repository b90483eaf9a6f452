"""Small builders for core tests."""

from __future__ import annotations

from tabletop_gui.model import InchBoard, ObjectiveSpec, Scene, Setup, Side, Unit
from tabletop_gui.model.fields import take_values
from tabletop_gui.model.pieces import BaseShape
from tabletop_gui.rules.t9a.fields import FIELDS

RED = Side("red", "Red", "#d55e00")
BLUE = Side("blue", "Blue", "#0072b2")
INCH = 25.4


def block(
    uid: str,
    side: str,
    x: float,
    y: float,
    *,
    width_in: float = 5.0,
    depth_in: float = 2.0,
    facing: float = 0.0,
    **kw,
) -> Unit:
    """A one-model unit whose footprint is exactly width_in x depth_in inches."""
    return Unit(
        uid,
        uid,
        side,
        x,
        y,
        facing=facing,
        base_width_mm=width_in * INCH,
        base_depth_mm=depth_in * INCH,
        extra=take_values(FIELDS, kw),
        **kw,
    )


def disc(uid: str, side: str, x: float, y: float, diameter_mm: float = 30.0, **kw) -> Unit:
    extra = take_values(FIELDS, kw)
    return Unit(
        uid, uid, side, x, y, base_shape=BaseShape.ROUND, base_width_mm=diameter_mm, extra=extra,
        **kw,
    )  # fmt: skip


def t9a_setup(units: list[Unit], objectives: tuple[ObjectiveSpec, ...] = ()) -> Setup:
    scene = Scene(board=InchBoard(72, 48), sides=(RED, BLUE), units={u.id: u for u in units})
    return Setup("t9a", scene, name="test", objectives=objectives)
