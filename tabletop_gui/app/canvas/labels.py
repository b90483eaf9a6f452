"""Label placement: names and captions moved where they do not cover each other.

A greedy pass over the board after each change (the scene calls ``place``).
Every label is measured as ``draw_label`` draws it: its text in the font used
(bold, italic), at the size it is drawn, with its background's pad. The size
drawn depends on the zoom: a scene that knows the zoom it is shown at
(``label_ppi``, pixels per inch: the streamer's, whose picture is always the
whole board) measures at that zoom; otherwise labels are measured at their
largest (MAX_LABEL_SCALE times their board size: how they are drawn when the
whole board is in view), which holds every smaller size drawn when zoomed in.

Order: the labels that cannot move are laid down first (a range circle's
caption, beside, below or above its ring, ``_place_caption``; a hex or area
label with one spot); then marker
captions (below the marker, else above, right, left), unit names with the note
under them (on the unit when they fit inside its base and leave most of it
visible, see ``fits_on``; else below, above, right, left of its footprint, then
its corners and a step further out), the other labels of highlighted hexes and
areas (each spot a hex overlay offers; an area's top edge, then inside it; kept
inside the board), terrain and
deployment zone labels (spots inside their outline, then above and below it).
A label takes the first spot that covers no piece, badge or label already
placed; if none is clear, the one covering least (labels count more than
pieces; a crowded board compares its first FALLBACK_SPOTS only). Boards too
crowded for names (hidden until zoomed in) are left as they are.

A small stream picture (``drop_crowded_labels``: 640 x 360 and less, its names
large on the board) draws no label over another: the unit names go first
(before the marker captions); a name with no clear spot by its unit drops its
note, then looks a few rows further out, then takes a spot that covers no other
label anywhere on the board (with a leader line), and covers its own unit
only where nothing else is left; after them a marker's caption, a circle's,
hex's or area's caption, and a terrain or zone label (only inside its own
shape) is left out where it has no clear spot (docs/streaming.md).

Then the readings of the lines drawn over the board (``place_readings``: the
pinned rulers, then the charge's reach), each beside its own line, clear of the
labels and of the readings before it, off the short gap between the two bases
it measures (``gap_between``); the arcs' names look for their spot after
them (``ruling_items.ArcsItem.labels``).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import TYPE_CHECKING

import numpy as np
import shiboken6
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QPainterPath, QPolygonF

from tabletop_gui.app.canvas import hex_labels
from tabletop_gui.app.canvas.badges import badge_rect
from tabletop_gui.app.canvas.items import (
    NOTE_IN,
    MarkerItem,
    PolygonItem,
    UnitItem,
    ZoneItem,
    _note,
)
from tabletop_gui.app.canvas.label_spots import (
    BG_PAD,
    CROWDED,
    GAP,
    LABEL_WEIGHT,
    SPACE,
    Grid,
    Placer,
    _box,
    _inside,
    _overlay_spots,
    _polygon_spots,
    _unit_spots,
    drawn_size,
    fits_on,
    name_parts,
)
from tabletop_gui.app.canvas.overlays import (
    LABEL_IN,
    NOTE_LABEL_IN,
    CaptionSpot,
    CircleOverlay,
    OverlayItem,
)
from tabletop_gui.model.hexgrid import HexBoard

if TYPE_CHECKING:
    from tabletop_gui.app.canvas.board_scene import BoardScene


def place(scene: BoardScene, limit: int) -> None:
    """Place the board's labels (see the module's docstring), then the lines'
    readings (``place_readings``)."""
    _place_labels(scene, limit)
    place_readings(scene)


def _place_labels(scene: BoardScene, limit: int) -> None:
    scene.label_placer = None
    units = [it for it in scene.pieces.values() if isinstance(it, UnitItem) and it.isVisible()]
    if len(units) > limit:
        return
    for u in units:
        u.show_note(True)
    markers = [it for it in scene.pieces.values() if isinstance(it, MarkerItem) and it.isVisible()]
    polygons = [
        it for it in scene.pieces.values() if isinstance(it, PolygonItem) and it.isVisible()
    ]
    board = scene.board_rect()
    p = Placer(scene, crowded=len(units) > CROWDED)
    # A small picture (a stream's) leaves out the captions of circles, hexes,
    # areas, terrain and zones that cover another label or a piece wherever they
    # go (its score bar names the objectives; the shapes show on the board);
    # elsewhere every label is drawn, in its least-bad spot.
    drop = bool(getattr(scene, "drop_crowded_labels", False))
    # On a hex board a counter is measured as drawn, its role band included
    # (docs/canvas.md, Labels on hex boards): the bands of the counters filling
    # their hexes are where the labels under and over them would otherwise go.
    on_hexes = isinstance(scene.board, HexBoard)
    for u in units:
        body = (u.drawn_rect() if on_hexes else u.path.boundingRect()).translated(u.pos())
        p.bodies.add(u, body)
        p.units.add(u, body)
        if u.marks:
            p.bodies.add(u, badge_rect(u.marks, u.badge_at, u.ts).translated(u.pos()))
    for m in markers:
        r = m.radius
        p.bodies.add(m, QRectF(-r, -r, 2 * r, 2 * r).translated(m.pos()))
        if m.marks:
            at = QPointF(r * 0.8, -r * 0.8)
            p.bodies.add(m, badge_rect(m.marks, at, m.ts).translated(m.pos()))
    for poly in polygons:
        if poly.marks:
            br = poly.polygon.boundingRect()
            p.bodies.add(poly, badge_rect(poly.marks, br.topRight(), poly.ts))
    overlays = scene.overlay_items()
    if isinstance(scene.board, HexBoard):
        _place_hex(scene, p, units, markers, polygons, overlays, board)
        scene.label_placer = p
        return

    # Labels that cannot move go down first: range circles' captions (by their
    # ring) and the labels of hexes and areas that offer one spot.
    for o in overlays:
        if isinstance(o, CircleOverlay) and o.show_label and o.circle.label:
            _place_caption(p, o, board, drop)
    movable = []
    for o in overlays:
        text = getattr(getattr(o, "mark", None) or getattr(o, "area", None), "label", "")
        if not text:
            continue
        tw, th = drawn_size(text, p.size(NOTE_LABEL_IN * o.ts), bold=True)
        spots = _overlay_spots(o, tw, th)
        if not spots:
            continue
        boxes = [[_keep_on(_box(s, tw, th, True, SPACE * o.ts), board)] for s in spots]
        if len(boxes) == 1:
            _place_overlay_label(p, o, boxes, drop)
        else:
            movable.append((o, boxes))

    # A small picture: the names first, then the markers' captions where they
    # are clear (the score bar names every objective).
    if not drop:
        _place_markers(p, markers, board)

    # Names with a clear spot of their own first; then the others, which may
    # take a spot further off (with a leader line) now that none of those is
    # taken from a name that had one of its own.
    later = [u for u in units if u.unit.name and not _place_name(p, u, board, False, drop)]
    for u in later:
        _place_name(p, u, board, True, drop)

    if drop:
        _place_markers(p, markers, board, drop)

    for o, boxes in movable:
        _place_overlay_label(p, o, boxes, drop)

    _place_polygons(p, polygons, board, drop)
    scene.label_placer = p


#: A range circle's caption is drawn under the pieces (it would hide them): where
#: every spot covers something, a piece it runs under counts this many times its
#: area, more than another label's background (LABEL_WEIGHT).
UNDER_PIECE_WEIGHT = 4 * LABEL_WEIGHT


def _place_caption(p: Placer, o: CircleOverlay, board: QRectF, drop: bool) -> None:
    """A range circle's caption: beside its ring, else on its other side, else
    below or above it (under its middle, then shifted to either side), else a
    row further out (``CircleOverlay.label_dirs``): the first spot that covers no
    piece or label. A caption below or above is moved sideways onto the board as
    it is drawn; one beside the ring must fit on it (the usual side is kept when
    no spot does). Where none is clear, the spot covering least, a piece counting
    more than a label (UNDER_PIECE_WEIGHT: the caption is drawn under the pieces
    and would be hidden); ``drop`` (a small picture): left out."""
    spots = caption_spots(p, o, board, drop)
    boxes = [[b] for _, b in spots]
    best = p.choose(o, boxes, drop, piece_weight=UNDER_PIECE_WEIGHT)
    o.label_item.setVisible(best >= 0)
    if best >= 0:
        o.set_label_dir(spots[best][0])


def caption_spots(
    p: Placer, o: CircleOverlay, board: QRectF, drop: bool = False
) -> list[tuple[CaptionSpot, QRectF]]:
    """``_place_caption``'s spots for the caption of ``o`` with its box (as the
    placer measures it, with the room kept around it) at each, in order."""
    w, h = drawn_size(o.circle.label, p.size(LABEL_IN * o.ts), bold=True)
    space = SPACE * o.ts
    row = h + 2 * (BG_PAD[1] + space)
    spots = []
    for spot in o.label_dirs(row):
        b = _box(o.pos() + o.label_offset(w, h, spot), w, h, True, space)
        if spot[1]:
            b = _inside(b, board)
        if board.contains(b):
            spots.append((spot, b))
    if not spots and not drop:
        spot = o.label_dirs(row)[0]
        spots = [(spot, _box(o.pos() + o.label_offset(w, h, spot), w, h, True, space))]
    return spots


def _place_name(p: Placer, u: UnitItem, board: QRectF, last: bool, drop: bool = False) -> bool:
    """Place ``u``'s name (and note) in a clear spot of its own: beside or on its
    unit, nearer it than any other unit (``_own_spots``), on the board. Without
    one: False (nothing placed) unless ``last``, when it takes a clear spot
    nearer another unit but a text line clear of it (``_hugs``), tied to its
    own by a leader line, else the spot covering least (one by another unit
    only where each of its own covers much, OWN_COVER).

    ``drop`` (a small picture): where the name and note find no clear spot,
    the name alone is tried (the note is left out); and where nothing is clear,
    the name takes the spot that covers no other label if there is one (it may
    cover a piece), so that names are never drawn over each other while a
    spot for them is left."""
    parts = name_parts(p, u)
    variants = [parts, parts[:1]] if drop and len(parts) > 1 else [parts]
    # Near the unit first (with its note, then without), then (a small picture,
    # once the names with a spot by their unit are placed) further out: the
    # note gives way before the name goes far.
    reaches = (False, True) if drop and last else (False,)
    fp = u.path.boundingRect()
    at = u.pos()
    tried: dict[int, tuple[list[QRectF], list[QPointF], list[QPointF], list[list[QRectF]]]] = {}
    for far in reaches:
        for i, v in enumerate(variants):
            spots, own = _name_spots(p, u, v, board, drop, tried[i][1:3] if far else None)
            boxes = [[b.translated(at + s) for b in v] for s in own]
            tried[i] = (v, spots, own, boxes)
            if any(all(p.free(b, u) for b in bs) for bs in boxes):
                _set_name(p, u, v, fp, own, boxes, len(own))
                return True
    if not last:
        return False
    for i, (v, spots, own, boxes) in sorted(tried.items()):
        mine = len(own)
        # Spots nearer another unit, a text line clear of every other unit
        # first (``_hugs``; a small picture: the others after them).
        off = [s for s in spots if s not in own]
        apart = [s for s in off if not _hugs(p, u, v, at + s)]
        hugging = [s for s in off if s not in apart]
        off = apart + hugging if drop else apart
        every = own + off
        boxes = boxes + [[b.translated(at + s) for b in v] for s in off]
        if hugging and not drop and not any(all(p.free(b, u) for b in bs) for bs in boxes):
            # By another unit only where every spot of its own covers much.
            k = p.best(u, boxes)
            area = sum(b.width() * b.height() for b in boxes[k])
            if p.cost(boxes[k], u, math.inf) > OWN_COVER * area:
                every = every + hugging
                boxes = boxes + [[b.translated(at + s) for b in v] for s in hugging]
        if i == len(variants) - 1 or any(all(p.free(b, u) for b in bs) for bs in boxes):
            if drop and not any(all(p.free(b, u) for b in bs) for bs in boxes):
                # No clear spot: one that covers no other label (it may cover a
                # piece), by the unit or, failing that, anywhere on the board
                # (a text line clear of other units, else by one); of the
                # first few such, the one covering least.
                clear = [k for k, bs in enumerate(boxes)
                         if all(p.clear_of_labels(b, u) for b in bs)][:CLEAR_SPOTS]  # fmt: skip
                picked = [(every[k], boxes[k]) for k in clear]
                mine = sum(1 for k in clear if k < mine)
                for near_others in (False, True):
                    if len(picked) >= CLEAR_SPOTS or (near_others and picked):
                        break
                    for s in _board_spots(v, at, board, fp):
                        bs = [b.translated(at + s) for b in v]
                        if all(p.clear_of_labels(b, u) for b in bs) and (
                            near_others or not _hugs(p, u, v, at + s)
                        ):
                            picked.append((s, bs))
                            if len(picked) == CLEAR_SPOTS:
                                break
                if picked:
                    every = [s for s, _ in picked]
                    boxes = [bs for _, bs in picked]
            _set_name(p, u, v, fp, every, boxes, mine)
            return True
    return True


#: A name with no clear spot by its own unit takes one within a text line of
#: another unit (tied to its own by a leader line) only where the best of its
#: own covers more than this share of its area (a label counting LABEL_WEIGHT
#: times): on a crowded board, rather than over another name.
OWN_COVER = 0.2


def _hugs(p: Placer, u: UnitItem, parts: list[QRectF], at: QPointF) -> bool:
    """Whether the name of ``parts`` at ``at`` stands within a text line of a
    unit not its own: a spot nearer another unit is taken (with a leader line)
    only clear of every other unit by that much, else it reads as that unit's
    (a name by the corner of its unit, over the next one, its leader a tick)."""
    line = parts[0].height()
    block = parts[0].united(parts[-1]).translated(at)
    return not p.units.clear_of(block.adjusted(-line, -line, line, line), u)


#: A small picture's name with no clear spot takes, of the first this many
#: spots that cover no other label, the one covering least.
CLEAR_SPOTS = 8


def _name_spots(
    p: Placer,
    u: UnitItem,
    parts: list[QRectF],
    board: QRectF,
    drop: bool = False,
    near: tuple[list[QPointF], list[QPointF]] | None = None,
) -> tuple[list[QPointF], list[QPointF]]:
    """The spots for a name of ``parts`` (``name_parts``, the note left out or
    not) on the board, and those of them that are its own (``_own_spots``), the
    middle of the unit last. ``near``: those spots by the unit, found before:
    then rows further out are added (``_far_spots``: a small picture, its names
    large on the board). ``drop`` (a small picture): none over its own unit
    where the name does not fit on it."""
    block = parts[0].united(parts[-1])
    on_unit = fits_on(u.path, block)
    fp = u.path.boundingRect()
    at = u.pos()
    step = block.height() + GAP
    tried = _far_spots(fp, block, step) if near else _unit_spots(fp, block, step, on_unit)
    spots = _on_board(tried, block, at, board)
    if drop:
        # Not over its own unit where it does not fit there (a spot beside a
        # unit at the board's edge, moved onto the board, hid the unit).
        spots = [s for s in spots if (on_unit and s == QPointF(0, 0))
                 or not block.translated(s).intersects(fp)]  # fmt: skip
    # Then the middle of the unit itself (kept on the board), always its own,
    # even where the name covers most of it: better than over another unit.
    middle = _on_board([QPointF(0, 0)], block, at, board)[0]
    if near:
        spots = [s for s in spots if s not in near[0]]
        own = _own_spots(p, u, fp.translated(at), block.translated(at), spots)
        spots = near[0] + spots
        own = [s for s in near[1] if s != middle] + own
    else:
        own = _own_spots(p, u, fp.translated(at), block.translated(at), spots)
    if middle not in own:
        own.append(middle)
    return spots, own


def _far_spots(fp: QRectF, block: QRectF, step: float) -> list[QPointF]:
    """Name centres two to four rows of ``step`` above and below the footprint
    ``fp``, each in the middle and half the name's width to either side (a
    crowded small picture: the rows by the unit are taken)."""
    below = fp.bottom() + GAP - block.top()
    above = fp.top() - GAP - block.bottom()
    half = block.width() / 2
    return [QPointF(dx, y) for k in (1, 2, 3) for y in (below + k * step, above - k * step)
            for dx in (0.0, -half, half)]  # fmt: skip


def _board_spots(parts: list[QRectF], at: QPointF, board: QRectF, fp: QRectF) -> Iterator[QPointF]:
    """Offsets from ``at`` that put the name of ``parts`` on points of a grid
    over the whole board (a name wide, a text line high), nearest ``at`` first,
    none over the unit's own footprint ``fp`` (local)."""
    block = parts[0].united(parts[-1])
    w, h = block.width(), block.height()
    if w <= 0 or h <= 0 or w > board.width() or h > board.height():
        return
    c = block.center()
    x0, y0 = board.left() + w / 2 - c.x() - at.x(), board.top() + h / 2 - c.y() - at.y()
    xs = [x0 + i * w / 2 for i in range(int((board.width() - w) / (w / 2)) + 1)]
    ys = [y0 + j * h for j in range(int((board.height() - h) / h) + 1)]
    grid = sorted(((x, y) for y in ys for x in xs), key=lambda q: q[0] ** 2 + q[1] ** 2)
    for x, y in grid:
        s = QPointF(x, y)
        if not block.translated(s).intersects(fp):
            yield s


