"""Graphics items for pieces: units, markers, terrain, deployment zones, and
the sizes of their labels.

Each item keeps the model value it draws (``piece``) and is updated in place
when the value changes, so selection and identity survive edits. Footprints are
the exact outlines the scoring core measures (``geometry.outline``), with the
rotation baked into the polygon: moving a piece is a ``setPos`` only.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
    QPolygonF,
    QTransform,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from tabletop_gui.app import style
from tabletop_gui.app.canvas.badges import BADGES, BadgeTip, badge_rect, draw_badges
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
from tabletop_gui.app.canvas.glyphs import Glyph, glyph, look_words, paint_glyph
from tabletop_gui.app.canvas.layers import Z_MARKER, Z_TERRAIN, Z_UNIT, Z_ZONE
from tabletop_gui.app.canvas.marks import (
    HEX_SELECT_GAP,
    SELECT_GAP,
    Mark,
    draw_halo,
    draw_selection,
)
from tabletop_gui.geometry.outline import Outline, marker_outline, unit_outline
from tabletop_gui.model.hexgrid import HexBoard
from tabletop_gui.model.pieces import BaseShape, Marker, Terrain, Unit, Zone
from tabletop_gui.rules.play_types import UnitLook
from tabletop_gui.rules.scoreboard import Role

#: Text size of unit names and marker labels, inches.
NAME_IN = 0.55
NOTE_IN = 0.42
#: Below this many pixels of text height labels are skipped (too small to read).
MIN_TEXT_PX = 3.0
#: Labels are drawn at least this many pixels tall, up to MAX_LABEL_SCALE times
#: their board size, so names stay readable when the whole board is in view.
READABLE_PX = 10.0
MAX_LABEL_SCALE = 1.8


def readable(size_in: float, ppi: float) -> float:
    """The text size to draw a ``size_in`` label at ``ppi`` pixels per inch."""
    return min(max(size_in, READABLE_PX / max(ppi, 1e-6)), size_in * MAX_LABEL_SCALE)


class PieceItem(QGraphicsItem):
    """Base of the items that stand for a model piece."""

    kind = "piece"
    movable = True
    #: Badges drawn by a ``BadgeTip`` of their own above the overlays (zones and
    #: terrain: under the areas and rings otherwise), not by the piece.
    floating_badges = False

    def __init__(self, piece_id: str) -> None:
        super().__init__()
        self.piece_id = piece_id
        self.piece: object = None
        self.marks: tuple[Mark, ...] = ()
        self.focus = 0  # 1 emphasised (score row selected), -1 dimmed, 0 normal
        self.ts = 1.0  # text scale of the board (labels are sized for a 72 in board)
        self.public = False  # a public view: face-down values are not drawn
        self._rect = QRectF()
        self.dashes = DashCache()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, True)

    def boundingRect(self) -> QRectF:
        return self._rect

    def set_marks(self, marks: tuple[Mark, ...]) -> None:
        if marks != self.marks:
            # Badges and the "does not count" note are drawn from the marks: the
            # painted area changes with them (else a drag leaves stale pixels).
            self.prepareGeometryChange()
            self.marks = marks
            self._rect = self.outer_rect()
            self.setToolTip(self.tooltip())
            self.refresh_badges()
            self.update()

    def badge_anchor(self) -> QPointF:
        """Where the first badge is drawn, local coordinates."""
        return QPointF()

    def refresh_badges(self) -> None:
        """Give the badges' tooltip area the badges' place (after marks or shape changed)."""
        tip = getattr(self, "_badge_tip", None)
        if tip is None:
            if not any(m.role in BADGES for m in self.marks):
                return
            tip = self._badge_tip = BadgeTip(self, self.floating_badges)
            scene = self.scene()
            if self.floating_badges and scene is not None:
                scene.addItem(tip)
        tip.refresh(self.marks, self.badge_anchor(), self.ts)

    def outer_rect(self) -> QRectF:
        """Everything ``paint`` may draw, local coordinates."""
        return self._rect

    def set_focus(self, focus: int) -> None:
        if focus != self.focus:
            self.focus = focus
            self.update()

    def roles(self) -> set[Role]:
        return {m.role for m in self.marks}

    def tooltip(self) -> str:
        lines = [
            getattr(self.piece, "name", "") or getattr(self.piece, "label", "") or self.piece_id
        ]
        look: UnitLook | None = getattr(self, "look", None)
        if look is not None:
            lines.append(look_words(look))
        lines += [
            f"{m.role.value.replace('_', ' ')}" + (f": {m.label}" if m.label else "")
            for m in self.marks
        ]
        return "\n".join(lines)


#: What a bounding rect keeps around the selection box and the focus outline (their
#: pens are cosmetic, at most 4 px: the view pads each update by 2 px more).
EDGE_PAD = 0.1
#: Units and markers are picked (clicked, right-clicked, measured to, caught by a
#: rubber band) on their base and this far around it, inches: a scene shown in a
#: view gets a few screen pixels' worth for the view's zoom (``pick_pad_in``, set
#: by the view), so thin units stay easy to hit; the names beside them are not
#: part of the piece. Never more than PICK_PAD_MAX (the shape stays inside the
#: bounding rect).
PICK_PAD_IN = 0.1
PICK_PAD_MAX = SELECT_GAP


def pick_pad(item: QGraphicsItem) -> float:
    """How far around its base ``item`` is picked, inches (see PICK_PAD_IN)."""
    scene = item.scene()
    pad = getattr(scene, "pick_pad_in", PICK_PAD_IN) if scene is not None else PICK_PAD_IN
    return max(0.0, min(float(pad), PICK_PAD_MAX))


@lru_cache(maxsize=64)
def _unit_paint(rgba: int) -> tuple[tuple[QColor, QColor], tuple[QPen, QPen, QPen]]:
    """A side colour's unit fills and pens, made once per colour (shared by its
    units, never changed): opaque fills (the colour washed with white) paint
    much faster than translucent ones; a faded fill for pieces that do not count."""
    colour = QColor.fromRgba(rgba)
    white = QColor("white")
    fills = (style.blend(colour, white, 0.3), style.blend(colour, white, 0.65))
    pens = (
        style.cosmetic(colour.darker(160), 1),
        style.cosmetic(style.with_alpha(colour.darker(180), 110), 1),
        style.inches(colour.darker(220), 0.12),
    )
    return fills, pens


#: What ``UnitItem._shape_of`` draws a unit with: footprint path, role band
#: path, front line, file and rank lines, badges' corner.
UnitShape = tuple[QPainterPath, QPainterPath, QLineF, tuple[QLineF, ...], QPointF]
#: The shapes made, by what they depend on: a board at the piece limit has
#: 20,000 units of a few shapes. Qt shares a path or a line between the items
#: given it until one is written to, and no item writes to them.
_SHAPES: dict[tuple[object, ...], UnitShape] = {}
SHAPES_KEPT = 4096


def _unit_shape(item: UnitItem, unit: Unit) -> UnitShape:
    key = (unit.base_shape, unit.facing, unit.base_width_mm, unit.base_depth_mm,
           min(unit.models, unit.models_per_rank), unit.ranks)  # fmt: skip
    shape = _SHAPES.get(key)
    if shape is None:
        if len(_SHAPES) >= SHAPES_KEPT:
            _SHAPES.clear()
        shape = _SHAPES[key] = item._shape_of(unit)
    return shape


class UnitItem(PieceItem):
    kind = "unit"

    def __init__(self, piece_id: str) -> None:
        super().__init__(piece_id)
        self.setZValue(Z_UNIT)
        self.colour = QColor("gray")
        self.path = QPainterPath()  # the footprint, local coordinates
        self.halo_path = QPainterPath()  # centre line of the role band
        self.front = QLineF()
        self.grid: list[QLineF] = []
        self.badge_at = QPointF()
        #: Where the name is written (local): the centre, or beside the footprint
        #: when something stands there (the scene's label placement decides).
        self.name_at = QPointF()
        #: A thin line from the footprint to the name (local), drawn when the
        #: name had to go where it is nearer another unit (``labels``): it still
        #: reads as this unit's.
        self.name_leader: QLineF | None = None
        #: Whether the name (and its note) is drawn: a hex board's labels give way
        #: where no clear place is left at the zoom they were placed for.
        self.name_shown = True
        #: Whether the note under the name is drawn: a small stream picture
        #: leaves it out where the name alone finds a clear place (``labels``).
        self.note_shown = True
        self._shape: tuple[float, QPainterPath] | None = None  # (pad, path)
        #: Drawn greyed out whatever its marks say (``Family.greyed``).
        self.greyed = False
        #: The symbol, star and pips drawn on it (``Family.unit_look``) and their shapes.
        self.look: UnitLook | None = None
        self.glyph: Glyph | None = None

    @property
    def unit(self) -> Unit:
        return self.piece  # type: ignore[return-value]

    def set_piece(
        self,
        unit: Unit,
        colour: QColor,
        bmap: BoardMap,
        greyed: bool = False,
        look: UnitLook | None = None,
    ) -> None:
        """Show ``unit`` in its side's ``colour``; ``greyed``: its family says it is
        drawn greyed out (``Family.greyed``); ``look``: the symbol, star and pips
        its family draws on it (``Family.unit_look``)."""
        old: Unit | None = self.piece  # type: ignore[assignment]
        self.piece = unit
        self.setPos(bmap.to_scene(unit.x, unit.y))
        self.setVisible(unit.on_table)
        same_shape = (
            old is not None
            and old.facing == unit.facing
            and old.base_shape == unit.base_shape
            and old.base_width_mm == unit.base_width_mm
            and old.base_depth_mm == unit.base_depth_mm
            and old.models == unit.models
            and old.models_per_rank == unit.models_per_rank
            and old.name == unit.name
        )
        if (
            old is not None
            and same_shape
            and colour == self.colour
            and greyed == self.greyed
            and look == self.look
        ):
            return
        self.colour = colour
        self.greyed = greyed
        self.look = look
        self.fills, self.pens = _unit_paint(colour.rgba())
        self._build(unit)
        self.setToolTip(self.tooltip())
        self.update()

    def _local(self, unit: Unit, grow: float = 0.0, outline: Outline | None = None) -> QPolygonF:
        """The footprint around (0, 0) in scene orientation, grown by ``grow``
        inches: its corners back left, back right, front right, front left (and
        the first again, closing it). One transform maps the unit's rectangle,
        in C++ (a board at the piece limit builds 20,000 of them)."""
        o = unit_outline(unit) if outline is None else outline
        c, s = math.cos(o.angle), math.sin(o.angle)
        hw, hd = o.half_w + grow, o.half_d + grow
        # (x, y) -> (x c - y s, -(x s + y c)): the unit's frame, y up, to the scene's.
        return QTransform(c, -s, -s, -c, 0.0, 0.0).map(QPolygonF(QRectF(-hw, -hd, 2 * hw, 2 * hd)))

    def _build(self, unit: Unit) -> None:
        self.prepareGeometryChange()
        path, halo, front, grid, badge_at = _unit_shape(self, unit)
        self.path = QPainterPath(path)  # copies share the points until written to
        self.halo_path = QPainterPath(halo)
        self.front = QLineF(front)
        self.grid = list(grid)
        self.badge_at = QPointF(badge_at)
        self.glyph = glyph(self.look, min(unit.width_in, unit.depth_in)) if self.look else None
        self._shape = None
        self._rect = self.outer_rect()
        self.refresh_badges()

    def _shape_of(self, unit: Unit) -> UnitShape:
        """The footprint, its role band's centre line, the front, the file and
        rank lines and the badges' corner, around (0, 0)."""
        path = QPainterPath()
        halo = QPainterPath()
        grow = style.HALO_IN / 2
        grid = []
        if unit.base_shape is BaseShape.ROUND:
            r = unit.width_in / 2
            path.addEllipse(QPointF(0, 0), r, r)
            halo.addEllipse(QPointF(0, 0), r + grow, r + grow)
            a = math.radians(unit.facing)
            dx, dy = -math.sin(a), -math.cos(a)  # front direction in scene coordinates
            px, py = math.cos(a), -math.sin(a)
            half = r * 0.6
            fx, fy = dx * r * 0.8, dy * r * 0.8
            front = QLineF(
                QPointF(fx - px * half, fy - py * half), QPointF(fx + px * half, fy + py * half)
            )
            badge_at = QPointF(r * 0.7, -r * 0.7)
        else:
            outline = unit_outline(unit)
            poly = self._local(unit, 0.0, outline)
            path.addPolygon(poly)
            path.closeSubpath()
            halo.addPolygon(self._local(unit, grow, outline))
            halo.closeSubpath()
            p0, p1, p2, p3 = poly.at(0), poly.at(1), poly.at(2), poly.at(3)
            front = QLineF(p2, p3)
            box = poly.boundingRect()
            badge_at = QPointF(box.right(), box.top())
            files, ranks = min(unit.models, unit.models_per_rank), unit.ranks
            for i in range(1, files):
                t = i / files
                grid.append(QLineF(p0 + (p1 - p0) * t, p3 + (p2 - p3) * t))
            for j in range(1, ranks):
                t = j / ranks
                grid.append(QLineF(p0 + (p3 - p0) * t, p1 + (p2 - p1) * t))
        return path, halo, front, tuple(grid), badge_at

    def badge_anchor(self) -> QPointF:
        return self.badge_at

    def drawn_rect(self) -> QRectF:
        """The counter as painted, local: its footprint, and with a rule's mark
        the outer edge of its role band (the band is drawn on ``halo_path``, up
        to HALO_IN wide: half of it outside that line). What a label must not
        cover (``labels``); the badges are measured apart."""
        if not self.marks:
            return self.path.boundingRect()
        half = style.HALO_IN / 2
        return self.halo_path.boundingRect().adjusted(-half, -half, half, half)

    def shape(self) -> QPainterPath:
        """The base and a few pixels around it (PICK_PAD_IN): what picks the unit.
        Not the name, note or badges: a click beside a unit reaches what is there."""
        unit = self.unit
        if unit is None:
            return QPainterPath()
        pad = pick_pad(self)
        if self._shape is None or self._shape[0] != pad:
            path = QPainterPath()
            if unit.base_shape is BaseShape.ROUND:
                r = unit.width_in / 2 + pad
                path.addEllipse(QPointF(0, 0), r, r)
            else:
                path.addPolygon(self._local(unit, pad))
                path.closeSubpath()
            self._shape = (pad, path)
        return self._shape[1]

    def name_box(self, ppi: float) -> QRectF:
        """The name (and the note under it) as drawn at ``ppi`` pixels per inch,
        with its background, in scene coordinates (empty when not drawn)."""
        unit = self.unit
        if (
            unit is None
            or not unit.name
            or not self.name_shown
            or ppi * NAME_IN * self.ts < MIN_TEXT_PX
        ):
            return QRectF()
        name_in = readable(NAME_IN * self.ts, ppi)
        tw, th = text_size(unit.name, name_in)
        at = self.pos() + self.name_at
        box = QRectF(at.x() - tw / 2 - 0.08, at.y() - th / 2 - 0.08, tw + 0.16, th + 0.16)
        note = self.note()
        if note:
            nw, nh = text_size(note, readable(NOTE_IN * self.ts, ppi))
            y = at.y() + note_below(th, nh)
            box = box.united(
                QRectF(at.x() - nw / 2 - 0.08, y - nh / 2 - 0.08, nw + 0.16, nh + 0.16)
            )
        return box

    def move_name(self, at: QPointF, leader: QLineF | None = None) -> None:
        if at != self.name_at or leader != self.name_leader:
            self.prepareGeometryChange()
            self.name_at = at
            self.name_leader = leader
            self._rect = self.outer_rect()
            self.update()

    def note(self) -> str:
        """The note drawn under the name (``_note``), or "" where it is left out."""
        return _note(self.marks) if self.note_shown else ""

    def show_note(self, shown: bool) -> None:
        if shown != self.note_shown:
            self.prepareGeometryChange()
            self.note_shown = shown
            self._rect = self.outer_rect()
            self.update()

    def show_name(self, shown: bool) -> None:
        if shown != self.name_shown:
            self.prepareGeometryChange()
            self.name_shown = shown
            self._rect = self.outer_rect()
            self.update()

    def outer_rect(self) -> QRectF:
        unit = self.unit
        if unit is None:
            return QRectF()
        m = SELECT_GAP + EDGE_PAD
        rect = self.halo_path.boundingRect().adjusted(-m, -m, m, m)
        if not self.name_shown:
            return rect.united(badge_rect(self.marks, self.badge_at, self.ts))
        name_in = NAME_IN * self.ts * MAX_LABEL_SCALE
        tw, th = text_size(unit.name, name_in)
        x, y = self.name_at.x(), self.name_at.y()
        rect = rect.united(QRectF(x - tw / 2 - 0.2, y - th / 2 - 0.2, tw + 0.4, th + 0.4))
        note = self.note()
        if note:
            nw, nh = text_size(note, NOTE_IN * self.ts * MAX_LABEL_SCALE)
            rect = rect.united(
                QRectF(x - nw / 2 - 0.2, y + note_below(th, nh) - nh / 2 - 0.2, nw + 0.4, nh + 0.4)
            )
        return rect.united(badge_rect(self.marks, self.badge_at, self.ts))

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        # Called for every visible unit on a full repaint: pens and lines are prebuilt.
        unit = self.unit
        ppi = pixels_per_inch(painter)
        painter.setOpacity(0.3 if self.focus < 0 else 1.0)
        marks = self.marks
        faded = self.greyed or any(m.role is Role.NOT_COUNTING for m in marks)
        outline, grid, front = self.pens
        painter.setPen(outline)
        painter.setBrush(self.fills[1] if faded else self.fills[0])
        painter.drawPath(self.path)
        min_ppi = getattr(self.scene(), "label_min_ppi", 0.0)
        if self.grid and ppi >= max(8.0, min_ppi):
            painter.setPen(grid)
            painter.drawLines(self.grid)
        painter.setPen(front)
        painter.drawLine(self.front)
        if self.glyph is not None:
            paint_glyph(painter, self.glyph, self.colour, ppi, QPointF())
        for mark in marks:
            draw_halo(painter, self.halo_path, mark, self.colour, self.dashes)
        if self.focus > 0:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(style.cosmetic(QColor("black"), 3))
            painter.drawRect(self.halo_path.boundingRect().adjusted(-0.25, -0.25, 0.25, 0.25))
        if self.isSelected():
            if isinstance(getattr(self.scene(), "board", None), HexBoard):
                draw_selection(painter, self.drawn_rect(), HEX_SELECT_GAP)
            else:
                draw_selection(painter, self.halo_path)
        if self.name_shown:
            if self.name_leader is not None:
                paint_leader(painter, self.name_leader, self.ts, ppi, min_ppi)
            paint_unit_labels(painter, unit.name, self.name_at, self.ts, marks, ppi, min_ppi,
                              self.note_shown)  # fmt: skip
        if marks:
            draw_badges(painter, marks, self.badge_at, self.colour, self.ts)


