"""The label placer: what a label may cover, the boxes labels are measured as,
and the spots tried around a unit, inside a polygon or by an overlay. Shared by
the board's label placement (``labels``), a hex board's (``hex_labels``) and the
disputed-range report."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QPainterPath, QPolygonF

from tabletop_gui.app import style
from tabletop_gui.app.canvas.drawing import Box, rect_coords
from tabletop_gui.app.canvas.items import (
    MAX_LABEL_SCALE,
    NAME_IN,
    NOTE_IN,
    UnitItem,
    _note,
    note_below,
    readable,
)
from tabletop_gui.app.canvas.overlays import OverlayItem

if TYPE_CHECKING:
    from tabletop_gui.app.canvas.board_scene import BoardScene

#: Gap between a footprint and a name moved beside it, inches.
GAP = 0.15
#: Room kept free around every label (times the text scale), inches.
SPACE = 0.06
#: The pad ``draw_label`` paints around a text with a background (x, y), inches.
BG_PAD = (0.08, 0.04)
CELL = 3.0  # inches: the grid that finds what a label could cover
#: When no spot is clear, the spots are compared for what they cover (a label's
#: overlap with another label counting LABEL_WEIGHT times its overlap with a
#: piece): all of them, or on a board of more than CROWDED units only the first
#: FALLBACK_SPOTS (comparing all would take 70 ms at 300 units).
LABEL_WEIGHT = 4.0
#: A line's reading (a pinned ruler's, the charge's) over another reading counts
#: this many times its area: both would hide the figures a referee reads.
READING_WEIGHT = 16.0
CROWDED = 100
FALLBACK_SPOTS = 5


class Grid:
    """Rectangles bucketed by CELL-inch cells (only near ones are compared), kept
    as plain coordinates: a crowded board makes tens of thousands of tests."""

    #: A rectangle over more cells than this is kept in one list checked whole.
    MAX_CELLS = 64

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], list[tuple[object, Box]]] = {}
        self.big: list[tuple[object, Box]] = []

    @staticmethod
    def _span(b: Box) -> tuple[range, range]:
        return (
            range(int(b[0] // CELL), int(b[2] // CELL) + 1),
            range(int(b[1] // CELL), int(b[3] // CELL) + 1),
        )

    def add(self, owner: object, r: QRectF) -> None:
        b = rect_coords(r)
        cols, rows = self._span(b)
        if len(cols) * len(rows) > self.MAX_CELLS:
            self.big.append((owner, b))
            return
        for i in cols:
            for j in rows:
                self.cells.setdefault((i, j), []).append((owner, b))

    def _near(self, b: Box) -> list[Sequence[tuple[object, Box]]]:
        cols, rows = self._span(b)
        if len(cols) * len(rows) > self.MAX_CELLS:
            return [self.big, *self.cells.values()]
        get = self.cells.get
        return [self.big, *(get((i, j), ()) for i in cols for j in rows)]

    def clear_of(self, r: QRectF, own: object = None) -> bool:
        left, top, right, bottom = b = rect_coords(r)
        for group in self._near(b):
            for owner, (ol, ot, orr, ob) in group:
                if owner is not own and ol < right and left < orr and ot < bottom and top < ob:
                    return False
        return True

    def nearer(
        self, r: QRectF, own: object, mine: QRectF, eps: float = 1e-6, ratio: float = 0.5
    ) -> bool:
        """Whether a rectangle not ``own``'s lies nearer ``r`` than ``mine`` (its
        own): its edge nearer ``r``'s edge, or as near and nearer ``r``'s centre
        (a wide name beside its unit is still its own; one over a corner of two
        units reads as the one at its middle), or less than half as far from
        ``r``'s centre: a wide name and note set off along a battle line, one
        corner by the corner of its own unit, its middle under the neighbour,
        reads as the neighbour's (a name beside the middle of its unit, a
        neighbour's corner a little nearer its centre, is still its own). And,
        nearer ``r``'s centre, a rectangle above, below or beside ``r`` where
        its own is off a corner of ``r`` (above, below or beside no part of
        it), or one above, below or beside the middle half of ``r`` where its
        own is off a corner of that middle: a name off the corner of its unit,
        right under the next unit, read as that unit's (``_faces``). ``ratio``
        1: any rectangle nearer ``r``'s centre at all (a note that must read as
        one unit's among two close ones)."""
        left, top, right, bottom = rect_coords(r)
        cx, cy = (left + right) / 2, (top + bottom) / 2
        b = rect_coords(mine)
        d, c = _gap(left, top, right, bottom, b), _gap(cx, cy, cx, cy, b)
        qw, qh = (right - left) / 4, (bottom - top) / 4
        middle = (left + qw, top + qh, right - qw, bottom - qh)
        corner = not _faces(left, top, right, bottom, b)
        off_middle = not _faces(*middle, b)
        # Where a nearer rectangle can be: within ``d`` of the box (its edge),
        # or within ``c * ratio`` of its centre (``c`` off a corner).
        e, m = d + eps, (c if off_middle else c * ratio) + eps
        area = (min(left - e, cx - m), min(top - e, cy - m),
                max(right + e, cx + m), max(bottom + e, cy + m))  # fmt: skip
        for group in self._near(area):
            for owner, b in group:
                if owner is own:
                    continue
                g, gc = _gap(left, top, right, bottom, b), _gap(cx, cy, cx, cy, b)
                if g < d - eps or gc < c * ratio - eps or (g <= d + eps and gc < c):
                    return True
                if (
                    off_middle
                    and gc < c - eps
                    and (_faces(*middle, b) or (corner and _faces(left, top, right, bottom, b)))
                ):
                    return True
        return False

    def overlap(self, r: QRectF, own: object = None, limit: float = float("inf")) -> float:
        """The area of ``r`` the rectangles cover (each counted once), counted up
        to ``limit`` at most."""
        left, top, right, bottom = b = rect_coords(r)
        seen: set[int] = set()
        total = 0.0
        for group in self._near(b):
            for owner, other in group:
                if owner is own:
                    continue
                w = min(right, other[2]) - max(left, other[0])
                if w <= 0:
                    continue
                h = min(bottom, other[3]) - max(top, other[1])
                if h <= 0 or id(other) in seen:
                    continue
                seen.add(id(other))
                total += w * h
                if total >= limit:
                    return total
        return total


