"""Whether a terrain or zone outline is a simple polygon: one that does not cross
or touch itself and encloses an area. Every area test of the rules (shapely/GEOS)
fails on a bow tie, so one is refused where it is made: in a file or an edit."""

from __future__ import annotations

from collections.abc import Sequence

import shapely
from shapely.geometry import LineString, MultiPoint, Point, Polygon

Corner = tuple[float, float]


def polygon_problem(points: Sequence[Corner]) -> str | None:
    """Why ``points`` (at least three finite corners) is not a simple outline,
    naming the edges that cross and where, or None."""
    polygon = Polygon(points)
    if polygon.is_valid and polygon.area > 0:
        return None
    if MultiPoint(points).convex_hull.area <= 0:
        return "encloses no area (its corners lie on one line)"
    crossing = first_crossing(points)
    if crossing is None:  # GEOS saw a fault our edge test does not word
        reason = shapely.is_valid_reason(polygon)
        return f"is not a simple outline ({reason})"
    (a, b), (c, d), at = crossing
    return (
        f"crosses itself: the edge from {_corner(points, a)} to "
        f"{_corner(points, b)} crosses the edge from {_corner(points, c)} to "
        f"{_corner(points, d)} at ({_num(at[0])}, {_num(at[1])})"
    )


def first_crossing(
    points: Sequence[Corner],
) -> tuple[tuple[int, int], tuple[int, int], Corner] | None:
    """The first two edges (as corner indices) that cross, touch or overlap beyond
    a shared corner, and a point they share; None for a simple outline."""
    # Corners repeated in a row (a closing corner equal to the first) make no edge.
    keep = [i for i in range(len(points)) if points[i] != points[i - 1]]
    if len(keep) < 3:
        return None
    edges = [(keep[k], keep[(k + 1) % len(keep)]) for k in range(len(keep))]
    lines = [LineString([points[a], points[b]]) for a, b in edges]
    tree = shapely.STRtree(lines)
    hits = tree.query(lines, predicate="intersects")
    m = len(edges)
    for i, j in sorted((int(i), int(j)) for i, j in zip(*hits, strict=True) if i < j):
        shared = lines[i].intersection(lines[j])
        neighbours = j == i + 1 or (i == 0 and j == m - 1)
        if neighbours:
            corner = points[edges[j][0]] if j == i + 1 else points[edges[i][0]]
            if shared.equals(Point(corner)):
                continue  # neighbours meet at their shared corner only: fine
        at = shared.representative_point() if not isinstance(shared, Point) else shared
        return edges[i], edges[j], (at.x, at.y)
    return None


def _corner(points: Sequence[Corner], i: int) -> str:
    x, y = points[i]
    return f"corner {i + 1} ({_num(x)}, {_num(y)})"


def _num(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text
