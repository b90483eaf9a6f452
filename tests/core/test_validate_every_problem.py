"""`validate` names every problem of a file, each with its JSON path (not only
the first), and the log is read up to its first refusal: `score --at N` looks at
the moments before it."""

from __future__ import annotations

import json

from tabletop_gui.cli import main
from tabletop_gui.io.file_problems import problems_of

BROKEN = {
    "format": "tabletop-gui", "version": 1, "family": "t9a", "colour": 3,
    "board": {"kind": "inch", "width": 72, "height": 48},
    "sides": [{"id": "a", "name": "Equitaine"}, {"id": "b", "name": "Orcs"}],
    "settings": {"game_turnz": 6},
    "units": [
        {"id": "u1", "name": "Knights", "side": "a", "x": 10, "y": 5, "base_width_mm": 0},
        {"id": "u2", "name": "Boyz", "side": "c", "x": 20, "y": 40},
        {"id": "u3", "name": "Wolves", "side": "b", "x": 30, "y": "far"},
        {"id": "u4", "name": "Archers", "side": "a", "x": 40, "y": 6},
    ],
    "objectives": [{"id": "hold", "kind": "t9a.hold_the_ground"}],
    "events": [
        {"type": "turn_start", "turn": 1},
        {"type": "move", "piece_id": "u4", "x": 41, "y": 8},
        {"type": "bogus"},
        {"type": "game_end"},
        {"type": "move", "piece_id": "u4", "x": 45, "y": 8},
    ],
}  # fmt: skip


def test_every_problem_is_named_by_its_path_in_the_files_own_numbering():
    report = problems_of(json.dumps(BROKEN))
    found = {p.path: p.problem for p in report.problems}
    assert set(found) == {
        "colour", "units[0].base_width_mm", "units[1].side", "units[2].y",
        "settings.game_turnz", "events[2].type", "events[4]",
    }  # fmt: skip
    assert "must be > 0" in found["units[0].base_width_mm"]
    assert "unknown side 'c'" in found["units[1].side"]
    assert "did you mean 'game_turns'" in found["settings.game_turnz"]
    # events[2] was set aside, yet the refusal keeps the file's index 4.
    assert found["events[4]"].startswith("The game is over")
    assert report.refusal is not None and report.refusal.index == 4


def test_validate_prints_each_problem_and_exits_2(tmp_path, capsys):
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(BROKEN))
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert "7 problems" in err
    assert f"{path}: units[2].y: expected a number" in err
    assert f"{path}: events[2].type: unknown event type 'bogus'" in err


def test_a_file_that_reads_validates_ok_and_lists_flagged_events(tmp_path, capsys):
    data = {**BROKEN, "settings": {}, "units": [BROKEN["units"][3], {
        "id": "u5", "name": "Boyz", "side": "b", "x": 40.5, "y": 8}]}  # fmt: skip
    data.pop("colour")
    data["events"] = [BROKEN["events"][0], {"type": "turn_start", "turn": 1, "side": "b"},
                      {"type": "move", "piece_id": "u4", "x": 41, "y": 8}]  # fmt: skip
    path = tmp_path / "ok.json"
    path.write_text(json.dumps(data))
    assert main(["validate", str(path)]) == 0
    out = capsys.readouterr().out
    assert "OK (t9a, 2 units, 3 events)" in out
    # The third event: events[2] in the file's list, row 3 of the window's game log.
    assert "events[2] (game log 3): Archers (Equitaine) moved in Orcs' turn" in out
    assert "events[2] (game log 3): Archers' base overlaps Boyz" in out


def refused_file(tmp_path):
    data = {k: v for k, v in BROKEN.items() if k != "colour"}
    data["settings"] = {}
    data["units"] = [BROKEN["units"][3]]
    data["events"] = [e for e in BROKEN["events"] if e["type"] != "bogus"]
    path = tmp_path / "refused.json"
    path.write_text(json.dumps(data))
    return path  # events[3], a move after game_end, is refused


