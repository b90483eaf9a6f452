"""Moves legal only in some circumstances: the generic checks a family's
``flags`` hook starts from (no Qt). A flag is never a refusal: the event is
played, and the game log lists it for a referee to review."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np
import shapely

from tabletop_gui.geometry.arrays import UnitArrays, added_unit_arrays, rows_near, unit_arrays
from tabletop_gui.geometry.outline import (
    CIRCLE_QUAD_SEGS,
    EPS,
    OVERLAP_AREA,
    rect_polygons,
    unit_outline,
)
from tabletop_gui.model.bounds import half_extents, piece_name
from tabletop_gui.model.events import AddPiece, Event, MovePiece, RotatePiece
from tabletop_gui.model.memo import IdentityMemo
from tabletop_gui.model.names import possessive, side_name
from tabletop_gui.model.piecemap import PieceMap
from tabletop_gui.model.pieces import Unit
from tabletop_gui.model.scene import Scene
from tabletop_gui.model.state import GameState


def moved_unit(before: GameState, event: Event) -> Unit | None:
    """The unit a plain move or turn moves, as it stood before; None otherwise."""
    if isinstance(event, MovePiece | RotatePiece):
        unit = before.scene.units.get(event.piece_id)
        if unit is not None and not unit.removed:
            return unit
    return None


def placed_unit(before: GameState, event: Event, after: GameState) -> Unit | None:
    """The unit an ``add_piece`` places on the table (an army list imported into
    a game under way, a unit added or pasted), as it stands after it; None
    otherwise. Its base is measured as a moved unit's is: no set-up check sees
    a unit the log adds. The scene after it gets the arrays of the one before
    with the unit's row added (``added_unit_arrays``): a long import measures
    each unit without building the arrays of all each time."""
    if isinstance(event, AddPiece) and event.unit is not None:
        unit = after.scene.units.get(event.unit.id)
        if unit is not None and not unit.removed:
            added_unit_arrays(before.scene, after.scene, unit.id)
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
    The scene's cached unit arrays name the units near this one (``rows_near``)
    and rule out those whose bounding circle cannot reach it; rectangles that
    a separating axis keeps apart, or whose overlap is plainly more or less
    than OVERLAP_AREA (two rectangles facing the same way), are decided from
    the arrays, and only the rest are intersected exactly."""
    scene = after.scene
    unit = scene.units.get(unit_id)
    if unit is None or unit.removed:
        return []
    a = unit_arrays(scene)
    units: PieceMap[Unit] = scene.units  # type: ignore[assignment]
    i = units.position(unit_id)  # the arrays' rows are in the units' order
    rows = rows_near(a, i, NEAR)
    rows = rows[rows != i]
    hit = overlap_pairs(a, np.full(rows.size, i), rows, [unit], np.zeros(rows.size, dtype=np.int64))
    return [other.name or other.id for other in units.take(rows[hit].tolist())]


def overlap_pairs(
    a: UnitArrays, gi: np.ndarray, rows: np.ndarray, movers: Sequence[Unit], pq: np.ndarray
) -> np.ndarray:
    """Whether the base of mover ``pq[k]`` (``movers``, row ``gi[k]`` of ``a``)
    overlaps the unit's of row ``rows[k]``, for each pair k: ``overlaps`` asks
    it of one move, ``rules.review`` of many moves at once (the same tests and
    operations pair by pair, so the same answers to the bit)."""
    dx, dy = a.cx[rows] - a.cx[gi], a.cy[rows] - a.cy[gi]
    reach = a.reach[rows] + a.reach[gi]
    same_level = np.abs(a.elevation[rows] - a.elevation[gi]) <= EPS
    near = (dx * dx + dy * dy < reach * reach) & a.on_table[rows] & same_level
    keep = np.flatnonzero(near)
    out = np.zeros(len(rows), dtype=bool)
    if not keep.size:
        return out
    known, overlap = _decided(a, gi[keep], rows[keep])
    exact = np.flatnonzero(~known)
    if exact.size:
        shapes: dict[int, Any] = {}
        for q in set(pq[keep[exact]].tolist()):
            o = unit_outline(movers[q])
            shapes[q] = o.polygon() if o.is_round else rect_polygons([movers[q]])[0]
        own = np.empty(exact.size, dtype=object)
        own[:] = [shapes[q] for q in pq[keep[exact]].tolist()]
        areas = shapely.area(shapely.intersection(own, footprints(a, rows[keep[exact]])))
        overlap[exact] = areas > OVERLAP_AREA
    out[keep] = overlap
    return out


