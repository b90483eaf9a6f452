"""Every bundled Ninth Age scenario loads, replays and scores: one per Deployment
Type, every Secondary Objective shown at least once, each with the standing a
referee would read from the board."""

from __future__ import annotations

import json

import pytest

from tabletop_gui.cli import main
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import FileFormatError, load_game, loads
from tabletop_gui.rules import evaluate, replay
from tabletop_gui.rules.scoreboard import Status
from tabletop_gui.rules.t9a.deployments import DEPLOYMENT_TYPES

FILES = sorted(SCENARIOS.glob("t9a_*.json"))
EQ, ORC = "equitaine", "orcs"


def board_of(path):
    game = load_game(path)
    state = replay(game.setup, game.events)
    return game, state, evaluate(state)


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_bundled_scenario_scores_with_a_reason_and_no_placement_problem(path):
    game, state, board = board_of(path)
    assert game.setup.family == "t9a"
    assert game.setup.deployment in DEPLOYMENT_TYPES
    assert board.results and board.summary
    for r in board.results:
        assert r.reason and r.problems == ()
        assert set(r.counts) == set(state.scene.side_ids)


def test_the_bundle_covers_every_deployment_type_and_every_secondary_objective():
    deployments, kinds = set(), set()
    for path in FILES:
        game = load_game(path)
        deployments.add(game.setup.deployment)
        kinds |= {o.kind for o in game.setup.objectives}
    assert deployments == set(DEPLOYMENT_TYPES)
    assert kinds == {
        "t9a.hold_the_ground", "t9a.breakthrough", "t9a.spoils_of_war",
        "t9a.king_of_the_hill", "t9a.capture_the_flags", "t9a.secure_target",
    }  # fmt: skip


def test_each_scenario_has_a_sensible_pair_of_armies():
    for path in FILES:
        units = load_game(path).setup.scene.units.values()
        bases = {(u.base_width_mm, u.base_depth_mm) for u in units}
        assert {(20, 20), (25, 25), (25, 50), (50, 75)} <= bases, path.name
        assert {u.side for u in units} == {EQ, ORC}


@pytest.mark.parametrize(
    ("name", "status", "leader", "counts"),
    [
        ("t9a_dawn_assault_breakthrough.json", Status.WON, EQ, {EQ: 2, ORC: 1}),
        ("t9a_frontline_clash_secure_target.json", Status.LEADING, EQ, {EQ: 1, ORC: 0}),
        ("t9a_counterthrust_capture_the_flags.json", Status.LEADING, EQ, {EQ: 1, ORC: 2}),
        ("t9a_encircle_king_of_the_hill.json", Status.LEADING, EQ, {EQ: 1, ORC: 0}),
        ("t9a_refused_flank_spoils_of_war.json", Status.TIE, None, {EQ: 1, ORC: 1}),
        ("t9a_marching_columns_hold_the_ground.json", Status.LEADING, EQ, {EQ: 1, ORC: 0}),
    ],
)
def test_bundled_scenario_standing_is_what_the_board_shows(name, status, leader, counts):
    _, _, board = board_of(SCENARIOS / name)
    (r,) = board.results
    assert (r.status, r.leader, dict(r.counts)) == (status, leader, counts)


def test_spoils_scenario_shows_pick_ups_a_drop_and_the_cannot_march_flag():
    _, state, board = board_of(SCENARIOS / "t9a_refused_flank_spoils_of_war.json")
    r = board.results[0]
    assert len(r.details["pickups"]) == 3
    assert state.scene.markers["spoils-c"].on_table  # dropped after its carrier fell
    assert set(r.details["cannot_march"]) == {"a-knights", "b-wolves"}


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_cli_score_json_reports_every_objective_in_full(path, capsys):
    assert main(["score", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["family"] == "t9a" and data["summary"]
    for obj in data["objectives"]:
        for key in ("leader", "status", "counts", "counting", "reason", "highlights", "problems"):
            assert key in obj
        assert obj["reason"]


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_cli_score_text_prints_a_standing(path, capsys):
    assert main(["score", str(path)]) == 0
    out = capsys.readouterr().out
    assert "counts:" in out and ("As if the game ended now" in out or "Final" in out)


def _edited(name, edit):
    data = json.loads((SCENARIOS / name).read_text())
    edit(data)
    return json.dumps(data)


def _params(i, **params):
    return lambda d: d["objectives"][i].setdefault("params", {}).update(params)


@pytest.mark.parametrize(
    ("name", "edit", "where"),
    [
        ("t9a_frontline_clash_demo.json", _params(0, centre="x"), "centre"),
        ("t9a_frontline_clash_demo.json", _params(0, centre=[36]), "centre"),
        (
            "t9a_refused_flank_spoils_of_war.json",
            _params(0, line=[["a", 1], [2, 3]]),
            "line",
        ),
        ("t9a_frontline_clash_secure_target.json", _params(0, spacing=-5), "spacing"),
    ],
)
def test_a_bad_objective_param_in_a_file_is_a_file_format_error_naming_it(name, edit, where):
    with pytest.raises(FileFormatError, match=rf"objectives\[0\]\.params\.{where}"):
        loads(_edited(name, edit))


@pytest.mark.parametrize("bad", ["six", 0, 2.5, True])
def test_an_unusable_game_turns_setting_is_named_in_the_summary_and_6_turns_apply(bad):
    game = loads(
        _edited(
            "t9a_dawn_assault_breakthrough.json", lambda d: d["settings"].update(game_turns=bad)
        )
    )
    board = evaluate(replay(game.setup, game.events))
    assert f"settings.game_turns: expected a whole number >= 1, got {bad!r}" in board.summary
    assert board.summary.startswith("Final")  # the bundled log plays all 6 Game Turns
