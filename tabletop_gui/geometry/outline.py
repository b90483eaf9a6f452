"""Plan-view outlines of pieces and exact edge-to-edge measurement (docs/measurement.md).

Rectangles (rank-and-file footprints) and circles (round bases, markers, points)
are measured analytically where that is exact and cheap; rectangle pairs and
areas go through shapely, whose polygon distance is exact for polygons.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import shapely
from shapely.geometry import Point as ShPoint
from shapely.geometry import Polygon

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.bounds import front_middle
from tabletop_gui.model.pieces import BaseShape, Marker, Unit
from tabletop_gui.model.tolerance import EPS as EPS  # every rule's tolerance, inches

#: Segments per quarter circle when a round base must become a polygon (drawing, overlap).
CIRCLE_QUAD_SEGS = 32


@dataclass(frozen=True, slots=True)
class Outline:
    """A rectangle (``radius`` None) or a circle, with its base's elevation."""

    cx: float
    cy: float
    half_w: float = 0.0
    half_d: float = 0.0
    angle: float = 0.0  # radians, counter-clockwise
    radius: float | None = None
    elevation: float = 0.0

    @property
    def is_round(self) -> bool:
        return self.radius is not None

    @property
    def centre(self) -> tuple[float, float]:
        return (self.cx, self.cy)

    def corners(self) -> list[tuple[float, float]]:
        c, s = math.cos(self.angle), math.sin(self.angle)
        out = []
        for lx, ly in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
            x, y = lx * self.half_w, ly * self.half_d
            out.append((self.cx + x * c - y * s, self.cy + x * s + y * c))
        return out

    def polygon(self) -> Polygon:
        if self.radius is not None:
            if self.radius == 0:
                return ShPoint(self.cx, self.cy).buffer(1e-9)
            return ShPoint(self.cx, self.cy).buffer(self.radius, quad_segs=CIRCLE_QUAD_SEGS)
        return Polygon(self.corners())

    def geometry(self) -> shapely.Geometry:
        """The exact shape for shapely: a polygon, or the centre point of a circle."""
        if self.radius is not None:
            return ShPoint(self.cx, self.cy)
        return Polygon(self.corners())


def unit_outline(unit: Unit) -> Outline:
    if unit.base_shape is BaseShape.ROUND:
        return Outline(unit.x, unit.y, radius=unit.width_in / 2, elevation=unit.elevation)
    return Outline(
        unit.x,
        unit.y,
        half_w=unit.width_in / 2,
        half_d=unit.depth_in / 2,
        angle=math.radians(unit.facing),
        elevation=unit.elevation,
    )


def front_kept(unit: Unit, depth_in: float) -> tuple[float, float]:
    """The centre at which ``unit`` given a depth of ``depth_in`` has its front
    side where it is now (a rectangle; the base grows or shrinks at the back)."""
    (fx, fy), a = front_middle(unit), math.radians(unit.facing)
    return fx + depth_in / 2 * math.sin(a), fy - depth_in / 2 * math.cos(a)


#: The shapely rectangles of the last units asked (``rect_polygons``), by the
#: unit object (kept with it, so its id is not reused meanwhile).
_RECTS: dict[int, tuple[Unit, Polygon]] = {}
RECTS_KEPT = 65_536


def rect_polygons(units: Sequence[Unit]) -> np.ndarray:
    """``unit_outline(u).geometry()`` of each rectangular unit (the same corners,
    so shapely measures them to the bit as it measures those), kept for the
    units asked before: a move's review measures the moved unit against its
    neighbours, which rarely moved since. The ones not kept are made at once."""
    out = np.empty(len(units), dtype=object)
    missing: list[int] = []
    get = _RECTS.get
    for k, unit in enumerate(units):
        kept = get(id(unit))
        if kept is not None and kept[0] is unit:
            out[k] = kept[1]
        else:
            missing.append(k)
    if missing:
        if len(_RECTS) + len(missing) > RECTS_KEPT:
            _RECTS.clear()
        corners = np.array([unit_outline(units[k]).corners() for k in missing], dtype=float)
        made: np.ndarray = shapely.polygons(corners)  # type: ignore[assignment]
        for k, shape in zip(missing, made, strict=True):
            out[k] = shape
            _RECTS[id(units[k])] = (units[k], shape)
    return out


def marker_outline(marker: Marker) -> Outline:
    return Outline(marker.x, marker.y, radius=marker.radius_in, elevation=marker.elevation)


def point_outline(x: float, y: float, elevation: float = 0.0) -> Outline:
    return Outline(x, y, radius=0.0, elevation=elevation)


def outline_of(piece: Unit | Marker) -> Outline:
    return unit_outline(piece) if isinstance(piece, Unit) else marker_outline(piece)


# -- measurement ----------------------------------------------------------


def _point_to_rect(o: Outline, px: float, py: float) -> float:
    dx, dy = px - o.cx, py - o.cy
    c, s = math.cos(o.angle), math.sin(o.angle)
    lx, ly = dx * c + dy * s, -dx * s + dy * c
    return math.hypot(max(abs(lx) - o.half_w, 0.0), max(abs(ly) - o.half_d, 0.0))


def distance_to_point(o: Outline, px: float, py: float) -> float:
    """Plan distance from the outline to a point (0 inside)."""
    if o.radius is not None:
        return max(math.hypot(px - o.cx, py - o.cy) - o.radius, 0.0)
    return _point_to_rect(o, px, py)


def distance(a: Outline, b: Outline) -> float:
    """Plan distance edge to edge: 0 if the outlines touch or overlap."""
    if b.radius is not None:
        return max(distance_to_point(a, b.cx, b.cy) - b.radius, 0.0)
    if a.radius is not None:
        return max(distance_to_point(b, a.cx, a.cy) - a.radius, 0.0)
    if a.angle == b.angle:
        return parallel_distance(a, b)
    return float(shapely.distance(a.geometry(), b.geometry()))


