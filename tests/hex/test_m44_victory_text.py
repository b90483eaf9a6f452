"""A Memoir '44 scenario's victory text and special rules read against its data
(docs/hex.md, "When the victory text and the data disagree"): each case below
is a small scenario written for this test that reproduces one way published
scenarios go wrong, imported and then played to the score its text asks for.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tabletop_gui.model.events import TurnEnd
from tabletop_gui.model.game import Game
from tabletop_gui.rules import RuleError, evaluate
from tabletop_gui.rules.hexbanners.events import Eliminate, ExitBoard, HexMove
from tests.hex.hexkit import Play, end, turn
from tests.hex.m44kit import (
    ALLIES,
    AXIS,
    exit_marker,
    hexagon,
    hx,
    imported,
    label,
    medal,
    scenario,
    sudden_death,
    unit_on,
)


def spec_of(game: Game, kind: str) -> Any:
    found = [s for s in game.setup.objectives if s.kind == kind]
    assert len(found) == 1, [s.id for s in game.setup.objectives]
    return found[0]


def move(game: Game, unit_at: str, to: str) -> HexMove:
    return HexMove(unit_on(game, unit_at), hx(game, to))


# -- exits --------------------------------------------------------------------


def test_an_exit_the_text_gives_off_the_axis_edge_becomes_exits_on_that_baseline():
    result = imported(
        scenario(
            hexagon("C9", unit="tankus"),
            hexagon("C1", unit="infger"),
            text={
                "victory": "6 medals. The Allied player gains 1 medal for each of his units "
                "that exits off the Axis edge of the board."
            },
        )
    )
    game = result.game
    spec = spec_of(game, "hex.memoir_exit")
    assert spec.params["side"] == ALLIES
    # the Axis edge: the top row of the printed board (row 9), every hex of it
    assert sorted(tuple(h) for h in spec.params["hexes"]) == [(c, 8) for c in range(13)]
    assert "exits off the Axis edge" in spec.params["unconfirmed"]
    assert any("not confirmed" in p and "row 9" in p for p in result.problems)
    play = Play(game.setup)
    play(*turn(1, ALLIES), ExitBoard(unit_on(game, "C9")))
    assert play.totals() == {ALLIES: 1, AXIS: 0}


def test_an_exit_the_text_gives_without_an_edge_is_a_warning_and_nothing_is_scored():
    result = imported(
        scenario(text={"victory": "The Allies gain a medal for each unit that exits the board."})
    )
    assert not [s for s in result.game.setup.objectives if s.kind == "hex.memoir_exit"]
    assert any(
        "exits the board" in p and "no exit markers" in p and "no exit is scored" in p
        for p in result.problems
    )


def test_exit_markers_on_the_exiting_sides_own_baseline_are_left_out_and_named():
    """Two Allied tanks driving off their own edge on turn 1 must not win: the
    text never mentions exits, and Memoir's exits lead off the opponent's edge."""
    result = imported(
        scenario(
            hexagon("A1", unit="tankus", tags=[exit_marker("ALLIES", ["B1"])]),
            hexagon("B1", unit="tankus"),
            victory=(4, 2),
            text={"victory": "4 medals for the Axis, 2 for the Allies."},
        )
    )
    game = result.game
    assert not [s for s in game.setup.objectives if s.kind == "hex.memoir_exit"]
    assert any("own baseline (A1, B1)" in p and "not scored" in p for p in result.problems)
    play = Play(game.setup)
    play(*turn(1, ALLIES), ExitBoard(unit_on(game, "A1")), ExitBoard(unit_on(game, "B1")))
    assert play.totals() == {ALLIES: 0, AXIS: 0}
    assert play.board.winner is None


def test_exit_markers_on_the_own_baseline_are_kept_where_the_text_says_so():
    result = imported(
        scenario(
            hexagon("A1", tags=[exit_marker("ALLIES", ["B1"])]),
            text={
                "victory": "The Allies gain a medal for each unit that exits off their own "
                "baseline."
            },
        )
    )
    spec = spec_of(result.game, "hex.memoir_exit")
    assert len(spec.params["hexes"]) == 2 and "unconfirmed" not in spec.params


def test_a_sentence_forbidding_exits_gives_none():
    result = imported(scenario(text={"rules": "Units may not exit the board."}))
    assert not any("exit" in p for p in result.problems)


# -- medal kinds ----------------------------------------------------------------


def test_a_medal_the_text_calls_permanent_without_properties_is_scored_permanent():
    game = imported(
        scenario(
            hexagon("F5", terrain="buildings", tags=[medal("medal1")]),
            hexagon("F3", unit="infus"),
            labels=[label("F5", "Axis HQ")],
            text={
                "victory": "6 medals. The Axis HQ is a Permanent Medal objective for the "
                "Allied forces."
            },
        )
    ).game
    spec = spec_of(game, "hex.memoir_medal")
    assert spec.params["permanent"] is True
    assert "no properties" in spec.params["unconfirmed"]
    assert "Permanent Medal" in spec.params["unconfirmed"]
    play = Play(game.setup)
    infantry = unit_on(game, "F3")
    play(*turn(1, ALLIES), HexMove(infantry, hx(game, "F5")), HexMove(infantry, hx(game, "f4")))
    assert play.totals() == {ALLIES: 1, AXIS: 0}  # kept after leaving: permanent


def test_a_medal_kind_the_data_contradicts_is_named_and_the_data_applies():
    game = imported(
        scenario(
            hexagon("F5", terrain="hills", tags=[medal("medal1", permanent=True)]),
            hexagon("F3", unit="infus"),
            labels=[label("F5", "Hill 60")],
            text={"victory": "Hill 60 is a Temporary Medal for the Allies."},
        )
    ).game
    spec = spec_of(game, "hex.memoir_medal")
    assert spec.params["permanent"] is True
    note = spec.params["unconfirmed"]
    assert "Temporary Medal" in note and "permanent medal: the data applies" in note


def test_a_medal_the_text_agrees_with_is_not_flagged():
    game = imported(
        scenario(
            hexagon("F5", tags=[medal("medal1", permanent=True)]),
            labels=[label("F5", "Hill 60")],
            text={"victory": "Hill 60 is a Permanent Medal for the Allies."},
        )
    ).game
    assert "unconfirmed" not in spec_of(game, "hex.memoir_medal").params


# -- held unless ---------------------------------------------------------------------


def test_a_medal_the_axis_hold_unless_an_allied_unit_stands_on_it():
    game = imported(
        scenario(
            hexagon("F5", terrain="hills", tags=[medal("medal1", permanent=False)]),
            hexagon("F3", unit="infus"),
            hexagon("F7", unit="infger"),
            labels=[label("F5", "Mont Tertre")],
            text={
                "victory": "The Axis hold the Mont Tertre medal unless an Allied unit "
                "stands on the hill."
            },
        )
    ).game
    spec = spec_of(game, "hex.memoir_medal")
    assert spec.params["held_by"] == AXIS
    play = Play(game.setup)
    assert play.totals() == {ALLIES: 0, AXIS: 1}  # no unit on it: the Axis hold it
    infantry = unit_on(game, "F3")
    play(*turn(1, ALLIES), HexMove(infantry, hx(game, "F5")))
    assert play.totals() == {ALLIES: 1, AXIS: 0}
    play(HexMove(infantry, hx(game, "f4")))
    assert play.totals() == {ALLIES: 0, AXIS: 1}  # left: back to the Axis, not to nobody
    assert "holds it while no other side qualifies" in play.reason(spec.id)


# -- sudden death at the end of the turn ---------------------------------------------

TOWNS = ["C5", "E5", "G5", "I5"]


def towns_game(rules: str) -> Game:
    return imported(
        scenario(
            *(hexagon(t, terrain="buildings") for t in TOWNS),
            hexagon("C7", unit="infger"),
            hexagon("E7", unit="infger"),
            hexagon("G7", unit="infger"),
            info={
                "country_player1": "FI",
                "country_player2": "RU",
                "victory": sudden_death("AXIS", TOWNS, 3),
            },
            text={"victory": rules},
        )
    ).game


def test_a_sudden_death_checked_at_the_end_of_the_turn_waits_for_the_turn_end():
    game = towns_game(
        "6 medals. The Finnish player wins immediately if Finnish units occupy 3 of the 4 "
        "towns at the end of his turn."
    )
    spec = spec_of(game, "hex.memoir_sudden_death")
    assert spec.params["at_turn_end"] is True
    assert "at the end of his turn" in spec.params["unconfirmed"]
    play = Play(game.setup)
    play(*turn(1, ALLIES), *end(1, ALLIES), *turn(1, AXIS))
    for unit_at, town in (("C7", "C5"), ("E7", "E5"), ("G7", "G5")):
        play(move(game, unit_at, town))
    assert play.board.winner is None  # three towns, but the turn goes on
    play(*end(1, AXIS))
    assert play.board.winner == AXIS


def test_a_sudden_death_without_turn_end_words_wins_the_moment_it_is_reached():
    game = towns_game("The Finns win immediately if they hold 3 of the 4 towns.")
    assert "at_turn_end" not in spec_of(game, "hex.memoir_sudden_death").params
    play = Play(game.setup)
    play(*turn(1, AXIS))
    for unit_at, town in (("C7", "C5"), ("E7", "E5"), ("G7", "G5")):
        play(move(game, unit_at, town))
    assert play.board.winner == AXIS


def test_a_sudden_death_in_the_text_only_is_a_warning():
    result = imported(
        scenario(text={"victory": "The Axis player wins immediately if he takes the bridge."})
    )
    assert any(
        "wins immediately" in p and "the scenario's data has none" in p for p in result.problems
    )


# -- a win that needs a named medal -------------------------------------------------


def airfield_game() -> Game:
    return imported(
        scenario(
            hexagon("F5", terrain="airfield", tags=[medal("medal1", permanent=False)]),
            hexagon("F3", unit="tankus"),
            hexagon("A7", unit="infger"),
            hexagon("C7", unit="infger"),
            hexagon("E7", unit="infger"),
            victory=(4, 3),
            info={"country_player2": "RU"},
            text={
                "victory": "The Soviet player needs 3 medals, including the Airfield, to "
                "win. The Axis need 4."
            },
            labels=[label("F5", "Airfield")],
        )
    ).game


def test_reaching_the_target_without_the_named_medal_does_not_win():
    game = airfield_game()
    spec = spec_of(game, "hex.memoir_medal")
    assert spec.params["needed_to_win"] is True
    play = Play(game.setup)
    play(*turn(1, ALLIES), *(Eliminate(unit_on(game, at)) for at in ("A7", "C7", "E7")))
    assert play.totals() == {ALLIES: 3, AXIS: 0}
    assert play.board.winner is None  # three medals, but not the airfield
    play(move(game, "F3", "F5"))
    assert play.totals() == {ALLIES: 4, AXIS: 0}
    assert play.board.winner == ALLIES


def test_the_summary_says_why_a_side_at_its_target_has_not_won():
    game = imported(
        scenario(
            hexagon("F5", terrain="airfield", tags=[medal("medal1", permanent=False)]),
            hexagon("F3", unit="tankus"),
            hexagon("A7", unit="infger"),
            victory=(4, 1),
            text={"victory": "1 medal, including the Airfield."},
            labels=[label("F5", "Airfield")],
        )
    ).game
    play = Play(game.setup)
    play(*turn(1, ALLIES), Eliminate(unit_on(game, "A7")))
    board = play.board
    assert board.winner is None
    assert "reached its target, but United States does not hold Airfield (F5)" in board.summary
    assert "no win yet" in board.summary
    tank = unit_on(game, "F3")
    play(HexMove(tank, hx(game, "F5")))
    assert play.board.winner == ALLIES
    with pytest.raises(RuleError):
        play(HexMove(tank, hx(game, "f4")))


# -- medals the texts do not name, and medal names ----------------------------------


def test_medals_on_hexes_no_text_names_are_flagged_when_the_text_names_the_others():
    result = imported(
        scenario(
            hexagon("C5", tags=[medal("medal1", permanent=False)]),
            hexagon("E5", tags=[medal("medal1", permanent=False)]),
            hexagon("G5", tags=[medal("medal1", permanent=False)]),
            labels=[label("C5", "Westdorp"), label("E5", "Oostdorp"), label("G5", "Mill")],
            text={"victory": "A medal each for Westdorp and Oostdorp."},
        )
    )
    flagged = {s.name: s.params.get("unconfirmed", "") for s in result.game.setup.objectives}
    assert "but not this one" in flagged["Mill (G5): Allied medal"]
    assert "but not this one" not in flagged["Westdorp (C5): Allied medal"]


def test_a_medal_takes_the_label_of_its_own_hex_never_a_neighbours():
    game = imported(
        scenario(
            hexagon("C5", terrain="buildings", tags=[medal("medal1", permanent=False)]),
            hexagon("D5", terrain="buildings", tags=[medal("medal1", permanent=False)]),
            labels=[label("D5", "D-3")],
        )
    ).game
    names = sorted(s.name for s in game.setup.objectives)
    assert names == ["D-3 (D5): Allied medal", "Towns and buildings (C5): Allied medal"]


def test_label_lines_join_without_stray_spaces():
    game = imported(
        scenario(
            hexagon("C5", tags=[medal("medal1", permanent=False)]),
            hexagon("G5", tags=[medal("medal1", permanent=False)]),
            labels=[label("C5", "Colleville-", "sur-Mer"), label("G5", "  Saint-  Aubin ")],
        )
    ).game
    assert [lab.text for lab in game.setup.scene.board.labels] == [
        "Colleville-sur-Mer",
        "Saint-Aubin",
    ]
    assert sorted(s.params["group"] for s in game.setup.objectives) == [
        "Colleville-sur-Mer (C5)",
        "Saint-Aubin (G5)",
    ]


# -- where the warnings show -----------------------------------------------------------


def test_a_warning_from_the_text_shows_as_a_problem_of_its_objective_until_confirmed():
    game = airfield_game()
    spec = spec_of(game, "hex.memoir_medal")
    problems = Play(game.setup).board.result(spec.id).problems
    assert any("needed_to_win" in p and "Game > Objectives" in p for p in problems)
    params = {k: v for k, v in spec.params.items() if k != "unconfirmed"}
    edited = tuple(replace(s, params=params) if s.id == spec.id else s
                   for s in game.setup.objectives)  # fmt: skip
    confirmed = replace(game.setup, objectives=edited)
    assert evaluate(Play(confirmed).tl.current).result(spec.id).problems == ()


def test_turn_end_checks_named_for_medals_are_warned_not_modelled():
    result = imported(
        scenario(
            hexagon("F5", tags=[medal("medal1", permanent=False)]),
            labels=[label("F5", "Old Mill")],
            text={
                "victory": "The Allies score the Old Mill medal only if they hold it at the "
                "end of their turn."
            },
        )
    )
    assert any("end of a turn" in p and "Old Mill" in p for p in result.problems)


def test_turn_end_is_read_only_from_the_end_of_a_turn():
    # "TurnEnd" of the other side does not check the Finns' sudden death
    game = towns_game(
        "The Finnish player wins immediately if Finnish units occupy 3 of the 4 towns at "
        "the end of his turn."
    )
    play = Play(game.setup)
    play(*turn(1, AXIS))
    for unit_at, town in (("C7", "C5"), ("E7", "E5"), ("G7", "G5")):
        play(move(game, unit_at, town))
    play(*end(1, AXIS)[:1])
    assert play.board.winner is None
    play(TurnEnd(1, AXIS))
    assert play.board.winner == AXIS
