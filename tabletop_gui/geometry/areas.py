"""Which units overlap an area's interior, and how deep: over all units at once.

Areas are unions of polygons (Deployment Zones, Terrain Features) built once
from point tuples by ``union_of`` and kept while units move. ``unit_geometry``
is what every area test reads from the units (boxes, corners, frames, side
masks), kept in the scene's cache and patched for a one-unit change;
``inside_with_depth_each`` answers several areas in one set of array and
shapely calls.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import field, replace
from functools import lru_cache
from itertools import pairwise
from typing import Any

import numpy as np
import shapely
from shapely.geometry import Polygon, box
from shapely.geometry.base import BaseGeometry

from tabletop_gui.geometry.arrays import UnitArrays, unit_arrays
from tabletop_gui.geometry.outline import EPS
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.memo import IdentityMemo
from tabletop_gui.model.scene import Scene, derived

Polys = tuple[tuple[tuple[float, float], ...], ...]


@lru_cache(maxsize=256)
def union_of(polygons: Polys) -> BaseGeometry | None:
    """The union of polygons given as point tuples, built once and prepared: zones
    and terrain rarely change while units are dragged, so this outlives the scene."""
    if not polygons:
        return None
    geom = shapely.union_all([Polygon(p) for p in polygons])
    shapely.prepare(geom)
    return geom


def _inner_boundary(area: BaseGeometry, width: float, height: float) -> np.ndarray:
    """Segments (m, 2, 2) of the area's boundary (holes' rings included) that are
    not on the board edge."""
    edge = box(0, 0, width, height).exterior.buffer(1e-6)
    inner = area.boundary.difference(edge)
    segs = []
    for line in getattr(inner, "geoms", [inner]):
        if line.is_empty:
            continue
        pts = np.asarray(line.coords)
        segs += [(pts[i], pts[i + 1]) for i in range(len(pts) - 1)]
    return np.asarray(segs, dtype=float).reshape(-1, 2, 2)


def _vertices(area: BaseGeometry) -> list[tuple[float, float]]:
    polys: Iterable[Polygon] = getattr(area, "geoms", [area])
    out: list[tuple[float, float]] = []
    for p in polys:
        out.extend((float(x), float(y)) for x, y in p.exterior.coords[:-1])
    return out


@dataclass(frozen=True)
class UnitGeometry:
    """What every area test reads from the units, built once per scene: the
    bounding box (of a round base's circle, of a rectangle's corners) of each
    unit on the table (NaN off it, so no box test passes), padded by BOX_PAD,
    the footprint frames, and each side's mask."""

    arrays: UnitArrays
    lo_x: np.ndarray
    hi_x: np.ndarray
    lo_y: np.ndarray
    hi_y: np.ndarray
    #: (N, 4, 2) per footprint: its centre, the two rows of its rotation R
    #: (local = (world - centre) @ R, world = centre + local @ R.T), and its half
    #: width and depth: one gather reads all a footprint test needs.
    frame: np.ndarray
    side_masks: dict[str, np.ndarray]
    any_round: bool
    #: ``units_inside_each`` answers for these units, by query (see there).
    results: dict = field(default_factory=dict, compare=False)
    #: When patched from a parent for one unit: the parent's answers, and that
    #: unit's row, bounding box (lo_x, hi_x, lo_y, hi_y) and side in the parent.
    parent_results: dict | None = field(default=None, compare=False)
    moved: tuple[int, float, float, float, float, str] | None = None


def unit_geometry(scene: Scene) -> UnitGeometry:
    return derived(scene, "area_unit_geometry", _build_unit_geometry, _patch_unit_geometry)


#: Added to every box's half extent: a box test only rules out units, and one
#: rounding error off in the box must not rule out a unit that touches or
#: overlaps by a rounding error (the exact tests decide those).
BOX_PAD = 1e-9


