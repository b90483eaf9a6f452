"""Pinned rulers, range rings and the drag readout drawn on a BoardScene.

Rulers and rings are the game's annotations (``model.annotations``): the window,
the exports and the stream each call ``show_annotations`` on their own scene
after syncing it, so all three draw the same. What a ruler reads and where a
ring runs is ``play.annotations``' answer; nothing here measures."""

from __future__ import annotations

import math

import shiboken6
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from tabletop_gui.app import style
from tabletop_gui.app.canvas import labels
from tabletop_gui.app.canvas.board_scene import BoardScene
from tabletop_gui.app.canvas.drawing import draw_dashed, draw_label, text_size
from tabletop_gui.app.canvas.items import NAME_IN, UnitItem, readable
from tabletop_gui.app.canvas.layers import Z_TOOL
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.annotations import Annotations, Ruler
from tabletop_gui.model.names import moved
from tabletop_gui.model.scene import Board
from tabletop_gui.model.state import GameState
from tabletop_gui.play.annotations import SceneAt, ring_shape, ruler_heading, ruler_reading
from tabletop_gui.rules.scoreboard import Scoreboard

#: A pinned ruler's colour: apart from the live measure's black and every side colour.
RULER_COLOUR = QColor("#5b2a86")
RING_COLOUR = QColor("#1b1b1b")
Z_RING = Z_TOOL - 1
Z_RULER = Z_TOOL + 1


