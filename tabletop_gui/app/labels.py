"""Label placement: names and captions moved where they do not cover each other.

A greedy pass over the board after each change (the scene calls ``place``).
Every label is measured as ``draw_label`` draws it: its text in the font used
(bold, italic), at the size it is drawn, with its background's pad. The size
drawn depends on the zoom: a scene that knows the zoom it is shown at
(``label_ppi``, pixels per inch: the streamer's, whose picture is always the
whole board) measures at that zoom; otherwise labels are measured at their
largest (MAX_LABEL_SCALE times their board size: how they are drawn when the
whole board is in view), which holds every smaller size drawn when zoomed in.

Order: the labels that cannot move are laid down first (a range circle's
caption, right of its ring; a hex or area label with one spot); then marker
captions (below the marker, else above, right, left), unit names with the note
under them (on the unit when they fit inside its base and leave most of it
visible, see ``fits_on``; else below, above, right, left of its footprint, then
its corners and a step further out), the other labels of highlighted hexes and
areas (each spot a hex overlay offers; an area's top edge, then inside it; kept
inside the board), terrain and
deployment zone labels (spots inside their outline, then above and below it).
A label takes the first spot that covers no piece, badge or label already
placed; if none is clear, the one covering least (labels count more than
pieces; a crowded board compares its first FALLBACK_SPOTS only). Boards too
crowded for names (hidden until zoomed in) are left as they are.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QPainterPath, QPolygonF

from tabletop_gui.app import style
from tabletop_gui.app.items import (
    MAX_LABEL_SCALE,
    NAME_IN,
    NOTE_IN,
    MarkerItem,
    PolygonItem,
    UnitItem,
    ZoneItem,
    _note,
    badge_rect,
    note_below,
    readable,
)
from tabletop_gui.app.overlays import LABEL_IN, NOTE_LABEL_IN, AreaOverlay, CircleOverlay

if TYPE_CHECKING:
    from tabletop_gui.app.board_scene import BoardScene

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
#: An outline running through a label costs as much as this many square inches
#: of piece covered per inch of it.
LINE_WEIGHT = 2.0
#: A zone or terrain label's area outside its own shape costs this many times
#: the same area of piece covered (only when no spot fits inside).
OUTSIDE_WEIGHT = 8.0
CROWDED = 100
FALLBACK_SPOTS = 5


Box = tuple[float, float, float, float]  # left, top, right, bottom


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
        b = r.getCoords()
        cols, rows = self._span(b)
        if len(cols) * len(rows) > self.MAX_CELLS:
            self.big.append((owner, b))
            return
        for i in cols:
            for j in rows:
                self.cells.setdefault((i, j), []).append((owner, b))

    def _near(self, b: Box) -> list[list[tuple[object, Box]]]:
        cols, rows = self._span(b)
        if len(cols) * len(rows) > self.MAX_CELLS:
            return [self.big, *self.cells.values()]
        get = self.cells.get
        return [self.big, *(get((i, j), ()) for i in cols for j in rows)]

    def clear_of(self, r: QRectF, own: object = None) -> bool:
        left, top, right, bottom = b = r.getCoords()
        for group in self._near(b):
            for owner, (ol, ot, orr, ob) in group:
                if owner is not own and ol < right and left < orr and ot < bottom and top < ob:
                    return False
        return True

    def overlap(self, r: QRectF, own: object = None, limit: float = float("inf")) -> float:
        """The area of ``r`` the rectangles cover (each counted once), counted up
        to ``limit`` at most."""
        left, top, right, bottom = b = r.getCoords()
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


class Lines:
    """Outlines drawn on the board (range rings, zone, terrain and area edges) as
    short segments bucketed by CELL-inch cells: a label box crossing one hides it."""

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], list[tuple[object, Box]]] = {}

    def add(self, owner: object, a: QPointF, b: QPointF) -> None:
        """The segment ``a``-``b``, cut into pieces at most CELL long."""
        ax, ay, bx, by = a.x(), a.y(), b.x(), b.y()
        n = max(1, math.ceil(math.hypot(bx - ax, by - ay) / CELL))
        for k in range(n):
            t0, t1 = k / n, (k + 1) / n
            seg = (
                ax + (bx - ax) * t0,
                ay + (by - ay) * t0,
                ax + (bx - ax) * t1,
                ay + (by - ay) * t1,
            )
            entry = (owner, seg)
            for i in range(int(min(seg[0], seg[2]) // CELL), int(max(seg[0], seg[2]) // CELL) + 1):
                for j in range(
                    int(min(seg[1], seg[3]) // CELL), int(max(seg[1], seg[3]) // CELL) + 1
                ):
                    self.cells.setdefault((i, j), []).append(entry)

    def add_polygon(self, owner: object, polygon: QPolygonF, board: QRectF) -> None:
        """A closed outline; edges along the board's edge are left out (the board's
        own edge is there)."""
        n = polygon.count()
        for k in range(n):
            a, b = polygon[k], polygon[(k + 1) % n]
            if not _on_board_edge(a, b, board):
                self.add(owner, a, b)

    def add_circle(self, owner: object, c: QPointF, r: float) -> None:
        n = max(16, min(48, math.ceil(2 * math.pi * r)))
        pts = [
            QPointF(
                c.x() + r * math.cos(2 * math.pi * k / n), c.y() + r * math.sin(2 * math.pi * k / n)
            )
            for k in range(n)
        ]
        for k in range(n):
            self.add(owner, pts[k], pts[(k + 1) % n])

    def _near(self, b: Box):
        get = self.cells.get
        return [
            get((i, j), ())
            for i in range(int(b[0] // CELL), int(b[2] // CELL) + 1)
            for j in range(int(b[1] // CELL), int(b[3] // CELL) + 1)
        ]

    def clear_of(self, r: QRectF, own: object = None) -> bool:
        b = r.getCoords()
        for group in self._near(b):
            for owner, seg in group:
                if owner is not own and _clip(seg, b) > 0.0:
                    return False
        return True

    def length(self, r: QRectF, own: object = None) -> float:
        """How much outline runs through ``r``, inches."""
        b = r.getCoords()
        seen: set[int] = set()
        total = 0.0
        for group in self._near(b):
            for owner, seg in group:
                if owner is own or id(seg) in seen:
                    continue
                seen.add(id(seg))
                total += _clip(seg, b)
        return total


def _clip(seg: Box, b: Box) -> float:
    """The length of the segment ``seg`` (x0, y0, x1, y1) inside the box ``b``
    (left, top, right, bottom); 0 when it misses (Liang-Barsky)."""
    x0, y0, x1, y1 = seg
    if max(x0, x1) <= b[0] or min(x0, x1) >= b[2] or max(y0, y1) <= b[1] or min(y0, y1) >= b[3]:
        return 0.0
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x0 - b[0]), (dx, b[2] - x0), (-dy, y0 - b[1]), (dy, b[3] - y0)):
        if p == 0:
            if q < 0:
                return 0.0
        else:
            t = q / p
            if p < 0:
                t0 = max(t0, t)
            else:
                t1 = min(t1, t)
            if t0 >= t1:
                return 0.0
    return (t1 - t0) * math.hypot(dx, dy)


def _on_board_edge(a: QPointF, b: QPointF, board: QRectF, tol: float = 0.01) -> bool:
    """Whether the segment ``a``-``b`` runs along one of the board's edges."""
    xs = (board.left(), board.right())
    ys = (board.top(), board.bottom())
    return any(abs(a.x() - v) < tol and abs(b.x() - v) < tol for v in xs) or any(
        abs(a.y() - v) < tol and abs(b.y() - v) < tol for v in ys
    )


