"""Memoir '44 hex coordinates and this program's.

A .m44 file places a hex by ``row`` (0 at the top of the printed board, player
1's edge) and a doubled ``col``: 0, 2, 4... on the long rows (even rows), 1, 3,
5... on the short rows, so neighbours differ by 2 along a row. Groups name hexes
as a letter and a number ("E5", "f4"): the letter is the hex in its row
(upper case: a long row, lower case: a short row), the number counts rows
from the bottom edge (1 is the bottom row). These are the names the program
gives every hex (``model.hexgrid.hex_label``, docs/hex.md "Naming hexes").

This program counts rows from the bottom edge (row 0 is the first side's
baseline, drawn at the bottom) and columns from 0 in each row, so
``(col, row) = (file_col // 2, rows - 1 - file_row)``. The board is drawn as
printed: the file's top row at the top.
"""

from __future__ import annotations

from tabletop_gui.model.hexgrid import Hex, HexBoard, hex_label, parse_hex_label


def from_file(board: HexBoard, row: int, col: int) -> Hex | None:
    """This program's hex for the file's (row, col), None where no hex is."""
    if not 0 <= row < board.rows or col < 0 or col % 2 != row % 2:
        return None
    h = (col // 2, board.rows - 1 - row)
    return h if board.contains(h) else None


def to_file(board: HexBoard, h: Hex) -> tuple[int, int]:
    """The file's (row, col) of one of this program's hexes."""
    col, row = h
    file_row = board.rows - 1 - row
    return file_row, 2 * col + (file_row % 2)


def parse_name(board: HexBoard, name: str) -> Hex | None:
    """This program's hex for a group's hex name ("E5", "f4"); None if it names none."""
    return None if name_problem(board, name) else parse_hex_label(name.strip())


def name_problem(board: HexBoard, name: str) -> str | None:
    """Why a group's hex name names no hex of the board ("'e5': row 5 is a long
    row, its hexes are named in upper case (E5)"), or None if it names one."""
    text = name.strip()
    if not text[:1].isalpha():
        return f"{name!r} is not a hex name (a letter and a row number, e.g. E5)"
    try:
        h = parse_hex_label(text)
    except ValueError as exc:
        return str(exc)
    return None if board.contains(h) else f"{name!r} is off the board"


def name_of(board: HexBoard, h: Hex) -> str:
    """The hex's name as Memoir writes it ("E5"): on Memoir's boards (an odd
    number of rows), the program's own name for every hex (``hex_label``)."""
    return hex_label(h)