def _set_name(
    p: Placer,
    u: UnitItem,
    parts: list[QRectF],
    fp: QRectF,
    spots: list[QPointF],
    boxes: list[list[QRectF]],
    mine: int,
) -> None:
    """Put the name of ``parts`` in the best of ``spots`` (the first ``mine`` its
    own; their ``boxes`` in scene coordinates)."""
    best = p.choose(u, boxes)
    block = parts[0].united(parts[-1])
    # A leader line to a name nearer another unit, or set a line further out
    # than beside its unit (a crowded line: it read as nobody's, or the next unit's).
    away = _apart(block.translated(spots[best]), fp) > 2 * GAP
    # To the name's background, not the room kept free around it (SPACE): on a
    # small picture, where that room is wide, the line stopped short of it.
    sp = SPACE * u.ts
    name = parts[0].adjusted(sp, sp, -sp, -sp).translated(spots[best])
    leader = _leader(fp, name) if best >= mine or away else None
    u.move_name(spots[best], leader)
    u.show_note(len(parts) > 1 or not _note(u.marks))
    u.show_name(True)


def _own_spots(
    p: Placer, u: UnitItem, fp: QRectF, block: QRectF, spots: list[QPointF]
) -> list[QPointF]:
    """The ``spots`` (offsets of the name's ``block``, scene coordinates at offset
    0) that put the name nearer its own footprint ``fp`` (scene coordinates)
    than any other unit's (``Grid.nearer``): a name placed by a corner of its
    unit read as the neighbour's when it sat over that neighbour
    (docs/canvas.md)."""
    return [s for s in spots if not p.units.nearer(block.translated(s), u, fp)]