@lru_cache(maxsize=128)
def _metrics(px: int, bold: bool, italic: bool) -> QFontMetricsF:
    font = QFont("DejaVu Sans")  # as drawing.draw_label
    font.setPixelSize(px)
    font.setBold(bold)
    font.setItalic(italic)
    return QFontMetricsF(font)


def drawn_size(text: str, size_in: float, bold: bool = False, italic: bool = False):
    """Width and height in inches of ``text`` as ``draw_label`` draws it ``size_in`` tall."""
    fm = _metrics(max(1, round(size_in * style.TEXT_SCALE)), bold, italic)
    return fm.horizontalAdvance(text) / style.TEXT_SCALE, fm.height() / style.TEXT_SCALE


def _box(c: QPointF, w: float, h: float, background: bool, space: float) -> QRectF:
    px, py = BG_PAD if background else (0.0, 0.0)
    px, py = px + space, py + space
    return QRectF(c.x() - w / 2 - px, c.y() - h / 2 - py, w + 2 * px, h + 2 * py)


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
        self.labels = Grid()
        self.lines = Lines()

    def size(self, size_in: float) -> float:
        """How tall a ``size_in`` label is drawn (see the module's docstring)."""
        if self.ppi > 0:
            return readable(size_in, self.ppi)
        return size_in * MAX_LABEL_SCALE

    def free(self, r: QRectF, own: object, lines: bool = True) -> bool:
        return (
            self.bodies.clear_of(r, own)
            and self.labels.clear_of(r, own)
            and (not lines or self.lines.clear_of(r, own))
        )

    def cost(self, boxes: list[QRectF], own: object, limit: float, lines: bool = True) -> float:
        """What ``boxes`` cover (labels and outlines weighted), counted up to ``limit``."""
        total = 0.0
        for b in boxes:
            total += LABEL_WEIGHT * self.labels.overlap(b, own, limit / LABEL_WEIGHT)
            if total < limit:
                total += self.bodies.overlap(b, own, limit - total)
            if total < limit and lines:
                total += LINE_WEIGHT * self.lines.length(b, own)
            if total >= limit:
                break
        return total

    def best(self, own: object, candidates: list[list[QRectF]], unlined: int | None = None) -> int:
        """The first candidate (one or more boxes) clear of everything, else the
        one covering least. Outlines do not count for the candidate ``unlined``
        (a name on its own base, which is drawn over the outlines)."""
        if not candidates:
            return 0
        best = next(
            (
                i
                for i, boxes in enumerate(candidates)
                if all(self.free(b, own, i != unlined) for b in boxes)
            ),
            None,
        )
        if best is None:
            best, best_cost = 0, float("inf")
            for i, boxes in enumerate(candidates[: self.fallback]):
                c = self.cost(boxes, own, best_cost, i != unlined)
                if c < best_cost:
                    best, best_cost = i, c
        return best

    def choose(
        self, own: object, candidates: list[list[QRectF]], unlined: int | None = None
    ) -> int:
        """``best``, and its boxes are added to the placed labels."""
        best = self.best(own, candidates, unlined)
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
    area = 0.5 * abs(
        sum(
            poly[i].x() * poly[(i + 1) % n].y() - poly[(i + 1) % n].x() * poly[i].y()
            for i in range(n)
        )
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
    that lie inside it, nearest its middle first; then just above and below it."""
    br = polygon.boundingRect()
    c = br.center()
    steps = (0.0, 0.15, -0.15, 0.3, -0.3, 0.4, -0.4)
    grid = [
        QPointF(c.x() + fx * br.width(), c.y() + fy * br.height()) for fy in steps for fx in steps
    ]
    grid.sort(key=lambda q: ((q.x() - c.x()) / max(tw, 1e-6)) ** 2 + ((q.y() - c.y()) / th) ** 2)
    fill = Qt.FillRule.OddEvenFill
    spots = [q for q in grid if polygon.containsPoint(q, fill)] or [c]
    out = th / 2 + GAP
    return [*spots, QPointF(c.x(), br.top() - out), QPointF(c.x(), br.bottom() + out)]


def _overlay_spots(o: object, tw: float, th: float) -> list[QPointF]:
    """Where a hex or area overlay's label may go: the spots it offers, else (an
    area) its own spot, along the area's top edge, then anywhere inside it."""
    spots = getattr(o, "label_spots", None)
    if spots:
        return list(spots)
    if not hasattr(o, "move_label"):
        return []
    at = o.label_at  # type: ignore[attr-defined]
    polygon = getattr(o, "polygon", None)
    if not isinstance(polygon, QPolygonF):
        return [at]
    w = polygon.boundingRect().width()
    top = [QPointF(at.x() + f * w, at.y()) for f in (0.15, -0.15, 0.3, -0.3)]
    inside = [q for q in top if polygon.containsPoint(q, Qt.FillRule.OddEvenFill)]
    br = polygon.boundingRect()
    out = [b.center() for b in _beside(br, tw, th, True, 0.0)]
    return [at, *inside, *_polygon_spots(polygon, tw, th), *out]


