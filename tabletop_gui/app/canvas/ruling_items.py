"""What a referee's rulings draw on the board: a unit's four arcs to the board's
edges, labelled; the region a unit sees, with a sight line to each unit it sees
and a note on each it does not; a charge's reach as a ruler. The answers are the
family's (``rules.rulings``); these items only draw them."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget
from shapely.geometry.base import BaseGeometry

from tabletop_gui.app import style
from tabletop_gui.app.canvas import labels
from tabletop_gui.app.canvas.annotation_items import LineReading
from tabletop_gui.app.canvas.board_scene import BoardScene
from tabletop_gui.app.canvas.drawing import (
    BoardMap,
    draw_dashed,
    draw_label,
    label_rect,
    pixels_per_inch,
    text_size,
)
from tabletop_gui.app.canvas.floating import FOLLOWED, Floating, follow_scene
from tabletop_gui.app.canvas.items import UnitItem
from tabletop_gui.app.canvas.label_spots import Placer
from tabletop_gui.app.canvas.layers import Z_AREA, Z_TOOL
from tabletop_gui.geometry.outline import outline_of
from tabletop_gui.model.pieces import Unit
from tabletop_gui.model.scene import Scene
from tabletop_gui.rules.region import RegionPart
from tabletop_gui.rules.rulings import ChargeReach, Sight, UnitArcs

#: Above zones, terrain and rule areas, below circles and pieces.
Z_ARCS = Z_AREA + 0.3
Z_SIGHT = Z_AREA + 0.35
Z_REACH = Z_TOOL + 1.5
#: Arc tints (Okabe-Ito, told apart by colour-blind readers): front, flanks, rear.
ARC_COLOURS = {
    "front": QColor("#009e73"),
    "left flank": QColor("#e69f00"),
    "right flank": QColor("#e69f00"),
    "rear": QColor("#cc79a7"),
}
SIGHT_COLOUR = QColor("#f0e442")
SEEN_COLOUR = QColor("#006d4f")
HIDDEN_COLOUR = QColor("#8b1a00")
REACH_COLOUR = QColor("#0b3d91")
#: Label sizes, inches on a 72 in board (times the scene's text scale).
ARC_LABEL_IN = 0.55
NOTE_IN = 0.45
#: Labels stay at least this many pixels tall when zoomed out.
READABLE_PX = 11.0
#: A "not seen" note moves up at most this many lines to clear another.
NOTE_STEPS = 4
#: An arc's label moves out along its arc at most this many label heights to
#: clear the charge ruler's reading and the units beside it (a battle line
#: fills a flank arc for a dozen inches), while it stays in the arc's drawing.
AVOID_STEPS = 60
#: Where no spot of an arc's name is clear, the cover of this many of them (the
#: nearest the unit first) is measured to choose the one covering least.
COVERED_SPOTS = 24


def shape_path(shape: BaseGeometry | None, bmap: BoardMap) -> QPainterPath:
    """A shapely polygon (or several, with holes) as a scene path."""
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)
    if shape is None or shape.is_empty:
        return path
    for exterior, holes in RegionPart(shape).polygons():
        path.addPolygon(bmap.polygon(exterior))
        for hole in holes:
            path.addPolygon(bmap.polygon(hole))
    return path


def _crosses(box: QRectF, a: QPointF, b: QPointF) -> bool:
    """Whether the segment ``a``-``b`` passes through ``box``."""
    return labels.segment_in_box(
        box.left(), box.top(), box.right(), box.bottom(), a.x(), a.y(), b.x(), b.y()
    )


def _text_scale(scene: QGraphicsScene | None) -> float:
    return float(getattr(scene, "text_scale", 1.0))


def _readable(painter: QPainter, size_in: float) -> float:
    return max(size_in, READABLE_PX / max(pixels_per_inch(painter), 1e-6))


class ArcsItem(QGraphicsItem):
    """A unit's four arcs: each tinted, the lines between them dashed from the
    footprint's corners to the board's edges, each arc's name in it."""

    def __init__(
        self, arcs: UnitArcs, bmap: BoardMap, centre: tuple[float, float], ppi: float | None = None
    ) -> None:
        super().__init__()
        self.arcs = arcs
        #: The zoom (pixels an inch) the labels were laid out for (``label_rects``).
        self.ppi = ppi
        #: Boxes the labels keep clear of (scene inches): the charge ruler, its reading
        #: and the two units it runs between.
        self.avoid: list[QRectF] = []
        #: The labels last placed and what they were placed for (``labels``).
        self._labels: tuple[object, list[tuple[str, str, QPointF]]] | None = None
        self.centre = bmap.to_scene(*centre)
        self.paths = [(name, shape_path(shape, bmap), bmap.to_scene(*at))
                      for name, shape, at in arcs.regions]  # fmt: skip
        self.lines = QPainterPath()
        for a, b in arcs.lines:
            self.lines.moveTo(bmap.to_scene(*a))
            self.lines.lineTo(bmap.to_scene(*b))
        rect = self.lines.boundingRect()
        for _, path, _ in self.paths:
            rect = rect.united(path.boundingRect())
        self._rect = rect.adjusted(-2, -2, 2, 2)
        self.setZValue(Z_ARCS)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setToolTip("Arcs of the selected unit, as the rules of this game draw them")
        #: The arcs' names, drawn above the rings and the other overlays' lines
        #: (a range circle's ring ran through "front arc"), below the pieces.
        self.label_item = Floating(self)
        self.label_item.set_rect(self._rect)

    def itemChange(self, change: QGraphicsItem.GraphicsItemChange, value: object) -> object:
        if change in FOLLOWED and hasattr(self, "label_item"):
            follow_scene(self, change, value, [self.label_item])
        return super().itemChange(change, value)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setPen(Qt.PenStyle.NoPen)
        for name, path, _ in self.paths:
            painter.setBrush(style.with_alpha(ARC_COLOURS.get(name, style.NEUTRAL), 38))
            painter.drawPath(path)
        painter.setPen(style.cosmetic(QColor("white"), 4))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(self.lines)
        draw_dashed(painter, self.lines, QColor("#1a1a1a"), 2, pixels=True)

    def paint_label(self, painter: QPainter, ppi: float) -> None:
        """The arcs' names (``labels``), drawn by ``label_item``."""
        size = max(ARC_LABEL_IN * _text_scale(self.scene()), READABLE_PX / max(ppi, 1e-6))
        for name, text, at in self.labels(size):
            colour = ARC_COLOURS.get(name, style.NEUTRAL).darker(170)
            draw_label(painter, text, at, size, colour, QColor(255, 255, 255, 200), bold=True)

    def labels(self, size: float) -> list[tuple[str, str, QPointF]]:
        """Each arc's name, its label and the label's centre, ``size`` inches tall:
        out from the unit, else beside that spot (still in its arc: a ruler drawn
        from the unit's front runs through the front arc's spot), then a label's
        height further out along its arc (on the board) and beside it again,
        while it would cover a box of ``avoid``, a piece, a label or a reading
        placed on the board, or cross a ruler's line; the first such clear spot
        whose label lies wholly inside its arc, else the first clear one running
        over the arc's edge; where nothing is clear, the
        spot of those that cross no ruler covering least of the board's pieces and
        labels (out from the unit if none)."""
        scene = self.scene()
        found = getattr(scene, "label_placer", None)
        placer = found if isinstance(found, Placer) else None
        lines = [(r.a, r.b) for r in getattr(scene, "readings", ()) if r.scene() is scene]
        # Asked at every paint: kept while nothing it depends on changed.
        key = (size, placer, tuple((a.x(), a.y(), b.x(), b.y()) for a, b in lines),
               tuple((r.x(), r.y(), r.width(), r.height()) for r in self.avoid))  # fmt: skip
        if self._labels is not None and self._labels[0] == key:
            return self._labels[1]
        out = []
        for name, path, at in self.paths:
            text = f"{name} arc"
            w, h = text_size(text, size, bold=True)
            d = at - self.centre
            n = max((d.x() ** 2 + d.y() ** 2) ** 0.5, 1e-9)
            u = d / n
            across = QPointF(-u.y(), u.x())
            aside = abs(across.x()) * w / 2 + abs(across.y()) * h / 2 + h
            # ``at`` is where the label's edge nearest the unit goes.
            first = at + u * (abs(u.x()) * w / 2 + abs(u.y()) * h / 2)
            # The spots in their order, those crossing a ruler or a box of
            # ``avoid`` left out: the first clear of the board's pieces and
            # labels, else (measured only then) the one covering least.
            centre = first
            covered: list[tuple[QPointF, QRectF]] = []
            found_spot = False
            #: The first clear spot whose label runs over its arc's edge (into
            #: the next arc: read as that one's): taken only where no clear
            #: spot lies wholly inside the arc.
            astride: QPointF | None = None
            for k in range(AVOID_STEPS + 1):
                base = first + u * (h * k)
                if not self._rect.contains(label_rect(text, base, size, bold=True)):
                    break
                for side in (0.0, 1.0, -1.0):
                    c = base + across * (side * aside)
                    box = label_rect(text, c, size, bold=True)  # with its background
                    if side and not (self._rect.contains(box) and path.contains(c)):
                        continue
                    if any(box.intersects(r) for r in self.avoid):
                        continue
                    if any(_crosses(box, a, b) for a, b in lines):
                        continue
                    if placer is None or placer.free(box, None):
                        if path.contains(box):
                            centre, found_spot = c, True
                            break
                        if astride is None:
                            astride = c
                        continue
                    covered.append((c, box))
                if found_spot:
                    break
            if not found_spot and astride is not None:
                centre, found_spot = astride, True
            if not found_spot and placer is not None:
                least = float("inf")
                for c, box in covered[:COVERED_SPOTS]:  # measured on every mouse move
                    cover = placer.cost([box], None, least)
                    if cover < least:
                        centre, least = c, cover
            out.append((name, text, centre))
        self._labels = (key, out)
        return out

    def label_rects(self) -> list[QRectF]:
        """Where the labels go at the zoom they were laid out for (scene inches)."""
        size = ARC_LABEL_IN * _text_scale(self.scene())
        if self.ppi:
            size = max(size, READABLE_PX / self.ppi)
        out = []
        for _, text, at in self.labels(size):
            w, h = text_size(text, size, bold=True)
            out.append(QRectF(at.x() - w / 2, at.y() - h / 2, w, h))
        return out