def _on_board(spots: list[QPointF], block: QRectF, at: QPointF, board: QRectF) -> list[QPointF]:
    """The ``spots`` (offsets of ``block`` from ``at``) where the block lies on the
    board, then the others moved onto it (a name beside a unit at the edge was
    cut by the picture's edge, docs/streaming.md)."""
    inside, moved = [], []
    for s in spots:
        b = block.translated(at + s)
        kept = _keep_on(b, board)
        if kept == b:
            inside.append(s)
        else:
            q = s + kept.topLeft() - b.topLeft()
            if q not in moved:
                moved.append(q)
    return inside + [q for q in moved if q not in inside]


def _apart(a: QRectF, b: QRectF) -> float:
    """The gap between two rectangles (0 where they touch or overlap)."""
    dx = max(b.left() - a.right(), 0.0, a.left() - b.right())
    dy = max(b.top() - a.bottom(), 0.0, a.top() - b.bottom())
    return math.hypot(dx, dy)


def _leader(fp: QRectF, name: QRectF) -> QLineF:
    """A line from the footprint ``fp`` to the name's box ``name`` (both local):
    from the footprint's point nearest the name's centre to the box's point
    nearest the footprint's centre."""
    c, f = name.center(), fp.center()
    a = QPointF(min(max(c.x(), fp.left()), fp.right()), min(max(c.y(), fp.top()), fp.bottom()))
    b = QPointF(min(max(f.x(), name.left()), name.right()),
                min(max(f.y(), name.top()), name.bottom()))  # fmt: skip
    return QLineF(a, b)


