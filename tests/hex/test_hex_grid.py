"""The hex board: row lengths, hex <-> point, sections as docs/hex.md gives them."""

from __future__ import annotations

import math

import pytest

from tabletop_gui.io import game_from_json, game_to_json
from tabletop_gui.model import HexBoard, Scene, Setup, Side
from tabletop_gui.model.game import Game
from tabletop_gui.model.hexgrid import CENTRE, LEFT, RIGHT, snap


@pytest.mark.parametrize("rows", [9, 11])
def test_rows_alternate_13_and_12_with_the_first_and_last_rows_long(rows):
    board = HexBoard(rows=rows)
    lengths = [board.row_length(r) for r in range(rows)]
    assert lengths == [13 if r % 2 == 0 else 12 for r in range(rows)]
    assert lengths[0] == lengths[-1] == 13
    assert len(board.hexes()) == sum(lengths)


def test_the_standard_board_has_113_hexes_and_the_tricorne_board_138():
    assert len(HexBoard().hexes()) == 5 * 13 + 4 * 12 == 113
    assert len(HexBoard(rows=11).hexes()) == 6 * 13 + 5 * 12 == 138


@pytest.mark.parametrize("board", [HexBoard(), HexBoard(rows=11), HexBoard(hex_size=0.7)])
def test_every_hex_centre_maps_back_to_its_hex(board):
    for h in board.hexes():
        assert board.point_to_hex(*board.hex_to_point(h)) == h


@pytest.mark.parametrize("board", [HexBoard(), HexBoard(hex_size=1.3)])
def test_a_point_just_inside_any_corner_belongs_to_that_hex_and_snaps_to_its_centre(board):
    for h in board.hexes():
        cx, cy = board.hex_to_point(h)
        for x, y in board.corners(h):
            px, py = cx + 0.95 * (x - cx), cy + 0.95 * (y - cy)
            assert board.point_to_hex(px, py) == h
            assert snap(board, px, py) == (cx, cy)


def test_corners_are_one_hex_size_from_the_centre_and_neighbour_centres_sqrt3_apart():
    board = HexBoard(hex_size=2.0)
    cx, cy = board.hex_to_point((5, 4))
    assert all(math.isclose(math.hypot(x - cx, y - cy), 2.0) for x, y in board.corners((5, 4)))
    for n in board.neighbours((5, 4)):
        nx, ny = board.hex_to_point(n)
        assert math.isclose(math.hypot(nx - cx, ny - cy), 2.0 * math.sqrt(3))
        assert board.distance((5, 4), n) == 1


def test_interior_hexes_have_six_neighbours_and_a_corner_hex_two():
    board = HexBoard()
    assert len(board.neighbours((5, 4))) == 6
    assert sorted(board.neighbours((0, 0))) == [(0, 1), (1, 0)]


def test_distance_across_the_board_counts_hexes():
    board = HexBoard()
    assert board.distance((0, 0), (12, 0)) == 12
    assert board.distance((0, 0), (0, 8)) == 8
    assert board.distance((6, 0), (6, 8)) == 8


def test_the_board_extent_holds_every_corner():
    board = HexBoard()
    w, h = board.extent
    for hx in board.hexes():
        for x, y in board.corners(hx):
            assert -1e-9 <= x <= w + 1e-9 and -1e-9 <= y <= h + 1e-9


def test_13_hex_rows_are_left_1_to_4_centre_5_to_9_right_10_to_13():
    board = HexBoard()
    for row in (0, 2, 4, 6, 8):
        got = [board.section_of((c, row)) for c in range(13)]
        assert got == [LEFT] * 4 + [CENTRE] * 5 + [RIGHT] * 4
        assert not any(board.is_dotted((c, row)) for c in range(13))


def test_12_hex_rows_are_left_1_to_3_dotted_4_centre_5_to_8_dotted_9_right_10_to_12():
    board = HexBoard()
    for row in (1, 3, 5, 7):
        dotted = [c + 1 for c in range(12) if board.is_dotted((c, row))]
        assert dotted == [4, 9]
        assert [board.section_of((c, row)) for c in (0, 1, 2)] == [LEFT] * 3
        assert [board.section_of((c, row)) for c in (4, 5, 6, 7)] == [CENTRE] * 4
        assert [board.section_of((c, row)) for c in (9, 10, 11)] == [RIGHT] * 3


def test_a_dotted_hex_is_flank_and_centre_for_ordering_but_centre_alone_for_clearing():
    board = HexBoard()
    assert board.sections_for_ordering((3, 1)) == {LEFT, CENTRE}
    assert board.sections_for_ordering((8, 1)) == {RIGHT, CENTRE}
    assert board.section_of((3, 1)) == board.section_of((8, 1)) == CENTRE
    assert board.sections_for_ordering((2, 1)) == {LEFT}


def test_section_sizes_for_clearing_and_for_ordering():
    board = HexBoard()
    clearing = {s: len(board.section_hexes(s)) for s in (LEFT, CENTRE, RIGHT)}
    assert clearing == {LEFT: 5 * 4 + 4 * 3, CENTRE: 5 * 5 + 4 * 6, RIGHT: 5 * 4 + 4 * 3}
    assert sum(clearing.values()) == 113
    assert len(board.section_hexes(LEFT, for_ordering=True)) == 32 + 4
    assert len(board.section_hexes(CENTRE, for_ordering=True)) == 49
    assert len(board.dotted_hexes()) == 8


def test_the_dotted_lines_run_straight_between_hex_4_and_5_of_the_long_rows():
    board = HexBoard()
    left, right = board.section_lines()
    assert all(math.isclose(x, 4 * math.sqrt(3)) for x, _ in left)
    assert all(math.isclose(x, 9 * math.sqrt(3)) for x, _ in right)
    assert left[0][1] == 0.0 and math.isclose(left[-1][1], board.height)


def test_baselines_are_the_nearest_rows():
    assert HexBoard().baseline_row("near") == 0
    assert HexBoard().baseline_row("far") == 8
    assert HexBoard(rows=11).baseline_row("far") == 10
    assert HexBoard().baseline_hexes("far") == [(c, 8) for c in range(13)]


def test_a_section_pattern_of_the_wrong_length_is_rejected_naming_the_pattern():
    bad = HexBoard(sections=("LLLLCCCCCRRRR", "LLLlCCCCrRR"))
    assert bad.validate() == [("sections[1]", "row 1 has 12 hexes but the pattern has 11 letters")]
    assert HexBoard(sections=("LLLLCCXCCRRRR", "LLLlCCCCrRRR")).validate()[0][0] == "sections[0]"


def test_another_section_layout_loads_from_the_file_and_round_trips():
    custom = HexBoard(rows=3, sections=("LLLLLCCCRRRRR", "LLLLlCCrRRRR", "LLLLLCCCRRRRR"))
    assert custom.validate() == []
    assert custom.section_of((4, 1)) == CENTRE and custom.is_dotted((4, 1))
    game = Game(Setup("hex", Scene(board=custom, sides=(Side("a", "A"), Side("b", "B")))))
    data = game_to_json(game)
    assert data["board"]["sections"] == list(custom.sections)
    assert game_from_json(data).setup.scene.board == custom
