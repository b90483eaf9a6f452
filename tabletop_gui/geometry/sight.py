"""Line of sight in plan: from a source line (a unit's front) to a target area,
past blocking shapes (no Qt).

A straight line from a point of the source to a point of the target is blocked
when it crosses the inside of a blocker; touching a blocker's edge or corner
does not block. Whether a target is seen is decided exactly: the source points
from which some part of the target shows form intervals whose ends lie where a
line from the source passes through two corners (of blockers, or of a blocker
and the target), so the ends of the source and those points are all the places
a sight line needs to be tried from. The region a source sees (for drawing) is
the union of what each of many points along it sees; it is drawn from points at
most ``REGION_STEP`` apart, so it may miss slivers of half-shadow narrower than
that, never show a hidden place.

Which shapes block, and where a line must stay (an arc), are a rule family's
answers; this module only measures (docs/t9a.md, Line of sight).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence

import numpy as np
import shapely
from shapely.geometry import LineString, MultiPoint, Point, Polygon
from shapely.geometry.base import BaseGeometry

from tabletop_gui.lazy_dataclass import dataclass

Pt = tuple[float, float]

#: A target shows when more than this area of it (square inches) is in view:
#: a line that only grazes a corner sees nothing.
SEEN_AREA = 1e-7
#: The most apart, in inches, two of the source points a drawn region is seen from.
REGION_STEP = 0.25
#: The widest angle one piece of a shadow's far side spans (radians): the far
#: side stays far off even for a blocker seen from right beside it.
_FAR_STEP = math.radians(20)


@dataclass(frozen=True)
class Sighting:
    """Whether ``target`` shows from the source: ``seen``, and if so a sight line
    (``start`` on the source, ``end`` on the part in view); ``blockers``: the
    indices of the blockers that hide part of the target from the source."""

    seen: bool
    start: Pt | None = None
    end: Pt | None = None
    blockers: tuple[int, ...] = ()


def shadow(p: Pt, blocker: Polygon, reach: float) -> BaseGeometry:
    """What ``blocker`` hides from point ``p``, out to ``reach`` inches (the
    blocker itself included). A convex blocker's shadow is one convex hull: its
    corners and where the lines from ``p`` through them end (a base, most
    terrain); any other is the union of what each edge hides."""
    if _convex(blocker) and blocker.distance(Point(p)) > 1e-9:
        return _hull_shadow(p, blocker, reach)
    parts: list[BaseGeometry] = [blocker]
    coords = list(blocker.exterior.coords)
    for a, b in itertools.pairwise(coords):
        da = math.hypot(a[0] - p[0], a[1] - p[1])
        db = math.hypot(b[0] - p[0], b[1] - p[1])
        if da < 1e-12 or db < 1e-12:
            continue  # the edge starts at p: the blocker's other edges hide what it does
        ta = math.atan2(a[1] - p[1], a[0] - p[0])
        tb = math.atan2(b[1] - p[1], b[0] - p[0])
        turn = (tb - ta + math.pi) % (2 * math.pi) - math.pi
        steps = max(1, math.ceil(abs(turn) / _FAR_STEP))
        far = [
            (p[0] + reach * math.cos(ta + turn * k / steps),
             p[1] + reach * math.sin(ta + turn * k / steps))
            for k in range(steps, -1, -1)
        ]  # fmt: skip
        quad = Polygon([a, b, *far])
        if quad.is_valid and quad.area > 0:
            parts.append(quad)
        elif quad.area > 0:
            parts.append(quad.buffer(0))
    return shapely.union_all(parts)


#: Whether a blocker is convex, by its identity (asked once per shape).
_CONVEX: dict[int, tuple[Polygon, bool, np.ndarray]] = {}


def _convex(shape: Polygon) -> bool:
    return _shape_facts(shape)[0]


def _shape_facts(shape: Polygon) -> tuple[bool, np.ndarray]:
    known = _CONVEX.get(id(shape))
    if known is None or known[0] is not shape:
        convex = not shape.interiors and (
            shape.convex_hull.area - shape.area <= 1e-9 * max(shape.area, 1.0)
        )
        if len(_CONVEX) > 4096:
            _CONVEX.clear()
        known = _CONVEX[id(shape)] = (shape, convex, shapely.get_coordinates(shape.exterior)[:-1])
    return known[1], known[2]


def _hull_shadow(p: Pt, blocker: Polygon, reach: float) -> BaseGeometry:
    corners = _shape_facts(blocker)[1]
    angles = np.arctan2(corners[:, 1] - p[1], corners[:, 0] - p[0])
    # The corners' directions from p span less than half a turn (p is outside a
    # convex shape): measure them from the first, so the span does not wrap.
    base = float(angles[0])
    turns = (angles - base + math.pi) % (2 * math.pi) - math.pi
    low, high = float(turns.min()), float(turns.max())
    steps = max(1, math.ceil((high - low) / _FAR_STEP))
    sweep = base + low + (high - low) * np.arange(steps + 1) / steps
    far = np.column_stack((p[0] + reach * np.cos(sweep), p[1] + reach * np.sin(sweep)))
    return MultiPoint(np.vstack((corners, far))).convex_hull


def _reach(*shapes: BaseGeometry) -> float:
    x0, y0, x1, y1 = shapely.union_all(list(shapes)).bounds
    return 4 * math.hypot(x1 - x0, y1 - y0) + 10


def _points_along(source: LineString, step: float) -> list[Pt]:
    """The source's corners and points between them at most ``step`` apart."""
    coords = [(float(x), float(y)) for x, y in source.coords]
    out: list[Pt] = [coords[0]]
    for (ax, ay), (bx, by) in itertools.pairwise(coords):
        n = max(1, math.ceil(math.hypot(bx - ax, by - ay) / step))
        out += [(ax + (bx - ax) * k / n, ay + (by - ay) * k / n) for k in range(1, n + 1)]
    return out


