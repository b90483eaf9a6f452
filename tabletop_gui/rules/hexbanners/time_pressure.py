"""Time Pressure: a side under time pressure that has played a Scout card may, at
the end of its turn, take one permanent banner (and draw one Command card instead
of the Scout card's own draw). Refused if that banner would be the one that wins.
"At the end of the turn" is enforced: after the banner, only the end of the phase
and of the turn may follow, so banners the turn still brings count first.
Params: ``side``/``sides``: who is under time pressure."""

from __future__ import annotations

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.events import (
    DiceRoll,
    Event,
    GameEnd,
    PhaseEnd,
    TurnEnd,
    TurnStart,
)
from tabletop_gui.model.names import possessive
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.hexbanners.base import BannerObjective, ordinal, side_name
from tabletop_gui.rules.hexbanners.events import SCOUT, TakeTimePressureBanner
from tabletop_gui.rules.hexbanners.records import cards
from tabletop_gui.rules.hexbanners.totals import banner_totals, targets
from tabletop_gui.rules.scoreboard import ObjectiveResult

#: What may follow a Time Pressure banner: it is taken at the end of the turn.
AFTER_THE_BANNER = (PhaseEnd, TurnEnd, TurnStart, GameEnd, DiceRoll, TakeTimePressureBanner)


@dataclass(frozen=True)
class Taken:
    side: str
    turn: int


class TimePressure(BannerObjective):
    kind = "hex.time_pressure"
    title = "Time Pressure"
    needs_hexes = False
    single_banner = False

    def taken(self, state: GameState) -> tuple[Taken, ...]:
        return self.record(state, ())

    def scouts_this_turn(self, state: GameState, side: str) -> int:
        turn = state.clock.turn
        return sum(
            1 for c in cards(state)
            if c.side == side and c.turn == turn and c.card.strip().lower() == SCOUT.lower()
        )  # fmt: skip

    @property
    def closing_key(self) -> str:
        """Record: the side that took its banner this turn, until the turn ends."""
        return f"{self.id}.closing"

    def check(self, state: GameState, event: Event) -> str | None:
        closing = state.records.get(self.closing_key)
        if closing is not None and not isinstance(event, AFTER_THE_BANNER):
            name = side_name(state, closing)
            return (
                f"{name} took its Time Pressure banner at the end of {possessive(name)} turn: "
                "only the end of the phase and of the turn may follow it (record the banner last)."
            )
        if not isinstance(event, TakeTimePressureBanner):
            return None
        side, name = event.side, side_name(state, event.side)
        if side not in self.sides(state):
            return f"{name} is not under time pressure in this scenario."
        if state.clock.side != side:
            return f"{name} takes a Time Pressure banner only at the end of its own turn."
        used = sum(1 for t in self.taken(state) if t.side == side and t.turn == state.clock.turn)
        if self.scouts_this_turn(state, side) <= used:
            return f"{name} has not played a Scout card this turn (or has already used it)."
        total = banner_totals(state).get(side, 0)
        target = targets(state).get(side)
        if target is not None and total + 1 >= target:
            return (
                f"Refused: a Time Pressure banner would be {possessive(name)} {ordinal(total + 1)} "
                f"banner, the one that wins the battle (target {target})."
            )
        return None

    def fold(self, before: GameState, event: Event, after: GameState) -> GameState:
        if isinstance(event, TakeTimePressureBanner) and event.side in self.sides(after):
            after = after.with_record(self.closing_key, event.side)
            return after.with_record(
                self.id, (*self.taken(after), Taken(event.side, before.clock.turn))
            )
        if isinstance(event, TurnEnd | TurnStart) and after.records.get(self.closing_key):
            return after.with_record(self.closing_key, None)
        return after

    def banners(self, state: GameState) -> dict[str, int]:
        out: dict[str, int] = {}
        for t in self.taken(state):
            out[t.side] = out.get(t.side, 0) + 1
        return out

    def evaluate(self, state: GameState) -> ObjectiveResult:
        banners = self.banners(state)
        parts = []
        for s in self.sides(state):
            if s not in state.scene.side_ids:
                continue
            turns = ", ".join(str(t.turn) for t in self.taken(state) if t.side == s)
            when = f" (turn{'s' if ',' in turns else ''} {turns})" if turns else ""
            parts.append(
                f"{side_name(state, s)} is under time pressure and took {banners.get(s, 0)}{when}"
            )
        reason = (
            "; ".join(parts)
            + ". A banner is taken after playing a Scout card, never the winning one."
        )
        return self.result(state, banners, reason, permanent=True)