def _place_markers(p: Placer, markers: list[MarkerItem], board: QRectF, drop: bool = False) -> None:
    """Each marker's caption below it, else above, right or left: of the sides
    that keep it on the board (a marker at the board's edge), the first clear
    one; ``drop``: none clear, the caption is left out."""
    for m in markers:
        size = p.size(NOTE_IN * m.ts)
        tw, th = drawn_size(m.caption, size)
        sides = ("below", "above", "right", "left")
        boxes = [
            [_box(m.caption_at(side, th, tw) + m.pos(), tw, th, True, SPACE * m.ts)]
            for side in sides
        ]
        fits = [i for i, b in enumerate(boxes) if board.contains(b[0])] or list(range(len(sides)))
        best = p.choose(m, [boxes[i] for i in fits], drop)
        m.show_caption(best >= 0)
        if best >= 0:
            m.move_caption(sides[fits[best]])


def _place_polygons(
    p: Placer, polygons: list[PolygonItem], board: QRectF, drop: bool, inside: bool | None = None
) -> None:
    """Terrain and zone labels, each in the first clear spot of its shape's
    (``_polygon_spots``), else (``drop``) left out; ``inside`` (a small picture,
    by default with ``drop``): only spots inside the shape."""
    inside = drop if inside is None else inside
    # Terrain before zones: zone labels are the faintest and their zones the largest.
    for poly in sorted(polygons, key=lambda it: isinstance(it, ZoneItem)):
        if not poly.label:
            continue
        impassable = bool(getattr(poly.piece, "impassable", False))
        tw, th = drawn_size(poly.label, p.size(NOTE_IN * poly.ts), italic=True)
        spots = _polygon_spots(poly.polygon, tw, th)
        space = SPACE * poly.ts
        # Kept on the board: a long label of a thin zone hung past its edge, over
        # the axis numbers (a small stream picture's labels are large).
        boxes = [[_keep_on(_box(s, tw, th, impassable, space), board)] for s in spots]
        if inside:
            # A small picture: inside its own shape or not at all (a label moved
            # onto the board from above a piece at its edge, or wider than a
            # thin canal, read as another area's).
            boxes = [b for b in boxes if _within(poly.polygon, b[0])]
        best = p.choose(poly, boxes, drop) if boxes else -1
        poly.label_item.setVisible(best >= 0)
        if best >= 0:
            poly.move_label(boxes[best][0].center())


