"""The symbols drawn on a unit's counter: its type, a star for what makes it
special, and its strength as pips (``rules.play_types.UnitLook``, the family's
answer). Simple vector shapes of this program's own, told apart at a stream's
size, drawn in the side's darkest shade over the counter's fill:

- infantry: the counter's frame crossed corner to corner (an X);
- armour: a track, a long rounded oval;
- artillery: a gun, a filled wheel and a barrel raised to the right;
- cavalry: one diagonal;
- vehicle: a body on two wheels;
- ship: a hull under a low mast;
- train: a boxcar on three wheels;
- leader: a filled star in the middle;
- other: a small ring.

Each is built in a box of the counter's upper part (local coordinates, the
counter centred on 0, 0 and ``w`` wide), once per unit look: painting costs a
path or two.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF

from tabletop_gui.app.canvas.drawing import draw_label
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.rules.play_types import UNIT_SYMBOLS, UnitLook

#: Pips at most; a stronger unit shows "left/full" as text instead.
MAX_PIPS = 6


@dataclass(frozen=True)
class Glyph:
    """One look's shapes, local to the counter: lines to stroke, shapes to fill
    in the glyph's colour, the strength's pips (filled: left; hollow: lost) and,
    for a strength past MAX_PIPS, its text and where it goes."""

    strokes: QPainterPath
    fills: QPainterPath
    pips_left: QPainterPath
    pips_lost: QPainterPath
    text: str = ""
    text_at: tuple[float, float] = (0.0, 0.0)
    text_size: float = 0.0


def symbol_box(w: float, with_pips: bool) -> QRectF:
    """Where the type symbol goes on a counter ``w`` wide: its upper part when
    pips take the bottom, else most of it."""
    if with_pips:
        return QRectF(-0.34 * w, -0.36 * w, 0.68 * w, 0.46 * w)
    return QRectF(-0.34 * w, -0.3 * w, 0.68 * w, 0.6 * w)


def symbol_paths(symbol: str, box: QRectF) -> tuple[QPainterPath, QPainterPath]:
    """(lines, fills) of ``symbol`` in ``box``."""
    lines, fills = QPainterPath(), QPainterPath()
    x0, y0, x1, y1 = box.left(), box.top(), box.right(), box.bottom()
    cx, cy, bw, bh = box.center().x(), box.center().y(), box.width(), box.height()
    if symbol == "infantry":
        lines.addRect(box)
        lines.moveTo(x0, y0)
        lines.lineTo(x1, y1)
        lines.moveTo(x0, y1)
        lines.lineTo(x1, y0)
    elif symbol == "cavalry":
        lines.addRect(box)
        lines.moveTo(x0, y1)
        lines.lineTo(x1, y0)
    elif symbol == "armour":
        r = bh * 0.32
        lines.addRoundedRect(QRectF(x0, cy - r, bw, 2 * r), r, r)
    elif symbol == "artillery":
        r = bh * 0.28
        wheel = QPointF(cx - bw * 0.12, cy + bh * 0.12)
        fills.addEllipse(wheel, r, r)
        lines.moveTo(wheel)
        lines.lineTo(x1, y0 + bh * 0.05)
        lines.moveTo(wheel)
        lines.lineTo(x0, y1)
    elif symbol == "vehicle":
        body = QRectF(x0, y0 + bh * 0.1, bw, bh * 0.55)
        lines.addRect(body)
        r = bh * 0.16
        for fx in (0.25, 0.75):
            fills.addEllipse(QPointF(x0 + fx * bw, body.bottom() + r), r, r)
    elif symbol == "ship":
        hull = QPolygonF(
            [
                QPointF(x0, cy),
                QPointF(x1, cy),
                QPointF(x1 - bw * 0.15, y1),
                QPointF(x0 + bw * 0.15, y1),
            ]
        )
        fills.addPolygon(hull)
        fills.closeSubpath()
        lines.moveTo(cx, cy)
        lines.lineTo(cx, y0)
    elif symbol == "train":
        car = QRectF(x0, y0 + bh * 0.05, bw, bh * 0.6)
        lines.addRect(car)
        r = bh * 0.13
        for fx in (0.2, 0.5, 0.8):
            fills.addEllipse(QPointF(x0 + fx * bw, car.bottom() + r), r, r)
    elif symbol == "leader":
        fills.addPath(star(QPointF(cx, cy), 0.5 * min(bw, bh)))
    else:
        r = 0.3 * min(bw, bh)
        lines.addEllipse(QPointF(cx, cy), r, r)
    return lines, fills


def star(centre: QPointF, radius: float) -> QPainterPath:
    """A filled five-pointed star."""
    pts = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append(QPointF(centre.x() + r * math.cos(a), centre.y() + r * math.sin(a)))
    path = QPainterPath()
    path.addPolygon(QPolygonF(pts))
    path.closeSubpath()
    return path


def glyph(look: UnitLook, w: float) -> Glyph:
    """The shapes of ``look`` on a counter ``w`` wide (local, centred on 0, 0)."""
    strength = look.strength
    full = look.full if look.full is not None else strength
    pips = strength is not None and full is not None and 0 < full <= MAX_PIPS
    numbered = strength is not None and full is not None and full > MAX_PIPS
    box = symbol_box(w, pips or numbered)
    strokes, fills = symbol_paths(look.symbol, box) if look.symbol else (QPainterPath(),) * 2
    if look.badge:
        fills.addPath(star(QPointF(0.31 * w, -0.31 * w), 0.12 * w))
    left, lost = QPainterPath(), QPainterPath()
    text, at, size = "", (0.0, 0.0), 0.0
    if pips:
        assert strength is not None and full is not None
        step = min(0.17 * w, 0.72 * w / full)
        r = min(0.065 * w, step * 0.38)
        y = 0.27 * w
        x = -step * (full - 1) / 2
        for i in range(full):
            (left if i < strength else lost).addEllipse(QPointF(x + i * step, y), r, r)
    elif numbered:
        text, at, size = f"{strength}/{full}", (0.0, 0.26 * w), 0.16 * w
    return Glyph(strokes, fills, left, lost, text, at, size)


def look_words(look: UnitLook) -> str:
    """A look in words (a unit's tooltip): 'Infantry · Elite · 3 of 4 figures'."""
    parts = [p for p in (look.title, look.badge) if p]
    if look.strength is not None:
        full = f" of {look.full}" if look.full is not None else ""
        parts.append(f"{look.strength}{full} {look.counts or 'strength'}".strip())
    return " · ".join(parts)


def paint_glyph(painter: QPainter, g: Glyph, colour: QColor, ppi: float, at: QPointF) -> None:
    """Draw ``g`` with the counter's centre at ``at`` (scene), in ``colour``'s
    darkest shade: lines at least LINE_PX wide, lost pips hollow."""
    dark = colour.darker(230)
    width = max(LINE_IN, LINE_PX / max(ppi, 1e-6))
    painter.save()
    painter.translate(at)
    if not g.strokes.isEmpty():
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(dark, width))
        painter.drawPath(g.strokes)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(dark)
    if not g.fills.isEmpty():
        painter.drawPath(g.fills)
    if not g.pips_left.isEmpty():
        painter.drawPath(g.pips_left)
    if not g.pips_lost.isEmpty():
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(dark, width * 0.8))
        painter.drawPath(g.pips_lost)
    if g.text:
        draw_label(painter, g.text, QPointF(*g.text_at), g.text_size, dark)
    painter.restore()