class LineReading(QGraphicsItem):
    """A line a-b with a reading beside it, one text line per part; the reading
    is kept at least READABLE_PX tall at the view's zoom."""

    LABEL_IN = 0.55
    GAP = 0.3
    READABLE_PX = 12.0
    #: Zoomed in, the reading grows no taller than this (it must not hide the board).
    MAX_PX = 26.0

    def __init__(self, colour: QColor) -> None:
        super().__init__()
        self.colour = colour
        self.a = QPointF()
        self.b = QPointF()
        self.lines: list[str] = []
        self.centre = QPointF()
        #: A thin line from the reading to its line where it had to stand
        #: further off than a text line (everything nearer was covered).
        self.leader: QLineF | None = None
        self.size_in = self.LABEL_IN
        #: The zoom the reading is seen at (pixels per inch; None: not known).
        self.ppi: float | None = None
        self._rect = QRectF()
        self._block: tuple[tuple[tuple[str, ...], float], tuple[float, float, float]] | None = None
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def text_block(self) -> tuple[float, float, float]:
        """The reading's width, height and line height, inches (measured once per
        text and size: a drag asks on every move)."""
        key = (tuple(self.lines), self.size_in)
        if self._block is None or self._block[0] != key:
            sizes = [text_size(t, self.size_in, bold=True) for t in self.lines] or [(0.0, 0.0)]
            line_h = max(h for _, h in sizes)
            self._block = (key, (max(w for w, _ in sizes), line_h * len(sizes), line_h))
        return self._block[1]

    def pad(self) -> tuple[float, float]:
        k = self.size_in / self.LABEL_IN
        return 0.1 * k, 0.06 * k

    def label_box(self) -> QRectF:
        return self.label_box_at(self.centre)

    def label_box_at(self, c: QPointF) -> QRectF:
        """The reading's box were its centre ``c``."""
        w, h, _ = self.text_block()
        px, py = self.pad()
        return QRectF(c.x() - w / 2 - px, c.y() - h / 2 - py, w + 2 * px, h + 2 * py)

    #: Place the reading beside its line where it covers no label or piece
    #: (``labels.line_label_spot``); off: beside the line's middle (cheap enough
    #: for every mouse move).
    avoid_labels = True
    #: Only spots touching the line (or at its ends) while one is clear: a
    #: reading far from a short line reads as another line's. Otherwise a text
    #: line's depth further out too. Either way, with no clear spot by the line
    #: the reading goes to the clear spot nearest it, tied to it by a thin line
    #: (a charge's reading covered two units the referee was asked about).
    touching = False
    #: Where the reading comes in the board's placement of readings
    #: (``labels.place_readings``: the lower first, and the later ones keep clear
    #: of it); None: not in it (the live measure, the drag readout), placed alone
    #: against what is placed.
    rank: tuple[int, int] | None = None

    def set_line(
        self,
        a: QPointF,
        b: QPointF,
        lines: list[str],
        ppi: float | None = None,
        place: bool = True,
    ) -> None:
        """Show the line ``a``-``b`` and its reading (one text line per part),
        ``ppi`` the zoom it is seen at. A reading with a ``rank`` places every
        reading of the board again, in order (``place`` False: the caller does,
        once all are set)."""
        self.prepareGeometryChange()
        self.a, self.b, self.lines = a, b, list(lines)
        self.ppi = ppi
        scene = self.scene()
        if isinstance(scene, BoardScene) and self.rank is not None:
            if self not in scene.readings:
                scene.readings.append(self)
            if place:
                labels.place_readings(scene, self.rank)
                return
        self.place()

    def fit_size(self) -> None:
        """The reading's text size, inches: LABEL_IN times the scene's text scale;
        seen at a zoom (``ppi``, the window's view), at least READABLE_PX tall,
        at most twice that size and MAX_PX tall; in a picture whose zoom the scene
        knows (``label_ppi``: a stream's, a hex board's export), at least as tall
        as the unit names are drawn there. Asked at each placement: a stream
        scene's text scale is only known once its labels are fitted to the
        picture (``StreamScene.fit_labels``), after the rulers were set."""
        scene = self.scene()
        ts = scene.text_scale if isinstance(scene, BoardScene) else 1.0
        size = self.LABEL_IN * ts
        ppi = self.ppi
        if ppi:
            size = min(max(size, self.READABLE_PX / ppi), 2 * size,
                       max(self.MAX_PX, self.READABLE_PX) / ppi)  # fmt: skip
        else:
            picture = float(getattr(scene, "label_ppi", 0.0) or 0.0)
            if picture > 0:
                size = max(size, readable(NAME_IN * ts, picture))
        self.size_in = size

    def place(self) -> None:
        """Put the reading beside its line (see ``avoid_labels``, ``touching``)."""
        self.fit_size()
        w, h, line_h = self.text_block()
        px, py = self.pad()
        scene = self.scene()
        ts = scene.text_scale if isinstance(scene, BoardScene) else 1.0
        gap = self.GAP * ts
        bw, bh = w + 2 * px, h + 2 * py
        if isinstance(scene, BoardScene) and self.avoid_labels:
            out = () if self.touching else (line_h / 2, line_h)
            between = self.gap_between(scene, bw, bh)
            centre = labels.line_label_spot(scene, self.a, self.b, bw, bh, gap, out, self,
                                            line_h / 4, between, far=True)  # fmt: skip
        else:
            centre = self.clear_of_readings(labels.beside_line(self.a, self.b, bw, bh, gap))
        box = self.label_box_at(centre)
        leader = _leader_to_line(box, self.a, self.b, gap + line_h)
        rect = self.line_rect().united(box)
        if centre != self.centre or rect != self._rect or leader != self.leader:
            self.prepareGeometryChange()
            self.centre = centre
            self.leader = leader
            self._rect = rect
        self.update()

    def clear_of_readings(self, spots: list[QPointF]) -> QPointF:
        """The first of ``spots`` (centres) where the reading covers none of the
        board's placed readings (``BoardScene.readings``: the pinned rulers', the
        charge's), else the first: a reading placed beside its line alone (the
        turn readout) was drawn over a pinned ruler's."""
        scene = self.scene()
        taken = [
            it.label_box()
            for it in (scene.readings if isinstance(scene, BoardScene) else [])
            if it is not self and shiboken6.isValid(it) and it.isVisible()
        ]
        for c in spots if taken else ():
            box = self.label_box_at(c)
            if not any(box.intersects(t) for t in taken):
                return c
        return spots[0]

    def end_pieces(self) -> tuple[str | None, ...]:
        """The ids of the pieces the line runs between (none: a free line)."""
        return ()

    def gap_between(self, scene: BoardScene, w: float, h: float) -> QPolygonF | None:
        """The room between the two bases the line measures, where the line is
        shorter than a ``w`` x ``h`` reading reaches along it (a short gap: a
        reading beside its middle would cover it); None otherwise
        (``labels.gap_between``)."""
        ends = [scene.pieces.get(pid) for pid in self.end_pieces() if pid]
        if len(ends) != 2:
            return None
        bases = [it.mapToScene(it.path) for it in ends if isinstance(it, UnitItem)]
        if len(bases) != 2:
            return None
        return labels.gap_between(self.a, self.b, bases[0], bases[1], w, h)

    def line_rect(self) -> QRectF:
        """What the line between ``a`` and ``b`` paints (its dots and pens)."""
        return QRectF(self.a, self.b).normalized().adjusted(-0.5, -0.5, 0.5, 0.5)

    def paint_line(self, painter: QPainter) -> None:
        painter.setPen(style.cosmetic(QColor("white"), 5))
        painter.drawLine(self.a, self.b)
        painter.setPen(style.cosmetic(self.colour, 2))
        painter.drawLine(self.a, self.b)
        if self.leader is not None:
            painter.setPen(style.cosmetic(self.colour, 1.25))
            painter.drawLine(self.leader)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self.colour)
        for p in (self.a, self.b):
            painter.drawEllipse(p, 0.12, 0.12)

    def boundingRect(self) -> QRectF:
        return self._rect

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(self.label_box())
        return path

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setOpacity(1.0)
        self.paint_line(painter)
        back = QColor(self.colour)
        back.setAlpha(225)
        self.paint_reading(painter, back, self.isSelected())

    def paint_reading(self, painter: QPainter, back: QColor, selected: bool = False) -> None:
        """The reading: white text lines on a rounded ``back`` box (outlined in
        yellow when ``selected``)."""
        painter.setBrush(back)
        painter.setPen(style.cosmetic(QColor("#ffd400"), 3) if selected else Qt.PenStyle.NoPen)
        painter.drawRoundedRect(self.label_box(), self.pad()[1], self.pad()[1])
        _, h, line_h = self.text_block()
        y = self.centre.y() - h / 2 + line_h / 2
        for text in self.lines:
            draw_label(painter, text, QPointF(self.centre.x(), y), self.size_in,
                       QColor("white"), bold=True)  # fmt: skip
            y += line_h