def test_score_at_the_event_before_the_first_refusal_reads_the_file(tmp_path, capsys):
    path = refused_file(tmp_path)
    assert main(["score", str(path), "--at", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["at"] == 3 and data["clock"]["over"] is True


def test_score_past_the_first_refusal_names_it_and_the_last_moment_to_look_at(tmp_path, capsys):
    path = refused_file(tmp_path)
    assert main(["score", str(path)]) == 2
    err = capsys.readouterr().err
    assert "events[3]: The game is over" in err and "--at 3 or less" in err
    assert main(["score", str(path), "--at", "4"]) == 2


def test_validate_offers_score_at_the_refusal_only_where_that_command_reads(tmp_path, capsys):
    path = refused_file(tmp_path)
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert "score --at 3 shows the moment before it" in err
    # events[3] counts from 0; the window's game log numbers that event 4.
    assert "(events[3], row 4 of the window's game log)" in err
    assert main(["score", str(path), "--at", "3"]) == 0  # as offered
    capsys.readouterr()
    # A unit's wrong number stops `score` before the log: no --at is offered.
    data = json.loads(path.read_text())
    data["units"][0]["y"] = "far"
    path.write_text(json.dumps(data))
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert "units[0].y" in err and "score --at" not in err
    assert main(["score", str(path), "--at", "3"]) == 2


def test_bad_annotations_are_named_one_by_one_and_a_set_aside_piece_is_said_so():
    data = {k: v for k, v in BROKEN.items() if k not in ("colour", "settings")}
    data["units"] = [dict(BROKEN["units"][3], x="left")]
    data["events"] = [BROKEN["events"][0], BROKEN["events"][1]]  # moves u4
    data["annotations"] = {
        "rulers": [{"id": "r1", "start": [1, 2], "end": [3, 4], "start_piece": "ghost"}],
        "rings": [{"piece_id": "u4", "radius": -2}],
    }
    found = {p.path: p.problem for p in problems_of(json.dumps(data)).problems}
    assert set(found) == {
        "units[0].x", "annotations.rings[0].radius", "annotations.rulers[0].start_piece",
        "events[1]",
    }  # fmt: skip
    assert found["annotations.rulers[0].start_piece"] == "no piece 'ghost'"
    assert found["events[1]"].endswith("('u4' was set aside for a problem above)")


def test_a_misspelt_objective_kind_gets_the_nearest_of_its_familys_kinds(tmp_path, capsys):
    data = {k: v for k, v in BROKEN.items() if k not in ("colour", "settings", "events")}
    data["units"] = [BROKEN["units"][0] | {"base_width_mm": 25}]
    data["objectives"] = [{"id": "hold", "kind": "t9a.hold_teh_ground"}]
    path = tmp_path / "typo.json"
    path.write_text(json.dumps(data))
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert "objectives[0].kind: unknown objective kind 't9a.hold_teh_ground': " in err
    assert "did you mean 't9a.hold_the_ground'?" in err
    assert "(t9a's kinds: t9a.breakthrough, " in err
    assert "hex." not in err and "carnevale." not in err  # not the other families' kinds


def _with_settings(family: str, settings: dict) -> dict:
    sides = [{"id": "a", "name": "Alpha"}, {"id": "b", "name": "Bravo"}]
    if family == "hex":
        board = {"kind": "hex"}
        objectives = []
    elif family == "carnevale":
        board = {"kind": "inch", "width": 36, "height": 36}
        objectives = []
    else:
        board = {"kind": "inch", "width": 72, "height": 48}
        objectives = [{"id": "hold", "kind": "t9a.hold_the_ground"}]
    return {
        "format": "tabletop-gui", "version": 2, "family": family, "board": board,
        "sides": sides, "settings": settings, "objectives": objectives,
    }  # fmt: skip


def test_validate_names_each_setting_whose_value_is_not_used_because_its_default_applies(
    tmp_path, capsys
):
    """A wrong value is read as the setting's default (score's summary says so):
    validate, which checks a file, must say so too rather than a bare OK."""
    cases = {
        "t9a": ({"unit_spacing": "one", "sight_blockers": "everything", "game_turns": 0},
                ["settings.game_turns", "settings.unit_spacing", "settings.sight_blockers"]),
        "carnevale": ({"rounds": "six"}, ["settings.rounds"]),
        "hex": ({"one_unit_per_hex": "yes"}, ["settings.one_unit_per_hex"]),
    }  # fmt: skip
    for family, (settings, named) in cases.items():
        path = tmp_path / f"{family}.json"
        path.write_text(json.dumps(_with_settings(family, settings)), encoding="utf-8")
        assert main(["validate", str(path)]) == 0, family
        out = capsys.readouterr().out
        assert ": OK (" in out
        heading = f"{len(named)} setting{'' if len(named) == 1 else 's'} cannot be used"
        assert heading in out, (family, out)
        for name in named:
            assert f"  {name}: " in out, (family, name, out)


def test_validate_says_nothing_of_settings_whose_values_are_used(tmp_path, capsys):
    path = tmp_path / "good.json"
    path.write_text(json.dumps(_with_settings("t9a", {"unit_spacing": 0.5})), encoding="utf-8")
    assert main(["validate", str(path)]) == 0
    assert "cannot be used" not in capsys.readouterr().out


def test_an_event_with_a_wrong_field_is_named_once_not_again_as_refused_for_lacking_it():
    """The add_piece's unit is set aside for its wrong base: its replay then lacks
    a unit, which is that same problem, not a second one to fix."""
    game = {
        "format": "tabletop-gui", "version": 2, "family": "t9a",
        "board": {"kind": "inch", "width": 72, "height": 48},
        "sides": [{"id": "a", "name": "Alpha"}, {"id": "b", "name": "Bravo"}],
        "events": [{"type": "add_piece", "unit": {"id": "u1", "name": "Orcs", "side": "b",
                                                   "x": 30, "y": 40, "base_width_mm": "wide"}}],
    }  # fmt: skip
    report = problems_of(json.dumps(game))
    assert [(p.path, p.problem) for p in report.problems] == [
        ("events[0].unit.base_width_mm", "expected a number, got 'wide'")
    ]
    assert report.refusal is not None and report.refusal.index == 0


def test_an_event_refused_for_its_own_reason_is_named_beside_its_unknown_field():
    """Only a refusal that follows from a piece set aside is left unsaid: a move
    past the board's edge with a stray field is two problems to fix."""
    game = {
        "format": "tabletop-gui", "version": 2, "family": "t9a",
        "board": {"kind": "inch", "width": 72, "height": 48},
        "sides": [{"id": "a", "name": "Alpha"}, {"id": "b", "name": "Bravo"}],
        "units": [{"id": "k", "name": "Knights", "side": "a", "x": 30, "y": 30}],
        "events": [{"type": "move", "piece_id": "k", "x": 500, "y": 30, "bogus": 1}],
    }  # fmt: skip
    report = problems_of(json.dumps(game))
    paths = [p.path for p in report.problems]
    assert paths == ["events[0].bogus", "events[0]"]
    assert "past the right edge" in report.problems[1].problem
