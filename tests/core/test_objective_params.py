"""An objective's params are refused, naming the place in the file, when the kind
does not read them (a misspelt name would be ignored and change the score), when
a point is off the board, or when an id names no piece of the game."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import HealthCheck, given, settings

from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import FileFormatError, loads


def scenario(name: str) -> dict:
    return json.loads((SCENARIOS / name).read_text(encoding="utf-8"))


def refusal(data: dict) -> FileFormatError:
    with pytest.raises(FileFormatError) as exc:
        loads(json.dumps(data))
    return exc.value


def test_a_misspelt_param_is_refused_with_the_name_it_probably_meant():
    data = scenario("t9a_frontline_clash_demo.json")
    data["objectives"][0]["params"] = {"center": [10, 10]}
    err = refusal(data)
    assert err.path == "objectives[0].params.center"
    assert "unknown param; did you mean 'centre'? (Hold the Ground reads: centre)" in err.problem
    assert "Hold the Ground reads: centre" in err.problem


def test_a_hold_the_ground_centre_off_the_board_is_refused():
    data = scenario("t9a_frontline_clash_demo.json")
    data["objectives"][0]["params"] = {"centre": [500, 500]}
    err = refusal(data)
    assert err.path == "objectives[0].params.centre"
    assert err.problem == "[500, 500] is off the 72 x 48 in board"


def test_a_centre_on_the_board_edge_is_accepted():
    data = scenario("t9a_frontline_clash_demo.json")
    data["objectives"][0]["params"] = {"centre": [72, 0]}
    assert loads(json.dumps(data)).setup.objectives[0].params["centre"] == [72, 0]


def test_a_king_of_the_hill_pick_of_a_terrain_that_does_not_exist_is_refused():
    data = scenario("t9a_encircle_king_of_the_hill.json")
    i = next(i for i, o in enumerate(data["objectives"]) if o["kind"] == "t9a.king_of_the_hill")
    side = data["sides"][0]["id"]
    data["objectives"][i]["params"] = {"picks": {side: "wod"}}
    err = refusal(data)
    assert err.path == f"objectives[{i}].params.picks.{side}"
    assert err.problem.startswith("no terrain 'wod' (the terrain ids: ")


def test_a_secure_target_marker_param_naming_no_marker_is_refused():
    data = scenario("t9a_frontline_clash_secure_target.json")
    i = next(i for i, o in enumerate(data["objectives"]) if o["kind"] == "t9a.secure_target")
    side = data["sides"][1]["id"]
    data["objectives"][i]["params"] = {"markers": {side: "st-x"}}
    err = refusal(data)
    assert err.path == f"objectives[{i}].params.markers.{side}"
    assert "no marker 'st-x'" in err.problem


def test_a_capture_the_flags_mark_of_no_unit_is_refused():
    data = scenario("t9a_counterthrust_capture_the_flags.json")
    i = next(i for i, o in enumerate(data["objectives"]) if o["kind"] == "t9a.capture_the_flags")
    data["objectives"][i]["params"] = {"marks": ["nobody-here"]}
    err = refusal(data)
    assert err.path == f"objectives[{i}].params.marks[0]"
    assert "no unit 'nobody-here'" in err.problem


def test_a_carnevale_objective_naming_no_marker_is_refused():
    data = scenario("carnevale_drowned_quarter.json")
    data["objectives"][0]["params"] = {"marker": "obj-nowhere"}
    err = refusal(data)
    assert err.path == "objectives[0].params.marker"
    assert "no marker 'obj-nowhere'" in err.problem


def test_a_hex_objective_for_a_side_that_does_not_exist_is_refused():
    data = scenario("hex_hochkirch_ridge_demo.json")
    data["objectives"][0]["params"]["side"] = "sweden"
    err = refusal(data)
    assert err.path == "objectives[0].params.side"
    assert "no side 'sweden'" in err.problem


def test_a_marker_the_log_adds_may_be_named_by_a_param():
    # The Secure Target markers are placed by add_piece events, not in the setup.
    data = scenario("t9a_frontline_clash_secure_target.json")
    i = next(i for i, o in enumerate(data["objectives"]) if o["kind"] == "t9a.secure_target")
    moved = [m for m in data["markers"] if m["kind"] == "t9a.secure_target"]
    data["markers"] = [m for m in data["markers"] if m["kind"] != "t9a.secure_target"]
    data["events"] = [{"type": "add_piece", "marker": m} for m in moved] + data["events"]
    data["objectives"][i]["params"] = {"markers": {m["side"]: m["id"] for m in moved}}
    game = loads(json.dumps(data))
    assert set(game.setup.objectives[i].params["markers"].values()) == {m["id"] for m in moved}


def test_every_bundled_scenario_names_only_params_its_objectives_read():
    for path in sorted(SCENARIOS.glob("*.json")):
        loads(path.read_text(encoding="utf-8"))  # raises on an unknown param


@pytest.mark.parametrize(
    ("name", "typo", "meant"),
    [
        ("t9a_frontline_clash_demo.json", "game_turn", "game_turns"),
        ("hex_hochkirch_ridge_demo.json", "banner_targets", "banner_target"),
        ("carnevale_drowned_quarter.json", "round", "rounds"),
    ],
)
def test_a_misspelt_family_setting_is_refused_with_the_name_it_probably_meant(name, typo, meant):
    data = scenario(name)
    data["settings"][typo] = 5
    err = refusal(data)
    assert err.path == f"settings.{typo}"
    assert f"unknown setting; did you mean {meant!r}?" in err.problem


def test_a_malformed_add_piece_is_named_with_its_place_not_a_crash():
    # Params may name pieces the log adds; a log entry that adds nothing is still
    # reported where it is.
    data = scenario("t9a_frontline_clash_demo.json")
    data["events"].insert(0, {"type": "add_piece"})
    err = refusal(data)
    assert err.path == "events[0]"
    assert "add_piece needs exactly one of unit, marker, terrain, zone" in err.problem


def _fuzzed_objectives():
    from hypothesis import strategies as st

    from tabletop_gui.rules.registry import find_family

    files = {
        "t9a": "t9a_frontline_clash_secure_target.json",
        "hex": "hex_hochkirch_ridge_demo.json",
        "carnevale": "carnevale_drowned_quarter.json",
    }
    leaf = st.none() | st.booleans() | st.integers(-3, 80) | st.floats() | st.text(max_size=6)
    values = st.recursive(leaf, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.text(max_size=6), inner, max_size=3), max_leaves=8)  # fmt: skip

    @st.composite
    def objective(draw):
        family = draw(st.sampled_from(sorted(files)))
        kinds = find_family(family).objective_kinds()
        kind = draw(st.sampled_from(sorted(kinds)))
        names = [*kinds[kind].known_params(), "junk"]
        params = draw(st.dictionaries(st.sampled_from(names), values, max_size=3))
        return files[family], {"id": "fuzz", "kind": kind, "params": params}

    return objective()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_fuzzed_objectives())
def test_any_objective_with_junk_params_gives_a_game_or_a_file_format_error(case):
    name, spec = case
    data = scenario(name)
    data["objectives"].append(spec)
    with contextlib.suppress(FileFormatError):
        loads(json.dumps(data))
