"""A Memoir '44 battle played through (issue: Memoir '44 played through): the
scenario "Mill Ford" (tests/hex/mill_ford.py, written for this test) imported
from its .m44 file, then figure losses, retreats, medals won and lost, an exit
and elite units to an Allied win; the standings after every side turn, as the
rules score them and as the command line prints them."""

from __future__ import annotations

import json

import pytest

from tabletop_gui.cli import main
from tabletop_gui.io import load_game, save_game
from tabletop_gui.model.game import Game
from tabletop_gui.rules import RuleError
from tabletop_gui.rules.hexbanners.events import HexMove
from tabletop_gui.rules.hexbanners.fields import FIGURES, SPECIAL
from tests.hex.hexkit import Play
from tests.hex.m44kit import ALLIES, AXIS, hx, imported, unit_on
from tests.hex.mill_ford import MILL_FORD, battle


def test_the_import_gives_the_medals_the_exit_and_the_elite_units_with_their_figures():
    result = imported(MILL_FORD)
    game = result.game
    kinds = sorted(s.kind for s in game.setup.objectives)
    assert kinds == ["hex.memoir_exit", *["hex.memoir_medal"] * 3]
    assert result.problems == ()  # the victory text agrees with the data
    names = sorted(s.name for s in game.setup.objectives)
    assert names == ["Allies exit markers", "Chapel (H7): Axis medal", "Ford (C5): Allied medal",
                     "Mill (E5): both sides' medal"]  # fmt: skip
    elite = game.setup.scene.units[unit_on(game, "C3")]
    assert (elite.name, FIGURES.of(elite), SPECIAL.of(elite)) == ("US Elite Infantry 1", 4, "Elite")
    gun = game.setup.scene.units[unit_on(game, "d8")]
    assert FIGURES.of(gun) == 2


def test_the_battle_is_scored_side_turn_by_side_turn_to_an_allied_win():
    game = imported(MILL_FORD).game
    play = Play(game.setup)
    assert play.totals() == {ALLIES: 0, AXIS: 1}  # the Germans hold the Mill at setup
    for title, events, (allies, axis), (lost_a, lost_x) in battle(game):
        play(*events)
        assert play.totals() == {ALLIES: allies, AXIS: axis}, title
        figures = play.board.result("hex.figures").counts
        assert figures == {ALLIES: lost_a, AXIS: lost_x}, title
    board = play.board
    assert board.winner == ALLIES
    assert board.summary == (
        "Victory Banners: United States 5/5, Germany 1/4; figures lost: United States 5, "
        "Germany 6. United States reached its target and wins the battle."
    )
    with pytest.raises(RuleError, match="The battle is over"):
        play(HexMove(unit_on(game, "E3"), hx(game, "e4")))


def test_undo_walks_every_standing_back_to_the_setup():
    game = imported(MILL_FORD).game
    play = Play(game.setup)
    seen = [(play.totals(), play.board.result("hex.figures").counts)]
    for _title, events, _t, _f in battle(game):
        for event in events:
            play(event)
            seen.append((play.totals(), play.board.result("hex.figures").counts))
    while len(play.tl):
        play.tl.pop()
        seen.pop()
        assert (play.totals(), play.board.result("hex.figures").counts) == seen[-1]


def played_file(tmp_path) -> tuple[str, list[int]]:
    """The scenario imported by the command line and the battle saved in it; the
    number of events after each side turn."""
    source = tmp_path / "mill_ford.m44"
    source.write_text(json.dumps(MILL_FORD))
    out = tmp_path / "mill_ford.json"
    assert main(["import", str(source), "-o", str(out)]) == 0
    game = load_game(out)
    events, ends = [], []
    for _title, evs, _t, _f in battle(game):
        events += evs
        ends.append(len(events))
    save_game(Game(game.setup, tuple(events)), out)
    return str(out), ends


def test_the_command_line_prints_the_standings_after_each_side_turn(tmp_path, capsys):
    path, ends = played_file(tmp_path)
    capsys.readouterr()
    game = load_game(path)
    for (title, _evs, (allies, axis), (lost_a, lost_x)), n in zip(battle(game), ends, strict=True):
        assert main(["score", path, "--json", "--at", str(n)]) == 0
        scored = json.loads(capsys.readouterr().out)
        assert scored["totals"] == {ALLIES: allies, AXIS: axis}, title
        figures = next(r for r in scored["objectives"] if r["objective_id"] == "hex.figures")
        assert figures["counts"] == {ALLIES: lost_a, AXIS: lost_x}, title
    assert scored["winner"] == ALLIES and scored["clock"]["over"] is True
    assert main(["score", path]) == 0
    text = capsys.readouterr().out
    assert "Figures lost: United States 5, Germany 6 (2 units eliminated)" in text
    assert "United States reached its target and wins the battle" in text
    assert "Mill (E5)" in text and "hex E5" in text  # one name for the hex everywhere
