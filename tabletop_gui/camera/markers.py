"""The printed marker convention, version 1 (docs/camera.md: a contract, like the
file format).

Markers are AprilTag 36h11 as OpenCV's ``cv2.aruco.DICT_APRILTAG_36h11`` draws
them: upright is the way OpenCV's ``generateImageMarker`` prints them (the
AprilTag project's own images are the same tags turned 180°). A marker's size is
the side of its black square; it is printed with a white quiet zone of one cell
(an eighth of the size) around it.

- Corner markers 0-3 lie inside the board, upright (their top edge toward +y),
  the black square's outer corner on the board's corner: 0 at (0, 0), 1 at
  (W, 0), 2 at (W, H), 3 at (0, H).
- Unit tags (4 up) lie flat on their unit, centred on the footprint's centre
  plus the unit's ``tag_offset``, their top edge toward the unit's front.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from tabletop_gui.camera import apriltag_lib
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.pieces import FIRST_UNIT_TAG, LAST_TAG

#: The convention's version (docs/camera.md); a change that moves a marker bumps it.
CONVENTION_VERSION = 1
CORNER_IDS = (0, 1, 2, 3)
CORNER_SIZE_IN = 2.0
TAG_SIZE_IN = 1.0
#: Cells across a marker: 6 data cells inside a black border of one cell.
BLACK_CELLS = 8
#: Cells across a printed marker with its white quiet zone of one cell.
PRINTED_CELLS = 10
__all__ = ["FIRST_UNIT_TAG", "LAST_TAG"]


@cache
def pattern(tag_id: int) -> np.ndarray:
    """The marker's 10 x 10 cells, quiet zone included, True where white; row 0
    is the marker's top edge (OpenCV's upright). Read from the AprilTag
    library's tag36h11 codes: its own drawing (``apriltag_to_image``) turned
    180°."""
    codes, nbits, bit_x, bit_y = apriltag_lib.tag36h11()
    if not 0 <= tag_id < len(codes):
        raise ValueError(f"tag {tag_id}: AprilTag 36h11 has ids 0 to {len(codes) - 1}")
    cells = np.zeros((PRINTED_CELLS, PRINTED_CELLS), dtype=bool)
    cells[0, :] = cells[-1, :] = cells[:, 0] = cells[:, -1] = True
    code = int(codes[tag_id])
    for i in range(nbits):
        if code >> (nbits - 1 - i) & 1:
            cells[bit_y[i] + 1, bit_x[i] + 1] = True
    cells = np.rot90(cells, 2).copy()
    cells.flags.writeable = False
    return cells


#: A marker's corners in its own frame (x right, y toward its top), in the order
#: tl, tr, br, bl, for a marker of size 1 centred on the origin.
UNIT_SQUARE = np.array([(-0.5, 0.5), (0.5, 0.5), (0.5, -0.5), (-0.5, -0.5)])


def corner_marker_corners(corner_id: int, width: float, height: float, size: float) -> np.ndarray:
    """Board inches of the black square's corners (tl, tr, br, bl) of corner marker
    ``corner_id`` on a ``width`` x ``height`` board."""
    x0 = 0.0 if corner_id in (0, 3) else width - size
    y0 = 0.0 if corner_id in (0, 1) else height - size
    return np.array([(x0, y0 + size), (x0 + size, y0 + size), (x0 + size, y0), (x0, y0)])


def parse_ids(text: str) -> list[int]:
    """``4-40``, ``4,7,9-12``: unit tag ids to print, refused by name when not
    unit tags."""
    ids: list[int] = []
    for part in text.split(","):
        part = part.strip()
        lo, sep, hi = part.partition("-")
        try:
            first, last = (int(lo), int(hi)) if sep else (int(part), int(part))
        except ValueError:
            raise ValueError(f"tags: {part!r} is not an id or a range like 4-40") from None
        if first > last:
            raise ValueError(f"tags: {part!r} runs backwards")
        for tag in (first, last):
            if not FIRST_UNIT_TAG <= tag <= LAST_TAG:
                raise ValueError(f"tags: {tag} is not a unit tag ({FIRST_UNIT_TAG} to "
                                 f"{LAST_TAG}; 0-3 are the corner markers: --corners)")  # fmt: skip
        ids.extend(range(first, last + 1))
    return list(dict.fromkeys(ids))


# --- sheets ------------------------------------------------------------------

PAPERS_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARGIN_MM = 12.0
LABEL_MM = 6.0
#: Each label line after the first (a unit's name under its tag's number).
LINE_MM = 3.5
GAP_MM = 4.0
MM_PER_IN = 25.4


@dataclass(frozen=True)
class Placed:
    """One marker on a sheet: the black square's top-left corner in page
    millimetres (y down), its size in inches."""

    tag_id: int
    x_mm: float
    y_mm: float
    size_in: float


def grid_sheet(cols: int, rows: int, size: float, pitch: float, first: int, paper: str = "a4"
               ) -> list[Placed]:  # fmt: skip
    """The lens calibration grid on one page, centred: marker ``first + i`` at
    column ``i % cols``, row ``i // cols`` from the top left, ``pitch`` inches
    apart (camera/lens_calibration.py's GRID is the contract)."""
    page_w, page_h = PAPERS_MM[paper]
    span_w = ((cols - 1) * pitch + size) * MM_PER_IN
    span_h = ((rows - 1) * pitch + size) * MM_PER_IN
    if span_w > page_w - 2 * MARGIN_MM or span_h > page_h - 2 * MARGIN_MM - LABEL_MM:
        raise ValueError(f"the calibration grid does not fit on {paper} paper")
    x0, y0 = (page_w - span_w) / 2, (page_h - LABEL_MM - span_h) / 2
    return [Placed(first + r * cols + c, x0 + c * pitch * MM_PER_IN, y0 + r * pitch * MM_PER_IN,
                   size) for r in range(rows) for c in range(cols)]  # fmt: skip


def sheets(
    markers: list[tuple[int, float]], paper: str = "a4", label_lines: int = 1
) -> list[list[Placed]]:
    """Lay ``(id, size_in)`` markers on pages of ``paper`` in rows, each with its
    quiet zone and ``label_lines`` label lines under it (2: the unit's name too);
    refuses a marker too big for the paper."""
    page_w, page_h = PAPERS_MM[paper]
    usable_w = page_w - 2 * MARGIN_MM
    usable_h = page_h - 2 * MARGIN_MM - LABEL_MM  # the footer's scale check
    pages: list[list[Placed]] = [[]]
    x = y = 0.0
    row_h = 0.0
    for tag_id, size in markers:
        side = size * MM_PER_IN * PRINTED_CELLS / BLACK_CELLS
        slot_w, slot_h = side, side + LABEL_MM + (label_lines - 1) * LINE_MM
        if slot_w > usable_w or slot_h > usable_h:
            raise ValueError(f"size: a {size:g} in marker does not fit on {paper} paper "
                             f"(at most {usable_w / MM_PER_IN * BLACK_CELLS / PRINTED_CELLS:.1f}"
                             " in)")  # fmt: skip
        if x + slot_w > usable_w:
            x, y, row_h = 0.0, y + row_h + GAP_MM, 0.0
        if y + slot_h > usable_h:
            pages.append([])
            x = y = row_h = 0.0
        quiet = side / PRINTED_CELLS
        pages[-1].append(Placed(tag_id, MARGIN_MM + x + quiet, MARGIN_MM + y + quiet, size))
        x += slot_w + GAP_MM
        row_h = max(row_h, slot_h)
    return pages