def paint_leader(painter: QPainter, line: QLineF, ts: float, ppi: float, min_ppi: float) -> None:
    """A name's leader line (``UnitItem.name_leader``), drawn when its name is."""
    if ppi * NAME_IN * ts < MIN_TEXT_PX or ppi < min_ppi:
        return
    painter.setPen(LEADER_PEN)
    painter.drawLine(line)


def paint_unit_labels(
    painter: QPainter,
    name: str,
    at: QPointF,
    ts: float,
    marks: tuple[Mark, ...],
    ppi: float,
    min_ppi: float,
    note_shown: bool = True,
) -> None:
    """A unit's name centred on ``at`` and the note its marks put under it (the
    reason it does not count, the placement rule it breaks), readable at ``ppi``;
    nothing when too small to read or below the board's ``min_ppi``, or without
    a name (one a hex board's labels left out); the note not where it was left
    out (``note_shown`` False: ``UnitItem.note_shown``)."""
    if not name or ppi * NAME_IN * ts < MIN_TEXT_PX or ppi < min_ppi:
        return
    name_in = readable(NAME_IN * ts, ppi)
    draw_label(painter, name, at, name_in, style.TEXT, LABEL_BG)
    note = _note(marks) if note_shown else ""
    if note:
        _, th = text_size(name, name_in)
        note_in = readable(NOTE_IN * ts, ppi)
        below = at + QPointF(0, note_below(th, text_size(note, note_in)[1]))
        draw_label(painter, note, below, note_in, style.TEXT, NOTE_BG, italic=True)


