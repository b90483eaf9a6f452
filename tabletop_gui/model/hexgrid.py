"""The hex board: pointy-top hexes in offset rows of 13 and 12 alternating.

Offset coordinates ``(col, row)`` count from 0 at the left of a row and from
row 0 on side A's baseline (the "near" end). Rows of even index are long (13
hexes), rows of odd index short (12) and shifted half a hex to the right, as on
the printed Commands & Colors boards. Axial/cube coordinates and the point
conversion follow Red Blob Games' hexagon guide ("odd-r" layout).

Sections are board data (``HexBoard.sections``): one pattern string per row,
cycled over the rows, one letter per hex from the left of the row:

- ``L``, ``C``, ``R``: left, centre, right section;
- ``l``, ``r``: a hex on the dotted line between the left (right) flank and the
  centre. It belongs to both its flank and the centre for ordering, to the
  centre alone for Clearing a Sector (docs/hex.md, The board).

"Left" is the column-0 end of every row, named from the board as stored in the
file; the interface may name sections from each player's seat.
"""

from __future__ import annotations

import math
import re
from typing import ClassVar, Literal

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model import hexterrain, limits
from tabletop_gui.model.hexterrain import HexLabel, HexTerrain, TerrainKind

Hex = tuple[int, int]
Point = tuple[float, float]
SQRT3 = math.sqrt(3.0)

LEFT, CENTRE, RIGHT = "left", "centre", "right"
SECTIONS = (LEFT, CENTRE, RIGHT)
#: The printed board: 13-hex rows 1-4 left, 5-9 centre, 10-13 right; 12-hex rows
#: 1-3 left, 4 dotted, 5-8 centre, 9 dotted, 10-12 right.
STANDARD_SECTIONS = ("LLLLCCCCCRRRR", "LLLlCCCCrRRR")
_LETTERS = {"L": LEFT, "C": CENTRE, "R": RIGHT, "l": LEFT, "r": RIGHT}
End = Literal["near", "far"]