class SightItem(QGraphicsItem):
    """What a unit sees: the region in view washed yellow and outlined, its front
    (where sight lines start) drawn thick, a sight line to each unit it sees, and
    "not seen: behind the Hill" on each unit in its arc it does not."""

    def __init__(self, sight: Sight, scene: Scene, bmap: BoardMap) -> None:
        super().__init__()
        self.sight = sight
        self.region = shape_path(sight.region, bmap)
        self.source = QPainterPath()
        if sight.source:
            self.source.moveTo(bmap.to_scene(*sight.source[0]))
            for p in sight.source[1:]:
                self.source.lineTo(bmap.to_scene(*p))
        self.seen: list[tuple[QPointF, QPointF]] = []
        self.notes: list[tuple[QPointF, str]] = []
        #: Where each note goes when above its unit is taken: below its name.
        self.below: list[QPointF] = []
        #: Each note's unit, by id; and where beside it the note may go instead
        #: (right, left), when above and below are taken.
        self.note_units: list[str] = []
        self.beside: list[tuple[QPointF, QPointF]] = []
        for t in sight.targets:
            unit = scene.units.get(t.target_id)
            if t.seen and t.start is not None and t.end is not None:
                self.seen.append((bmap.to_scene(*t.start), bmap.to_scene(*t.end)))
            elif unit is not None and t.blockers:
                # Above the unit (its name is drawn below it); else below its name.
                half = max(unit.width_in, unit.depth_in) / 2
                self.notes.append(
                    (bmap.to_scene(unit.x, unit.y + half + 0.6), f"not seen: {t.why}")
                )
                self.below.append(bmap.to_scene(unit.x, unit.y - half - 1.4))
                self.note_units.append(t.target_id)
                self.beside.append((bmap.to_scene(unit.x + half + 0.4, unit.y),
                                    bmap.to_scene(unit.x - half - 0.4, unit.y)))  # fmt: skip
        rect = self.region.boundingRect().united(self.source.boundingRect())
        for a, b in self.seen:
            rect = rect.united(QRectF(a, b).normalized())
        reach = NOTE_STEPS * 2 + 2  # how far a note may move, inches (generous)
        beside = [at for pair in self.beside for at in pair]
        for at in [at for at, _ in self.notes] + self.below + beside:
            rect = rect.united(QRectF(at.x() - 8, at.y() - reach, 16, 2 * reach))
        self._rect = rect.adjusted(-1, -1, 1, 1)
        self.setZValue(Z_SIGHT)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setToolTip("Line of sight: the region the selected unit sees")

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setBrush(style.with_alpha(SIGHT_COLOUR, 70))
        painter.setPen(style.cosmetic(SIGHT_COLOUR.darker(160), 1.5))
        painter.drawPath(self.region)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(style.cosmetic(SIGHT_COLOUR.darker(200), 5))
        painter.drawPath(self.source)
        for a, b in self.seen:
            painter.setPen(style.cosmetic(QColor("white"), 3.5))
            painter.drawLine(a, b)
            painter.setPen(style.cosmetic(SEEN_COLOUR, 1.5))
            painter.drawLine(a, b)
        size = _readable(painter, NOTE_IN * _text_scale(self.scene()))
        for at, text in self.placed_notes(size):
            draw_label(
                painter, text, at, size, QColor("white"), style.with_alpha(HIDDEN_COLOUR, 220)
            )

    def placed_notes(self, size: float) -> list[tuple[QPointF, str]]:
        """The notes ``size`` inches tall: each above its unit, else below its
        name, else right or left of it, else further up or down (at most
        NOTE_STEPS lines): the first spot on the board that covers no note
        placed before it, no label, no unit (the units are drawn over the
        notes) and lies nearer its own unit than any other (a hidden unit just
        behind another: each note on its own unit, not swapped); else above
        its unit."""
        scene = self.scene()
        found = getattr(scene, "label_placer", None)
        placer = found if isinstance(found, Placer) else None
        board = scene.board_rect() if isinstance(scene, BoardScene) else None
        items = scene.pieces if isinstance(scene, BoardScene) else {}
        line = size * 1.3
        placed: list[QRectF] = []
        out = []
        for (above, text), below, uid, (right, left) in zip(
            self.notes, self.below, self.note_units, self.beside, strict=True
        ):
            spots = [above, below, right + QPointF(label_rect(text, right, size).width() / 2, 0),
                     left - QPointF(label_rect(text, left, size).width() / 2, 0)]  # fmt: skip
            for k in range(1, NOTE_STEPS + 1):
                spots += [QPointF(above.x(), above.y() - k * line),
                          QPointF(below.x(), below.y() + k * line)]  # fmt: skip
            item = items.get(uid)
            own = (
                item.path.boundingRect().translated(item.pos())
                if isinstance(item, UnitItem)
                else None
            )
            spot = above
            for c in spots:
                box = label_rect(text, c, size)
                if board is not None and not board.contains(box):
                    continue
                if any(box.intersects(r) for r in placed):
                    continue
                if placer is None:
                    spot = c
                    break
                if not (placer.labels.clear_of(box, None) and placer.bodies.clear_of(box, None)):
                    continue
                if own is None or not placer.units.nearer(box, item, own, ratio=1.0):
                    spot = c
                    break
            placed.append(label_rect(text, spot, size))
            out.append((spot, text))
        return out


