"""A board words a distance in its own units (``distance_words``): inches on an
inch board, hexes on a hex board, whose rules count hexes; the game log's
"moved" line asks it (docs/canvas.md, Looking around)."""

from __future__ import annotations

from tabletop_gui.model.board import InchBoard
from tabletop_gui.model.events import MovePiece
from tabletop_gui.model.hexgrid import HexBoard
from tabletop_gui.rules import replay
from tests.hex.m44kit import hx, imported, unit_on
from tests.hex.mill_ford import MILL_FORD


def test_an_inch_board_words_inches_and_a_hex_board_hexes_with_their_names():
    assert InchBoard().distance_words((1, 1), (4, 5)) == "5.00 in"
    board = HexBoard()
    e5, f5, h5 = (4, 4), (5, 4), (7, 4)
    assert board.distance_words(board.hex_to_point(e5), board.hex_to_point(h5)) == (
        "3 hexes (E5 to H5)"
    )
    assert board.distance_words(board.hex_to_point(e5), board.hex_to_point(f5)) == (
        "1 hex (E5 to F5)"
    )
    x, y = board.hex_to_point(e5)
    assert board.distance_words((x, y), (x + 0.2, y)) == "0 hexes (E5)"


def test_the_log_line_of_a_move_on_a_memoir_board_counts_hexes():
    game = imported(MILL_FORD).game
    state = replay(game.setup, ())
    board = state.scene.board
    assert isinstance(board, HexBoard)
    uid = unit_on(game, "c8")
    to = board.hex_to_point(hx(game, "a8"))
    line = MovePiece(uid, *to).describe(state)
    assert line.endswith("moved 2 hexes (c8 to a8)"), line
