"""A Tabletop Simulator save given where a game file is read (validate, score,
render, serve, export, import --into, File ▸ Open…) is named for what it is,
with how to import it (docs/tabletop-simulator.md, Bring a game played in TTS
back): a tester's validate said "7 problems: SaveName: unknown field ...
version: this program reads versions 1 and 2, got None"."""

from __future__ import annotations

import json

import pytest

from tabletop_gui.cli import main
from tabletop_gui.io import save_game
from tabletop_gui.io.file_problems import problems_of_file
from tests.tts.tts_games import battle, export

SAVE = {"SaveName": "Stream Night 1", "GameMode": "", "Date": "", "VersionNumber": "v13",
        "ObjectStates": [{"GUID": "a00001", "Name": "Custom_Model", "Nickname": "Knights",
                          "Transform": {"posX": 0.0, "posY": 1.0, "posZ": 0.0}}]}  # fmt: skip
ADVICE = "a Tabletop Simulator save, not a game file of this program: import it into the game"


@pytest.mark.parametrize("command", [["validate"], ["score"], ["render", "-o", "x.png"]])
def test_a_command_that_reads_a_game_names_a_save_and_how_to_import_it(
    tmp_path, capsys, monkeypatch, command
):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tts_t1.json").write_text(json.dumps(SAVE))
    assert main([command[0], "tts_t1.json", *command[1:]]) == 2
    err = capsys.readouterr().err
    assert ADVICE in err
    assert "tabletop-gui import tts_t1.json --into GAME.json -o NEW.json" in err
    assert "File ▸ Import…" in err
    assert "unknown field" not in err and "got None" not in err


def test_a_save_this_program_wrote_is_named_too_and_a_broken_game_file_is_not(tmp_path):
    export(battle(), tmp_path / "ours.json")
    report = problems_of_file(tmp_path / "ours.json")
    assert len(report.problems) == 1 and ADVICE in report.problems[0].problem
    broken = tmp_path / "game.json"
    save_game(battle(), broken)
    data = json.loads(broken.read_text())
    data["SaveName"] = "not a field"  # a game file with a stray field: its own problem
    broken.write_text(json.dumps(data))
    problems = problems_of_file(broken).problems
    assert [p.path for p in problems] == ["SaveName"]


def test_import_into_a_save_names_the_save(tmp_path, capsys):
    (tmp_path / "t1.json").write_text(json.dumps(SAVE))
    (tmp_path / "t2.json").write_text(json.dumps(SAVE))
    args = ["import", str(tmp_path / "t2.json"), "--into", str(tmp_path / "t1.json")]
    assert main([*args, "-o", str(tmp_path / "out.json")]) == 2
    assert ADVICE in capsys.readouterr().err


def test_table_names_a_tts_save_given_as_its_game(tmp_path, capsys):
    """`table SAVE PHOTO`, like every command that reads a game, says the file is
    a Tabletop Simulator save and how to import it (the review found `table`
    still printed "SaveName: unknown field …")."""
    save = tmp_path / "save.json"
    save.write_text(json.dumps({"SaveName": "A table", "ObjectStates": []}), encoding="utf-8")
    assert main(["table", str(save), str(tmp_path / "photo.png")]) == 2
    err = capsys.readouterr().err
    assert "Tabletop Simulator save" in err and "import" in err
    assert "unknown field" not in err