def _within(polygon: QPolygonF, r: QRectF) -> bool:
    """Whether the four corners of ``r`` lie inside ``polygon``."""
    fill = Qt.FillRule.OddEvenFill
    return all(polygon.containsPoint(c, fill)
               for c in (r.topLeft(), r.topRight(), r.bottomLeft(), r.bottomRight()))  # fmt: skip


def _place_hex(
    scene: BoardScene,
    p: Placer,
    units: list[UnitItem],
    markers: list[MarkerItem],
    polygons: list[PolygonItem],
    overlays: list[OverlayItem],
    board: QRectF,
) -> None:
    """A hex board's labels (``hex_labels``): each by its hex, clear of every
    other, inside the board, or not drawn. Markers and polygons as elsewhere."""
    hex_board = scene.board
    assert isinstance(hex_board, HexBoard)
    scene.set_printed_labels(
        hex_labels.place_printed(p, hex_board, board, scene.bmap.to_scene, scene.text_scale, units)
    )
    hex_labels.place_unit_names(p, units, board)
    hex_labels.place_overlay_labels(
        p, [o for o in overlays if not isinstance(o, CircleOverlay)], board
    )
    _place_markers(p, markers, board)
    small = bool(getattr(scene, "drop_crowded_labels", False))
    _place_polygons(p, polygons, board, True, inside=small)


def _place_overlay_label(p: Placer, o: object, boxes: list[list[QRectF]], drop: bool) -> None:
    """A hex's or area's label in its best spot, or (``drop``, no clear spot) hidden."""
    best = p.choose(o, boxes, drop)
    o.label_item.setVisible(best >= 0)  # type: ignore[attr-defined]
    if best >= 0:
        o.move_label(boxes[best][0].center())  # type: ignore[attr-defined]


#: Where along the measured line its label is tried (0 one end, 1 the other).
ALONG = (0.5, 0.35, 0.65, 0.2, 0.8, 0.05, 0.95)
#: Then this many more places along the line, evenly from half a reading before
#: its start to half a reading past its end (the reading still beside the line).
SLIDES = 12


def beside_line(
    a: QPointF, b: QPointF, w: float, h: float, gap: float, out: tuple[float, ...] = ()
) -> list[QPointF]:
    """Centres for a ``w`` x ``h`` label beside the segment ``a``-``b``, its edge
    ``gap`` from the line whatever the line's slant: on either side at the points
    of ALONG, then slid along the line (SLIDES places, up to half the reading past
    either end: beside the end of a short line between two crowded pieces), then
    each distance of ``out`` further from the line, then on the line's extension
    beyond each end. The reading is never across its own line nor off beside
    something else (a spot a label's depth away, on a steep line, was a third of
    the board away)."""
    return [QPointF(x, y) for x, y in _beside(a, b, w, h, gap, out)]


