"""The idle units drawn by one item: a board of 1,000 units repaints in one
paint call instead of 1,000 (a selected, emphasised, dimmed or dragged unit
draws itself, ``items.UnitItem``). Overlapping units go to successive layers,
each drawn whole, so a unit covers the one under it. A second batch draws the
idle units a rule marks (their role bands, notes and badges): a set-up with
every unit outside its zone, or a board of units in range, stays a picture."""

from __future__ import annotations

from dataclasses import field
from typing import Any

import numpy as np
import shapely
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from tabletop_gui.app import style
from tabletop_gui.app.canvas.badges import draw_badges
from tabletop_gui.app.canvas.drawing import draw_label, pixels_per_inch, rect_coords
from tabletop_gui.app.canvas.glyphs import Glyph, paint_glyph
from tabletop_gui.app.canvas.items import (
    LABEL_BG,
    MIN_TEXT_PX,
    NAME_IN,
    UnitItem,
    paint_leader,
    paint_unit_labels,
    readable,
)
from tabletop_gui.app.canvas.layers import Z_UNIT
from tabletop_gui.app.canvas.lod_tiles import TilePictures
from tabletop_gui.app.canvas.marks import Mark, halo_strokes
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.rules.scoreboard import Role

#: A batch member: the unit, its piece, its name's place, leader and whether its
#: note is drawn (None: no name drawn), its marks; the batch is rebuilt when one
#: of them changes.
Member = tuple[UnitItem, object, tuple[QPointF, QLineF | None, bool] | None, tuple[Mark, ...]]

#: Side of the cells that find which idle units' footprints overlap, inches (at
#: most; smaller for small bases, down to MIN_LAYER_CELL: ``_cell``).
LAYER_CELL = 4.0
MIN_LAYER_CELL = 0.5
#: Footprint boxes must overlap by more than this (inches) to stack: units that
#: only touch (base contact) share a layer.
LAYER_EPS = 0.01


#: A box over more cells than this is checked against every other box instead of
#: being entered in the cells (a marked unit's box takes in its words: in a tiny
#: picture they can span thousands of inches, and millions of cells).
BIG_BOX_CELLS = 64


def stacking_layers(boxes: list[tuple[float, float, float, float]]) -> list[int]:
    """A layer per box (left, top, right, bottom), in drawing order: one above the
    highest earlier box it overlaps, 0 when it overlaps none. Drawing layer by
    layer keeps every overlap in order while each layer is drawn in one go.
    Many boxes: the overlapping pairs are found at once (``_overlapping``), then
    each box takes its layer from the earlier ones it overlaps."""
    if len(boxes) >= MANY_BOXES:
        pairs = _overlapping(boxes)
        if pairs is not None:
            later, earlier = pairs
            starts = np.searchsorted(later, np.arange(len(boxes) + 1)).tolist()
            layers = np.zeros(len(boxes), dtype=np.int64)
            for i in np.unique(later).tolist():  # in drawing order: the earlier are final
                layers[i] = layers[earlier[starts[i] : starts[i + 1]]].max() + 1
            return layers.tolist()
    return _stacking_layers_one_by_one(boxes)


#: From this many boxes, ``stacking_layers`` finds the overlapping pairs at once.
MANY_BOXES = 256
#: More overlapping pairs than this (a pile of thousands of units on one spot)
#: are left to the one-by-one pass, which needs no memory for them.
MAX_PAIRS = 4_000_000
#: Boxes asked of the tree at a time (a pile answers each with every other).
PAIR_CHUNK = 256


