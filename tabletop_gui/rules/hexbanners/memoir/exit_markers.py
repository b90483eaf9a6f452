"""Memoir '44 exit markers: a unit of the marker's side that leaves the board
from one of the exit hexes (the tagged hex and its group) earns banners for its
side: ``infantry_worth`` for an infantry unit (2 where the scenario's option
``infantry_exit_counts_2`` says so, else 1), 1 for any other unit.

Memoir's rule, not the seed's Breakthrough: the unit exits as part of an
ordered move in its own turn, from wherever it stood at the start of the turn
(no start-of-turn condition), and the hex need not be on a baseline. Units
listed in ``cannot_exit`` earn nothing (a scenario's CANNOT_EXIT behaviour)."""

from __future__ import annotations

from tabletop_gui.model.hexgrid import Hex, hex_label
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.engine import objectives_of
from tabletop_gui.rules.hexbanners.base import side_name
from tabletop_gui.rules.hexbanners.memoir.common import MemoirObjective, plural
from tabletop_gui.rules.hexbanners.records import Exit, exits
from tabletop_gui.rules.play_types import Param
from tabletop_gui.rules.scoreboard import CountingPiece, HexMark, ObjectiveResult

INFANTRY = "infantry"
INFANTRY_WORTH = "infantry_worth"
CANNOT_EXIT = "cannot_exit"


class MemoirExit(MemoirObjective):
    kind = "hex.memoir_exit"
    title = "Memoir '44 exit markers"
    single_banner = False
    region_label = "exit from here for a banner"
    params = (
        Param(INFANTRY_WORTH, "int", 1, "Banners for an infantry unit that exits (others: 1)"),
        Param(CANNOT_EXIT, "units", None, "Units that earn nothing by exiting"),
    )
    numbers = ((INFANTRY_WORTH, 1),)

    def validate(self) -> list[tuple[str, str]]:
        errors = super().validate()
        listed = self.param(CANNOT_EXIT, [])
        if not isinstance(listed, list) or not all(isinstance(u, str) for u in listed):
            errors.append((CANNOT_EXIT, f"expected a list of unit ids, got {listed!r}"))
        return errors

    def worth(self, state: GameState, e: Exit) -> int:
        unit = state.scene.units.get(e.unit_id)
        if unit is not None and unit.kind == INFANTRY:
            return self.number(INFANTRY_WORTH, 1)
        return 1

    def why_not(self, e: Exit) -> str | None:
        """None if the exit earns banners here, else why not."""
        if e.hex not in self.hexes:
            return f"hex {hex_label(e.hex)} is not one of its exit hexes"
        if e.unit_id in (self.param(CANNOT_EXIT, []) or []):
            return "the scenario says this unit may not exit"
        if not e.ordered:
            return "it was not ordered"
        if not e.own_turn:
            return "it was not its side's turn"
        return None

    def banners(self, state: GameState) -> dict[str, int]:
        out: dict[str, int] = {}
        sides = self.sides(state)
        for e in exits(state):
            if e.side in sides and self.why_not(e) is None:
                out[e.side] = out.get(e.side, 0) + self.worth(state, e)
        return out

    def evaluate(self, state: GameState) -> ObjectiveResult:
        banners = self.banners(state)
        sides = [s for s in self.sides(state) if s in state.scene.side_ids]
        counting, lines = [], []
        for e in exits(state):
            if e.side not in sides:
                continue
            why = self.why_not(e)
            if why is None:
                gain = plural(self.worth(state, e), "banner")
                note = f"left from hex {hex_label(e.hex)} in turn {e.turn}: {gain}"
            else:
                note = f"left from hex {hex_label(e.hex)} in turn {e.turn}: no banner, {why}"
            counting.append(CountingPiece(e.unit_id, e.side, note=note))
            lines.append(f"{e.unit_name} {note}")
        totals = ", ".join(f"{side_name(state, s)} {banners.get(s, 0)}" for s in sides)
        worth = self.number(INFANTRY_WORTH, 1)
        rule = (
            f"Exit from {self.where()}: infantry {plural(worth, 'banner')}, other units 1"
            if worth != 1
            else f"Exit from {self.where()}: 1 banner a unit"
        )
        detail = ("; ".join(lines) + ".") if lines else "No unit has left from them yet."
        reason = f"{rule}. Banners: {totals}. {detail}"
        marks = [
            HexMark(
                tuple(self.valid_hexes(state)),
                s,
                f"{self.name}: {side_name(state, s)} exits here",
            )
            for s in sides
        ]
        return self.result(
            state, banners, reason, permanent=True, counting=counting, highlights=marks
        )


def exit_hexes(state: GameState, side: str) -> set[Hex]:
    """The hexes a Memoir '44 exit marker lets ``side``'s units leave the board from."""
    out: set[Hex] = set()
    for obj in objectives_of(state.setup):
        if isinstance(obj, MemoirExit) and side in obj.sides(state):
            out.update(obj.hexes)
    return out
