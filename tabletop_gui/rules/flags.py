"""Moves legal only in some circumstances: the generic checks a family's
``flags`` hook starts from (no Qt). A flag is never a refusal: the event is
played, and the game log lists it for a referee to review."""

from __future__ import annotations

import numpy as np
import shapely

from tabletop_gui.geometry.arrays import UnitArrays, unit_arrays
from tabletop_gui.geometry.outline import CIRCLE_QUAD_SEGS, EPS, unit_outline
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


def other_side_moved(before: GameState, unit: Unit, over: bool, why: str = "") -> str | None:
    """A unit of the side that is not acting moved ("Knights (Equitaine) moved
    in Orcs' turn"), with the circumstances that make it legal, if given;
    ``over``: the family says the game has ended (after it, no side acts)."""
    acting = before.clock.side
    if acting is None or unit.side == acting or over:
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
    dx, dy = a.cx - a.cx[i], a.cy - a.cy[i]
    reach = a.reach + a.reach[i]
    nearby = np.flatnonzero(dx * dx + dy * dy < reach * reach)  # bounding circles meet
    same_level = np.abs(a.elevation[nearby] - a.elevation[i]) <= EPS
    nearby = nearby[a.on_table[nearby] & same_level & (nearby != i)]
    if not nearby.size:
        return []
    shape = unit_outline(unit).polygon()
    shapely.prepare(shape)
    areas = shapely.area(shapely.intersection(shape, footprints(a, nearby)))
    out = []
    for j in nearby[areas > OVERLAP_AREA]:
        other = scene.units[a.ids[j]]
        out.append(other.name or other.id)
    return out


#: A rectangle's corners in its own frame: back left, back right, front right, front left.
_CORNERS_X = np.array([-1.0, 1.0, 1.0, -1.0])
_CORNERS_Y = np.array([-1.0, -1.0, 1.0, 1.0])


def footprints(a: UnitArrays, rows: np.ndarray) -> np.ndarray:
    """The footprints of units ``rows`` as shapely polygons, made at once from the
    arrays (the shapes ``Outline.polygon`` makes: a rectangle's four corners, a
    round base's circle)."""
    out = np.empty(len(rows), dtype=object)
    flat = ~a.is_round[rows]
    r = rows[flat]
    if r.size:
        x = _CORNERS_X * a.half_w[r, None]
        y = _CORNERS_Y * a.half_d[r, None]
        c, s = a.cos[r, None], a.sin[r, None]
        corners = np.stack([a.cx[r, None] + x * c - y * s, a.cy[r, None] + x * s + y * c], axis=-1)
        out[flat] = shapely.polygons(corners)
    r = rows[~flat]
    if r.size:
        centres = shapely.points(a.cx[r], a.cy[r])
        out[~flat] = shapely.buffer(centres, a.radius[r], quad_segs=CIRCLE_QUAD_SEGS)
    return out


def overlap_flag(after: GameState, unit_id: str) -> str | None:
    names = overlaps(after, unit_id)
    if not names:
        return None
    unit = after.scene.units[unit_id]
    return f"{possessive(unit.name)} base overlaps {', '.join(names)}"


def generic_flags(before: GameState, event: Event, after: GameState, over: bool) -> list[str]:
    """Every family's checks: a unit of the side not acting moved, overlapping bases."""
    unit = moved_unit(before, event)
    if unit is None:
        return []
    out = [other_side_moved(before, unit, over), overlap_flag(after, unit.id)]
    return [f for f in out if f]
