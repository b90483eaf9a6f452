"""The legend: side colours and what each overlay style means (window and render).

Entries flow left to right in columns as wide as their longest text (measured in
the font they are drawn in), so no text is cut off: the window's legend takes as
many columns as fit its width, and wraps a text onto more lines only when one
column is too narrow for it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen, QPolygonF, QResizeEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from tabletop_gui.app import style
from tabletop_gui.app.canvas.glyphs import SYMBOL_KINDS, glyph, paint_glyph, sample_look
from tabletop_gui.model.scene import Scene

#: Default entry width (exports lay out this many pixels per column at least).
ENTRY_W = 150
ROW_H = 22
#: An entry's text starts this far from its left (after the sample) and keeps
#: TEXT_PAD pixels free on its right.
TEXT_X = 34
TEXT_PAD = 6
TEXT_FLAGS = Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap


def blocks_sight(scene: Scene) -> bool:
    """The board has terrain that blocks sight and is not Impassable (which has
    its own entry): the legend says what its dark edge means."""
    return any(t.opaque and not t.impassable for t in scene.terrain.values())


def legend_entries(
    sides: list[tuple[str, QColor]],
    terrain: Sequence[tuple[str, QColor, bool]] = (),
    symbols: Sequence[tuple[str, str]] = (),
    blocks_sight: bool = False,
) -> list[tuple[str, str, QColor]]:
    """(kind, text, colour) per entry: sides first, then the overlay styles (terrain
    that blocks sight when the board has some), then what the board prints (a hex
    board's terrain: name, colour, overlay), then what is drawn on the units
    (``glyphs.legend_symbols``: kind, text)."""
    first = sides[0][1] if sides else style.SAFE_COLOURS[0]
    out = [("side", name, colour) for name, colour in sides]
    out += [
        ("counts", "counts for its side", QColor(first)),
        ("not_counting", "in range, does not count", style.DIM),
        ("contested", "contested", style.ERROR),
        ("placement_error", "placement rule broken (!)", style.ERROR),
        ("carried", "chosen ⚑ / carried ◆", QColor(first)),
        ("circle", "control radius", style.NEUTRAL),
        ("impassable", "Impassable terrain", style.IMPASSABLE),
    ]
    if blocks_sight:
        out.append(("opaque", "Terrain blocking sight", style.TERRAIN.darker(115)))
    out += [("terrain_ring" if ring else "terrain", name, colour) for name, colour, ring in terrain]
    out += [(kind, text, style.NEUTRAL) for kind, text in symbols]
    return out


def paint_entry(
    painter: QPainter, kind: str, text: str, colour: QColor, box: QRectF, font: QFont
) -> None:
    """One legend sample in ``box`` (pixel coordinates) and its text to the right."""
    # No taller than wide (a row grown for a wrapped text keeps its sample square).
    sh = min(box.height() - 8, 26.0)
    s = QRectF(box.left() + 2, box.center().y() - sh / 2, 26, sh)
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
    elif kind in ("terrain", "terrain_ring"):
        _paint_hex_sample(painter, s, colour, ring=kind == "terrain_ring")
    elif kind in SYMBOL_KINDS or kind.startswith("symbol:"):
        _paint_symbol_sample(painter, s, kind)
    elif kind == "opaque":
        painter.setPen(QPen(style.OPAQUE_EDGE, 3))
        painter.setBrush(colour)
        painter.drawRect(s.adjusted(1.5, 1.5, -1.5, -1.5))
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
        elif kind == "carried":
            painter.setPen(QPen(colour, 2, Qt.PenStyle.DotLine))
            painter.drawRect(s.adjusted(1, 1, -1, -1))
            painter.setPen(QPen(style.ERROR, 1))
            painter.setBrush(QColor("white"))
            r = sh / 4
            badge = QPointF(s.right() - r, s.top() + r)
            painter.drawEllipse(badge, r, r)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colour)
            d = r * 0.6  # the ◆ badge's glyph, drawn as a diamond
            tips = [QPointF(0, -d), QPointF(d, 0), QPointF(0, d), QPointF(-d, 0)]
            painter.drawPolygon(QPolygonF([badge + t for t in tips]))
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
    painter.drawText(text_box(box), TEXT_FLAGS, text)
    painter.restore()


def _paint_symbol_sample(painter: QPainter, s: QRectF, kind: str) -> None:
    """A grey unit counter showing one of the things drawn on units."""
    side = s.height() + 2
    counter = QRectF(s.center().x() - side / 2, s.center().y() - side / 2, side, side)
    painter.setPen(QPen(QColor("#707070"), 1))
    painter.setBrush(QColor("#e4e4e4"))
    painter.drawRect(counter)
    look = sample_look(kind)
    ppi = side / 0.8  # a counter 0.8 in wide, drawn ``side`` pixels wide
    painter.save()
    painter.scale(ppi, ppi)
    paint_glyph(painter, glyph(look, 0.8), QColor("#707070"), ppi, counter.center() / ppi)
    painter.restore()


def _paint_hex_sample(painter: QPainter, s: QRectF, colour: QColor, ring: bool) -> None:
    """A hex swatch: filled with a terrain's colour, or a ring of an overlay's."""
    r = s.height() / 2 + 1
    c = s.center()
    corners = [
        QPointF(c.x() + r * math.cos(math.radians(60 * i - 30)),
                c.y() + r * math.sin(math.radians(60 * i - 30)))
        for i in range(6)
    ]  # fmt: skip
    painter.setPen(QPen(QColor(0, 0, 0, 110), 1))
    painter.setBrush(QColor("#ece6d6") if ring else colour)
    painter.drawPolygon(QPolygonF(corners))
    if ring:
        painter.setPen(QPen(colour, max(2.0, r * 0.35)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        inner = [c + (p - c) * 0.78 for p in corners]
        painter.drawPolygon(QPolygonF(inner))


def text_box(box: QRectF) -> QRectF:
    """Where an entry drawn in ``box`` writes its text."""
    return QRectF(box.left() + TEXT_X, box.top(), box.width() - TEXT_X - TEXT_PAD, box.height())


def entry_width(text: str, fm: QFontMetricsF) -> float:
    """The width an entry needs to show ``text`` on one line."""
    return TEXT_X + fm.horizontalAdvance(text) + TEXT_PAD + 1


def column_widths(
    entries: list[tuple[str, str, QColor]], fm: QFontMetricsF, cols: int
) -> list[float]:
    """Each column's need when the entries flow left to right in ``cols`` columns."""
    widths = [0.0] * cols
    for i, (_, text, _) in enumerate(entries):
        widths[i % cols] = max(widths[i % cols], entry_width(text, fm))
    return widths


def layout_legend(
    entries: list[tuple[str, str, QColor]],
    fm: QFontMetricsF,
    width: float,
    cols: int | None = None,
    row_h: float = ROW_H,
    grow_rows: bool = True,
) -> list[QRectF]:
    """A box per entry (from 0, 0), flowed left to right ``width`` wide.

    ``cols`` None: as many columns as fit every text; one column at least, whose
    texts wrap when it is still too narrow (rows grow to hold them, unless
    ``grow_rows`` is False). Columns are as wide as their longest text, the spare
    width shared out evenly; given too little width they share it equally."""
    n = len(entries)
    if not n:
        return []
    if cols is None:
        cols = 1
        for c in range(n, 1, -1):
            if sum(column_widths(entries, fm, c)) <= width:
                cols = c
                break
    cols = max(1, min(cols, n))
    needs = column_widths(entries, fm, cols)
    spare = width - sum(needs)
    widths = [w + spare / cols for w in needs] if spare >= 0 else [width / cols] * cols
    lefts = [sum(widths[:c]) for c in range(cols)]
    boxes: list[QRectF] = []
    top = 0.0
    for start in range(0, n, cols):
        row = range(start, min(start + cols, n))
        h = row_h
        if grow_rows:
            for i in row:
                c = i - start
                inner = QRectF(0, 0, widths[c] - TEXT_X - TEXT_PAD, 1e6)
                need = fm.boundingRect(inner, int(TEXT_FLAGS), entries[i][1]).height() + 6
                h = max(h, need)
        boxes += [QRectF(lefts[i - start], top, widths[i - start], h) for i in row]
        top += h
    return boxes


def paint_legend(
    painter: QPainter,
    rect: QRectF,
    entries: list[tuple[str, str, QColor]],
    font: QFont,
    entry_w: float = ENTRY_W,
    row_h: float = ROW_H,
) -> float:
    """Entries flowed left to right in ``rect``, ``rect.width() // entry_w`` columns
    of ``row_h`` rows, a row taller where a text wraps onto more lines (as
    ``legend_height`` planned: a long side name was cut off in a narrow
    picture), each column as wide as its longest text needs; returns the height
    used."""
    boxes = _page_boxes(entries, font, rect.width(), entry_w, row_h)
    for (kind, text, colour), box in zip(entries, boxes, strict=True):
        paint_entry(painter, kind, text, colour, box.translated(rect.topLeft()), font)
    return boxes[-1].bottom() if boxes else 0.0


def legend_height(
    entries: list[tuple[str, str, QColor]],
    font: QFont,
    width: float,
    entry_w: float = ENTRY_W,
    row_h: float = ROW_H,
) -> float:
    """The height ``paint_legend`` takes for ``entries`` ``width`` wide."""
    boxes = _page_boxes(entries, font, width, entry_w, row_h)
    return boxes[-1].bottom() if boxes else 0.0


def _page_boxes(
    entries: list[tuple[str, str, QColor]], font: QFont, width: float, entry_w: float, row_h: float
) -> list[QRectF]:
    cols = max(1, int(width // entry_w))
    return layout_legend(entries, QFontMetricsF(font), width, cols, row_h)


class LegendWidget(QWidget):
    """The window's legend: as many columns as fit its width, as tall as it needs."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.entries: list[tuple[str, str, QColor]] = legend_entries([])
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def set_sides(
        self,
        sides: list[tuple[str, QColor]],
        terrain: Sequence[tuple[str, QColor, bool]] = (),
        symbols: Sequence[tuple[str, str]] = (),
        blocks_sight: bool = False,
    ) -> None:
        """The sides' entries, the board's printed terrain after the styles, and
        what is drawn on the units."""
        entries = legend_entries(sides, terrain, symbols, blocks_sight)
        if entries == self.entries:
            return
        self.entries = entries
        self._fit_height()
        self.updateGeometry()
        self.update()

    def boxes(self, width: float | None = None) -> list[QRectF]:
        """Each entry's box at ``width`` (default: the widget's), widget pixels."""
        w = self.width() if width is None else width
        return layout_legend(self.entries, QFontMetricsF(self.font()), max(1.0, w))

    def text_boxes(self) -> list[QRectF]:
        """Where each entry's text is written, widget pixels."""
        return [text_box(b) for b in self.boxes()]

    def sizeHint(self) -> QSize:
        fm = QFontMetricsF(self.font())
        w = sum(column_widths(self.entries, fm, min(2, max(1, len(self.entries)))))
        return QSize(round(w + 0.5), self.heightForWidth(round(w + 0.5)))

    def minimumSizeHint(self) -> QSize:
        return QSize(TEXT_X + TEXT_PAD + 60, ROW_H)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, w: int) -> int:
        boxes = self.boxes(w)
        return round(max((b.bottom() for b in boxes), default=0.0) + 0.5) + 4

    def _fit_height(self) -> None:
        self.setFixedHeight(self.heightForWidth(self.width()))

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._fit_height()
        super().resizeEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.FontChange:
            self._fit_height()
            self.updateGeometry()
        super().changeEvent(event)

    def paintEvent(self, event: object) -> None:
        painter = QPainter(self)
        font = self.font()
        for (kind, text, colour), box in zip(self.entries, self.boxes(), strict=True):
            paint_entry(painter, kind, text, colour, box, font)
        painter.end()