def _corners(shape: BaseGeometry) -> list[Pt]:
    out: list[Pt] = []
    for part in getattr(shape, "geoms", [shape]):
        if isinstance(part, Polygon):
            out += [(float(x), float(y)) for x, y in part.exterior.coords][:-1]
    return out


def _line_hits(source: LineString, a: Pt, b: Pt, reach: float) -> list[Pt]:
    """Where the whole line through ``a`` and ``b`` crosses the source."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy)
    if n < 1e-9:
        return []
    ux, uy = dx / n * reach, dy / n * reach
    line = LineString([(a[0] - ux, a[1] - uy), (a[0] + ux, a[1] + uy)])
    hit = line.intersection(source)
    if hit.is_empty:
        return []
    if isinstance(hit, Point):
        return [(hit.x, hit.y)]
    if isinstance(hit, MultiPoint):
        return [(g.x, g.y) for g in hit.geoms]
    return [(float(x), float(y)) for x, y in getattr(hit, "coords", [])]


def _in_view(
    p: Pt, target: BaseGeometry, blockers: Sequence[Polygon], reach: float, into: bool = False
) -> BaseGeometry:
    """The part of ``target`` point ``p`` sees; ``into``: a blocker's own inside
    shows where nothing else hides it (one sees into a feature, not through it)."""
    if not blockers:
        return target
    hides = [shadow(p, b, reach) for b in blockers]
    if into:
        hides = [h.difference(b) for h, b in zip(hides, blockers, strict=True)]
    return target.difference(shapely.union_all(hides))


def sees(source: LineString, target: BaseGeometry, blockers: Sequence[Polygon]) -> Sighting:
    """Whether some straight line from ``source`` reaches ``target`` (a polygon)
    without crossing the inside of a blocker (exact, see the module docstring)."""
    if target.is_empty or target.area <= SEEN_AREA:
        return Sighting(False)
    hull = shapely.union_all([source, target]).convex_hull
    near = [i for i, b in enumerate(blockers) if b.intersects(hull) and not b.touches(hull)]
    shapes = [blockers[i] for i in near]
    reach = _reach(hull, *shapes)
    # The cheap tries first: the source's corners and its middle, the nearest to
    # the target first (the sight line drawn is the first found).
    tried: set[tuple[float, float]] = set()
    mid = source.interpolate(0.5, normalized=True).coords[0]
    c = target.centroid
    first = sorted([*source.coords, mid], key=lambda p: math.hypot(p[0] - c.x, p[1] - c.y))
    events: list[Pt] = []
    corners = [c for s in shapes for c in _corners(s)]
    ends = corners + _corners(target)
    for i, a in enumerate(corners):
        for b in ends[i + 1 :]:
            events += _line_hits(source, a, b, reach)
    for p in (*first, *events):
        key = (round(p[0], 9), round(p[1], 9))
        if key in tried:
            continue
        tried.add(key)
        view = _in_view(p, target, shapes, reach)
        if view.area > SEEN_AREA:
            end = view.representative_point()
            return Sighting(True, (p[0], p[1]), (end.x, end.y))
    hiding = tuple(
        i for i, b in zip(near, shapes, strict=True)
        if any(shadow(p, b, reach).intersection(target).area > SEEN_AREA
               for p in (*source.coords, mid))
    )  # fmt: skip
    return Sighting(False, blockers=hiding or tuple(near))


def seen_region(
    source: LineString, field: BaseGeometry, blockers: Iterable[Polygon], step: float = REGION_STEP
) -> BaseGeometry:
    """The part of ``field`` (the arc on the board) some point of ``source`` sees
    past ``blockers``, from points along the source at most ``step`` apart. A
    blocker's own inside shows where nothing else hides it: a target standing in
    a feature is not hidden by that feature (docs/t9a.md, Line of sight)."""
    shapes = [b for b in blockers if b.intersects(field)]
    if not shapes:
        return field
    reach = _reach(field, source, *shapes)
    return shapely.union_all(
        [_in_view(p, field, shapes, reach, into=True) for p in _points_along(source, step)]
    )
