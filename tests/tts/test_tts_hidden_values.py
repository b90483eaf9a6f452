"""A save must not tell the players a value still face down (docs/file-format.md,
"What the save holds"): everyone at a TTS table can read every object's
Description and Memo. The whole save is searched, not one field: the game on the
plate leaves those values out wherever the game holds them, and the save read
back into the game file keeps them."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tabletop_gui.io import FileFormatError
from tabletop_gui.io.game_file import game_from_json, game_to_json
from tabletop_gui.io.importers import ImportRequest, import_file
from tabletop_gui.io.tts.read import read_save
from tabletop_gui.io.tts.write import MEMO_FORMAT, PLATE_NOTE
from tabletop_gui.model.game import Game
from tests.core.scenario_files import scenario_data
from tests.tts.tts_games import export, final

# Values no coordinate, size or id of the scenario spells.
RELIC, CHANGED, PLACED, GONE, MASK = 48611, 52937, 61283, 70919, 83407


def hidden_game() -> Game:
    """The bundled Carnevale game with distinctive values: the Golden Mask is
    revealed during the game (its value is known); the Sunken Relic is not; its
    value is changed in the log; a Hidden objective placed during the game and
    one deleted while face down."""
    data: dict[str, Any] = scenario_data("carnevale_drowned_quarter.json")
    for marker in data["markers"]:
        if marker["id"] == "obj-relic":
            marker["value"] = RELIC
        if marker["id"] == "obj-mask":
            marker["value"] = MASK
    data["markers"].append(
        {"id": "obj-gone", "kind": "objective", "x": 30.0, "y": 30.0, "value": GONE,
         "rules": ["hidden"], "label": "Lost Coin"}
    )  # fmt: skip
    data["events"] += [
        {"type": "update", "piece_id": "obj-relic", "changes": {"value": CHANGED}},
        {"type": "add_piece", "marker": {"id": "obj-new", "kind": "objective", "x": 18.0,
         "y": 30.0, "value": PLACED, "rules": ["hidden"], "label": "New Idol"}},
        {"type": "delete_piece", "piece_id": "obj-gone"},
    ]  # fmt: skip
    return game_from_json(data)


def plate_memo(save: dict[str, Any]) -> dict[str, Any]:
    plate = next(o for o in save["ObjectStates"] if o.get("GMNotes") == PLATE_NOTE)
    memo: dict[str, Any] = json.loads(plate["Memo"])
    return memo


def test_no_value_still_face_down_is_anywhere_in_the_save(tmp_path):
    game = hidden_game()
    state = final(game)
    assert state.scene.markers["obj-relic"].value == CHANGED  # the game has them
    text = export(game, tmp_path / "carn.json")
    raw = (tmp_path / "carn.json").read_text(encoding="utf-8")
    for secret in (RELIC, CHANGED, PLACED, GONE):
        assert not re.search(rf"(?<!\d){secret}(?!\d)", raw), secret
    # The revealed one is no secret: it is written (the game carries it).
    assert str(MASK) in raw
    memo = plate_memo(text)
    assert memo["format"] == MEMO_FORMAT and memo["version"] == 2
    assert sorted(memo["withheld"]) == ["obj-gone", "obj-new", "obj-relic"]


def test_the_save_read_back_into_the_game_file_keeps_the_values(tmp_path):
    game = hidden_game()
    export(game, tmp_path / "carn.json")
    result = import_file(tmp_path / "carn.json", ImportRequest(into=game))
    assert result.game == game  # nothing moved, every value kept
    assert final(result.game).scene.markers["obj-relic"].value == CHANGED
    assert "nothing moved" in result.summary


def test_the_save_alone_is_refused_with_the_way_to_read_it(tmp_path):
    export(hidden_game(), tmp_path / "carn.json")
    with pytest.raises(FileFormatError) as caught:
        import_file(tmp_path / "carn.json", ImportRequest())
    assert caught.value.path == "ObjectStates[1].Memo"
    assert "Sunken Relic" in caught.value.problem
    assert "--into GAME.json" in caught.value.problem


def test_the_game_on_the_plate_is_the_players_game_and_replays(tmp_path):
    game = hidden_game()
    save = read_save(json.dumps(export(game, tmp_path / "carn.json")).encode())
    assert save.game is not None and save.withheld
    players = final(save.game)
    assert players.scene.markers["obj-relic"].value is None
    assert players.scene.markers["obj-new"].value is None
    assert players.scene.markers["obj-mask"].value == MASK
    assert len(save.game.events) == len(game.events)


def test_a_game_with_nothing_face_down_still_round_trips_alone(tmp_path):
    data = scenario_data("carnevale_drowned_quarter.json")
    data["markers"] = [m for m in data["markers"] if "hidden" not in m.get("rules", [])]
    data["objectives"] = [
        o for o in data["objectives"] if o.get("params", {}).get("marker") in
        {m["id"] for m in data["markers"]}
    ]  # fmt: skip
    data["events"] = [e for e in data["events"] if e.get("marker") != "obj-mask"]
    game = game_from_json(data)
    save = export(game, tmp_path / "carn.json")
    assert plate_memo(save)["withheld"] == []
    assert import_file(tmp_path / "carn.json", ImportRequest()).game == game


def test_a_version_1_save_still_reads_whole(tmp_path):
    """Saves written before the Memo's version 2 carry the whole game and no
    ``withheld``: they read as they did."""
    game = hidden_game()
    save = export(game, tmp_path / "carn.json")
    plate = next(o for o in save["ObjectStates"] if o.get("GMNotes") == PLATE_NOTE)
    plate["Memo"] = json.dumps({"format": MEMO_FORMAT, "version": 1, "game": game_to_json(game)})
    (tmp_path / "old.json").write_text(json.dumps(save), encoding="utf-8")
    assert import_file(tmp_path / "old.json", ImportRequest()).game == game


@pytest.mark.parametrize(
    ("withheld", "path"),
    [("obj-relic", "ObjectStates[1].Memo.withheld"), ([3], "ObjectStates[1].Memo.withheld[0]")],
)
def test_a_withheld_that_is_not_a_list_of_ids_is_refused_by_its_path(tmp_path, withheld, path):
    save = export(hidden_game(), tmp_path / "carn.json")
    plate = save["ObjectStates"][1]
    memo = json.loads(plate["Memo"])
    memo["withheld"] = withheld
    plate["Memo"] = json.dumps(memo)
    with pytest.raises(FileFormatError) as caught:
        read_save(json.dumps(save).encode())
    assert caught.value.path == path


def test_the_commands_say_what_was_left_out_and_read_the_save_back_into_the_game(
    tmp_path, capsys, qapp
):
    from tabletop_gui.cli import main
    from tabletop_gui.io import load_game
    from tabletop_gui.io.game_file import save_game

    game = hidden_game()
    save_game(game, tmp_path / "carn.json")
    out = tmp_path / "tts" / "Carn.json"
    out.parent.mkdir()
    assert main(["export", str(tmp_path / "carn.json"), "--tts", "-o", str(out)]) == 0
    printed = capsys.readouterr().out
    said = "3 values still face down (Sunken Relic, New Idol, Lost Coin) left out of the save"
    assert said in printed
    assert f"--into {tmp_path / 'carn.json'}" in printed
    raw = out.read_text(encoding="utf-8")
    assert not re.search(rf"(?<!\d)({RELIC}|{CHANGED}|{PLACED}|{GONE})(?!\d)", raw)
    assert main(["import", str(out), "-o", str(tmp_path / "alone.json")]) != 0
    assert "--into GAME.json" in capsys.readouterr().err
    back = tmp_path / "back.json"
    args = ["import", str(out), "--into", str(tmp_path / "carn.json"), "-o", str(back)]
    assert main(args) == 0
    assert load_game(back) == game