#: ``labels.place_readings``' start that places no reading again.
PAST_EVERY_RANK = (1 << 30, 0)


class ReachItem(LineReading):
    """A charge's reach as a ruler: the route of the point of the charger's
    front that makes contact, to the target's Facing (a wheel's arc, then the
    forward move; straight ahead, one line), with the charge's reading beside it."""

    LABEL_IN = 0.5
    touching = True
    #: Placed after the pinned rulers' readings, clear of them.
    rank = (1, 0)

    def __init__(self, reach: ChargeReach) -> None:
        super().__init__(REACH_COLOUR)
        self.reach = reach
        #: The route in scene coordinates (empty: the line ``a``-``b``).
        self.route: list[QPointF] = []
        self.setZValue(Z_REACH)

    def line_rect(self) -> QRectF:
        if len(self.route) <= 2:
            return super().line_rect()
        xs, ys = [p.x() for p in self.route], [p.y() for p in self.route]
        box = QRectF(QPointF(min(xs), min(ys)), QPointF(max(xs), max(ys)))
        return box.adjusted(-0.5, -0.5, 0.5, 0.5)

    def paint_line(self, painter: QPainter) -> None:
        if len(self.route) <= 2:
            super().paint_line(painter)
            return
        path = QPainterPath(self.route[0])
        for p in self.route[1:]:
            path.lineTo(p)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(style.cosmetic(QColor("white"), 5))
        painter.drawPath(path)
        painter.setPen(style.cosmetic(self.colour, 2))
        painter.drawPath(path)
        if self.leader is not None:
            painter.setPen(style.cosmetic(self.colour, 1.25))
            painter.drawLine(self.leader)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self.colour)
        for p in (self.route[0], self.route[-1]):
            painter.drawEllipse(p, 0.12, 0.12)

    def end_pieces(self) -> tuple[str | None, ...]:
        return (self.reach.charger_id, self.reach.target_id)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        self.paint_line(painter)
        self.paint_reading(painter, style.with_alpha(REACH_COLOUR, 225))


