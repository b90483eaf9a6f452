"""Memoir '44 sudden death (``victory.condition[].group_sudden_death``): the
moment ``side`` occupies ``need`` hexes of the group, it wins the battle.

As Memoir does it, the objective then gives the side every banner it still
lacks: its banners make its total exactly its target, so the family's usual
"target reached" ends the battle and the score reads e.g. 6/6. Checked at setup
and after every event; once reached it stays reached.
"""

from __future__ import annotations

from dataclasses import replace

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.events import Event, TurnEnd, TurnStart
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.engine import objectives_of
from tabletop_gui.rules.hexbanners import settings
from tabletop_gui.rules.hexbanners.base import BannerObjective, side_name
from tabletop_gui.rules.hexbanners.memoir.common import MemoirObjective, what_happened
from tabletop_gui.rules.hexbanners.occupancy import occupied_by
from tabletop_gui.rules.hexbanners.totals import elimination_banners
from tabletop_gui.rules.play_types import Param
from tabletop_gui.rules.scoreboard import HexMark, ObjectiveResult

NEED = "need"
AT_TURN_END = "at_turn_end"


@dataclass(frozen=True)
class Reached:
    side: str
    how: str


class SuddenDeath(MemoirObjective):
    kind = "hex.memoir_sudden_death"
    title = "Memoir '44 sudden death"
    region_label = "a hex toward the sudden-death win"
    params = (
        Param(NEED, "int", 1, "Hexes the side must occupy to win at once"),
        Param(
            AT_TURN_END,
            "bool",
            False,
            "Checked only at the end of the side's turn (it holds them at the end of its turn)",
        ),
    )
    numbers = ((NEED, 1),)
    flags = (AT_TURN_END,)

    @property
    def need(self) -> int:
        return self.number(NEED, 1)

    def first_reaching(self, state: GameState, sides: list[str] | None = None) -> str | None:
        for s in self.sides(state) if sides is None else sides:
            if s in state.scene.side_ids and len(occupied_by(state, s, self.hexes)) >= self.need:
                return s
        return None

    def checked_now(self, before: GameState, event: Event) -> list[str] | None:
        """The sides it is checked for after ``event`` (None: every side it serves)."""
        if not self.flag(AT_TURN_END):
            return None
        sides = self.sides(before)
        if isinstance(event, TurnEnd) and event.side in sides:
            return [event.side]
        ending = before.clock.side
        if isinstance(event, TurnStart) and ending in sides and ending != event.side:
            return [ending]
        return []

    def reached(self, state: GameState) -> Reached | None:
        rec = self.record(state, None)
        if isinstance(rec, Reached):
            return rec
        if rec is None and not self.flag(AT_TURN_END):  # setup: nothing folded yet
            side = self.first_reaching(state)
            return Reached(side, "at setup") if side is not None else None
        return None

    def fold(self, before: GameState, event: Event, after: GameState) -> GameState:
        done = self.reached(before)
        if done is None:
            side = self.first_reaching(after, self.checked_now(before, event))
            if side is not None:
                done = Reached(side, what_happened(before, event))
        return after.with_record(self.id, done if done is not None else False)

    def decided(self, state: GameState) -> str | None:
        done = self.reached(state)
        return done.side if done is not None else None

    def banners(self, state: GameState) -> dict[str, int]:
        done = self.reached(state)
        if done is None:
            return {}
        target = settings.target(state.setup, done.side)
        if target is None:
            return {done.side: 1}
        rest = elimination_banners(state).get(done.side, 0)
        rest += settings.banners_before(state.setup).get(done.side, 0)
        for obj in objectives_of(state.setup):
            if isinstance(obj, BannerObjective) and not isinstance(obj, SuddenDeath):
                rest += obj.banners(state).get(done.side, 0)
        return {done.side: max(1, target - rest)}

    def evaluate(self, state: GameState) -> ObjectiveResult:
        done = self.reached(state)
        sides = [s for s in self.sides(state) if s in state.scene.side_ids]
        who = " or ".join(side_name(state, s) for s in sides) or "nobody"
        when = " at the end of its turn" if self.flag(AT_TURN_END) else ""
        rule = (
            f"Sudden death for {who}: occupying {self.need} of the {len(self.hexes)} hexes of "
            f"{self.where()}{when} wins the battle at once."
        )
        if done is not None:
            now = f"{side_name(state, done.side)} reached it ({done.how}) and wins."
        else:
            counts = ", ".join(
                f"{side_name(state, s)} {len(occupied_by(state, s, self.hexes))}" for s in sides
            )
            now = f"Not reached: hexes occupied now: {counts}."
        problems = []
        if done is not None and settings.target(state.setup, done.side) is None:
            problems.append(f"{self.name}: the side has no banner target: it cannot end the game")
        result = self.result(
            state,
            self.banners(state),
            f"{rule} {now}",
            permanent=True,
            highlights=[
                HexMark(tuple(self.valid_hexes(state)), done.side if done else None, self.name)
            ],
            details={"reached": done.side if done else None},
        )
        if problems:
            result = replace(result, problems=(*result.problems, *problems))
        return result
