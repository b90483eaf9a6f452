"""A permanent medal taken in the middle of the battle is kept for good, but the
battle goes on: the score panel, the score bar and `score` read "has it for
good", not "wins (final)", which reads as the end of the game; once the battle
is over the row reads as final (docs/canvas.md, Score panel). The JSON keeps
its contract: `status` "won" and `final` true, decided for good
(docs/score-json.md).

The scenario is written for this test: an Allied permanent medal on G7."""

from __future__ import annotations

from tabletop_gui.app.panels.score_panel import COL_LEADER
from tabletop_gui.cli import score_text
from tabletop_gui.model.events import PhaseStart, TurnStart
from tabletop_gui.model.game import Game
from tabletop_gui.play.score_bar import bar_content
from tabletop_gui.rules import evaluate, replay
from tabletop_gui.rules.hexbanners.events import HexMove
from tests.hex.m44kit import game_of, hexagon, hx, label, medal, scenario, unit_on

from .helpers import open_window

MEDAL = "Ruins (G7): Allied medal"


def taken_in_turn_1(allied_target: int) -> Game:
    """US Armor 1 enters the Allies' permanent medal in the Allies' turn 1."""
    game = game_of(
        scenario(
            hexagon("G7", terrain="buildings", tags=[medal("medal1", permanent=True)]),
            hexagon("g2", unit="tankus"),
            hexagon("E9", unit="infger"),
            labels=[label("G7", "Ruins")],
            victory=(4, allied_target),
        )
    )
    move = HexMove(unit_on(game, "g2"), hx(game, "G7"))
    events = (TurnStart(1, "allies"), PhaseStart("movement"), move)
    return Game(game.setup, events)


def leader_cell(window, name: str) -> str:
    panel = window.score_panel
    return next(panel.cell(i, COL_LEADER) for i, row in enumerate(panel.rows) if row.name == name)


def test_a_permanent_medal_taken_in_turn_1_reads_has_it_for_good_while_the_battle_goes_on(qtbot):
    game = taken_in_turn_1(allied_target=4)
    window = open_window(qtbot, game)
    assert leader_cell(window, MEDAL) == "United States has it for good"
    state = replay(game.setup, game.events)
    board = evaluate(state)
    assert not state.clock.over
    assert f"{MEDAL}: United States has it for good" in score_text(game, state, board)
    tiles = {t.name: t.text for t in bar_content(state, game.events, board, {}).tiles}
    assert tiles[MEDAL].startswith("United States has it for good")
    result = board.result(game.setup.objectives[0].id).to_json()
    assert (result["status"], result["final"], result["leader"]) == ("won", True, "allies")


def test_the_same_medal_reads_final_once_it_ends_the_battle(qtbot):
    """With a target of 1 the medal wins the battle: the game is over, the result final."""
    game = taken_in_turn_1(allied_target=1)
    window = open_window(qtbot, game)
    state = replay(game.setup, game.events)
    assert state.clock.over
    assert leader_cell(window, MEDAL) == "United States wins (final)"
