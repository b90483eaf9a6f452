"""The idle units drawn by one item: a board of 1,000 units repaints in one
paint call instead of 1,000 (a selected, highlighted or dragged unit draws
itself, ``items.UnitItem``). Overlapping units go to successive layers, each
drawn whole, so a unit covers the one under it."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from tabletop_gui.app import style
from tabletop_gui.app.canvas.drawing import draw_label, pixels_per_inch, rect_coords
from tabletop_gui.app.canvas.items import LABEL_BG, MIN_TEXT_PX, NAME_IN, UnitItem, readable
from tabletop_gui.app.canvas.layers import Z_UNIT

#: Side of the cells that find which idle units' footprints overlap, inches.
LAYER_CELL = 4.0
#: Footprint boxes must overlap by more than this (inches) to stack: units that
#: only touch (base contact) share a layer.
LAYER_EPS = 0.01


def stacking_layers(boxes: list[tuple[float, float, float, float]]) -> list[int]:
    """A layer per box (left, top, right, bottom), in drawing order: one above the
    highest earlier box it overlaps, 0 when it overlaps none. Drawing layer by
    layer keeps every overlap in order while each layer is drawn in one go."""
    cells: dict[tuple[int, int], list[int]] = {}
    layers: list[int] = []
    c, e = LAYER_CELL, LAYER_EPS
    for i, (left, top, right, bottom) in enumerate(boxes):
        left, top, right, bottom = left + e, top + e, right - e, bottom - e
        keys = [
            (cx, cy)
            for cx in range(int(left // c), int(right // c) + 1)
            for cy in range(int(top // c), int(bottom // c) + 1)
        ]
        layer = 0
        for key in keys:
            for j in cells.get(key, ()):
                if layers[j] >= layer:
                    ol, ot, orr, ob = boxes[j]
                    if left < orr - e and ol + e < right and top < ob - e and ot + e < bottom:
                        layer = layers[j] + 1
        for key in keys:
            cells.setdefault(key, []).append(i)
        layers.append(layer)
    return layers


@dataclass
class BatchLayer:
    """Idle units none of which overlaps another: fills with outlines (a path per
    fill and outline colour), then rank and file lines, then front edges."""

    fills: list[tuple[QPen, QColor, QPainterPath]]
    grids: list[tuple[QPen, list[QLineF]]]
    fronts: list[tuple[QPen, list[QLineF]]]


class UnitBatch(QGraphicsItem):
    """Every idle unit (no highlight, not selected, not emphasised or dimmed) drawn
    by one item, in the manner of pyqtgraph: a few painter calls for the whole
    army instead of one ``paint`` per unit. The window's view caches it as a
    picture (``BoardView`` sets DeviceCoordinateCache; exports and prints draw it
    directly), so a repaint that does not change the idle units is a blit.

    Units are drawn in their stacking order (the scene's: later above earlier):
    units that overlap go to successive layers (``stacking_layers``), each layer
    drawn whole before the next, so a unit covers the fill, outline and lines of
    any unit under it. Names are written last, above every unit.

    Idle units keep their own items (picking, selection, tooltips) flagged
    ``ItemHasNoContents``; a unit that gets a highlight, is selected or dragged
    leaves the batch and paints itself."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_UNIT)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.members: tuple[tuple[UnitItem, object, QPointF], ...] = ()
        self._rect = QRectF()
        self._layers: list[BatchLayer] = []
        self._labels: list[tuple[str, QPointF, float]] = []

    def boundingRect(self) -> QRectF:
        return self._rect

    @staticmethod
    def idle(item: UnitItem) -> bool:
        unit = item.piece
        return (
            unit is not None
            and unit.on_table  # type: ignore[attr-defined]
            and not item.marks
            and item.focus == 0
            and not item.isSelected()
        )

    def sync(self, items: list[UnitItem]) -> None:
        """Take the idle ones of ``items``; rebuilt only if the set or a member changed."""
        members = tuple((it, it.piece, it.name_at) for it in items if self.idle(it))
        if len(members) == len(self.members) and all(
            a[0] is b[0] and a[1] is b[1] and a[2] == b[2]
            for a, b in zip(members, self.members, strict=True)
        ):
            return
        now = {id(it) for it, *_ in members}
        for it, *_ in self.members:
            if id(it) not in now:
                it.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, False)
                it.update()
        for it, *_ in members:
            it.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)
        self.members = members
        self._build()

    def _build(self) -> None:
        self.prepareGeometryChange()
        places = [it.pos() for it, _, _ in self.members]
        boxes = []
        for (it, _, _), pos in zip(self.members, places, strict=True):
            x, y = pos.x(), pos.y()
            left, top, right, bottom = rect_coords(it.path.boundingRect())
            boxes.append((left + x, top + y, right + x, bottom + y))
        per_unit = stacking_layers(boxes)
        n = max(per_unit, default=-1) + 1
        fills: list[dict[tuple, tuple[QPen, QColor, QPainterPath]]] = [{} for _ in range(n)]
        fronts: list[dict[tuple, tuple[QPen, list[QLineF]]]] = [{} for _ in range(n)]
        grids: list[dict[tuple, tuple[QPen, list[QLineF]]]] = [{} for _ in range(n)]
        labels = []
        rect = QRectF()
        for (it, unit, _), pos, layer in zip(self.members, places, per_unit, strict=True):
            faded = unit.fleeing  # type: ignore[attr-defined]
            outline, grid, front = it.pens
            fill = it.fills[1] if faded else it.fills[0]
            key = (fill.rgba(), outline.color().rgba())
            entry = fills[layer].get(key)
            if entry is None:
                path = QPainterPath()
                path.setFillRule(Qt.FillRule.WindingFill)
                entry = fills[layer][key] = (outline, fill, path)
            entry[2].addPath(it.path.translated(pos))
            pen_key = (outline.color().rgba(), front.color().rgba())
            fronts[layer].setdefault(pen_key, (front, []))[1].append(it.front.translated(pos))
            if it.grid:
                grids[layer].setdefault(pen_key, (grid, []))[1].extend(
                    ln.translated(pos) for ln in it.grid
                )
            labels.append((unit.name, pos + it.name_at, it.ts))  # type: ignore[attr-defined]
            rect = rect.united(it.boundingRect().translated(pos))
        self._layers = [
            BatchLayer(list(f.values()), list(g.values()), list(fr.values()))
            for f, g, fr in zip(fills, grids, fronts, strict=True)
        ]
        self._labels = labels
        self._rect = rect
        self.update()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        ppi = pixels_per_inch(painter)
        painter.setOpacity(1.0)
        min_ppi = getattr(self.scene(), "label_min_ppi", 0.0)
        show_grid = ppi >= max(8.0, min_ppi)
        for layer in self._layers:
            for pen, fill, path in layer.fills:
                painter.setPen(pen)
                painter.setBrush(fill)
                painter.drawPath(path)
            if show_grid:
                for pen, lines in layer.grids:
                    painter.setPen(pen)
                    painter.drawLines(lines)
            for pen, lines in layer.fronts:
                painter.setPen(pen)
                painter.drawLines(lines)
        if ppi < min_ppi:
            return
        for name, at, ts in self._labels:
            if ppi * NAME_IN * ts >= MIN_TEXT_PX:
                draw_label(painter, name, at, readable(NAME_IN * ts, ppi), style.TEXT, LABEL_BG)
