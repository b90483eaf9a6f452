"""A game exported as a Tabletop Simulator save reads back to the same places:
every unit within 0.01 in and 0.5 degree, positions and turns following the
mapping of docs/file-format.md ("Tabletop Simulator saves")."""

from __future__ import annotations

import json
import math

import pytest

from tabletop_gui.geometry.arcs import front_centre
from tabletop_gui.geometry.outline import unit_outline
from tabletop_gui.io import load_game
from tabletop_gui.io.importers import ImportRequest, find_importer, import_file
from tabletop_gui.io.tts import mapping
from tabletop_gui.io.tts.read import read_save
from tabletop_gui.io.tts.write import ID_PREFIX, AssetPaths
from tabletop_gui.model.pieces import BaseShape
from tests.core.scenario_files import scenario_paths
from tests.tts.tts_games import battle, by_nickname, export, final

TOLERANCE_IN = 0.01
TOLERANCE_DEG = 0.5


def test_the_save_places_each_unit_by_the_documented_mapping(tmp_path):
    save = export(battle(), tmp_path / "battle.json")
    knights = by_nickname(save, "Knights")["Transform"]
    # (10, 40) on a 72 x 48 in board: 26 in left of the centre, 16 in toward side B.
    assert (knights["posX"], knights["posZ"]) == (-26.0, 16.0)
    # Facing 90 (counter-clockwise: toward -x) is a clockwise TTS turn of 270.
    assert knights["rotY"] == 270.0
    spears = by_nickname(save, "Spearmen")["Transform"]
    assert (spears["posX"], spears["posZ"], spears["rotY"]) == (14.0, -16.0, 322.5)


def test_every_unit_is_a_block_of_its_footprint_in_its_sides_colour(tmp_path):
    save = export(battle(), tmp_path / "battle.json")
    knights = by_nickname(save, "Knights")
    t = knights["Transform"]
    # Five 25 x 50 mm bases in one rank: 125 x 50 mm.
    assert (t["scaleX"], t["scaleZ"]) == (round(125 / 25.4, 6), round(50 / 25.4, 6))
    assert knights["ColorDiffuse"] == {"r": 0.8353, "g": 0.3686, "b": 0.0}  # #d55e00
    assert knights["Description"].split("\n")[0] == f"{ID_PREFIX}knights"
    assert knights["CustomMesh"]["MeshURL"].endswith("battle.block.obj")
    hero = by_nickname(save, "Hero")
    assert hero["CustomMesh"]["MeshURL"].endswith("battle.round.obj")
    assert (hero["Transform"]["scaleX"], hero["Transform"]["scaleZ"]) == (
        round(50 / 25.4, 6),
        round(50 / 25.4, 6),
    )
    well = by_nickname(save, "Well")  # a 40 mm marker, true size
    assert well["Transform"]["scaleX"] == round(40 / 25.4, 6)
    assert (well["Transform"]["posX"], well["Transform"]["posZ"]) == (0.0, -12.0)


def test_the_board_is_a_locked_plate_of_its_true_size_showing_its_picture(tmp_path):
    save = export(battle(), tmp_path / "battle.json")
    plate = by_nickname(save, "Border Skirmish")
    t = plate["Transform"]
    assert (t["posX"], t["posZ"], t["scaleX"], t["scaleZ"]) == (0.0, 0.0, 72.0, 48.0)
    assert plate["Locked"] is True
    paths = AssetPaths.beside(tmp_path / "battle.json")
    assert plate["CustomMesh"]["DiffuseURL"] == paths.board.resolve().as_uri()
    for written in paths.written():
        assert written.exists(), written
    # Every piece sits on the plate: its bottom just above the plate's top.
    for obj in save["ObjectStates"][2:]:
        t = obj["Transform"]
        bottom = t["posY"] - t["scaleY"] / 2
        assert mapping.BOARD_TOP_Y < bottom < mapping.BOARD_TOP_Y + 0.05, obj["Nickname"]