def _beside(
    a: QPointF, b: QPointF, w: float, h: float, gap: float, out: tuple[float, ...]
) -> list[tuple[float, float]]:
    """``beside_line``'s centres as plain numbers (the charge's reading asks on
    every mouse move of a drag)."""
    ax, ay, bx, by = a.x(), a.y(), b.x(), b.y()
    dx, dy = bx - ax, by - ay
    length = math.hypot(dx, dy)
    if length < 1e-9:
        return [(ax, ay - h / 2 - gap)]
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux
    across = abs(nx) * w / 2 + abs(ny) * h / 2  # the box's half depth off the line
    along = abs(ux) * w / 2 + abs(uy) * h / 2  # and along it
    first = [t * length for t in ALONG]
    lo, hi = -along / 2, length + along / 2
    slid = [lo + (hi - lo) * k / (SLIDES - 1) for k in range(SLIDES)]
    slid.sort(key=lambda s: abs(s - length / 2))
    spots = []
    for step, places in ((0.0, first), (0.0, slid), *((o, first) for o in out)):
        for s in places:
            for side in (-1.0, 1.0):  # above a level line first
                off = side * (across + gap + step)
                spots.append((ax + ux * s + nx * off, ay + uy * s + ny * off))
    for ex, ey, sign in ((bx, by, 1.0), (ax, ay, -1.0)):
        off = sign * (along + gap)
        spots.append((ex + ux * off, ey + uy * off))
    return spots


def gap_between(
    a: QPointF, b: QPointF, base_a: QPainterPath, base_b: QPainterPath, w: float, h: float
) -> QPolygonF | None:
    """The room between two bases (``base_a``, ``base_b``: their footprints,
    scene inches) that the line ``a``-``b`` measures, when the line is shorter
    than a ``w`` x ``h`` reading reaches along it (a reading beside its middle
    would cover the gap; None otherwise, or where the bases do not face each
    other): the strip from ``a`` to ``b``, across the line as far as both bases
    reach on each side (a hair short of the line's ends: a reading beside an
    end, over a base, does not touch it)."""
    dx, dy = b.x() - a.x(), b.y() - a.y()
    length = math.hypot(dx, dy)
    if length < 1e-9:
        return None
    ux, uy = dx / length, dy / length
    if length >= abs(ux) * w + abs(uy) * h:
        return None
    nx, ny = -uy, ux
    reach = []
    for base in (base_a, base_b):
        poly = base.toFillPolygon()
        across = [(poly.at(i).x() - a.x()) * nx + (poly.at(i).y() - a.y()) * ny
                  for i in range(poly.count())]  # fmt: skip
        if not across:
            return None
        reach.append((max(0.0, -min(across)), max(0.0, max(across))))
    below = min(reach[0][0], reach[1][0])
    above = min(reach[0][1], reach[1][1])
    if below + above <= 1e-9:
        return None
    hair = min(0.01, length / 4)
    s0, s1 = hair, length - hair
    corners = ((s0, -below), (s1, -below), (s1, above), (s0, above))
    return QPolygonF(
        [QPointF(a.x() + ux * s + nx * c, a.y() + uy * s + ny * c) for s, c in corners]
    )


