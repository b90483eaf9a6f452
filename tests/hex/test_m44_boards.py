"""Memoir '44 scenario boards: the three board types, Memoir's coordinates on this
program's board, terrain per hex with its legend, the board face, labels, sides
and the scenario's texts kept in the game."""

from __future__ import annotations

import pytest

from tabletop_gui.io import FileFormatError, loads, save_game
from tabletop_gui.io.game_file import dumps
from tabletop_gui.io.m44 import sniff
from tabletop_gui.io.m44.coords import name_of, parse_name
from tabletop_gui.model.hexboards import OVERLORD_SECTIONS
from tabletop_gui.model.hexgrid import STANDARD_SECTIONS, HexBoard
from tests.hex.m44kit import ALLIES, AXIS, game_of, hexagon, hx, imported, scenario, unit_on


def board_of(data: dict) -> HexBoard:
    board = game_of(data).setup.scene.board
    assert isinstance(board, HexBoard)
    return board


@pytest.mark.parametrize(
    ("board_type", "rows", "long_row", "sections"),
    [
        ("STANDARD", 9, 13, STANDARD_SECTIONS),
        ("BRKTHRU", 17, 13, STANDARD_SECTIONS),
        ("OVERLORD", 9, 26, OVERLORD_SECTIONS),
        ("overlord", 9, 26, OVERLORD_SECTIONS),  # the editor also writes lower case
    ],
)
def test_each_board_type_gives_its_printed_size_and_sections(board_type, rows, long_row, sections):
    board = board_of(scenario(board_type=board_type))
    assert (board.rows, board.long_row, board.sections) == (rows, long_row, sections)
    assert board.validate() == []
    assert len(board.hexes()) == (rows // 2 + 1) * long_row + (rows // 2) * (long_row - 1)


def test_overlord_sections_are_twice_as_wide_with_dotted_hexes_between():
    board = board_of(scenario(board_type="OVERLORD"))
    long_row = [board.section_of((c, 0)) for c in range(26)]
    assert long_row.count("left") == 9 and long_row.count("centre") == 8
    assert long_row.count("right") == 9
    # on a short row, the 9th and 17th hexes lie on the dotted lines
    assert board.is_dotted((8, 1)) and board.is_dotted((16, 1))
    assert board.sections_for_ordering((8, 1)) == {"left", "centre"}


def test_the_files_top_row_is_drawn_at_the_top_and_player_2_holds_the_bottom_baseline():
    data = scenario(hexagon("A9", unit="infger"), hexagon("A1", unit="infus"))
    game = game_of(data)
    board = game.setup.scene.board
    # row 0 of this program is the bottom edge: the file's last row
    assert hx(game, "A1") == (0, 0) and hx(game, "A9") == (0, 8)
    assert [s.id for s in game.setup.scene.sides] == [ALLIES, AXIS]
    axis_unit = game.setup.scene.units[unit_on(game, "A9")]
    assert axis_unit.side == AXIS
    assert board.point_to_hex(axis_unit.x, axis_unit.y) == (0, 8)


def test_doubled_columns_and_hex_names_agree_both_ways():
    board = board_of(scenario())
    # a short row's hexes are the odd doubled columns: "b8" is the 2nd hex of row 8 from the bottom
    assert parse_name(board, "b8") == (1, 7)
    assert parse_name(board, "M9") == (12, 8)
    assert parse_name(board, "m8") is None  # a short row has 12 hexes
    for h in board.hexes():
        assert parse_name(board, name_of(board, h)) == h
    breakthrough = board_of(scenario(board_type="BRKTHRU"))
    assert parse_name(breakthrough, "G17") == (6, 16)


def test_terrain_is_kept_per_hex_with_a_legend_of_names_and_colours():
    data = scenario(
        hexagon("C5", terrain="woods"),
        hexagon("D5", terrain="hills"),
        hexagon("E5", terrain={"name": "hills", "behavior": "CLIFF"}),
        hexagon("F5", terrain={"name": "river", "behavior": "FORDABLE_STREAM"}),
        hexagon("G5", terrain="river", rect_terrain="bridge"),
        hexagon("H5", terrain="buildings", obstacle="sand"),
        hexagon("I5", terrain="hillroad"),
    )
    game = game_of(data)
    board = game.setup.scene.board
    assert isinstance(board, HexBoard)
    layers = {}
    for t in board.terrain:
        layers.setdefault(t.hex, []).append(t.kind)
    assert layers[hx(game, "C5")] == ["woods"]
    assert layers[hx(game, "D5")] == ["hills"]
    assert layers[hx(game, "E5")] == ["cliffs"]
    assert layers[hx(game, "F5")] == ["ford"]
    assert layers[hx(game, "G5")] == ["river", "bridge"]
    assert layers[hx(game, "H5")] == ["town", "sandbags"]
    assert layers[hx(game, "I5")] == ["hill_road"]  # a road (its extra hex) over a hill
    legend = {k.key: k for k in board.legend}
    assert legend["woods"].name == "Woods and forests"
    assert legend["bridge"].overlay and not legend["river"].overlay
    assert all(k.colour.startswith("#") and len(k.colour) == 7 for k in board.legend)
    assert board.ground == "country" and "country" in legend


def test_a_beach_board_has_beach_and_ocean_rows_where_no_terrain_is_printed():
    data = scenario(hexagon("c2", terrain="buildings"), face="BEACH")
    game = game_of(data)
    board = game.setup.scene.board
    assert isinstance(board, HexBoard)
    kinds = {}
    for t in board.terrain:
        kinds.setdefault(t.hex, []).append(t.kind)
    assert kinds[hx(game, "A1")] == ["ocean"] and kinds[hx(game, "a2")] == ["ocean"]
    assert kinds[hx(game, "A3")] == ["beach"] and kinds[hx(game, "A5")] == ["beach"]
    assert kinds[hx(game, "c2")] == ["town"]  # printed terrain replaces the ocean
    assert kinds[hx(game, "a4")] == ["beach"] and hx(game, "a6") not in kinds


def test_winter_and_desert_faces_set_the_ground():
    assert board_of(scenario(face="WINTER")).ground == "winter"
    assert board_of(scenario(face="desert")).ground == "desert"


def test_labels_are_kept_on_their_hexes_and_name_the_medals_on_them():
    labels = [
        {"row": 4, "col": 8, "text": ["Pont", " du Nord"]},
        {"row": 0, "col": 0, "text": [""]},
    ]
    data = scenario(hexagon("E5", terrain="bridge", tags=[{"name": "medal1"}]), labels=labels)
    result = imported(data)
    board = result.game.setup.scene.board
    assert isinstance(board, HexBoard)
    assert [(lab.hex, lab.text) for lab in board.labels] == [((4, 4), "Pont du Nord")]
    (spec,) = result.game.setup.objectives
    assert spec.name == "Pont du Nord (E5): Allied medal"


def test_sides_are_named_by_country_or_by_side_without_one():
    game = game_of(scenario())
    assert [s.name for s in game.setup.scene.sides] == ["United States", "Germany"]
    game = game_of(scenario(info={"country_player2": None}))
    assert [s.name for s in game.setup.scene.sides] == ["Allies", "Germany"]


def test_the_scenarios_texts_and_victory_target_are_kept_in_the_game():
    text = {
        "historical": "A crossing in the fog.",
        "rules": "Bridges cannot be blown.",
        "victory": "4 Medals\nThe bridge is a temporary medal objective for the Allies.",
    }
    game = game_of(scenario(text=text, victory=(4, 5)))
    setup = game.setup
    assert setup.name == "Test scenario"
    assert setup.briefing["Victory"].startswith("4 Medals")
    assert setup.briefing["Special rules"] == "Bridges cannot be blown."
    assert "Allies move first." in setup.briefing["Setup"]
    assert setup.settings["banner_target"] == {AXIS: 4, ALLIES: 5}
    assert setup.settings["first_side"] == ALLIES  # "starting": "PLAYER2"
    # saved and read back: the same game, the briefing included
    again = loads(dumps(game))
    assert again.setup.briefing == setup.briefing and again.setup.scene == setup.scene


def test_a_victory_text_disagreeing_with_the_data_is_reported_and_the_data_applies():
    result = imported(scenario(text={"victory": "5 medals. Hold the town."}, victory=(2, 2)))
    assert result.game.setup.settings["banner_target"] == {AXIS: 2, ALLIES: 2}
    assert any("says 5 medals" in p and "Axis 2, Allies 2" in p for p in result.problems)
    assert "says 5 medals" in result.game.setup.briefing["Import problems"]


def test_sniff_tells_a_scenario_from_other_json():
    import json

    assert sniff(json.dumps(scenario()).encode())
    assert not sniff(b'{"format": "tabletop-gui", "version": 1}')
    assert not sniff(b"not json at all")
    assert not sniff(b'{"board": {"hexagons": ')
    # Cut short or mistyped, Memoir's own key still tells it: the import then
    # names the JSON error's line and column (tests/core/test_import_broken_json.py).
    assert sniff(b'{"game_info": {}, "board": {"hexagons": ')


def test_the_imported_game_is_saved_and_validated_like_any_game(tmp_path):
    game = game_of(scenario(hexagon("E5", unit="tankger", terrain="woods")))
    save_game(game, tmp_path / "g.json")
    text = (tmp_path / "g.json").read_text()
    assert '"briefing"' in text and '"legend"' in text and '"kind": "armor"' in text


def test_a_terrain_kind_missing_from_the_legend_is_refused_naming_the_field():
    data = {
        "version": 1,
        "family": "hex",
        "board": {"kind": "hex", "terrain": [{"hex": [0, 0], "kind": "lava"}]},
        "sides": [{"id": "a", "name": "A"}, {"id": "b", "name": "B"}],
    }
    import json

    with pytest.raises(FileFormatError) as err:
        loads(json.dumps(data))
    assert "board.terrain[0].kind" in str(err.value) and "'lava'" in str(err.value)
