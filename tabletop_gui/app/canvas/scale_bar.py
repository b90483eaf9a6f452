"""The scale bar: a round number of inches with a tick at each inch (on a hex
board a number of hexes), drawn by the view's corner widget and on the
disputed-range report (one look, one length rule)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter

from tabletop_gui.app import style
from tabletop_gui.model.hexgrid import SQRT3

#: The lengths a bar may take, inches; on a hex board, hexes.
LENGTHS = (0.5, 1, 2, 3, 6, 12, 24)
HEXES = (1, 2, 3, 5, 10)


def bar_length(ppi: float, min_px: float) -> float:
    """The shortest of LENGTHS at least ``min_px`` long at ``ppi`` (else the longest)."""
    return float(next((n for n in LENGTHS if n * ppi >= min_px), LENGTHS[-1]))


def draw_scale_bar(
    painter: QPainter, at: QPointF, ppi: float, min_px: float = 60.0, k: float = 1.0,
    font: QFont | None = None, hex_size: float | None = None,
) -> tuple[float, QRectF]:  # fmt: skip
    """Draw the bar with its box's top left at ``at`` (``k``: the size, 1 in the
    view's corner); the bar's length in inches and the box drawn. ``hex_size``:
    a hex board's, where inches mean nothing to the rules: a bar of a round
    number of hexes (HEXES), its ticks a hex apart, centre to centre."""
    if hex_size is not None:
        step = SQRT3 * hex_size * ppi
        count = next((n for n in HEXES if n * step >= min_px), HEXES[-1])
        length = count * SQRT3 * hex_size
        ticks = [i * step for i in range(count + 1)]
        text = "1 hex" if count == 1 else f"{count} hexes"
    else:
        length = bar_length(ppi, min_px)
        whole = length >= 1
        ticks = [i * ppi for i in range(int(length) + 1)] if whole else [0.0, length * ppi]
        text = f"{length:g} in"
    px = length * ppi
    x0, y0 = at.x(), at.y()
    box = QRectF(x0 + 2 * k, y0 + 4 * k, px + 70 * k, 30 * k)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(255, 255, 255, 210))
    painter.drawRoundedRect(box, 4 * k, 4 * k)
    y = y0 + 26 * k
    left = x0 + 10 * k
    painter.setPen(style.cosmetic(QColor("black"), max(2.0, 2 * k)))
    painter.drawLine(QPointF(left, y), QPointF(left + px, y))
    for i, t in enumerate(ticks):
        tick = (6 if i in (0, len(ticks) - 1) else 3) * k
        painter.drawLine(QPointF(left + t, y - tick), QPointF(left + t, y))
    if font is not None:
        painter.setFont(font)
    painter.drawText(
        QRectF(left + 6 * k + px, y0 + 8 * k, 60 * k, 24 * k), Qt.AlignmentFlag.AlignVCenter, text
    )
    painter.restore()
    return length, box