def _geometry_columns(a: UnitArrays) -> dict[str, Any]:
    # The box: a round base's circle's, a rectangle's (a footprint whose box
    # overlaps an area's bounds in no positive area shares no interior with it).
    ac, as_ = np.abs(a.cos), np.abs(a.sin)
    ext_x = np.where(a.is_round, a.radius, ac * a.half_w + as_ * a.half_d) + BOX_PAD
    ext_y = np.where(a.is_round, a.radius, as_ * a.half_w + ac * a.half_d) + BOX_PAD
    cx = np.where(a.on_table, a.cx, np.nan)
    cy = np.where(a.on_table, a.cy, np.nan)
    return {
        "lo_x": cx - ext_x,
        "hi_x": cx + ext_x,
        "lo_y": cy - ext_y,
        "hi_y": cy + ext_y,
        "frame": np.stack(
            [a.cx, a.cy, a.cos, -a.sin, a.sin, a.cos, a.half_w, a.half_d], axis=1
        ).reshape(-1, 4, 2),
    }


def _geometry_row(a: UnitArrays, i: int) -> dict[str, Any]:
    """Row ``i`` of ``_geometry_columns`` in Python floats: the same operations on
    the same floats (each an IEEE operation numpy rounds alike), so the same bits."""
    cx, cy, cos, sin = float(a.cx[i]), float(a.cy[i]), float(a.cos[i]), float(a.sin[i])
    half_w, half_d = float(a.half_w[i]), float(a.half_d[i])
    if a.is_round[i]:
        ext_x = ext_y = float(a.radius[i]) + BOX_PAD
    else:
        ac, as_ = abs(cos), abs(sin)
        ext_x = (ac * half_w + as_ * half_d) + BOX_PAD
        ext_y = (as_ * half_w + ac * half_d) + BOX_PAD
    x, y = (cx, cy) if a.on_table[i] else (math.nan, math.nan)
    return {
        "lo_x": x - ext_x,
        "hi_x": x + ext_x,
        "lo_y": y - ext_y,
        "hi_y": y + ext_y,
        "frame": ((cx, cy), (cos, -sin), (sin, cos), (half_w, half_d)),
    }


def _frame_corners(f: np.ndarray) -> np.ndarray:
    """(K, 4, 2) corners of the footprints with ``frame`` rows ``f`` (K, 4, 2),
    rounded exactly as ``geometry.arrays.corners`` and ``Outline.corners``
    ((centre + x cos) - y sin): a corner on an area's edge must fall on the same
    side of it here as in the one-piece definition (a matrix product rounds
    centre + (x cos - y sin), a last-bit difference that decides touching cases)."""
    local = _SIGNS * f[:, 3:4, :]  # (K, 4, 2) corner offsets in the footprint's frame
    rows = f[:, None, 1:3, :]  # (K, 1, 2, 2): (cos, -sin), (sin, cos)
    return (f[:, 0:1, :] + local[..., 0:1] * rows[..., 0]) + local[..., 1:2] * rows[..., 1]


#: Corner signs (x, y) in the order of ``geometry.arrays.corners``.
_SIGNS = np.array([[-1.0, -1.0], [1.0, -1.0], [1.0, 1.0], [-1.0, 1.0]])


def _build_unit_geometry(scene: Scene) -> UnitGeometry:
    a = unit_arrays(scene)
    masks = {s: a.sides == s for s in set(a.sides.tolist())}
    return UnitGeometry(
        arrays=a, side_masks=masks, any_round=bool(a.is_round.any()), **_geometry_columns(a)
    )


def _patch_unit_geometry(parent: UnitGeometry, scene: Scene, i: int) -> UnitGeometry:
    """The parent's geometry with row ``i`` (the one unit that changed) remeasured,
    by the same arithmetic on that row alone."""
    a = unit_arrays(scene)
    columns = {}
    for name, value in _geometry_row(a, i).items():
        column = getattr(parent, name).copy()
        column[i] = value
        columns[name] = column
    side = a.sides[i]
    masks = {}
    for s, mask in parent.side_masks.items():
        if mask[i] != (s == side):
            mask = mask.copy()
            mask[i] = s == side
        masks[s] = mask  # unchanged ones shared, never written to
    if side not in masks:
        masks[side] = a.sides == side
    box = (parent.lo_x[i], parent.hi_x[i], parent.lo_y[i], parent.hi_y[i])
    return UnitGeometry(
        arrays=a,
        side_masks=masks,
        any_round=bool(a.is_round.any()),
        parent_results=parent.results,
        moved=(i, *map(float, box), parent.arrays.sides[i]),
        **columns,
    )