class RulingsLayer:
    """The ruling items on one board scene: set what to show, and the old items go.
    Board inches map to the scene through ``bmap`` (default: the scene's own, as
    it is when shown: a new board changes it)."""

    def __init__(self, scene: QGraphicsScene, bmap: BoardMap | None = None) -> None:
        self.scene = scene
        self._bmap = bmap
        self.items: list[QGraphicsItem] = []

    @property
    def bmap(self) -> BoardMap:
        found = self._bmap or getattr(self.scene, "bmap", None)
        return found if isinstance(found, BoardMap) else BoardMap(0.0)

    def clear(self) -> None:
        removed = False
        for item in self.items:
            if item.scene() is self.scene:
                self.scene.removeItem(item)
                removed = True
        self.items = []
        if removed and isinstance(self.scene, BoardScene):
            labels.place_readings(self.scene, PAST_EVERY_RANK)  # the charge's reading is gone

    def show(
        self,
        pieces: Scene,
        arcs: UnitArcs | None = None,
        sight: Sight | None = None,
        reach: ChargeReach | None = None,
        reach_lines: list[str] | None = None,
        ppi: float | None = None,
    ) -> None:
        """Draw these answers (None: that part is not shown) instead of the last."""
        self.clear()
        unit = pieces.units.get(arcs.unit_id) if arcs is not None else None
        arcs_item = None
        if arcs is not None and arcs.regions and unit is not None:
            arcs_item = ArcsItem(arcs, self.bmap, (unit.x, unit.y), ppi)
            self._add(arcs_item)
        if sight is not None:
            self._add(SightItem(sight, pieces, self.bmap))
        if reach is not None:
            item = ReachItem(reach)
            self._add(item)
            item.route = [self.bmap.to_scene(*p) for p in reach.route]
            item.set_line(self.bmap.to_scene(*reach.start), self.bmap.to_scene(*reach.end),
                          reach_lines or [], ppi)  # fmt: skip
            if arcs_item is not None:  # the arcs' names keep clear of the ruler and the pair
                ends = [pieces.units.get(reach.charger_id), pieces.units.get(reach.target_id)]
                arcs_item.avoid = [item.label_box(), item.line_rect()]
                arcs_item.avoid += [self._box(u) for u in ends if u is not None]

    def _box(self, unit: Unit) -> QRectF:
        """The unit's footprint's bounding box (scene inches)."""
        x0, y0, x1, y1 = outline_of(unit).polygon().bounds
        return QRectF(self.bmap.to_scene(x0, y1), self.bmap.to_scene(x1, y0))

    def _add(self, item: QGraphicsItem) -> None:
        self.scene.addItem(item)
        self.items.append(item)
