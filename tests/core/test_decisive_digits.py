"""A figure shown next to a ruling never hides it (docs/measurement.md, "How many
decimals"): two decimals, or the fewest more that keep the figure off the
threshold the rule compares it with (6 in, 3 in, the 1 in Unit Spacing, the
0.02 in contact tolerance, a margin or a move of zero); a figure within the
rules' tolerance of a threshold says "exactly".

The positions are a referee's disputed ones: a unit 5.996 in and one 6.004 in
from the Hold the Ground centre (two decimals read "6.00" for both), two units
0.025 in apart (too close: two decimals read "0.02", the contact tolerance) and
0.020 in apart (in base contact)."""

from __future__ import annotations

import json

import pytest

from tabletop_gui.cli import main
from tabletop_gui.model import ObjectiveSpec
from tabletop_gui.model.events import MovePiece, TurnStart
from tabletop_gui.model.game import Game
from tabletop_gui.model.names import figure, margin, moved, plain
from tabletop_gui.play.measure import Threshold, measure_text
from tabletop_gui.play.wording import counting_lines
from tabletop_gui.rules import Timeline, evaluate, replay
from tabletop_gui.rules.engine import flags, scoring_regions

from .helpers import block, t9a_setup
from .ruling_games import spacing_game, write

HTG = (ObjectiveSpec("htg", "t9a.hold_the_ground"),)
SIX = (Threshold(6.0, "Hold the Ground: 6 in of the centre"),)


def from_centre(uid: str, d: float):
    """A 5 x 2 in unit whose near edge is ``d`` in below the centre (36, 24)."""
    return block(uid, "red", 36, 24 - d - 1)


# -- the one helper ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "against", "shown"),
    [
        (5.996, (6.0,), "5.996"),  # not "6.00": that is the threshold it is inside of
        (6.004, (6.0,), "6.004"),
        (2.9996, (3.0,), "2.9996"),  # the fewest decimals that leave 3
        (0.0249999, (1.0, 0.02), "0.025"),  # not "0.02", the contact tolerance
        (0.0200014, (0.02,), "0.020001"),  # six decimals at most: past the 1e-6 tolerance
        (6.0000004, (6.0,), "6.00"),  # within the tolerance: the rule calls it 6
        (4.0, (6.0,), "4.00"),  # far from it: two decimals as ever
        (-0.0004, (), "0.00"),  # never "-0.00"
    ],
)
def test_a_figure_gets_the_fewest_decimals_that_keep_it_off_its_threshold(value, against, shown):
    assert figure(value, against) == shown


def test_a_margin_of_a_few_thousandths_is_shown_and_a_zero_margin_says_exactly():
    assert margin(0.004) == "+0.004 in" and margin(-0.004) == "-0.004 in"
    assert margin(1.52) == "+1.52 in"
    assert margin(0.0) == margin(-1e-9) == "exactly 0 in"


def test_a_move_of_a_few_thousandths_never_reads_as_a_move_of_nothing():
    assert moved(0.004) == "0.004 in" and moved(0.0004) == "0.0004 in"
    assert moved(7.35) == "7.35 in"


def test_a_position_is_written_with_the_digits_it_has_so_retyping_it_moves_nothing():
    assert [plain(v) for v in (44.004, 25.975, 36.0, 27.996000000000002)] == [
        "44.004", "25.975", "36", "27.996",
    ]  # fmt: skip
    for v in (44.004, 25.975, 27.996000000000002, 1 / 3):
        assert abs(float(plain(v)) - v) < 1e-6


# -- the ruler, the score table, where it scores -----------------------------------


def test_the_ruler_tells_5_996_in_inside_6_from_6_004_in_outside_it():
    assert measure_text(5.996, SIX) == (
        "5.996 in, 0.004 in inside 6 (Hold the Ground: 6 in of the centre)"
    )
    assert measure_text(6.004, SIX) == (
        "6.004 in, 0.004 in outside 6 (Hold the Ground: 6 in of the centre)"
    )
    assert (
        measure_text(6.0, SIX)
        == "6.00 in, exactly 6 (within) (Hold the Ground: 6 in of the centre)"
    )


def test_a_unit_5_996_in_from_the_centre_is_listed_5_996_in_with_margin_plus_0_004():
    setup = t9a_setup([from_centre("Inside", 5.996), from_centre("Edge", 6.0)], HTG)
    state = replay(setup, [])
    htg = evaluate(state).result("htg")
    lines = counting_lines(state.scene, htg)
    assert "Inside [Red]  5.996 in  margin +0.004 in" in lines