def place(scene: BoardScene, limit: int) -> None:
    scene.label_placer = None
    units = [it for it in scene.pieces.values() if isinstance(it, UnitItem) and it.isVisible()]
    if len(units) > limit:
        return
    markers = [it for it in scene.pieces.values() if isinstance(it, MarkerItem) and it.isVisible()]
    polygons = [
        it for it in scene.pieces.values() if isinstance(it, PolygonItem) and it.isVisible()
    ]
    board = scene.board_rect()
    p = Placer(scene, crowded=len(units) > CROWDED)
    for u in units:
        p.bodies.add(u, u.path.boundingRect().translated(u.pos()))
        if u.marks:
            p.bodies.add(u, badge_rect(u.marks, u.badge_at, u.ts).translated(u.pos()))
    for m in markers:
        r = m.radius
        p.bodies.add(m, QRectF(-r, -r, 2 * r, 2 * r).translated(m.pos()))
        if m.marks:
            at = QPointF(r * 0.8, -r * 0.8)
            p.bodies.add(m, badge_rect(m.marks, at, m.ts).translated(m.pos()))
    for poly in polygons:
        if poly.marks:
            br = poly.polygon.boundingRect()
            p.bodies.add(poly, badge_rect(poly.marks, br.topRight(), poly.ts))
    overlays = scene.overlay_items()
    for poly in polygons:
        p.lines.add_polygon(poly, poly.polygon, board)
    for o in overlays:
        if isinstance(o, CircleOverlay):
            p.lines.add_circle(o, o.pos(), o.r)
        elif isinstance(o, AreaOverlay):
            p.lines.add_polygon(o, o.polygon, board)

    # Labels that cannot move go down first: range circles' captions (right of
    # the ring) and the labels of hexes and areas that offer one spot.
    for o in overlays:
        if isinstance(o, CircleOverlay) and o.show_label and o.circle.label:
            w, h = drawn_size(o.circle.label, p.size(LABEL_IN * o.ts), bold=True)
            side = getattr(o, "label_side", 1.0)  # the ring's right, or its left
            c = o.pos() + QPointF(side * (o.r + 0.4 + w / 2), 0)
            p.labels.add(o, _box(c, w, h, True, SPACE * o.ts))
    movable = []
    for o in overlays:
        text = getattr(getattr(o, "mark", None) or getattr(o, "area", None), "label", "")
        if not text:
            continue
        tw, th = drawn_size(text, p.size(NOTE_LABEL_IN * o.ts), bold=True)
        spots = _overlay_spots(o, tw, th)
        if not spots:
            continue
        boxes = [[_inside(_box(s, tw, th, True, SPACE * o.ts), board)] for s in spots]
        if len(boxes) == 1:
            o.move_label(boxes[p.choose(o, boxes)][0].center())
        else:
            movable.append((o, boxes))

    for m in markers:
        size = p.size(NOTE_IN * m.ts)
        tw, th = drawn_size(m.caption, size)
        sides = ("below", "above", "right", "left")
        boxes = [
            [_box(m.caption_at(side, th, tw) + m.pos(), tw, th, True, SPACE * m.ts)]
            for side in sides
        ]
        m.move_caption(sides[p.choose(m, boxes)])

    for u in units:
        name = u.unit.name
        if not name:
            continue
        size = p.size(NAME_IN * u.ts)
        tw, th = drawn_size(name, size)
        space = SPACE * u.ts
        parts = [_box(QPointF(0, 0), tw, th, True, space)]
        note = _note(u.marks)
        if note:
            nw, nh = drawn_size(note, p.size(NOTE_IN * u.ts), italic=True)
            parts.append(_box(QPointF(0, note_below(th, nh)), nw, nh, True, space))
        block = parts[0].united(parts[-1])
        on_unit = fits_on(u.path, block)
        spots = _unit_spots(u.path.boundingRect(), block, block.height() + GAP, on_unit)
        at = u.pos()
        boxes = [[b.translated(at + s) for b in parts] for s in spots]
        u.move_name(spots[p.choose(u, boxes, 0 if on_unit else None)])

    for o, boxes in movable:
        o.move_label(boxes[p.choose(o, boxes)][0].center())

    # Terrain before zones: zone labels are the faintest and their zones the largest.
    terrain = [it.path for it in polygons if not isinstance(it, ZoneItem)]
    for poly in sorted(polygons, key=lambda it: isinstance(it, ZoneItem)):
        if not poly.label:
            continue
        impassable = bool(getattr(poly.piece, "impassable", False))
        tw, th = drawn_size(poly.label, p.size(NOTE_IN * poly.ts), italic=True)
        zone = isinstance(poly, ZoneItem)
        box = _place_in_shape(p, poly, tw, th, impassable, board, terrain if zone else [])
        poly.move_label(box.center())
    scene.label_placer = p