def test_the_save_reads_back_to_within_a_hundredth_of_an_inch_and_half_a_degree(tmp_path):
    game = battle()
    export(game, tmp_path / "battle.json")
    save = read_save((tmp_path / "battle.json").read_bytes())
    units = final(game).scene.units
    extent = final(game).scene.board.extent
    seen = set()
    for obj in save.objects:
        if obj.piece_id in units:
            u = units[obj.piece_id]
            x, y = mapping.from_tts(extent, obj.transform["posX"], obj.transform["posZ"])
            assert math.hypot(x - u.x, y - u.y) <= TOLERANCE_IN
            assert mapping.angle_apart(mapping.facing(obj.transform["rotY"]), u.facing) <= 0.5
            seen.add(u.id)
    assert seen == set(units)


def test_importing_the_save_gives_back_the_game_with_nothing_moved(tmp_path):
    game = battle()
    export(game, tmp_path / "battle.json")
    result = import_file(tmp_path / "battle.json", ImportRequest())
    assert result.game == game  # the game on the plate, no move added
    assert "5 pieces found (5 by id); nothing moved" in result.summary


@pytest.mark.parametrize("path", scenario_paths(), ids=lambda p: p.stem)
def test_every_bundled_example_round_trips_unit_by_unit(tmp_path, path):
    game = load_game(path)
    export(game, tmp_path / "save.json")
    # A save leaving out values still face down reads back into the game file
    # (tests/tts/test_tts_hidden_values.py); any other reads back alone.
    withheld = read_save((tmp_path / "save.json").read_bytes()).withheld
    result = import_file(tmp_path / "save.json", ImportRequest(into=game if withheld else None))
    assert result.game.events == game.events, result.notes
    before, after = final(game).scene.units, final(result.game).scene.units
    for uid, u in before.items():
        v = after[uid]
        assert math.hypot(u.x - v.x, u.y - v.y) <= TOLERANCE_IN
        assert mapping.angle_apart(u.facing, v.facing) <= TOLERANCE_DEG


def test_a_save_is_told_by_its_content_not_its_name(tmp_path):
    export(battle(), tmp_path / "battle.json")
    data = (tmp_path / "battle.json").read_bytes()
    assert find_importer(data, "something.txt").key == "tts"
    assert find_importer(data, "").title == "Tabletop Simulator save"


def test_the_save_is_valid_json_with_a_guid_for_every_object(tmp_path):
    save = export(battle(), tmp_path / "battle.json")
    guids = [o["GUID"] for o in save["ObjectStates"]]
    assert len(set(guids)) == len(guids) == 7  # table, plate, 4 units, 1 marker
    assert all(len(g) == 6 and int(g, 16) >= 0 for g in guids)
    again = export(battle(), tmp_path / "again.json")
    assert [o["GUID"] for o in again["ObjectStates"]] == guids  # the same from export to export
    json.dumps(save, allow_nan=False)  # no NaN or Infinity anywhere


def unity_corner(t: dict[str, float], lx: float, lz: float) -> tuple[float, float]:
    """Where a block's local point (lx, lz) lands in TTS: Unity turns by rotY about
    +Y left-handedly, carrying +Z (forward) toward +X: clockwise seen from above."""
    a = math.radians(t["rotY"])
    return (
        t["posX"] + lx * math.cos(a) + lz * math.sin(a),
        t["posZ"] - lx * math.sin(a) + lz * math.cos(a),
    )


def test_each_blocks_corners_and_front_in_tts_are_the_units_footprint_on_the_board(tmp_path):
    game = battle()
    save = export(game, tmp_path / "battle.json")
    state = final(game)
    for obj in save["ObjectStates"][2:]:
        pid = obj["Description"].split("\n")[0].removeprefix(ID_PREFIX)
        unit = state.scene.units.get(pid)
        if unit is None or unit.base_shape is BaseShape.ROUND:
            continue
        t = obj["Transform"]
        outline = unit_outline(unit)
        hx, hz = t["scaleX"] / 2, t["scaleZ"] / 2
        local = [(-hx, -hz), (hx, -hz), (hx, hz), (-hx, hz)]  # the order of Outline.corners
        placed = [mapping.from_tts((72, 48), *unity_corner(t, lx, lz)) for lx, lz in local]
        for (x, y), (ex, ey) in zip(placed, outline.corners(), strict=True):
            assert math.hypot(x - ex, y - ey) <= 1e-5, unit.id
        front = mapping.from_tts((72, 48), *unity_corner(t, 0.0, hz))  # the block's +Z face
        assert front == pytest.approx(front_centre(outline), abs=1e-5), unit.id
