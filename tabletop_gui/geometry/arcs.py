"""The four arcs of a rectangular footprint, exact (no Qt).

A rectangle's arcs are bounded by four lines, one from each corner, running
outward at 135 degrees to both sides that meet there (45 degrees to the
diagonal's outside): the front arc lies between the lines from the two front
corners, and so on round the footprint. Every point outside the footprint lies
in one arc, or on a line between two. How a rule family uses them (which point
of a charger is located where, what happens on a line) is the family's; this
module only measures (docs/t9a.md, Arcs).

The footprint's own frame: ``x`` along its frontage, ``y`` toward its front (an
``Outline`` turned by its angle, counter-clockwise). Seen from the footprint,
its left is ``-x``.
"""

from __future__ import annotations

import math

from shapely.geometry import LineString, Polygon, box
from shapely.geometry.base import BaseGeometry

from tabletop_gui.geometry.outline import EPS, Outline
from tabletop_gui.lazy_dataclass import dataclass

Point = tuple[float, float]
Segment = tuple[Point, Point]

FRONT, RIGHT, REAR, LEFT = "front", "right flank", "rear", "left flank"
#: The arcs in order round the footprint (clockwise seen from above, y up).
ARCS = (FRONT, RIGHT, REAR, LEFT)
#: The corners in the footprint's frame, each with the two arcs its line divides:
#: the line from a corner runs between the arc of one side and the next.
CORNERS = (
    ((-1, 1), LEFT, FRONT),  # front left
    ((1, 1), FRONT, RIGHT),  # front right
    ((1, -1), RIGHT, REAR),  # rear right
    ((-1, -1), REAR, LEFT),  # rear left
)
#: Each arc's side of the footprint, as its two corners (indices into CORNERS).
SIDES = {FRONT: (0, 1), RIGHT: (1, 2), REAR: (2, 3), LEFT: (3, 0)}


@dataclass(frozen=True, slots=True)
class ArcLine:
    """The half-line from ``corner`` outward (``direction``, a unit vector)
    dividing the two ``arcs`` it lies between."""

    corner: Point
    direction: Point
    arcs: tuple[str, str]

    def distance(self, p: Point) -> float:
        """From ``p`` to this half-line (to its corner where ``p`` lies behind it)."""
        dx, dy = p[0] - self.corner[0], p[1] - self.corner[1]
        ux, uy = self.direction
        if dx * ux + dy * uy <= 0:
            return math.hypot(dx, dy)
        return abs(dx * uy - dy * ux)

    def end(self, length: float) -> Point:
        return (self.corner[0] + self.direction[0] * length,
                self.corner[1] + self.direction[1] * length)  # fmt: skip


@dataclass(frozen=True, slots=True)
class ArcPlace:
    """Where a point lies among a footprint's arcs: ``arc`` (None: inside the
    footprint), its distance to the nearest line bounding that arc (``margin``,
    >= 0), and the arc across that line (``across``). ``on_line``: the point is on
    the line (within ``EPS``), so it is in both arcs."""

    arc: str | None
    margin: float
    across: str | None
    on_line: bool = False


def _to_world(o: Outline, lx: float, ly: float) -> Point:
    c, s = math.cos(o.angle), math.sin(o.angle)
    return (o.cx + lx * c - ly * s, o.cy + lx * s + ly * c)


def _to_local(o: Outline, p: Point) -> Point:
    c, s = math.cos(o.angle), math.sin(o.angle)
    dx, dy = p[0] - o.cx, p[1] - o.cy
    return (dx * c + dy * s, -dx * s + dy * c)