#: The background ``draw_label`` paints above and below a text, inches.
LABEL_BG_PAD_Y = 0.04


def note_below(name_h: float, note_h: float) -> float:
    """How far under a name's centre its note's centre goes: the two backgrounds
    meet without overlapping (texts ``name_h`` and ``note_h`` inches tall)."""
    return name_h / 2 + note_h / 2 + 2 * LABEL_BG_PAD_Y


def _note(marks: tuple[Mark, ...]) -> str:
    """The reason written under a unit's name when it is in range but does not
    count, else the placement rule it breaks (a unit outside its Deployment Zone),
    else what carrying a marker means for it ("Move actions only")."""
    for role in (Role.NOT_COUNTING, Role.PLACEMENT_ERROR, Role.CARRIED):
        found = next((m.label for m in marks if m.role is role and m.label), "")
        if found:
            return found
    return ""


LABEL_BG = QColor(255, 255, 255, 170)
LEADER_PEN = style.cosmetic(style.TEXT, 1)
NOTE_BG = QColor(255, 255, 255, 150)


#: A carried marker is drawn at most this share of its carrier's half width
#: (the carrier's colour shows around it).
CARRIED_SHARE = 0.6


class MarkerItem(PieceItem):
    kind = "marker"

    def __init__(self, piece_id: str) -> None:
        super().__init__(piece_id)
        self.setZValue(Z_MARKER)
        self.colour: QColor = style.NEUTRAL
        self.radius = 0.5
        self.text = ""
        self.caption = ""
        #: The caption's side of the marker: "below" (usual), "above", "right", "left".
        self.caption_side = "below"
        #: Whether the caption is drawn: a small stream picture leaves it out
        #: where it would cover a unit's name (``labels``).
        self.caption_shown = True
        #: The value is face down to the players (``Family.value_hidden``).
        self.face_down = False
        #: Half its carrier's narrower side, inches (0: not carried).
        self.carrier_half = 0.0
        self._shape: tuple[float, float, QPainterPath] | None = None  # (radius, pad, path)

    @property
    def marker(self) -> Marker:
        return self.piece  # type: ignore[return-value]

    def set_piece(
        self,
        marker: Marker,
        colour: QColor | None,
        bmap: BoardMap,
        at: tuple[float, float] | None = None,
        face_down: bool = False,
        carrier_half: float = 0.0,
    ) -> None:
        """Show ``marker`` (``at``: where its carrier stands, ``carrier_half``
        half the carrier's narrower side, inches); ``face_down``: its family says
        its value is not known to the players (``Family.value_hidden``)."""
        old: Marker | None = self.piece  # type: ignore[assignment]
        changed = face_down != self.face_down or carrier_half != self.carrier_half
        self.face_down = face_down
        self.carrier_half = carrier_half
        self.piece = marker
        x, y = at if at is not None else (marker.x, marker.y)
        self.setPos(bmap.to_scene(x, y))
        self.setVisible(not marker.destroyed)
        colour = colour or style.NEUTRAL
        if (
            old is not None
            and _same_marker_look(old, marker)
            and colour == self.colour
            and not changed
        ):
            return
        self.prepareGeometryChange()
        self.colour = colour
        self.radius = marker_outline(marker).radius or 0.5
        if carrier_half > 0:
            # Drawn smaller on its carrier, which shows around it (an objective
            # as wide as the base carrying it hid that base).
            self.radius = min(self.radius, CARRIED_SHARE * carrier_half)
        self.caption = marker.label or marker.kind.replace("_", " ").replace(".", " ")
        tags = [t[0].upper() for t in sorted(marker.rules)]
        if tags:
            self.caption += f" [{''.join(tags)}]"
        self._rect = self.outer_rect()
        self.refresh_badges()
        self.show_value()

    def badge_anchor(self) -> QPointF:
        return QPointF(self.radius * 0.8, -self.radius * 0.8)

    def hidden(self) -> bool:
        """A face-down objective: its value is the referee's secret until revealed."""
        return self.marker is not None and self.face_down

    def value_text(self) -> str:
        """The value as this view may show it: '?' for a face-down value in a public
        or a player's view, '2?' (known to the referee, not yet revealed), '2'."""
        m = self.marker
        if m is None:
            return ""
        hidden = self.hidden()
        if m.value is None or (hidden and self.public):
            return "?" if hidden else ""
        return f"{m.value}?" if hidden else str(m.value)

    def show_value(self) -> None:
        """Write the value and the tooltip again (after ``public`` changed)."""
        self.text = self.value_text()
        self.setToolTip(self.tooltip())
        self.update()

    def tooltip(self) -> str:
        lines = super().tooltip().split("\n")
        m = self.marker
        if m is not None and m.value is not None:
            if not self.hidden():
                lines.insert(1, f"Value {m.value}")
            elif self.public:
                lines.insert(1, "Value ? (face down)")
            else:
                lines.insert(1, f"Value {m.value} (face down: the players see ?)")
        return "\n".join(lines)

    def shape(self) -> QPainterPath:
        """The counter and a few pixels around it (PICK_PAD_IN), not its caption."""
        pad = pick_pad(self)
        if self._shape is None or self._shape[:2] != (self.radius, pad):
            path = QPainterPath()
            path.addEllipse(QPointF(0, 0), self.radius + pad, self.radius + pad)
            self._shape = (self.radius, pad, path)
        return self._shape[2]

    def outer_rect(self) -> QRectF:
        if self.piece is None:
            return QRectF()
        r = self.radius
        # The role band, the carried ring, the focus ring and the selection box.
        out = max(r + style.HALO_IN, r * 1.15 + 0.05, r + 0.35, r + style.HALO_IN / 2 + SELECT_GAP)
        out += EDGE_PAD
        rect = QRectF(-out, -out, 2 * out, 2 * out)
        if self.caption_shown:
            rect = rect.united(self.caption_rect(self.caption_side))
        return rect.united(badge_rect(self.marks, QPointF(r * 0.8, -r * 0.8), self.ts))

    def caption_at(self, side: str, th: float, tw: float) -> QPointF:
        """The caption's centre for a text ``tw`` x ``th`` inches on ``side``."""
        r = self.radius
        if side == "above":
            return QPointF(0, -(r + th / 2 + 0.12))
        if side == "right":
            return QPointF(r + tw / 2 + 0.2, 0)
        if side == "left":
            return QPointF(-(r + tw / 2 + 0.2), 0)
        return QPointF(0, r + th / 2 + 0.12)

    def caption_rect(self, side: str) -> QRectF:
        """The caption's box (largest size) on ``side``, local coordinates."""
        tw, th = text_size(self.caption, (NOTE_IN * self.ts) * MAX_LABEL_SCALE)
        c = self.caption_at(side, th, tw)
        return QRectF(c.x() - tw / 2 - 0.2, c.y() - th / 2 - 0.2, tw + 0.4, th + 0.4)

    def show_caption(self, shown: bool) -> None:
        if shown != self.caption_shown:
            self.prepareGeometryChange()
            self.caption_shown = shown
            self._rect = self.outer_rect()
            self.update()

    def move_caption(self, side: str) -> None:
        if side != self.caption_side:
            self.prepareGeometryChange()
            self.caption_side = side
            self._rect = self.outer_rect()
            self.update()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        m = self.marker
        ppi = pixels_per_inch(painter)
        painter.setOpacity(0.3 if self.focus < 0 else 1.0)
        r = self.radius
        painter.setPen(style.inches(QColor("black"), 0.06))
        painter.setBrush(QColor("white"))
        painter.drawEllipse(QPointF(0, 0), r, r)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self.colour)
        painter.drawEllipse(QPointF(0, 0), r * INNER_SHARE, r * INNER_SHARE)
        if m.carried_by:
            ring = QPainterPath()
            ring.addEllipse(QPointF(0, 0), r * 1.15, r * 1.15)
            draw_dashed(painter, ring, QColor("black"), 0.05, Qt.PenStyle.DotLine)
        path = QPainterPath()
        path.addEllipse(QPointF(0, 0), r + style.HALO_IN / 2, r + style.HALO_IN / 2)
        for mark in self.marks:
            draw_halo(painter, path, mark, self.colour, self.dashes)
        if self.focus > 0:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(style.cosmetic(QColor("black"), 3))
            painter.drawEllipse(QPointF(0, 0), r + 0.35, r + 0.35)
        if self.isSelected():
            draw_selection(painter, path)
        if ppi * (NOTE_IN * self.ts) >= MIN_TEXT_PX:
            if self.text:
                size = value_size(self.text, r)
                draw_label(painter, self.text, QPointF(0, 0), size, QColor("white"), bold=True)
            note_in = readable((NOTE_IN * self.ts), ppi)
            caption = self.caption if self.caption_shown else ""
            tw, th = text_size(caption, note_in)
            draw_label(
                painter,
                caption,
                self.caption_at(self.caption_side, th, tw),
                note_in,
                style.TEXT,
                style.with_alpha(QColor("white"), 190),
            )
        draw_badges(painter, self.marks, QPointF(r * 0.8, -r * 0.8), self.colour, self.ts)


