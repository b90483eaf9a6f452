"""Regions of centre positions: where a footprint's centre may stand for the
footprint to reach a point, an area or a range around them.

The set of centres ``c`` at which footprint ``F`` (placed with its centre at
``c``) meets a set ``S`` is the Minkowski sum of ``S`` with ``F`` reflected about
its centre. shapely has no Minkowski operation, so the sums are built here:

- with a point: the reflected footprint placed on the point; "within ``d`` of a
  point" buffers that by ``d`` (a buffer is the sum with a disc);
- with an area ``A`` (a polygon, holes allowed) and a convex footprint: ``A``
  itself (a footprint wholly inside) united with, for every edge of every ring,
  the convex hull of the edge's ends moved by each corner of the reflected
  footprint (a footprint meeting that edge). A round footprint is ``A``
  buffered by its radius.

Round parts are polygons whose vertices lie on the true curve, with enough
segments that the chord sags less than ``TOLERANCE``: the region is true to
0.01 in. Results are cached by the footprint's shape and the target's
coordinates: a unit dragged without turning reuses its region.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np
import shapely
from shapely.geometry import Point, Polygon, box
from shapely.geometry.base import BaseGeometry

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.pieces import BaseShape, Unit

#: How far inside the true curve a round part's polygon may lie, in inches.
TOLERANCE = 0.002

Ring = tuple[tuple[float, float], ...]
#: Polygons as point tuples: (exterior, hole, hole...) each.
Shapes = tuple[tuple[Ring, ...], ...]


def quad_segs(radius: float, tolerance: float = TOLERANCE) -> int:
    """Segments per quarter circle so a polygon inscribed in a circle of ``radius``
    sags at most ``tolerance`` from it."""
    if radius <= tolerance:
        return 4
    half_angle = math.acos(1.0 - tolerance / radius)  # the chord's half angle
    return max(4, math.ceil(math.pi / 2 / (2 * half_angle)))


@dataclass(frozen=True, slots=True)
class Footprint:
    """A unit's footprint about its centre: a rectangle (half width and depth,
    turned by ``facing`` degrees counter-clockwise) or a circle (``radius``)."""

    half_w: float = 0.0
    half_d: float = 0.0
    facing: float = 0.0
    radius: float | None = None

    @classmethod
    def of(cls, unit: Unit) -> Footprint:
        if unit.base_shape is BaseShape.ROUND:
            return cls(radius=unit.width_in / 2)
        return cls(unit.width_in / 2, unit.depth_in / 2, unit.facing % 360.0)

    @property
    def is_round(self) -> bool:
        return self.radius is not None

    def reflected_corners(self) -> tuple[tuple[float, float], ...]:
        """The rectangle's corners about its centre, reflected through it (as turned)."""
        a = math.radians(self.facing)
        c, s = math.cos(a), math.sin(a)
        out = []
        for lx, ly in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
            x, y = lx * self.half_w, ly * self.half_d
            out.append((-(x * c - y * s), -(x * s + y * c)))
        return tuple(out)

    def reflected_at(self, x: float, y: float) -> Polygon:
        """The reflected footprint with its centre on (x, y)."""
        if self.radius is not None:
            return Point(x, y).buffer(self.radius, quad_segs=quad_segs(self.radius))
        return Polygon([(x + cx, y + cy) for cx, cy in self.reflected_corners()])


@lru_cache(maxsize=512)
def reach_point(fp: Footprint, x: float, y: float, distance: float = 0.0) -> BaseGeometry:
    """Centres at which the footprint is within ``distance`` of the point (x, y)
    (0: the footprint contains the point)."""
    if fp.radius is not None:
        r = fp.radius + distance
        return Point(x, y).buffer(r, quad_segs=quad_segs(r)) if r > 0 else Point(x, y)
    placed = fp.reflected_at(x, y)
    if distance <= 0:
        return placed
    return placed.buffer(distance, quad_segs=quad_segs(distance))


