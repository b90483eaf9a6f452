"""Label placement: names and captions moved where they do not cover each other.

A greedy pass over the board after each change (the scene calls ``place``):
marker captions first (below the marker, else above, right, left), then unit
names (on the unit, else below, above, right, left of its footprint), then the
labels of highlighted hexes and areas (each of the spots the overlay offers,
kept inside the board). A label takes the first spot that covers no other
piece and no label already placed; if none is clear it keeps the first. Crowded
boards (names hidden until zoomed in) are left as they are. Labels are measured
at their largest (MAX_LABEL_SCALE times their board size: how they are drawn
when the whole board is in view).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF

from tabletop_gui.app.drawing import text_size
from tabletop_gui.app.items import MAX_LABEL_SCALE, NAME_IN, NOTE_IN, MarkerItem, UnitItem
from tabletop_gui.app.overlays import NOTE_LABEL_IN

if TYPE_CHECKING:
    from tabletop_gui.app.board_scene import BoardScene

#: Gap between a footprint and a name moved beside it, inches.
GAP = 0.15
CELL = 3.0  # inches: the grid that finds what a label could cover


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

    def clear_of(self, r: QRectF, own: object = None) -> bool:
        for owner, other in self.big:
            if owner is not own and r.intersects(other):
                return False
        cols, rows = self._span(r)
        if len(cols) * len(rows) > self.MAX_CELLS:
            return all(
                owner is own or not r.intersects(other)
                for cell in self.cells.values()
                for owner, other in cell
            )
        for i in cols:
            for j in rows:
                for owner, other in self.cells.get((i, j), ()):
                    if owner is not own and r.intersects(other):
                        return False
        return True


def _inside(r: QRectF, board: QRectF) -> QRectF:
    """``r`` shifted sideways into the board's width (a label at an edge)."""
    dx = max(0.0, board.left() - r.left()) - max(0.0, r.right() - board.right())
    return r.translated(dx, 0) if dx else r


def place(scene: BoardScene, limit: int) -> None:
    units = [it for it in scene.pieces.values() if isinstance(it, UnitItem) and it.isVisible()]
    if len(units) > limit:
        return
    markers = [it for it in scene.pieces.values() if isinstance(it, MarkerItem) and it.isVisible()]
    ts = scene.text_scale
    board = scene.board_rect()
    bodies = Grid()
    for u in units:
        bodies.add(u, u.path.boundingRect().translated(u.pos()))
    for m in markers:
        r = m.radius
        bodies.add(m, QRectF(-r, -r, 2 * r, 2 * r).translated(m.pos()))
    labels = Grid()

    def free(r: QRectF, own: object) -> bool:
        return bodies.clear_of(r, own) and labels.clear_of(r)

    for m in markers:
        tw, th = text_size(m.caption, NOTE_IN * ts * MAX_LABEL_SCALE)
        chosen = "below"
        for side in ("below", "above", "right", "left"):
            c = m.caption_at(side, th, tw) + m.pos()
            rect = QRectF(c.x() - tw / 2, c.y() - th / 2, tw, th)
            if free(rect, m):
                chosen = side
                break
        m.move_caption(chosen)
        c = m.caption_at(chosen, th, tw) + m.pos()
        labels.add(m, QRectF(c.x() - tw / 2, c.y() - th / 2, tw, th))

    for u in units:
        name = u.unit.name
        if not name:
            continue
        tw, th = text_size(name, NAME_IN * ts * MAX_LABEL_SCALE)
        fp = u.path.boundingRect()
        spots = (
            QPointF(0, 0),
            QPointF(0, fp.bottom() + th / 2 + GAP),
            QPointF(0, fp.top() - th / 2 - GAP),
            QPointF(fp.right() + tw / 2 + GAP, 0),
            QPointF(fp.left() - tw / 2 - GAP, 0),
        )
        chosen = spots[0]
        for spot in spots:
            c = spot + u.pos()
            if free(QRectF(c.x() - tw / 2, c.y() - th / 2, tw, th), u):
                chosen = spot
                break
        u.move_name(chosen)
        c = chosen + u.pos()
        labels.add(u, QRectF(c.x() - tw / 2, c.y() - th / 2, tw, th))

    for o in scene.overlay_items():
        text = getattr(getattr(o, "mark", None) or getattr(o, "area", None), "label", "")
        spots = getattr(o, "label_spots", None) or (
            [o.label_at] if hasattr(o, "move_label") else []
        )
        if not text or not spots:
            continue
        tw, th = text_size(text, NOTE_LABEL_IN * ts * MAX_LABEL_SCALE, bold=True)
        best: QRectF | None = None
        for spot in spots:
            rect = _inside(QRectF(spot.x() - tw / 2, spot.y() - th / 2, tw, th), board)
            best = best or rect
            if free(rect, None):
                best = rect
                break
        if best is not None:
            o.move_label(best.center())
            labels.add(o, best)
