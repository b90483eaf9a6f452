"""Colours, pens and fonts of the board, shared by the window and ``render``.

Side colours come from the Okabe-Ito palette (distinguishable with the common
colour-vision deficiencies); every role is also told by line style or a glyph,
never by colour alone.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QPen

from tabletop_gui.model.scene import Scene

#: Okabe & Ito (2008), "Color Universal Design": blue, vermillion, bluish green,
#: reddish purple, orange, sky blue, yellow.
SAFE_COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#f0e442")

TABLE = QColor("#3b3f45")  # outside the board
BOARD = QColor("#ece6d6")  # board surface: light, neutral, so overlays read
GRID_MINOR = QColor(0, 0, 0, 28)
GRID_MAJOR = QColor(0, 0, 0, 60)
BOARD_EDGE = QColor("#1a1a1a")
TERRAIN = QColor("#b5a27a")
TERRAIN_EDGE = QColor("#6b5a3a")
#: The edge of terrain that blocks sight (Opaque): darker and thicker.
OPAQUE_EDGE = QColor("#2f2618")
IMPASSABLE = QColor("#5a5148")
NEUTRAL = QColor("#444444")
ERROR = QColor("#000000")  # placement errors: black and yellow, plus a "!" glyph
ERROR_ALT = QColor("#f0e442")
DIM = QColor("#8a8a8a")
TEXT = QColor("#111111")
#: Axis numbers on the table around the board: light enough to read on its dark grey.
AXIS_TEXT = QColor("#dfe3e8")
#: Behind text outside the board when no table is drawn (transparent pictures).
EDGE_TEXT_BACKING = QColor(20, 22, 26, 170)
HALO_IN = 0.22  # width of a role halo, inches


def side_colours(scene: Scene, safe: bool = True) -> dict[str, QColor]:
    """Colour per side id. With ``safe`` a side whose own colour is not one of the
    safe palette, or repeats an earlier side's, gets the next unused safe colour."""
    out: dict[str, QColor] = {}
    used: set[str] = set()
    for side in scene.sides:
        own = side.colour.lower()
        if safe and (own not in SAFE_COLOURS or own in used):
            own = next((c for c in SAFE_COLOURS if c not in used), SAFE_COLOURS[0])
        used.add(own)
        out[side.id] = QColor(own)
    return out


def with_alpha(colour: QColor, alpha: int) -> QColor:
    c = QColor(colour)
    c.setAlpha(alpha)
    return c


def blend(a: QColor, b: QColor, t: float) -> QColor:
    """``a`` mixed with ``t`` of ``b`` (opaque)."""
    return QColor(
        round(a.red() * (1 - t) + b.red() * t),
        round(a.green() * (1 - t) + b.green() * t),
        round(a.blue() * (1 - t) + b.blue() * t),
    )


def cosmetic(
    colour: QColor, width: float = 1.0, style: Qt.PenStyle = Qt.PenStyle.SolidLine
) -> QPen:
    """A pen whose width is in pixels whatever the zoom."""
    pen = QPen(colour, width, style)
    pen.setCosmetic(True)
    return pen


def inches(colour: QColor, width: float, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    """A pen whose width is in inches (scales with the board)."""
    pen = QPen(colour, width, style)
    pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    return pen


def brush(colour: QColor, style: Qt.BrushStyle = Qt.BrushStyle.SolidPattern) -> QBrush:
    return QBrush(colour, style)


#: Text is drawn at this many pixels per inch and scaled down, so labels are
#: board-sized (they zoom with the board) yet rendered from a normal font size.
TEXT_SCALE = 40.0
