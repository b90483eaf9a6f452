"""The legend: side colours and what each overlay style means (window and render)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from tabletop_gui.app import style

ENTRY_W = 150
ROW_H = 22


def legend_entries(sides: list[tuple[str, QColor]]) -> list[tuple[str, str, QColor]]:
    """(kind, text, colour) per entry: sides first, then the overlay styles."""
    first = sides[0][1] if sides else style.SAFE_COLOURS[0]
    out = [("side", name, colour) for name, colour in sides]
    out += [
        ("counts", "counts for its side", QColor(first)),
        ("not_counting", "in range, does not count", style.DIM),
        ("contested", "contested", style.ERROR),
        ("placement_error", "placement rule broken (!)", style.ERROR),
        ("circle", "control radius", style.NEUTRAL),
        ("impassable", "Impassable terrain", style.IMPASSABLE),
    ]
    return out


def paint_entry(
    painter: QPainter, kind: str, text: str, colour: QColor, box: QRectF, font: QFont
) -> None:
    """One legend sample in ``box`` (pixel coordinates) and its text to the right."""
    s = QRectF(box.left() + 2, box.top() + 4, 26, box.height() - 8)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    if kind == "side":
        painter.setPen(QPen(colour.darker(160), 1))
        painter.setBrush(style.with_alpha(colour, 190))
        painter.drawRect(s)
    elif kind == "circle":
        painter.setPen(QPen(colour, 2))
        painter.setBrush(style.with_alpha(colour, 26))
        painter.drawEllipse(s.center(), s.height() / 2 + 1, s.height() / 2 + 1)
    elif kind == "impassable":
        painter.setPen(QPen(QColor("black"), 1))
        painter.setBrush(colour)
        painter.drawRect(s)
        painter.setBrush(style.brush(QColor(255, 255, 255, 90), Qt.BrushStyle.DiagCrossPattern))
        painter.drawRect(s)
    else:
        painter.setPen(QPen(style.DIM.darker(120), 1))
        painter.setBrush(style.with_alpha(colour if kind == "counts" else style.DIM, 150))
        inner = s.adjusted(4, 3, -4, -3)
        painter.drawRect(inner)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if kind == "counts":
            painter.setPen(QPen(colour, 3))
            painter.drawRect(s.adjusted(1.5, 1.5, -1.5, -1.5))
        elif kind == "not_counting":
            painter.setPen(QPen(style.DIM, 2, Qt.PenStyle.DashLine))
            painter.drawRect(s.adjusted(1.5, 1.5, -1.5, -1.5))
        else:
            under = style.ERROR_ALT if kind == "placement_error" else QColor("white")
            painter.setPen(QPen(under, 3))
            painter.drawRect(s.adjusted(1.5, 1.5, -1.5, -1.5))
            painter.setPen(QPen(style.ERROR, 3, Qt.PenStyle.DashLine))
            painter.drawRect(s.adjusted(1.5, 1.5, -1.5, -1.5))
    painter.setFont(font)
    painter.setPen(QColor("#111111"))
    painter.drawText(
        QRectF(s.right() + 6, box.top(), box.width() - 40, box.height()),
        Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
        text,
    )
    painter.restore()


def paint_legend(
    painter: QPainter,
    rect: QRectF,
    entries: list[tuple[str, str, QColor]],
    font: QFont,
    entry_w: float = ENTRY_W,
    row_h: float = ROW_H,
) -> float:
    """Entries flowed left to right in ``rect``; returns the height used."""
    cols = max(1, int(rect.width() // entry_w))
    for i, (kind, text, colour) in enumerate(entries):
        r, c = divmod(i, cols)
        paint_entry(
            painter,
            kind,
            text,
            colour,
            QRectF(rect.left() + c * entry_w, rect.top() + r * row_h, entry_w, row_h),
            font,
        )
    rows = (len(entries) + cols - 1) // cols
    return rows * row_h


class LegendWidget(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.entries: list[tuple[str, str, QColor]] = legend_entries([])
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def set_sides(self, sides: list[tuple[str, QColor]]) -> None:
        entries = legend_entries(sides)
        if entries == self.entries:
            return
        self.entries = entries
        self.updateGeometry()
        self.update()

    def _cols(self) -> int:
        return max(1, int(max(self.width(), ENTRY_W) // ENTRY_W))

    def sizeHint(self) -> QSize:
        rows = (len(self.entries) + 1) // 2
        return QSize(2 * ENTRY_W, rows * ROW_H + 4)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, w: int) -> int:
        cols = max(1, w // ENTRY_W)
        return ((len(self.entries) + cols - 1) // cols) * ROW_H + 4

    def resizeEvent(self, event: object) -> None:
        self.setFixedHeight(self.heightForWidth(self.width()))
        super().resizeEvent(event)

    def paintEvent(self, event: object) -> None:
        painter = QPainter(self)
        paint_legend(painter, QRectF(self.rect()), self.entries, self.font())
        painter.end()
