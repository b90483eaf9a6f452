"""Files past what a board can hold, or holding what is not a number or not text,
get the one clear error (FileFormatError naming the JSON path), never a crash:
docs/file-format.md, "Limits". The edit path refuses the same things."""

from __future__ import annotations

import json
import math
import sys
from dataclasses import replace

import pytest

from tabletop_gui.io import FileFormatError, dumps, load_game, loads
from tabletop_gui.model import limits
from tabletop_gui.model.events import AddPiece, EventError, MovePiece, RotatePiece, UpdatePiece
from tabletop_gui.model.pieces import Terrain, Zone
from tabletop_gui.rules import evaluate, replay

from .scenario_files import scenario_data, scenario_path

BOW_TIE = [[10, 10], [20, 20], [20, 10], [10, 20]]


def load_error(data: dict | str) -> FileFormatError:
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(FileFormatError) as info:
        loads(text)
    return info.value


def test_a_name_of_4301_digits_is_named_not_a_python_digit_limit_crash():
    err = load_error('{"version":1,"family":"t9a","name":' + "1" * 4301 + "}")
    assert (err.path, err.problem) == ("name", "expected text, got a number of 4,301 digits")


@pytest.mark.parametrize("depth", [40, 500, 990, 5000])
def test_nesting_inside_settings_is_refused_at_the_nesting_limit(depth):
    data = scenario_data("t9a_frontline_clash_demo.json")
    data["settings"] = {"game_turns": 1}
    text = json.dumps(data).replace('"game_turns": 1', '"game_turns": ' + "[" * depth + "]" * depth)
    err = load_error(text)
    assert err.problem == f"nested more than {limits.MAX_DEPTH} levels deep"
    assert err.path.startswith("settings.game_turns[0][0]") or err.path == "(file)"


@pytest.mark.parametrize("depth", [500, 990])
def test_nesting_in_params_is_refused_even_from_a_deep_call_stack(depth):
    # The window calls the loader from deep in Qt's event handling: a few hundred
    # frames are already used, so the loader may not need the rest of the stack.
    data = scenario_data("t9a_frontline_clash_demo.json")
    data["objectives"][0]["params"] = {"centre": "X"}
    text = json.dumps(data).replace('"X"', "[" * depth + "]" * depth)
    used = sys.getrecursionlimit() - 250

    def from_deep(n: int) -> FileFormatError:
        if n:
            return from_deep(n - 1)
        with pytest.raises(FileFormatError) as info:
            loads(text)
        return info.value

    err = from_deep(used - len(_stack()))
    assert "nested" in err.problem


def _stack() -> list[object]:
    frames = []
    frame = sys._getframe()
    while frame is not None:
        frames.append(frame)
        frame = frame.f_back  # type: ignore[assignment]
    return frames


@pytest.mark.parametrize(
    ("where", "field"),
    [
        (("board",), "width"),
        (("units", 0), "models"),
        (("units", 0), "models_per_rank"),
        (("units", 0), "base_width_mm"),
        (("markers", 0), "diameter_mm"),
    ],
)
def test_a_310_digit_number_is_out_of_range_not_an_overflow(where, field):
    data = scenario_data("t9a_frontline_clash_secure_target.json")
    target = data
    for key in where:
        target = target[key]
    target[field] = int("9" * 310)
    err = load_error(data)
    path = "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in where).lstrip(".")
    assert err.path == f"{path}.{field}"
    assert err.problem.startswith("a number of 310 digits is out of range")


@pytest.mark.parametrize(
    ("name", "field", "value", "problem"),
    [
        ("t9a_frontline_clash_demo.json", "models", 10_001, "must be <= 10,000, got 10,001"),
        ("t9a_frontline_clash_demo.json", "models_per_rank", 5_000, "must be <= 1,000, got 5,000"),
        # A field Carnevale adds keeps the limits it declares.
        (
            "carnevale_drowned_quarter.json",
            "life_points",
            2_000_000,
            "must be <= 1,000,000, got 2,000,000",
        ),
        ("carnevale_drowned_quarter.json", "life_points", -1, "must be >= 0, got -1"),
    ],
)
def test_unit_counts_past_any_real_army_are_refused_before_scoring(name, field, value, problem):
    # A huge models_per_rank once passed validation and crashed the scorer.
    data = scenario_data(name)
    data["units"][0][field] = value
    err = load_error(data)
    assert (err.path, err.problem) == (f"units[0].{field}", problem)


@pytest.mark.parametrize(
    ("value", "problem"),
    [(-2, "must be >= 0, got -2"), (2_000_000, "must be <= 1,000,000, got 2,000,000")],
)
def test_a_markers_value_in_victory_points_is_refused_below_zero_and_past_the_cap(value, problem):
    # An objective worth -2 VP would take points off the side holding it.
    data = scenario_data("carnevale_drowned_quarter.json")
    data["markers"][0]["value"] = value
    err = load_error(data)
    assert (err.path, err.problem) == ("markers[0].value", problem)


