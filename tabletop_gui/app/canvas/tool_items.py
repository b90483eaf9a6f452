"""The items the view's tools put on the board: the rotate knob, the measure
line with its reading, and the preview of a polygon being drawn."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from tabletop_gui.app import style
from tabletop_gui.app.canvas import labels
from tabletop_gui.app.canvas.board_scene import BoardScene
from tabletop_gui.app.canvas.drawing import draw_dashed, draw_label, text_size
from tabletop_gui.app.canvas.layers import Z_TOOL


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
        self.setToolTip("Drag to rotate (R / Shift+R: 15° / 1° steps)")
        self.setCursor(Qt.CursorShape.CrossCursor)
        self.unit_id: str | None = None


class MeasureItem(QGraphicsItem):
    """The measure tool's closest-points line and its label: one line of text per
    part of the reading (the distance, then each rule's margin), placed beside
    the line where it covers no other label (``labels.line_label_spot``)."""

    #: Text size and the gap between the line and its label, inches on a 72 in
    #: board (times the scene's text scale: smaller on a small hex board).
    LABEL_IN = 0.6
    GAP = 0.3
    #: The text is drawn at least this many pixels tall (up to twice its size).
    READABLE_PX = 12.0

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_TOOL + 2)  # above the rotate handle: the reading stays whole
        self.a = QPointF()
        self.b = QPointF()
        self.lines: list[str] = []
        self.centre = QPointF()
        self.size_in = self.LABEL_IN
        self._rect = QRectF()
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    @property
    def text(self) -> str:
        return ", ".join(self.lines)

    def text_block(self) -> tuple[float, float, float]:
        """Width and height of the label's text (all its lines), and one line's height."""
        sizes = [text_size(t, self.size_in, bold=True) for t in self.lines] or [(0.0, 0.0)]
        line_h = max(h for _, h in sizes)
        return max(w for w, _ in sizes), line_h * len(sizes), line_h

    def label_box(self) -> QRectF:
        """The label with its background, scene coordinates."""
        w, h, _ = self.text_block()
        c = self.centre
        px, py = self.pad()
        return QRectF(c.x() - w / 2 - px, c.y() - h / 2 - py, w + 2 * px, h + 2 * py)

    def pad(self) -> tuple[float, float]:
        """The label's background around its text (x, y), inches."""
        k = self.size_in / self.LABEL_IN
        return 0.1 * k, 0.06 * k

    def set_line(
        self, a: QPointF, b: QPointF, text: str | list[str], ppi: float | None = None
    ) -> None:
        """Show the line ``a``-``b`` and its reading; ``ppi`` (the view's zoom) keeps
        the text at least READABLE_PX tall."""
        self.prepareGeometryChange()
        self.a, self.b = a, b
        self.lines = [text] if isinstance(text, str) else list(text)
        scene = self.scene()
        ts = scene.text_scale if isinstance(scene, BoardScene) else 1.0
        self.size_in = self.LABEL_IN * ts
        if ppi:
            self.size_in = min(max(self.size_in, self.READABLE_PX / ppi), 2 * self.size_in)
        w, h, _ = self.text_block()
        px, py = self.pad()
        gap = self.GAP * ts
        if isinstance(scene, BoardScene):
            self.centre = labels.line_label_spot(scene, a, b, w + 2 * px, h + 2 * py, gap)
        else:
            self.centre = (a + b) / 2 + QPointF(0, -(h / 2 + gap))
        self._rect = (
            QRectF(a, b).normalized().adjusted(-0.5, -0.5, 0.5, 0.5).united(self.label_box())
        )
        self.update()

    def label_at(self) -> QPointF:
        return self.centre

    def boundingRect(self) -> QRectF:
        return self._rect

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
        box = self.label_box()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 200))
        painter.drawRoundedRect(box, self.pad()[1], self.pad()[1])
        _, h, line_h = self.text_block()
        y = self.centre.y() - h / 2 + line_h / 2
        for text in self.lines:
            draw_label(painter, text, QPointF(self.centre.x(), y), self.size_in,
                       QColor("white"), bold=True)  # fmt: skip
            y += line_h


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
