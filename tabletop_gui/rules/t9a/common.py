"""Helpers the Ninth Age objectives share: standings, names, areas and how deep a
unit stands inside one (its margin), measured over all units at once."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np
import shapely
from shapely.geometry import Polygon, box
from shapely.geometry.base import BaseGeometry

from tabletop_gui.geometry.arrays import UnitArrays, corners, inside_area, unit_arrays
from tabletop_gui.geometry.outline import EPS
from tabletop_gui.model.scene import Scene
from tabletop_gui.rules.scoreboard import CountingPiece, Status, strict_leader
from tabletop_gui.rules.t9a.scoring import scoring_mask, why_not_scoring

#: Default for every placement rule's hand tolerance (a marker "on the line", "at
#: the nearest point"), in inches; objective param ``placement_tolerance``.
PLACEMENT_TOLERANCE = 0.1


def side_name(scene: Scene, side: str | None) -> str:
    if side is None:
        return "nobody"
    try:
        return scene.side(side).name
    except KeyError:
        return str(side)


def possessive(scene: Scene, side: str | None) -> str:
    """'Equitaine's', 'Orcs''."""
    name = side_name(scene, side)
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def names(scene: Scene, values: Mapping[str, Any]) -> str:
    """'Equitaine 2, Orcs 1'."""
    return ", ".join(f"{side_name(scene, s)} {_num(v)}" for s, v in values.items())


def _num(v: Any) -> str:
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


def strict_fewest(counts: Mapping[str, float]) -> str | None:
    """The one side with strictly the fewest, or None on a tie."""
    if not counts:
        return None
    low = min(counts.values())
    sides = [s for s, v in counts.items() if v == low]
    return sides[0] if len(sides) == 1 else None


def standing(
    counts: Mapping[str, float], final: bool, *, fewest: bool = False
) -> tuple[Status, str | None]:
    """Status and leader from counts: strictly most (or fewest) wins; a tie nobody."""
    leader = strict_fewest(counts) if fewest else strict_leader(counts)
    if final:
        return (Status.WON if leader else Status.TIE), leader
    if leader:
        return Status.LEADING, leader
    return (Status.TIE if any(counts.values()) else Status.NONE), None


def outcome_words(scene: Scene, status: Status, leader: str | None, final: bool) -> str:
    """'Equitaine wins.' / 'Equitaine would win.' / 'Nobody wins.'"""
    if leader is None:
        return "Nobody wins." if final else "Nobody would win if the game ended now."
    who = side_name(scene, leader)
    return f"{who} wins." if final else f"{who} would win if the game ended now."


# -- areas -----------------------------------------------------------------


def _cache(scene: Scene, key: str) -> dict[Any, Any]:
    return scene.cache.setdefault(key, {})


def zone_area(scene: Scene, side: str) -> BaseGeometry | None:
    """The union of ``side``'s Deployment Zones, or None if it has none."""
    cache = _cache(scene, "t9a_zone_area")
    if side not in cache:
        polys = [Polygon(z.polygon) for z in scene.zones_of(side)]
        cache[side] = shapely.union_all(polys) if polys else None
    return cache[side]


def terrain_area(scene: Scene, terrain_id: str) -> BaseGeometry:
    cache = _cache(scene, "t9a_terrain_area")
    if terrain_id not in cache:
        cache[terrain_id] = Polygon(scene.terrain[terrain_id].polygon)
    return cache[terrain_id]


def impassable_area(scene: Scene) -> BaseGeometry | None:
    """The union of Impassable Terrain, or None where there is none."""
    cache = _cache(scene, "t9a_impassable")
    if "all" not in cache:
        polys = [Polygon(t.polygon) for t in scene.terrain.values() if t.impassable]
        cache["all"] = shapely.union_all(polys) if polys else None
    return cache["all"]


def inside_mask(scene: Scene, area: BaseGeometry) -> np.ndarray:
    """Per unit: partly or wholly inside ``area`` and on the table."""
    arrays = unit_arrays(scene)
    return inside_area(arrays, area) & arrays.on_table


def _inner_boundary(scene: Scene, area: BaseGeometry) -> BaseGeometry:
    """The area's boundary without the parts lying on the board edge: a unit
    against the board edge is deep inside its zone, not on its margin."""
    board = scene.board
    edge = box(0, 0, board.width, board.height).exterior.buffer(1e-6)
    return area.boundary.difference(edge)