def line_label_spot(
    scene: BoardScene,
    a: QPointF,
    b: QPointF,
    w: float,
    h: float,
    gap: float,
    out: tuple[float, ...] = (),
    own: object = None,
    space: float = 0.0,
    between: QPolygonF | None = None,
    far: bool = False,
) -> QPointF:
    """The centre for a ``w`` x ``h`` label of the line ``a``-``b`` (scene inches),
    one of ``beside_line``'s spots, or one with a corner by a point of the line
    (a wide reading of a short slanting line: ``beside_line``'s touch the line
    drawn on past its ends), that lies on the board (when none does, each kept
    on it) and does not cover the line. The first spot touching the line (its
    box within ``gap`` of it, measured) with ``space`` free around it that covers
    no label, reading or piece of the last placement pass (``place``,
    ``place_readings``); else the first touching it that covers none; else the
    first slid along it, then the first of all, that covers none (the reading
    then draws a leader to its line: ``LineReading.place``); else (``far``) the
    clear spot nearest the line anywhere on the board (``_spots_over_board``: a pinned
    ruler's reading over a unit hid it); else, of those no further off than a
    text line out, the one covering least (readings weigh the most, then
    labels). ``own``: the reading's own item (its last box is not in the way).
    ``between``: the short gap between the two bases the line measures
    (``gap_between``): no spot over it is taken while a clear one is left that
    is not (a referee reads the reading and sees the gap), nor, where every
    spot covers something, while one is left that is not; but a clear spot
    over the gap is taken before one off it over another piece or label (a
    charge's reading hid a third unit while the other side of its line was
    clear)."""
    board = scene.board_rect()
    hw, hh = w / 2, h / 2
    spots = _beside(a, b, w, h, gap, out)
    #: ``beside_line``'s spots touching the line or the line drawn on past its
    #: ends (a reading slid along it), before those a text line further out.
    beside = 2 * (len(ALONG) + SLIDES) if len(spots) > 1 else 1
    spots += _by_corners(a, b, hw, hh, gap)
    # Where everything is covered: the spot covering least of those no further
    # off than a text line out (or the reading's height).
    reach = gap + max((h, *out))
    left, top, right, bottom = board.left(), board.top(), board.right(), board.bottom()
    keep = [
        i
        for i, (x, y) in enumerate(spots)
        if left <= x - hw and x + hw <= right and top <= y - hh and y + hh <= bottom
    ]
    if not keep:
        kept = [_keep_on(QRectF(x - hw, y - hh, w, h), board).center() for x, y in spots]
        spots = [(c.x(), c.y()) for c in kept]
        keep = list(range(len(spots)))
    off_gap = (
        [i for i in keep if not _covers(between, spots[i], hw, hh)] if between is not None else []
    )
    off = set(off_gap)
    on_gap = [i for i in keep if i not in off] if off_gap else []
    keep = off_gap or keep
    placer = getattr(scene, "label_placer", None)
    ax, ay, bx, by = a.x(), a.y(), b.x(), b.y()
    if isinstance(placer, Placer):
        # Most often one of the first spots is free and touches the line: the
        # one the first tier below would take, found measuring those alone.
        for i in keep[:FIRST_SPOTS]:
            x, y = spots[i]
            gone = box_to_segment(x - hw, y - hh, x + hw, y + hh, ax, ay, bx, by)
            if 1e-9 < gone <= 1.5 * gap + 1e-6:
                spaced = QRectF(x - hw - space, y - hh - space, w + 2 * space, h + 2 * space)
                if placer.free(spaced, own):
                    return QPointF(x, y)
    apart = boxes_to_segment(spots, hw, hh, (ax, ay), (bx, by))
    # Off the line itself (a reading over its line hides what it measures).
    clear = [i for i in keep if apart[i] > 1e-9] or keep
    if not isinstance(placer, Placer):
        return QPointF(*spots[clear[0]])
    touching = [i for i in clear if apart[i] <= 1.5 * gap + 1e-6]
    near_line = set(touching)
    slid = [i for i in clear if i < beside and i not in near_line]
    near = [i for i in clear if apart[i] <= reach + 1e-6] or clear
    tried = near_line | set(slid)
    rest = [i for i in clear if i not in tried]
    for tier, room in ((touching, space), (touching, 0.0), (slid, 0.0), (rest, 0.0)):
        for i in tier:
            x, y = spots[i]
            if placer.free(QRectF(x - hw - room, y - hh - room, w + 2 * room, h + 2 * room), own):
                return QPointF(x, y)
    further: list[tuple[float, float]] = []
    if far:
        for x, y in _spots_over_board(a, b, w, h, board):
            if between is not None and off_gap and _covers(between, (x, y), hw, hh):
                continue
            if placer.free(QRectF(x - hw, y - hh, w, h), own):
                return QPointF(x, y)
            further.append((x, y))
    # Over the gap (the line's own room) before over another piece or label.
    for i in on_gap:
        x, y = spots[i]
        if apart[i] > 1e-9 and placer.free(QRectF(x - hw, y - hh, w, h), own):
            return QPointF(x, y)
    # Measured on every mouse move of a drag: the cover of the nearest few only
    # (off a short gap, the few spots by the line's ends are all measured).
    if not off_gap:
        near = near[: FIRST_SPOTS * 3]
    # With ``far``, the nearest few over the board too (a reading three units
    # wide on a small stream picture covered them all beside its line).
    centres = [spots[i] for i in near] + further[:FAR_COVERED]
    boxes = [[QRectF(x - hw, y - hh, w, h)] for x, y in centres]
    return QPointF(*centres[placer.best(own, boxes)])


#: A reading with no clear spot by its line looks over the board (``_spots_over_board``):
#: at most this many spots, the nearest its line.
FAR_SPOTS = 400
#: Where every spot covers something, the cover of this many of them is
#: compared with that of the spots beside the line.
FAR_COVERED = 40


def _spots_over_board(
    a: QPointF, b: QPointF, w: float, h: float, board: QRectF
) -> Iterator[tuple[float, float]]:
    """Centres for a ``w`` x ``h`` reading on a grid over the board (half a
    reading apart each way), the box wholly on the board and off the line
    ``a``-``b``, nearest the line first: the FAR_SPOTS nearest at most."""
    hw, hh = w / 2, h / 2
    xs = np.arange(board.left() + hw, board.right() - hw + 1e-9, max(hw, 1e-3))
    ys = np.arange(board.top() + hh, board.bottom() - hh + 1e-9, max(hh, 1e-3))
    if not len(xs) or not len(ys):
        return
    gx, gy = np.meshgrid(xs, ys)
    centres = np.column_stack((gx.ravel(), gy.ravel()))
    apart = np.asarray(boxes_to_segment(centres.tolist(), hw, hh, (a.x(), a.y()), (b.x(), b.y())))
    order = np.argsort(apart, kind="stable")
    order = order[apart[order] > 1e-9][:FAR_SPOTS]
    yield from centres[order].tolist()


def _covers(area: QPolygonF, c: tuple[float, float], hw: float, hh: float) -> bool:
    """Whether a box of half sizes ``hw``, ``hh`` centred on ``c`` covers part of ``area``."""
    x, y = c
    return area.intersects(QPolygonF(QRectF(x - hw, y - hh, 2 * hw, 2 * hh)))


def _by_corners(
    a: QPointF, b: QPointF, hw: float, hh: float, gap: float
) -> list[tuple[float, float]]:
    """Centres of a box (half sizes ``hw``, ``hh``) with a corner ``gap`` from a
    point of the line (at ``ALONG``), on each of its four sides of that point."""
    d = gap / math.sqrt(2)
    out = []
    for t in ALONG:
        px, py = a.x() + (b.x() - a.x()) * t, a.y() + (b.y() - a.y()) * t
        for sx, sy in ((1.0, 1.0), (-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0)):
            out.append((px + sx * (hw + d), py + sy * (hh + d)))
    return out