#: Grid steps (shares of the shape's bounding box from its middle) tried for a
#: zone or terrain label inside its shape.
SHAPE_STEPS = (0.0, 0.08, -0.08, 0.16, -0.16, 0.24, -0.24, 0.32, -0.32, 0.4, -0.4)
#: When no spot inside the shape is clear, this many of those that fit are
#: compared for what they cover.
SHAPE_FALLBACK = 24


def _place_in_shape(
    p: Placer,
    poly: PolygonItem,
    tw: float,
    th: float,
    background: bool,
    board: QRectF,
    avoid: list[QPainterPath],
) -> QRectF:
    """The box for a zone or terrain label: the first spot (nearest the shape's
    middle) whose whole box lies inside the shape and covers no piece, label or
    outline (nor, for a zone, any terrain in ``avoid``); else, a terrain only,
    just above or below it, clear and on the board; else the spot inside the
    shape covering least; else (nothing fits inside) the spot with least outside
    its shape and off the board (weighted OUTSIDE_WEIGHT) plus what it covers.
    The chosen box is added to the placed labels."""
    space = SPACE * poly.ts
    path = poly.path
    br = path.boundingRect()
    mid = _middle(poly.polygon)
    grid = [
        QPointF(mid.x() + fx * br.width(), mid.y() + fy * br.height())
        for fy in SHAPE_STEPS
        for fx in SHAPE_STEPS
    ]
    grid.sort(
        key=lambda q: ((q.x() - mid.x()) / max(tw, 1e-6)) ** 2 + ((q.y() - mid.y()) / th) ** 2
    )
    boxes = (_box(q, tw, th, background, space) for q in grid)
    polygon, fill = poly.polygon, Qt.FillRule.OddEvenFill

    def fit(b: QRectF) -> bool:  # cheap tests first: the corners, then the exact one
        return (
            board.contains(b)
            and polygon.containsPoint(b.topLeft(), fill)
            and polygon.containsPoint(b.bottomRight(), fill)
            and polygon.containsPoint(b.topRight(), fill)
            and polygon.containsPoint(b.bottomLeft(), fill)
            and path.contains(b)
        )

    def clear(b: QRectF) -> bool:
        return p.free(b, poly) and not any(t.intersects(b) for t in avoid)

    fits: list[QRectF] = []
    chosen = None
    for b in boxes:
        if fit(b):
            fits.append(b)
            if clear(b):
                chosen = b
                break
    beside = (
        [] if avoid else [b for b in _beside(br, tw, th, background, space) if board.contains(b)]
    )
    if chosen is None:  # a terrain: just outside it
        chosen = next((b for b in beside if clear(b)), None)
    if chosen is None and (fits or beside):
        chosen = min(fits[:SHAPE_FALLBACK] + beside, key=lambda b: _shape_cost(p, poly, b, avoid))
    if chosen is None:
        near = grid[:SHAPE_FALLBACK]
        on_board = [_keep_on(_box(q, tw, th, background, space), board) for q in near]
        chosen = min(
            on_board,
            key=lambda b: (
                OUTSIDE_WEIGHT * _outside(path, b, board) + _shape_cost(p, poly, b, avoid)
            ),
        )
    p.labels.add(poly, chosen)
    return chosen