@dataclass(frozen=True, slots=True)
class HexBoard:
    kind: ClassVar[str] = "hex"
    rows: int = 9
    long_row: int = 13
    hex_size: float = 1.0  # centre to corner, in board units (inches on screen)
    sections: tuple[str, ...] = STANDARD_SECTIONS
    #: What is printed on the board (see ``hexterrain``): terrain layers per hex,
    #: the legend naming and colouring their kinds, text labels, and the legend
    #: key of the ground of a hex with no terrain of its own ("": the plain board).
    terrain: tuple[HexTerrain, ...] = ()
    legend: tuple[TerrainKind, ...] = ()
    labels: tuple[HexLabel, ...] = ()
    ground: str = ""

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
        """The hexes of row ``row`` (use ``baseline_row`` to find a side's row)."""
        return [(c, row) for c in range(self.row_length(row))]

    def baseline_row(self, end: End) -> int:
        """The row nearest an end of the board: ``near`` is row 0 (side A), ``far`` the last."""
        if end == "near":
            return 0
        if end == "far":
            return self.rows - 1
        raise ValueError(f"baseline end must be 'near' or 'far', got {end!r}")

    def baseline_hexes(self, end: End) -> list[Hex]:
        return self.baseline(self.baseline_row(end))

    # -- sections ---------------------------------------------------------
    def _letter(self, hex_: Hex) -> str:
        col, row = hex_
        if not self.contains(hex_):
            raise ValueError(f"hex {col},{row} is not on the board")
        return self.sections[row % len(self.sections)][col]

    def is_dotted(self, hex_: Hex) -> bool:
        """On a dotted line between a flank and the centre."""
        return self._letter(hex_).islower()

    def section_of(self, hex_: Hex) -> str:
        """The one section a hex counts in when clearing a sector (dotted: centre)."""
        return CENTRE if self.is_dotted(hex_) else _LETTERS[self._letter(hex_)]

    def sections_for_ordering(self, hex_: Hex) -> frozenset[str]:
        """The sections a hex counts in for ordering (dotted: its flank and the centre)."""
        letter = self._letter(hex_)
        if letter.islower():
            return frozenset((_LETTERS[letter], CENTRE))
        return frozenset((_LETTERS[letter],))

    def section_hexes(self, section: str, *, for_ordering: bool = False) -> list[Hex]:
        """The hexes of a section, for clearing a sector (default) or for ordering."""
        if section not in SECTIONS:
            raise ValueError(f"section must be one of {SECTIONS}, got {section!r}")
        if for_ordering:
            return [h for h in self.hexes() if section in self.sections_for_ordering(h)]
        return [h for h in self.hexes() if self.section_of(h) == section]

    def dotted_hexes(self) -> list[Hex]:
        return [h for h in self.hexes() if self.is_dotted(h)]

    def section_lines(self) -> list[list[Point]]:
        """The two dotted lines as polylines (top to bottom) for drawing: through the
        centre of a dotted hex, or along the edge between a flank hex and a centre hex."""
        lines: list[list[Point]] = []
        s = self.hex_size
        for flank in (LEFT, RIGHT):
            points: list[Point] = []
            for row in range(self.rows):
                x = self._boundary_x(row, flank)
                if x is None:
                    continue
                y = self.hex_to_point((0, row))[1]
                points.append((x, y))
            if points:
                points.insert(0, (points[0][0], points[0][1] - s))
                points.append((points[-1][0], points[-1][1] + s))
                lines.append(points)
        return lines

    def _boundary_x(self, row: int, flank: str) -> float | None:
        pattern = self.sections[row % len(self.sections)]
        dotted = "l" if flank == LEFT else "r"
        if dotted in pattern:
            return self.hex_to_point((pattern.index(dotted), row))[0]
        flank_cols = [c for c, ch in enumerate(pattern) if ch == flank[0].upper()]
        centre_cols = [c for c, ch in enumerate(pattern) if ch == "C"]
        if not flank_cols or not centre_cols:
            return None
        a = max(flank_cols) if flank == LEFT else min(flank_cols)
        b = min(centre_cols) if flank == LEFT else max(centre_cols)
        return (self.hex_to_point((a, row))[0] + self.hex_to_point((b, row))[0]) / 2

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
        angles = [math.radians(60 * i - 30) for i in range(6)]
        return [(cx + s * math.cos(a), cy + s * math.sin(a)) for a in angles]

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

    def distance_words(self, a: tuple[float, float], b: tuple[float, float]) -> str:
        """How far apart two points are in the board's own units, hexes (inches
        mean nothing to the hex rules): '2 hexes (E5 to F7)', the hexes holding
        them named as everywhere (``hex_label``); '0 hexes (E5)' within one hex."""
        ha, hb = self.point_to_hex(*a), self.point_to_hex(*b)
        n = self.distance(ha, hb)
        where = hex_label(ha) if ha == hb else f"{hex_label(ha)} to {hex_label(hb)}"
        return f"{n} hex{'' if n == 1 else 'es'} ({where})"

    def validate(self) -> list[tuple[str, str]]:
        errors = []
        if self.rows < 1:
            errors.append(("rows", f"must be >= 1, got {self.rows}"))
        elif self.rows > limits.MAX_HEX_ROWS:
            errors.append(("rows", limits.above(self.rows, limits.MAX_HEX_ROWS) or ""))
        if self.long_row < 2:
            errors.append(("long_row", f"must be >= 2, got {self.long_row}"))
        elif self.long_row > limits.MAX_HEX_ROW_LENGTH:
            too_long = limits.above(self.long_row, limits.MAX_HEX_ROW_LENGTH)
            errors.append(("long_row", too_long or ""))
        if not self.hex_size > 0:
            errors.append(("hex_size", f"must be > 0, got {self.hex_size}"))
        elif not limits.MIN_HEX_SIZE <= self.hex_size <= limits.MAX_HEX_SIZE:
            errors.append((
                "hex_size",
                f"must be from {limits.MIN_HEX_SIZE:g} to {limits.MAX_HEX_SIZE:g} in, "
                f"got {self.hex_size:g}",
            ))  # fmt: skip
        if errors:
            return errors
        if not self.sections:
            return [("sections", "needs at least one row pattern")]
        for i, pattern in enumerate(self.sections):
            bad = sorted(set(pattern) - set(_LETTERS))
            if bad:
                problem = f"letters must be L, C, R, l or r, got {''.join(bad)!r}"
                return [(f"sections[{i}]", problem)]
        for row in range(self.rows):
            i = row % len(self.sections)
            if len(self.sections[i]) != self.row_length(row):
                return [(
                    f"sections[{i}]",
                    f"row {row} has {self.row_length(row)} hexes but the pattern has "
                    f"{len(self.sections[i])} letters",
                )]  # fmt: skip
        return hexterrain.problems(
            self.terrain, self.legend, self.labels, self.contains, self.ground
        )