def _overlapping(
    boxes: list[tuple[float, float, float, float]],
) -> tuple[np.ndarray, np.ndarray] | None:
    """(later, earlier): every pair of boxes that overlap as ``stacking_layers``
    counts it (by more than LAYER_EPS, the same comparisons), the later's index
    first, sorted by it; None past MAX_PAIRS, or when a box is not wider and
    taller than twice LAYER_EPS (the one-by-one pass enters it in no cell). A
    tree of the boxes (shapely's STRtree, in C) names the boxes that meet
    each; the comparisons keep those that overlap."""
    a = np.asarray(boxes, dtype=float).reshape(-1, 4)
    left, top, right, bottom = a.T
    e = LAYER_EPS
    if not (np.isfinite(a).all() and (left + e < right - e).all() and (top + e < bottom - e).all()):
        return None  # a box of (nearly) no size: the one-by-one pass's cells decide
    tree = shapely.STRtree(shapely.box(left, top, right, bottom))
    shapes = tree.geometries
    later: list[np.ndarray] = []
    earlier: list[np.ndarray] = []
    found = 0
    for k in range(0, len(a), PAIR_CHUNK):
        i, j = tree.query(shapes[k : k + PAIR_CHUNK])
        i = i + k
        keep = j < i
        i, j = i[keep], j[keep]
        over = (
            (left[i] + e < right[j] - e)
            & (left[j] + e < right[i] - e)
            & (top[i] + e < bottom[j] - e)
            & (top[j] + e < bottom[i] - e)
        )
        later.append(i[over])
        earlier.append(j[over])
        found += int(over.sum())
        if found > MAX_PAIRS:
            return None
    i, j = np.concatenate(later), np.concatenate(earlier)
    order = np.argsort(i, kind="stable")
    return i[order], j[order]


