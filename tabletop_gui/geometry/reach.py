"""How far a charger's front is from one side of its target, and the charge's
path to it: forward, with at most one wheel (no Qt, no dice): measured, never
decided.

``charge_path`` is the path (docs/t9a.md, Charge reach): straight ahead when
the charger's front moved forward meets the side, else the shortest forward
move with one wheel. ``reach`` measures the gap: ``straight`` is the shortest
gap between the charger's front side and the target's side, edge to edge;
``turn`` the angle the charger would wheel through to face that side square
(its front parallel to it, facing it); ``wheel`` the distance the outer front
corner travels in that wheel (the charger's frontage times the angle in
radians), which is how a wheel is measured (docs/t9a.md, Charge reach)."""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
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


# -- the charge's path: forward, with at most one wheel --------------------------------

#: The wheels tried, each way: every WHEEL_STEP degrees up to a half turn, then the
#: best refined (``_refine``) to REFINE_TO radians (a 5 in frontage: 5e-9 in).
WHEEL_STEP = 0.25
REFINE_TO = 1e-9
#: The wheel's arc in a path, as chords of at most this many degrees.
ARC_CHORD = 5.0
#: Fronts overlap within this (inches, the rules' tolerance): a corner that
#: meets a corner moving straight ahead touches.
TOUCH = 1e-6
#: The same while the wheel is sought: the best wheel (often one that brings a
#: corner onto a corner) is found to this, not to TOUCH short of it.
SEEK_TOUCH = 1e-9


@dataclass(frozen=True)
class ChargePath:
    """How a charger's front is brought into contact with a target's side by a
    forward move and at most one wheel (docs/t9a.md, Charge reach).

    ``straight_ahead``: moved straight forward its front meets the side (their
    fronts overlap), ``forward`` inches, and there is no wheel; else one wheel
    of ``turn`` degrees (counter-clockwise > 0) about its inner front corner,
    costing ``wheel`` inches (its outer front corner's travel), made before the
    forward move (``wheel_first``) or after it. ``start``: the point of its front
    that makes contact, where it stands now; ``end``: where it touches the side;
    ``path``: that point's route (the wheel's arc as chords). ``align``: the
    degrees the Align Move after contact turns it to stand flush (free)."""

    straight_ahead: bool
    forward: float
    turn: float
    wheel: float
    wheel_first: bool
    start: Pt
    end: Pt
    path: tuple[Pt, ...]
    align: float

    @property
    def total(self) -> float:
        return self.forward + self.wheel


def _sweep(p0: Pt, p1: Pt, u: Pt, s0: Pt, s1: Pt, touch: float = TOUCH) -> float | None:
    """How far the segment ``p0``-``p1`` moves along the unit vector ``u`` before
    it first touches the segment ``s0``-``s1`` (0: it touches or crosses it
    now), exactly; None when moving that way it never does. The moved segment
    meets the other when ``t u`` lies in their Minkowski difference (the hull of
    ``s - p`` over both ends); the ray meets that hull on the line across ``u``
    through the origin, where the hull's pairs of points cross it."""
    ux, uy = u
    pts = []
    for s in (s0, s1):
        for p in (p0, p1):
            dx, dy = s[0] - p[0], s[1] - p[1]
            pts.append((dx * uy - dy * ux, dx * ux + dy * uy))  # (across, along)
    xs = [x for x, _ in pts]
    lo, hi = min(xs), max(xs)
    if lo > touch or hi < -touch:
        return None  # no overlap across the move: it passes beside
    x0 = min(max(0.0, lo), hi)
    along = []
    for i, (xa, ya) in enumerate(pts):
        if abs(xa - x0) <= 1e-12:
            along.append(ya)
        for xb, yb in pts[i + 1 :]:
            if (xa - x0) * (xb - x0) < 0:
                along.append(ya + (yb - ya) * (x0 - xa) / (xb - xa))
    if not along:  # touching within TOUCH: the nearest points across
        along = [y for x, y in pts if abs(x - x0) <= touch] or [pts[0][1]]
    if max(along) < -touch:
        return None  # behind it
    return max(0.0, min(along))


def _rotate(p: Pt, c: Pt, a: float) -> Pt:
    cs, sn = math.cos(a), math.sin(a)
    dx, dy = p[0] - c[0], p[1] - c[1]
    return (c[0] + dx * cs - dy * sn, c[1] + dx * sn + dy * cs)


def _wheeled(front: tuple[Pt, Pt], a: float) -> tuple[Pt, tuple[Pt, Pt]]:
    """The pivot and the front after a wheel of ``a`` radians: to the left
    (counter-clockwise) about the left front corner, to the right about the
    right one (the outer corner travels)."""
    left, right = front
    pivot = left if a > 0 else right
    return pivot, (_rotate(left, pivot, a), _rotate(right, pivot, a))