class PinnedRulerItem(LineReading):
    """A pinned ruler: selectable by its reading (Delete removes it)."""

    def __init__(self, ruler: Ruler, order: int = 0) -> None:
        super().__init__(RULER_COLOUR)
        self.ruler = ruler
        #: Placed before the charge's reading, in the order the rulers were pinned.
        self.rank = (0, order)
        self.setZValue(Z_RULER)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)
        self.setToolTip("Pinned ruler (select it and press Delete to remove it)")

    def end_pieces(self) -> tuple[str | None, ...]:
        return (self.ruler.start_piece, self.ruler.end_piece)


class RingItem(QGraphicsItem):
    """A range ring: the dashed true offset of a footprint, with its label."""

    LABEL_IN = 0.5
    READABLE_PX = 12.0

    def __init__(
        self,
        outline: QPolygonF,
        label: str,
        colour: QColor,
        text_scale: float,
        ppi: float | None = None,
        at_least: float = 0.0,
    ) -> None:
        super().__init__()
        self.setZValue(Z_RING)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.outline = outline
        self.path = QPainterPath()
        self.path.addPolygon(outline)
        self.label = label
        self.colour = colour
        self.size_in = self.LABEL_IN * text_scale
        if ppi:  # readable at the view's zoom, up to twice the board's size
            self.size_in = min(max(self.size_in, self.READABLE_PX / ppi), 2 * self.size_in,
                               LineReading.MAX_PX / ppi)  # fmt: skip
        self.size_in = max(self.size_in, at_least)  # a picture's: as tall as the names
        top = min((outline.at(i) for i in range(outline.size())), key=lambda p: p.y())
        self.label_at = QPointF(top.x(), top.y() - self.size_in * 0.7)
        w, h = text_size(label, self.size_in, bold=True)
        self.label_rect = QRectF(self.label_at.x() - w / 2 - 0.1, self.label_at.y() - h / 2,
                                 w + 0.2, h)  # fmt: skip
        self.setToolTip(f"Range ring: {label}")

    def boundingRect(self) -> QRectF:
        return self.path.boundingRect().adjusted(-0.3, -0.3, 0.3, 0.3).united(self.label_rect)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setOpacity(1.0)
        fill = QColor(self.colour)
        fill.setAlpha(28)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(fill)
        painter.drawPath(self.path)
        draw_dashed(painter, self.path, QColor("white"), 4, Qt.PenStyle.SolidLine, pixels=True)
        draw_dashed(painter, self.path, self.colour, 2, Qt.PenStyle.DashLine, pixels=True)
        painter.setBrush(QColor(255, 255, 255, 215))
        painter.drawRoundedRect(self.label_rect, 0.08, 0.08)
        draw_label(painter, self.label, self.label_at, self.size_in, self.colour, bold=True)


