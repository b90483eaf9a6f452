"""How a rule's highlight is drawn on a piece: ``Mark`` (one highlight from the
Scoreboard), the role band around the piece (``draw_halo``) and the editor's
selection box (``draw_selection``). The badges are in ``badges.py``."""

from __future__ import annotations

from dataclasses import field
from functools import cached_property

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen

from tabletop_gui.app import style
from tabletop_gui.app.canvas.drawing import DashCache, draw_dashed
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.rules.scoreboard import Role

#: The selection box stands this far outside the role band, inches.
SELECT_GAP = 0.3
#: On a hex board, this far outside the counter as drawn (its role band's outer
#: edge): the labels there stand just clear of it (``hex_labels.GAP``), so a
#: box further out would run over the names and captions of the next hexes.
HEX_SELECT_GAP = 0.02


@dataclass(frozen=True, eq=False)
class Mark:
    """One highlight a rule asks for on a piece (from a Scoreboard PieceMark).
    Equal by role, colour and label (compared as a tuple made once: the board
    compares every piece's marks on every move of a drag)."""

    role: Role
    colour: QColor | None
    label: str = ""
    key: tuple[Role, int | None, str] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        rgba = self.colour.rgba() if self.colour is not None else None
        object.__setattr__(self, "key", (self.role, rgba, self.label))

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Mark) and self.key == other.key)


@dataclass(frozen=True)
class Stroke:
    """One line of a role band: solid (``dash`` None) or dashes, ``width`` inches."""

    colour: QColor
    width: float
    dash: Qt.PenStyle | None = None

    @cached_property
    def pen(self) -> QPen:
        return style.inches(self.colour, self.width)


#: Each mark's band, by the mark and the piece's colour (a mark without one).
_STROKES: dict[tuple[Mark, int], tuple[Stroke, ...]] = {}


def halo_strokes(mark: Mark, fallback: QColor) -> tuple[Stroke, ...]:
    """The band around a piece that tells its role, line by line: solid for
    'counts', dashed grey for 'not counting', black/yellow for a placement error,
    two-tone dashes for 'contested'. Line style carries the meaning as much as
    colour."""
    key = (mark, fallback.rgba())
    got = _STROKES.get(key)
    if got is not None:
        return got
    w = style.HALO_IN
    colour = mark.colour or fallback
    dash = Qt.PenStyle.DashLine
    role = mark.role
    out: tuple[Stroke, ...] = ()
    if role is Role.COUNTS:
        out = (Stroke(colour, w),)
    elif role is Role.NOT_COUNTING:
        out = (Stroke(style.DIM, w * 0.6, dash),)
    elif role is Role.CONTESTED:
        out = (Stroke(QColor("white"), w), Stroke(style.ERROR, w, dash))
    elif role is Role.PLACEMENT_ERROR:
        out = (Stroke(style.ERROR_ALT, w), Stroke(style.ERROR, w, dash))
    elif role in (Role.SELECTED, Role.CARRIED):
        out = (Stroke(colour, w * 0.6, Qt.PenStyle.DotLine),)
    if len(_STROKES) > 1024:
        _STROKES.clear()
    _STROKES[key] = out
    return out


def draw_halo(
    painter: QPainter,
    path: QPainterPath,
    mark: Mark,
    fallback: QColor,
    dashes: DashCache | None = None,
) -> None:
    """The band around a piece that tells its role (``halo_strokes``)."""
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for stroke in halo_strokes(mark, fallback):
        if stroke.dash is None:
            painter.setPen(stroke.pen)
            painter.drawPath(path)
        else:
            draw_dashed(painter, path, stroke.colour, stroke.width, stroke.dash, dashes)


#: The selection boxes' dashes, by box and dash width: a selected piece that is
#: dragged repaints its box on every move, and the box is in its own coordinates.
_SELECTION_BOXES = DashCache()
_BOX_PATHS: dict[tuple[float, float, float, float], QPainterPath] = {}


def draw_selection(painter: QPainter, path: QPainterPath | QRectF, gap: float = SELECT_GAP) -> None:
    """The editor's selection: a black-and-white dashed box ``gap`` outside the
    piece and its role band (``path``, or the rect it takes), so both stay visible."""
    r = path if isinstance(path, QRectF) else path.boundingRect()
    g = gap
    out = r.adjusted(-g, -g, g, g)
    key = (out.x(), out.y(), out.width(), out.height())
    box = _BOX_PATHS.get(key)
    if box is None:
        if len(_BOX_PATHS) > 64:
            _BOX_PATHS.clear()
        box = _BOX_PATHS[key] = QPainterPath()
        box.addRect(*key)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(style.cosmetic(QColor("white"), 3))
    painter.drawPath(box)
    draw_dashed(painter, box, QColor("black"), 1.5, cache=_SELECTION_BOXES, pixels=True)
