"""Where a copy of pieces goes on an inch board (Edit > Duplicate): beside the
originals, on the board and clear of every base and marker, so a copy never
stands on the unit it was copied from (docs/canvas.md, Editing)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from tabletop_gui.model.bounds import half_extents, where_off
from tabletop_gui.model.pieces import Marker, Terrain, Unit, Zone
from tabletop_gui.model.scene import Scene

#: The space left between the originals and their copy, inches (the Unit
#: Spacing of The Ninth Age: a copy beside a unit reads as a unit apart).
COPY_GAP = 1.0
#: Where a copy goes when no side of the originals is free: the old offset,
#: inches right and down.
FALLBACK_OFFSET = (1.0, -1.0)

Box = tuple[float, float, float, float]  # left, bottom, right, top


def copy_offset(
    scene: Scene, pieces: Sequence[Unit | Marker | Terrain | Zone]
) -> tuple[float, float]:
    """The offset of a copy of ``pieces`` (kept together as they stand): right
    of them by their width and COPY_GAP (rounded up to a thousandth), else left,
    below or above; the first that keeps every copy on the board and every
    copied base and marker clear of the board's others; else the first that
    keeps the copies on the board; else FALLBACK_OFFSET."""
    boxes = [_box(p) for p in pieces]
    if not boxes:
        return FALLBACK_OFFSET
    left = min(b[0] for b in boxes)
    bottom = min(b[1] for b in boxes)
    right = max(b[2] for b in boxes)
    top = max(b[3] for b in boxes)
    # In thousandths of an inch, as a move keeps a place, rounded up: never nearer.
    w = math.ceil((right - left + COPY_GAP) * 1000) / 1000
    h = math.ceil((top - bottom + COPY_GAP) * 1000) / 1000
    candidates = [(w, 0.0), (-w, 0.0), (0.0, -h), (0.0, h)]
    placed = [b for p, b in zip(pieces, boxes, strict=True) if isinstance(p, Unit | Marker)]
    standing: list[Unit | Marker] = [*scene.units.values(), *scene.markers.values()]
    others = [_box(q) for q in standing if _stands(q)]
    on_board = [c for c in candidates if all(_on_board(scene, p, *c) for p in pieces)]
    for dx, dy in on_board:
        # Only the pieces within the copy's whole box can meet one of its pieces.
        near = [o for o in others if _meet((left + dx, bottom + dy, right + dx, top + dy), o)]
        moved = [(b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy) for b in placed]
        if not any(_meet(m, o) for m in moved for o in near):
            return (dx, dy)
    return on_board[0] if on_board else FALLBACK_OFFSET


def _stands(piece: Unit | Marker) -> bool:
    if isinstance(piece, Unit):
        return piece.on_table
    return piece.carried_by is None and not piece.destroyed


def _box(piece: Unit | Marker | Terrain | Zone) -> Box:
    if isinstance(piece, Unit):
        hx, hy = half_extents(piece)
    elif isinstance(piece, Marker):
        hx = hy = piece.radius_in
    else:
        xs = [x for x, _ in piece.polygon]
        ys = [y for _, y in piece.polygon]
        return (min(xs), min(ys), max(xs), max(ys))
    return (piece.x - hx, piece.y - hy, piece.x + hx, piece.y + hy)


def _on_board(scene: Scene, piece: Unit | Marker | Terrain | Zone, dx: float, dy: float) -> bool:
    if isinstance(piece, Unit | Marker):
        return where_off(scene.board, replace(piece, x=piece.x + dx, y=piece.y + dy)) is None
    width, height = scene.board.extent
    return all(0 <= x + dx <= width and 0 <= y + dy <= height for x, y in piece.polygon)


def _meet(a: Box, b: Box) -> bool:
    """Whether two boxes share area (touching edges do not)."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