def show_annotations(
    board_scene: BoardScene,
    annotations: Annotations,
    state: GameState,
    board: Scoreboard | None,
    ppi: float | None = None,
    scene_at: SceneAt | None = None,
) -> None:
    """Draw ``annotations`` on ``board_scene`` as they read at ``state`` (the
    moment shown): rulers follow the pieces they are pinned to, rings their
    pieces, and a ruler whose note was written at a moment where it read another
    distance says which (``scene_at``: the log's moments, to compare with;
    without it, any other moment says so)."""
    scene = state.scene
    old: list[QGraphicsItem] = getattr(board_scene, "annotation_items", [])
    selected = {i.ruler.id for i in old if isinstance(i, PinnedRulerItem) and i.isSelected()}
    for item in old:
        if shiboken6.isValid(item) and item.scene() is board_scene:
            board_scene.removeItem(item)
    items: list[QGraphicsItem] = []
    bmap = board_scene.bmap
    # In a picture whose zoom is known (a stream's), ring labels are as tall as
    # the unit names drawn there, as the rulers' readings (``fit_size``).
    picture = float(getattr(board_scene, "label_ppi", 0.0) or 0.0)
    ts = board_scene.text_scale
    at_least = readable(NAME_IN * ts, picture) if picture > 0 and not ppi else 0.0
    for ring in annotations.rings:
        shape = ring_shape(scene, ring)
        if shape is None:
            continue
        poly = QPolygonF([bmap.to_scene(x, y) for x, y in shape.outline])
        piece = scene.units.get(ring.piece_id) or scene.markers.get(ring.piece_id)
        colour = board_scene.colour(getattr(piece, "side", None)) or RING_COLOUR
        ring_item = RingItem(poly, shape.label, colour.darker(140), ts, ppi, at_least)
        board_scene.addItem(ring_item)
        items.append(ring_item)
    for order, ruler in enumerate(annotations.rulers):
        m = ruler_reading(scene, board, ruler)
        ruler_item = PinnedRulerItem(ruler, order)
        board_scene.addItem(ruler_item)
        ruler_item.set_line(bmap.to_scene(*m.a), bmap.to_scene(*m.b),
                            [*ruler_heading(scene, ruler, state.index, scene_at), *m.lines],
                            ppi, place=False)  # fmt: skip
        ruler_item.setSelected(ruler.id in selected)
        items.append(ruler_item)
    board_scene.annotation_items = items  # type: ignore[attr-defined]
    labels.place_readings(board_scene)  # each beside its line, none on another


def selected_rulers(board_scene: BoardScene) -> list[str]:
    items = getattr(board_scene, "annotation_items", [])
    return [i.ruler.id for i in items if isinstance(i, PinnedRulerItem) and i.isSelected()]