def _faces(left: float, top: float, right: float, bottom: float, b: Box) -> bool:
    """Whether ``b`` lies above, below or beside the rectangle (``left``, ``top``,
    ``right``, ``bottom``): their spans across or down overlap."""
    return (b[0] < right and left < b[2]) or (b[1] < bottom and top < b[3])


def _gap(left: float, top: float, right: float, bottom: float, b: Box) -> float:
    """The distance between the rectangle (``left``, ``top``, ``right``, ``bottom``)
    and ``b`` (0 where they touch or overlap)."""
    dx = max(b[0] - right, 0.0, left - b[2])
    dy = max(b[1] - bottom, 0.0, top - b[3])
    return math.hypot(dx, dy)


@lru_cache(maxsize=128)
def _metrics(px: int, bold: bool, italic: bool) -> QFontMetricsF:
    font = QFont("DejaVu Sans")  # as drawing.draw_label
    font.setPixelSize(px)
    font.setBold(bold)
    font.setItalic(italic)
    return QFontMetricsF(font)


def drawn_size(
    text: str, size_in: float, bold: bool = False, italic: bool = False
) -> tuple[float, float]:
    """Width and height in inches of ``text`` as ``draw_label`` draws it ``size_in`` tall."""
    fm = _metrics(max(1, round(size_in * style.TEXT_SCALE)), bold, italic)
    return fm.horizontalAdvance(text) / style.TEXT_SCALE, fm.height() / style.TEXT_SCALE


def _box(c: QPointF, w: float, h: float, background: bool, space: float) -> QRectF:
    px, py = BG_PAD if background else (0.0, 0.0)
    px, py = px + space, py + space
    return QRectF(c.x() - w / 2 - px, c.y() - h / 2 - py, w + 2 * px, h + 2 * py)


def name_parts(p: Placer, u: UnitItem) -> list[QRectF]:
    """The boxes of a unit's name and, under it, its note (if any), about the
    name's spot (0, 0): what a unit's label covers wherever it is placed."""
    tw, th = drawn_size(u.unit.name, p.size(NAME_IN * u.ts))
    space = SPACE * u.ts
    parts = [_box(QPointF(0, 0), tw, th, True, space)]
    note = _note(u.marks)
    if note:
        nw, nh = drawn_size(note, p.size(NOTE_IN * u.ts), italic=True)
        parts.append(_box(QPointF(0, note_below(th, nh)), nw, nh, True, space))
    return parts


