"""A save made by hand in TTS's documented format (the knowledge base's "Save File
Format": ObjectStates with Name, Transform, Nickname, Description...), as a
community mod's would be: its blocks are found by their Nicknames, placed by the
mapping, and everything else (dice, a note, bags and decks and what they hold,
objects attached to others) is listed or skipped, never guessed."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from tabletop_gui.cli import main
from tabletop_gui.io import FileFormatError, load_game, save_game
from tabletop_gui.io.importers import ImportRequest, import_bytes
from tabletop_gui.io.tts.read import read_save
from tests.tts.tts_games import battle, final


def obj(name: str, nickname: str = "", x: float = 0, z: float = 0, rot_y: float = 0,
        **extra: Any) -> dict[str, Any]:  # fmt: skip
    return {
        "Name": name,
        "Transform": dict(
            posX=x, posY=1.2, posZ=z, rotX=0, rotY=rot_y, rotZ=0, scaleX=1, scaleY=1, scaleZ=1
        ),
        "Nickname": nickname,
        "Description": "",
        "ColorDiffuse": {"r": 0.5, "g": 0.5, "b": 0.5},
        "Locked": False,
        **extra,
    }


def community_save() -> dict[str, Any]:
    hero_in_bag = obj("Custom_Model", "Hero", 30, 0)
    return {
        "SaveName": "Skirmish table",
        "GameMode": "",
        "Table": "Table_RPG",
        "ObjectStates": [
            obj("Custom_Model", "Knights", -26, 16, 90, GUID="aa0001"),
            obj("BlockSquare", "  spearmen ", 4.5, -10, 45.25, GUID="aa0002"),
            obj("Die_6", "", 40, 0, GUID="aa0003"),
            obj("Notecard", "Rules", -40, 0, GUID="aa0004"),
            obj("Bag", "Reserves", 40, 20, GUID="aa0005",
                ContainedObjects=[hero_in_bag, obj("BlockSquare", "Scouts")]),
            obj("DeckCustom", "Orders", 40, -20, GUID="aa0006", DeckIDs=[100, 101],
                CustomDeck={"1": {"FaceURL": "", "BackURL": ""}},
                ContainedObjects=[obj("Card", "Charge!"), obj("Card", "Hold!")]),
            obj("Figurine_Custom", "Standard", 0, 0, GUID="aa0007",
                States={"2": obj("Figurine_Custom", "Standard (fallen)")},
                ChildObjects=[obj("BlockSquare", "Banner pole")]),
        ],
    }  # fmt: skip


def import_into(game, save: dict[str, Any]):
    return import_bytes(json.dumps(save).encode(), ImportRequest(source="hand.json", into=game))


def test_blocks_named_like_units_take_their_places_by_the_mapping():
    game = battle()
    result = import_into(game, community_save())
    units = final(result.game).scene.units
    # posX -26, posZ 16 on a 72 x 48 in board: (10, 40).
    assert (units["knights"].x, units["knights"].y) == (10, 40)
    # Nicknames are matched without regard to case or spaces around them.
    assert (units["spears"].x, units["spears"].y) == (40.5, 14)
    assert units["spears"].facing == pytest.approx(314.75)


def test_rot_y_90_turns_a_unit_to_face_plus_x_as_tts_turns_forward_onto_right():
    # TTS's own Vector example turns (3, 2, 3) by +45 about y to (4.24, 2, 0): a
    # positive rotY carries +Z (forward) onto +X, clockwise seen from above.
    knights = final(import_into(battle(), community_save()).game).scene.units["knights"]
    f = math.radians(knights.facing)  # counter-clockwise from +y (docs/file-format.md)
    front = (-math.sin(f), math.cos(f))
    assert front == pytest.approx((1.0, 0.0), abs=1e-9)  # the board's +x, TTS's +X


def test_what_is_not_a_unit_is_listed_and_bags_and_decks_are_skipped():
    result = import_into(battle(), community_save())
    notes = "\n".join(result.notes)
    assert (
        "5 objects are no piece of the game (not moved): Die_6 (aa0003); Rules (Notecard, "
        "aa0004); Reserves (Bag, aa0005), holding 2; Orders (DeckCustom, aa0006), holding 2; "
        "Standard (Figurine_Custom, aa0007), holding 2" in notes
    )
    assert "6 objects inside bags, decks and other objects were skipped" in notes
    # The Hero and the Scouts are in the bag, not on the table: not moved, named
    # with the bag (they are in the save: not "not in the save").
    assert (
        "Hero, Scouts: inside Reserves (Bag, aa0005), not on the table; left where they were"
    ) in notes
    assert "not in the save, left where they were: Well" in notes
    units = final(result.game).scene.units
    assert (units["hero"].x, units["hero"].y) == (36, 24)


def test_the_save_counts_what_it_skips():
    save = read_save(json.dumps(community_save()).encode())
    assert [o.nickname for o in save.objects][:2] == ["Knights", "  spearmen "]
    assert save.skipped == 6 and save.game is None and not save.written_here


def test_a_save_not_written_here_needs_the_game_it_shows(tmp_path):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(community_save()), encoding="utf-8")
    with pytest.raises(FileFormatError, match=r"not written by tabletop-gui.*--into GAME\.json"):
        import_bytes(path.read_bytes(), ImportRequest(source=str(path)))


def test_the_import_command_reads_a_hand_made_save_into_a_game(tmp_path, capsys):
    save, game_file, out = tmp_path / "hand.json", tmp_path / "game.json", tmp_path / "out.json"
    save.write_text(json.dumps(community_save()), encoding="utf-8")
    save_game(battle(), game_file)
    assert main(["import", str(save), "--into", str(game_file), "-o", str(out)]) == 0
    printed = capsys.readouterr().out
    # The Knights stand where they stood and only turn (90 -> 270); the Spearmen move.
    assert (
        "Tabletop Simulator save 'Skirmish table': 2 pieces found (2 by name); "
        "1 moved, 1 turned" in printed
    )
    assert [e.type for e in load_game(out).events] == ["rotate", "move"]
