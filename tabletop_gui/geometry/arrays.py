"""Vectorised measurement over all units of a scene at once (numpy + shapely).

``unit_arrays(scene)`` builds the arrays once per scene and keeps them in the
scene's cache, so evaluating several objectives on one state measures from the
same arrays.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from itertools import islice
from typing import Any

import numpy as np
import shapely
from shapely.geometry import Polygon

from tabletop_gui.geometry.outline import EPS
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.piecemap import PieceMap
from tabletop_gui.model.pieces import MM_PER_INCH, NUMBERS, BaseShape, Unit, unit_numbers
from tabletop_gui.model.scene import Scene, derived

#: The columns of UnitArrays, besides ``ids``.
_COLUMNS = (
    "sides", "cx", "cy", "half_w", "half_d", "reach", "angle", "cos", "sin", "radius",
    "is_round", "elevation", "on_table", "scoring", "family_fields",
)  # fmt: skip


@dataclass(frozen=True)
class UnitArrays:
    ids: tuple[str, ...]
    sides: np.ndarray  # object array of side ids
    cx: np.ndarray
    cy: np.ndarray
    half_w: np.ndarray
    half_d: np.ndarray
    reach: np.ndarray  # hypot(half_w, half_d): no part of the footprint is farther out
    angle: np.ndarray  # radians
    cos: np.ndarray  # of angle: every footprint measurement reads both, once built
    sin: np.ndarray
    radius: np.ndarray  # 0 for rectangles
    is_round: np.ndarray
    elevation: np.ndarray
    on_table: np.ndarray
    scoring: np.ndarray  # the unit's Scoring flag (``Unit.scoring``), as it is set
    family_fields: np.ndarray  # any field of its family set (``Unit.extra``)?

    def __len__(self) -> int:
        return len(self.ids)

    def index(self) -> dict[str, int]:
        return {uid: i for i, uid in enumerate(self.ids)}

    def row(self, i: int) -> UnitArrays:
        """Unit row ``i`` alone (views of the columns): measuring it gives the
        bits measuring every unit gives it (the same operations on the same floats)."""
        one = slice(i, i + 1)
        return UnitArrays(self.ids[one], **{name: getattr(self, name)[one] for name in _COLUMNS})


def unit_arrays(scene: Scene) -> UnitArrays:
    return derived(scene, "unit_arrays", _build, _patch)


def _patch(parent: UnitArrays, scene: Scene, i: int) -> UnitArrays:
    """The parent's arrays with row ``i`` (the one unit that changed) rebuilt.
    Only the columns whose value changed are copied (a move copies two); the
    others are the parent's, never written to."""
    unit = next(islice(scene.units.values(), i, None))
    row = _row(unit, parent, i)
    arrays = {}
    for name in _COLUMNS:
        column = getattr(parent, name)
        value = row[name]
        if column[i] != value:
            column = column.copy()
            column[i] = value
        arrays[name] = column
    return UnitArrays(ids=parent.ids, **arrays)


def _row(unit: Unit, parent: UnitArrays, i: int) -> dict[str, Any]:
    """Row ``i`` for ``unit``, as ``_build`` computes it (the same operations on
    the same floats: the same bits), the angle's from numpy only when it changed."""
    bw = unit.base_width_mm / MM_PER_INCH
    is_round = unit.base_shape is BaseShape.ROUND
    models, mpr = float(unit.models), float(unit.models_per_rank)
    angle = np.radians(np.array([float(unit.facing)]))
    same_angle = angle[0] == parent.angle[i]
    half_w = bw / 2 if is_round else min(models, mpr) * unit.base_width_mm / MM_PER_INCH / 2
    half_d = bw / 2 if is_round else math.ceil(models / mpr) * unit.base_depth_mm / MM_PER_INCH / 2
    return {
        "sides": unit.side,
        "cx": float(unit.x),
        "cy": float(unit.y),
        "half_w": half_w,
        "half_d": half_d,
        "reach": np.hypot(np.array([half_w]), np.array([half_d]))[0],
        "angle": angle[0],
        "cos": parent.cos[i] if same_angle else np.cos(angle)[0],
        "sin": parent.sin[i] if same_angle else np.sin(angle)[0],
        "radius": bw / 2 if is_round else 0.0,
        "is_round": is_round,
        "elevation": float(unit.elevation),
        "on_table": not unit.removed,
        "scoring": bool(unit.scoring),
        "family_fields": bool(unit.extra),
    }