def snap(board: HexBoard, x: float, y: float) -> tuple[float, float]:
    """The centre of the hex holding point ``(x, y)``: where a dropped piece lands."""
    return board.hex_to_point(board.point_to_hex(x, y))


def column_letters(col: int) -> str:
    """A hex's place in its row as letters: 0 is 'A', 25 'Z', 26 'AA', 27 'AB'..."""
    out = ""
    n = col + 1
    while n > 0:
        n, rest = divmod(n - 1, 26)
        out = chr(ord("A") + rest) + out
    return out


def hex_label(hex_: Hex) -> str:
    """How the program names a hex wherever it writes one (reason lines, the log,
    the Inspector, the board's edges; docs/hex.md, "Naming hexes"): its place in
    its row as a letter, upper case on a long row (an even row index) and lower
    case on a short one, then its row counted from 1 at the near edge. ``[4, 4]``
    is "E5", ``[1, 7]`` "b8"; the Memoir '44 scenario editor's names on its
    boards. Past 26 hexes in a row the letters go on AA, AB..."""
    col, row = hex_[0], hex_[1]
    if col < 0 or row < 0:
        return f"{col},{row}"  # off any board: its coordinates, as the file has them
    letters = column_letters(col)
    return f"{letters if row % 2 == 0 else letters.lower()}{row + 1}"


def row_label(row: int) -> str:
    """A row as hex names number it: counted from 1 at the near edge."""
    return str(row + 1)


_HEX_NAME = re.compile(r"([A-Za-z]{1,3})\s*(\d{1,4})")
_HEX_PAIR = re.compile(r"(-?\d+)\s*[,\s]\s*(-?\d+)")


def parse_hex_label(text: str) -> Hex:
    """The hex a name names ("E5", "b8"; also the file's "4,4"). ValueError
    saying why when it names none (a letter in the wrong case for its row)."""
    raw = text.strip()
    pair = _HEX_PAIR.fullmatch(raw)
    if pair:
        return int(pair.group(1)), int(pair.group(2))
    found = _HEX_NAME.fullmatch(raw)
    if not found:
        raise ValueError(f"{raw!r} is not a hex name (a letter and a row number, e.g. E5)")
    letters, number = found.group(1), int(found.group(2))
    if number < 1:
        raise ValueError(f"{raw!r}: rows are numbered from 1")
    if not (letters.isupper() or letters.islower()):
        raise ValueError(f"{raw!r}: write the letters in one case")
    col = 0
    for c in letters.upper():
        col = col * 26 + (ord(c) - ord("A") + 1)
    col, row = col - 1, number - 1
    long_row = row % 2 == 0
    if letters.isupper() != long_row:
        right = column_letters(col) if long_row else column_letters(col).lower()
        kind = "long" if long_row else "short"
        case = "upper" if long_row else "lower"
        raise ValueError(
            f"{raw!r}: row {number} is a {kind} row, its hexes are named in {case} case "
            f"({right}{number})"
        )
    return col, row


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
