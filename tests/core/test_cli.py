"""The command line: validate, score (text and JSON, --at), clear errors and exit codes."""

import json

import pytest

from tabletop_gui.cli import main
from tabletop_gui.examples import DEMO_BOARD
from tabletop_gui.io import load_game


def test_validate_ok(capsys):
    assert main(["validate", str(DEMO_BOARD)]) == 0
    assert "OK" in capsys.readouterr().out


def test_score_prints_hold_the_ground_standing(capsys):
    assert main(["score", str(DEMO_BOARD)]) == 0
    out = capsys.readouterr().out
    assert "Hold the Ground" in out
    assert "within 6 in of the centre" in out


def test_score_json_reports_objectives_and_clock(capsys):
    assert main(["score", str(DEMO_BOARD), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    events = len(load_game(DEMO_BOARD).events)
    assert data["events"] == events and data["at"] == events
    htg = next(o for o in data["objectives"] if o["kind"] == "t9a.hold_the_ground")
    assert set(htg) >= {"name", "status", "leader", "counts", "counting", "reason", "highlights"}
    assert data["sides"][0]["colour"].startswith("#")


def test_score_at_zero_is_the_setup(capsys):
    assert main(["score", str(DEMO_BOARD), "--json", "--at", "0"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["at"] == 0 and data["clock"]["turn"] == 0


def test_score_at_beyond_the_log_is_refused(capsys):
    assert main(["score", str(DEMO_BOARD), "--at", "9999"]) == 2
    assert "--at 9999: the log has" in capsys.readouterr().err


def test_bad_file_exits_non_zero_naming_the_place(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text(
        '{"version": 1, "family": "t9a", "sides": [{"id": "a", "name": "A", "colour": "blue"}]}'
    )
    assert main(["score", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "sides[0].colour" in err and "bad.json" in err


@pytest.mark.parametrize("command", ["validate", "score"])
def test_missing_file_exits_2(command, tmp_path, capsys):
    assert main([command, str(tmp_path / "none.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_validate_counts_the_units_the_log_places(tmp_path, capsys):
    # File ▸ Import army list places its units by events: a game saved then
    # validated said "0 units" when its setup had none.
    data = json.loads(DEMO_BOARD.read_text(encoding="utf-8"))
    setup_units = len(data["units"])
    unit = {"id": "archers", "name": "Archers", "side": data["sides"][0]["id"], "x": 10, "y": 4}
    data["events"].append({"type": "add_piece", "unit": unit})
    game = tmp_path / "game.json"
    game.write_text(json.dumps(data), encoding="utf-8")
    assert main(["validate", str(game)]) == 0
    out = capsys.readouterr().out
    n = len(data["events"])
    assert f": OK (t9a, {setup_units + 1} units ({setup_units} in the setup), {n} events)" in out
    assert main(["validate", str(DEMO_BOARD)]) == 0
    assert f"OK (t9a, {setup_units} units, " in capsys.readouterr().out


@pytest.mark.parametrize("command", ["validate", "score", "import"])
def test_a_number_of_5000_digits_in_a_game_file_is_named_not_a_python_crash(
    command, tmp_path, capsys
):
    # Python refuses to read a whole number past 4,300 digits (ValueError); the
    # file's check for what another program wrote read it so, past the loader.
    bad = tmp_path / "big.json"
    bad.write_text('{"format": "tabletop-gui", "version": ' + "9" * 5000 + ', "family": "t9a"}')
    args = {
        "validate": ["validate", str(bad)],
        "score": ["score", str(bad)],
        "import": ["import", str(DEMO_BOARD), "--into", str(bad), "-o", str(tmp_path / "o.json")],
    }[command]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "big.json: version: this program reads versions 1 and 2, got a number of 5,000" in err
    assert not (tmp_path / "o.json").exists()
