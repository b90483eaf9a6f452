"""The printed hex boards by size: Memoir '44's standard board (9 rows of 13
hexes), its Breakthrough board (17 rows of 13) and its Overlord board (two
standard boards side by side: 9 rows of 26), with their sections.

Sections follow the printed dotted lines: on a 13-hex row, hexes 1-4 left, 5-9
centre, 10-13 right; on a 12-hex row, 1-3 left, 4 dotted, 5-8 centre, 9 dotted,
10-12 right. On the Overlord board each section is about twice as wide: 26-hex
rows 1-9 left, 10-17 centre, 18-26 right; 25-hex rows 1-8 left, 9 dotted,
10-16 centre, 17 dotted, 18-25 right.
"""

from __future__ import annotations

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.hexgrid import STANDARD_SECTIONS, HexBoard

OVERLORD_SECTIONS = ("L" * 9 + "C" * 8 + "R" * 9, "L" * 8 + "l" + "C" * 7 + "r" + "R" * 8)


@dataclass(frozen=True)
class BoardType:
    key: str
    title: str
    rows: int
    long_row: int
    sections: tuple[str, ...]

    def board(self, hex_size: float = 1.0) -> HexBoard:
        return HexBoard(
            rows=self.rows, long_row=self.long_row, hex_size=hex_size, sections=self.sections
        )


BOARD_TYPES: dict[str, BoardType] = {
    t.key: t
    for t in (
        BoardType("standard", "Standard (9 x 13)", 9, 13, STANDARD_SECTIONS),
        BoardType("breakthrough", "Breakthrough (17 x 13)", 17, 13, STANDARD_SECTIONS),
        BoardType("overlord", "Overlord (9 x 26)", 9, 26, OVERLORD_SECTIONS),
    )
}