@dataclass(frozen=True)
class Strips:
    """A line cut into strips ``step`` long from its start ``a`` along ``u`` (a
    unit vector), ``length`` in all; each strip's rect holds what the line paints
    there with ``pad`` around it (scene units)."""

    a: QPointF
    u: QPointF
    length: float
    step: float
    pad: float

    @property
    def count(self) -> int:
        return max(1, math.ceil(self.length / self.step)) if self.length > 0 else 1

    def rect(self, k: int) -> QRectF:
        p = self.a + self.u * (k * self.step)
        q = self.a + self.u * min((k + 1) * self.step, self.length)
        return QRectF(p, q).normalized().adjusted(-self.pad, -self.pad, self.pad, self.pad)

    def rects(self, first: int = 0) -> list[QRectF]:
        return [self.rect(k) for k in range(first, self.count)]

    def first_moved(self, other: Strips, same: float) -> int:
        """The first strip whose part of the line differs from ``other``'s by more
        than ``same`` (the strips before it paint the same pixels)."""
        if other.step != self.step or other.pad != self.pad:
            return 0
        if abs(other.a.x() - self.a.x()) > same or abs(other.a.y() - self.a.y()) > same:
            return 0
        # Strip k ends (k + 1) * step from a: the lines part there by that times the turn.
        turn = math.hypot(other.u.x() - self.u.x(), other.u.y() - self.u.y())
        whole = min(self.count, other.count) - 1  # the last common strip may be cut short
        if turn > 0:
            whole = min(whole, int(same / (turn * self.step)))
        return max(0, whole)


class DragLine(QGraphicsItem):
    """The drag readout's line, from where the drag began to where the piece is now.

    It is redrawn on every mouse move, so it repaints only what changed: the line
    is cut into strips STRIP_PX long from its start, and a move repaints the
    strips whose part of the line moved (``QGraphicsScene.update``, a rect each):
    the last one or two while the drag goes straight on, bands a few pixels wide
    along the line when it turns, never the box the line spans. Its bounding rect
    is fixed (a geometry change would repaint the whole box the line ever
    spanned) and it is never picked (empty shape)."""

    #: Everything the line may reach, scene units (fixed: see above).
    FAR = QRectF(-1.0e5, -1.0e5, 2.0e5, 2.0e5)
    #: A strip's length along the line, pixels; at most this many strips.
    STRIP_PX, MAX_STRIPS = 40.0, 200
    #: The dots at its ends, inches; its widest pen (the white under the line), pixels.
    DOT_IN = 0.12
    PEN_PX = 5.0
    #: A strip whose part of the line moved less than this (pixels) is left as it is.
    SAME_PX = 0.02

    def __init__(self, colour: QColor) -> None:
        super().__init__()
        self.colour = colour
        self.ends: tuple[QPointF, QPointF] | None = None
        self.strips: Strips | None = None
        self._same = 0.0
        self._under = style.cosmetic(QColor("white"), self.PEN_PX)
        self._pen = style.cosmetic(colour, 2)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        return self.FAR

    def shape(self) -> QPainterPath:
        return QPainterPath()

    def cut(self, a: QPointF, b: QPointF, ppi: float) -> Strips:
        """The line from a to b in strips at ``ppi`` pixels per inch."""
        ppi = max(ppi, 1e-6)
        d = b - a
        length = math.hypot(d.x(), d.y())
        u = d / length if length > 0 else QPointF()
        step = max(self.STRIP_PX / ppi, length / self.MAX_STRIPS)
        return Strips(QPointF(a), u, length, step, max(self.DOT_IN, (self.PEN_PX / 2 + 1) / ppi))

    def set_ends(self, a: QPointF, b: QPointF, ppi: float) -> None:
        if self.ends is not None and self.ends[0] == a and self.ends[1] == b:
            return
        new, old = self.cut(a, b, ppi), self.strips
        if old is None:
            self._repaint(new.rects())
        else:
            first = new.first_moved(old, self.SAME_PX / max(ppi, 1e-6))
            self._repaint(old.rects(first) + new.rects(first))
        self.ends = (QPointF(a), QPointF(b))
        self.strips = new

    def clear(self) -> None:
        if self.strips is not None:
            self._repaint(self.strips.rects())
        self.ends = None
        self.strips = None

    def _repaint(self, rects: list[QRectF]) -> None:
        scene = self.scene()
        if scene is not None:
            for rect in rects:
                scene.update(rect)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if self.ends is None:
            return
        a, b = self.ends
        painter.setOpacity(1.0)
        painter.setPen(self._under)
        painter.drawLine(a, b)
        painter.setPen(self._pen)
        painter.drawLine(a, b)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self.colour)
        for p in (a, b):
            painter.drawEllipse(p, self.DOT_IN, self.DOT_IN)


