"""A whole hex game: the bundled scenario replayed event by event, its totals and
instant win, undo, the file format and the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace

import pytest
from hexkit import BLUE, BOARD, RED, Play, setup, turn, unit

from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import FileFormatError, dumps, game_from_json, load_game, loads
from tabletop_gui.model.events import GameEnd, TurnEnd, UpdatePiece
from tabletop_gui.model.game import Game
from tabletop_gui.rules import RuleError, Timeline, evaluate, replay
from tabletop_gui.rules.hexbanners.events import Eliminate, HexMove

DEMO = SCENARIOS / "hex_hochkirch_ridge_demo.json"
P, A = "prussia", "austria"

# (Prussia, Austria) banners after each event of the demo's log, worked out by
# hand from the rules; the comment says what changes and why.
EXPECTED = [
    (0, 0),  # 1 Prussia's turn 1 starts: the right section holds the Croats, not clear
    (0, 0),  # 2 movement phase
    (0, 0),  # 3 card
    (0, 0),  # 4 Grenadiers onto the Ridge: a majority counts only at a turn start
    (0, 0),  # 5 Musketeers onto the Ridge (2 to 0)
    (0, 0),  # 6 Hussars onto Austria's baseline
    (0, 0),  # 7 Fusiliers forward
    (0, 0),  # 8 movement ends
    (1, 0),  # 9 Croats eliminated: +1 Prussia
    (1, 0),  # 10 Prussia's turn ends
    (1, 1),  # 11 Austria's turn 1 starts on the Church: start turn temporary +1
    (1, 1),  # 12 movement phase
    (1, 1),  # 13 Scout
    (1, 2),  # 14 Cuirassiers enter the Village: temporary +1 at once
    (1, 2),  # 15 Austrian Grenadiers onto the Ridge (2 to 1)
    (1, 2),  # 16 movement ends
    (1, 3),  # 17 Time Pressure banner after the Scout: +1 Austria
    (1, 3),  # 18 Austria's turn ends
    (3, 3),  # 19 Prussia's turn 2 starts: Ridge 2 to 1 (+1), right section clear (+1)
    (3, 3),  # 20 movement phase
    (3, 3),  # 21 card
    (4, 3),  # 22 Hussars exit from the baseline hex they started on: breakthrough +1
    (5, 3),  # 23 Fusiliers enter the Bridge: permanent +1
    (5, 3),  # 24 movement ends
    (5, 3),  # 25 Austrian Grenadiers retreat off the Ridge (2 to 0: still held)
    (5, 3),  # 26 Prussia's turn ends
    (5, 3),  # 27 Austria's turn 2 starts: still on the Church (held), not on the Windmill
    (5, 3),  # 28 movement phase
    (5, 3),  # 29 Scout
    (5, 2),  # 30 Line Infantry ordered off the Church onto the Ridge: Church lost (2 to 1)
    (5, 2),  # 31 movement ends with nobody taking the Church over: still lost
    (4, 3),  # 32 Prussian Grenadiers eliminated: +1 Austria; Ridge 1 to 1, Prussia loses it
    (4, 4),  # 33 second Time Pressure banner (4 of 6: not the winning one)
    (4, 4),  # 34 Austria's turn ends
    (5, 4),  # 35 Prussia's turn 3 starts: right section clear again, +1
    (5, 4),  # 36 movement phase
    (5, 4),  # 37 card
    (5, 4),  # 38 movement ends
    (6, 4),  # 39 Line Infantry eliminated: Prussia reaches 6 and wins at once
]


@pytest.fixture(scope="module")
def demo():
    return load_game(DEMO)


def test_the_demo_uses_at_least_five_banner_kinds_and_a_target(demo):
    kinds = {o.kind for o in demo.setup.objectives}
    assert len(kinds) >= 5
    assert demo.setup.settings["banner_target"] == 6
    assert len(demo.events) == len(EXPECTED)


def test_totals_and_the_instant_win_after_every_event_of_the_demo(demo):
    tl = Timeline(Game(demo.setup))
    assert evaluate(tl.current).totals == {P: 0, A: 0}
    for i, event in enumerate(demo.events):
        tl.push(event)
        board = evaluate(tl.current)
        got = (int(board.totals[P]), int(board.totals[A]))
        assert got == EXPECTED[i], f"after event {i + 1} ({event.type})"
        assert board.winner == (P if i + 1 == len(EXPECTED) else None), f"after event {i + 1}"


def test_no_play_is_accepted_after_the_win_and_a_game_end_changes_nothing(demo):
    """The winning elimination ends the battle: the clock is over, so a turn end is
    refused with the battle's reason. A game_end (as files made before the clock
    ended on a win carry) is taken and leaves the result as it was."""
    tl = Timeline(demo)
    won = evaluate(tl.current).to_json()
    with pytest.raises(RuleError, match="Prussia reached 6 Victory Banners"):
        tl.push(TurnEnd(3, P))
    assert len(tl) == len(demo.events)
    tl.push(GameEnd())
    assert tl.current.clock.over
    assert evaluate(tl.current).to_json() == won


def test_undo_of_the_last_event_restores_the_earlier_totals_exactly(demo):
    tl = Timeline(demo)
    for n in range(len(demo.events), 0, -1):
        before = evaluate(tl.state_at(n - 1))
        tl.pop()
        after_undo = evaluate(tl.current)
        assert after_undo.totals == before.totals
        assert after_undo.winner == before.winner
        assert [r.points for r in after_undo.results] == [r.points for r in before.results]
        assert after_undo.to_json() == evaluate(replay(demo.setup, demo.events, n - 1)).to_json()


def test_undo_then_a_different_event_scores_from_the_restored_state(demo):
    tl = Timeline(demo)
    tl.pop()  # the winning elimination
    assert not evaluate(tl.current).winner
    tl.push(HexMove("b-musk", (6, 4)))
    assert evaluate(tl.current).totals == {P: 5, A: 4}


def test_the_demo_survives_a_save_and_load_with_the_same_standings(demo):
    again = loads(dumps(demo))
    assert again == demo
    assert (
        evaluate(replay(again.setup, again.events)).to_json()
        == evaluate(replay(demo.setup, demo.events)).to_json()
    )


def test_the_reason_lines_say_why_a_banner_is_held(demo):
    board = evaluate(replay(demo.setup, demo.events, 19))
    assert board.result("ridge").reason.startswith(
        "Prussia holds 2 of 3 hexes of group Ridge at the start of Prussia's turn 2 (Austria 1)"
    )
    assert "right section clear at the start of turn 2" in board.result("right").reason


def test_the_scoreboard_highlights_objective_hexes_and_the_units_holding_them(demo):
    board = evaluate(replay(demo.setup, demo.events, 19))
    marks = board.result("ridge").highlights
    hexes = [m for m in marks if m.kind == "hexes"]
    pieces = {m.piece_id: m.role for m in marks if m.kind == "piece"}
    assert hexes[0].hexes == ((5, 4), (6, 4), (7, 4)) and hexes[0].side == P
    assert pieces == {"b-musk": "counts", "b-gren": "counts", "r-gren": "contested"}


def test_score_at_n_on_the_command_line_prints_the_banner_totals():
    def score(*args):
        out = subprocess.run(
            [sys.executable, "-m", "tabletop_gui", "score", str(DEMO), *args],
            capture_output=True, text=True, check=True,
        )  # fmt: skip
        return out.stdout

    assert "Victory Banners: Prussia 3/6, Austria 3/6" in score("--at", "19")
    final = score()
    assert "Prussia 6/6, Austria 4/6. Prussia reached its target and wins the battle." in final
    data = json.loads(score("--at", "33", "--json"))
    assert data["totals"] == {P: 4.0, A: 4.0} and data["winner"] is None


# -- eliminations and the target, on small games ------------------------------


def test_each_eliminated_enemy_unit_and_leader_gives_one_banner():
    s = setup(
        [
            unit("b1", BLUE, (1, 1)),
            unit("r1", RED, (5, 6)),
            unit("r-gen", RED, (6, 7), leader=True),
        ],
        banner_target=5,
    )
    p = Play(s)(*turn(1, BLUE), Eliminate("r1"), Eliminate("r-gen"))
    assert p.totals() == {BLUE: 2, RED: 0}
    assert "Blue 2 (R1, R Gen (leader))" in p.reason("hex.eliminations")


def test_the_game_ends_the_instant_a_side_reaches_a_per_side_target():
    s = setup(
        [unit("b1", BLUE, (1, 1)), unit("r1", RED, (5, 6)), unit("r2", RED, (6, 6))],
        banner_target={BLUE: 1, RED: 3},
    )
    p = Play(s)(*turn(1, BLUE), Eliminate("r1"))
    assert p.board.winner == BLUE and p.tl.current.clock.over
    with pytest.raises(RuleError, match="The battle is over: Blue reached 1 Victory Banner "):
        p(Eliminate("r2"))


def test_without_a_target_nobody_wins_and_the_summary_says_so():
    p = Play(setup([unit("b1", BLUE, (1, 1)), unit("r1", RED, (5, 6))]))
    p(*turn(1, BLUE), Eliminate("r1"))
    assert p.board.winner is None
    assert "no banner target set" in p.board.summary


def test_a_unit_cannot_move_onto_a_hex_another_unit_holds():
    p = Play(setup([unit("b1", BLUE, (1, 1)), unit("r1", RED, (2, 1))]))(*turn(1, BLUE))
    with pytest.raises(RuleError, match="cannot enter hex c2: enemy R1 is there"):
        p(HexMove("b1", (2, 1)))
    with pytest.raises(RuleError, match="hex u2 is not on the board"):
        p(HexMove("b1", (20, 1)))


def test_a_place_given_as_a_field_edit_is_held_to_the_one_unit_per_hex_rule():
    # A file may give a unit's place as an update of x and y (the window used to
    # write a typed-in hex so): the hex it puts the unit on is checked as a move's.
    p = Play(setup([unit("b1", BLUE, (1, 1)), unit("r1", RED, (2, 1))]))(*turn(1, BLUE))
    x, y = BOARD.hex_to_point((2, 1))
    with pytest.raises(RuleError, match="cannot enter hex c2: enemy R1 is there"):
        p(UpdatePiece("b1", {"x": x, "y": y}))
    x, y = BOARD.hex_to_point((1, 2))
    p(UpdatePiece("b1", {"x": x, "y": y}))  # a free hex: played
    assert p.tl.current.scene.units["b1"].y == y


# -- bad scenario data gets a clear message naming the place -------------------


def _demo_json():
    return json.loads(DEMO.read_text(encoding="utf-8"))


def test_a_bad_section_name_in_a_file_is_named_with_its_path():
    data = _demo_json()
    data["objectives"][5]["params"]["section"] = "middle"
    with pytest.raises(FileFormatError) as exc:
        game_from_json(data)
    assert exc.value.path == "objectives[5].params.section"
    assert "left, centre, right" in exc.value.problem


def test_a_bad_hex_list_in_a_file_is_named_with_its_path():
    data = _demo_json()
    data["objectives"][0]["params"]["hexes"] = [[5, 4], [6]]
    with pytest.raises(FileFormatError) as exc:
        game_from_json(data)
    assert exc.value.path == "objectives[0].params.hexes[1]"


def test_a_section_pattern_that_does_not_fit_the_rows_is_named_with_its_path():
    data = _demo_json()
    data["board"]["sections"] = ["LLLLCCCCCRRRR", "LLLCCCCCRRRR", "LLL"]
    with pytest.raises(FileFormatError) as exc:
        game_from_json(data)
    assert exc.value.path == "board.sections[2]"


def test_an_objective_hex_off_the_board_is_refused_in_a_file_naming_its_place():
    data = _demo_json()
    data["objectives"][3]["params"]["hexes"] = [[12, 5]]  # row 5 has 12 hexes: 0 to 11
    data["events"] = []
    with pytest.raises(FileFormatError) as exc:
        game_from_json(data)
    assert exc.value.path == "objectives[3].params.hexes[0]"
    assert exc.value.problem == "hex m6 is not on the board"


def test_an_objective_hex_off_the_board_built_in_code_is_reported_as_a_problem():
    game = game_from_json(_demo_json())
    specs = list(game.setup.objectives)
    specs[3] = replace(specs[3], params={**specs[3].params, "hexes": [[12, 5]]})
    setup = replace(game.setup, objectives=tuple(specs))
    problems = evaluate(replay(setup, [])).result("bridge").problems
    assert problems == ("Bridge (permanent): hex m6 is not on the board",)


def test_a_same_hex_param_that_is_not_true_or_false_is_named_with_its_path():
    data = _demo_json()
    data["objectives"][6]["params"]["same_hex"] = "no"  # "no" must not read as true
    with pytest.raises(FileFormatError) as exc:
        game_from_json(data)
    assert exc.value.path == "objectives[6].params.same_hex"


@pytest.mark.parametrize(
    ("name", "value", "said"),
    [
        ("sector_first_banners", 3, "settings.sector_first_banners: must be 1 or 2, got 3"),
        ("lone_leader_occupies", "no", "settings.lone_leader_occupies: expected true or false"),
        ("one_unit_per_hex", "yes", "settings.one_unit_per_hex: expected true or false"),
        ("baselines", ["near"], "settings.baselines: expected {side: 'near' or 'far'}"),
        ("baselines", {"austria": "top"}, "settings.baselines.austria: must be 'near' or 'far'"),
        ("movement_phase", 5, "settings.movement_phase: expected a phase name, got 5"),
    ],
)
def test_an_unusable_setting_is_named_and_the_demo_scores_as_with_the_default(name, value, said):
    data = _demo_json()
    data["settings"][name] = value
    game = game_from_json(data)
    board = evaluate(replay(game.setup, game.events))
    assert any(said in p for p in board.result("hex.eliminations").problems)
    assert {s: int(v) for s, v in board.totals.items()} == {"prussia": 6, "austria": 4}
    assert board.winner == "prussia"
