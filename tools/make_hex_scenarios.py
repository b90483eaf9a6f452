"""Regenerate the bundled hex Victory Banner scenarios in assets/examples/.

    .venv/bin/python tools/make_hex_scenarios.py

hex_hochkirch_ridge_demo.json: a fictional engagement on the standard 9-row board
using seven banner kinds (majority, start turn temporary, temporary, permanent,
turn start permanent, clearing a sector, breakthrough, time pressure) and the
banners for eliminated units, with a 39-event log ending in Blue's instant win.
docs/hex.md walks through it event by event.
"""

from __future__ import annotations

from pathlib import Path

from tabletop_gui.io import save_game
from tabletop_gui.model import HexBoard, ObjectiveSpec, Scene, Setup, Side, Unit
from tabletop_gui.model.events import Event, PhaseEnd, PhaseStart, TurnEnd, TurnStart
from tabletop_gui.model.game import Game
from tabletop_gui.rules import replay
from tabletop_gui.rules.hexbanners.events import (
    Eliminate,
    ExitBoard,
    HexMove,
    PlayCard,
    Retreat,
    TakeTimePressureBanner,
)
from tabletop_gui.rules.hexbanners.fields import LEADER

# The examples in the source tree, never an installed copy.
SCENARIOS = Path(__file__).resolve().parents[1] / "assets" / "examples"

BOARD = HexBoard(rows=9)
B, R = "prussia", "austria"


def unit(uid: str, name: str, side: str, hex_: tuple[int, int], leader: bool = False) -> Unit:
    x, y = BOARD.hex_to_point(hex_)
    return LEADER.set(Unit(uid, name, side, x, y, base_width_mm=20, base_depth_mm=20), leader)


def hochkirch() -> Game:
    units = [
        unit("b-gren", "Grenadiers", B, (6, 3)),
        unit("b-musk", "Musketeers", B, (5, 3)),
        unit("b-fus", "Fusiliers", B, (10, 3)),
        unit("b-hussars", "Zieten Hussars", B, (11, 7)),
        unit("b-zieten", "General Zieten", B, (6, 2), leader=True),
        unit("r-line", "Line Infantry", R, (6, 5)),
        unit("r-gren", "Austrian Grenadiers", R, (7, 5)),
        unit("r-croats", "Croats", R, (10, 6)),
        unit("r-cuir", "Cuirassiers", R, (2, 6)),
        unit("r-daun", "Marshal Daun", R, (6, 7), leader=True),
    ]
    scene = Scene(
        board=BOARD,
        sides=(Side(B, "Prussia", "#0072b2"), Side(R, "Austria", "#d55e00")),
        units={u.id: u for u in units},
    )
    objectives = (
        ObjectiveSpec("ridge", "hex.turn_start_majority",
                      {"group": "Ridge", "hexes": [[5, 4], [6, 4], [7, 4]]}, "Ridge (majority)"),
        ObjectiveSpec("church", "hex.start_turn_temporary",
                      {"side": R, "hexes": [[6, 5]]}, "Church (start turn temporary)"),
        ObjectiveSpec("village", "hex.temporary", {"hexes": [[2, 4]]}, "Village (temporary)"),
        ObjectiveSpec("bridge", "hex.permanent",
                      {"side": B, "hexes": [[10, 5]]}, "Bridge (permanent)"),
        ObjectiveSpec("windmill", "hex.turn_start_permanent",
                      {"side": R, "hexes": [[3, 2]]}, "Windmill (turn start permanent)"),
        ObjectiveSpec("right", "hex.clearing_sector", {"side": B, "section": "right"},
                      "Clear the right flank"),
        ObjectiveSpec("breakthrough", "hex.breakthrough", {"side": B}, "Prussian breakthrough"),
        ObjectiveSpec("time", "hex.time_pressure", {"side": R}, "Austrian time pressure"),
    )  # fmt: skip
    setup = Setup(
        family="hex",
        scene=scene,
        name="Hex demo: the Ridge at Hochkirch",
        objectives=objectives,
        settings={"banner_target": 6, "lone_leader_occupies": False, "sector_first_banners": 1},
        notes=(
            "Prussia (near edge, row 0) attacks; Austria (far edge, row 8) defends under time "
            "pressure. First to 6 Victory Banners wins at once. A fictional scenario."
        ),
    )
    move = PhaseStart("movement"), PhaseEnd("movement")
    events: list[Event] = [
        TurnStart(1, B), move[0], PlayCard(B, "Attack Right Flank"),
        HexMove("b-gren", (6, 4)), HexMove("b-musk", (5, 4)),
        HexMove("b-hussars", (11, 8)), HexMove("b-fus", (10, 4)), move[1],
        Eliminate("r-croats"),
        TurnEnd(1, B),
        TurnStart(1, R), move[0], PlayCard(R, "Scout"),
        HexMove("r-cuir", (2, 4)), HexMove("r-gren", (7, 4)), move[1],
        TakeTimePressureBanner(R),
        TurnEnd(1, R),
        TurnStart(2, B), move[0], PlayCard(B, "Assault Center"),
        ExitBoard("b-hussars"), HexMove("b-fus", (10, 5)), move[1],
        Retreat("r-gren", (7, 5)),
        TurnEnd(2, B),
        TurnStart(2, R), move[0], PlayCard(R, "Scout"),
        HexMove("r-line", (7, 4)), move[1],
        Eliminate("b-gren"),
        TakeTimePressureBanner(R),
        TurnEnd(2, R),
        TurnStart(3, B), move[0], PlayCard(B, "Attack Right Flank"), move[1],
        Eliminate("r-line"),
    ]  # fmt: skip
    return Game(setup, tuple(events))


def main() -> None:
    game = hochkirch()
    replay(game.setup, game.events)  # refuses a log the rules do not allow
    path = SCENARIOS / "hex_hochkirch_ridge_demo.json"
    save_game(game, path)
    print(f"wrote {path} ({len(game.events)} events)")


if __name__ == "__main__":
    main()