def _beside(br: QRectF, tw: float, th: float, background: bool, space: float) -> list[QRectF]:
    """Boxes just outside the rectangle ``br``: above and below it (centred, then
    shifted half a label sideways), then right and left of it."""
    out_y = th / 2 + GAP + space + (BG_PAD[1] if background else 0.0)
    out_x = tw / 2 + GAP + space + (BG_PAD[0] if background else 0.0)
    c = br.center()
    spots = [
        QPointF(c.x() + dx, y)
        for y in (br.top() - out_y, br.bottom() + out_y)
        for dx in (0.0, -tw / 4, tw / 4, -tw / 2, tw / 2)
    ]
    spots += [QPointF(br.right() + out_x, c.y()), QPointF(br.left() - out_x, c.y())]
    return [_box(q, tw, th, background, space) for q in spots]


def _shape_cost(p: Placer, poly: PolygonItem, b: QRectF, avoid: list[QPainterPath]) -> float:
    cost = p.cost([b], poly, float("inf"))
    return cost + sum(_area(t.intersected(_rect_path(b))) for t in avoid if t.intersects(b))


def _outside(path: QPainterPath, b: QRectF, board: QRectF) -> float:
    """The area of ``b`` outside ``path`` or off the board."""
    inside = _area(path.intersected(_rect_path(b.intersected(board))))
    return b.width() * b.height() - inside


