"""Any junk in a Memoir '44 file (hypothesis puts JSON values of every shape in
every field the importer reads): a game with its problems named, or a
FileFormatError naming the field, never a crash and never a game that does not
load back."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop_gui.io import FileFormatError, loads
from tabletop_gui.io.game_file import dumps
from tests.hex.m44kit import exit_marker, hexagon, imported, medal, scenario

BASE = scenario(
    hexagon("E5", terrain="woods", unit="infger", tags=[medal("medal0", ["F5"], majority=True)]),
    hexagon("C5", terrain="river", rect_terrain="bridge", tags=[{"name": "medal1"}]),
    hexagon("A9", tags=[exit_marker("ALLIES", ["B9"])]),
    hexagon("E3", unit="tankus", obstacle="wire"),
    labels=[{"row": 4, "col": 8, "text": ["Town"]}],
    info={
        "victory": {
            "condition": [{"group_sudden_death": {"side": "AXIS", "number": 1, "group": ["A1"]}}]
        },
        "options": {"infantry_exit_counts_2": True},
    },
    text={"victory": "4 medals"},
)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 40) | st.text(max_size=6)
    | st.sampled_from(["AXIS", "ALLIES", "E5", "medal0", "STANDARD", "EXIT_MARKER", "woods"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                 max_size=3),
    max_leaves=8,
)  # fmt: skip

#: Where junk goes: a path of keys and indexes into the scenario.
PLACES = [
    ("game_info", "side_player1"), ("game_info", "country_player2"),
    ("game_info", "victory_player1"), ("game_info", "starting"), ("game_info", "options"),
    ("game_info", "victory"), ("game_info", "victory", "condition", 0, "group_sudden_death"),
    ("board", "type"), ("board", "face"), ("board", "labels"), ("board", "hexagons", 0),
    ("board", "hexagons", 0, "row"), ("board", "hexagons", 0, "unit"),
    ("board", "hexagons", 0, "tags"), ("board", "hexagons", 0, "tags", 0, "group"),
    ("board", "hexagons", 0, "tags", 0, "medal"), ("board", "hexagons", 0, "tags", 0, "medal",
                                                   "counts_for"),
    ("board", "hexagons", 1, "rect_terrain"), ("board", "hexagons", 2, "tags", 0, "side"),
    ("board", "hexagons", 3, "obstacle", "name"), ("text",), ("text", "en", "victory"),
]  # fmt: skip


def put(data: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    out = copy.deepcopy(data)
    node: Any = out
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return out


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PLACES), json_values)
def test_junk_in_any_field_is_a_named_problem_or_a_refusal_never_a_crash(place, junk):
    data = put(BASE, place, junk)
    try:
        result = imported(json.dumps(data))
    except FileFormatError as exc:
        assert exc.path and exc.problem
        return
    again = loads(dumps(result.game))  # what was imported loads back as it is
    assert again.setup == result.game.setup


@pytest.mark.parametrize("behaviour", [["MINE_FIELD"], {"a": 1}, 7, None])
def test_a_tag_whose_behaviour_is_not_a_name_is_a_named_problem(behaviour):
    result = imported(scenario(hexagon("E5", tags=[{"name": "tag12", "behavior": behaviour}])))
    assert any("unknown tag 'tag12'" in p for p in result.problems)


def test_control_characters_in_the_files_text_are_removed_with_a_problem_named():
    data = scenario(
        hexagon("E5", terrain="woods"),
        labels=[{"row": 4, "col": 8, "text": ["Town\x1b[2J"]}],
        text={"description": "Hold\x07 the bridge", "name": "Night\x9b raid"},
    )
    result = imported(data)
    assert result.game.setup.name == "Night raid"
    assert result.game.setup.briefing["Briefing"] == "Hold the bridge"
    assert any(p.startswith("control characters removed in ") for p in result.problems)
    assert loads(dumps(result.game).encode()) == result.game
