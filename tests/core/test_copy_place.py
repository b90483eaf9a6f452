"""Where Edit > Duplicate puts a copy on an inch board (docs/canvas.md, Editing):
beside the originals, on the board and clear of every other base and marker."""

from tabletop_gui.model import InchBoard, Marker, Scene, Side, Unit
from tabletop_gui.model.bounds import half_extents
from tabletop_gui.play.copy_place import COPY_GAP, FALLBACK_OFFSET, copy_offset

SIDES = (Side("a", "A", "#0072b2"), Side("b", "B", "#d55e00"))


def block(uid: str, x: float, y: float, facing: float = 0.0) -> Unit:
    """Ten 25 mm models five wide: about 4.9 x 2 in."""
    return Unit(uid, uid.title(), "a", x, y, facing=facing, base_width_mm=25, base_depth_mm=25,
                models=10, models_per_rank=5)  # fmt: skip


def scene_of(*units: Unit, markers: tuple[Marker, ...] = ()) -> Scene:
    return Scene(board=InchBoard(72, 48), sides=SIDES, units={u.id: u for u in units},
                 markers={m.id: m for m in markers})  # fmt: skip


def boxes_meet(a: Unit, b: Unit) -> bool:
    (ax, ay), (bx, by) = half_extents(a), half_extents(b)
    return abs(a.x - b.x) < ax + bx and abs(a.y - b.y) < ay + by


def test_a_copy_goes_right_of_its_original_a_unit_spacing_apart():
    unit = block("spears", 30, 24)
    dx, dy = copy_offset(scene_of(unit), [unit])
    width = 2 * half_extents(unit)[0]
    assert dy == 0.0 and width + COPY_GAP <= dx < width + COPY_GAP + 0.001


def test_a_unit_at_the_right_edge_is_copied_to_its_left():
    unit = block("spears", 70, 24)
    dx, dy = copy_offset(scene_of(unit), [unit])
    assert dx < 0 and dy == 0.0


def test_a_copy_does_not_land_on_a_neighbour_it_goes_to_the_next_free_side():
    unit, right = block("spears", 30, 24), block("archers", 37, 24)
    dx, dy = copy_offset(scene_of(unit, right), [unit])
    copy = Unit("c", "C", "a", unit.x + dx, unit.y + dy, base_width_mm=25, base_depth_mm=25,
                models=10, models_per_rank=5)  # fmt: skip
    assert dx < 0 and not boxes_meet(copy, right) and not boxes_meet(copy, unit)


def test_a_turned_unit_is_measured_by_the_box_of_its_turned_base():
    unit = block("spears", 30, 24, facing=90.0)  # 2 in wide, 4.9 in deep on the table
    dx, _ = copy_offset(scene_of(unit), [unit])
    assert abs(dx - (2 * half_extents(unit)[0] + COPY_GAP)) < 0.001 and dx < 4


def test_two_units_copied_together_keep_their_places_and_clear_both():
    a, b = block("a", 20, 24), block("b", 26, 24)
    dx, dy = copy_offset(scene_of(a, b), [a, b])
    assert dy == 0.0 and dx >= (b.x + half_extents(b)[0]) - (a.x - half_extents(a)[0]) + COPY_GAP


def test_a_marker_is_copied_clear_of_the_marker_beside_it():
    m = Marker("m1", "marker", 36, 24)
    beside = Marker("m2", "marker", 37.8, 24)
    dx, dy = copy_offset(scene_of(markers=(m, beside)), [m])
    assert (dx, dy) != (2 * m.radius_in + COPY_GAP, 0.0)
    assert (
        abs(m.x + dx - beside.x) >= 2 * m.radius_in or abs(m.y + dy - beside.y) >= 2 * m.radius_in
    )


def test_a_board_with_no_free_side_takes_the_first_side_on_the_board():
    unit = block("spears", 36, 24)
    ring = [block(f"n{i}", 36 + dx, 24 + dy) for i, (dx, dy) in
            enumerate([(6, 0), (-6, 0), (0, 3), (0, -3)])]  # fmt: skip
    dx, dy = copy_offset(scene_of(unit, *ring), [unit])
    assert dy == 0.0 and dx == copy_offset(scene_of(unit), [unit])[0] > 0


def test_a_unit_as_large_as_the_board_falls_back_to_the_small_offset():
    huge = Unit("h", "Huge", "a", 36, 24, base_width_mm=72 * 25.4, base_depth_mm=48 * 25.4)
    assert copy_offset(scene_of(huge), [huge]) == FALLBACK_OFFSET