class DragReadout(LineReading):
    """While pieces are dragged: the distance moved from where the drag began;
    while a unit is turned with the rotate knob: the turn so far and its facing.

    This item is the reading (its box and text); the line is ``line``, an item of
    its own (see ``DragLine``), so a move repaints the reading's old and new box
    and strips along the line, not the rectangle holding both."""

    avoid_labels = False

    def __init__(self) -> None:
        super().__init__(QColor("#005a8c"))
        self.setZValue(Z_TOOL + 3)
        self.setVisible(False)
        self.line = DragLine(self.colour)
        self.line.setZValue(Z_TOOL + 3 - 0.01)

    def add_to(self, scene: QGraphicsScene) -> None:
        scene.addItem(self.line)
        scene.addItem(self)

    def line_rect(self) -> QRectF:
        return QRectF()  # the line is drawn by ``line``

    def paint_line(self, painter: QPainter) -> None:
        pass  # the line is drawn by ``line``

    def show_move(
        self,
        start: tuple[float, float],
        dx: float,
        dy: float,
        bmap: object,
        ppi: float,
        board: Board | None = None,
    ) -> str:
        """Show the move of a piece whose centre began at ``start`` by (dx, dy)
        inches; returns the reading in ``board``'s units, as the game log words
        the move ('moved 5.97 in'; on a hex board 'moved 2 hexes (E5 to F7)')."""
        end = (start[0] + dx, start[1] + dy)
        if board is not None:
            text = f"moved {board.distance_words(start, end)}"
        else:
            text = f"moved {moved((dx * dx + dy * dy) ** 0.5)}"
        a = bmap.to_scene(*start)  # type: ignore[attr-defined]
        b = bmap.to_scene(start[0] + dx, start[1] + dy)  # type: ignore[attr-defined]
        if a != self.a or b != self.b or [text] != self.lines or not self.isVisible():
            self.set_line(a, b, [text], ppi)
        self.line.set_ends(a, b, ppi)
        self.setVisible(True)
        return text

    def show_turn(self, centre: QPointF, tip: QPointF, text: str, ppi: float) -> str:
        """Show ``text``, a unit's turn so far ('turned 35° left, facing 35°'),
        beside the line from its ``centre`` to the rotate knob at ``tip`` (the
        knob shows the way it faces: no line is drawn); returns the text."""
        if centre != self.a or tip != self.b or [text] != self.lines or not self.isVisible():
            self.set_line(centre, tip, [text], ppi)
        self.line.clear()
        self.setVisible(True)
        return text

    def hide_move(self) -> bool:
        """Hide the reading and its line; whether it was shown."""
        shown = self.isVisible()
        self.setVisible(False)
        self.line.clear()
        return shown


def _leader_to_line(box: QRectF, a: QPointF, b: QPointF, far: float) -> QLineF | None:
    """A line from the segment ``a``-``b``'s point nearest ``box``'s centre to
    the box's point nearest that point, when the box stands more than ``far``
    off the segment; else None."""
    apart = labels.box_to_segment(
        box.left(), box.top(), box.right(), box.bottom(), a.x(), a.y(), b.x(), b.y()
    )
    if apart <= far:
        return None
    c = box.center()
    d = b - a
    length2 = d.x() ** 2 + d.y() ** 2
    t = 0.0 if length2 == 0 else ((c - a).x() * d.x() + (c - a).y() * d.y()) / length2
    on = a + d * min(1.0, max(0.0, t))
    edge = QPointF(
        min(max(on.x(), box.left()), box.right()), min(max(on.y(), box.top()), box.bottom())
    )
    return QLineF(on, edge)
