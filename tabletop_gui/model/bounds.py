"""Whether a unit or marker stands on the board: a marker's centre, a unit's whole
base on an inch board (a base hanging past the table edge, or one larger than the
table, is a mistake to name), a unit's centre on a hex board (it stands on a hex)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from tabletop_gui.model.board import InchBoard
from tabletop_gui.model.hexgrid import HexBoard
from tabletop_gui.model.pieces import MM_PER_INCH, BaseShape, Marker, Terrain, Unit, Zone

#: How far past the board edge a centre or base may reach (rounding, not a mistake).
EDGE_SLACK = 1e-6


def off_board(board: InchBoard | HexBoard, piece: Unit | Marker) -> str | None:
    """Why ``piece`` does not stand on ``board``, naming it, or None."""
    problem = where_off(board, piece)
    return f"{piece_name(piece)}: {problem}" if problem else None


def where_off(board: InchBoard | HexBoard, piece: Unit | Marker) -> str | None:
    """How ``piece`` misses ``board`` ("its base (2 x 4 in) reaches 1.5 in past
    the right edge of the 72 x 48 in board"), or None."""
    width, height = board.extent
    x, y = piece.x, piece.y
    hex_board = isinstance(board, HexBoard)
    hx, hy = (0.0, 0.0) if hex_board or not isinstance(piece, Unit) else half_extents(piece)
    e = EDGE_SLACK
    if hx - x <= e and x + hx - width <= e and hy - y <= e and y + hy - height <= e:
        return None  # on the board (the common case: a move in a replay)
    where = "the hex board" if hex_board else f"the {width:g} x {height:g} in board"
    centre = _past_edges(x, y, 0.0, 0.0, width, height)
    if centre:
        at = f"its centre ({inches(x)}, {inches(y)})"
        if hex_board:
            return f"{at} is off {where}"
        return f"{at} is {overhang_words(centre)} of {where}"
    over = _past_edges(x, y, hx, hy, width, height)
    if not over:
        return None
    size = f"{inches(2 * hx)} x {inches(2 * hy)} in"
    if 2 * hx > width + EDGE_SLACK or 2 * hy > height + EDGE_SLACK:
        return f"its base ({size}) is larger than {where}"
    return f"its base ({size}) reaches {overhang_words(over)} of {where}"


def front_middle(unit: Unit) -> tuple[float, float]:
    """The middle of a unit's front side (a round base: its centre)."""
    if unit.base_shape is BaseShape.ROUND:
        return unit.x, unit.y
    a, half = math.radians(unit.facing), unit.depth_in / 2
    return unit.x - half * math.sin(a), unit.y + half * math.cos(a)


def keeps_front(old: Unit, new: Unit) -> bool:
    """``new`` faces as ``old`` did with its front side's middle where it was (it
    lost or gained models at the back: docs/t9a.md, Editing a unit's models)."""
    if old.facing != new.facing:
        return False
    (ax, ay), (bx, by) = front_middle(old), front_middle(new)
    return math.isclose(ax, bx, abs_tol=1e-9) and math.isclose(ay, by, abs_tol=1e-9)


def room_to_move(
    board: InchBoard, pieces: Sequence[Unit | Marker | Terrain]
) -> tuple[float, float, float, float]:
    """How far (min dx, max dx, min dy, max dy) ``pieces`` may move together and
    all stay on ``board`` (each a unit's whole base, a marker's centre, a terrain
    feature's whole outline): a drag stops at the table's edge. A piece already
    past an edge does not forbid standing still (0 is always in each range)."""
    width, height = board.extent
    lo_x = lo_y = -math.inf
    hi_x = hi_y = math.inf
    for p in pieces:
        if isinstance(p, Terrain):
            xs, ys = [q[0] for q in p.polygon], [q[1] for q in p.polygon]
            x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        else:
            hx, hy = half_extents(p) if isinstance(p, Unit) else (0.0, 0.0)
            x0, x1, y0, y1 = p.x - hx, p.x + hx, p.y - hy, p.y + hy
        lo_x, hi_x = max(lo_x, min(0.0, -x0)), min(hi_x, max(0.0, width - x1))
        lo_y, hi_y = max(lo_y, min(0.0, -y0)), min(hi_y, max(0.0, height - y1))
    return lo_x, hi_x, lo_y, hi_y


def _past_edges(
    x: float, y: float, hx: float, hy: float, width: float, height: float
) -> list[tuple[str, float]]:
    """The board edges a box of half sizes (hx, hy) centred on (x, y) passes, and by how much."""
    past = {"left": hx - x, "right": x + hx - width, "bottom": hy - y, "top": y + hy - height}
    return [(edge, by) for edge, by in past.items() if by > EDGE_SLACK]


def overhang_words(over: list[tuple[str, float]]) -> str:
    """'0.8 in past the left edge and 0.004 in past the top edge': a small
    overhang with the digits that show it (never '0 in past')."""
    return " and ".join(f"{_small(by)} in past the {edge} edge" for edge, by in over)


def _small(value: float) -> str:
    """A distance past an edge: as ``inches`` from 0.005 in up, else to its
    first significant digit (0.004, 0.00005)."""
    if value >= 0.005 or value <= 0:
        return inches(value)
    return f"{value:.{-math.floor(math.log10(value))}f}"


def half_extents(unit: Unit) -> tuple[float, float]:
    """Half the width and height of the box around the unit's base, along x and y."""
    # ``width_in`` and ``depth_in`` written out (the same arithmetic): every
    # move of a replay asks this.
    if unit.base_shape is BaseShape.ROUND:
        r = unit.base_width_mm / MM_PER_INCH / 2
        return r, r
    models, per_rank = unit.models, unit.models_per_rank
    w = min(models, per_rank) * unit.base_width_mm / MM_PER_INCH / 2
    d = math.ceil(models / per_rank) * unit.base_depth_mm / MM_PER_INCH / 2
    angle = math.radians(unit.facing)
    c, s = abs(math.cos(angle)), abs(math.sin(angle))
    return c * w + s * d, s * w + c * d


def piece_name(piece: Unit | Marker | Terrain | Zone) -> str:
    """'Men-at-Arms (a-men)': the name a player reads and the id the file holds."""
    name = getattr(piece, "name", "") or getattr(piece, "label", "")
    return f"{name} ({piece.id})" if name and name != piece.id else piece.id


def inches(value: float) -> str:
    """A distance as a player reads it: at most two decimals, no trailing zeros;
    past ten million, six significant digits (a typed 1e308 is not 309 digits)."""
    if abs(value) >= 1e7:
        return f"{value:.6g}"
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text