#: A marker's value is drawn on its coloured middle (this share of its radius),
#: its box's corners within VALUE_FILL of that middle's radius.
INNER_SHARE = 0.62
VALUE_FILL = 0.85
#: DejaVu Sans Bold's capitals and digits, in ems.
CAP_EM = 0.73


def value_size(text: str, r: float) -> float:
    """The text size (inches) of a marker's value ``text`` on a marker of radius
    ``r``: as tall as the marker allows, smaller where its box would reach past
    the marker's coloured middle (a face-down value shown to the referee, "2?",
    was crammed to the middle's edge)."""
    size = min(r * 1.1, 0.5)
    w, _ = text_size(text, size, bold=True)
    half_diagonal = math.hypot(w / 2, CAP_EM * size / 2)
    room = r * INNER_SHARE * VALUE_FILL
    return size * room / half_diagonal if half_diagonal > room else size


def _same_marker_look(a: Marker, b: Marker) -> bool:
    return (a.diameter_mm, a.value, a.rules, a.label, a.kind, a.extra, a.carried_by, a.side) == (
        b.diameter_mm,
        b.value,
        b.rules,
        b.label,
        b.kind,
        b.extra,
        b.carried_by,
        b.side,
    )


class PolygonItem(PieceItem):
    """Terrain features and deployment zones: a polygon in absolute scene coordinates."""

    floating_badges = True

    def __init__(self, piece_id: str) -> None:
        super().__init__(piece_id)
        self.polygon = QPolygonF()
        self.path = QPainterPath()
        self.colour = style.NEUTRAL
        self.anchor = QPointF()
        self.label = ""
        #: The label, drawn above the overlays (``Floating``).
        self.label_item = Floating(self)

    def itemChange(self, change: QGraphicsItem.GraphicsItemChange, value: object) -> object:
        if change in FOLLOWED:
            floats = [getattr(self, "label_item", None), getattr(self, "_badge_tip", None)]
            follow_scene(self, change, value, [f for f in floats if f is not None])
        return super().itemChange(change, value)

    def label_box(self) -> QRectF:
        """The label at its largest, scene coordinates."""
        tw, th = text_size(self.label, (NOTE_IN * self.ts) * MAX_LABEL_SCALE)
        return QRectF(self.anchor.x() - tw / 2 - 0.2, self.anchor.y() - th, tw + 0.4, 2 * th)

    def paint_label(self, painter: QPainter, ppi: float) -> None: ...

    def set_focus(self, focus: int) -> None:
        super().set_focus(focus)
        self.label_item.update()

    def set_polygon(
        self, points: tuple[tuple[float, float], ...], bmap: BoardMap, label: str
    ) -> None:
        self.prepareGeometryChange()
        self.polygon = bmap.polygon(points)
        path = QPainterPath()
        path.addPolygon(self.polygon)
        path.closeSubpath()
        self.path = path
        br = self.polygon.boundingRect()
        self.anchor = br.center()
        self.label = label
        self._rect = self.outer_rect()
        self.refresh_badges()
        self.update()

    def badge_anchor(self) -> QPointF:
        return self.polygon.boundingRect().topRight()

    def outer_rect(self) -> QRectF:
        br = self.polygon.boundingRect()
        m = SELECT_GAP + EDGE_PAD
        self.label_item.set_rect(self.label_box())
        return br.adjusted(-m, -m, m, m)

    def move_label(self, at: QPointF) -> None:
        """Write the label centred at ``at`` (scene), where the label placement puts it."""
        if at != self.anchor:
            self.prepareGeometryChange()
            self.anchor = at
            self._rect = self.outer_rect()
            self.update()

    def shape(self) -> QPainterPath:
        return self.path