def _contact(m0: Pt, m1: Pt, s0: Pt, s1: Pt) -> Pt:
    """Where the moved front ``m0``-``m1`` touches the side: the middle of their
    overlap when they lie along each other, else the point of the side nearest."""
    sx, sy = s1[0] - s0[0], s1[1] - s0[1]
    mx, my = m1[0] - m0[0], m1[1] - m0[1]
    ls, lm = math.hypot(sx, sy), math.hypot(mx, my)
    if ls > 0 and lm > 0 and abs(sx * my - sy * mx) <= 1e-9 * ls * lm:
        ts = sorted(((m[0] - s0[0]) * sx + (m[1] - s0[1]) * sy) / (ls * ls) for m in (m0, m1))
        a, b = max(0.0, ts[0]), min(1.0, ts[1])
        t = (a + b) / 2 if a <= b else min(1.0, max(0.0, ts[0]))
        return (s0[0] + t * sx, s0[1] + t * sy)
    line = shapely.shortest_line(LineString([m0, m1]), LineString([s0, s1]))
    (_, _), (x, y) = line.coords
    return (x, y)


def _angle(fx: float, fy: float, nx: float, ny: float) -> float:
    """Signed radians from direction f to direction n (counter-clockwise > 0)."""
    return math.atan2(fx * ny - fy * nx, fx * nx + fy * ny)


def charge_path(charger: Outline, side: Segment, target: Outline) -> ChargePath | None:
    """The charge's path that brings the front of a rectangular ``charger``
    into contact with ``side`` of ``target``, not facing away from it (along it,
    its front meets the side's end); None when none does (docs/t9a.md, Charge
    reach): straight ahead when its front moved straight forward meets the side
    (the distance to first contact, no wheel), else ``wheeled_path``."""
    n = _into(side, target)
    front = facing_side(charger, FRONT)
    f = facing_direction(charger)
    if f[0] * n[0] + f[1] * n[1] >= -1e-9:  # along it (its front meets the side's end) or into it
        t = _sweep(front[0], front[1], f, *side)
        if t is not None:
            return _path(charger, front, side, n, 0.0, True, t)
    return wheeled_path(charger, side, target)


def _into(side: Segment, target: Outline) -> Pt:
    """The unit vector across ``side`` into ``target``."""
    s0, s1 = side
    mx, my = (s0[0] + s1[0]) / 2, (s0[1] + s1[1]) / 2
    nx, ny = target.cx - mx, target.cy - my
    n = math.hypot(nx, ny) or 1.0
    return (nx / n, ny / n)


def wheeled_path(charger: Outline, side: Segment, target: Outline) -> ChargePath | None:
    """The shortest forward move with one wheel, before it or after it
    (contact may come as the wheel ends), that brings the front of a
    rectangular ``charger`` into contact with ``side``, not facing away from it;
    None when none does. Every WHEEL_STEP degrees either way up to a half turn
    is tried, the wheel costing the frontage times its angle, the forward part
    exact (``_sweeps``, all of them at once), and the best refined to REFINE_TO
    radians."""
    s0, s1 = side
    nx, ny = _into(side, target)
    front = facing_side(charger, FRONT)
    f = facing_direction(charger)
    best = (math.inf, 0.0, True)
    step = math.radians(WHEEL_STEP)
    grid = _GRID
    for first in (True, False):
        costs = _grid_costs(charger, front, side, (nx, ny), grid, first)
        k = int(np.argmin(costs))
        if costs[k] < best[0]:
            best = (float(costs[k]), float(grid[k]), first)
    if not math.isfinite(best[0]):
        return None
    first = best[2]
    a = _refine(lambda xs: _grid_costs(charger, front, side, (nx, ny), xs, first), best[1], step)
    u = (-math.sin(charger.angle + a), math.cos(charger.angle + a))
    _, (w0, w1) = _wheeled(front, a)
    # Found within SEEK_TOUCH over arrays; measured again within TOUCH, so that
    # the last bit of rounding cannot lose it.
    t = _sweep(w0, w1, u if first else f, s0, s1)
    assert t is not None
    return _path(charger, front, side, (nx, ny), a, first, t)


#: The wheels tried (radians): every WHEEL_STEP degrees either way, none left out.
_GRID = np.array([k for k in range(-720, 721) if k]) * math.radians(WHEEL_STEP)  # 180 / 0.25


def _grid_costs(
    charger: Outline, front: tuple[Pt, Pt], side: Segment, n: Pt, angles: np.ndarray, first: bool
) -> np.ndarray:
    """``wheeled_path``'s cost of each wheel of ``angles`` (radians) at once:
    the frontage times the angle, plus ``_sweeps`` forward (inf: no contact, or
    it would face away from the side)."""
    (lx, ly), (rx, ry) = front
    left = angles > 0
    px, py = np.where(left, lx, rx), np.where(left, ly, ry)  # the pivot
    cs, sn = np.cos(angles), np.sin(angles)
    ends = []
    for x, y in front:
        dx, dy = x - px, y - py
        ends.append((px + dx * cs - dy * sn, py + dx * sn + dy * cs))
    heading = charger.angle + angles
    ux, uy = -np.sin(heading), np.cos(heading)
    if not first:
        f = facing_direction(charger)
        mx, my = np.full_like(ux, f[0]), np.full_like(uy, f[1])
    else:
        mx, my = ux, uy
    t = _sweeps(ends[0], ends[1], (mx, my), side, SEEK_TOUCH)
    cost = 2 * charger.half_w * np.abs(angles) + t
    cost[ux * n[0] + uy * n[1] < -1e-9] = np.inf  # it would face away from the side
    return cost


