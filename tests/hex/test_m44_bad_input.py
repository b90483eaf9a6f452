"""Memoir '44 files the program cannot fully use: what is not a scenario is
refused naming the field; unknown units, terrain, tags and hexes are imported
with a problem that names them (never a crash, never a silently partial game)."""

from __future__ import annotations

import json

import pytest

from tabletop_gui.io import FileFormatError
from tabletop_gui.model.hexgrid import HexBoard
from tests.hex.m44kit import AXIS, game_of, hexagon, hx, imported, scenario, unit_on


def refusal(data: object) -> str:
    with pytest.raises(FileFormatError) as err:
        imported(data if isinstance(data, bytes | str) else json.dumps(data))
    return str(err.value)


def test_an_unknown_board_type_is_refused_naming_it_and_the_known_ones():
    message = refusal(scenario(board_type="HUGE"))
    assert "board.type" in message and "'HUGE'" in message
    assert "STANDARD, BRKTHRU, OVERLORD" in message


def test_an_unknown_side_is_refused_naming_the_field():
    message = refusal(scenario(info={"side_player1": "NEUTRAL"}))
    assert "game_info.side_player1: unknown side 'NEUTRAL' (a side is AXIS or ALLIES)" in message


def test_a_file_that_is_not_a_scenario_is_refused_with_where_it_went_wrong():
    assert "not valid JSON" in refusal(b'{"board": ')
    assert "line 1" in refusal(b'{"board": ')
    assert "game_info: missing" in refusal({"board": {"hexagons": []}})
    assert "side_player1: missing" in refusal({"game_info": {}, "board": {"hexagons": []}})
    no_hexes = scenario()
    no_hexes["board"]["hexagons"] = 3
    assert "board.hexagons: expected a list" in refusal(no_hexes)
    assert "(file)" in refusal(b"\xff\xfe")


def test_an_unknown_unit_type_of_a_known_nation_is_placed_and_named_as_a_problem():
    result = imported(scenario(hexagon("E5", unit="bikeger")))
    unit = result.game.setup.scene.units[unit_on(result.game, "E5")]
    assert unit.side == AXIS and unit.name == "Unknown unit 'bikeger' 1"
    assert any("unknown unit type 'bikeger'" in p and "E5" in p for p in result.problems)
    assert "bikeger" in result.game.setup.briefing["Import problems"]


def test_a_unit_of_an_unknown_nation_is_left_out_and_named():
    result = imported(scenario(hexagon("E5", unit="infxx"), hexagon("A1", unit="infus")))
    assert len(result.game.setup.scene.units) == 1
    assert any("'infxx'" in p and "left out" in p for p in result.problems)


def test_unknown_terrain_is_drawn_as_unknown_in_the_legend_and_named():
    result = imported(scenario(hexagon("E5", terrain="lava"), hexagon("F5", obstacle="moat")))
    board = result.game.setup.scene.board
    assert isinstance(board, HexBoard)
    legend = {k.key: k for k in board.legend}
    assert legend["unknown-lava"].name == "Unknown terrain 'lava'"
    assert legend["unknown-moat"].overlay
    assert [t.kind for t in board.terrain if t.hex == hx(result.game, "E5")] == ["unknown-lava"]
    assert any("unknown terrain 'lava'" in p and "hex E5" in p for p in result.problems)


def test_unknown_tags_and_exit_pictures_without_data_are_named_not_scored():
    tags = [{"name": "tag99"}, {"name": "tag5"}, {"name": "tag1"}]
    result = imported(scenario(hexagon("E5", tags=tags)))
    assert result.game.setup.objectives == ()
    problems = " | ".join(result.problems)
    assert "unknown tag 'tag99'" in problems
    assert "exit marker picture 'tag5'" in problems
    assert "tag1" not in problems  # a star token means nothing to scoring


def test_a_hexagon_off_the_board_is_left_out_and_named():
    bad = {"row": 3, "col": 4, "unit": {"name": "infger"}}  # an odd row has odd columns
    far = {"row": 12, "col": 0, "unit": {"name": "infger"}}
    result = imported(scenario(bad, far))
    assert result.game.setup.scene.units == {}
    assert sum("is not a hex of the standard board" in p for p in result.problems) == 2


def test_two_units_on_one_hex_keep_the_first_and_name_the_second():
    result = imported(scenario(hexagon("E5", unit="infger"), hexagon("E5", unit="tankger")))
    assert len(result.game.setup.scene.units) == 1
    assert any("a second unit" in p and "E5" in p for p in result.problems)


def test_junk_medal_properties_are_named_and_their_defaults_apply():
    tag = {"name": "medal1", "medal": {"permanent": "maybe", "counts_for": -2, "nbr_hex": 5}}
    result = imported(scenario(hexagon("E5", tags=[tag])))
    (spec,) = result.game.setup.objectives
    assert spec.params.get("permanent") is None and spec.params.get("counts_for") is None
    assert spec.params["need"] == 1  # a group of one hex
    problems = " | ".join(result.problems)
    assert "medal.permanent" in problems and "medal.counts_for" in problems
    assert "medal.nbr_hex" in problems


def test_an_unknown_country_names_the_side_by_its_side():
    result = imported(scenario(info={"country_player1": "ZZ"}))
    assert [s.name for s in result.game.setup.scene.sides] == ["United States", "Axis"]
    assert any("country 'ZZ'" in p for p in result.problems)


def test_hexagons_and_tags_keyed_by_index_are_read_as_lists():
    data = scenario()
    data["board"]["hexagons"] = {
        "0": hexagon("E5", unit="infger", tags={"1": {"name": "medal2"}}),
        "1": hexagon("A1", unit="infus"),
    }
    game = game_of(data)
    assert len(game.setup.scene.units) == 2 and len(game.setup.objectives) == 1


@pytest.mark.parametrize(
    "junk",
    [None, 3, "x", [], {"name": 4}, {"row": "a", "col": None}, [1, 2], {"tags": 5}],
)
def test_junk_anywhere_in_the_hexagons_is_a_problem_never_a_crash(junk):
    data = scenario(hexagon("A1", unit="infus"))
    data["board"]["hexagons"].append(junk)
    data["board"]["hexagons"].append(hexagon("E5", unit=junk, tags=junk, terrain=junk))
    result = imported(data)
    assert result.problems
    assert len(result.game.setup.scene.units) >= 1


def test_numbers_of_5000_digits_in_the_text_or_as_digits_are_named_not_a_crash():
    # Python's int() refuses more than 4,300 digits (ValueError, no place named).
    big = "9" * 5000
    said = imported(scenario(hexagon("E5", unit="infger"), text={"victory": f"{big} medals"}))
    assert said.game.setup.settings["banner_target"]  # the data applies; the prose is not read
    placed = dict(hexagon("C3", unit="infger"), row=big)
    result = imported(scenario(hexagon("E5", unit="infger"), placed))
    (said_row,) = [p for p in result.problems if p.startswith("board.hexagons[1]: row '9999")]
    assert said_row.endswith("is not a hex of the standard board: left out")
    assert len(said_row) < 200  # the row is shown cut short, not its 5,000 digits
    assert len(result.game.setup.scene.units) == 1
