"""Labels on a hex board: each stays with its hex, none covers another, none
runs off the board, and where the zoom leaves no room they give way.

A hex board is crowded in a way an open table is not: a unit fills most of its
hex and the hexes touch, so a name moved "beside" its unit lands on the next
unit's name (an Overlord board of 26 hexes holds some 70 units). So a label
here has few places, all by its hex, and takes one only if it is clear:

- **the board's printed labels** (town and river names, ``HexBoard.labels``)
  first, under the middle of their hex, on one line or two (broken at a space
  or a dash), else on one line just under the counter on the hex as drawn (a
  rule's role band reaches down there), at the size printed, nearly as tall as
  the names where those are larger, and never under MIN_PRINT_PX pixels;
- **unit names** (and the note under them): on the unit where they fit, else
  just under its counter, else just over it;
- **the captions of hexes a rule marks**: the spots the overlay offers, all on
  its own hexes.

Every box is measured at the size it is drawn at the zoom the labels are placed
for (``Placer.size``), kept inside the board, and compared with every counter
(as drawn, ``UnitItem.drawn_rect``: with its role band) and every label placed
before it; a label with no clear place is not drawn
(the unit's symbol, its tooltip, the score and the legend still say what it
would). The window places them again when its zoom changes (``BoardScene.
set_label_ppi``), so zooming in brings names back.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from PySide6.QtCore import QPointF, QRectF

from tabletop_gui.app.canvas.items import NAME_IN, UnitItem
from tabletop_gui.app.canvas.label_spots import (
    SPACE,
    Placer,
    _box,
    _overlay_spots,
    drawn_size,
    fits_on,
    name_parts,
)
from tabletop_gui.app.canvas.overlays import LINE_GAP_IN, NOTE_LABEL_IN, OverlayItem
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.hexgrid import HexBoard

#: A printed label's size on the board, times the hex size (as printed), and the
#: most it grows to stay readable at a small zoom before it gives way.
PRINT_IN = 0.3
PRINT_GROWTH = 1.6
#: A printed label is drawn at least MIN_PRINT_PX tall, up to MAX_PRINT_GROWTH
#: times its printed size; a zoom that would need more leaves it out.
MIN_PRINT_PX = 8.0
MAX_PRINT_GROWTH = 3.0
#: A printed label is drawn at least this share of a unit name's height.
PRINT_OF_NAME = 0.85
#: A printed label's centre sits this far under its hex's centre (times the hex
#: size): clear of the unit counter in the middle.
PRINT_BELOW = 0.62
#: The gap between a counter and a name under or over it, inches.
GAP = 0.06


@dataclass(frozen=True)
class PrintedLabel:
    """Where one of the board's labels is drawn: its lines, their centre (scene)
    and size (inches, the text's height)."""

    lines: tuple[str, ...]
    centre: QPointF
    size_in: float

    def line_centres(self, line_h: float) -> list[QPointF]:
        top = self.centre.y() - line_h * (len(self.lines) - 1) / 2
        return [QPointF(self.centre.x(), top + i * line_h) for i in range(len(self.lines))]


def two_lines(text: str) -> tuple[str, str] | None:
    """``text`` broken in two at the space or dash nearest its middle ("Colleville-",
    "sur-Mer"), or None when it has neither."""
    cuts = [m.end() for m in re.finditer(r"[ \-]", text) if 0 < m.end() < len(text)]
    if not cuts:
        return None
    cut = min(cuts, key=lambda c: abs(c - len(text) / 2))
    return text[:cut].rstrip(), text[cut:].lstrip()


def place_printed(
    p: Placer,
    board: HexBoard,
    scene_board: QRectF,
    to_scene: Callable[[float, float], QPointF],
    ts: float,
    units: Sequence[UnitItem] = (),
) -> list[PrintedLabel | None]:
    """Each of the board's labels placed (None: no clear place at this zoom):
    under the middle of its hex, on one line or two; where a counter on the hex
    reaches down there (its role band drawn), on one line by the counter as
    drawn, where a unit's name would go (``counter_spots``). ``units``: the
    counters on the board."""
    # What the counters on each hex cover (scene), as drawn.
    reach: dict[tuple[int, int], QRectF] = {}
    for u in units:
        h = board.point_to_hex(u.unit.x, u.unit.y) if u.unit is not None else None
        if h is not None:
            drawn = u.drawn_rect().translated(u.pos())
            reach[h] = reach[h].united(drawn) if h in reach else drawn
    nominal = PRINT_IN * board.hex_size * max(0.6, min(1.0, ts * 2.5))
    # As printed, or nearly as tall as the unit names where they are drawn larger
    # (a stream picture's); at a zoom where that is too large for the board, none.
    size = nominal
    if p.ppi > 0:
        wanted = max(nominal, PRINT_OF_NAME * p.size(NAME_IN * ts))
        size = min(wanted, max(nominal * PRINT_GROWTH, MIN_PRINT_PX / p.ppi))
    out: list[PrintedLabel | None] = []
    if size > nominal * MAX_PRINT_GROWTH:  # readable only far larger than printed
        return [None] * len(board.labels)
    for label in board.labels:
        x, y = board.hex_to_point(label.hex)
        at = to_scene(x, y - PRINT_BELOW * board.hex_size)
        options: list[tuple[tuple[str, ...], QPointF]] = [((label.text,), at)]
        split = two_lines(label.text)
        if split is not None:
            _, lh = drawn_size(label.text, size)
            options.append((split, QPointF(at.x(), at.y() + lh / 2)))
        if label.hex in reach:
            # A counter on the hex: by it, as a unit's name goes (under it, over
            # it, slid to a side, beside it), on one line.
            lw, lh = drawn_size(label.text, size)
            counter = reach[label.hex]
            block = _box(QPointF(0.0, 0.0), lw, lh, True, SPACE * ts)
            mid = counter.center()
            for s in counter_spots(counter.translated(-mid), block):
                options.append(((label.text,), mid + s))
        candidates = []
        for lines, centre in options:
            widths = [drawn_size(line, size)[0] for line in lines]
            lh = drawn_size(lines[0], size)[1]
            box = _box(centre, max(widths), lh * len(lines), True, SPACE * ts)
            candidates.append([box])
        fits = [i for i, c in enumerate(candidates) if scene_board.contains(c[0])]
        best = p.choose(label, [candidates[i] for i in fits], drop=True) if fits else -1
        if best < 0:
            out.append(None)
            continue
        lines, centre = options[fits[best]]
        out.append(PrintedLabel(lines, centre, size))
    return out


def counter_spots(fp: QRectF, block: QRectF) -> list[QPointF]:
    """Where a label ``block`` (about its spot (0, 0)) may go by the counter
    ``fp`` (both about the counter's centre), best first: just under the
    counter, just over it; then under and over it again, slid to either side as
    far as it still overlaps the counter (a name wider than its hex, the next
    hex's label under its own counter); then at its right and at its left. A
    counter fills most of its hex, so each is by its hex; the next hex's label
    or counter, placed before it, is what leaves a spot unclear."""
    under = fp.bottom() + GAP - block.top()
    over = fp.top() - GAP - block.bottom()
    # Slid until the block's far edge is at the counter's near edge, less a little.
    slide = max(0.0, block.width() / 2 + fp.width() / 2 - fp.width() * 0.25)
    middle = fp.center().y() - block.center().y()
    return [
        QPointF(0, under),
        QPointF(0, over),
        QPointF(slide, under),
        QPointF(-slide, under),
        QPointF(slide, over),
        QPointF(-slide, over),
        QPointF(fp.right() + GAP - block.left(), middle),
        QPointF(fp.left() - GAP - block.right(), middle),
    ]


def place_unit_names(p: Placer, units: list[UnitItem], board: QRectF) -> None:
    """Each unit's name on it, under it or over it where clear, else slid to
    either side of those or beside it (``counter_spots``); else not drawn."""
    for u in units:
        name = u.unit.name
        if not name:
            u.show_name(False)
            continue
        parts = name_parts(p, u)
        block = parts[0].united(parts[-1])
        fp = u.drawn_rect()  # the counter as drawn: its role band too
        spots = [
            *([QPointF(0, 0)] if fits_on(u.path, block) else []),
            *counter_spots(fp, block),
        ]
        at = u.pos()
        boxes = [[b.translated(at + s) for b in parts] for s in spots]
        fits = [i for i, bs in enumerate(boxes) if all(board.contains(b) for b in bs)]
        best = p.choose(u, [boxes[i] for i in fits], drop=True) if fits else -1
        u.show_name(best >= 0)
        if best >= 0:
            u.move_name(spots[fits[best]])


def slide_on(box: QRectF, board: QRectF) -> float:
    """How far sideways ``box`` moves to lie across the board's width (0: it does
    already, or is wider than the board)."""
    if box.width() > board.width():
        return 0.0
    return max(0.0, board.left() - box.left()) - max(0.0, box.right() - board.right())


def caption_spots(
    spots: list[QPointF], w: float, h: float, space: float, board: QRectF
) -> list[tuple[QPointF, QRectF]]:
    """A ``w`` x ``h`` caption's centres and boxes on the board: at the overlay's
    spots, then each of those running off the board slid sideways onto it (a
    caption longer than its hexes are wide, on hexes at the board's edge: exit
    hexes in a baseline's corner), still by its hexes."""
    out = [(s, _box(s, w, h, True, space)) for s in spots]
    for s, b in list(out):
        dx = slide_on(b, board)
        if dx:
            out.append((QPointF(s.x() + dx, s.y()), b.translated(dx, 0)))
    return [(s, b) for s, b in out if board.contains(b)]


def place_overlay_labels(p: Placer, overlays: list[OverlayItem], board: QRectF) -> None:
    """The captions of hexes a rule marks, at a spot on its hexes where clear: on
    one line, else on two (broken as a printed label is), else not drawn."""
    for o in overlays:
        text = getattr(getattr(o, "mark", None), "label", "")
        if not text or not hasattr(o, "label_item"):
            continue
        size = p.size(NOTE_LABEL_IN * o.ts)
        tw, th = drawn_size(text, size, bold=True)
        spots = _overlay_spots(o, tw, th)
        split = two_lines(text)
        options: list[tuple[tuple[str, ...], float, float]] = [((), tw, th)]
        if split is not None:
            lw = max(drawn_size(line, size, bold=True)[0] for line in split)
            options.append((split, lw, 2 * th + LINE_GAP_IN))
        o.label_item.setVisible(False)
        for lines, w, h in options:
            found = caption_spots(spots, w, h, SPACE * o.ts, board)
            best = p.choose(o, [[b] for _s, b in found], drop=True) if found else -1
            if best >= 0:
                o.label_item.setVisible(True)
                o.label_lines = lines
                o.move_label(found[best][0])
                o.label_item.update()
                break
