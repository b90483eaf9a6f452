"""`validate` on hostile and big files: nesting deeper than the loader reads is
refused by its path (never a RecursionError), repeated problems are grouped into
one line, and `validate` and `score` read the file once and replay its log once
(docs/file-format.md, "Checking a file")."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tabletop_gui.cli import main
from tabletop_gui.io import FileFormatError, loads
from tabletop_gui.io.file_problems import problems_of
from tabletop_gui.model.events.core import MovePiece


def game(units: list[dict[str, Any]], **more: Any) -> dict[str, Any]:
    return {
        "format": "tabletop-gui", "version": 1, "family": "t9a",
        "board": {"kind": "inch", "width": 72, "height": 48},
        "sides": [{"id": "a", "name": "Equitaine"}, {"id": "b", "name": "Orcs"}],
        "units": units, **more,
    }  # fmt: skip


def unit(i: int, side: str = "a") -> dict[str, Any]:
    return {"id": f"u{i}", "name": f"Unit {i}", "side": side, "x": 1 + i % 70,
            "y": 1 + (i // 70) % 46, "base_width_mm": 20, "base_depth_mm": 20}  # fmt: skip


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def deep_file(where: str, depth: int) -> str:
    """A small game whose name, a param or a setting nests ``depth`` levels."""
    marker = '"@deep@"'
    data = game([unit(0), unit(1, "b")], objectives=[])
    if where == "name":
        data["name"] = "@deep@"
    elif where == "param":
        data["objectives"] = [{"id": "h", "kind": "t9a.hold_the_ground",
                               "params": {"radius": "@deep@"}}]  # fmt: skip
    else:
        data["settings"] = {"game_turns": "@deep@"}
    return json.dumps(data).replace(marker, nested(depth))


@pytest.mark.parametrize("where", ["name", "param", "setting"])
@pytest.mark.parametrize("depth", [600, 900])
def test_deep_nesting_is_refused_by_its_path_not_a_recursion_error(tmp_path, capsys, where, depth):
    path = tmp_path / "deep.json"
    path.write_text(deep_file(where, depth))
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "RecursionError" not in err
    wanted = {"name": "name", "param": "objectives[0].params.radius",
              "setting": "settings.game_turns"}[where]  # fmt: skip
    assert f"{path}: {wanted}: nested more than 32 levels deep" in err
    # score refuses the same file as cleanly.
    assert main(["score", str(path)]) == 2


def test_deep_nesting_under_the_recursion_limit_of_the_parser_itself(capsys):
    # Close to the interpreter's limit: the parser's own RecursionError is a refusal too.
    depth = sys.getrecursionlimit() - 5
    report = problems_of(deep_file("name", depth))
    assert [p.path for p in report.problems] in (["name"], ["(file)"])
    assert "nested more than 32 levels deep" in report.problems[0].problem


def test_thousands_of_units_with_one_problem_are_one_grouped_line(tmp_path, capsys):
    units = [unit(i, "a" if i < 12 else "x") for i in range(5000)]
    path = tmp_path / "many.json"
    path.write_text(json.dumps(game(units)))
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0] == f"{path}: 4,988 problems"
    assert err[1] == (
        f"error: {path}: units[12..4999].side: unknown side 'x' (sides: ['a', 'b']) (4,988 units)"
    )
    assert len(err) == 2


def test_problems_that_differ_or_break_the_run_are_kept_apart():
    units = [unit(i) for i in range(10)]
    for i in (2, 3, 4, 7):
        units[i]["side"] = "x"
    units[5]["x"] = "left"
    report = problems_of(json.dumps(game(units)))
    assert [str(g) for g in report.grouped()] == [
        "units[5].x: expected a number, got 'left'",  # found reading the unit
        "units[2..4, 7].side: unknown side 'x' (sides: ['a', 'b']) (4 units)",
    ]
    assert len(report.problems) == 5


def test_a_log_of_many_flagged_events_prints_each_flag_once_with_its_events(tmp_path, capsys):
    # An Orc unit moved in Equitaine's turn, 3,000 times over: one flag line.
    events = [{"type": "turn_start", "turn": 1, "side": "a"}]
    events += [{"type": "move", "piece_id": "u1", "x": 10 + i % 2, "y": 10} for i in range(3000)]
    path = tmp_path / "flags.json"
    path.write_text(json.dumps(game([unit(0), unit(1, "b")], events=events)))
    assert main(["validate", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == "3,000 events flagged for review:"
    # The file's list counts from 0, the window's game log from 1: both are said.
    assert out[2].startswith(
        "  events[1..3000] (game log 2..3001): Unit 1 (Orcs) moved in Equitaine's turn"
    )
    assert out[2].endswith("(3,000 events)")
    assert len(out) == 3


@pytest.fixture
def counted(monkeypatch):
    """How often a path was opened (the interpreter's audit events) and how often
    a move of the log was applied (every replay applies each one)."""
    opened: Counter[str] = Counter()
    watching: list[bool] = [True]

    def hook(event: str, args: tuple[Any, ...]) -> None:
        if watching[0] and event == "open" and isinstance(args[0], str | Path):
            opened[str(args[0])] += 1

    sys.addaudithook(hook)
    moves = [0]
    real = MovePiece.apply

    def apply(self, state):  # type: ignore[no-untyped-def]
        moves[0] += 1
        return real(self, state)

    monkeypatch.setattr(MovePiece, "apply", apply)
    yield opened, moves
    watching[0] = False


def logged_game(tmp_path: Path, moves: int = 40) -> Path:
    events = [{"type": "turn_start", "turn": 1, "side": "a"}]
    events += [{"type": "move", "piece_id": "u0", "x": 10 + i % 2, "y": 10} for i in range(moves)]
    path = tmp_path / "logged.json"
    path.write_text(json.dumps(game([unit(0), unit(1, "b")], events=events)))
    return path


COMMANDS = [["validate"], ["score"], ["score", "--json"], ["score", "--at", "20"],
            ["score", "--view", "b"]]  # fmt: skip


@pytest.mark.parametrize("args", COMMANDS)
def test_validate_and_score_read_the_file_once_and_replay_the_log_once(
    tmp_path, capsys, counted, args
):
    opened, moves = counted
    path = logged_game(tmp_path)
    opened.clear()  # its writing
    assert main([args[0], str(path), *args[1:]]) == 0
    assert opened[str(path)] == 1
    assert moves[0] == 40


def test_score_at_a_moment_before_a_refusal_replays_once(tmp_path, capsys, counted):
    opened, moves = counted
    path = logged_game(tmp_path)
    data = json.loads(path.read_text())
    data["events"].append({"type": "game_end"})
    data["events"].append({"type": "move", "piece_id": "u0", "x": 30, "y": 10})
    path.write_text(json.dumps(data))
    opened.clear()
    assert main(["score", str(path), "--at", "30", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["at"] == 30
    assert opened[str(path)] == 1
    assert moves[0] == 40  # up to the refusal, once


def test_an_object_of_many_unknown_keys_is_one_pass_and_a_few_lines(tmp_path, capsys):
    # 20,000 unknown keys on one unit (each set aside in turn, the unit copied
    # each time, took 20 s and 5 GB) and 50,000 at the top of the file.
    units = [unit(0), unit(1, "b")]
    units[0].update({f"k{i}": i for i in range(20_000)})
    data = game(units, **{f"t{i}": i for i in range(50_000)})
    path = tmp_path / "keys.json"
    path.write_text(json.dumps(data))
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0] == f"{path}: 12 problems"
    assert f"error: {path}: units[0]: 19,995 more unknown fields" in err
    assert f"error: {path}: (file): 49,995 more unknown fields" in err
    assert sum("unknown field (known:" in line for line in err) == 10
    assert len(err) == 13


def test_the_loader_names_the_first_unknown_key_as_before():
    data = game([unit(0), unit(1, "b")], colour=3, shade=4)
    with pytest.raises(FileFormatError) as err:
        loads(json.dumps(data))
    assert err.value.path == "colour" and err.value.problem.startswith("unknown field")
