"""How far pieces may move together and all stay on an inch board (a drag stops
at the table's edge, docs/canvas.md, Editing): a unit's whole base, a marker's
centre, a turned base by the box around it."""

from __future__ import annotations

import pytest

from tabletop_gui.model import InchBoard, Marker, Unit
from tabletop_gui.model.bounds import half_extents, room_to_move

BOARD = InchBoard(72, 48)


def test_a_unit_may_move_until_its_base_touches_each_edge():
    u = Unit("u", "U", "a", 10, 20, base_width_mm=50.8, base_depth_mm=25.4)  # 2 x 1 in
    assert room_to_move(BOARD, [u]) == pytest.approx((-9, 61, -19.5, 27.5))


def test_a_marker_may_move_until_its_centre_is_on_the_edge():
    m = Marker("m", "M", 70, 1)
    assert room_to_move(BOARD, [m]) == pytest.approx((-70, 2, -1, 47))


def test_pieces_moved_together_stop_when_the_first_reaches_an_edge():
    left = Unit("l", "L", "a", 5, 20, base_width_mm=25.4, base_depth_mm=25.4)
    right = Unit("r", "R", "a", 70, 30, base_width_mm=25.4, base_depth_mm=25.4)
    lo_x, hi_x, lo_y, hi_y = room_to_move(BOARD, [left, right])
    assert (lo_x, hi_x) == pytest.approx((-4.5, 1.5)) and (lo_y, hi_y) == pytest.approx(
        (-19.5, 17.5)
    )


def test_a_turned_base_stops_by_the_box_around_it():
    u = Unit("u", "U", "a", 36, 24, facing=45, base_width_mm=50.8, base_depth_mm=25.4)
    hx, _ = half_extents(u)
    assert hx == pytest.approx(1.5 * 2**0.5 / 2)  # half of 2 in and of 1 in, turned 45°
    assert room_to_move(BOARD, [u])[1] == pytest.approx(72 - hx - 36)


def test_a_piece_already_past_an_edge_may_stay_where_it_is():
    u = Unit("u", "U", "a", 0.2, 24, base_width_mm=25.4, base_depth_mm=25.4)  # 0.3 in past
    lo_x, hi_x, _, _ = room_to_move(BOARD, [u])
    assert lo_x == 0 and hi_x > 0


def test_terrain_moved_with_a_unit_stops_at_the_edge_too():
    """Bowmen and Ruins dragged left together: the Ruins' outline stays on the
    table as the Bowmen's base does (they went 4 in past the edge)."""
    from tabletop_gui.model import Terrain

    ruins = Terrain("ruins", "Ruins", ((2.0, 30.0), (8.0, 30.0), (8.0, 34.0), (2.0, 34.0)))
    bowmen = Unit("u", "U", "a", 10, 20, base_width_mm=25.4, base_depth_mm=25.4)
    lo_x, _, _, hi_y = room_to_move(BOARD, [bowmen, ruins])
    assert lo_x == pytest.approx(-2) and hi_y == pytest.approx(14)
