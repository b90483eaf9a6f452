"""How the charge's reach is worded (docs/measurement.md, How many decimals): a
wheel that costs something never reads "a wheel of 0°"; it says which way the
charger wheels, as it looks (left: counter-clockwise); and "square to it" only
when the charger's front is (docs/t9a.md, Charge reach (Charge Move))."""

import pytest

from tabletop_gui.play.rulings import reach_text, reach_title, turn_degrees
from tabletop_gui.rules.rulings import ChargeReach


def reach(turn: float, wheel: float) -> ChargeReach:
    """A charge that needs a wheel of ``turn`` degrees costing ``wheel`` in,
    then 1.51 in forward."""
    return ChargeReach(
        "knights", "orcs", "left flank", 1.51, (0.0, 0.0), (1.51, 0.0), turn, wheel,
        forward=1.51, straight_ahead=False, align=0.0,
    )  # fmt: skip


def straight_ahead(align: float) -> ChargeReach:
    """4.07 in straight ahead; the Align Move then turns it ``align`` degrees."""
    return ChargeReach(
        "knights", "orcs", "front", 4.0, (0.0, 0.0), (0.0, 4.07), 0.0, 0.0,
        forward=4.07, straight_ahead=True, align=align,
    )  # fmt: skip


def test_a_wheel_of_a_sixth_of_a_degree_reads_02_not_0():
    # A 3.3 in frontage turned 0.17 degrees: its corner travels 0.01 in.
    text = reach_text(reach(-0.17, 0.0098))
    assert "a right wheel of 0.2° (0.01 in), then 1.51 in forward" in text
    assert "0°" not in text
    assert "(0.2° left)" in reach_title(reach(0.17, 0.0098))


@pytest.mark.parametrize(
    ("turn", "shown"), [(20.4, "20"), (-3.0, "3"), (0.6, "1"), (0.17, "0.2"), (0.04, "0.04")]
)
def test_whole_degrees_unless_they_would_read_zero(turn, shown):
    assert turn_degrees(turn) == shown


def test_a_square_charge_straight_ahead_names_no_wheel_and_reads_square():
    text = reach_text(straight_ahead(0.0))
    assert text == "4.07 in straight ahead to the front (the fronts overlap), square to it"
    assert reach_title(straight_ahead(0.0)) == "Charge 4.07 in to the front, straight ahead"


def test_a_charge_straight_ahead_at_an_angle_never_reads_square_the_align_move_is_free():
    text = reach_text(straight_ahead(-12.0))
    assert "square to it" not in text and "wheel of" not in text
    assert text.endswith("no wheel needed: the Align Move after contact turns it 12° right, free")


def test_a_charge_that_needs_a_wheel_says_so_plainly_and_never_reads_square():
    text = reach_text(reach(-30.0, 1.57))
    assert "(not straight ahead: the fronts do not overlap; a wheel is needed)" in text
    assert text.startswith("3.08 in to the left flank with a wheel")
    assert "square" not in text


def test_a_charge_figure_near_a_whole_inch_keeps_the_decimals_that_say_which_side():
    r = ChargeReach("k", "o", "front", 11.9, (0.0, 0.0), (0.0, 1.0), 0.0, 0.0,
                    forward=11.9996, straight_ahead=True, align=0.0)  # fmt: skip
    assert reach_text(r).startswith("11.9996 in straight ahead")


@pytest.mark.parametrize(("target_x", "hand"), [(20.0, "left"), (40.0, "right")])
def test_a_charger_facing_up_the_board_wheels_left_to_a_target_on_its_left(target_x, hand):
    """Knights at (30, 10) face +y (facing 0); Orcs 8 in ahead and 10 in to
    one side, facing the same way: the Knights see them on their left (x < 30)
    or right, and wheel that way to face the Facing they reach."""
    from core.ruling_games import game, rect_unit
    from tabletop_gui.rules import replay
    from tabletop_gui.rules.t9a.rulings import charge_reach

    knights = rect_unit("k", "a", 28, 9.5, 32, 10.5, name="Knights")
    orcs = rect_unit("o", "b", target_x - 2, 17.5, target_x + 2, 18.5, name="Orcs")
    state = replay(game([knights, orcs]).setup, [])
    found = charge_reach(state, "k", "o")
    assert found is not None and found.wheel > 0
    assert (found.turn > 0) == (hand == "left")
    assert f"a {hand} wheel of" in reach_text(found)
    assert f"° {hand}) + " in reach_title(found)
