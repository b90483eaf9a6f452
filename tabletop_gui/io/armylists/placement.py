"""Lay imported units out on the board: inside the side's Deployment Zone(s), or
in a 12 in band along its long table edge when it has none; largest first, never
overlapping each other or anything already on the board, kept ``gap`` apart.

Each unit takes the free spot nearest the front of the area (the edge towards
the enemy), then nearest the middle, so a list forms a battle line from the
centre outwards and further lines behind it. Units that find no room inside the
area go beside it (on the side's own half, outside the zone, then anywhere on
the board) and are named in ``Placement.outside``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import box
from shapely.geometry.base import BaseGeometry

from tabletop_gui.geometry.outline import unit_outline
from tabletop_gui.model.board import InchBoard
from tabletop_gui.model.names import possessive
from tabletop_gui.model.scene import Scene

#: Space kept between imported units and anything else on the board (inches).
GAP = 1.0
#: Grid of candidate centres (inches).
STEP = 0.5
#: Depth of the band along the table edge when a side has no Deployment Zone.
EDGE_BAND = 12.0
_CHUNK = 512


@dataclass(frozen=True, slots=True)
class Spot:
    x: float
    y: float
    facing: float
    inside: bool


@dataclass(frozen=True, slots=True)
class Placement:
    #: One spot per size given, in the order given.
    spots: tuple[Spot, ...]
    #: What the area was, for messages: "Player A's Deployment Zone".
    area: str

    @property
    def outside(self) -> list[int]:
        return [i for i, s in enumerate(self.spots) if not s.inside]


def side_area(scene: Scene, side: str) -> tuple[BaseGeometry, str, float]:
    """The area to deploy in, its description and the facing (degrees) of its units."""
    board = scene.board
    if not isinstance(board, InchBoard):
        raise ValueError("army lists are placed on an inch board (The Ninth Age), not a hex grid")
    w, h = board.width, board.height
    zones = scene.zones_of(side)
    name = scene.side(side).name
    area: BaseGeometry
    if zones:
        area = shapely.union_all([shapely.Polygon(z.polygon) for z in zones]).buffer(0)
        area = area.intersection(box(0, 0, w, h))
        what = f"{possessive(name)} Deployment Zone"
    else:
        index = scene.side_ids.index(side)
        if index == 1:
            area, what = (
                box(0, h - min(EDGE_BAND, h), w, h),
                f"{possessive(name)} table edge (y = {h:g})",
            )
        else:
            area, what = box(0, 0, w, min(EDGE_BAND, h)), f"{possessive(name)} table edge (y = 0)"
    cy = area.centroid.y if not area.is_empty else 0.0
    facing = 0.0 if cy <= h / 2 else 180.0
    return area, what, facing


def place(
    scene: Scene, side: str, sizes: Sequence[tuple[float, float]], gap: float = GAP
) -> Placement:
    """Spots for footprints ``sizes`` (frontage, depth in inches, facing the enemy).
    Larger footprints are placed first; the answer keeps the order given."""
    area, what, facing = side_area(scene, side)
    board = scene.board
    assert isinstance(board, InchBoard)
    w, h = board.width, board.height
    taken: list[BaseGeometry] = [
        shapely.Polygon(unit_outline(u).polygon()).buffer(gap - 1e-6, join_style="mitre")
        for u in scene.units.values()
        if u.on_table
    ]
    forward = 1.0 if facing == 0.0 else -1.0
    own_half = box(0, 0, w, h / 2) if forward > 0 else box(0, h / 2, w, h)
    fallbacks = [own_half.difference(area), box(0, 0, w, h)]
    order = sorted(range(len(sizes)), key=lambda i: -(sizes[i][0] * sizes[i][1]))
    spots: dict[int, Spot] = {}
    for i in order:
        fw, fd = sizes[i]
        found = None
        for region, inside in ((area, True), *((f, False) for f in fallbacks)):
            found = _free_spot(region, fw, fd, taken, forward)
            if found is not None:
                spots[i] = Spot(found[0], found[1], facing, inside)
                break
        if found is None:  # the board is full: on the area's centre, flagged as outside
            c = area.centroid
            spots[i] = Spot(c.x, c.y, facing, False)
            found = (c.x, c.y)
        x, y = found
        footprint = box(x - fw / 2, y - fd / 2, x + fw / 2, y + fd / 2)
        taken.append(footprint.buffer(gap - 1e-6, join_style="mitre"))
    return Placement(tuple(spots[i] for i in range(len(sizes))), what)


def _free_spot(
    region: BaseGeometry, fw: float, fd: float, taken: list[BaseGeometry], forward: float
) -> tuple[float, float] | None:
    """The free centre for an fw x fd box inside ``region`` nearest its front, then
    its middle; None when there is none."""
    if region.is_empty:
        return None
    x0, y0, x1, y1 = region.bounds
    if x1 - x0 < fw - 1e-9 or y1 - y0 < fd - 1e-9:
        return None
    xs = _steps(x0 + fw / 2, x1 - fw / 2)
    ys = _steps(y0 + fd / 2, y1 - fd / 2)
    gx, gy = np.meshgrid(xs, ys)
    cx, cy = gx.ravel(), gy.ravel()
    front = y1 if forward > 0 else y0
    exact = np.abs(front - (cy + forward * fd / 2))
    behind = np.floor(exact / STEP + 1e-9)
    middle = np.abs(cx - (x0 + x1) / 2)
    order = np.lexsort((exact, middle, behind))
    shapely.prepare(region)
    blocked = shapely.union_all(taken) if taken else None
    if blocked is not None:
        shapely.prepare(blocked)
    for start in range(0, len(order), _CHUNK):
        idx = order[start : start + _CHUNK]
        boxes = shapely.box(cx[idx] - fw / 2, cy[idx] - fd / 2, cx[idx] + fw / 2, cy[idx] + fd / 2)
        ok = shapely.covers(region, boxes)
        if blocked is not None:
            ok &= ~shapely.intersects(blocked, boxes)
        hits = np.flatnonzero(ok)
        if hits.size:
            j = idx[hits[0]]
            return float(cx[j]), float(cy[j])
    return None


def _steps(lo: float, hi: float) -> np.ndarray:
    """Centres from lo to hi every STEP, hi included (a footprint flush with the far edge)."""
    if hi < lo:
        return np.array([(lo + hi) / 2])
    n = int(np.floor((hi - lo) / STEP + 1e-9))
    out = lo + STEP * np.arange(n + 1)
    if hi - out[-1] > 1e-9:
        out = np.append(out, hi)
    return out