def added_unit_arrays(before: Scene, after: Scene, unit_id: str) -> None:
    """Give ``after`` (``before`` with unit ``unit_id`` appended: an ``add_piece``)
    the arrays of ``before``, if it has them, with the new unit's row added, as
    ``unit_arrays`` would build them (the same operations on the same floats:
    the same bits). An army list imported into a game under way adds a unit per
    event and its review measures each: without this, every unit would rebuild
    the arrays of all."""
    if "unit_arrays" in after.cache:
        return
    old: UnitArrays | None = before.cache.get("unit_arrays")
    units: PieceMap[Unit] = after.units  # type: ignore[assignment]  # (made one: Scene)
    if old is None or len(units) != len(old) + 1 or units.position(unit_id) != len(old):
        return
    if not all(map(operator.is_, before.units.values(), units.values())):
        return  # another unit changed too (a family's own settling): built afresh
    new = _build_units([units[unit_id]])
    after.cache["unit_arrays"] = UnitArrays(
        (*old.ids, unit_id),
        **{c: np.concatenate([getattr(old, c), getattr(new, c)]) for c in _COLUMNS},
    )


def _build(scene: Scene) -> UnitArrays:
    return _build_units(scene.unit_list())


def _numbers_table(units: Sequence[Unit]) -> np.ndarray:
    """Every unit's numbers (``model.pieces.NUMBERS``), packed when it was made,
    as one row per number: one join, then columns. (Listed by a comprehension:
    its attribute reads are specialised to the slot, half the time of a map of
    ``attrgetter``.)"""
    try:
        packed = b"".join([u._numbers for u in units])  # type: ignore[misc]  # (None: below)
    except TypeError:  # a unit made by ``evolve`` (moved) has none yet: read and kept
        packed = b"".join(map(unit_numbers, units))
    return np.frombuffer(packed).reshape(-1, len(NUMBERS)).T.copy()  # (doubles: its default)


def _build_units(units: list[Unit]) -> UnitArrays:
    table = _numbers_table(units)
    # As few array operations as can be (columns taken together): at 100 units
    # each costs about what its data does.
    x, y, models, mpr, facing, elevation = table[[0, 1, 4, 5, 6, 7]]
    bw_mm, bd_mm = table[2:4]
    bw = bw_mm / MM_PER_INCH
    removed, scoring, is_round, extra = table[8:12] != 0.0
    half_bw = bw / 2
    # The half sizes as ``unit_outline`` works them out (Unit.width_in / 2), to the bit.
    half_w = np.where(is_round, half_bw, np.minimum(models, mpr) * bw_mm / MM_PER_INCH / 2)
    half_d = np.where(is_round, half_bw, np.ceil(models / mpr) * bd_mm / MM_PER_INCH / 2)
    angle = np.radians(facing)
    return UnitArrays(
        ids=tuple([u.id for u in units]),
        sides=np.array([u.side for u in units], dtype=object),
        cx=x,
        cy=y,
        half_w=half_w,
        half_d=half_d,
        reach=np.hypot(half_w, half_d),
        angle=angle,
        cos=np.cos(angle),
        sin=np.sin(angle),
        radius=np.where(is_round, half_bw, 0.0),
        is_round=is_round,
        elevation=elevation,
        on_table=~removed,
        scoring=scoring,
        family_fields=extra,
    )


#: Slack beyond any rounding of the array measurements (inches) for ``far_from``.
FAR_SLACK = 1e-6


def rows_near(a: UnitArrays, i: int, margin: float) -> np.ndarray:
    """The rows, in order, of the units whose centre lies within row ``i``'s
    reach, the largest reach and ``margin`` of row ``i``'s centre, along x and
    along y (row ``i`` among them): every unit whose footprint may come within
    ``margin`` of row ``i``'s, and a few more. A move's review measures these
    rows, not the board (row by row, the same bits the whole columns give)."""
    if _NEAR and _NEAR[0] is a and _NEAR[1] == i and _NEAR[2] >= margin:
        return _NEAR[3]  # asked again for the same move (a family's checks share them)
    w = (float(a.reach[i]) + _largest_reach(a) + margin) * (1 + FAR_SLACK) + FAR_SLACK
    cx, cy = a.cx[i], a.cy[i]
    rows = np.flatnonzero(np.abs(a.cx - cx) <= w)
    rows = rows[np.abs(a.cy[rows] - cy) <= w]
    _NEAR[:] = [a, i, margin, rows]
    return rows


#: The last rows ``rows_near`` found: (arrays, row, margin, rows).
_NEAR: list[Any] = []


