"""Overlay items drawn from a Scoreboard's highlights: control radii, areas, hexes.

The canvas knows no rule: each highlight is drawn by its geometry alone, with
its label and, where it names one, its side's colour.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from tabletop_gui.app import style
from tabletop_gui.app.canvas.drawing import (
    BoardMap,
    DashCache,
    board_of,
    draw_dashed,
    draw_hatch,
    draw_label,
    pixels_per_inch,
    text_size,
)
from tabletop_gui.app.canvas.floating import FOLLOWED, Floating, follow_scene
from tabletop_gui.app.canvas.items import MAX_LABEL_SCALE, MIN_TEXT_PX, readable
from tabletop_gui.app.canvas.layers import Z_AREA, Z_CIRCLE
from tabletop_gui.model.hexgrid import HexBoard
from tabletop_gui.rules.scoreboard import Area, Circle, HexMark

LABEL_IN = 0.6
NOTE_LABEL_IN = 0.5


class OverlayItem(QGraphicsItem):
    ts = 1.0  # text scale of the board, set before construction by the scene

    def __init__(self) -> None:
        super().__init__()
        self._rect = QRectF()
        self.dashes = DashCache()
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)
        #: The label, drawn above every overlay's fill and lines (``Floating``).
        self.label_item = Floating(self)

    def itemChange(self, change: QGraphicsItem.GraphicsItemChange, value: object) -> object:
        if change in FOLLOWED and hasattr(self, "label_item"):
            follow_scene(self, change, value, [self.label_item])
        return super().itemChange(change, value)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint_label(self, painter: QPainter, ppi: float) -> None:
        """Draw the label (scene coordinates: the ``Floating`` item's)."""

    # -- the label: overlays with ``label_at`` / ``label_size`` / ``body`` ------------
    label_at: QPointF
    label_size: tuple[float, float] = (0.0, 0.0)
    #: The label broken in two where one line has no room (``hex_labels``); empty:
    #: on one line.
    label_lines: tuple[str, ...] = ()
    body: QRectF

    def label_rect(self, at: QPointF | None = None) -> QRectF:
        """The label's box (largest size) centred at ``at`` (default: where it is)."""
        at = self.label_at if at is None else at
        tw, th = self.label_size
        return QRectF(at.x() - tw / 2 - 0.3, at.y() - th, tw + 0.6, 2 * th)

    def _outer(self) -> QRectF:
        self.label_item.set_rect(self.label_rect())
        return self.body.adjusted(-0.3, -0.3, 0.3, 0.3)

    def move_label(self, at: QPointF) -> None:
        if at != self.label_at:
            self.label_at = at
            self.label_item.set_rect(self.label_rect())


#: Where a circle's caption sits: (dx, dy, shift, out). (1, 0, 0, 0) right of
#: the ring, (-1, 0, 0, 0) left; (0, 1, ...) below, (0, -1, ...) above it, under
#: its middle (shift 0) or moved right (1) or left (-1) until an end is at the
#: ring's edge, ``out`` inches further from the ring than the first row.
CaptionSpot = tuple[float, float, float, float]


#: How far a circle's ring reaches past its radius, pixels (half its 4 px white
#: pen and a pixel of antialiasing), and the least zoom it is drawn at (the
#: window's, pixels per inch): its bounding rect holds the ring at any zoom (a
#: view keeps the circle as a picture of its bounding rect).
RING_REACH_PX, LEAST_PPI = 3.0, 2.0


class CircleOverlay(OverlayItem):
    """A control radius. ``extra`` widens it by the radius of the marker standing at
    its centre, since a Circle's radius is measured edge to edge from that outline."""

    def __init__(
        self,
        circle: Circle,
        colour: QColor | None,
        bmap: BoardMap,
        extra: float = 0.0,
        ts: float = 1.0,
        show_label: bool = True,
        board_width: float | None = None,
    ) -> None:
        super().__init__()
        self.ts = ts
        self.show_label = show_label
        self.setZValue(Z_CIRCLE)
        self.circle = circle
        self.colour = colour or style.NEUTRAL
        self.r = circle.radius + extra
        self.setPos(bmap.to_scene(circle.x, circle.y))
        tw, th = text_size(circle.label, (LABEL_IN * self.ts) * MAX_LABEL_SCALE, bold=True)
        r = self.r
        # The label sits outside the ring on its right, where it rarely covers a
        # piece's name; on its left when it would run off the board there and the
        # left has more room (a marker near the right edge).
        self.label_w = text_size(circle.label, (LABEL_IN * self.ts), bold=True)[0]
        right = math.inf if board_width is None else board_width - (circle.x + r + 0.4)
        left = circle.x - r - 0.4
        self.label_side = 1.0 if right >= tw or right >= left else -1.0
        #: Where the caption sits (``CaptionSpot``): right of the ring at first;
        #: label placement may move it off the pieces.
        self.label_dir: CaptionSpot = (self.label_side, 0.0, 0.0, 0.0)
        self.label_at = QPointF(self.label_side * (r + 0.4 + self.label_w / 2), 0)
        self._caption_size = (tw, th)
        pad = RING_REACH_PX / LEAST_PPI
        self._rect = QRectF(-r - pad, -r - pad, 2 * r + 2 * pad, 2 * r + 2 * pad)
        self.set_label_dir(self.label_dir)
        self.setToolTip(circle.label)

    def label_dirs(self, row: float = 0.0) -> list[CaptionSpot]:
        """The caption's places, the usual one first: its side, the other side;
        below, then above the ring: under its middle, then shifted right and left
        (an end at the ring's edge, ``label_offset``); then the same a ``row``
        further out (inches: the caption's height as the placer measures it)."""
        side = self.label_side
        rows = [
            (0.0, dy, shift, out)
            for out in (0.0, row)
            for dy in (1.0, -1.0)
            for shift in (0.0, 1.0, -1.0)
        ]
        return [(side, 0.0, 0.0, 0.0), (-side, 0.0, 0.0, 0.0), *rows]

    def label_offset(self, w: float, h: float, direction: CaptionSpot | None = None) -> QPointF:
        """The centre of a ``w`` x ``h`` caption from the ring's centre, at
        ``direction`` (default: where it is; see ``CaptionSpot``). Below or
        above, shifted: moved that way until one end is at the ring's edge, its
        other end still under the ring's middle. A smaller caption at the same
        spot lies inside a larger one's box (the placer measures the largest)."""
        dx, dy, shift, out = direction or self.label_dir
        if dx:
            return QPointF(dx * (self.r + 0.4 + w / 2), 0)
        x = shift * min(abs(w / 2 - self.r), w / 2)
        return QPointF(x, dy * (self.r + 0.25 + out + h / 2))

    def set_label_dir(self, direction: CaptionSpot) -> None:
        self.label_dir = direction
        if self.show_label and self.circle.label:
            tw, th = self._caption_size
            c = self.label_offset(tw, th)
            caption = QRectF(c.x() - tw / 2 - 0.5, c.y() - th, tw + 1.0, 2 * th)
            caption = caption.translated(self.pos())
            board = board_of(self)
            if board is not None:
                # Drawn moved onto the board (``draw_label``): repainted there too.
                dx = max(0.0, board.left() - caption.left()) - max(
                    0.0, caption.right() - board.right()
                )
                caption = caption.united(caption.translated(dx, 0))
            self.label_item.set_rect(caption)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setOpacity(1.0)
        r = self.r
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(style.with_alpha(self.colour, 26))
        painter.drawEllipse(QPointF(0, 0), r, r)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(style.cosmetic(QColor("white"), 4))
        painter.drawEllipse(QPointF(0, 0), r, r)
        painter.setPen(style.cosmetic(self.colour, 2.2))
        painter.drawEllipse(QPointF(0, 0), r, r)
        painter.setPen(style.cosmetic(self.colour, 1.5))
        painter.drawLine(QPointF(-0.5, 0), QPointF(0.5, 0))
        painter.drawLine(QPointF(0, -0.5), QPointF(0, 0.5))

    def paint_label(self, painter: QPainter, ppi: float) -> None:
        if ppi * (LABEL_IN * self.ts) >= MIN_TEXT_PX and self.circle.label and self.show_label:
            size = readable((LABEL_IN * self.ts), ppi)
            w = text_size(self.circle.label, size, bold=True)[0]
            h = text_size(self.circle.label, size, bold=True)[1]
            draw_label(
                painter,
                self.circle.label,
                self.pos() + self.label_offset(w, h),
                size,
                self.colour.darker(130),
                style.with_alpha(QColor("white"), 210),
                bold=True,
                within=board_of(self),
            )


class AreaOverlay(OverlayItem):
    """A polygon a rule points at: hatched in its side's colour, dashed edge, label."""

    def __init__(self, area: Area, colour: QColor | None, bmap: BoardMap, ts: float = 1.0) -> None:
        super().__init__()
        self.ts = ts
        self.setZValue(Z_AREA)
        self.area = area
        self.colour = colour or style.NEUTRAL
        self.polygon = bmap.polygon(area.polygon)
        self.path = QPainterPath()
        self.path.addPolygon(self.polygon)
        self.path.closeSubpath()
        br = self.polygon.boundingRect()
        tw, th = text_size(area.label, (NOTE_LABEL_IN * self.ts) * MAX_LABEL_SCALE, bold=True)
        self.label_at = QPointF(br.center().x(), br.top() + th)
        self.label_size = (tw, th)
        self.body = br
        self._rect = self._outer()
        self.setToolTip(area.label)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setOpacity(1.0)
        draw_hatch(painter, self.path, style.with_alpha(self.colour, 110), falling=False)
        width = 2.5 / max(pixels_per_inch(painter), 1e-6)
        draw_dashed(painter, self.path, self.colour, width, Qt.PenStyle.DashDotLine, self.dashes)

    def paint_label(self, painter: QPainter, ppi: float) -> None:
        if ppi * (NOTE_LABEL_IN * self.ts) >= MIN_TEXT_PX and self.area.label:
            draw_label(
                painter,
                self.area.label,
                self.label_at,
                readable((NOTE_LABEL_IN * self.ts), ppi),
                self.colour.darker(130),
                style.with_alpha(QColor("white"), 200),
                bold=True,
                within=board_of(self),
            )


#: A caption's lines are this far apart beyond their height (inches): the
#: background ``draw_label`` pads each line with, above and below.
LINE_GAP_IN = 0.08


class HexOverlay(OverlayItem):
    """Hexes a rule points at (objective hexes, a section): filled in the side's colour."""

    def __init__(
        self, mark: HexMark, colour: QColor | None, bmap: BoardMap, board: HexBoard, ts: float = 1.0
    ) -> None:
        super().__init__()
        self.ts = ts
        self.setZValue(Z_AREA)
        self.mark = mark
        self.colour = colour or style.NEUTRAL
        path = QPainterPath()
        for h in mark.hexes:
            poly = QPolygonF([bmap.to_scene(x, y) for x, y in board.corners(h)])
            path.addPolygon(poly)
            path.closeSubpath()
        self.path = path
        br = path.boundingRect()
        first = bmap.to_scene(*board.hex_to_point(mark.hexes[0])) if mark.hexes else br.center()
        tw, th = text_size(mark.label, (NOTE_LABEL_IN * self.ts) * MAX_LABEL_SCALE, bold=True)
        self.label_at = QPointF(first.x(), first.y() + board.hex_size * 0.55)
        self.label_size = (tw, th)
        self.body = br
        #: Where the label may go instead (the scene picks one clear of names):
        #: below or above the centre of each of the rule's hexes.
        self.label_spots = [self.label_at] + [
            QPointF(p.x(), p.y() + dy * board.hex_size)
            for p in (bmap.to_scene(*board.hex_to_point(h)) for h in mark.hexes)
            for dy in (0.55, -0.55, 0.95, -0.95)
        ]
        self._rect = self._outer()
        self.setToolTip(mark.label)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setOpacity(1.0)
        painter.setBrush(style.with_alpha(self.colour, 70))
        painter.setPen(style.cosmetic(self.colour.darker(120), 3))
        painter.drawPath(self.path)

    def paint_label(self, painter: QPainter, ppi: float) -> None:
        if ppi * (NOTE_LABEL_IN * self.ts) >= MIN_TEXT_PX and self.mark.label:
            size = readable((NOTE_LABEL_IN * self.ts), ppi)
            lines = self.label_lines or (self.mark.label,)
            # Each line's background meets the next one's, never under it.
            line_h = text_size(lines[0], size, bold=True)[1] + LINE_GAP_IN
            top = self.label_at.y() - line_h * (len(lines) - 1) / 2
            for i, line in enumerate(lines):
                draw_label(
                    painter,
                    line,
                    QPointF(self.label_at.x(), top + i * line_h),
                    size,
                    self.colour.darker(150),
                    style.with_alpha(QColor("white"), 200),
                    bold=True,
                    within=board_of(self),
                )
