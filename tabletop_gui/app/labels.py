"""Label placement: names and captions moved where they do not cover each other.

A greedy pass over the board after each change (the scene calls ``place``).
Every label is measured as ``draw_label`` draws it: its text in the font used
(bold, italic), at the size it is drawn, with its background's pad. The size
drawn depends on the zoom: a scene that knows the zoom it is shown at
(``label_ppi``, pixels per inch: the streamer's, whose picture is always the
whole board) measures at that zoom; otherwise labels are measured at their
largest (MAX_LABEL_SCALE times their board size: how they are drawn when the
whole board is in view), which holds every smaller size drawn when zoomed in.

Order: the captions that cannot move (a range circle's, right of its ring) are
laid down first; then marker captions (below the marker, else above, right,
left), unit names with the note under them (on the unit, else below, above,
right, left of its footprint, then its corners and a step further out), the
labels of highlighted hexes and areas (each spot the overlay offers, kept inside
the board), terrain and deployment zone labels (spots inside their outline). A
label takes the first spot that covers no piece, badge or label already placed;
if none is clear it takes the spot covering the least (labels count more than
pieces). Crowded boards (names hidden until zoomed in) are left as they are.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFont, QFontMetricsF

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
from tabletop_gui.app.overlays import LABEL_IN, NOTE_LABEL_IN, CircleOverlay

if TYPE_CHECKING:
    from tabletop_gui.app.board_scene import BoardScene

#: Gap between a footprint and a name moved beside it, inches.
GAP = 0.15
#: Room kept free around every label (times the text scale), inches.
SPACE = 0.06
#: The pad ``draw_label`` paints around a text with a background (x, y), inches.
BG_PAD = (0.08, 0.04)
CELL = 3.0  # inches: the grid that finds what a label could cover
#: A label's overlap with another label counts this many times its overlap with a
#: piece when no spot is clear.
LABEL_WEIGHT = 4.0


class Grid:
    """Rectangles bucketed by CELL-inch cells (only near ones are compared)."""

    #: A rectangle over more cells than this is kept in one list checked whole.
    MAX_CELLS = 64

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], list[tuple[object, QRectF]]] = {}
        self.big: list[tuple[object, QRectF]] = []

    @staticmethod
    def _span(r: QRectF) -> tuple[range, range]:
        return (
            range(int(r.left() // CELL), int(r.right() // CELL) + 1),
            range(int(r.top() // CELL), int(r.bottom() // CELL) + 1),
        )

    def add(self, owner: object, r: QRectF) -> None:
        cols, rows = self._span(r)
        if len(cols) * len(rows) > self.MAX_CELLS:
            self.big.append((owner, r))
            return
        for i in cols:
            for j in rows:
                self.cells.setdefault((i, j), []).append((owner, r))

    def _near(self, r: QRectF) -> Iterable[tuple[object, QRectF]]:
        yield from self.big
        cols, rows = self._span(r)
        if len(cols) * len(rows) > self.MAX_CELLS:
            for cell in self.cells.values():
                yield from cell
            return
        for i in cols:
            for j in rows:
                yield from self.cells.get((i, j), ())

    def clear_of(self, r: QRectF, own: object = None) -> bool:
        return all(owner is own or not r.intersects(other) for owner, other in self._near(r))

    def overlap(self, r: QRectF, own: object = None) -> float:
        """The area of ``r`` the rectangles cover (each counted once)."""
        seen: set[int] = set()
        total = 0.0
        for owner, other in self._near(r):
            if owner is own or id(other) in seen or not r.intersects(other):
                continue
            seen.add(id(other))
            inter = r.intersected(other)
            total += inter.width() * inter.height()
        return total


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

    def __init__(self, scene: BoardScene) -> None:
        self.ppi = float(getattr(scene, "label_ppi", 0.0) or 0.0)
        self.bodies = Grid()
        self.labels = Grid()

    def size(self, size_in: float) -> float:
        """How tall a ``size_in`` label is drawn (see the module's docstring)."""
        if self.ppi > 0:
            return readable(size_in, self.ppi)
        return size_in * MAX_LABEL_SCALE

    def free(self, r: QRectF, own: object) -> bool:
        return self.bodies.clear_of(r, own) and self.labels.clear_of(r, own)

    def cost(self, r: QRectF, own: object) -> float:
        return self.bodies.overlap(r, own) + LABEL_WEIGHT * self.labels.overlap(r, own)

    def choose(self, own: object, candidates: list[list[QRectF]]) -> int:
        """The first candidate (one or more boxes) clear of everything, else the
        one covering least; its boxes are added to the placed labels."""
        best, best_cost = 0, float("inf")
        for i, boxes in enumerate(candidates):
            if all(self.free(b, own) for b in boxes):
                best = i
                break
            c = sum(self.cost(b, own) for b in boxes)
            if c < best_cost:
                best, best_cost = i, c
        for b in candidates[best] if candidates else ():
            self.labels.add(own, b)
        return best


def _unit_spots(fp: QRectF, block: QRectF, step: float) -> list[QPointF]:
    """Name centres that put ``block`` (the name and its note, around the name's
    centre) on the footprint ``fp``, beside it, at its corners, then further out."""
    below = fp.bottom() + GAP - block.top()
    above = fp.top() - GAP - block.bottom()
    right = fp.right() + GAP - block.left()
    left = fp.left() - GAP - block.right()
    return [
        QPointF(0, 0),
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


def _polygon_spots(item: PolygonItem, tw: float, th: float) -> list[QPointF]:
    """Label centres for a terrain feature or zone: points of a grid over it that
    lie inside it, nearest its middle first; then just above and below it."""
    br = item.polygon.boundingRect()
    c = br.center()
    steps = (0.0, 0.15, -0.15, 0.3, -0.3, 0.4, -0.4)
    grid = [
        QPointF(c.x() + fx * br.width(), c.y() + fy * br.height()) for fy in steps for fx in steps
    ]
    grid.sort(key=lambda q: ((q.x() - c.x()) / max(tw, 1e-6)) ** 2 + ((q.y() - c.y()) / th) ** 2)
    fill = Qt.FillRule.OddEvenFill
    spots = [q for q in grid if item.polygon.containsPoint(q, fill)] or [c]
    out = th / 2 + GAP
    return [*spots, QPointF(c.x(), br.top() - out), QPointF(c.x(), br.bottom() + out)]


def place(scene: BoardScene, limit: int) -> None:
    units = [it for it in scene.pieces.values() if isinstance(it, UnitItem) and it.isVisible()]
    if len(units) > limit:
        return
    markers = [it for it in scene.pieces.values() if isinstance(it, MarkerItem) and it.isVisible()]
    polygons = [
        it for it in scene.pieces.values() if isinstance(it, PolygonItem) and it.isVisible()
    ]
    board = scene.board_rect()
    p = Placer(scene)
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

    # Range circles' captions stay where they are drawn: right of the ring.
    for o in overlays:
        if isinstance(o, CircleOverlay) and o.show_label and o.circle.label:
            w, h = drawn_size(o.circle.label, p.size(LABEL_IN * o.ts), bold=True)
            c = o.pos() + QPointF(o.r + 0.4 + w / 2, 0)
            p.labels.add(o, _box(c, w, h, True, SPACE * o.ts))

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
        spots = _unit_spots(u.path.boundingRect(), block, block.height() + GAP)
        at = u.pos()
        boxes = [[b.translated(at + s) for b in parts] for s in spots]
        u.move_name(spots[p.choose(u, boxes)])

    for o in overlays:
        text = getattr(getattr(o, "mark", None) or getattr(o, "area", None), "label", "")
        spots = getattr(o, "label_spots", None) or (
            [o.label_at] if hasattr(o, "move_label") else []
        )
        if not text or not spots:
            continue
        tw, th = drawn_size(text, p.size(NOTE_LABEL_IN * o.ts), bold=True)
        boxes = [[_inside(_box(s, tw, th, True, SPACE * o.ts), board)] for s in spots]
        o.move_label(boxes[p.choose(o, boxes)][0].center())

    # Terrain before zones: zone labels are the faintest and their zones the largest.
    for poly in sorted(polygons, key=lambda it: isinstance(it, ZoneItem)):
        if not poly.label:
            continue
        impassable = bool(getattr(poly.piece, "impassable", False))
        tw, th = drawn_size(poly.label, p.size(NOTE_IN * poly.ts), italic=True)
        spots = _polygon_spots(poly, tw, th)
        space = SPACE * poly.ts
        boxes = [[_box(s, tw, th, impassable, space)] for s in spots]
        poly.move_label(spots[p.choose(poly, boxes)])
