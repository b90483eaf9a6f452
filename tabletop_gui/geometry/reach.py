"""How far a charger's front is from one side of its target, and what a wheel to
face that side square would add (no Qt, no dice): measured, never decided.

``straight`` is the shortest gap between the charger's front side and the
target's side, edge to edge; ``turn`` the angle the charger would wheel through
to face that side square (its front parallel to it, facing it); ``wheel`` the
distance the outer front corner travels in that wheel (the charger's frontage
times the angle in radians), which is how a wheel is measured (docs/t9a.md,
Charge reach)."""

from __future__ import annotations

import math

import shapely
from shapely.geometry import LineString
from shapely.geometry.base import BaseGeometry

from tabletop_gui.geometry.arcs import FRONT, Segment, facing_side
from tabletop_gui.geometry.outline import Outline
from tabletop_gui.lazy_dataclass import dataclass

Pt = tuple[float, float]


@dataclass(frozen=True)
class Reach:
    """The straight gap (``start`` on the charger's front, ``end`` on the target's
    side), the wheel's angle in degrees (signed: counter-clockwise > 0) and what
    the wheel costs in inches."""

    straight: float
    start: Pt
    end: Pt
    turn: float
    wheel: float

    @property
    def total(self) -> float:
        return self.straight + self.wheel


def facing_direction(o: Outline) -> Pt:
    """The unit vector a footprint faces (its own +y)."""
    return (-math.sin(o.angle), math.cos(o.angle))


def reach(charger: Outline, side: Segment, target: Outline) -> Reach:
    """From ``charger``'s front (a round base: its whole edge) to ``side`` of
    ``target``."""
    far = LineString(side)
    near: BaseGeometry
    if charger.is_round:
        near = charger.polygon().exterior
    else:
        near = LineString(facing_side(charger, FRONT))
    line = shapely.shortest_line(near, far)
    (x1, y1), (x2, y2) = line.coords
    straight = float(near.distance(far))
    if charger.is_round:
        return Reach(straight, (x1, y1), (x2, y2), 0.0, 0.0)
    # The side faces away from the target's centre: the charger must face back.
    mx, my = (side[0][0] + side[1][0]) / 2, (side[0][1] + side[1][1]) / 2
    nx, ny = target.cx - mx, target.cy - my
    fx, fy = facing_direction(charger)
    turn = math.atan2(fx * ny - fy * nx, fx * nx + fy * ny)
    return Reach(straight, (x1, y1), (x2, y2), math.degrees(turn), 2 * charger.half_w * abs(turn))


def reach_round(charger: Outline, target: Outline) -> Reach:
    """From ``charger``'s front (a round base: its whole edge) to the edge of a
    round ``target``, exactly (the circle, not its drawn polygon): the straight
    gap, and the wheel that would turn the charger to face the target's centre."""
    r = target.radius or 0.0
    cx, cy = target.cx, target.cy
    if charger.is_round:
        dx, dy = cx - charger.cx, cy - charger.cy
        d = math.hypot(dx, dy) or 1e-12
        r1 = charger.radius or 0.0
        start = (charger.cx + dx / d * r1, charger.cy + dy / d * r1)
        end = (cx - dx / d * r, cy - dy / d * r)
        return Reach(max(0.0, d - r1 - r), start, end, 0.0, 0.0)
    (ax, ay), (bx, by) = facing_side(charger, FRONT)
    ux, uy = bx - ax, by - ay
    t = ((cx - ax) * ux + (cy - ay) * uy) / (ux * ux + uy * uy)
    t = min(1.0, max(0.0, t))
    sx, sy = ax + t * ux, ay + t * uy
    dx, dy = cx - sx, cy - sy
    d = math.hypot(dx, dy) or 1e-12
    end = (cx - dx / d * r, cy - dy / d * r)
    # The wheel turns the charger to face the target's centre from its front's.
    nx, ny = cx - (ax + bx) / 2, cy - (ay + by) / 2
    fx, fy = facing_direction(charger)
    turn = math.atan2(fx * ny - fy * nx, fx * nx + fy * ny)
    return Reach(max(0.0, d - r), (sx, sy), end, math.degrees(turn), 2 * charger.half_w * abs(turn))