def _inside(r: QRectF, board: QRectF) -> QRectF:
    """``r`` shifted sideways into the board's width (a label at an edge)."""
    dx = max(0.0, board.left() - r.left()) - max(0.0, r.right() - board.right())
    return r.translated(dx, 0) if dx else r


class Placer:
    """One placement pass: what is on the board and the labels placed so far."""

    def __init__(self, scene: BoardScene, crowded: bool = False) -> None:
        self.ppi = float(getattr(scene, "label_ppi", 0.0) or 0.0)
        self.fallback = FALLBACK_SPOTS if crowded else None
        self.bodies = Grid()
        #: The units' footprints alone: a unit's name is kept nearer its own
        #: than any other (``labels._own_spots``).
        self.units = Grid()
        self.labels = Grid()
        #: The readings of the lines drawn over the board (pinned rulers, the
        #: charge's reach), placed after the labels (``labels.place_readings``).
        self.readings = Grid()

    def size(self, size_in: float) -> float:
        """How tall a ``size_in`` label is drawn (see the module's docstring)."""
        if self.ppi > 0:
            return readable(size_in, self.ppi)
        return size_in * MAX_LABEL_SCALE

    def free(self, r: QRectF, own: object) -> bool:
        return (
            self.bodies.clear_of(r, own)
            and self.labels.clear_of(r, own)
            and self.readings.clear_of(r, own)
        )

    def clear_of_labels(self, r: QRectF, own: object) -> bool:
        """Whether ``r`` covers no label or reading (it may cover a piece)."""
        return self.labels.clear_of(r, own) and self.readings.clear_of(r, own)

    def cost(
        self, boxes: list[QRectF], own: object, limit: float, piece_weight: float = 1.0
    ) -> float:
        """What ``boxes`` cover (labels weighted, pieces ``piece_weight`` times),
        counted up to ``limit``."""
        total = 0.0
        for b in boxes:
            total += READING_WEIGHT * self.readings.overlap(b, own, limit / READING_WEIGHT)
            if total < limit:
                total += LABEL_WEIGHT * self.labels.overlap(b, own, (limit - total) / LABEL_WEIGHT)
            if total < limit:
                total += piece_weight * self.bodies.overlap(b, own, (limit - total) / piece_weight)
            if total >= limit:
                break
        return total

    def best(self, own: object, candidates: list[list[QRectF]], piece_weight: float = 1.0) -> int:
        """The first candidate (one or more boxes) clear of everything, else the
        one covering least (``cost``)."""
        if not candidates:
            return 0
        best = next(
            (i for i, boxes in enumerate(candidates) if all(self.free(b, own) for b in boxes)),
            None,
        )
        if best is None:
            best, best_cost = 0, float("inf")
            for i, boxes in enumerate(candidates[: self.fallback]):
                c = self.cost(boxes, own, best_cost, piece_weight)
                if c < best_cost:
                    best, best_cost = i, c
        return best

    def choose(
        self,
        own: object,
        candidates: list[list[QRectF]],
        drop: bool = False,
        piece_weight: float = 1.0,
    ) -> int:
        """``best``, and its boxes are added to the placed labels. With ``drop``,
        -1 (nothing added) when no candidate is clear."""
        if drop and not any(all(self.free(b, own) for b in boxes) for boxes in candidates):
            return -1
        best = self.best(own, candidates, piece_weight)
        for b in candidates[best] if candidates else ():
            self.labels.add(own, b)
        return best


#: A name is written on its unit only when it fits inside the base and covers at
#: most this share of the base's area (the base and its front edge stay visible);
#: a smaller base gets its name beside it.
ON_UNIT_SHARE = 0.5


def fits_on(footprint: QPainterPath, block: QRectF) -> bool:
    """Whether ``block`` (a name and its note, centred on the base) lies inside the
    base ``footprint`` and leaves most of it uncovered (ON_UNIT_SHARE)."""
    poly = footprint.toFillPolygon()
    n = poly.count()
    pts = [poly.at(i) for i in range(n)]
    area = 0.5 * abs(
        sum(pts[i].x() * pts[(i + 1) % n].y() - pts[(i + 1) % n].x() * pts[i].y() for i in range(n))
    )
    return block.width() * block.height() <= ON_UNIT_SHARE * area and footprint.contains(block)