def arc_lines(o: Outline) -> tuple[ArcLine, ...]:
    """The four lines of a rectangular outline, from its front-left corner round
    clockwise (front right, rear right, rear left)."""
    if o.is_round:
        raise ValueError("a round outline has no arc lines")
    r = 1 / math.sqrt(2)
    c, s = math.cos(o.angle), math.sin(o.angle)
    out = []
    for (sx, sy), a, b in CORNERS:
        corner = _to_world(o, sx * o.half_w, sy * o.half_d)
        lx, ly = sx * r, sy * r
        out.append(ArcLine(corner, (lx * c - ly * s, lx * s + ly * c), (a, b)))
    return tuple(out)


def front_centre(o: Outline) -> Point:
    """The centre of a rectangle's front side (a circle: its centre)."""
    if o.is_round:
        return o.centre
    return _to_world(o, 0.0, o.half_d)


def facing_side(o: Outline, arc: str) -> Segment:
    """The side of the rectangle facing ``arc`` (its Facing), between the two
    corners whose lines bound that arc."""
    i, j = SIDES[arc]
    (si, ti), _, _ = CORNERS[i]
    (sj, tj), _, _ = CORNERS[j]
    return (_to_world(o, si * o.half_w, ti * o.half_d), _to_world(o, sj * o.half_w, tj * o.half_d))


def arc_of(o: Outline, p: Point) -> ArcPlace:
    """The arc of rectangle ``o`` holding point ``p``, with the distance to the
    nearer of the two lines bounding it. A point inside the footprint is in no arc."""
    lx, ly = _to_local(o, p)
    hw, hd = o.half_w, o.half_d
    ax, ay = abs(lx), abs(ly)
    if ax < hw - EPS and ay < hd - EPS:
        return ArcPlace(None, 0.0, None)
    # Beyond a side by more than beyond the next line: see the module docstring.
    if ly >= hd - EPS and ly - hd >= ax - hw - EPS:
        arc = FRONT
    elif ly <= -hd + EPS and -ly - hd >= ax - hw - EPS:
        arc = REAR
    elif lx >= 0:
        arc = RIGHT
    else:
        arc = LEFT
    lines = arc_lines(o)
    bounding = [line for line in lines if arc in line.arcs]
    nearest = min(bounding, key=lambda line: line.distance(p))
    margin = nearest.distance(p)
    across = nearest.arcs[0] if nearest.arcs[1] == arc else nearest.arcs[1]
    return ArcPlace(arc, margin, across, on_line=margin <= EPS)


def arc_regions(o: Outline, bounds: tuple[float, float, float, float]) -> dict[str, BaseGeometry]:
    """Each arc of rectangle ``o`` as a polygon, clipped to ``bounds`` (x0, y0, x1,
    y1: the board); an arc lying wholly off the board is an empty polygon."""
    x0, y0, x1, y1 = bounds
    frame = box(x0, y0, x1, y1)
    reach = 2 * (math.hypot(x1 - x0, y1 - y0) + math.hypot(o.cx - x0, o.cy - y0)) + 1
    lines = arc_lines(o)
    out = {}
    for arc, (i, j) in SIDES.items():
        a, b = lines[i], lines[j]
        # The two lines diverge at 90 degrees: the far side at ``reach`` clears
        # the whole board.
        shape = Polygon([a.corner, b.corner, b.end(reach), a.end(reach)])
        out[arc] = shape.intersection(frame)
    return out


def arc_segments(o: Outline, bounds: tuple[float, float, float, float]) -> list[Segment]:
    """The four arc lines from their corners to the board's edge (a corner off
    the board: the part on it; a line wholly off the board is left out)."""
    x0, y0, x1, y1 = bounds
    frame = box(x0, y0, x1, y1)
    reach = 2 * (math.hypot(x1 - x0, y1 - y0) + math.hypot(o.cx - x0, o.cy - y0)) + 1
    out: list[Segment] = []
    for line in arc_lines(o):
        part = LineString([line.corner, line.end(reach)]).intersection(frame)
        if isinstance(part, LineString) and not part.is_empty and part.length > 0:
            (ax, ay), (bx, by) = part.coords[0], part.coords[-1]
            out.append(((ax, ay), (bx, by)))
    return out
