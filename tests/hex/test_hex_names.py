"""One name per hex (docs/hex.md, Naming hexes): the letter of its place in its
row (upper case on a long row, lower case on a short one) and its row from 1
at the near edge; the same names a Memoir '44 scenario's groups use, read back
to the same hex on every printed board, and written by the score and the log."""

from __future__ import annotations

import pytest

from tabletop_gui.io.m44.coords import name_of, parse_name
from tabletop_gui.model.events import TurnStart
from tabletop_gui.model.hexboards import BOARD_TYPES
from tabletop_gui.model.hexgrid import HexBoard, hex_label, parse_hex_label
from tabletop_gui.rules.hexbanners.events import HexMove
from tests.hex.hexkit import BLUE, RED, Play, setup, unit


@pytest.mark.parametrize(
    ("hex_", "name"),
    [((0, 0), "A1"), ((4, 4), "E5"), ((1, 7), "b8"), ((12, 8), "M9"), ((26, 2), "AA3"),
     ((24, 1), "y2"), ((0, 16), "A17")],
)  # fmt: skip
def test_a_hex_is_named_by_its_letter_in_its_rows_case_and_its_row_from_1(hex_, name):
    assert hex_label(hex_) == name
    assert parse_hex_label(name) == hex_


@pytest.mark.parametrize("kind", sorted(BOARD_TYPES))
def test_every_hex_of_every_printed_board_reads_back_to_itself_and_to_memoirs_name(kind):
    board = BOARD_TYPES[kind].board()
    names = [hex_label(h) for h in board.hexes()]
    assert len(set(names)) == len(names)
    for h, name in zip(board.hexes(), names, strict=True):
        assert parse_hex_label(name) == h
        assert name_of(board, h) == name  # the .m44 groups' names
        assert parse_name(board, name) == h


def test_a_name_in_the_wrong_case_for_its_row_is_refused_naming_the_right_one():
    with pytest.raises(
        ValueError, match=r"row 5 is a long row, its hexes are named in upper case \(E5\)"
    ):
        parse_hex_label("e5")
    with pytest.raises(ValueError, match=r"row 8 is a short row.*\(b8\)"):
        parse_hex_label("B8")
    with pytest.raises(ValueError, match="not a hex name"):
        parse_hex_label("north")
    assert parse_hex_label(" 4, 4 ") == (4, 4)  # the file's own coordinates are taken too


def test_reason_lines_and_the_log_name_the_hex_as_the_board_does():
    board = HexBoard()
    s = setup([unit("b1", BLUE, (5, 3)), unit("r1", RED, (6, 4))],
              [("t", "temporary", {"side": BLUE, "hexes": [[5, 4]]})])  # fmt: skip
    play = Play(s)
    play(TurnStart(1, BLUE), HexMove("b1", (5, 4)))
    assert "hex F5" in play.reason("t")
    move = HexMove("b1", (4, 4))
    # As a drag reads: how many hexes, from where
    # (docs/playing.md, The game log and the timeline).
    assert move.describe(play.tl.current).endswith("B1 moved 1 hex (F5 to E5)")
    assert board.contains(parse_hex_label("E5"))