def setup_overlaps(scene: Scene) -> list[str]:
    """The bases that overlap in a set-up, as a move's flag words them ("Spacer's
    base overlaps Target"), each pair once: under the earlier unit in the
    scene's order, naming the later ones. No event moves them there, so no
    move's review sees them (docs/file-format.md, validate). All pairs at once:
    a tree of the footprints finds those that meet, and the ones at the same
    level sharing more than OVERLAP_AREA overlap, as ``overlaps`` counts them."""
    units: PieceMap[Unit] = scene.units  # type: ignore[assignment]
    if len(units) < 2:
        return []
    a = unit_arrays(scene)
    rows = np.flatnonzero(a.on_table)
    shapes = footprints(a, rows)
    i, j = shapely.STRtree(shapes).query(shapes, predicate="intersects")
    keep = i < j
    i, j = i[keep], j[keep]
    level = np.abs(a.elevation[rows[i]] - a.elevation[rows[j]]) <= EPS
    i, j = i[level], j[level]
    known, hit = _decided(a, rows[i], rows[j])  # rectangles facing the same way: from the arrays
    exact = np.flatnonzero(~known)
    if exact.size:
        shared = shapely.intersection(shapes[i[exact]], shapes[j[exact]])
        hit[exact] = shapely.area(shared) > OVERLAP_AREA
    i, j = rows[i[hit]], rows[j[hit]]
    order = np.lexsort((j, i))
    i, j = i[order], j[order]
    if not i.size:
        return []
    others = units.take(j.tolist())
    starts = np.flatnonzero(np.r_[True, i[1:] != i[:-1]]).tolist()
    ends = [*starts[1:], len(i)]
    out = []
    for unit, lo, hi in zip(units.take(i[starts].tolist()), starts, ends, strict=True):
        out.append(overlap_text(unit, [u.name or u.id for u in others[lo:hi]]))
    return out


def overlap_text(unit: Unit, names: Sequence[str]) -> str:
    """``overlap_flag``'s words: the names of the units ``unit``'s base overlaps."""
    return f"{possessive(unit.name)} base overlaps {', '.join(names)}"


