"""What is printed on a hex board, drawn under everything else: the ground and
terrain fills, overlay rings (bridges, wire, sandbags...) and the board's labels
(town and river names). The board's legend names each colour (``legend_terrain``
feeds the window's legend and the exports').

Paths are built once per board (one path per colour), so a repaint costs a few
``drawPath`` calls whatever the number of hexes.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPolygonF

from tabletop_gui.app.canvas.drawing import BoardMap, draw_label, pixels_per_inch
from tabletop_gui.model.hexgrid import Hex, HexBoard
from tabletop_gui.model.hexterrain import layers_by_hex

#: Overlay rings, as fractions of the hex size: the first overlay of a hex, the second.
RINGS = ((0.92, 0.78), (0.78, 0.66))
LABEL_BACKGROUND = QColor(255, 255, 255, 170)
LABEL_COLOUR = QColor("#202020")


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


def paint_labels(painter: QPainter, board: HexBoard, bmap: BoardMap, text_scale: float) -> None:
    """The board's labels, in the lower part of their hex (a unit stands in its middle)."""
    size = 0.3 * board.hex_size * max(0.6, min(1.0, text_scale * 2.5))
    if not board.labels or pixels_per_inch(painter) * size < 5:
        return
    for label in board.labels:
        x, y = board.hex_to_point(label.hex)
        at = bmap.to_scene(x, y - 0.62 * board.hex_size)
        draw_label(painter, label.text, QPointF(at), size, LABEL_COLOUR, LABEL_BACKGROUND)


def legend_terrain(board: object) -> list[tuple[str, QColor, bool]]:
    """(name, colour, overlay) of the terrain kinds a hex board's legend lists."""
    if not isinstance(board, HexBoard):
        return []
    return [(k.name, QColor(k.colour), k.overlay) for k in board.legend]