@dataclass(frozen=True)
class AreaGeometry:
    bounds: tuple[float, float, float, float]
    inner: np.ndarray  # segments (m, 2, 2) of the boundary off the board edge
    vertices: np.ndarray  # (v, 2) exterior vertices
    #: A convex area's edges as rows (outward normal x, y, highest and lowest
    #: projection of the area on it); None for any other area.
    edges: np.ndarray | None = None


#: Each area's geometry, per board extent.
_AREA_GEOMETRY: IdentityMemo[AreaGeometry] = IdentityMemo(512)


def area_geometry(scene: Scene, area: BaseGeometry) -> AreaGeometry:
    """Bounds, inner boundary and vertices of ``area``: areas come from
    ``union_of`` and outlive the scene, so these are measured once per area."""
    board = (scene.board.width, scene.board.height)
    hit = _AREA_GEOMETRY.get((area,), board)
    if hit is not None:
        return hit
    geom = AreaGeometry(
        bounds=(float(b[0]), float(b[1]), float(b[2]), float(b[3]))
        if (b := area.bounds)
        else (0.0, 0.0, 0.0, 0.0),
        inner=_inner_boundary(area, *board),
        vertices=np.asarray(_vertices(area), dtype=float).reshape(-1, 2),
        edges=_convex_edges(area),
    )
    return _AREA_GEOMETRY.put((area,), geom, board)


#: Overlap (inches) within which the separating-axis test leaves a pair to
#: shapely's exact predicates: touching is not inside, and rounding must not decide.
SAT_TOL = 1e-9


def _convex_edges(area: BaseGeometry) -> np.ndarray | None:
    """(m, 4) outward unit normals of a convex polygon's edges with the highest and
    lowest projection of its vertices on each; None if the area is not one convex
    polygon. (An axis-aligned edge gets an exact (0, +-1) or (+-1, 0) normal.)"""
    if not isinstance(area, Polygon) or area.interiors or not area.equals(area.convex_hull):
        return None
    ring = np.asarray(area.exterior.coords, dtype=float)
    start, edge = ring[:-1], np.diff(ring, axis=0)
    length = np.hypot(edge[:, 0], edge[:, 1])
    keep = length > 0
    start, edge, length = start[keep], edge[keep], length[keep]
    normal = np.stack([edge[:, 1], -edge[:, 0]], axis=1) / length[:, None]
    inward = ((ring[:-1].mean(axis=0) - start) * normal).sum(axis=1) > 0
    normal[inward] *= -1.0
    # (vertices, edges), written out: a matrix product's bits depend on the BLAS
    # numpy was built with (a kernel may fuse a multiply and an add), and the
    # desktop bundle's numpy has none (docs/performance.md, Bundle)
    proj = ring[:-1, 0:1] * normal[:, 0] + ring[:-1, 1:2] * normal[:, 1]
    return np.column_stack([normal, proj.max(axis=0), proj.min(axis=0)])


