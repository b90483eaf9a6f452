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

import numpy as np
import shapely
from shapely.geometry import box
from shapely.geometry.base import BaseGeometry

from tabletop_gui.geometry.outline import unit_outline
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.board import InchBoard
from tabletop_gui.model.names import possessive
from tabletop_gui.model.scene import Scene

#: Space kept between imported units and anything else on the board (inches):
#: more than the 1 in of Unit Spacing, within which 1.00 in is (docs/t9a.md), by
#: as much as a two-decimal ruler shows.
GAP = 1.05
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
    taken = Taken()
    for u in scene.units.values():
        if u.on_table:
            taken.add(
                shapely.Polygon(unit_outline(u).polygon()).buffer(gap - 1e-6, join_style="mitre")
            )
    forward = 1.0 if facing == 0.0 else -1.0
    own_half = box(0, 0, w, h / 2) if forward > 0 else box(0, h / 2, w, h)
    fallbacks = [own_half.difference(area), box(0, 0, w, h)]
    regions = [Region(area), *(Region(f) for f in fallbacks)]
    order = sorted(range(len(sizes)), key=lambda i: -(sizes[i][0] * sizes[i][1]))
    spots: dict[int, Spot] = {}
    for i in order:
        fw, fd = sizes[i]
        found = None
        for region in regions:
            found = region.free_spot(fw, fd, taken, forward)
            if found is not None:
                spots[i] = Spot(found[0], found[1], facing, region is regions[0])
                break
        if found is None:  # the board is full: on the area's centre, flagged as outside
            c = area.centroid  # (moved in so its whole footprint stays on the table)
            x = min(max(c.x, fw / 2), w - fw / 2) if fw <= w else w / 2
            y = min(max(c.y, fd / 2), h - fd / 2) if fd <= h else h / 2
            spots[i] = Spot(x, y, facing, False)
            found = (x, y)
        x, y = found
        footprint = box(x - fw / 2, y - fd / 2, x + fw / 2, y + fd / 2)
        taken.add(footprint.buffer(gap - 1e-6, join_style="mitre"))
    return Placement(tuple(spots[i] for i in range(len(sizes))), what)


class Taken:
    """What a new footprint may not touch. Upright rectangles (every imported
    footprint, and most units already there) are kept as numbers, so which
    candidate spots they block is worked out by index arithmetic, and only for
    the rectangles added since a grid of spots was last asked; any other outline
    (a turned or round base) is tested by shapely. Both answer exactly what
    ``shapely.intersects`` answers for each spot."""

    def __init__(self) -> None:
        self._rects = np.empty((64, 4))
        self.count = 0  # rectangles in _rects
        self.others: list[BaseGeometry] = []
        self._others_union: BaseGeometry | None = None

    def add(self, geom: BaseGeometry) -> None:
        x0, y0, x1, y1 = (float(v) for v in shapely.bounds(geom))
        corners = shapely.get_coordinates(geom)
        upright = (
            shapely.get_num_interior_rings(geom) == 0
            and bool(np.all((corners[:, 0] == x0) | (corners[:, 0] == x1)))
            and bool(np.all((corners[:, 1] == y0) | (corners[:, 1] == y1)))
        )
        if not upright:
            self.others.append(geom)
            self._others_union = None
            return
        if self.count == len(self._rects):
            self._rects = np.concatenate([self._rects, np.empty_like(self._rects)])
        self._rects[self.count] = (x0, y0, x1, y1)
        self.count += 1

    def geometries(self) -> list[BaseGeometry]:
        return [box(*r) for r in self._rects[: self.count]] + self.others

    def paint(self, grid: _Grid) -> None:
        """Mark in ``grid.blocked`` the spots whose box touches a rectangle added
        since the grid was last painted. A rectangle touches the columns whose
        left edge is at most its right and whose right edge is at least its left
        (closed, as shapely's intersects): a run of columns found by bisection,
        and so a run of rows."""
        new = self._rects[grid.painted : self.count]
        grid.painted = self.count
        if not len(new):
            return
        k0 = np.searchsorted(grid.right, new[:, 0], "left")
        k1 = np.searchsorted(grid.left, new[:, 2], "right")
        j0 = np.searchsorted(grid.top, new[:, 1], "left")
        j1 = np.searchsorted(grid.bottom, new[:, 3], "right")
        hit = np.flatnonzero((k0 < k1) & (j0 < j1))
        if len(hit) <= 8:  # the usual case: the unit placed last
            for i in hit:
                grid.blocked[j0[i] : j1[i], k0[i] : k1[i]] = True
            return
        ny, nx = grid.blocked.shape  # many: painted by their corners, then summed
        corners = np.concatenate(
            [
                j0[hit] * (nx + 1) + k0[hit],
                j0[hit] * (nx + 1) + k1[hit],
                j1[hit] * (nx + 1) + k0[hit],
                j1[hit] * (nx + 1) + k1[hit],
            ]
        )
        signs = np.repeat([1.0, -1.0, -1.0, 1.0], len(hit))
        marks = np.bincount(corners, signs, (ny + 1) * (nx + 1)).reshape(ny + 1, nx + 1)
        grid.blocked |= marks.cumsum(0).cumsum(1)[:ny, :nx] > 0.5  # fmt: skip

    def touch_others(self, boxes: np.ndarray) -> np.ndarray:
        if not self.others:
            return np.zeros(len(boxes), bool)
        if self._others_union is None:
            self._others_union = shapely.union_all(self.others)
            shapely.prepare(self._others_union)
        return shapely.intersects(self._others_union, boxes)


