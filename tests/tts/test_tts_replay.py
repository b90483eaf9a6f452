"""A later save of the same game imports as moves: one move (or turn) for each
piece that changed place in TTS, nothing for one that only settled, and what
cannot be a move (a block pushed off the table, two blocks claiming one unit, a
block knocked over) left as it was and named."""

from __future__ import annotations

import json
from typing import Any

from tabletop_gui.io.importers import ImportRequest, import_bytes
from tabletop_gui.io.tts.memory import Remembered, game_key, recall, remember
from tabletop_gui.io.tts.read import read_save
from tabletop_gui.io.tts.replay import read_into
from tabletop_gui.model.events.core import MovePiece, RotatePiece
from tests.tts.tts_games import battle, by_nickname, export, final


def later(tmp_path, change) -> bytes:
    """The save of ``battle()`` after ``change(save)`` (what a game in TTS does)."""
    save = export(battle(), tmp_path / "battle.json")
    change(save)
    return json.dumps(save).encode()


def imported(data: bytes, **request: Any):
    return import_bytes(data, ImportRequest(source="later.json", **request))


def move(save: dict[str, Any], nickname: str, **transform: float) -> None:
    by_nickname(save, nickname)["Transform"].update(transform)


def test_a_moved_and_a_turned_unit_become_one_move_and_one_turn(tmp_path):
    def play(save: dict[str, Any]) -> None:
        move(save, "Spearmen", posX=20.0, posZ=-10.0)  # 6 in toward side B, 6 in along x
        move(save, "Hero", rotY=90.0)  # turned only

    result = imported(later(tmp_path, play))
    assert result.game.events == (MovePiece("spears", 56.0, 14.0, 37.5), RotatePiece("hero", 270.0))
    assert result.summary.endswith("5 pieces found (5 by id); 1 moved, 1 turned")


def test_a_piece_that_only_settled_has_not_moved(tmp_path):
    def settle(save: dict[str, Any]) -> None:
        t = by_nickname(save, "Knights")["Transform"]
        t.update(posX=t["posX"] + 0.004, posY=t["posY"] - 0.01, rotY=t["rotY"] + 0.3)

    result = imported(later(tmp_path, settle))
    assert result.game.events == () and "nothing moved" in result.summary


def test_a_marker_moved_in_tts_moves_in_the_game(tmp_path):
    result = imported(later(tmp_path, lambda s: move(s, "Well", posX=-6.0)))
    assert result.game.events == (MovePiece("obj", 30.0, 12.0, None),)


def test_a_block_pushed_off_the_board_is_left_where_it_was_and_named(tmp_path):
    result = imported(later(tmp_path, lambda s: move(s, "Scouts", posZ=40.0)))
    assert result.game.events == ()
    assert result.notes[0] == (
        "Scouts: left where it was; in the save its centre (70.5, 64) is 16 in past "
        "the top edge of the 72 x 48 in board"
    )


def test_two_blocks_claiming_one_unit_are_both_left_out_and_named(tmp_path):
    def copy(save: dict[str, Any]) -> None:
        twin = json.loads(json.dumps(by_nickname(save, "Knights")))
        twin["GUID"] = "c0ffee"
        twin["Transform"]["posX"] = 30.0
        save["ObjectStates"].append(twin)

    result = imported(later(tmp_path, copy))
    assert result.game.events == ()
    assert result.notes[0].startswith("Knights: 2 objects claim it (Knights (Custom_Model, ")
    assert result.notes[0].endswith("Knights (Custom_Model, c0ffee)); left where it was")


def test_a_knocked_over_block_keeps_its_facing(tmp_path):
    result = imported(later(tmp_path, lambda s: move(s, "Spearmen", posX=20.0, rotZ=90.0)))
    assert result.game.events == (MovePiece("spears", 56.0, 8.0, 37.5),)
    assert result.notes[0] == (
        "Spearmen: leans 90 degrees in the save (knocked over?): its facing was kept"
    )


def test_a_second_later_save_moves_on_from_the_first(tmp_path):
    save = export(battle(), tmp_path / "battle.json")
    move(save, "Spearmen", posX=20.0)
    first = imported(json.dumps(save).encode())
    move(save, "Spearmen", posX=24.0, rotY=0.0)
    second = imported(json.dumps(save).encode(), into=first.game)
    assert [type(e).__name__ for e in second.game.events] == ["MovePiece", "MovePiece"]
    spears = final(second.game).scene.units["spears"]
    assert (spears.x, spears.y, spears.facing) == (60.0, 8.0, 0.0)


def test_an_object_chosen_for_a_unit_is_remembered_for_the_next_save(tmp_path):
    # A community save: no ids, a Nickname that names no unit.
    save = {"SaveName": "mod", "ObjectStates": [{
        "GUID": "beef01", "Name": "Custom_Model", "Nickname": "Big Horse Men",
        "Transform": {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotY": 180.0},
    }]}  # fmt: skip
    data = json.dumps(save).encode()
    game = battle()
    plain = read_into(game, read_save(data))
    assert plain.events == () and "Big Horse Men (Custom_Model, beef01)" in plain.notes[-1]
    chosen = read_into(game, read_save(data), chosen={"beef01": "knights"})
    assert chosen.events == (MovePiece("knights", 36.0, 24.0, 180.0),)
    key = game_key(game)
    remember([Remembered("beef01", "Big Horse Men", "knights", "Knights", key)])
    assert recall() == [Remembered("beef01", "Big Horse Men", "knights", "Knights", key)]
    again = imported(data, into=game)  # the command reads the remembered mappings
    assert again.game.events == (MovePiece("knights", 36.0, 24.0, 180.0),)
    assert "1 piece found (1 remembered)" in again.summary


def test_a_remembered_mapping_is_not_used_for_another_unit_of_that_id(tmp_path):
    save = {"ObjectStates": [{"GUID": "beef01", "Nickname": "Big Horse Men",
                              "Transform": {"posX": 0.0, "posZ": 0.0}}]}  # fmt: skip
    remember([Remembered("beef01", "Big Horse Men", "knights", "Knights of Another Game",
                         game_key(battle()))])  # fmt: skip
    result = imported(json.dumps(save).encode(), into=battle())
    assert result.game.events == ()
