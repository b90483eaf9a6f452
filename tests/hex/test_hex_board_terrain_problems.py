"""A hex board's printed terrain in a file (docs/hex.md, the board's `terrain`,
`legend`, `labels` and `ground`): every mistake is named by its place."""

from __future__ import annotations

import json

from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io.file_problems import problems_of
from tabletop_gui.model.hexgrid import HexBoard
from tabletop_gui.model.hexterrain import HexLabel, HexTerrain, TerrainKind, layers_by_hex, problems

HEX = SCENARIOS / "hex_hochkirch_ridge_demo.json"


def found(board_extra: dict) -> set[tuple[str, str]]:
    data = json.loads(HEX.read_text(encoding="utf-8"))
    data["board"] = {"kind": "hex", **board_extra}
    report = problems_of(json.dumps(data))
    return {(p.path, p.problem) for p in report.problems}


def test_a_well_made_board_terrain_loads():
    board = {
        "legend": [
            {"key": "wood", "name": "Wood", "colour": "#2e7d32"},
            {"key": "bridge", "name": "Bridge", "colour": "#8d6e63", "overlay": True},
            {"key": "plain", "name": "Plain", "colour": "#c5e1a5"},
        ],
        "terrain": [{"hex": [3, 2], "kind": "wood"}, {"hex": [3, 2], "kind": "bridge"}],
        "labels": [{"hex": [4, 4], "text": "Hochkirch"}],
        "ground": "plain",
    }
    assert found(board) == set()


def test_every_mistake_in_the_legend_terrain_and_labels_is_named_by_its_place():
    legend = [
        TerrainKind("wood", "Wood", "#2e7d32"),
        TerrainKind("wood", "Wood again", "green"),
        TerrainKind("", "Nameless", "#zzzzzz"),
    ]
    terrain = [HexTerrain((99, 2), "wood"), HexTerrain((3, 2), "lava")]
    labels = [HexLabel((3, 99), "Nowhere")]
    board = HexBoard()
    found_ = problems(terrain, legend, labels, board.contains, ground="snow")
    assert found_ == [
        ("legend[1].key", "'wood' is listed twice"),
        ("legend[1].colour", "must be '#rrggbb', got 'green'"),
        ("legend[2].key", "must not be empty"),
        ("legend[2].colour", "must be '#rrggbb', got '#zzzzzz'"),
        ("ground", "'snow' is not in the legend (keys: , wood)"),
        ("terrain[0].hex", "hex 99,2 is not on the board"),
        ("terrain[1].kind", "'lava' is not in the legend (keys: , wood)"),
        ("labels[0].hex", "hex 3,99 is not on the board"),
    ]


def test_a_file_with_such_a_mistake_is_refused_naming_the_first_by_its_place():
    board = {
        "legend": [{"key": "wood", "name": "Wood", "colour": "#2e7d32"}],
        "terrain": [{"hex": [3, 2], "kind": "lava"}],
    }
    assert found(board) == {("board.terrain[0].kind", "'lava' is not in the legend (keys: wood)")}


def test_the_layers_of_each_hex_keep_the_order_they_are_listed_in():
    terrain = [HexTerrain((1, 1), "river"), HexTerrain((2, 1), "wood"),
               HexTerrain((1, 1), "bridge")]  # fmt: skip
    assert layers_by_hex(terrain) == {(1, 1): ["river", "bridge"], (2, 1): ["wood"]}
