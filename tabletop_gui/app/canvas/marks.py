"""How a rule's highlight is drawn on a piece: ``Mark`` (one highlight from the
Scoreboard), the role band around the piece (``draw_halo``) and the editor's
selection box (``draw_selection``). The badges are in ``badges.py``."""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath

from tabletop_gui.app import style
from tabletop_gui.app.canvas.drawing import DashCache, draw_dashed
from tabletop_gui.rules.scoreboard import Role

#: The selection box stands this far outside the role band, inches.
SELECT_GAP = 0.3


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


def draw_halo(
    painter: QPainter,
    path: QPainterPath,
    mark: Mark,
    fallback: QColor,
    dashes: DashCache | None = None,
) -> None:
    """The band around a piece that tells its role: solid for 'counts', dashed
    grey for 'not counting', black/yellow for a placement error, two-tone dashes
    for 'contested'. Line style carries the meaning as much as colour."""
    w = style.HALO_IN
    colour = mark.colour or fallback
    painter.setBrush(Qt.BrushStyle.NoBrush)
    dash = Qt.PenStyle.DashLine
    if mark.role is Role.COUNTS:
        painter.setPen(style.inches(colour, w))
        painter.drawPath(path)
    elif mark.role is Role.NOT_COUNTING:
        draw_dashed(painter, path, style.DIM, w * 0.6, dash, dashes)
    elif mark.role is Role.CONTESTED:
        painter.setPen(style.inches(QColor("white"), w))
        painter.drawPath(path)
        draw_dashed(painter, path, style.ERROR, w, dash, dashes)
    elif mark.role is Role.PLACEMENT_ERROR:
        painter.setPen(style.inches(style.ERROR_ALT, w))
        painter.drawPath(path)
        draw_dashed(painter, path, style.ERROR, w, dash, dashes)
    elif mark.role in (Role.SELECTED, Role.CARRIED):
        draw_dashed(painter, path, colour, w * 0.6, Qt.PenStyle.DotLine, dashes)


def draw_selection(painter: QPainter, path: QPainterPath) -> None:
    """The editor's selection: a black-and-white dashed box just outside the piece
    and its role band, so both stay visible."""
    r = path.boundingRect()
    path = QPainterPath()
    g = SELECT_GAP
    path.addRect(r.adjusted(-g, -g, g, g))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(style.cosmetic(QColor("white"), 3))
    painter.drawPath(path)
    draw_dashed(painter, path, QColor("black"), 1.5, pixels=True)
