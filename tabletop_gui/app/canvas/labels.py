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
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QPainterPath, QPolygonF

from tabletop_gui.app import style
from tabletop_gui.app.canvas.badges import badge_rect
from tabletop_gui.app.canvas.drawing import Box, rect_coords
from tabletop_gui.app.canvas.items import (
    MAX_LABEL_SCALE,
    NAME_IN,
    NOTE_IN,
    MarkerItem,
    PolygonItem,
    UnitItem,
    ZoneItem,
    _note,
    note_below,
    readable,
)
from tabletop_gui.app.canvas.overlays import LABEL_IN, NOTE_LABEL_IN, CircleOverlay, OverlayItem
from tabletop_gui.model.hexgrid import HexBoard

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

    def size(self, size_in: float) -> float:
        """How tall a ``size_in`` label is drawn (see the module's docstring)."""
        if self.ppi > 0:
            return readable(size_in, self.ppi)
        return size_in * MAX_LABEL_SCALE

    def free(self, r: QRectF, own: object) -> bool:
        return self.bodies.clear_of(r, own) and self.labels.clear_of(r, own)

    def cost(self, boxes: list[QRectF], own: object, limit: float) -> float:
        """What ``boxes`` cover (labels weighted), counted up to ``limit``."""
        total = 0.0
        for b in boxes:
            total += LABEL_WEIGHT * self.labels.overlap(b, own, limit / LABEL_WEIGHT)
            if total < limit:
                total += self.bodies.overlap(b, own, limit - total)
            if total >= limit:
                break
        return total

    def best(self, own: object, candidates: list[list[QRectF]]) -> int:
        """The first candidate (one or more boxes) clear of everything, else the
        one covering least."""
        if not candidates:
            return 0
        best = next(
            (i for i, boxes in enumerate(candidates) if all(self.free(b, own) for b in boxes)),
            None,
        )
        if best is None:
            best, best_cost = 0, float("inf")
            for i, boxes in enumerate(candidates[: self.fallback]):
                c = self.cost(boxes, own, best_cost)
                if c < best_cost:
                    best, best_cost = i, c
        return best

    def choose(self, own: object, candidates: list[list[QRectF]], drop: bool = False) -> int:
        """``best``, and its boxes are added to the placed labels. With ``drop``,
        -1 (nothing added) when no candidate is clear."""
        if drop and not any(all(self.free(b, own) for b in boxes) for boxes in candidates):
            return -1
        best = self.best(own, candidates)
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
    # A small picture (a stream's) leaves out the captions of circles, hexes,
    # areas, terrain and zones that cover another label or a piece wherever they
    # go (its score bar names the objectives; the shapes show on the board);
    # elsewhere every label is drawn, in its least-bad spot.
    drop = bool(getattr(scene, "drop_crowded_labels", False))
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
    if isinstance(scene.board, HexBoard):
        _place_hex(scene, p, units, markers, polygons, overlays, board)
        scene.label_placer = p
        return

    # Labels that cannot move go down first: range circles' captions (right of
    # the ring) and the labels of hexes and areas that offer one spot.
    # A range circle's caption: beside its ring, else on the other side, below or
    # above it (kept on the board), wherever it covers no piece.
    for o in overlays:
        if isinstance(o, CircleOverlay) and o.show_label and o.circle.label:
            w, h = drawn_size(o.circle.label, p.size(LABEL_IN * o.ts), bold=True)
            dirs = o.label_dirs()
            boxes = [[_box(o.pos() + o.label_offset(w, h, d), w, h, True, SPACE * o.ts)]
                     for d in dirs]  # fmt: skip
            fits = [i for i, b in enumerate(boxes) if board.contains(b[0]) or (i == 0 and not drop)]
            best = p.choose(o, [boxes[i] for i in fits], drop)
            o.label_item.setVisible(best >= 0)
            if best >= 0:
                o.set_label_dir(dirs[fits[best]])
    movable = []
    for o in overlays:
        text = getattr(getattr(o, "mark", None) or getattr(o, "area", None), "label", "")
        if not text:
            continue
        tw, th = drawn_size(text, p.size(NOTE_LABEL_IN * o.ts), bold=True)
        spots = _overlay_spots(o, tw, th)
        if not spots:
            continue
        boxes = [[_keep_on(_box(s, tw, th, True, SPACE * o.ts), board)] for s in spots]
        if len(boxes) == 1:
            _place_overlay_label(p, o, boxes, drop)
        else:
            movable.append((o, boxes))

    _place_markers(p, markers)

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
        u.move_name(spots[p.choose(u, boxes)])
        u.show_name(True)

    for o, boxes in movable:
        _place_overlay_label(p, o, boxes, drop)

    _place_polygons(p, polygons, board, drop)
    scene.label_placer = p


def _place_markers(p: Placer, markers: list[MarkerItem]) -> None:
    for m in markers:
        size = p.size(NOTE_IN * m.ts)
        tw, th = drawn_size(m.caption, size)
        sides = ("below", "above", "right", "left")
        boxes = [
            [_box(m.caption_at(side, th, tw) + m.pos(), tw, th, True, SPACE * m.ts)]
            for side in sides
        ]
        m.move_caption(sides[p.choose(m, boxes)])


