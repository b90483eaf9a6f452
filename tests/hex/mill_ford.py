""" "Mill Ford", a Memoir '44 scenario written for these tests (never a published
one), and a battle fought over it: figure losses, retreats, medals won and lost,
an exit, elite units, to an Allied win in the Allies' third turn.

The United States (bottom, 5 medals to win, moving first) attack Germany (top,
4 medals). Medals: the Mill (a temporary medal either side may hold, the
Germans on it at setup), the Ford (a permanent Allied medal), the Chapel (a
start-turn medal of the Axis, German infantry on it), and exit markers for the
Allies on the Axis baseline at A9 and B9.
"""

from __future__ import annotations

from tabletop_gui.model.events import Event, PhaseEnd, PhaseStart, TurnEnd, TurnStart
from tabletop_gui.model.game import Game
from tabletop_gui.rules.hexbanners.events import ExitBoard, HexMove, LoseFigures, Retreat
from tests.hex.m44kit import ALLIES, AXIS, exit_marker, hexagon, hx, label, medal, scenario, unit_on

MILL_FORD = scenario(
    hexagon("E5", terrain="buildings", unit="infger", tags=[medal("medal0", permanent=False)]),
    hexagon("C5", terrain="river", rect_terrain="bridge", tags=[medal("medal1", permanent=True)]),
    hexagon("H7", terrain="buildings", unit="infger", tags=[medal("medal2", turn_start=True)]),
    hexagon("A9", tags=[exit_marker("ALLIES", ["B9"])]),
    hexagon("g8", unit="tank2ger"),
    hexagon("d8", unit="gunger"),
    hexagon("C3", unit="inf2us"),
    hexagon("E3", unit="infus"),
    hexagon("c8", unit="tankus"),
    hexagon("g2", unit="gunus"),
    labels=[label("E5", "Mill"), label("C5", "Ford"), label("H7", "Chapel")],
    victory=(4, 5),
    text={
        "victory": "The Allies need 5 medals, the Axis 4. The Ford is a Permanent Medal for "
        "the Allies; the Mill is a Temporary Medal for whoever holds it; the Chapel is a "
        "Start Turn medal for the Axis.",
    },
)


def turn(n: int, side: str) -> list[Event]:
    return [TurnStart(n, side), PhaseStart("movement")]


def end(n: int, side: str) -> list[Event]:
    return [PhaseEnd("movement"), TurnEnd(n, side)]


#: Each side turn: its events, and the totals (Allies, Axis) and figures lost
#: (Allies, Axis) when it ends (the last turn: when the battle is won).
def battle(game: Game) -> list[tuple[str, list[Event], tuple[int, int], tuple[int, int]]]:
    u = {at: unit_on(game, at) for at in ("E5", "H7", "g8", "d8", "C3", "E3", "c8", "g2")}
    h = {at: hx(game, at) for at in ("C5", "e4", "E5", "e2", "f6", "B9", "d4", "D3")}
    return [
        (  # the elite infantry takes the Ford for good; the guns hit the Mill's garrison
            "Turn 1, United States",
            [*turn(1, ALLIES), HexMove(u["C3"], h["C5"]), HexMove(u["c8"], h["B9"]),
             LoseFigures(u["E5"], 2), *end(1, ALLIES)],
            (1, 1), (0, 2),
        ),
        (  # the Chapel's medal at the Axis turn start; the elite armour hits the US
           # infantry, which retreats, and the elite infantry on the Ford
            "Turn 1, Germany",
            [*turn(1, AXIS), HexMove(u["g8"], h["f6"]), LoseFigures(u["E3"], 1),
             Retreat(u["E3"], h["e2"]), LoseFigures(u["C3"], 3), *end(1, AXIS)],
            (1, 2), (4, 2),
        ),
        (  # the Mill's last two figures fall: its medal and the Mill change hands
            "Turn 2, United States",
            [*turn(2, ALLIES), HexMove(u["E3"], h["D3"]), LoseFigures(u["E5"], 2),
             HexMove(u["E3"], h["e4"]), HexMove(u["E3"], h["E5"]), *end(2, ALLIES)],
            (3, 1), (4, 4),
        ),
        (  # the elite armour drives the Americans off the Mill: lost again
            "Turn 2, Germany",
            [*turn(2, AXIS), LoseFigures(u["E3"], 1), Retreat(u["E3"], h["d4"]),
             *end(2, AXIS)],
            (2, 1), (5, 4),
        ),
        (  # the infantry retakes the Mill, the armour leaves by the exit, the guns
           # destroy the German guns: the fifth medal wins the battle
            "Turn 3, United States",
            [*turn(3, ALLIES), HexMove(u["E3"], h["E5"]), ExitBoard(u["c8"]),
             LoseFigures(u["d8"], 2)],
            (5, 1), (5, 6),
        ),
    ]  # fmt: skip