def _decided(a: UnitArrays, i: int | np.ndarray, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(known, overlap) for each of ``rows``: whether its base's overlap with
    row ``i``'s is settled without intersecting them, and if so whether they
    overlap. Rectangles an axis of either separates by a gap share no area
    (the separating axis test); two rectangles facing the same way share a
    rectangle of the widths their extents overlap by, settled unless within
    AREA_SLACK of OVERLAP_AREA (far more than the rounding of either way of
    measuring it). Round bases, and the rest, are left to intersect. ``i``:
    one row, or one per row of ``rows`` (pairs of a batch of moves, measured
    by the same operations, element by element: the same bits)."""
    n = len(rows)
    known, overlap = np.zeros(n, dtype=bool), np.zeros(n, dtype=bool)
    if isinstance(i, int | np.integer) and a.is_round[i]:
        return known, overlap
    flat = ~a.is_round[rows] & ~a.is_round[i]
    dx, dy = a.cx[rows] - a.cx[i], a.cy[rows] - a.cy[i]
    c0, s0, w0, d0 = a.cos[i], a.sin[i], a.half_w[i], a.half_d[i]
    w, d = a.half_w[rows], a.half_d[rows]
    same = flat & (a.angle[rows] == a.angle[i])
    if same.any():  # in row i's frame: the widths along its two axes both share
        lx, ly = dx * c0 + dy * s0, dy * c0 - dx * s0
        ex = np.minimum(w0, lx + w) - np.maximum(-w0, lx - w)
        ey = np.minimum(d0, ly + d) - np.maximum(-d0, ly - d)
        area = np.maximum(ex, 0.0) * np.maximum(ey, 0.0)
        apart = (ex < -SEPARATE) | (ey < -SEPARATE)
        settled = same & (apart | (np.abs(area - OVERLAP_AREA) > AREA_SLACK))
        known |= settled
        overlap |= settled & ~apart & (area > OVERLAP_AREA)
    turned = flat & ~same
    if turned.any():
        c, s = a.cos[rows], a.sin[rows]
        gap = np.full(n, -np.inf)
        for ux, uy in ((c0, s0), (-s0, c0), (c, s), (-s, c)):
            own = w0 * np.abs(c0 * ux + s0 * uy) + d0 * np.abs(c0 * uy - s0 * ux)
            other = w * np.abs(c * ux + s * uy) + d * np.abs(c * uy - s * ux)
            gap = np.maximum(gap, np.abs(dx * ux + dy * uy) - own - other)
        known |= turned & (gap > SEPARATE)
    return known, overlap


#: A gap this wide (inches) between two rectangles keeps them apart for certain,
#: whatever the rounding of the test.
SEPARATE = 1e-9
#: An overlap this much over or under OVERLAP_AREA (square inches) is settled
#: from the arrays: measuring it either way rounds by far less.
AREA_SLACK = 1e-9
#: How far around a moved unit ``overlaps`` asks for rows (``rows_near``): as
#: far as a family's own review of the move asks (Unit Spacing's 1 in), so
#: both read the same rows.
NEAR = 1.0 + EPS


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


#: A piece of Impassable Terrain as measured: its name, prepared polygon and bounds.
_Blocker = tuple[str, Any, tuple[float, float, float, float]]
#: The Impassable Terrain of a scene's terrain map, by the map's identity.
_IMPASSABLE: IdentityMemo[list[_Blocker]] = IdentityMemo(64)


def _impassable(scene: Scene) -> list[_Blocker]:
    found = _IMPASSABLE.get((scene.terrain,))
    if found is None:
        found = []
        for t in scene.terrain.values():
            if t.impassable:
                poly = shapely.Polygon(t.polygon)
                shapely.prepare(poly)
                found.append((piece_name(t), poly, poly.bounds))
        _IMPASSABLE.put((scene.terrain,), found)
    return found


def impassable_flag(scene: Scene, unit: Unit) -> str | None:
    """A unit whose base stands in Impassable Terrain (shares more than
    OVERLAP_AREA with it: a base against its edge is not in it), given as it
    stands in ``scene`` (the terrain's). The box around the base rules out the
    terrain far from it before any polygon is made."""
    if unit.removed:
        return None
    terrain = _impassable(scene)
    if not terrain:
        return None
    hw, hh = half_extents(unit)
    x0, y0, x1, y1 = unit.x - hw, unit.y - hh, unit.x + hw, unit.y + hh
    near = [(n, p) for n, p, (a, b, c, d) in terrain if x0 < c and a < x1 and y0 < d and b < y1]
    if not near:
        return None
    base = unit_outline(unit).polygon()
    inside = [n for n, p in near if p.intersects(base) and p.intersection(base).area > OVERLAP_AREA]
    if not inside:
        return None
    return f"{unit.name or unit.id} stands in Impassable Terrain: {', '.join(inside)}"


def overlap_flag(after: GameState, unit_id: str) -> str | None:
    names = overlaps(after, unit_id)
    if not names:
        return None
    return overlap_text(after.scene.units[unit_id], names)


#: A placed unit's overlap flag names the units it overlaps one by one up to this
#: many; past it, their number and each name once with its count, as an import's
#: notes name units ("Vermin Slaves ×95").
NAMED = 3


def placed_overlap_flag(after: GameState, unit_id: str) -> str | None:
    """The bases a unit the log placed (``placed_unit``) overlaps: as a move's
    flag words them ("Spacer's base overlaps Target"), and for more than NAMED
    (an army list that did not fit stacks its units on one spot) their number
    and each name once: "Vermin Slaves' base overlaps 94 units: Vermin Slaves
    ×90, Clanrats ×4"."""
    names = overlaps(after, unit_id)
    if not names:
        return None
    unit = after.scene.units[unit_id]
    if len(names) <= NAMED:
        return overlap_text(unit, names)
    counted = Counter(names)  # in the order first named
    listed = ", ".join(n if k == 1 else f"{n} ×{k}" for n, k in counted.items())
    return f"{possessive(unit.name)} base overlaps {len(names)} units: {listed}"


def generic_flags(before: GameState, event: Event, after: GameState, over: bool) -> list[str]:
    """Every family's checks: a unit of the side not acting moved, overlapping
    bases (of a moved unit, and of a unit the log places: ``placed_unit``)."""
    unit = moved_unit(before, event)
    if unit is None:
        placed = placed_unit(before, event, after)
        flag = placed_overlap_flag(after, placed.id) if placed is not None else None
        return [flag] if flag else []
    out = [other_side_moved(before, unit, over), overlap_flag(after, unit.id)]
    return [f for f in out if f]