def inside_with_depth_each(
    scene: Scene,
    queries: Sequence[tuple[BaseGeometry, np.ndarray | None]],
    only: int | None = None,
) -> list[tuple[np.ndarray, np.ndarray]]:
    """For each (area, among mask) query: the indices of the units (of the mask)
    partly or wholly inside the area (overlapping its interior) and on the table,
    in unit order, and how deep each reaches inside (its margin, >= 0). All
    queries are measured together: one shapely call per test, not one per area.

    Inside: units whose box misses the area's bounds are ruled out
    with numpy. A rectangle against a convex area is decided by the separating
    axis test (the overlap of their projections on each edge normal of both),
    in numpy, unless the smallest overlap is within SAT_TOL of zero. Those, and
    rectangles against other areas, are in when a corner is strictly inside, or
    else by shapely's intersects-but-not-touches test
    (geometry.arrays.inside_area's definition).

    Depth: the deepest footprint corner's distance to the area's boundary (board
    edges excluded), or, when only a corner of the area pokes into the
    footprint, how far that corner reaches into the footprint; a round base's
    centre distance to that boundary plus its radius (inside), or its radius
    less the centre's distance to the area (outside). Infinite where the area's
    whole boundary lies on the board edge.

    ``only``: unit row ``only`` alone is measured (the same arithmetic on its
    row: a unit changed while the others' answers are kept)."""
    if not queries:
        return []
    g = unit_geometry(scene)
    a = g.arrays
    qg = _query_geometry(scene, tuple(area for area, _ in queries))
    if only is not None and not a.is_round[only]:
        among = [True if m is None else bool(m[only]) for _, m in queries]
        plain = _rect_row_inside(g, qg, only, among)
        if plain is not None:
            return plain
    cols = slice(None) if only is None else slice(only, only + 1)
    near = (
        (g.hi_x[None, cols] > qg.minx)
        & (g.lo_x[None, cols] < qg.maxx)
        & (g.hi_y[None, cols] > qg.miny)
        & (g.lo_y[None, cols] < qg.maxy)
    )
    if any(among is not None for _, among in queries):
        n = near.shape[1]
        near &= np.array([np.ones(n, dtype=bool) if m is None else m[cols] for _, m in queries])
    qid, idx = np.nonzero(near)  # by query, then unit
    if only is not None:
        idx += only
    if len(idx) == 0:
        return [(idx, np.zeros(0)) for _ in queries]
    areas, segs = qg.areas, qg.segs
    parts: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []  # (query, unit, depth)
    if g.any_round:
        is_round = a.is_round[idx]
        rect = ~is_round
        ri, rq = idx[rect], qid[rect]
    else:
        is_round, ri, rq = None, idx, qid
    if len(ri):
        found = _rects_inside(g, qg, ri, rq)
        if found is not None:
            parts.append(found)
    if is_round is not None and is_round.any():
        ci, cq = idx[is_round], qid[is_round]
        cx, cy, radius = a.cx[ci], a.cy[ci], a.radius[ci]
        pts = shapely.points(cx, cy)
        on = areas[cq]
        d_area = shapely.distance(on, pts)
        centre_in = shapely.contains(on, pts)
        hit = centre_in | (d_area < radius - EPS)
        if hit.any():
            ci, cq, radius = ci[hit], cq[hit], radius[hit]
            d_in = _distance_to_segments_each(cx[hit], cy[hit], segs[cq]) + radius
            d_out = radius - d_area[hit]
            depth = np.maximum(np.where(centre_in[hit], d_in, d_out), 0.0)
            parts.append((cq, ci, depth))
    if not parts:
        return [(np.zeros(0, dtype=int), np.zeros(0)) for _ in queries]
    if len(parts) == 1:
        q, units, depth = parts[0]  # already by query, then unit
    else:
        q = np.concatenate([p[0] for p in parts])
        units = np.concatenate([p[1] for p in parts])
        depth = np.concatenate([p[2] for p in parts])
        order = np.lexsort((units, q))
        q, units, depth = q[order], units[order], depth[order]
    if not qg.all_deep:
        depth = np.where(qg.deep[q], depth, np.inf)
    bounds = np.searchsorted(q, np.arange(len(queries) + 1)).tolist()
    return [(units[lo:hi], depth[lo:hi]) for lo, hi in pairwise(bounds)]