class Region:
    """An area to place in, with the candidate spots of each footprint size in the
    order they are preferred (worked out once per size)."""

    def __init__(self, geom: BaseGeometry) -> None:
        self.geom = geom
        if not geom.is_empty:
            shapely.prepare(geom)
        self._grids: dict[tuple[float, float, float], _Grid | None] = {}

    def free_spot(
        self, fw: float, fd: float, taken: Taken, forward: float
    ) -> tuple[float, float] | None:
        """The free centre for an fw x fd box inside the region nearest its
        front, then its middle; None when there is none."""
        key = (fw, fd, forward)
        if key not in self._grids:
            self._grids[key] = _grid(self.geom, fw, fd, forward)
        grid = self._grids[key]
        if grid is None:
            return None
        taken.paint(grid)
        candidates = grid.order[~grid.blocked.ravel()[grid.order]]
        for start in range(0, len(candidates), _CHUNK):
            idx = candidates[start : start + _CHUNK]
            boxes = shapely.box(grid.cx[idx] - fw / 2, grid.cy[idx] - fd / 2,
                                grid.cx[idx] + fw / 2, grid.cy[idx] + fd / 2)  # fmt: skip
            ok = shapely.covers(self.geom, boxes) & ~taken.touch_others(boxes)
            hits = np.flatnonzero(ok)
            if hits.size:
                j = idx[hits[0]]
                return float(grid.cx[j]), float(grid.cy[j])
        return None


@dataclass
class _Grid:
    cx: np.ndarray  # centres, row after row
    cy: np.ndarray
    order: np.ndarray  # indices into cx, cy, most preferred first
    left: np.ndarray  # the boxes' edges: per column
    right: np.ndarray
    bottom: np.ndarray  # per row
    top: np.ndarray
    #: (rows, columns): spots whose box touches one of the first ``painted``
    #: rectangles of the Taken (rectangles are only ever added).
    blocked: np.ndarray
    painted: int = 0


def _grid(region: BaseGeometry, fw: float, fd: float, forward: float) -> _Grid | None:
    """The candidate centres for an fw x fd box in ``region``: every STEP, the
    front first (the edge towards the enemy), then the middle."""
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
    blocked = np.zeros((len(ys), len(xs)), bool)
    return _Grid(cx, cy, order, xs - fw / 2, xs + fw / 2, ys - fd / 2, ys + fd / 2, blocked)


def _steps(lo: float, hi: float) -> np.ndarray:
    """Centres from lo to hi every STEP, hi included (a footprint flush with the far edge)."""
    if hi < lo:
        return np.array([(lo + hi) / 2])
    n = int(np.floor((hi - lo) / STEP + 1e-9))
    out = lo + STEP * np.arange(n + 1)
    if hi - out[-1] > 1e-9:
        out = np.append(out, hi)
    return out