#: The spots ``line_label_spot`` measures one by one before measuring them all.
FIRST_SPOTS = 8


def boxes_to_segment(
    centres: list[tuple[float, float]],
    hw: float,
    hh: float,
    a: tuple[float, float],
    b: tuple[float, float],
) -> list[float]:
    """``box_to_segment`` of boxes of half sizes ``hw``, ``hh`` at each of
    ``centres``, in one pass of array operations (the charge's reading tries a
    hundred spots on every mouse move of a drag)."""
    c = np.asarray(centres, dtype=float).reshape(-1, 2)
    half = np.array([hw, hh])
    lo, hi = c - half, c + half
    (ax, ay), (bx, by) = a, b
    d = np.array([bx - ax, by - ay])
    # Each end of the segment to each box.
    ends = [np.hypot(*np.maximum(np.maximum(lo - p, 0.0), p - hi).T) for p in (a, b)]
    # Each corner of each box to the segment.
    length2 = float(d @ d)
    near = []
    for corner in (
        lo,
        hi,
        np.column_stack((lo[:, 0], hi[:, 1])),
        np.column_stack((hi[:, 0], lo[:, 1])),
    ):
        rel = corner - (ax, ay)
        t = np.zeros(len(c)) if length2 == 0 else np.clip(rel @ d / length2, 0.0, 1.0)
        near.append(np.hypot(*(rel - np.outer(t, d)).T))
    out = np.minimum.reduce([*ends, *near])
    # Zero where the segment runs into the box (Liang-Barsky, every box at once).
    t0, t1 = np.zeros(len(c)), np.ones(len(c))
    inside = np.ones(len(c), dtype=bool)
    for p, q in ((-d[0], ax - lo[:, 0]), (d[0], hi[:, 0] - ax),
                 (-d[1], ay - lo[:, 1]), (d[1], hi[:, 1] - ay)):  # fmt: skip
        if p == 0:
            inside &= q >= 0
            continue
        r = q / p
        if p < 0:
            t0 = np.maximum(t0, r)
        else:
            t1 = np.minimum(t1, r)
    inside &= t0 <= t1
    out[inside] = 0.0
    return out.tolist()


def box_to_segment(
    left: float, top: float, right: float, bottom: float,
    ax: float, ay: float, bx: float, by: float,
) -> float:  # fmt: skip
    """The distance between a box and the segment (ax, ay)-(bx, by): 0 where the
    segment runs into the box."""
    if segment_in_box(left, top, right, bottom, ax, ay, bx, by):
        return 0.0

    def to_box(x: float, y: float) -> float:
        return math.hypot(max(left - x, 0.0, x - right), max(top - y, 0.0, y - bottom))

    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy

    def to_segment(x: float, y: float) -> float:
        t = 0.0 if length2 == 0 else min(1.0, max(0.0, ((x - ax) * dx + (y - ay) * dy) / length2))
        return math.hypot(x - ax - t * dx, y - ay - t * dy)

    corners = ((left, top), (right, top), (left, bottom), (right, bottom))
    return min(to_box(ax, ay), to_box(bx, by), *(to_segment(x, y) for x, y in corners))


def segment_in_box(
    left: float, top: float, right: float, bottom: float,
    ax: float, ay: float, bx: float, by: float,
) -> bool:  # fmt: skip
    """Whether the segment has a point inside the box (Liang-Barsky clipping)."""
    t0, t1 = 0.0, 1.0
    dx, dy = bx - ax, by - ay
    for p, q in ((-dx, ax - left), (dx, right - ax), (-dy, ay - top), (dy, bottom - ay)):
        if p == 0:
            if q < 0:
                return False
            continue
        r = q / p
        if p < 0:
            t0 = max(t0, r)
        else:
            t1 = min(t1, r)
        if t0 > t1:
            return False
    return True


def place_readings(scene: BoardScene, start: tuple[int, int] | None = None) -> None:
    """Place the readings of the lines drawn over the board that take part in the
    labels' placement (``LineReading.rank``: the pinned rulers in the order they
    were pinned, then the charge's reach), each beside its own line where it
    covers no label, piece or reading placed before it; the arcs' names and the
    measure tool's reading then keep clear of them (``Placer.readings``). Called
    after every label pass and whenever such a reading is added, changed or taken
    away. ``start``: the rank of the reading that changed; those before it keep
    their places (nothing they avoid changed: the charge's reading, placed last,
    is placed again on every mouse move of a drag, the pinned rulers are not);
    past every rank, none is placed again (one was taken away)."""
    items = [it for it in scene.readings if shiboken6.isValid(it) and it.scene() is scene]
    scene.readings = items
    placer = scene.label_placer
    if isinstance(placer, Placer):
        placer.readings = Grid()
    for item in sorted(items, key=lambda it: it.rank or (0, 0)):
        if start is None or (item.rank or (0, 0)) >= start:
            item.place()
        if isinstance(placer, Placer) and item.isVisible():
            placer.readings.add(item, item.label_box())


def _keep_on(r: QRectF, board: QRectF) -> QRectF:
    """``r`` shifted onto the board where it fits (sideways and up or down)."""
    r = _inside(r, board)
    dy = max(0.0, board.top() - r.top()) - max(0.0, r.bottom() - board.bottom())
    return r.translated(0, dy) if dy else r
