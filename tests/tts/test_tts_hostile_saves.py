"""Saves made to break the reader are refused by name, as every other file is
(``FileFormatError``: the JSON path and the problem), before anything is
written: too large, nested too deep, too many objects, values of the wrong
type, positions that are not finite numbers, a game on the plate that does not
read."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tabletop_gui.cli import main
from tabletop_gui.io import FileFormatError
from tabletop_gui.io.importers import ImportRequest, import_bytes
from tabletop_gui.io.tts import read
from tabletop_gui.io.tts.read import read_save
from tests.tts.tts_games import battle, export


def piece(**transform: Any) -> dict[str, Any]:
    t = {"posX": 1.0, "posY": 1.0, "posZ": 1.0, "rotX": 0, "rotY": 0, "rotZ": 0}
    t.update(transform)
    return {"Name": "BlockSquare", "Nickname": "Knights", "Transform": t}


def refused(data: bytes | str) -> FileFormatError:
    raw = data.encode() if isinstance(data, str) else data
    with pytest.raises(FileFormatError) as err:
        import_bytes(raw, ImportRequest(source="bad.json", into=battle()))
    return err.value


def save_with(*objects: Any) -> str:
    return json.dumps({"SaveName": "x", "ObjectStates": list(objects)})


def test_a_save_larger_than_the_limit_is_refused_unread():
    data = b'{"ObjectStates": []' + b" " * (read.MAX_SAVE_BYTES + 1) + b"}"
    err = refused(data)
    assert (err.path, err.problem) == ("(file)", "larger than 64 MiB: not an import")


def test_a_save_nested_past_what_json_can_read_is_refused():
    deep = '{"ObjectStates": ' + "[" * 200_000 + "]" * 200_000 + "}"
    err = refused(deep)
    assert (err.path, err.problem) == ("(file)", "nested more than 64 levels deep")


def test_bags_nested_past_the_limit_are_refused_naming_where():
    inner: dict[str, Any] = piece()
    for _ in range(40):  # each bag in a bag is two levels
        inner = {**piece(), "Name": "Bag", "ContainedObjects": [inner]}
    err = refused(save_with(inner))
    assert err.path.startswith("ObjectStates[0].ContainedObjects[0].ContainedObjects[0]")
    assert err.problem == "nested more than 64 levels deep"


def test_more_objects_than_the_limit_are_refused(monkeypatch):
    monkeypatch.setattr(read, "MAX_OBJECTS", 100)
    bag = {**piece(), "Name": "Bag", "ContainedObjects": [piece() for _ in range(100)]}
    err = refused(save_with(bag))
    assert err.path == "ObjectStates"
    assert err.problem == "101 objects (with those in bags and decks), more than the limit of 100"


@pytest.mark.parametrize(
    ("literal", "shown"),
    [("NaN", "nan"), ("Infinity", "inf"), ("-Infinity", "-inf")],
)
def test_a_position_that_is_not_a_finite_number_is_refused_by_its_path(literal, shown):
    text = save_with(piece(), piece(posZ=123456.0)).replace("123456.0", literal)
    err = refused(text)
    assert err.path == "ObjectStates[1].Transform.posZ"
    assert err.problem == f"not a finite number ({shown})"


def test_a_huge_number_is_refused_by_its_path():
    err = refused(save_with(piece(rotY=1.0)).replace('"rotY": 1.0', '"rotY": 1e400'))
    assert err.path == "ObjectStates[0].Transform.rotY"
    assert err.problem.startswith("must be <= 1,000,000,000")


@pytest.mark.parametrize(
    ("objects", "path", "problem"),
    [
        ([piece(posX="3")], "Transform.posX", "expected a number, got text"),
        ([piece(posX=True)], "Transform.posX", "expected a number, got true or false"),
        ([{**piece(), "Transform": [1, 2, 3]}], "Transform", "expected an object, got a list"),
        ([{"Name": "BlockSquare"}], "Transform", "missing"),
        ([{**piece(), "Nickname": 5}], "Nickname", "expected text, got a number"),
        ([{**piece(), "Description": {"a": 1}}], "Description", "expected text, got an object"),
        ([{**piece(), "ContainedObjects": "bag"}], "ContainedObjects", "expected a list, got text"),
        (["Knights"], "", "expected an object, got text"),
    ],
)
def test_a_value_of_the_wrong_type_is_refused_by_its_path(objects, path, problem):
    err = refused(save_with(*objects))
    assert (err.path, err.problem) == ("ObjectStates[0]" + (f".{path}" if path else ""), problem)


def test_object_states_that_are_not_a_list_are_refused():
    err = refused('{"SaveName": "x", "ObjectStates": {"0": {}}}')
    assert (err.path, err.problem) == ("ObjectStates", "expected a list of objects (a TTS save)")


def test_a_name_longer_than_any_text_is_refused():
    err = refused(save_with({**piece(), "Nickname": "K" * 10_001}))
    assert err.path == "ObjectStates[0].Nickname"
    assert err.problem == "text of 10,001 characters is longer than the limit of 10,000"


def test_a_save_that_is_not_json_names_the_line_and_column():
    err = refused('{"ObjectStates": [\n  {"Name": }\n]}')
    assert err.path == "line 2, column 12"
    assert err.problem.startswith("not valid JSON")


def test_a_game_on_the_plate_that_does_not_read_is_refused_by_its_path(tmp_path):
    save = export(battle(), tmp_path / "battle.json")
    plate = save["ObjectStates"][1]
    memo = json.loads(plate["Memo"])
    memo["game"]["units"][0]["base_width_mm"] = -5
    plate["Memo"] = json.dumps(memo)
    with pytest.raises(FileFormatError) as err:
        read_save(json.dumps(save).encode(), "battle.json")
    assert err.value.path == "ObjectStates[1].Memo.game.units[0].base_width_mm"
    assert err.value.problem == "must be > 0, got -5.0"  # as a game file says it
    assert str(err.value).startswith("battle.json: ")


def test_the_import_command_refuses_a_hostile_save_and_writes_nothing(tmp_path, capsys):
    bad, out = tmp_path / "bad.json", tmp_path / "out.json"
    bad.write_text(save_with(piece()).replace('"posX": 1.0', '"posX": NaN'), encoding="utf-8")
    game = tmp_path / "game.json"
    export(battle(), tmp_path / "battle.json")  # a save of ours gives a game file to import into
    assert main(["import", str(tmp_path / "battle.json"), "-o", str(game)]) == 0
    capsys.readouterr()
    assert main(["import", str(bad), "--into", str(game), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.strip() == f"error: {bad}: ObjectStates[0].Transform.posX: not a finite number (nan)"
    assert not out.exists()