def _sweeps(
    p0: tuple[np.ndarray, np.ndarray],
    p1: tuple[np.ndarray, np.ndarray],
    u: tuple[np.ndarray, np.ndarray],
    side: Segment,
    touch: float,
) -> np.ndarray:
    """``_sweep`` of many segments at once (inf where it never touches), by
    the same steps over arrays."""
    ux, uy = u
    xs, ys = [], []
    for s in side:
        for p in (p0, p1):
            dx, dy = s[0] - p[0], s[1] - p[1]
            xs.append(dx * uy - dy * ux)
            ys.append(dx * ux + dy * uy)
    x, y = np.stack(xs), np.stack(ys)  # (4, N): across, along
    lo, hi = x.min(axis=0), x.max(axis=0)
    x0 = np.minimum(np.maximum(0.0, lo), hi)
    low = np.full_like(lo, np.inf)
    high = np.full_like(lo, -np.inf)
    for i in range(4):
        on = np.abs(x[i] - x0) <= 1e-12
        low = np.where(on, np.minimum(low, y[i]), low)
        high = np.where(on, np.maximum(high, y[i]), high)
        for k in range(i + 1, 4):
            across = (x[i] - x0) * (x[k] - x0) < 0
            with np.errstate(divide="ignore", invalid="ignore"):
                at = y[i] + (y[k] - y[i]) * (x0 - x[i]) / (x[k] - x[i])
            low = np.where(across, np.minimum(low, at), low)
            high = np.where(across, np.maximum(high, at), high)
    none = ~np.isfinite(low)  # touching within ``touch``: the nearest points across
    if none.any():
        near = np.abs(x - x0) <= touch
        low = np.where(none, np.where(near, y, np.inf).min(axis=0), low)
        high = np.where(none, np.where(near, y, -np.inf).max(axis=0), high)
    t = np.maximum(0.0, low)
    t[(lo > touch) | (hi < -touch) | (high < -touch) | ~np.isfinite(low)] = np.inf
    return t


def _refine(cost: Callable[[np.ndarray], np.ndarray], a: float, step: float) -> float:
    """The least of ``cost`` (of many wheels at once) near ``a``, a grid's best
    ``step`` apart: the bracket round the best narrowed fiftyfold until REFINE_TO
    (a best against the edge of where contact is made is approached from where
    it is); wheels the other way than ``a``, or none, are not tried."""
    best = (float(cost(np.array([a]))[0]), a)
    lo, hi = a - step, a + step
    while hi - lo > REFINE_TO:
        xs = lo + (hi - lo) * np.arange(101) / 100
        xs = xs[(xs > 0) if a > 0 else (xs < 0)]
        if xs.size:
            costs = cost(xs)
            k = int(np.argmin(costs))
            if costs[k] < best[0]:
                best = (float(costs[k]), float(xs[k]))
        width = (hi - lo) / 100
        lo, hi = best[1] - width, best[1] + width
    return best[1]


def _path(
    charger: Outline, front: tuple[Pt, Pt], side: Segment, n: Pt, a: float, first: bool, t: float
) -> ChargePath:
    """The path of a wheel of ``a`` radians (0: none) and ``t`` inches forward,
    the wheel first or not: where its front touches ``side``, and the route
    of the point that does."""
    f = facing_direction(charger)
    u = (-math.sin(charger.angle + a), math.cos(charger.angle + a))
    pivot, (w0, w1) = _wheeled(front, a) if a else (front[0], front)
    move = u if first else f
    end = _contact(
        (w0[0] + t * move[0], w0[1] + t * move[1]), (w1[0] + t * move[0], w1[1] + t * move[1]),
        *side,
    )  # fmt: skip
    on_front = (end[0] - t * move[0], end[1] - t * move[1])  # after the wheel
    start = _rotate(on_front, pivot, -a) if a else on_front
    chords = max(1, math.ceil(math.degrees(abs(a)) / ARC_CHORD))
    if first:
        arc = [_rotate(start, pivot, a * i / chords) for i in range(chords + 1)] if a else [start]
        route = [*arc, end]
    else:
        ahead = (start[0] + t * f[0], start[1] + t * f[1])
        centre = (pivot[0] + t * f[0], pivot[1] + t * f[1])
        arc = [_rotate(ahead, centre, a * i / chords) for i in range(1, chords + 1)] if a else []
        route = [start, ahead, *arc[:-1], end]
    path: list[Pt] = []
    for p in route:
        if not path or math.hypot(p[0] - path[-1][0], p[1] - path[-1][1]) > 1e-6:
            path.append(p)
    if len(path) == 1:
        path.append(end)
    align = math.degrees(_angle(u[0], u[1], n[0], n[1]))
    return ChargePath(
        a == 0.0, t, math.degrees(a), 2 * charger.half_w * abs(a), first or a == 0.0,
        start, end, tuple(path), align,
    )  # fmt: skip