def test_a_board_kind_that_is_a_list_is_named():
    data = scenario_data("t9a_frontline_clash_demo.json")
    data["board"] = {"kind": []}
    err = load_error(data)
    assert err.path == "board.kind"
    assert err.problem.startswith("must be one of")


def test_three_sides_in_a_ninth_age_game_are_refused_it_is_a_two_player_game():
    # Capture the Flags (and Breakthrough, King of the Hill, Spoils of War) score one
    # side against its one opponent (docs/t9a.md): a third side has none.
    data = scenario_data("t9a_counterthrust_capture_the_flags.json")
    data["sides"].append({"id": "third", "name": "Third"})
    err = load_error(data)
    assert err.path == "sides"
    assert err.problem == "The Ninth Age is played by 2 sides, this file has 3"


def test_a_hex_game_needs_two_sides_too():
    data = scenario_data("hex_hochkirch_ridge_demo.json")
    data["sides"].append({"id": "third", "name": "Third"})
    assert load_error(data).problem == "Hex Victory Banners is played by 2 sides, this file has 3"


def test_carnevale_takes_three_gangs_and_scores_them():
    data = scenario_data("carnevale_drowned_quarter.json")
    data["sides"].append({"id": "third", "name": "Third", "colour": "#009e73"})
    game = loads(json.dumps(data))
    board = evaluate(replay(game.setup, game.events))
    assert set(board.totals) == {s["id"] for s in data["sides"]}


@pytest.mark.parametrize(("key", "field"), [("", "name"), ("units", "name"), ("sides", "name")])
def test_a_lone_surrogate_in_a_name_is_refused_so_the_game_can_always_be_saved(key, field):
    data = scenario_data("t9a_frontline_clash_demo.json")
    (data[key][0] if key else data)[field] = "Knights \ud800"
    err = load_error(data)
    assert err.path == (f"{key}[0].{field}" if key else field)
    assert err.problem == "a lone surrogate ('\\ud800') at character 9 is not text"
    str(err).encode("utf-8")  # the message itself can be printed and logged


def test_control_characters_in_a_name_are_refused_and_the_message_is_printable():
    data = scenario_data("t9a_frontline_clash_demo.json")
    data["units"][1]["name"] = "Orcs\x1b[2J"
    err = load_error(data)
    assert err.path == "units[1].name"
    assert "\x1b" not in str(err) and "'\\x1b'" in err.problem


def test_an_object_key_with_a_surrogate_is_named_printably():
    data = scenario_data("t9a_frontline_clash_demo.json")
    data["settings"] = {"\udcff": 1}
    err = load_error(data)
    assert err.path == "settings"
    assert "\\udcff" in err.problem


def test_text_longer_than_the_limit_is_refused_notes_may_be_longer():
    data = scenario_data("t9a_frontline_clash_demo.json")
    data["notes"] = "n" * (limits.MAX_TEXT + 1)
    loads(json.dumps(data))
    data["name"] = "n" * (limits.MAX_TEXT + 1)
    err = load_error(data)
    assert err.path == "name" and "longer than the limit of 10,000" in err.problem


@pytest.mark.parametrize("key", ["terrain", "zones"])
def test_a_bow_tie_outline_in_a_file_is_refused_naming_the_edges_that_cross(key):
    data = scenario_data("t9a_encircle_king_of_the_hill.json")
    data[key][0]["polygon"] = BOW_TIE
    err = load_error(data)
    assert err.path == f"{key}[0].polygon"
    assert err.problem == (
        "crosses itself: the edge from corner 1 (10, 10) to corner 2 (20, 20) "
        "crosses the edge from corner 3 (20, 10) to corner 4 (10, 20) at (15, 15)"
    )


def test_an_outline_whose_corners_lie_on_a_line_is_refused():
    data = scenario_data("t9a_encircle_king_of_the_hill.json")
    data["terrain"][0]["polygon"] = [[0, 0], [5, 0], [10, 0]]
    assert load_error(data).problem == "encloses no area (its corners lie on one line)"


def _koth_game():
    return load_game(scenario_path("t9a_encircle_king_of_the_hill.json"))


def test_the_drawing_tool_cannot_add_a_bow_tie_terrain_the_event_says_which_edges_cross():
    game = _koth_game()
    state = replay(game.setup, game.events)
    bow = Terrain("t-new", "Marsh", tuple((float(x), float(y)) for x, y in BOW_TIE))
    with pytest.raises(EventError) as info:
        AddPiece(terrain=bow).apply(state)
    assert info.value.field == "polygon"
    assert info.value.problem.startswith("crosses itself: the edge from corner 1")
    evaluate(state)  # the board as it was still scores