def _unit_spots(fp: QRectF, block: QRectF, step: float, on_unit: bool = True) -> list[QPointF]:
    """Name centres that put ``block`` (the name and its note, around the name's
    centre) on the footprint ``fp`` (when ``on_unit``: the name fits there),
    beside it, at its corners, then further out."""
    below = fp.bottom() + GAP - block.top()
    above = fp.top() - GAP - block.bottom()
    right = fp.right() + GAP - block.left()
    left = fp.left() - GAP - block.right()
    return [
        *([QPointF(0, 0)] if on_unit else []),
        QPointF(0, below),
        QPointF(0, above),
        QPointF(right, 0),
        QPointF(left, 0),
        QPointF(right, below),
        QPointF(left, below),
        QPointF(right, above),
        QPointF(left, above),
        QPointF(0, below + step),
        QPointF(0, above - step),
        QPointF(right, below + step),
        QPointF(left, below + step),
        QPointF(right, above - step),
        QPointF(left, above - step),
    ]


def _polygon_spots(polygon: QPolygonF, tw: float, th: float) -> list[QPointF]:
    """Label centres for a terrain feature, zone or area: points of a grid over it
    that lie inside it, nearest its middle first; then just above and below it.
    The same shape and label give the same spots: worked out once (every label
    pass asked again, a third of the time a stream picture took to draw)."""
    corners = tuple((polygon.at(i).x(), polygon.at(i).y()) for i in range(polygon.count()))
    return [QPointF(x, y) for x, y in _polygon_spots_of(corners, tw, th)]


@lru_cache(maxsize=1024)
def _polygon_spots_of(
    corners: tuple[tuple[float, float], ...], tw: float, th: float
) -> tuple[tuple[float, float], ...]:
    polygon = QPolygonF([QPointF(x, y) for x, y in corners])
    br = polygon.boundingRect()
    c = br.center()
    steps = (0.0, 0.15, -0.15, 0.3, -0.3, 0.4, -0.4)
    grid = [
        QPointF(c.x() + fx * br.width(), c.y() + fy * br.height()) for fy in steps for fx in steps
    ]
    grid.sort(key=lambda q: ((q.x() - c.x()) / max(tw, 1e-6)) ** 2 + ((q.y() - c.y()) / th) ** 2)
    fill = Qt.FillRule.OddEvenFill
    inside = [q for q in grid if polygon.containsPoint(q, fill)] or [c]
    # Spots whose whole label lies inside the shape first (a label half outside a
    # triangular zone reads as another area's), then those whose centre does.
    whole = [q for q in inside if _box_within(polygon, q, tw, th)]
    spots = whole + [q for q in inside if q not in whole]
    out = th / 2 + GAP
    ends = [QPointF(c.x(), br.top() - out), QPointF(c.x(), br.bottom() + out)]
    return tuple((q.x(), q.y()) for q in [*spots, *ends])


def _box_within(polygon: QPolygonF, q: QPointF, tw: float, th: float) -> bool:
    """Do all four corners of a ``tw`` x ``th`` label centred on ``q`` lie inside?"""
    fill = Qt.FillRule.OddEvenFill
    return all(
        polygon.containsPoint(QPointF(q.x() + dx * tw / 2, q.y() + dy * th / 2), fill)
        for dx in (-1, 1)
        for dy in (-1, 1)
    )


def _overlay_spots(o: OverlayItem, tw: float, th: float) -> list[QPointF]:
    """Where a hex or area overlay's label may go: the spots it offers, else (an
    area) its own spot, along the area's top edge, then anywhere inside it."""
    spots = getattr(o, "label_spots", None)
    if spots:
        return list(spots)
    if not hasattr(o, "move_label"):
        return []
    at = o.label_at
    polygon = getattr(o, "polygon", None)
    if not isinstance(polygon, QPolygonF):
        return [at]
    w = polygon.boundingRect().width()
    top = [QPointF(at.x() + f * w, at.y()) for f in (0.15, -0.15, 0.3, -0.3)]
    inside = [q for q in top if polygon.containsPoint(q, Qt.FillRule.OddEvenFill)]
    return [at, *inside, *_polygon_spots(polygon, tw, th)]
