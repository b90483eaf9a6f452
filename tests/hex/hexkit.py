"""Builders for the hex tests: a standard 9-row board, Blue (near, row 0) and Red
(far, row 8), units placed on hexes, and a Timeline that reports totals."""

from __future__ import annotations

from typing import Any

from tabletop_gui.model import HexBoard, ObjectiveSpec, Scene, Setup, Side, Unit
from tabletop_gui.model.events import Event, PhaseEnd, PhaseStart, TurnEnd, TurnStart
from tabletop_gui.model.game import Game
from tabletop_gui.model.hexgrid import Hex
from tabletop_gui.rules import Timeline, evaluate
from tabletop_gui.rules.hexbanners.fields import LEADER

BLUE, RED = "blue", "red"
BOARD = HexBoard()


def unit(uid: str, side: str, hex_: Hex, *, leader: bool = False, board: HexBoard = BOARD) -> Unit:
    x, y = board.hex_to_point(hex_)
    return LEADER.set(Unit(uid, uid.replace("-", " ").title(), side, x, y), leader)


def setup(
    units: list[Unit],
    objectives: list[tuple[str, str, dict[str, Any]]] | None = None,
    board: HexBoard = BOARD,
    **settings: Any,
) -> Setup:
    scene = Scene(
        board=board,
        sides=(Side(BLUE, "Blue", "#0072b2"), Side(RED, "Red", "#d55e00")),
        units={u.id: u for u in units},
    )
    specs = tuple(
        ObjectiveSpec(oid, f"hex.{kind}", params) for oid, kind, params in objectives or ()
    )
    return Setup(family="hex", scene=scene, name="test", objectives=specs, settings=settings)


class Play:
    """A game under way: push events, read banners."""

    def __init__(self, s: Setup) -> None:
        self.tl = Timeline(Game(s))

    def __call__(self, *events: Event) -> Play:
        for e in events:
            self.tl.push(e)
        return self

    @property
    def board(self):
        return evaluate(self.tl.current)

    def banners(self, objective_id: str) -> dict[str, int]:
        r = self.board.result(objective_id)
        return {s: int(v) for s, v in r.points.items() if v}

    def totals(self) -> dict[str, int]:
        return {s: int(v) for s, v in self.board.totals.items()}

    def reason(self, objective_id: str) -> str:
        return self.board.result(objective_id).reason


def turn(n: int, side: str) -> list[Event]:
    """The start of ``side``'s turn ``n`` and its movement phase."""
    return [TurnStart(n, side), PhaseStart("movement")]


def end(n: int, side: str) -> list[Event]:
    return [PhaseEnd("movement"), TurnEnd(n, side)]
