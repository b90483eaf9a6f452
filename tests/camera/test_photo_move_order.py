"""A photo's moves go in whatever order its tags come: a unit whose new place
another unit of the same photo leaves (a hex, one unit each) moves too
(docs/camera.md, Units at the board's edge)."""

from __future__ import annotations

from tabletop_gui.camera.table_read import TableReading, UnitReading
from tests.hex.hexkit import BLUE, BOARD, Play, setup, turn, unit


def test_a_unit_moving_onto_the_hex_another_leaves_later_in_tag_order_moves_too():
    state = Play(setup([unit("b1", BLUE, (1, 1)), unit("b2", BLUE, (2, 1))]))(*turn(1, BLUE))
    state = state.tl.current
    (x1, y1), (x2, y2) = BOARD.hex_to_point((2, 1)), BOARD.hex_to_point((3, 1))
    # Tag order puts b1 first: it enters (2, 1), which b2 leaves for (3, 1).
    units = (
        UnitReading("b1", 1, True, x1, y1, 0.0, 1.0, 0.0),
        UnitReading("b2", 2, True, x2, y2, 0.0, 1.0, 0.0),
    )
    reading = TableReading(fit=None, units=units, unknown_tags=(), problems=())  # type: ignore[arg-type]
    taken, refused = reading.accepted_moves(state)
    assert refused == []
    assert [m.piece_id for m in taken] == ["b2", "b1"]


def test_a_move_the_rules_refuse_whatever_the_order_keeps_its_unit_and_names_why():
    state = Play(setup([unit("b1", BLUE, (1, 1)), unit("b2", BLUE, (2, 1))]))(*turn(1, BLUE))
    state = state.tl.current
    x, y = BOARD.hex_to_point((2, 1))  # b1 onto b2's hex, b2 staying
    units = (UnitReading("b1", 1, True, x, y, 0.0, 1.0, 0.0),)
    reading = TableReading(fit=None, units=units, unknown_tags=(), problems=())  # type: ignore[arg-type]
    taken, refused = reading.accepted_moves(state)
    assert taken == []
    (why,) = refused
    assert why.startswith("b1: not moved, the rules refuse its move: ")