def test_a_unit_exactly_6_in_from_the_centre_has_a_margin_of_exactly_0():
    setup = t9a_setup([from_centre("Edge", 6.0)], HTG)
    state = replay(setup, [])
    (line,) = counting_lines(state.scene, evaluate(state).result("htg"))
    assert line == "Edge [Red]  6.00 in  margin exactly 0 in"


def test_where_it_scores_says_a_unit_6_004_in_away_is_0_004_in_short():
    setup = t9a_setup([from_centre("Outside", 6.004)], HTG)
    state = replay(setup, [])
    (answer,) = scoring_regions(state, "Outside")
    unit = state.scene.units["Outside"]
    assert answer.text(unit.x, unit.y) == "Hold the Ground: 0.004 in short"


# -- measure, the game log ---------------------------------------------------------


def measure_text_of(tmp_path, capsys, gap: float) -> list[str]:
    assert main(["measure", write(tmp_path / "g.json", spacing_game(gap)), "a1", "b1"]) == 0
    return capsys.readouterr().out.splitlines()


def test_measure_says_units_0_025_in_apart_are_0_025_not_the_contact_tolerances_0_02(
    tmp_path, capsys
):
    lines = measure_text_of(tmp_path, capsys, 0.025)
    assert lines[0] == "Knights to Orc Boyz: 0.025 in edge to edge"
    assert "Spacing: 0.025 in apart: closer than the 1 in Unit Spacing" in lines


def test_measure_says_units_0_020_in_apart_are_exactly_at_the_contact_tolerance(tmp_path, capsys):
    lines = measure_text_of(tmp_path, capsys, 0.02)
    assert "Spacing: 0.02 in apart: in base contact (exactly the 0.02 in tolerance)" in lines


def test_measure_says_units_0_996_in_apart_are_not_1_00_in_apart(tmp_path, capsys):
    lines = measure_text_of(tmp_path, capsys, 0.996)
    assert "Spacing: 0.996 in apart: closer than the 1 in Unit Spacing" in lines


def test_measure_json_keeps_its_six_decimals(tmp_path, capsys):
    path = write(tmp_path / "g.json", spacing_game(0.025))
    assert main(["measure", path, "a1", "b1", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["distance"] == doc["spacing"]["distance"] == 0.025


def log_flags(gap: float) -> list[str]:
    """The game log's flags when "b" is moved to ``gap`` in from "a" in its turn."""
    units = [block("Knights", "red", 32, 21, width_in=4),
             block("Orcs", "blue", 42, 21, width_in=4)]  # fmt: skip
    events = (TurnStart(1), TurnStart(1, "blue"), MovePiece("Orcs", 36 + gap, 21))
    tl = Timeline(Game(t9a_setup(units), events))
    return flags(tl.state_at(2), tl.events[2], tl.state_at(3))


def test_the_log_flags_a_unit_0_025_in_away_as_0_025_in_not_0_02():
    assert log_flags(0.025) == [
        "Orcs is 0.025 in from Knights: units keep more than 1 in apart (Unit Spacing)"
    ]
    assert log_flags(0.02) == []  # in base contact


def test_the_log_says_a_move_of_0_004_in_moved_0_004_in_not_0_00_in():
    units = [block("Knights", "red", 30, 25.975)]
    tl = Timeline(Game(t9a_setup(units), (MovePiece("Knights", 30, 25.979),)))
    assert tl.events[0].describe(tl.state_at(0)).endswith("Knights moved 0.004 in")


def test_the_log_says_a_move_that_also_turns_how_far_it_turned_and_which_way():
    """A photo of the table read a unit turned 30° in place: the log said only
    "moved 0.01 in" (docs/playing.md, The game log and the timeline)."""
    units = [block("Giant", "red", 30, 25)]
    moves = (MovePiece("Giant", 30.01, 25, facing=30.0), MovePiece("Giant", 30.01, 25, facing=0.0),
             MovePiece("Giant", 32, 25, facing=0.2))  # fmt: skip
    tl = Timeline(Game(t9a_setup(units), moves))
    texts = [e.describe(tl.state_at(i)) for i, e in enumerate(tl.events)]
    assert texts[0].endswith("Giant moved 0.01 in, turned 30° left (facing 30°)")
    assert texts[1].endswith(": Giant turned 30° right (facing 0°)")  # in place
    assert texts[2].endswith("Giant moved 1.99 in")  # under half a degree: no turn said