class TerrainItem(PolygonItem):
    kind = "terrain"

    def __init__(self, piece_id: str) -> None:
        super().__init__(piece_id)
        self.setZValue(Z_TERRAIN)

    @property
    def terrain(self) -> Terrain:
        return self.piece  # type: ignore[return-value]

    def set_piece(self, terrain: Terrain, bmap: BoardMap) -> None:
        self.piece = terrain
        self.set_polygon(terrain.polygon, bmap, self._label(terrain))
        self.setToolTip(self.tooltip())

    def tooltip(self) -> str:
        lines = super().tooltip().split("\n")
        t = self.terrain
        if t is not None and t.opaque and not t.impassable:
            lines.insert(1, "Blocks sight (Opaque)")
        return "\n".join(lines)

    @staticmethod
    def _label(t: Terrain) -> str:
        """The name, and "(Impassable)" when its name does not say so. Terrain
        that blocks sight is told by its dark edge (and the legend, and its
        tooltip): a longer name would crowd the readings near it."""
        name = t.name.lower()
        if t.impassable:
            return t.name if "impassable" in name else f"{t.name} (Impassable)"
        return t.name

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        t = self.terrain
        painter.setOpacity(0.4 if self.focus < 0 else 1.0)
        if t.impassable:
            painter.setPen(style.cosmetic(QColor("black"), 2))
            painter.setBrush(style.IMPASSABLE)
            painter.drawPath(self.path)
            draw_hatch(painter, self.path, QColor(255, 255, 255, 90))
        elif t.opaque:
            painter.setPen(style.cosmetic(style.OPAQUE_EDGE, 3))
            painter.setBrush(style.with_alpha(style.TERRAIN.darker(115), 190))
            painter.drawPath(self.path)
        else:
            painter.setPen(style.cosmetic(style.TERRAIN_EDGE, 1.5))
            painter.setBrush(style.with_alpha(style.TERRAIN, 170))
            painter.drawPath(self.path)
        for mark in self.marks:
            draw_halo(painter, self.path, mark, style.NEUTRAL, self.dashes)
        if self.focus > 0:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(style.cosmetic(QColor("black"), 3))
            painter.drawPath(self.path)
        if self.isSelected():
            draw_selection(painter, self.path)

    def paint_label(self, painter: QPainter, ppi: float) -> None:
        t = self.terrain
        if t is None or ppi * (NOTE_IN * self.ts) < MIN_TEXT_PX:
            return
        painter.setOpacity(0.4 if self.focus < 0 else 1.0)
        colour = QColor("white") if t.impassable else style.TEXT
        bg = style.with_alpha(QColor("black"), 120) if t.impassable else None
        size = readable((NOTE_IN * self.ts), ppi)
        draw_label(
            painter, self._label(t), self.anchor, size, colour, bg, italic=True,
            within=board_of(self),
        )  # fmt: skip


