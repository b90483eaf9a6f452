"""What is printed on a hex board: the ground and terrain fills and overlay rings
(bridges, wire, sandbags...), drawn under everything else, and the board's
labels (town and river names), drawn where the label pass puts them. The
board's legend names each colour (``legend_terrain`` feeds the window's legend
and the exports').

Paths are built once per board (one path per colour), so a repaint costs a few
``drawPath`` calls whatever the number of hexes.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from tabletop_gui.app.canvas.drawing import (
    BoardMap,
    draw_label,
    pixels_per_inch,
    text_size,
)
from tabletop_gui.app.canvas.hex_labels import PrintedLabel
from tabletop_gui.app.canvas.layers import Z_LABEL
from tabletop_gui.model.hexgrid import Hex, HexBoard
from tabletop_gui.model.hexterrain import layers_by_hex

#: Overlay rings, as fractions of the hex size: the first overlay of a hex, the second.
RINGS = ((0.92, 0.78), (0.78, 0.66))
LABEL_BACKGROUND = QColor(255, 255, 255, 170)
LABEL_COLOUR = QColor("#202020")
#: A printed label smaller than this many pixels is not drawn.
MIN_PRINT_PX = 5.0


def _polygon(board: HexBoard, bmap: BoardMap, h: Hex, scale: float) -> QPolygonF:
    cx, cy = board.hex_to_point(h)
    return QPolygonF(
        [bmap.to_scene(cx + (x - cx) * scale, cy + (y - cy) * scale) for x, y in board.corners(h)]
    )


class TerrainPaths:
    """The fills and rings of one board, one path per colour."""

    def __init__(self, board: HexBoard, bmap: BoardMap) -> None:
        legend = {k.key: k for k in board.legend}
        layers = layers_by_hex(board.terrain)
        self.fills: dict[str, QPainterPath] = {}
        self.rings: dict[str, QPainterPath] = {}
        for h in board.hexes():
            kinds = [k for k in layers.get(h, ()) if k in legend]
            fill = next((k for k in kinds if not legend[k].overlay), board.ground)
            if fill in legend:
                path = self.fills.setdefault(legend[fill].colour, QPainterPath())
                path.addPolygon(_polygon(board, bmap, h, 1.0))
                path.closeSubpath()
            overlays = [k for k in kinds if legend[k].overlay]
            for (outer, inner), kind in zip(RINGS, overlays, strict=False):
                ring = self.rings.setdefault(legend[kind].colour, QPainterPath())
                ring.addPolygon(_polygon(board, bmap, h, outer))
                ring.closeSubpath()
                ring.addPolygon(_polygon(board, bmap, h, inner))
                ring.closeSubpath()

    def paint_fills(self, painter: QPainter) -> None:
        painter.setPen(Qt.PenStyle.NoPen)
        for colour, path in self.fills.items():
            painter.setBrush(QColor(colour))
            painter.drawPath(path)

    def paint_rings(self, painter: QPainter) -> None:
        painter.setPen(Qt.PenStyle.NoPen)
        for colour, path in self.rings.items():
            painter.setBrush(QColor(colour))
            painter.drawPath(path)


class PrintedLabels(QGraphicsItem):
    """The board's printed labels (town and river names) where the label pass put
    them (``hex_labels.place_printed``): above the fills and rings, below the
    units; a label with no place at this zoom is not drawn."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_LABEL - 0.05)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.placed: list[PrintedLabel] = []
        self._rect = QRectF()

    def set_placed(self, placed: list[PrintedLabel | None]) -> None:
        shown = [p for p in placed if p is not None]
        if shown == self.placed:
            return
        self.prepareGeometryChange()
        self.placed = shown
        rect = QRectF()
        for p in shown:
            w = max(text_size(line, p.size_in)[0] for line in p.lines)
            h = text_size(p.lines[0], p.size_in)[1] * len(p.lines)
            rect = rect.united(
                QRectF(p.centre.x() - w / 2 - 0.2, p.centre.y() - h / 2 - 0.2, w + 0.4, h + 0.4)
            )
        self._rect = rect
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        ppi = pixels_per_inch(painter)
        for p in self.placed:
            if ppi * p.size_in < MIN_PRINT_PX:
                continue
            line_h = text_size(p.lines[0], p.size_in)[1]
            for line, at in zip(p.lines, p.line_centres(line_h), strict=True):
                draw_label(painter, line, at, p.size_in, LABEL_COLOUR, LABEL_BACKGROUND)


def legend_terrain(board: object) -> list[tuple[str, QColor, bool]]:
    """(name, colour, overlay) of the terrain kinds a hex board's legend lists."""
    if not isinstance(board, HexBoard):
        return []
    return [(k.name, QColor(k.colour), k.overlay) for k in board.legend]