@pytest.mark.parametrize(
    ("make", "problem"),
    [
        (lambda u: RotatePiece(u.id, 1e10), "must be <= 1,000,000,000°, got 10,000,000,000"),
        (lambda u: MovePiece(u.id, u.x, u.y, facing=-1e10),
         "must be <= 1,000,000,000°, got 10,000,000,000"),
        (lambda u: UpdatePiece(u.id, {"facing": 2**31}),
         "must be <= 1,000,000,000°, got 2,147,483,648"),
        (lambda u: MovePiece(u.id, u.x, u.y, facing=math.nan), "must be a finite number"),
    ],
)  # fmt: skip
def test_a_facing_no_file_can_hold_is_refused_by_every_event_that_turns_a_unit(make, problem):
    # Taken, the game saved and its file was refused on opening (a number past a
    # billion); a move's NaN facing turned the unit to NaN.
    game = _koth_game()
    state = replay(game.setup, game.events)
    unit = next(iter(state.scene.units.values()))
    with pytest.raises(EventError) as info:
        make(unit).apply(state)
    assert (info.value.field, info.value.problem) == ("facing", problem)
    turned = RotatePiece(unit.id, 1e9).apply(state)  # up to a billion: a file holds it
    assert loads(dumps(replace(game, events=(*game.events, RotatePiece(unit.id, 1e9))))).events
    assert turned.scene.units[unit.id].facing == 1e9 % 360


def test_dragging_a_zone_corner_across_its_outline_is_refused_by_the_update_event():
    game = _koth_game()
    state = replay(game.setup, game.events)
    zone: Zone = next(iter(state.scene.zones.values()))
    with pytest.raises(EventError) as info:
        UpdatePiece(zone.id, {"polygon": BOW_TIE}).apply(state)  # lists, as the inspector sends
    assert info.value.field == "polygon"
    assert info.value.problem.startswith("crosses itself")


def test_a_hex_board_of_100_million_rows_is_refused_at_once():
    data = scenario_data("hex_hochkirch_ridge_demo.json")
    data["board"]["rows"] = 100_000_000
    err = load_error(data)
    assert (err.path, err.problem) == ("board.rows", "must be <= 100, got 100,000,000")


def test_a_hex_board_at_the_row_limit_loads_scores_and_saves():
    data = scenario_data("hex_hochkirch_ridge_demo.json")
    data["board"].update(rows=limits.MAX_HEX_ROWS)
    data["objectives"] = [{"id": "c", "kind": "hex.clearing_sector",
                           "params": {"side": "prussia", "section": "centre"}}]  # fmt: skip
    data["events"] = []
    game = loads(json.dumps(data))
    evaluate(replay(game.setup, game.events))
    assert loads(dumps(game)) == game


def test_an_inch_board_wider_than_the_limit_is_refused():
    data = scenario_data("t9a_frontline_clash_demo.json")
    data["board"]["width"] = 5000
    err = load_error(data)
    assert (err.path, err.problem) == ("board.width", "must be <= 1,000 in, got 5,000")


def test_more_pieces_than_the_limit_are_refused_before_reading_them():
    data = scenario_data("t9a_frontline_clash_demo.json")
    data["markers"] = [{}] * (limits.MAX_PIECES + 1)
    err = load_error(data)
    assert err.path == "(file)" and "more than the limit of 20,000" in err.problem


def test_more_events_than_the_limit_are_refused_before_replaying_them():
    data = scenario_data("t9a_frontline_clash_demo.json")
    data["events"] = [{"type": "game_end"}] * (limits.MAX_EVENTS + 1)
    err = load_error(data)
    assert err.path == "events" and "more than the limit of 200,000" in err.problem


def test_a_file_larger_than_the_limit_is_refused_without_reading_it_whole(tmp_path):
    big = tmp_path / "big.json"
    with open(big, "wb") as fh:
        fh.truncate(limits.MAX_FILE_BYTES + 10)  # sparse: no disk used
    with pytest.raises(FileFormatError) as info:
        load_game(big)
    assert info.value.problem == "larger than the limit of 64 MB"


def test_numbers_past_a_billion_are_refused_anywhere_even_in_free_form_params():
    data = scenario_data("t9a_frontline_clash_demo.json")
    data["objectives"][0]["params"] = {"centre": [36, 1e300]}
    err = load_error(data)
    assert err.path == "objectives[0].params.centre[1]"
    assert err.problem == "1e+300 is out of range (numbers are at most 1e+09)"


def test_an_overflowing_float_literal_is_named():
    data = scenario_data("t9a_frontline_clash_demo.json")
    data["units"][0]["x"] = "X"
    text = json.dumps(data).replace('"x": "X"', '"x": 1e400', 1)
    err = load_error(text)
    assert err.path == "units[0].x"
    assert err.problem == "1e400 is out of range (numbers are at most 1e+09)"