#: Glyph lines: this many inches wide, and never under LINE_PX pixels.
LINE_IN = 0.035
LINE_PX = 1.2


#: Legend entries besides the types: the star and the pips.
SPECIAL, STRENGTH = "unit_special", "unit_strength"
SYMBOL_KINDS = (SPECIAL, STRENGTH)


def legend_symbols(looks: Iterable[UnitLook]) -> list[tuple[str, str]]:
    """(kind, text) of the legend's entries for what is drawn on these units:
    each type's symbol (in UNIT_SYMBOLS's order), the star, the pips."""
    looks = list(looks)
    titles: dict[str, str] = {}
    for look in looks:
        if look.symbol:
            titles.setdefault(look.symbol, look.title or look.symbol.capitalize())
    out = [(f"symbol:{s}", titles[s]) for s in UNIT_SYMBOLS if s in titles]
    if any(look.badge for look in looks):
        out.append((SPECIAL, "special unit (its tooltip says what)"))
    strong = next((look for look in looks if look.strength is not None), None)
    if strong is not None:
        out.append((STRENGTH, f"{strong.counts or 'strength'} left (hollow: lost)"))
    return out


def sample_look(kind: str) -> UnitLook:
    """What a legend entry's sample counter shows."""
    if kind == SPECIAL:
        return UnitLook(badge="★")
    if kind == STRENGTH:
        return UnitLook(strength=3, full=4)
    return UnitLook(symbol=kind.removeprefix("symbol:"))
