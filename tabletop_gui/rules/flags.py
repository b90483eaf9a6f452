"""Moves legal only in some circumstances: the generic checks a family's
``flags`` hook starts from (no Qt). A flag is never a refusal: the event is
played, and the game log lists it for a referee to review."""

from __future__ import annotations

import numpy as np

from tabletop_gui.geometry.arrays import unit_arrays
from tabletop_gui.geometry.outline import EPS, unit_outline
from tabletop_gui.model.events import Event, MovePiece, RotatePiece
from tabletop_gui.model.names import possessive, side_name
from tabletop_gui.model.piecemap import PieceMap
from tabletop_gui.model.pieces import Unit
from tabletop_gui.model.state import GameState

#: Two bases overlap when they share more than this area (square inches):
#: bases in contact touch along an edge and share none.
OVERLAP_AREA = 1e-3


def moved_unit(before: GameState, event: Event) -> Unit | None:
    """The unit a plain move or turn moves, as it stood before; None otherwise."""
    if isinstance(event, MovePiece | RotatePiece):
        unit = before.scene.units.get(event.piece_id)
        if unit is not None and not unit.removed:
            return unit
    return None


def other_side_moved(before: GameState, unit: Unit, why: str = "") -> str | None:
    """A unit of the side that is not acting moved ("Knights (Equitaine) moved
    in Orcs' turn"), with the circumstances that make it legal, if given."""
    acting = before.clock.side
    if acting is None or unit.side == acting or before.clock.over:
        return None
    who = side_name(before.scene, unit.side)
    text = f"{unit.name} ({who}) moved in {possessive(side_name(before.scene, acting))} turn"
    return f"{text}: {why}" if why else text


def overlaps(after: GameState, unit_id: str) -> list[str]:
    """The units whose bases overlap ``unit_id``'s after it moved (same level).
    The scene's cached unit arrays rule out every unit whose bounding circle
    cannot reach this one, so only near neighbours are intersected exactly."""
    scene = after.scene
    unit = scene.units.get(unit_id)
    if unit is None or unit.removed:
        return []
    a = unit_arrays(scene)
    units: PieceMap[Unit] = scene.units  # type: ignore[assignment]
    i = units.position(unit_id)  # the arrays' rows are in the units' order
    reach = np.hypot(a.half_w, a.half_d)
    near = np.hypot(a.cx - a.cx[i], a.cy - a.cy[i]) < reach + reach[i]
    near &= a.on_table & (np.abs(a.elevation - a.elevation[i]) <= EPS)
    near[i] = False
    nearby = np.flatnonzero(near)
    if not nearby.size:
        return []
    shape = unit_outline(unit).polygon()
    out = []
    for j in nearby:
        other = scene.units[a.ids[j]]
        if shape.intersection(unit_outline(other).polygon()).area > OVERLAP_AREA:
            out.append(other.name or other.id)
    return out


def overlap_flag(after: GameState, unit_id: str) -> str | None:
    names = overlaps(after, unit_id)
    if not names:
        return None
    unit = after.scene.units[unit_id]
    return f"{possessive(unit.name)} base overlaps {', '.join(names)}"


def generic_flags(before: GameState, event: Event, after: GameState) -> list[str]:
    """Every family's checks: a unit of the side not acting moved, overlapping bases."""
    unit = moved_unit(before, event)
    if unit is None:
        return []
    out = [other_side_moved(before, unit), overlap_flag(after, unit.id)]
    return [f for f in out if f]