def depth_inside(scene: Scene, idx: np.ndarray, area: BaseGeometry) -> np.ndarray:
    """How deep each unit of ``idx`` reaches inside ``area`` (its margin, >= 0):
    the deepest footprint corner's distance to the area's boundary (board edges
    excluded), or, when only a corner of the area pokes into the footprint, how
    far that corner reaches into the footprint."""
    a = unit_arrays(scene)
    out = np.zeros(len(idx))
    if len(idx) == 0:
        return out
    inner = _inner_boundary(scene, area)
    if inner.is_empty:
        return np.full(len(idx), np.inf)
    rect = ~a.is_round[idx]
    if rect.any():
        ri = idx[rect]
        sub = _subset(a, ri)
        c = corners(sub)  # (k, 4, 2)
        xs, ys = c[..., 0].ravel(), c[..., 1].ravel()
        inside = shapely.intersects_xy(area, xs, ys)
        d = shapely.distance(inner, shapely.points(xs, ys))
        corner_depth = np.where(inside, d, 0.0).reshape(-1, 4).max(axis=1)
        verts = np.asarray(_vertices(area))
        if len(verts):
            dx = verts[None, :, 0] - sub.cx[:, None]
            dy = verts[None, :, 1] - sub.cy[:, None]
            cs, sn = np.cos(sub.angle)[:, None], np.sin(sub.angle)[:, None]
            lx = np.abs(dx * cs + dy * sn)
            ly = np.abs(-dx * sn + dy * cs)
            into = np.minimum(sub.half_w[:, None] - lx, sub.half_d[:, None] - ly)
            vert_depth = np.maximum(into, 0.0).max(axis=1)
            corner_depth = np.maximum(corner_depth, vert_depth)
        out[rect] = corner_depth
    if (~rect).any():
        ci = idx[~rect]
        pts = shapely.points(a.cx[ci], a.cy[ci])
        centre_in = shapely.contains(area, pts)
        d_in = shapely.distance(inner, pts) + a.radius[ci]
        d_out = a.radius[ci] - shapely.distance(area, pts)
        out[~rect] = np.maximum(np.where(centre_in, d_in, d_out), 0.0)
    return out


def _vertices(area: BaseGeometry) -> list[tuple[float, float]]:
    polys: Iterable[Polygon] = getattr(area, "geoms", [area])
    out: list[tuple[float, float]] = []
    for p in polys:
        out.extend(p.exterior.coords[:-1])
    return out


def _subset(a: UnitArrays, idx: np.ndarray) -> UnitArrays:
    return UnitArrays(
        ids=tuple(a.ids[i] for i in idx),
        sides=a.sides[idx],
        cx=a.cx[idx],
        cy=a.cy[idx],
        half_w=a.half_w[idx],
        half_d=a.half_d[idx],
        angle=a.angle[idx],
        radius=a.radius[idx],
        is_round=a.is_round[idx],
        elevation=a.elevation[idx],
        on_table=a.on_table[idx],
    )


def units_inside(
    scene: Scene, area: BaseGeometry, sides: Iterable[str] | None = None
) -> tuple[list[CountingPiece], list[CountingPiece]]:
    """Units inside ``area`` (of ``sides``, default all): the Scoring ones (which
    count) and the others (shown as not counting), each with its depth as margin."""
    a = unit_arrays(scene)
    mask = inside_mask(scene, area)
    if sides is not None:
        wanted = set(sides)
        mask &= np.fromiter((s in wanted for s in a.sides), bool, len(a))
    idx = np.flatnonzero(mask)
    depth = depth_inside(scene, idx, area)
    scoring = scoring_mask(scene)
    counting: list[CountingPiece] = []
    others: list[CountingPiece] = []
    for i, m in zip(idx, depth, strict=True):
        uid, side = a.ids[i], str(a.sides[i])
        margin = float(m) if np.isfinite(m) else None
        if scoring[i]:
            counting.append(CountingPiece(uid, side, margin, None, "inside"))
        else:
            note = why_not_scoring(scene.units[uid])
            others.append(CountingPiece(uid, side, margin, None, f"inside, {note}"))
    return counting, others


def point_clear_of(scene: Scene, x: float, y: float, clearance: float) -> float | None:
    """Distance from (x, y) to Impassable Terrain if it is within ``clearance``
    (a placement break), else None."""
    imp = impassable_area(scene)
    if imp is None:
        return None
    d = float(shapely.distance(imp, shapely.Point(x, y)))
    return d if d <= clearance + EPS else None