#: The last reach column asked and its largest value (a move patches the
#: centres, not the reach: the column, and so its maximum, is shared).
_LARGEST: list[tuple[np.ndarray, float]] = []


def _largest_reach(a: UnitArrays) -> float:
    if _LARGEST and _LARGEST[0][0] is a.reach:
        return _LARGEST[0][1]
    largest = float(a.reach.max()) if len(a.reach) else 0.0
    _LARGEST[:] = [(a.reach, largest)]
    return largest


def far_from(a: UnitArrays, i: int, points: Sequence[tuple[float, float]], distance: float) -> bool:
    """Whether unit row ``i`` is off the table, or its footprint is farther than
    ``distance`` (with FAR_SLACK to spare) from each of ``points``: no part of a
    footprint is farther out than ``reach`` from its centre, so one sum of
    scalars rules out a unit without measuring it (a drag far from everything)."""
    if not a.on_table[i]:
        return True
    x, y, out = float(a.cx[i]), float(a.cy[i]), float(a.reach[i]) + distance + FAR_SLACK
    return all(math.hypot(px - x, py - y) > out for px, py in points)


def distances_to_point(
    a: UnitArrays, px: float, py: float, pz: float | None = None, radius: float = 0.0
) -> np.ndarray:
    """Edge-to-edge distance of every unit to a circle of ``radius`` at (px, py):
    plan distance, or 3D when ``pz`` (the circle's elevation) is given."""
    dx = px - a.cx
    dy = py - a.cy
    c, s = a.cos, a.sin
    lx = np.abs(dx * c + dy * s) - a.half_w
    ly = np.abs(-dx * s + dy * c) - a.half_d
    d_rect = np.hypot(np.maximum(lx, 0.0), np.maximum(ly, 0.0))
    d_round = np.maximum(np.hypot(dx, dy) - a.radius, 0.0)
    d = np.maximum(np.where(a.is_round, d_round, d_rect) - radius, 0.0)
    if pz is not None:
        d = np.hypot(d, a.elevation - pz)
    return d


def distances_to_points(
    a: UnitArrays, points: Sequence[tuple[float, float]], radius: float = 0.0
) -> np.ndarray:
    """(k, N): row j is ``distances_to_point(a, *points[j], radius=radius)`` (plan),
    with every point measured in one set of array operations."""
    p = np.asarray(points, dtype=float).reshape(-1, 2)
    dx = p[:, 0:1] - a.cx
    dy = p[:, 1:2] - a.cy
    c, s = a.cos, a.sin
    lx = np.abs(dx * c + dy * s) - a.half_w
    ly = np.abs(-dx * s + dy * c) - a.half_d
    d_rect = np.hypot(np.maximum(lx, 0.0), np.maximum(ly, 0.0))
    d_round = np.maximum(np.hypot(dx, dy) - a.radius, 0.0)
    return np.maximum(np.where(a.is_round, d_round, d_rect) - radius, 0.0)


def centre_distances(a: UnitArrays, px: float, py: float) -> np.ndarray:
    return np.hypot(a.cx - px, a.cy - py)


def corners(a: UnitArrays) -> np.ndarray:
    """(N, 4, 2) corners of the rectangular footprints."""
    c = a.cos[:, None]
    s = a.sin[:, None]
    lx = np.array([-1.0, 1.0, 1.0, -1.0])[None, :] * a.half_w[:, None]
    ly = np.array([-1.0, -1.0, 1.0, 1.0])[None, :] * a.half_d[:, None]
    x = a.cx[:, None] + lx * c - ly * s
    y = a.cy[:, None] + lx * s + ly * c
    return np.stack([x, y], axis=-1)


def inside_area(a: UnitArrays, area: Polygon) -> np.ndarray:
    """Partly or wholly inside (overlapping the interior), for every unit."""
    n = len(a)
    out = np.zeros(n, dtype=bool)
    if n == 0:
        return out
    shapely.prepare(area)
    rect = ~a.is_round
    if rect.any():
        polys = shapely.polygons(corners(a)[rect])
        out[rect] = shapely.intersects(area, polys) & ~shapely.touches(area, polys)
    if a.is_round.any():
        pts = shapely.points(a.cx[a.is_round], a.cy[a.is_round])
        d = shapely.distance(area, pts)
        out[a.is_round] = shapely.contains(area, pts) | (d < a.radius[a.is_round] - EPS)
    return out


