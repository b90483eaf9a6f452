"""How the charge's reach is worded (docs/measurement.md, How many decimals): a
wheel that costs something never reads "a wheel of 0°"."""

import pytest

from tabletop_gui.play.rulings import reach_text, reach_title, turn_degrees
from tabletop_gui.rules.rulings import ChargeReach


def reach(turn: float, wheel: float) -> ChargeReach:
    return ChargeReach("knights", "orcs", "left flank", 1.51, (0.0, 0.0), (1.51, 0.0), turn, wheel)


def test_a_wheel_of_a_sixth_of_a_degree_reads_02_not_0():
    # A 3.3 in frontage turned 0.17 degrees: its corner travels 0.01 in.
    text = reach_text(reach(-0.17, 0.0098))
    assert "a wheel of 0.2° to face it adds 0.01 in" in text
    assert "0°" not in text
    assert "(0.2°)" in reach_title(reach(0.17, 0.0098))


@pytest.mark.parametrize(
    ("turn", "shown"), [(20.4, "20"), (-3.0, "3"), (0.6, "1"), (0.17, "0.2"), (0.04, "0.04")]
)
def test_whole_degrees_unless_they_would_read_zero(turn, shown):
    assert turn_degrees(turn) == shown


def test_a_square_charge_names_no_wheel():
    assert reach_text(reach(0.0, 0.0)).endswith("straight, square to it")