def _rects_inside(
    g: UnitGeometry, qg: _QueryGeometry, ri: np.ndarray, rq: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """Rectangular footprints ``ri`` against areas ``rq`` (pairs): (area, unit,
    depth) of the pairs that overlap, or None if none does."""
    f = g.frame[ri]
    c = _frame_corners(f)  # (K, 4, 2)
    half = f[:, 3, :]  # (K, 2)
    # The area's vertices in each footprint's frame (K, v, 2). Products and sums
    # written out, never a matrix product: a BLAS kernel may fuse a multiply
    # and an add (one rounding less) by machine and by size, and the plain-float
    # test of one unit (``_rect_row_inside``) must give these very bits.
    d = qg.verts[rq] - f[:, 0:1, :]
    local = d[..., 0:1] * f[:, None, 1, :] + d[..., 1:2] * f[:, None, 2, :]
    hit = np.zeros(len(ri), dtype=bool)
    undecided = np.ones(len(ri), dtype=bool)
    corner_out: np.ndarray | None = None  # (K, 4): how far each corner lies outside a convex area
    if qg.any_convex:
        # (K, 4, m): corners projected on the area's normals (written out, as above)
        normals = qg.normals_t[rq]
        p = c[..., 0:1] * normals[:, None, 0, :] + c[..., 1:2] * normals[:, None, 1, :]
        high = qg.high[rq]
        on_normals = np.minimum(p.max(axis=1), high) - np.maximum(p.min(axis=1), qg.low[rq])
        on_frame = np.minimum(local.max(axis=1), half) - np.maximum(local.min(axis=1), -half)
        overlap = np.minimum(on_normals.min(axis=1), np.minimum(on_frame[:, 0], on_frame[:, 1]))
        sure = np.abs(overlap) > SAT_TOL
        if not qg.all_convex:
            sure &= qg.convex[rq]
        hit[sure] = overlap[sure] > 0
        undecided = ~sure
        corner_out = (p - high[:, None, :]).max(axis=2)
    if undecided.any():
        hit[undecided] = _rects_inside_by_shapely(qg.areas[rq[undecided]], c[undecided])
    if not hit.any():
        return None
    ri, rq, c, local, half = ri[hit], rq[hit], c[hit], local[hit], half[hit]
    # Depth: the deepest corner inside (on the boundary, to SAT_TOL, counts) ...
    if qg.all_convex:
        assert corner_out is not None  # set above whenever any area is convex
        corner_in = corner_out[hit] <= SAT_TOL
    else:
        corner_in = np.zeros((len(ri), 4), dtype=bool)
        convex = qg.convex[rq]
        if corner_out is not None:
            corner_in[convex] = corner_out[hit][convex] <= SAT_TOL
        other = ~convex
        points = shapely.points(c[other].reshape(-1, 2))
        on = np.repeat(qg.areas[rq[other]], 4)
        corner_in[other] = shapely.dwithin(on, points, SAT_TOL).reshape(-1, 4)
    d = np.zeros((len(ri), 4))  # a corner outside reaches 0 deep
    segs = qg.segs[np.repeat(rq, 4).reshape(-1, 4)[corner_in]]
    d[corner_in] = _distance_to_segments_each(c[..., 0][corner_in], c[..., 1][corner_in], segs)
    depth = d.max(axis=1)
    # ... or the area vertex reaching deepest into the footprint.
    if qg.any_verts:
        room = half[:, None, :] - np.abs(local)
        into = np.minimum(room[:, :, 0], room[:, :, 1])
        with_verts = np.maximum(depth, np.maximum(into, 0.0).max(axis=1))
        depth = with_verts if qg.all_verts else np.where(qg.has_verts[rq], with_verts, depth)
    return rq, ri, depth


def _rect_row_inside(
    g: UnitGeometry, qg: _QueryGeometry, i: int, among: Sequence[bool]
) -> list[tuple[np.ndarray, np.ndarray]] | None:
    """``inside_with_depth_each`` for rectangular unit row ``i`` alone (``among``:
    is it in each query's mask), in Python floats: the box test, ``_frame_corners``,
    ``_rects_inside`` and ``_distance_to_segments_each`` with the same operations
    in the same order on the same floats, so the same bits (a drag measures one
    unit: a few hundred float operations cost less than the array calls' own
    overhead). None where the array path would ask shapely: an area that is not
    convex, or an overlap within SAT_TOL of zero."""
    lo_x, hi_x = float(g.lo_x[i]), float(g.hi_x[i])
    lo_y, hi_y = float(g.lo_y[i]), float(g.hi_y[i])
    (cx, cy), (f10, f11), (f20, f21), (hw, hd) = g.frame[i].tolist()
    corners = [
        ((cx + sx * hw * f10) + sy * hd * f11, (cy + sx * hw * f20) + sy * hd * f21)
        for sx, sy in _SIGNS.tolist()
    ]
    found: list[tuple[np.ndarray, np.ndarray]] = []
    for area, inside_mask in zip(qg.plain, among, strict=True):
        minx, miny, maxx, maxy = area.bounds
        if not (inside_mask and hi_x > minx and lo_x < maxx and hi_y > miny and lo_y < maxy):
            found.append((_NO_ROWS, _NO_DEPTHS))
            continue
        if not area.convex:
            return None
        # The area's vertices in the footprint's frame.
        local = [
            ((vx - cx) * f10 + (vy - cy) * f20, (vx - cx) * f11 + (vy - cy) * f21)
            for vx, vy in area.verts
        ]
        # The corners projected on the area's normals: the overlap on each axis.
        p = [[x * nx + y * ny for nx, ny, _, _ in area.normals] for x, y in corners]
        on_normals = [
            min(max(col), high) - max(min(col), low)
            for col, (_, _, high, low) in zip(zip(*p, strict=True), area.normals, strict=True)
        ]
        lxs, lys = [v[0] for v in local], [v[1] for v in local]
        on_frame_x = min(max(lxs), hw) - max(min(lxs), -hw)
        on_frame_y = min(max(lys), hd) - max(min(lys), -hd)
        overlap = min(min(on_normals), min(on_frame_x, on_frame_y))
        if not abs(overlap) > SAT_TOL:
            return None
        if not overlap > 0:
            found.append((_NO_ROWS, _NO_DEPTHS))
            continue
        # Depth: the deepest corner inside ...
        depth = 0.0
        if area.deep:
            xs: list[float] = []
            ys: list[float] = []
            highs = [high for _, _, high, _ in area.normals]
            for (x, y), row in zip(corners, p, strict=True):
                if max(v - high for v, high in zip(row, highs, strict=True)) > SAT_TOL:
                    continue  # outside: 0 deep
                for ax, ay, dx, dy, length2 in area.segs:
                    px, py = x - ax, y - ay
                    t = min(max((px * dx + py * dy) / length2, 0.0), 1.0)
                    xs.append(px - t * dx)
                    ys.append(py - t * dy)
            if xs:  # each inside corner's nearest segment, the deepest of them
                nearest = np.hypot(xs, ys).reshape(-1, len(area.segs)).min(axis=1)
                depth = float(nearest.max())
        # ... or the area vertex reaching deepest into the footprint.
        if qg.any_verts and area.has_verts:
            into = max(max(min(hw - abs(lx), hd - abs(ly)), 0.0) for lx, ly in local)
            depth = max(depth, into)
        if not area.deep:
            depth = math.inf
        found.append((np.array([i]), np.array([depth])))
    return found


_NO_ROWS = np.zeros(0, dtype=int)
_NO_DEPTHS = np.zeros(0)
_NO_ROWS.flags.writeable = False
_NO_DEPTHS.flags.writeable = False


def _rects_inside_by_shapely(areas: np.ndarray, c: np.ndarray) -> np.ndarray:
    """Per pair: does the rectangle with corners ``c`` (K, 4, 2) overlap its area's
    interior? In when a corner is strictly inside, else intersects and not touches."""
    xs, ys = c[..., 0].ravel(), c[..., 1].ravel()
    inside = np.asarray(shapely.contains_xy(np.repeat(areas, 4), xs, ys))
    hit = np.asarray(inside.reshape(-1, 4).any(axis=1))
    rest = ~hit
    if rest.any():
        polys = np.asarray(shapely.polygons(c[rest]))
        on = areas[rest]
        touch = np.asarray(shapely.intersects(on, polys))
        if touch.any():
            touch[touch] = ~shapely.touches(on[touch], polys[touch])
        hit[rest] = touch
    return hit


@dataclass(frozen=True)
class _QueryGeometry:
    """Several areas' geometry as arrays, one row per area: bounds as (q, 1)
    columns, the areas themselves (shapely's predicates take one per element),
    padded inner boundaries and vertices (see ``_padded``)."""

    areas: np.ndarray
    minx: np.ndarray
    miny: np.ndarray
    maxx: np.ndarray
    maxy: np.ndarray
    segs: np.ndarray  # _segment_terms of the padded inner boundaries
    verts: np.ndarray
    has_verts: np.ndarray
    deep: np.ndarray
    all_deep: bool
    any_verts: bool
    all_verts: bool
    normals_t: np.ndarray  # (q, 2, m) convex areas' outward edge normals, padded
    high: np.ndarray  # (q, m) the area's highest projection on each normal
    low: np.ndarray  # (q, m) and its lowest
    convex: np.ndarray  # (q,) which areas are convex (normals are zeros elsewhere)
    any_convex: bool
    all_convex: bool
    #: Each area's rows above as Python floats, for ``_rect_row_inside``.
    plain: tuple[_PlainArea, ...] = ()


@dataclass(frozen=True)
class _PlainArea:
    """One area of a query as Python floats: its rows of ``_QueryGeometry``
    (padded as there: a repeated row changes no nearest, deepest or overlap)."""

    bounds: tuple[float, float, float, float]  # minx, miny, maxx, maxy
    verts: tuple[tuple[float, float], ...]
    normals: tuple[tuple[float, float, float, float], ...]  # x, y, high, low
    segs: tuple[tuple[float, float, float, float, float], ...]  # _segment_terms
    convex: bool
    deep: bool
    has_verts: bool


def _plain_areas(qg: _QueryGeometry) -> tuple[_PlainArea, ...]:
    bounds = np.hstack([qg.minx, qg.miny, qg.maxx, qg.maxy]).tolist()
    normals = np.stack([qg.normals_t[:, 0], qg.normals_t[:, 1], qg.high, qg.low], axis=2)
    return tuple(
        _PlainArea(
            bounds=tuple(bounds[k]),
            verts=tuple(map(tuple, qg.verts[k].tolist())),
            normals=tuple(map(tuple, normals[k].tolist())),
            segs=tuple(map(tuple, qg.segs[k].T.tolist())),
            convex=bool(qg.convex[k]),
            deep=bool(qg.deep[k]),
            has_verts=bool(qg.has_verts[k]),
        )
        for k in range(len(qg.areas))
    )


#: The stacked geometry of each tuple of areas, per board extent.
_QUERY_GEOMETRY: IdentityMemo[_QueryGeometry] = IdentityMemo(512)


def _query_geometry(scene: Scene, areas: tuple[BaseGeometry, ...]) -> _QueryGeometry:
    board = (scene.board.width, scene.board.height)
    hit = _QUERY_GEOMETRY.get(areas, board)
    if hit is not None:
        return hit
    geoms = [area_geometry(scene, area) for area in areas]
    bounds = np.array([ag.bounds for ag in geoms], dtype=float).reshape(-1, 4)
    objs = np.empty(len(areas), dtype=object)
    objs[:] = list(areas)
    segs, verts, has_verts = _padded(geoms)
    deep = np.array([len(ag.inner) > 0 for ag in geoms], dtype=bool)
    convex = np.array([ag.edges is not None for ag in geoms], dtype=bool)
    m = max((len(ag.edges) for ag in geoms if ag.edges is not None), default=1)
    edges = np.zeros((len(geoms), m, 4))
    for k, ag in enumerate(geoms):
        if ag.edges is not None:
            edges[k] = ag.edges[np.arange(m) % len(ag.edges)]  # a repeat changes no overlap
    qg = _QueryGeometry(
        areas=objs,
        minx=bounds[:, 0:1],
        miny=bounds[:, 1:2],
        maxx=bounds[:, 2:3],
        maxy=bounds[:, 3:4],
        segs=_segment_terms(segs),
        verts=verts,
        has_verts=has_verts,
        deep=deep,
        all_deep=bool(deep.all()),
        any_verts=bool(has_verts.any()),
        all_verts=bool(has_verts.all()),
        normals_t=edges[:, :, 0:2].transpose(0, 2, 1).copy(),
        high=edges[:, :, 2],
        low=edges[:, :, 3],
        convex=convex,
        any_convex=bool(convex.any()),
        all_convex=bool(convex.all()),
    )
    qg = replace(qg, plain=_plain_areas(qg))
    return _QUERY_GEOMETRY.put(areas, qg, board)


def _padded(geoms: Sequence[AreaGeometry]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The areas' inner-boundary segments (q, m, 2, 2) and vertices (q, v, 2), each
    padded to a common length by repeating an entry (a repeat changes no nearest
    or deepest); zeros where an area has none (its depth is then infinite, or
    its vertices unused: the third array says which areas have vertices)."""
    m = max(max(len(ag.inner) for ag in geoms), 1)
    segs = np.zeros((len(geoms), m, 2, 2))
    v = max(max(len(ag.vertices) for ag in geoms), 1)
    verts = np.zeros((len(geoms), v, 2))
    for k, ag in enumerate(geoms):
        if len(ag.inner):
            segs[k] = ag.inner[np.arange(m) % len(ag.inner)]
        if len(ag.vertices):
            verts[k] = ag.vertices[np.arange(v) % len(ag.vertices)]
    has_verts = np.array([len(ag.vertices) > 0 for ag in geoms])
    return segs, verts, has_verts


def _segment_terms(segs: np.ndarray) -> np.ndarray:
    """(q, 5, m): each area's segments as start x, start y, dx, dy and squared
    length (floored above zero), what every point-to-segment distance reads."""
    ax, ay = segs[:, :, 0, 0], segs[:, :, 0, 1]
    dx, dy = segs[:, :, 1, 0] - ax, segs[:, :, 1, 1] - ay
    length2 = np.maximum(dx * dx + dy * dy, 1e-300)
    return np.stack([ax, ay, dx, dy, length2], axis=1)


def _distance_to_segments_each(x: np.ndarray, y: np.ndarray, terms: np.ndarray) -> np.ndarray:
    """Distance of each point to the nearest of its own segments, given as
    ``_segment_terms`` rows (p, 5, m) (numpy, exact)."""
    ax, ay, dx, dy, length2 = terms[:, 0], terms[:, 1], terms[:, 2], terms[:, 3], terms[:, 4]
    px, py = x[:, None] - ax, y[:, None] - ay
    t = np.minimum(np.maximum((px * dx + py * dy) / length2, 0.0), 1.0)
    return np.hypot(px - t * dx, py - t * dy).min(axis=1)


def moved_unit_outside(
    scene: Scene, g: UnitGeometry, queries: Sequence[tuple[BaseGeometry, tuple[str, ...] | None]]
) -> bool:
    """Was the one unit patched into ``g`` outside every query's reach, both where
    it was and where it is (the same box test as ``inside_with_depth_each``)?"""
    assert g.moved is not None
    i, *before, side_before = g.moved
    now = (float(g.lo_x[i]), float(g.hi_x[i]), float(g.lo_y[i]), float(g.hi_y[i]))
    side_now = g.arrays.sides[i]
    for area, sides in queries:
        minx, miny, maxx, maxy = area_geometry(scene, area).bounds
        for (lo_x, hi_x, lo_y, hi_y), side in ((before, side_before), (now, side_now)):
            if (sides is None or side in sides) and (
                hi_x > minx and lo_x < maxx and hi_y > miny and lo_y < maxy
            ):
                return False
    return True
