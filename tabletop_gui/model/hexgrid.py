"""The hex board: pointy-top hexes in offset rows of 13 and 12 alternating.

Offset coordinates ``(col, row)`` count from 0 at the left of a row and from
row 0 on side A's baseline. Rows of even index are long (13 hexes), rows of
odd index short (12) and shifted half a hex to the right, as on the printed
Commands & Colors boards. Axial/cube coordinates and the point conversion
follow Red Blob Games' hexagon guide ("odd-r" layout).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import ClassVar

Hex = tuple[int, int]
SQRT3 = math.sqrt(3.0)


@dataclass(frozen=True, slots=True)
class HexBoard:
    kind: ClassVar[str] = "hex"
    rows: int = 9
    long_row: int = 13
    hex_size: float = 1.0  # centre to corner, in board units (inches on screen)

    # -- layout -----------------------------------------------------------
    def row_length(self, row: int) -> int:
        return self.long_row if row % 2 == 0 else self.long_row - 1

    def hexes(self) -> list[Hex]:
        return [(c, r) for r in range(self.rows) for c in range(self.row_length(r))]

    def contains(self, hex_: Hex) -> bool:
        col, row = hex_
        return 0 <= row < self.rows and 0 <= col < self.row_length(row)

    @property
    def extent(self) -> tuple[float, float]:
        s = self.hex_size
        return (self.long_row * SQRT3 * s, (self.rows - 1) * 1.5 * s + 2 * s)

    @property
    def width(self) -> float:
        return self.extent[0]

    @property
    def height(self) -> float:
        return self.extent[1]

    @property
    def centre(self) -> tuple[float, float]:
        w, h = self.extent
        return (w / 2, h / 2)

    def baseline(self, row: int) -> list[Hex]:
        return [(c, row) for c in range(self.row_length(row))]

    # -- conversion -------------------------------------------------------
    def hex_to_point(self, hex_: Hex) -> tuple[float, float]:
        col, row = hex_
        s = self.hex_size
        x = SQRT3 * s * (col + 0.5 + (0.5 if row % 2 else 0.0))
        y = s + 1.5 * s * row
        return (x, y)

    def point_to_hex(self, x: float, y: float) -> Hex:
        """The hex whose area holds the point (it may lie off the board)."""
        s = self.hex_size
        px = x - SQRT3 * s * 0.5
        py = y - s
        q = (SQRT3 / 3 * px - py / 3) / s
        r = (2 / 3 * py) / s
        cq, cr = cube_round(q, r)
        return axial_to_offset(cq, cr)

    def corners(self, hex_: Hex) -> list[tuple[float, float]]:
        cx, cy = self.hex_to_point(hex_)
        s = self.hex_size
        return [
            (
                cx + s * math.cos(math.radians(60 * i - 30)),
                cy + s * math.sin(math.radians(60 * i - 30)),
            )
            for i in range(6)
        ]

    def neighbours(self, hex_: Hex) -> list[Hex]:
        q, r = offset_to_axial(*hex_)
        out = []
        for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)):
            h = axial_to_offset(q + dq, r + dr)
            if self.contains(h):
                out.append(h)
        return out

    def distance(self, a: Hex, b: Hex) -> int:
        aq, ar = offset_to_axial(*a)
        bq, br = offset_to_axial(*b)
        return (abs(aq - bq) + abs(ar - br) + abs(aq + ar - bq - br)) // 2

    def validate(self) -> list[tuple[str, str]]:
        errors = []
        if self.rows < 1:
            errors.append(("rows", f"must be >= 1, got {self.rows}"))
        if self.long_row < 2:
            errors.append(("long_row", f"must be >= 2, got {self.long_row}"))
        if not self.hex_size > 0:
            errors.append(("hex_size", f"must be > 0, got {self.hex_size}"))
        return errors


def offset_to_axial(col: int, row: int) -> tuple[int, int]:
    return (col - (row - (row & 1)) // 2, row)


def axial_to_offset(q: int, r: int) -> Hex:
    return (q + (r - (r & 1)) // 2, r)


def cube_round(q: float, r: float) -> tuple[int, int]:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return (int(rq), int(rr))