#: Per board size n, point (px, py) and distance, the constant operands of
#: ``units_near_point`` as arrays of its operands' shape (2, n): millimetres per
#: inch, 2, 0, the point's x and y and the distance (a ufunc given an array of
#: the same shape costs about half what it costs given a Python float it must
#: convert and broadcast; the results are the same), and the bytes of a row of
#: n zeros (no round base).
_Constants = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, bytes]
_CONSTANTS: dict[tuple[int, float, float, float], _Constants] = {}


def _constants(key: tuple[int, float, float, float]) -> _Constants:
    n, px, py, distance = key
    k = np.empty((5, 2, n))
    k[0], k[1], k[2], k[3, 0], k[3, 1], k[4] = MM_PER_INCH, 2.0, 0.0, px, py, distance
    k.flags.writeable = False
    if len(_CONSTANTS) >= 8:
        _CONSTANTS.clear()
    made = _CONSTANTS[key] = (k[0], k[1], k[2], k[3], k[4, 0], bytes(8 * n))
    return made


#: Up to this many units, Hold the Ground measures a scene whose unit arrays
#: are not built yet with ``units_near_point`` instead of building them: faster
#: cold at every size, but the first drag then builds them (docs/performance.md,
#: "Evaluate", where the threshold was measured).
SMALL_BOARD = 150


def units_near_point(
    units: Sequence[Unit], px: float, py: float, distance: float
) -> tuple[list[int], list[float]]:
    """The rows, in order, of the units whose footprint lies within ``distance``
    of (px, py), and those distances: what ``distances_to_point`` on
    ``unit_arrays`` gives them, to the bit, without building the arrays. Units
    off the table (``removed``) are among them: the caller, which reads each
    unit found, asks it of those few.

    The same IEEE operations on the same doubles as ``_build_units`` and
    ``distances_to_point``, element by element, in as few array calls as can
    be (the width and the depth taken together as rows of two, no operand
    broadcast, each result written where it is read next): at 100 units each
    call costs about what its data does, and the arrays' other columns (ids,
    sides, reach, elevation...) are not made. A first evaluate
    of a small board reads its units once; the arrays are built when a drag
    or another measurement asks for them."""
    n = len(units)
    t = _numbers_table(units)
    key = (n, px, py, distance)
    per_inch, two, zero, point, within, no_round = _CONSTANTS.get(key) or _constants(key)
    # The half sizes, (min(models, per rank) * width, ceil(models / per rank)
    # * depth) / MM_PER_INCH / 2, as two rows.
    # The table is this call's own copy: the rows not read here (elevation,
    # removed, Scoring, family fields) and those read no more are written to.
    models, per_rank = t[4], t[5]
    half = t[8:10]
    half_w, half_d = half[0], half[1]
    np.minimum(models, per_rank, out=half_w)
    np.divide(models, per_rank, out=half_d)
    np.ceil(half_d, out=half_d)
    np.multiply(half, t[2:4], out=half)
    np.divide(half, per_inch, out=half)
    np.divide(half, two, out=half)
    any_round = t[10].tobytes() != no_round
    if any_round:
        is_round = t[10] != 0.0
        half_bw = t[2] / MM_PER_INCH
        half_bw /= 2
        half[:, is_round] = half_bw[is_round]
    angle = t[6]
    np.radians(angle, out=angle)
    cos, sin = np.cos(angle), np.sin(angle)
    # (x - px, y - py): the array path's (px - x, py - y) negated, exactly, so
    # the same magnitudes below (every sum negated alike, then its absolute value).
    d = t[0:2]
    np.subtract(d, point, out=d)
    dx, dy = d[0], d[1]
    local = t[4:6]  # (the models' and ranks' rows, read no more)
    along, across = local[0], local[1]
    product = t[7]
    np.multiply(dx, cos, out=along)
    np.multiply(dy, sin, out=product)
    np.add(along, product, out=along)  # dx cos + dy sin
    np.multiply(dy, cos, out=across)
    np.multiply(dx, sin, out=product)
    np.subtract(across, product, out=across)  # -dx sin + dy cos, as (-dx) sin + dy cos rounds
    np.abs(local, out=local)
    np.subtract(local, half, out=local)
    np.maximum(local, zero, out=local)
    dist = np.hypot(along, across)
    if any_round:
        centre = np.hypot(dx, dy)
        centre -= np.where(is_round, half_bw, 0.0)
        np.maximum(centre, 0.0, out=centre)
        dist = np.where(is_round, centre, dist)
    near = np.less_equal(dist, within).nonzero()[0]
    return near.tolist(), dist[near].tolist()
