"""The tools' icons, drawn with QPainter (no image files): an arrow (Select), a
ruler, a terrain outline, a dashed zone, a target (Where it scores), a unit with
its arc lines (Arcs) and a unit's view fanning out (Line of sight). Drawn in the
palette's text colour, so they read on light and dark themes."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QIcon, QPainter, QPainterPath, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import QApplication

SIZE = 64


def _pen(colour: QColor, width: float = 4.0, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    pen = QPen(colour, width, style)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    return pen


ARROW = ((16, 8), (16, 50), (27, 40), (35, 57), (42, 54), (34, 37), (48, 37))
OUTLINE = ((8, 44), (18, 14), (36, 22), (56, 10), (52, 50), (26, 54))


def _select(p: QPainter, c: QColor) -> None:
    arrow = QPolygonF([QPointF(x, y) for x, y in ARROW])
    p.setPen(_pen(c, 3))
    p.setBrush(QBrush(c))
    p.drawPolygon(arrow)


def _ruler(p: QPainter, c: QColor) -> None:
    p.translate(SIZE / 2, SIZE / 2)
    p.rotate(-35)
    p.setPen(_pen(c, 3.5))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRect(QRectF(-28, -9, 56, 18))
    for i in range(-22, 26, 7):
        p.drawLine(QPointF(i, -9), QPointF(i, -9 + (9 if i % 14 == 6 else 5)))


def _terrain(p: QPainter, c: QColor) -> None:
    corners = [
        QPointF(x, y) for x, y in ((8, 44), (18, 14), (36, 22), (56, 10), (52, 50), (26, 54))
    ]
    shape = QPolygonF(corners)
    fill = QColor(c)
    fill.setAlpha(70)
    p.setPen(_pen(c, 3.5))
    p.setBrush(QBrush(fill))
    p.drawPolygon(shape)
    p.setBrush(QBrush(c))
    for pt in corners:
        p.drawEllipse(pt, 4, 4)


def _zone(p: QPainter, c: QColor) -> None:
    fill = QColor(c)
    fill.setAlpha(60)
    p.setPen(_pen(c, 3.5, Qt.PenStyle.DashLine))
    p.setBrush(QBrush(fill))
    p.drawRect(QRectF(8, 30, 48, 24))
    p.setPen(_pen(c, 3.5))
    p.drawLine(QPointF(8, 14), QPointF(56, 14))


def _scores(p: QPainter, c: QColor) -> None:
    fill = QColor(c)
    fill.setAlpha(80)
    path = QPainterPath()
    path.addRoundedRect(QRectF(6, 6, 52, 52), 18, 18)
    p.setPen(_pen(c, 3.0, Qt.PenStyle.DashLine))
    p.setBrush(QBrush(fill))
    p.drawPath(path)
    p.setPen(_pen(c, 3.5))
    p.setBrush(QBrush(c))
    p.drawRect(QRectF(24, 26, 16, 12))  # the unit, inside where it would count


def _arcs(p: QPainter, c: QColor) -> None:
    p.setPen(_pen(c, 3.0, Qt.PenStyle.DashLine))
    for x0, y0, x1, y1 in ((24, 26, 6, 8), (40, 26, 58, 8), (24, 38, 6, 56), (40, 38, 58, 56)):
        p.drawLine(QPointF(x0, y0), QPointF(x1, y1))
    p.setPen(_pen(c, 3.5))
    p.setBrush(QBrush(c))
    p.drawRect(QRectF(24, 26, 16, 12))


def _sight(p: QPainter, c: QColor) -> None:
    fill = QColor(c)
    fill.setAlpha(80)
    fan = QPolygonF([QPointF(x, y) for x, y in ((22, 44), (42, 44), (60, 8), (4, 8))])
    p.setPen(_pen(c, 2.5))
    p.setBrush(QBrush(fill))
    p.drawPolygon(fan)
    p.setPen(_pen(c, 3.5))
    p.setBrush(QBrush(c))
    p.drawRect(QRectF(22, 44, 20, 12))


DRAWINGS: dict[str, Callable[[QPainter, QColor], None]] = {
    "arcs": _arcs,
    "sight": _sight,
    "select": _select,
    "measure": _ruler,
    "terrain": _terrain,
    "zone": _zone,
    "scores": _scores,
}


def icon(name: str) -> QIcon:
    """The icon of tool ``name`` (a key of DRAWINGS)."""
    app = QApplication.instance()
    colour = (
        app.palette().windowText().color()  # type: ignore[attr-defined]
        if app is not None
        else QColor("#202020")
    )
    pix = QPixmap(SIZE, SIZE)
    pix.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pix)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    DRAWINGS[name](painter, colour)
    painter.end()
    return QIcon(pix)