def parallel_distance(a: Outline, b: Outline) -> float:
    """Two rectangles facing the same way: the gaps between them along their
    axes, exact to a rounding (shapely would measure corners rounded once
    already); the same operations as the arrays' batch (``rules.t9a.rulings``)."""
    c, s = math.cos(a.angle), math.sin(a.angle)
    dx, dy = b.cx - a.cx, b.cy - a.cy
    gx = max(abs(dx * c + dy * s) - (a.half_w + b.half_w), 0.0)
    gy = max(abs(dy * c - dx * s) - (a.half_d + b.half_d), 0.0)
    return math.sqrt(gx * gx + gy * gy)


def distance_3d(a: Outline, b: Outline) -> float:
    """Edge to edge in 3D: sqrt(plan distance^2 + height difference^2)."""
    return math.hypot(distance(a, b), a.elevation - b.elevation)


def closest_points(a: Outline, b: Outline) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two nearest points of the outlines (the measure tool's line)."""
    line = shapely.shortest_line(a.geometry(), b.geometry())
    (x1, y1), (x2, y2) = line.coords
    if a.radius:
        x1, y1 = _towards(a.cx, a.cy, x2, y2, a.radius)
    if b.radius:
        x2, y2 = _towards(b.cx, b.cy, x1, y1, b.radius)
    return (x1, y1), (x2, y2)


def _towards(cx: float, cy: float, x: float, y: float, r: float) -> tuple[float, float]:
    d = math.hypot(x - cx, y - cy)
    if d <= r:
        return (x, y)
    return (cx + (x - cx) * r / d, cy + (y - cy) * r / d)


def within(d: float, limit: float) -> bool:
    """'Within X' is inclusive, up to the tolerance EPS."""
    return d <= limit + EPS


def contains_point(o: Outline, px: float, py: float) -> bool:
    """The point is on or inside the outline ('in contact with a point')."""
    return distance_to_point(o, px, py) <= EPS


#: Base contact's tolerance, inches: bases this close edge to edge are in contact.
CONTACT_TOLERANCE = 0.02


def in_base_contact(a: Outline, b: Outline, tolerance: float = CONTACT_TOLERANCE) -> bool:
    """Base contact: edge-to-edge distance within the contact tolerance (3D)."""
    return distance_3d(a, b) <= tolerance + EPS


def inside(o: Outline, area: Polygon) -> bool:
    """Partly or wholly inside: the outline overlaps the area's interior."""
    if o.radius is not None:
        centre = ShPoint(o.cx, o.cy)
        if area.contains(centre):
            return True
        return float(area.distance(centre)) < o.radius - EPS
    poly = o.geometry()
    return bool(area.intersects(poly) and not area.touches(poly))


def fully_inside(o: Outline, area: Polygon) -> bool:
    if o.radius is not None:
        centre = ShPoint(o.cx, o.cy)
        return bool(area.covers(centre)) and float(area.exterior.distance(centre)) >= o.radius - EPS
    return bool(area.buffer(EPS, join_style="mitre").covers(o.geometry()))


#: Two bases overlap when they share more than this area (square inches):
#: bases in contact touch along an edge and share none.
OVERLAP_AREA = 1e-3


def plan_overlap(a: Outline, b: Outline) -> float:
    """How deep two bases at the same level overlap (``overlap_depth``) when they
    share more than OVERLAP_AREA, as the game log's overlap flag counts them;
    else 0 (apart, touching, or one above the other)."""
    if abs(a.elevation - b.elevation) > EPS or distance(a, b) > 0:
        return 0.0
    if a.polygon().intersection(b.polygon()).area <= OVERLAP_AREA:
        return 0.0
    return overlap_depth(a, b)


def overlap_depth(a: Outline, b: Outline) -> float:
    """How deep two footprints overlap in plan: the least distance either would
    have to move to clear the other (0 when they only touch or stand apart).
    Both footprints are convex, so the separating-axis test gives it exactly:
    the least overlap of their projections on the sides' normals (and, with a
    round base, on the line from its centre to the other's nearest corner or
    centre)."""
    if a.radius is not None and b.radius is not None:
        return max(a.radius + b.radius - math.hypot(b.cx - a.cx, b.cy - a.cy), 0.0)
    axes: list[tuple[float, float]] = []
    for o in (a, b):
        if o.radius is None:
            c, s = math.cos(o.angle), math.sin(o.angle)
            axes += [(c, s), (-s, c)]
    rect = a if a.radius is None else b
    circle = b if rect is a else a
    if circle.radius is not None:
        x, y = min(rect.corners(), key=lambda p: math.hypot(p[0] - circle.cx, p[1] - circle.cy))
        n = math.hypot(x - circle.cx, y - circle.cy)
        if n > 0:
            axes.append(((x - circle.cx) / n, (y - circle.cy) / n))
    depth = math.inf
    for ux, uy in axes:
        lo_a, hi_a = _projection(a, ux, uy)
        lo_b, hi_b = _projection(b, ux, uy)
        depth = min(depth, min(hi_a, hi_b) - max(lo_a, lo_b))
    return max(depth, 0.0)


def _projection(o: Outline, ux: float, uy: float) -> tuple[float, float]:
    """The outline's extent along the unit vector (ux, uy)."""
    if o.radius is not None:
        centre = o.cx * ux + o.cy * uy
        return centre - o.radius, centre + o.radius
    values = [x * ux + y * uy for x, y in o.corners()]
    return min(values), max(values)
