"""Small painting helpers: board-to-scene mapping and board-sized labels."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import cast

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPolygonF,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from tabletop_gui.app import style

#: A rectangle as plain numbers: left, top, right, bottom.
Box = tuple[float, float, float, float]


def rect_coords(r: QRectF) -> Box:
    """``r.getCoords()`` typed (PySide6's stubs give it no element types)."""
    return cast(Box, r.getCoords())


class BoardMap:
    """Board inches to scene units: 1 scene unit = 1 inch, y flipped so that side
    A's long edge (board y = 0) is at the bottom of the screen."""

    def __init__(self, height: float) -> None:
        self.height = float(height)

    def to_scene(self, x: float, y: float) -> QPointF:
        return QPointF(x, self.height - y)

    def to_board(self, p: QPointF) -> tuple[float, float]:
        return (p.x(), self.height - p.y())

    def polygon(
        self, points: tuple[tuple[float, float], ...] | list[tuple[float, float]]
    ) -> QPolygonF:
        h = self.height
        return QPolygonF([QPointF(x, h - y) for x, y in points])


@lru_cache(maxsize=64)
def _font(px: int, bold: bool, italic: bool) -> tuple[QFont, QFontMetricsF]:
    font = QFont("DejaVu Sans")
    font.setPixelSize(px)
    font.setBold(bold)
    font.setItalic(italic)
    return font, QFontMetricsF(font)


def text_size(text: str, size_in: float, bold: bool = False) -> tuple[float, float]:
    """Width and height in inches of ``text`` drawn ``size_in`` inches tall."""
    _, fm = _font(max(1, round(size_in * style.TEXT_SCALE)), bold, False)
    return fm.horizontalAdvance(text) / style.TEXT_SCALE, fm.height() / style.TEXT_SCALE


def label_rect(
    text: str, centre: QPointF, size_in: float, bold: bool = False, pad: float = 0.08
) -> QRectF:
    w, h = text_size(text, size_in, bold)
    return QRectF(centre.x() - w / 2 - pad, centre.y() - h / 2 - pad, w + 2 * pad, h + 2 * pad)


def draw_label(
    painter: QPainter,
    text: str,
    centre: QPointF,
    size_in: float,
    colour: QColor = style.TEXT,
    background: QColor | None = None,
    bold: bool = False,
    italic: bool = False,
    within: QRectF | None = None,
) -> None:
    """Draw ``text`` centred on ``centre`` (scene coordinates), ``size_in`` inches
    tall. ``within`` (the board): the label, background included, is kept inside
    it, moved in from an edge and, wider than it, cut short with "…"
    (docs/streaming.md: labels stay on the board)."""
    if not text:
        return
    px = max(1, round(size_in * style.TEXT_SCALE))
    font, fm = _font(px, bold, italic)
    w = fm.horizontalAdvance(text)
    h = fm.height()
    if within is not None:
        text, w, centre = _kept_within(text, w, h, fm, centre, within, background is not None)
        if not text:
            return
    painter.save()
    painter.translate(centre)
    painter.scale(1 / style.TEXT_SCALE, 1 / style.TEXT_SCALE)
    rect = QRectF(-w / 2, -h / 2, w, h)
    if background is not None:
        pad = 0.08 * style.TEXT_SCALE
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(background)
        painter.drawRoundedRect(rect.adjusted(-pad, -pad / 2, pad, pad / 2), pad, pad)
    painter.setFont(font)
    painter.setPen(colour)
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
    painter.restore()


def _kept_within(
    text: str,
    w: float,
    h: float,
    fm: QFontMetricsF,
    centre: QPointF,
    within: QRectF,
    background: bool,
) -> tuple[str, float, QPointF]:
    """``draw_label``'s text, width (font pixels) and centre kept inside ``within``."""
    k = style.TEXT_SCALE
    pad = 0.08 * k if background else 0.0
    room = within.width() * k - 2 * pad
    if w > room:
        text = fm.elidedText(text, Qt.TextElideMode.ElideRight, max(room, 0.0))
        w = fm.horizontalAdvance(text)
    half_w, half_h = (w / 2 + pad) / k, (h / 2 + pad / 2) / k
    x = min(max(centre.x(), within.left() + half_w), within.right() - half_w)
    y = min(max(centre.y(), within.top() + half_h), within.bottom() - half_h)
    if within.height() < 2 * half_h:
        y = within.center().y()
    return text, w, QPointF(x, y)


def board_of(item: QGraphicsItem) -> QRectF | None:
    """The board of the scene ``item`` is in (its labels are kept on it), if any."""
    board_rect = getattr(item.scene(), "board_rect", None)
    return board_rect() if callable(board_rect) else None


def pixels_per_inch(painter: QPainter) -> float:
    return QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())


#: Hatching: the lines repeat every this many pixels along a row, as Qt's 8 x 8
#: pattern brushes do.
HATCH_PX = 8.0