def _rect_path(r: QRectF) -> QPainterPath:
    out = QPainterPath()
    out.addRect(r)
    return out


def _area(path: QPainterPath) -> float:
    total = 0.0
    for poly in path.toFillPolygons():
        n = poly.count()
        total += (
            abs(
                sum(
                    poly[i].x() * poly[(i + 1) % n].y() - poly[(i + 1) % n].x() * poly[i].y()
                    for i in range(n)
                )
            )
            / 2
        )
    return total


def _middle(polygon: QPolygonF) -> QPointF:
    """The polygon's centroid when it lies inside it, else its bounding box's middle."""
    n = polygon.count()
    a = cx = cy = 0.0
    for i in range(n):
        p0, p1 = polygon[i], polygon[(i + 1) % n]
        cross = p0.x() * p1.y() - p1.x() * p0.y()
        a += cross
        cx += (p0.x() + p1.x()) * cross
        cy += (p0.y() + p1.y()) * cross
    if abs(a) > 1e-9:
        c = QPointF(cx / (3 * a), cy / (3 * a))
        if polygon.containsPoint(c, Qt.FillRule.OddEvenFill):
            return c
    return polygon.boundingRect().center()


#: Where along the measured line its label is tried (0 one end, 1 the other).
ALONG = (0.5, 0.35, 0.65, 0.2, 0.8, 0.05, 0.95)


def line_label_spot(
    scene: BoardScene, a: QPointF, b: QPointF, w: float, h: float, gap: float
) -> QPointF:
    """The centre for a ``w`` x ``h`` label of the line ``a``-``b`` (scene inches):
    just above or below the line at its middle, else further along it, else a
    step or two further out, else beside an end; the first spot that covers no
    label or piece of the last placement pass (``place``), else the one covering
    least (labels weigh more). Kept on the board."""
    board = scene.board_rect()
    spots = []
    for step in (0.0, h + gap, 2 * (h + gap)):
        for t in ALONG:
            c = a + (b - a) * t
            spots.append(QPointF(c.x(), c.y() - h / 2 - gap - step))
            spots.append(QPointF(c.x(), c.y() + h / 2 + gap + step))
    for end in (b, a):  # beside an end, away from the line
        side = 1.0 if end.x() >= (a.x() + b.x()) / 2 else -1.0
        spots.append(QPointF(end.x() + side * (w / 2 + gap), end.y()))
    boxes = [_keep_on(QRectF(s.x() - w / 2, s.y() - h / 2, w, h), board) for s in spots]
    # Spots off the line itself first (a label across a slanting line hides it).
    boxes.sort(key=lambda r: _crosses(r, a, b))
    placer = getattr(scene, "label_placer", None)
    if not isinstance(placer, Placer):
        return boxes[0].center()
    return boxes[placer.best(None, [[r] for r in boxes])].center()


def _crosses(r: QRectF, a: QPointF, b: QPointF) -> bool:
    """Whether the segment ``a``-``b`` passes through the rectangle (Liang-Barsky)."""
    t0, t1 = 0.0, 1.0
    dx, dy = b.x() - a.x(), b.y() - a.y()
    for p, q in (
        (-dx, a.x() - r.left()),
        (dx, r.right() - a.x()),
        (-dy, a.y() - r.top()),
        (dy, r.bottom() - a.y()),
    ):
        if p == 0:
            if q < 0:
                return False
        else:
            t = q / p
            if p < 0:
                t0 = max(t0, t)
            else:
                t1 = min(t1, t)
            if t0 > t1:
                return False
    return True


def _keep_on(r: QRectF, board: QRectF) -> QRectF:
    """``r`` shifted onto the board where it fits (sideways and up or down)."""
    r = _inside(r, board)
    dy = max(0.0, board.top() - r.top()) - max(0.0, r.bottom() - board.bottom())
    return r.translated(0, dy) if dy else r
