"""An imported Memoir '44 scenario played through a short battle (moves, a
retreat, eliminations, an exit) and scored to the right winner, event by event,
as the command line scores it; undo brings every earlier standing back."""

from __future__ import annotations

import json

from tabletop_gui.cli import main
from tabletop_gui.io import load_game, save_game
from tabletop_gui.model.game import Game
from tabletop_gui.rules import replay
from tabletop_gui.rules.hexbanners.events import Eliminate, ExitBoard, HexMove, Retreat
from tests.hex.hexkit import Play, end, turn
from tests.hex.m44kit import (
    ALLIES,
    AXIS,
    exit_marker,
    game_of,
    hexagon,
    hx,
    medal,
    scenario,
    unit_on,
)

#: "Crossroads" (written for this test): the Allies (bottom) need 4 medals: the
#: village (a temporary medal), the bridge (permanent), or exits from the Axis
#: baseline at A9/B9; the Axis need 3 and hold the village at setup.
CROSSROADS = scenario(
    hexagon("E5", terrain="buildings", unit="infger", tags=[medal("medal0", permanent=False)]),
    hexagon("C5", terrain="river", rect_terrain="bridge", tags=[medal("medal1", permanent=True)]),
    hexagon("A9", tags=[exit_marker("ALLIES", ["B9"])]),
    hexagon("b8", unit="tankus"),
    hexagon("E3", unit="infus"),
    hexagon("C3", unit="inf2us"),
    hexagon("H7", unit="gunger"),
    victory=(3, 4),
    text={"victory": "Allies 4 medals, Axis 3. The village is a temporary medal for both."},
)


def events(game: Game) -> list[tuple[object, dict[str, int]]]:
    """The battle, each event with the totals after it."""
    u = {name: unit_on(game, name) for name in ("E5", "b8", "E3", "C3", "H7")}
    h = {name: hx(game, name) for name in ("e4", "C5", "E5", "F5", "B9")}
    return [
        *[(e, {ALLIES: 0, AXIS: 1}) for e in turn(1, ALLIES)],
        (HexMove(u["C3"], h["C5"]), {ALLIES: 1, AXIS: 1}),  # the bridge, for good
        (HexMove(u["E3"], h["e4"]), {ALLIES: 1, AXIS: 1}),
        (Eliminate(u["E5"]), {ALLIES: 2, AXIS: 0}),  # village empty: the Axis lose it
        *[(e, {ALLIES: 2, AXIS: 0}) for e in end(1, ALLIES)],
        *[(e, {ALLIES: 2, AXIS: 0}) for e in turn(1, AXIS)],
        (Eliminate(u["C3"]), {ALLIES: 2, AXIS: 1}),  # the bridge stays Allied
        *[(e, {ALLIES: 2, AXIS: 1}) for e in end(1, AXIS)],
        *[(e, {ALLIES: 2, AXIS: 1}) for e in turn(2, ALLIES)],
        (HexMove(u["E3"], h["E5"]), {ALLIES: 3, AXIS: 1}),  # the village
        (HexMove(u["b8"], h["B9"]), {ALLIES: 3, AXIS: 1}),
        *[(e, {ALLIES: 3, AXIS: 1}) for e in end(2, ALLIES)],
        *[(e, {ALLIES: 3, AXIS: 1}) for e in turn(2, AXIS)],
        (Retreat(u["E3"], h["F5"]), {ALLIES: 2, AXIS: 1}),  # forced off the village
        *[(e, {ALLIES: 2, AXIS: 1}) for e in end(2, AXIS)],
        *[(e, {ALLIES: 2, AXIS: 1}) for e in turn(3, ALLIES)],
        (HexMove(u["E3"], h["E5"]), {ALLIES: 3, AXIS: 1}),
        (ExitBoard(u["b8"]), {ALLIES: 4, AXIS: 1}),  # the exit wins it
    ]


def test_the_battle_is_scored_event_by_event_to_an_allied_win():
    game = game_of(CROSSROADS)
    play = Play(game.setup)
    assert play.totals() == {ALLIES: 0, AXIS: 1}  # the Axis hold the village at setup
    for i, (event, totals) in enumerate(events(game)):
        play(event)
        assert play.totals() == totals, (i, event)
    board = play.board
    assert board.winner == ALLIES
    assert "United States reached its target" in board.summary
    assert play.tl.current.clock.over


def test_undo_brings_back_every_earlier_standing():
    game = game_of(CROSSROADS)
    play = Play(game.setup)
    seen = [play.totals()]
    for event, _ in events(game):
        play(event)
        seen.append(play.totals())
    while len(play.tl):
        play.tl.pop()
        seen.pop()
        assert play.totals() == seen[-1]


def test_the_command_line_imports_and_scores_the_same_battle(tmp_path, capsys):
    source = tmp_path / "crossroads.m44"
    source.write_text(json.dumps(CROSSROADS))
    out = tmp_path / "crossroads.json"
    assert main(["import", str(source), "-o", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "Test scenario: Standard (9 x 13) board, 5 units, 3 objectives" in printed
    game = load_game(out)
    played = Game(game.setup, tuple(e for e, _ in events(game)))
    save_game(played, out)
    assert main(["score", str(out), "--json"]) == 0
    scored = json.loads(capsys.readouterr().out)
    assert scored["winner"] == ALLIES and scored["totals"] == {ALLIES: 4, AXIS: 1}
    assert scored["clock"]["over"] is True
    state = replay(played.setup, played.events)
    assert state.clock.over
