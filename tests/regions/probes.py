"""Points a set distance inside and outside a region's boundary, to compare the
region with what the rules say of a unit moved there."""

from __future__ import annotations

import shapely
from shapely.geometry.base import BaseGeometry

#: How far inside and outside the boundary the probes lie, in inches.
OFFSET = 0.02


def _ring_points(geom: BaseGeometry, step: float) -> list[tuple[float, float]]:
    pts: list[tuple[float, float]] = []
    for poly in getattr(geom, "geoms", [geom]):
        if poly.is_empty:
            continue
        for ring in (poly.exterior, *poly.interiors):
            line = shapely.segmentize(ring, step)
            pts += [(float(x), float(y)) for x, y in line.coords[:-1]]
    return pts


def probes(
    shape: BaseGeometry,
    extent: tuple[float, float],
    offset: float = OFFSET,
    step: float = 0.25,
    margin: float = 0.05,
) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """(inside, outside): points ``offset`` inside and outside ``shape``'s boundary,
    every ``step`` along it, on the board (``extent``) and at least ``margin``
    clear of the board's edge (a region is clipped there, so the edge is not its
    boundary for the rules)."""
    w, h = extent

    def on_board(p: tuple[float, float]) -> bool:
        return margin <= p[0] <= w - margin and margin <= p[1] <= h - margin

    inner = shape.buffer(-offset, quad_segs=64)
    outer = shape.buffer(offset, quad_segs=64)
    inside = [p for p in _ring_points(inner, step) if on_board(p)]
    outside = [p for p in _ring_points(outer, step) if on_board(p)]
    return inside, outside