def draw_hatch(
    painter: QPainter, path: QPainterPath, colour: QColor, rising: bool = True,
    falling: bool = True,
) -> None:  # fmt: skip
    """Hatch ``path`` with thin diagonal lines ``HATCH_PX`` pixels apart at the
    painter's zoom (``rising``: bottom left to top right; both: a cross), drawn
    as the lines' parts inside the path rather than with a pattern brush or a
    clip, so every picture draws the same: a pattern brush is a tile of pixels
    that an SVG (the stream overlay's board) shows as coarse squares, and an
    SVG drops a clip."""
    ppi = pixels_per_inch(painter)
    if ppi <= 0:
        return
    polygons = tuple(
        tuple((poly.at(i).x(), poly.at(i).y()) for i in range(poly.size()))
        for poly in path.toFillPolygons()
        if poly.size() > 2
    )
    segments = _hatch_segments(polygons, round(HATCH_PX / ppi, 6), rising, falling)
    if segments:
        painter.save()
        painter.setPen(style.cosmetic(colour, 1))
        painter.drawLines([QPointF(x, y) for seg in segments for x, y in seg])
        painter.restore()


@lru_cache(maxsize=256)
def _hatch_segments(
    polygons: tuple[tuple[tuple[float, float], ...], ...], step: float, rising: bool,
    falling: bool,
) -> tuple[tuple[tuple[float, float], tuple[float, float]], ...]:  # fmt: skip
    """The parts inside ``polygons`` (even-odd, as Qt fills) of diagonal lines
    ``step`` apart along a row (cached: an item repaints at one zoom many times).

    Each line is cut on its own: cut as one MultiLineString, the lines of a cross
    were split at every crossing (GEOS nodes them), n² pieces for n lines each way
    (2.7 million at a printer's 1,200 dpi over a 6 x 5 in wood)."""
    import numpy as np
    from shapely import (
        Polygon,
        get_coordinates,
        get_parts,
        intersection,
        is_empty,
        linestrings,
        prepare,
        symmetric_difference_all,
    )

    shapes = [Polygon(p).buffer(0) for p in polygons]
    area = symmetric_difference_all(shapes) if len(shapes) > 1 else shapes[0] if shapes else None
    if area is None or area.is_empty:
        return ()
    x0, y0, x1, y1 = area.bounds
    span = (x1 - x0) + (y1 - y0)
    xs = [k * step for k in range(math.floor((x0 - (y1 - y0)) / step), math.floor(x1 / step) + 1)]
    out: list[tuple[tuple[float, float], tuple[float, float]]] = []
    prepare(area)
    for wanted, y, dy in ((rising, y1, -span), (falling, y0, span)):
        if not wanted or not xs:
            continue
        ends = np.array([((x, y), (x + span, y + dy)) for x in xs])
        cut = np.asarray(intersection(linestrings(ends), area))
        # a part's consecutive points are its segments
        coords, part = get_coordinates(get_parts(cut[~is_empty(cut)]), return_index=True)
        same = np.flatnonzero(part[1:] == part[:-1])
        a, b = coords[same].tolist(), coords[same + 1].tolist()
        out += [((p[0], p[1]), (q[0], q[1])) for p, q in zip(a, b, strict=True)]
    return tuple(out)


class DashCache:
    """The dashes of one item's dashed outlines, built once per path and zoom.

    Dashes are filled from an outline QPainterPathStroker builds for the whole
    path, not stroked with a dashed pen: Qt's stroker starts a dashed pen's pattern
    again where the repaint is clipped, so an item repainted in part (a piece
    dragged across it) showed its dashes shifted against the rest."""

    def __init__(self) -> None:
        #: Each entry keeps its path, so an entry is a hit for that very path only.
        self._dashes: dict[tuple, tuple[QPainterPath, QPainterPath]] = {}

    def outline(
        self, path: QPainterPath, width: float, style: Qt.PenStyle, key: object = None
    ) -> QPainterPath:
        shape = (path.elementCount(), path.boundingRect().getRect())
        k = (key, shape, round(width, 5), style)
        got = self._dashes.get(k)
        if got is None or got[0] is not path:
            if len(self._dashes) > 16:
                self._dashes.clear()
            stroker = QPainterPathStroker()
            stroker.setWidth(width)
            stroker.setDashPattern(style)
            stroker.setCapStyle(Qt.PenCapStyle.FlatCap)
            stroker.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
            got = self._dashes[k] = (path, stroker.createStroke(path))
        return got[1]


def draw_dashed(
    painter: QPainter,
    path: QPainterPath,
    colour: QColor,
    width: float,
    style: Qt.PenStyle = Qt.PenStyle.DashLine,
    cache: DashCache | None = None,
    pixels: bool = False,
) -> None:
    """Draw ``path`` with a dashed or dotted line ``width`` inches wide (``pixels``:
    that many pixels at the painter's zoom), the same whatever part is repainted."""
    if pixels:
        width = width / max(pixels_per_inch(painter), 1e-6)
    dashes = (cache or DashCache()).outline(path, width, style)
    painter.fillPath(dashes, colour)
