"""The terrain field `opaque` (docs/file-format.md): kept through a save, left
out of files that do not use it, so older files read and save the same."""

from __future__ import annotations

import json

import pytest

from tabletop_gui.io import FileFormatError, dumps, game_to_json, loads
from tabletop_gui.model import InchBoard, Scene, Setup, Side, Terrain
from tabletop_gui.model.game import Game

HILL = ((10.0, 10.0), (20.0, 10.0), (20.0, 16.0), (10.0, 16.0))


def game_with(**fields) -> Game:
    scene = Scene(
        board=InchBoard(72, 48),
        sides=(Side("a", "A"), Side("b", "B")),
        terrain={"hill": Terrain("hill", "Hill", HILL, **fields)},
    )
    return Game(Setup("t9a", scene, name="opaque"))


def test_an_opaque_hill_stays_opaque_through_a_save_and_a_reload():
    again = loads(dumps(game_with(opaque=True)))
    assert again.setup.scene.terrain["hill"].opaque is True


def test_terrain_that_is_not_opaque_writes_no_key_so_old_files_read_the_same():
    data = game_to_json(game_with())
    assert "opaque" not in data["terrain"][0]
    assert loads(json.dumps(data)).setup.scene.terrain["hill"].opaque is False


def test_an_opaque_value_that_is_not_true_or_false_is_refused_naming_the_field():
    data = game_to_json(game_with())
    data["terrain"][0]["opaque"] = "yes"
    with pytest.raises(FileFormatError) as refused:
        loads(json.dumps(data))
    assert "terrain[0].opaque" in str(refused.value)