def _stacking_layers_one_by_one(boxes: list[tuple[float, float, float, float]]) -> list[int]:
    """``stacking_layers`` box by box, the earlier ones found through a grid."""
    cells: dict[tuple[int, int], list[int]] = {}
    big: list[int] = []
    layers: list[int] = []
    c, e = _cell(boxes), LAYER_EPS

    def overlaps(j: int, left: float, top: float, right: float, bottom: float) -> bool:
        ol, ot, orr, ob = boxes[j]
        return left < orr - e and ol + e < right and top < ob - e and ot + e < bottom

    for i, (left, top, right, bottom) in enumerate(boxes):
        left, top, right, bottom = left + e, top + e, right - e, bottom - e
        xs = range(int(left // c), int(right // c) + 1)
        ys = range(int(top // c), int(bottom // c) + 1)
        layer = 0
        if len(xs) * len(ys) > BIG_BOX_CELLS:
            for j in range(i):
                if layers[j] >= layer and overlaps(j, left, top, right, bottom):
                    layer = layers[j] + 1
            big.append(i)
            layers.append(layer)
            continue
        keys = [(cx, cy) for cx in xs for cy in ys]
        for j in big:
            if layers[j] >= layer and overlaps(j, left, top, right, bottom):
                layer = layers[j] + 1
        for key in keys:
            for j in cells.get(key, ()):
                if layers[j] >= layer and overlaps(j, left, top, right, bottom):
                    layer = layers[j] + 1
        for key in keys:
            cells.setdefault(key, []).append(i)
        layers.append(layer)
    return layers


def _cell(boxes: list[tuple[float, float, float, float]]) -> float:
    """The side of the cells: LAYER_CELL, or twice the usual box's larger side
    when boxes are smaller (a crowded board of small bases checks each box
    against the few near it, not against every box of a 4 in cell), at least
    MIN_LAYER_CELL."""
    if len(boxes) < 64:
        return LAYER_CELL
    sides = sorted(max(r - left, b - t) for left, t, r, b in boxes[:: max(1, len(boxes) // 256)])
    return min(LAYER_CELL, max(MIN_LAYER_CELL, 2 * sides[len(sides) // 2]))


@dataclass
class MarkedLabel:
    """What a marked unit writes above the units: its name, the note under it and
    its badges (scene coordinates)."""

    name: str
    at: QPointF
    ts: float
    marks: tuple[Mark, ...]
    badge_at: QPointF
    colour: QColor
    #: The note under the name is drawn (``UnitItem.note_shown``).
    note_shown: bool = True


@dataclass
class BatchLayer:
    """Idle units none of which overlaps another: fills with outlines (a path per
    fill and outline colour), then rank and file lines, then front edges, then
    (marked units) their role bands: a solid band stroked with its pen (``pen``
    set) or dashes filled in their colour (``pen`` None), each pass of the
    units' marks in order (a unit's bands overlap no other unit's here)."""

    fills: list[tuple[QPen, QColor, QPainterPath]]
    grids: list[tuple[QPen, list[QLineF]]]
    fronts: list[tuple[QPen, list[QLineF]]]
    bands: list[tuple[QPen | None, QColor, QPainterPath]] = field(default_factory=list)
    #: The symbols, stars and pips on the units (``UnitItem.glyph``), each at its unit.
    glyphs: list[tuple[QColor, Glyph, QPointF]] = field(default_factory=list)
    #: (marked units) their names, notes and badges, after the layer's bands.
    labels: list[MarkedLabel] = field(default_factory=list)


class UnitBatch(QGraphicsItem):
    """Every idle unit (no mark, not selected, not emphasised or dimmed) drawn by
    one item, in the manner of pyqtgraph: a few painter calls for the whole army
    instead of one ``paint`` per unit. The window's view caches it as a picture
    (``BoardView`` sets DeviceCoordinateCache; exports and prints draw it
    directly), so a repaint that does not change the idle units is a blit.

    Units are drawn in their stacking order (the scene's: later above earlier):
    units that overlap go to successive layers (``stacking_layers``), each layer
    drawn whole before the next, so a unit covers the fill, outline and lines of
    any unit under it. Names are written last, above every unit.

    ``marked``: the batch of the idle units a rule marks instead, drawn as each
    would paint itself (``UnitItem.paint``): its marks' role bands, then its name,
    note and badges. All it paints counts when stacking, and each layer writes
    its units' words before the next layer is drawn, so a unit covers the name
    and badges of a unit under it as their own items did. It lies above the
    other batch, where the units that paint themselves were before.

    Idle units keep their own items (picking, selection, tooltips) flagged
    ``ItemHasNoContents``; a unit that is selected, emphasised, dimmed or dragged
    leaves the batch and paints itself."""

    def __init__(self, marked: bool = False) -> None:
        super().__init__()
        self.marked = marked
        self.setZValue(Z_UNIT)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.members: tuple[Member, ...] = ()
        self._member_ids: set[int] = set()
        self._rect = QRectF()
        self._layers: list[BatchLayer] = []
        self._labels: list[tuple[str, QPointF, float]] = []
        #: The members' leader lines (``UnitItem.name_leader``, scene) and text scales.
        self._leaders: list[tuple[QLineF, float]] = []
        #: Pictures per zoom band (``keep_pictures``: the window's view only).
        self.pictures: TilePictures | None = None

    def keep_pictures(self, keep: bool = True) -> None:
        """Paint a view through pictures kept per zoom band (``lod_tiles``)."""
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, keep)
        self.pictures = TilePictures(self, lambda: QGraphicsItem.update(self)) if keep else None

    def update(self, *args: Any, **kwargs: Any) -> None:
        """Repaint: what the batch draws changed, so its kept pictures are stale."""
        if self.pictures is not None:
            self.pictures.clear()
        super().update(*args, **kwargs)

    def boundingRect(self) -> QRectF:
        return self._rect

    @staticmethod
    def idle(item: UnitItem) -> bool:
        """An unmarked unit at rest: drawn by the (unmarked) batch."""
        return not item.marks and UnitBatch.at_rest(item)

    @staticmethod
    def at_rest(item: UnitItem) -> bool:
        """On the table, not selected, emphasised or dimmed."""
        unit = item.piece
        return (
            unit is not None
            and unit.on_table  # type: ignore[attr-defined]
            and item.focus == 0
            and not item.isSelected()
        )

    def has(self, item: UnitItem) -> bool:
        """``item`` is one of the units this batch draws now."""
        return id(item) in self._member_ids

    def takes(self, item: UnitItem) -> bool:
        if self.marked:
            return bool(item.marks) and self.at_rest(item)
        return self.idle(item)

    def sync(self, items: list[UnitItem]) -> None:
        """Take the ones of ``items`` this batch draws (``takes``); rebuilt only if
        the set or a member (its unit, name's place or marks) changed."""
        members = tuple(
            (
                it,
                it.piece,
                (it.name_at, it.name_leader, it.note_shown) if it.name_shown else None,
                it.marks,
            )
            for it in items
            if self.takes(it)
        )
        self.set_members(members)

    def set_members(self, members: tuple[Member, ...]) -> None:
        if len(members) == len(self.members) and all(
            a[0] is b[0] and a[1] is b[1] and a[2] == b[2] and a[3] is b[3]
            for a, b in zip(members, self.members, strict=True)
        ):
            return
        now = {id(m[0]) for m in members}
        for it, *_ in self.members:
            if id(it) not in now:
                it.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, False)
                it.update()
        for it, *_ in members:
            it.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)
        self.members = members
        self._member_ids = now
        self._build()

    def _box(self, item: UnitItem, pos: QPointF) -> tuple[float, float, float, float]:
        """What a member covers when stacking: its footprint; in the marked batch
        all it paints (band, name, note, badges: ``boundingRect``)."""
        rect = item.boundingRect() if self.marked else item.path.boundingRect()
        left, top, right, bottom = rect_coords(rect)
        x, y = pos.x(), pos.y()
        return left + x, top + y, right + x, bottom + y

    def _build(self) -> None:
        self.prepareGeometryChange()
        places = [m[0].pos() for m in self.members]
        boxes = [self._box(m[0], pos) for m, pos in zip(self.members, places, strict=True)]
        per_unit = stacking_layers(boxes)
        n = max(per_unit, default=-1) + 1
        fills: list[dict[tuple, tuple[QPen, QColor, QPainterPath]]] = [{} for _ in range(n)]
        fronts: list[dict[tuple, tuple[QPen, list[QLineF]]]] = [{} for _ in range(n)]
        grids: list[dict[tuple, tuple[QPen, list[QLineF]]]] = [{} for _ in range(n)]
        bands: list[dict[tuple, tuple[QPen | None, QColor, QPainterPath]]] = [{} for _ in range(n)]
        labels = []
        leaders = []
        marked_labels: list[list[MarkedLabel]] = [[] for _ in range(n)]
        glyphs: list[list[tuple[QColor, Glyph, QPointF]]] = [[] for _ in range(n)]
        lefts: list[float] = []
        tops: list[float] = []
        rights: list[float] = []
        bottoms: list[float] = []
        for (it, unit, _, marks), pos, layer in zip(self.members, places, per_unit, strict=True):
            faded = it.greyed or any(m.role is Role.NOT_COUNTING for m in marks)
            outline, grid, front = it.pens
            fill = it.fills[1] if faded else it.fills[0]
            key = (fill.rgba(), outline.color().rgba())
            entry = fills[layer].get(key)
            if entry is None:
                path = QPainterPath()
                path.setFillRule(Qt.FillRule.WindingFill)
                entry = fills[layer][key] = (outline, fill, path)
            entry[2].addPath(it.path.translated(pos))
            pen_key = (outline.color().rgba(), front.color().rgba())
            fronts[layer].setdefault(pen_key, (front, []))[1].append(it.front.translated(pos))
            if it.grid:
                grids[layer].setdefault(pen_key, (grid, []))[1].extend(
                    ln.translated(pos) for ln in it.grid
                )
            for j, mark in enumerate(marks):
                for k, stroke in enumerate(halo_strokes(mark, it.colour)):
                    band_key = (j, k, stroke.colour.rgba(), stroke.width, stroke.dash)
                    if stroke.dash is None:
                        shape = it.halo_path
                    else:
                        shape = it.dashes.outline(it.halo_path, stroke.width, stroke.dash)
                    got = bands[layer].get(band_key)
                    if got is None:
                        path = QPainterPath()
                        path.setFillRule(Qt.FillRule.WindingFill)
                        pen = stroke.pen if stroke.dash is None else None
                        got = bands[layer][band_key] = (pen, stroke.colour, path)
                    got[2].addPath(shape.translated(pos))
            if it.glyph is not None:
                glyphs[layer].append((it.colour, it.glyph, pos))
            name = unit.name if it.name_shown else ""  # type: ignore[attr-defined]
            if name and it.name_leader is not None:
                leaders.append((it.name_leader.translated(pos), it.ts))
            if self.marked:
                marked_labels[layer].append(
                    MarkedLabel(
                        name,
                        pos + it.name_at,
                        it.ts,
                        marks,
                        pos + it.badge_at,
                        it.colour,
                        it.note_shown,
                    )
                )
            elif name:
                labels.append((name, pos + it.name_at, it.ts))
            own = it.boundingRect()
            if not own.isNull():  # as QRectF.united: a null rect adds nothing
                left, top, right, bottom = rect_coords(own)
                x, y = pos.x(), pos.y()
                lefts.append(left + x)
                tops.append(top + y)
                rights.append(right + x)
                bottoms.append(bottom + y)
        self._layers = [
            BatchLayer(list(f.values()), list(g.values()), list(fr.values()), _in_order(b), gl, ml)
            for f, g, fr, b, gl, ml in zip(
                fills, grids, fronts, bands, glyphs, marked_labels, strict=True
            )
        ]
        self._labels = labels
        self._leaders = leaders
        self._rect = (
            QRectF(min(lefts), min(tops), max(rights) - min(lefts), max(bottoms) - min(tops))
            if lefts
            else QRectF()
        )
        self.update()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if self.pictures is None or widget is None:
            self.draw(painter, self._rect)
            return
        scene = self.scene()
        key = (getattr(scene, "label_min_ppi", 0.0), getattr(scene, "text_scale", 1.0))
        self.pictures.paint(painter, option.exposedRect, widget, self.draw, key)

    def draw(self, painter: QPainter, rect: QRectF) -> None:
        """Draw every member at the painter's scale (the painter clips to ``rect``)."""
        ppi = pixels_per_inch(painter)
        painter.setOpacity(1.0)
        min_ppi = getattr(self.scene(), "label_min_ppi", 0.0)
        show_grid = ppi >= max(8.0, min_ppi)
        for layer in self._layers:
            for pen, fill, path in layer.fills:
                painter.setPen(pen)
                painter.setBrush(fill)
                painter.drawPath(path)
            if show_grid:
                for pen, lines in layer.grids:
                    painter.setPen(pen)
                    painter.drawLines(lines)
            for pen, lines in layer.fronts:
                painter.setPen(pen)
                painter.drawLines(lines)
            for colour, g, at in layer.glyphs:
                paint_glyph(painter, g, colour, ppi, at)
            if layer.bands:
                painter.setBrush(Qt.BrushStyle.NoBrush)
                for band_pen, colour, path in layer.bands:
                    if band_pen is not None:
                        painter.setPen(band_pen)
                        painter.drawPath(path)
                    else:
                        painter.fillPath(path, colour)
            for m in layer.labels:
                paint_unit_labels(painter, m.name, m.at, m.ts, m.marks, ppi, min_ppi, m.note_shown)
                draw_badges(painter, m.marks, m.badge_at, m.colour, m.ts)
        if ppi < min_ppi:
            return
        for line, ts in self._leaders:
            paint_leader(painter, line, ts, ppi, min_ppi)
        for name, at, ts in self._labels:
            if ppi * NAME_IN * ts >= MIN_TEXT_PX:
                draw_label(painter, name, at, readable(NAME_IN * ts, ppi), style.TEXT, LABEL_BG)


def _in_order(
    bands: dict[tuple, tuple[QPen | None, QColor, QPainterPath]],
) -> list[tuple[QPen | None, QColor, QPainterPath]]:
    """A layer's bands in the order a unit draws its own: by mark, then by line."""
    return [bands[k] for k in sorted(bands, key=lambda k: (k[0], k[1]))]
