"""Placement (at least 4 in from Deployment Zones and other objectives), the
player/referee views of Hidden values, the board preset, and the bundled game."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from carnevale_helpers import R30, A, B, activation, char, east_of, in_round, obj, play, start

from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game, loads, save_game
from tabletop_gui.io.game_file import dumps
from tabletop_gui.model.events import MovePiece
from tabletop_gui.model.game import Game
from tabletop_gui.rules.carnevale.events import (
    ActivationEnd,
    ActivationStart,
    DestroyObjective,
    LifePointsLost,
    PickUpObjective,
    RevealObjective,
)
from tabletop_gui.rules.carnevale.presets import character, new_carnevale_setup
from tabletop_gui.rules.engine import evaluate, replay
from tabletop_gui.rules.scoreboard import PieceMark, Role

BUNDLED = SCENARIOS / "carnevale_drowned_quarter.json"


def placement_marks(result):
    return [
        h for h in result.highlights if isinstance(h, PieceMark) and h.role is Role.PLACEMENT_ERROR
    ]


def _leaves(data):
    if isinstance(data, dict):
        for v in data.values():
            yield from _leaves(v)
    elif isinstance(data, list | tuple):
        for v in data:
            yield from _leaves(v)
    else:
        yield data


# -- placement --------------------------------------------------------------------


def test_objective_3_99_in_from_a_deployment_zone_is_reported():
    # Default zones: y <= 6 and y >= 30; the marker edge 3.99 in above y = 6.
    state = start([], [obj("o", 18, 6 + 3.99 + R30)], zones=True)
    r = evaluate(state).result("o")
    assert any("from Gang A deployment" in p for p in r.problems)
    assert [m.piece_id for m in placement_marks(r)] == ["o"]
    assert r.details["placement_ok"] is False


def test_objective_exactly_4_in_from_a_deployment_zone_is_fine():
    state = start([], [obj("o", 18, 6 + 4.0 + R30)], zones=True)
    r = evaluate(state).result("o")
    assert r.problems == () and placement_marks(r) == []


def test_two_objectives_3_5_in_apart_are_both_reported():
    state = start([], [obj("o1", 10, 18), obj("o2", 10 + 2 * R30 + 3.5, 18)])
    board = evaluate(state)
    for oid in ("o1", "o2"):
        assert any("from each other" in p for p in board.result(oid).problems)


def test_objectives_4_in_apart_edge_to_edge_are_fine():
    state = start([], [obj("o1", 10, 18), obj("o2", 10 + 2 * R30 + 4.0, 18)])
    assert all(r.problems == () for r in evaluate(state).results)


def test_spacing_between_objectives_is_measured_in_3d():
    # 3 in apart in plan but one is 3 in up on a roof: 4.24 in apart.
    state = start([], [obj("o1", 10, 18), obj("o2", 10 + 2 * R30 + 3.0, 18, elevation=3.0)])
    assert all(r.problems == () for r in evaluate(state).results)


def test_a_dropped_objective_is_not_reported_against_its_placement():
    # Placed well apart; the chest is later dropped right next to the other objective.
    c = char("c", A, *east_of(18, 18, 0, R30))
    state = in_round(start([c], [obj("o", 18, 18, rules=["mobile"]), obj("p", 24, 18)]))
    state = play(state, *activation("c"), PickUpObjective("c", "o"), MovePiece("c", 22.5, 18))
    state = play(state, LifePointsLost("c", 3))
    assert all(r.problems == () for r in evaluate(state).results)


def test_a_destroyed_objective_drops_its_placement_warning_and_no_neighbour_is_measured_to_it():
    # o1 and o2 2 in apart (docs/carnevale.md, Placement): both reported while in play;
    # once o1 is destroyed it is out of the game for good, so neither warning matters.
    c = char("c", A, *east_of(10, 18, 0, R30))
    state = in_round(start([c], [obj("o1", 10, 18, rules=["destructible"]), obj("o2", 5, 18)]))
    state = play(state, ActivationStart("c"))
    board = evaluate(state)
    assert all(any("from each other" in p for p in board.result(o).problems) for o in ("o1", "o2"))
    state = play(state, DestroyObjective("c", "o1"), ActivationEnd("c"))
    board = evaluate(state)
    for oid in ("o1", "o2"):
        r = board.result(oid)
        assert r.problems == () and placement_marks(r) == []
        assert r.details["placement_ok"] is True


def test_an_objective_near_a_destroyed_one_is_still_reported_against_a_deployment_zone():
    # o2 3 in from Gang A's zone (y <= 6) breaks the rule whatever happens to o1.
    c = char("c", A, *east_of(10, 12, 0, R30))
    o2 = obj("o2", 8, 6 + 3 + R30)
    state = in_round(start([c], [obj("o1", 10, 12, rules=["destructible"]), o2], zones=True))
    state = play(state, *activation("c", DestroyObjective("c", "o1")))
    problems = evaluate(state).result("o2").problems
    assert [p for p in problems if "from Gang A deployment" in p]
    assert not [p for p in problems if "from each other" in p]


# -- player and referee views ---------------------------------------------------------


def test_player_view_hides_an_unrevealed_value_the_referee_view_shows_it():
    c = char("c", A, *east_of(18, 18, 1.0, R30))
    state = start([c], [obj("o", 18, 18, value=7, rules=["hidden"])])
    referee = evaluate(state).result("o")
    assert referee.details["value"] == 7 and referee.points == {A: 7.0}
    for side in (A, B):
        board = evaluate(state, viewer=side)
        player = board.result("o")
        assert player.details["value"] == "?"
        assert player.points == {}
        assert player.leader == A  # who holds it is on the table for all to see
        assert "7" not in player.reason and "?" in player.reason
        assert "?" in board.summary
        assert board.totals == {A: 0.0, B: 0.0}
        assert 7 not in list(_leaves(player.to_json()))


def test_player_view_shows_the_value_once_revealed():
    c = char("c", A, *east_of(18, 18, 0.0, R30))
    state = in_round(start([c], [obj("o", 18, 18, value=3, rules=["hidden"])]))
    state = play(state, *activation("c"), RevealObjective("c", "o"))
    player = evaluate(state, viewer=B).result("o")
    assert player.details["value"] == 3 and player.points == {A: 3.0}


# -- preset -------------------------------------------------------------------------


def test_preset_board_is_36_by_36_with_two_deployment_zones_and_editable_size():
    setup = new_carnevale_setup()
    assert setup.family == "carnevale"
    assert (setup.scene.board.width, setup.scene.board.height) == (36, 36)
    assert len(setup.scene.zones) == 2 and len(setup.scene.sides) == 2
    assert new_carnevale_setup(48, 30).scene.board.extent == (48, 30)


def test_preset_refuses_a_base_size_carnevale_does_not_use():
    with pytest.raises(ValueError, match="base_mm"):
        character("x", "X", "gang-a", 1, 1, base_mm=32)


# -- files and the bundled game -------------------------------------------------------


def test_a_game_with_every_carnevale_event_survives_a_save_and_load(tmp_path):
    game = load_game(BUNDLED)
    path = tmp_path / "copy.json"
    save_game(game, path)
    again = load_game(path)
    assert again.events == game.events
    assert dumps(again) == dumps(game)


def test_a_refused_action_in_a_file_is_reported_with_the_event_and_the_reason():
    data = json.loads(BUNDLED.read_text())
    i = next(i for i, e in enumerate(data["events"]) if e["type"] == "carnevale.pick_up")
    data["events"][i]["marker"] = "obj-mask"
    from tabletop_gui.io import FileFormatError

    with pytest.raises(FileFormatError, match=rf"events\[{i}\].*does not have the Mobile rule"):
        loads(json.dumps(data))


def test_bundled_game_standing_read_as_a_referee():
    game = load_game(BUNDLED)
    state = replay(game.setup, game.events)
    board = evaluate(state)
    rules = set().union(*(m.rules for m in state.scene.markers.values()))
    assert {"hidden", "mobile", "claimable", "destructible"} <= rules
    assert len({u.elevation for u in state.scene.units.values()}) >= 3
    states = {r.objective_id: r.details["state"] for r in board.results}
    assert states == {
        "obj-mask": "in play",
        "obj-chest": "carried",
        "obj-shrine": "claimed",
        "obj-relic": "in play",
        "obj-cache": "destroyed",
        "obj-bell": "in play",
    }
    # Mask (revealed, 3) to the Capo; Bell (1) to the Runner, the Mindless Thrall ignored;
    # Shrine (claimed, 3) and Relic (hidden, 2) to the Rashaar; chest carried; cache gone.
    assert board.totals == {"guild": 4.0, "rashaar": 5.0}
    assert board.result("obj-chest").details["carried_by"] == "g-bravo"
    assert board.result("obj-relic").details["hidden"] is True


def test_cli_score_json_reports_every_objective_state_and_hides_values_from_a_player():
    cmd = [sys.executable, "-m", "tabletop_gui", "score", str(BUNDLED), "--json"]
    out = json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)
    assert out["view"] == "referee"
    for o in out["objectives"]:
        for key in ("state", "in_play", "carried_by", "claimed_by", "destroyed", "hidden"):
            assert key in o["details"]
    relic = next(o for o in out["objectives"] if o["objective_id"] == "obj-relic")
    assert relic["details"]["value"] == 2
    out = json.loads(
        subprocess.run([*cmd, "--view", "guild"], capture_output=True, text=True, check=True).stdout
    )
    relic = next(o for o in out["objectives"] if o["objective_id"] == "obj-relic")
    assert relic["details"]["value"] == "?"
    assert out["totals"] == {"guild": 4.0, "rashaar": 3.0}


def test_game_copy_with_the_log_cut_short_scores_the_earlier_moment():
    game = load_game(BUNDLED)
    first = Game(game.setup, game.events[:1])
    board = evaluate(replay(first.setup, first.events))
    assert board.totals == {"guild": 0.0, "rashaar": 0.0}


def test_a_bad_setting_is_named_in_the_summary_and_its_default_applies():
    c = char("c", A, *east_of(18, 18, 1.0, R30))
    state = start([c], [obj("o", 18, 18)], settings={"carried_scoring": "sometimes", "rounds": "x"})
    board = evaluate(state)
    assert "settings.carried_scoring: 'sometimes' is not one of" in board.summary
    assert "settings.rounds: expected a whole number >= 1" in board.summary
    assert board.result("o").leader == A


def test_a_setting_given_a_list_or_an_object_is_named_in_the_summary_not_a_crash():
    c = char("c", A, *east_of(18, 18, 1.0, R30))
    state = start([c], [obj("o", 18, 18)],
                  settings={"carried_scoring": ["carrier"], "drop_counting": {"x": 1}})  # fmt: skip
    board = evaluate(state)
    assert "settings.carried_scoring: ['carrier'] is not one of" in board.summary
    assert "settings.drop_counting: {'x': 1} is not one of" in board.summary
    assert board.result("o").leader == A
