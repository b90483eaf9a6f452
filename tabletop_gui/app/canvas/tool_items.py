"""The items the view's tools put on the board: the rotate knob, the measure
line with its reading, and the preview of a polygon being drawn."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from tabletop_gui.app import style
from tabletop_gui.app.canvas.annotation_items import LineReading
from tabletop_gui.app.canvas.drawing import draw_dashed
from tabletop_gui.app.canvas.layers import Z_TOOL
from tabletop_gui.app.editor import ROTATE_FINE, ROTATE_STEP


class RotateHandle(QGraphicsEllipseItem):
    """The knob in front of the selected unit: drag it to turn the unit."""

    RADIUS_PX = 7.0

    def __init__(self) -> None:
        r = self.RADIUS_PX
        super().__init__(-r, -r, 2 * r, 2 * r)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.setZValue(Z_TOOL + 1)
        self.setBrush(QColor("white"))
        self.setPen(style.cosmetic(QColor("black"), 2))
        self.setToolTip(
            f"Drag to rotate (R / Shift+R: {ROTATE_STEP:g}° left / right;"
            f" Alt+R / Alt+Shift+R: {ROTATE_FINE:g}°)"
        )
        self.setCursor(Qt.CursorShape.CrossCursor)
        self.unit_id: str | None = None


class MeasureItem(LineReading):
    """The measure tool's closest-points line and its label: one line of text per
    part of the reading (the distance, then each rule's margin), placed beside
    the line where it covers no other label (``labels.line_label_spot``)."""

    #: Text size, inches on a 72 in board (times the scene's text scale: smaller
    #: on a small hex board); zoomed in, it grows up to twice that, with no cap.
    LABEL_IN = 0.6
    MAX_PX = math.inf

    def __init__(self) -> None:
        super().__init__(QColor("black"))
        self.setZValue(Z_TOOL + 2)  # above the rotate handle: the reading stays whole
        #: The ids of the pieces measured between (None: a point of the board).
        self.ends: tuple[str | None, ...] = ()

    def end_pieces(self) -> tuple[str | None, ...]:
        return self.ends

    @property
    def text(self) -> str:
        return ", ".join(self.lines)

    def set_line(
        self,
        a: QPointF,
        b: QPointF,
        text: str | list[str],
        ppi: float | None = None,
        place: bool = True,
    ) -> None:
        """Show the line ``a``-``b`` and its reading; ``ppi`` (the view's zoom) keeps
        the text at least READABLE_PX tall."""
        super().set_line(a, b, [text] if isinstance(text, str) else list(text), ppi, place)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setOpacity(1.0)
        painter.setPen(style.cosmetic(QColor("white"), 5))
        painter.drawLine(self.a, self.b)
        line = QPainterPath(self.a)
        line.lineTo(self.b)
        draw_dashed(painter, line, QColor("black"), 2, pixels=True)
        painter.setBrush(QColor("black"))
        for p in (self.a, self.b):
            painter.drawEllipse(p, 0.12, 0.12)
        self.paint_reading(painter, QColor(0, 0, 0, 200))


class PolygonPreview(QGraphicsItem):
    """The polygon being drawn: its points, and the edge on to the mouse."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_TOOL)
        self.points: list[QPointF] = []
        self.cursor_at: QPointF | None = None
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set(self, points: list[QPointF], cursor: QPointF | None) -> None:
        self.prepareGeometryChange()
        self.points, self.cursor_at = list(points), cursor
        self.update()

    def boundingRect(self) -> QRectF:
        pts = self.points + ([self.cursor_at] if self.cursor_at is not None else [])
        if not pts:
            return QRectF()
        xs, ys = [p.x() for p in pts], [p.y() for p in pts]
        return QRectF(min(xs) - 1, min(ys) - 1, max(xs) - min(xs) + 2, max(ys) - min(ys) + 2)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setOpacity(1.0)
        pts = self.points + ([self.cursor_at] if self.cursor_at is not None else [])
        path = QPainterPath()
        if pts:
            path.moveTo(pts[0])
            for p in pts[1:]:
                path.lineTo(p)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 30))
        painter.drawPath(path)
        draw_dashed(painter, path, QColor("black"), 2, pixels=True)
        painter.setPen(style.cosmetic(QColor("black"), 1))
        painter.setBrush(QColor("white"))
        for p in self.points:
            painter.drawEllipse(p, 0.15, 0.15)