class ZoneItem(PolygonItem):
    kind = "zone"
    movable = False

    def __init__(self, piece_id: str) -> None:
        super().__init__(piece_id)
        self.setZValue(Z_ZONE)

    def shape(self) -> QPainterPath:
        """Only the zone's edge picks it: clicks inside the zone reach the board
        (a rubber band can start there)."""
        stroker = QPainterPathStroker()
        stroker.setWidth(0.6)
        return stroker.createStroke(self.path)

    @property
    def zone(self) -> Zone:
        return self.piece  # type: ignore[return-value]

    def set_piece(self, zone: Zone, colour: QColor, bmap: BoardMap, side_name: str) -> None:
        self.piece = zone
        self.colour = colour
        self.label = zone.name or f"{side_name} deployment zone"
        self.set_polygon(zone.polygon, bmap, self.label)
        self.setToolTip(self.tooltip())

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setOpacity(1.0)
        ppi = pixels_per_inch(painter)
        painter.setBrush(style.with_alpha(self.colour, 34))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.drawPath(self.path)
        edge = style.with_alpha(self.colour, 200)
        draw_dashed(painter, self.path, edge, 2 / max(ppi, 1e-6), cache=self.dashes)
        for mark in self.marks:
            draw_halo(painter, self.path, mark, self.colour, self.dashes)
        if self.isSelected():
            draw_selection(painter, self.path)

    def paint_label(self, painter: QPainter, ppi: float) -> None:
        if ppi * (NOTE_IN * self.ts) >= MIN_TEXT_PX:
            draw_label(
                painter,
                self.label,
                self.anchor,
                readable((NOTE_IN * self.ts), ppi),
                self.colour.darker(150),
                italic=True,
                within=board_of(self),
            )
