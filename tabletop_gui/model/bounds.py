"""Whether a unit or marker stands on the board: a marker's centre, a unit's whole
base on an inch board (a base hanging past the table edge, or one larger than the
table, is a mistake to name), a unit's centre on a hex board (it stands on a hex)."""

from __future__ import annotations

import math

from tabletop_gui.model.board import InchBoard
from tabletop_gui.model.hexgrid import HexBoard
from tabletop_gui.model.pieces import BaseShape, Marker, Terrain, Unit, Zone

#: How far past the board edge a centre or base may reach (rounding, not a mistake).
EDGE_SLACK = 1e-6


def off_board(board: InchBoard | HexBoard, piece: Unit | Marker) -> str | None:
    """Why ``piece`` does not stand on ``board`` (naming it), or None."""
    width, height = board.extent
    where = (
        "the hex board" if isinstance(board, HexBoard) else f"the {width:g} x {height:g} in board"
    )
    who = f"{piece_name(piece)}: "
    x, y = piece.x, piece.y
    if not (-EDGE_SLACK <= x <= width + EDGE_SLACK and -EDGE_SLACK <= y <= height + EDGE_SLACK):
        return f"{who}its centre ({inches(x)}, {inches(y)}) is off {where}"
    if not isinstance(piece, Unit) or isinstance(board, HexBoard):
        return None
    hx, hy = half_extents(piece)
    past = {
        "left": hx - x,
        "right": x + hx - width,
        "bottom": hy - y,
        "top": y + hy - height,
    }
    over = [(edge, by) for edge, by in past.items() if by > EDGE_SLACK]
    if not over:
        return None
    size = f"{inches(2 * hx)} x {inches(2 * hy)} in"
    if 2 * hx > width + EDGE_SLACK or 2 * hy > height + EDGE_SLACK:
        return f"{who}its base ({size}) is larger than {where}"
    edges = " and ".join(f"{inches(by)} in past the {edge} edge" for edge, by in over)
    return f"{who}its base ({size}) reaches {edges} of {where}"


def half_extents(unit: Unit) -> tuple[float, float]:
    """Half the width and height of the box around the unit's base, along x and y."""
    if unit.base_shape is BaseShape.ROUND:
        r = unit.width_in / 2
        return r, r
    c, s = abs(math.cos(math.radians(unit.facing))), abs(math.sin(math.radians(unit.facing)))
    w, d = unit.width_in / 2, unit.depth_in / 2
    return c * w + s * d, s * w + c * d


def piece_name(piece: Unit | Marker | Terrain | Zone) -> str:
    """'Men-at-Arms (a-men)': the name a player reads and the id the file holds."""
    name = getattr(piece, "name", "") or getattr(piece, "label", "")
    return f"{name} ({piece.id})" if name and name != piece.id else piece.id


def inches(value: float) -> str:
    """A distance as a player reads it: at most two decimals, no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text