@lru_cache(maxsize=512)
def reach_area(fp: Footprint, shapes: Shapes, distance: float = 0.0) -> BaseGeometry:
    """Centres at which the footprint overlaps the area (the union of ``shapes``),
    or comes within ``distance`` of it."""
    area = _area(shapes)
    if fp.radius is not None:
        r = fp.radius + distance
        return area.buffer(r, quad_segs=quad_segs(r)) if r > 0 else area
    corners = np.asarray(fp.reflected_corners())
    parts = []
    for shape in shapes:
        polygon = Polygon(shape[0], list(shape[1:]))
        if len(shape) == 1 and polygon.is_valid and _convex(polygon):
            # A convex area: the sum is the hull of every vertex moved by every corner.
            verts = np.asarray(shape[0], dtype=float)
            pts = (verts[:, None, :] + corners[None, :, :]).reshape(-1, 2)
            parts.append(shapely.convex_hull(shapely.multipoints(pts)))
        else:
            parts.append(polygon if polygon.is_valid else polygon.buffer(0))
            parts.extend(_edge_sums(shape, corners))
    summed = shapely.union_all(parts)
    if distance > 0:
        summed = summed.buffer(distance, quad_segs=quad_segs(distance))
    return summed


@lru_cache(maxsize=256)
def fits_inside(fp: Footprint, shapes: Shapes) -> BaseGeometry:
    """Centres at which the whole footprint lies inside the area: the area less
    every centre at which the footprint meets the area's boundary."""
    area = _area(shapes)
    if fp.radius is not None:
        return area.buffer(-fp.radius, quad_segs=quad_segs(fp.radius))
    corners = np.asarray(fp.reflected_corners())
    edges = [hull for shape in shapes for hull in _edge_sums(shape, corners)]
    return area.difference(shapely.union_all(edges)) if edges else area


def _edge_sums(shape: tuple[Ring, ...], corners: np.ndarray) -> list[BaseGeometry]:
    """For every edge of every ring: the hull of its two ends moved by each corner."""
    out: list[BaseGeometry] = []
    for ring in shape:
        if len(ring) < 2:
            continue
        a = np.asarray(ring, dtype=float)
        b = np.roll(a, -1, axis=0)
        ends = np.concatenate([a[:, None, :] + corners, b[:, None, :] + corners], axis=1)
        n = len(a)
        points = shapely.multipoints(ends.reshape(-1, 2), indices=np.repeat(np.arange(n), 8))
        out.extend(np.asarray(shapely.convex_hull(points)).tolist())
    return out


def _convex(polygon: Polygon) -> bool:
    hull = polygon.convex_hull
    return bool(hull.area - polygon.area <= 1e-9 * max(hull.area, 1.0))


def nearer_than(a: tuple[float, float], b: tuple[float, float], extent: BaseGeometry) -> Polygon:
    """The part of ``extent`` nearer ``a`` than ``b`` (centre to centre): a half-plane
    cut at the perpendicular bisector, as a polygon covering ``extent``."""
    (ax, ay), (bx, by) = a, b
    mx, my = (ax + bx) / 2, (ay + by) / 2
    dx, dy = ax - bx, ay - by
    norm = math.hypot(dx, dy)
    minx, miny, maxx, maxy = extent.bounds
    big = 2 * (math.hypot(maxx - minx, maxy - miny) + math.hypot(mx - minx, my - miny)) + 1
    if norm == 0:
        return Polygon()
    ux, uy = dx / norm, dy / norm  # towards a
    px, py = -uy, ux  # along the bisector
    return Polygon(
        [
            (mx + px * big, my + py * big),
            (mx + px * big + ux * big, my + py * big + uy * big),
            (mx - px * big + ux * big, my - py * big + uy * big),
            (mx - px * big, my - py * big),
        ]
    )


def board_box(width: float, height: float) -> Polygon:
    return box(0.0, 0.0, width, height)


def shapes_of(polygons: tuple[Ring, ...]) -> Shapes:
    """Plain polygons (no holes) as ``Shapes``."""
    return tuple((tuple((float(x), float(y)) for x, y in p),) for p in polygons)


def _area(shapes: Shapes) -> BaseGeometry:
    polys = [Polygon(shape[0], list(shape[1:])) for shape in shapes if len(shape[0]) >= 3]
    area = shapely.union_all([p if p.is_valid else p.buffer(0) for p in polys])
    return area