def _place_polygons(p: Placer, polygons: list[PolygonItem], board: QRectF, drop: bool) -> None:
    # Terrain before zones: zone labels are the faintest and their zones the largest.
    for poly in sorted(polygons, key=lambda it: isinstance(it, ZoneItem)):
        if not poly.label:
            continue
        impassable = bool(getattr(poly.piece, "impassable", False))
        tw, th = drawn_size(poly.label, p.size(NOTE_IN * poly.ts), italic=True)
        spots = _polygon_spots(poly.polygon, tw, th)
        space = SPACE * poly.ts
        # Kept on the board: a long label of a thin zone hung past its edge, over
        # the axis numbers (a small stream picture's labels are large).
        boxes = [[_keep_on(_box(s, tw, th, impassable, space), board)] for s in spots]
        best = p.choose(poly, boxes, drop)
        poly.label_item.setVisible(best >= 0)
        if best >= 0:
            poly.move_label(boxes[best][0].center())


def _place_hex(
    scene: BoardScene,
    p: Placer,
    units: list[UnitItem],
    markers: list[MarkerItem],
    polygons: list[PolygonItem],
    overlays: list[OverlayItem],
    board: QRectF,
) -> None:
    """A hex board's labels (``hex_labels``): each by its hex, clear of every
    other, inside the board, or not drawn. Markers and polygons as elsewhere."""
    from tabletop_gui.app.canvas import hex_labels

    hex_board = scene.board
    assert isinstance(hex_board, HexBoard)
    scene.set_printed_labels(
        hex_labels.place_printed(p, hex_board, board, scene.bmap.to_scene, scene.text_scale)
    )
    hex_labels.place_unit_names(p, units, board)
    hex_labels.place_overlay_labels(
        p, [o for o in overlays if not isinstance(o, CircleOverlay)], board
    )
    _place_markers(p, markers)
    _place_polygons(p, polygons, board, True)


def _place_overlay_label(p: Placer, o: object, boxes: list[list[QRectF]], drop: bool) -> None:
    """A hex's or area's label in its best spot, or (``drop``, no clear spot) hidden."""
    best = p.choose(o, boxes, drop)
    o.label_item.setVisible(best >= 0)  # type: ignore[attr-defined]
    if best >= 0:
        o.move_label(boxes[best][0].center())  # type: ignore[attr-defined]


#: Where along the measured line its label is tried (0 one end, 1 the other).
ALONG = (0.5, 0.35, 0.65, 0.2, 0.8, 0.05, 0.95)


def beside_line(a: QPointF, b: QPointF, w: float, h: float, gap: float) -> list[QPointF]:
    """Centres for a ``w`` x ``h`` label beside the segment ``a``-``b``: touching
    it (``gap`` away) on either side at the points of ALONG, then a label's
    depth further out, then on the line's extension beyond each end. Whatever
    the line's slant, the box's edge runs ``gap`` from the line, so the reading
    is never across its own line nor off beside something else."""
    d = b - a
    length = math.hypot(d.x(), d.y())
    if length < 1e-9:
        return [QPointF(a.x(), a.y() - h / 2 - gap)]
    ux, uy = d.x() / length, d.y() / length
    nx, ny = -uy, ux
    across = abs(nx) * w / 2 + abs(ny) * h / 2  # the box's half depth off the line
    along = abs(ux) * w / 2 + abs(uy) * h / 2  # and along it
    spots = []
    for step in (0.0, 2 * across + gap):
        for t in ALONG:
            c = a + d * t
            for side in (-1.0, 1.0):  # above a level line first
                off = side * (across + gap + step)
                spots.append(QPointF(c.x() + nx * off, c.y() + ny * off))
    for end, sign in ((b, 1.0), (a, -1.0)):
        off = sign * (along + gap)
        spots.append(QPointF(end.x() + ux * off, end.y() + uy * off))
    return spots


def line_label_spot(
    scene: BoardScene, a: QPointF, b: QPointF, w: float, h: float, gap: float
) -> QPointF:
    """The centre for a ``w`` x ``h`` label of the line ``a``-``b`` (scene inches),
    one of ``beside_line``'s spots kept on the board (those touching the line
    first): the first that covers no label or piece of the last placement pass
    (``place``), else the one covering least (labels weigh more)."""
    board = scene.board_rect()
    boxes = [
        _keep_on(QRectF(s.x() - w / 2, s.y() - h / 2, w, h), board)
        for s in beside_line(a, b, w, h, gap)
    ]
    placer = getattr(scene, "label_placer", None)
    if not isinstance(placer, Placer):
        return boxes[0].center()
    return boxes[placer.best(None, [[r] for r in boxes])].center()


def _keep_on(r: QRectF, board: QRectF) -> QRectF:
    """``r`` shifted onto the board where it fits (sideways and up or down)."""
    r = _inside(r, board)
    dy = max(0.0, board.top() - r.top()) - max(0.0, r.bottom() - board.bottom())
    return r.translated(0, dy) if dy else r
