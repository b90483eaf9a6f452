"""Temporary banners: Temporary (hex or group), Start Turn Temporary and Turn
Start Temporary Majority (group).

Each keeps a ``Holding`` record folded after every event. A banner is lost at
once when its condition fails (a unit leaves by move, retreat, exit or
elimination). The rules' note: "a temporary victory banner objective hex is
still considered occupied when an ordered unit moves out of the hex and another
friendly unit is ordered to occupy the hex during the same movement phase". So
a loss caused by an ordered move out of one of the objective's hexes in the
movement phase stays open: if another ordered unit of the same side enters a
hex of the objective that an ordered unit of that side left in this phase, the
banner is restored as if the hex had never been vacated (it matters for the
start-of-turn kinds, which could not otherwise be regained before the next turn
start).
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.events import Event, PhaseEnd, PhaseStart, TurnEnd, TurnStart
from tabletop_gui.model.hexgrid import Hex, hex_label
from tabletop_gui.model.names import possessive
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.hexbanners.base import BannerObjective, side_name
from tabletop_gui.rules.hexbanners.occupancy import (
    acting_side,
    occupied_by,
    ordered_move,
)
from tabletop_gui.rules.play_types import Param
from tabletop_gui.rules.scoreboard import HexMark, Highlight, ObjectiveResult


@dataclass(frozen=True)
class Holding:
    holder: str | None = None
    how: str = ""  # how the holder gained (or kept) it, for the reason line
    pending: str | None = None  # lost by an ordered move out this movement phase
    #: (side, hex) of the objective's hexes left by ordered moves this movement phase
    vacated: frozenset[tuple[str, Hex]] = frozenset()
    lost: str = ""  # why the last holder lost it


class HoldingObjective(BannerObjective):
    """The shared fold of the three temporary kinds."""

    gains_at_turn_start: ClassVar[bool] = False

    def qualifies(self, state: GameState, side: str) -> bool:
        raise NotImplementedError

    def standing(self, state: GameState, side: str) -> str:
        """What ``side`` holds of the objective now, e.g. '2 of 3 hexes of group Ridge'."""
        raise NotImplementedError

    def turn_start_how(self, state: GameState, side: str, turn: int) -> str:
        name = side_name(state, side)
        held = self.standing(state, side)
        return f"{name} holds {held} at the start of {possessive(name)} turn {turn}"

    def initial(self, state: GameState) -> Holding:
        if self.gains_at_turn_start:
            return Holding()
        qualifying = [s for s in self.sides(state) if self.qualifies(state, s)]
        if len(qualifying) == 1:
            s = qualifying[0]
            return Holding(s, f"{side_name(state, s)} occupies {self.standing(state, s)}")
        return Holding()

    def holding(self, state: GameState) -> Holding:
        rec = self.record(state, None)
        return rec if rec is not None else self.initial(state)

    def fold(self, before: GameState, event: Event, after: GameState) -> GameState:
        rec = self.holding(before)
        sides = [s for s in self.sides(after) if s in after.scene.side_ids]
        q = {s: self.qualifies(after, s) for s in sides}
        move = ordered_move(before, event)
        if isinstance(event, PhaseStart | PhaseEnd | TurnStart | TurnEnd):
            lost = rec.lost
            if rec.pending:
                lost = lost.split(";")[0] + ", with no hand-over in that movement phase"
            rec = replace(rec, pending=None, vacated=frozenset(), lost=lost)
        if move is not None and move.from_hex in self.hexes:
            rec = replace(rec, vacated=rec.vacated | {(move.side, move.from_hex)})
        # lost at once when the condition fails
        if rec.holder is not None and not q.get(rec.holder, False):
            who = side_name(after, rec.holder)
            if move is not None and move.side == rec.holder and move.from_hex in self.hexes:
                unit = after.scene.units[move.unit_id].name
                rec = Holding(
                    None,
                    pending=rec.holder,
                    vacated=rec.vacated,
                    lost=(
                        f"{who} lost it when {unit} was ordered out of hex "
                        f"{hex_label(move.from_hex)}; another ordered {who} unit entering that "
                        f"hex in this movement phase keeps it"
                    ),
                )
            else:
                rec = Holding(
                    None, lost=f"{who} lost it: {event.describe(before)}", vacated=rec.vacated
                )
        # the same-phase hand-over
        if (
            rec.holder is None
            and rec.pending is not None
            and move is not None
            and move.side == rec.pending
            and (rec.pending, move.to_hex) in rec.vacated
            and q.get(rec.pending, False)
        ):
            unit = after.scene.units[move.unit_id].name
            taken = hex_label(move.to_hex) if move.to_hex else "?"
            rec = Holding(
                rec.pending,
                f"kept: {unit} took over hex {taken} in the same movement "
                f"phase, so it never counted as vacated; {side_name(after, rec.pending)} "
                f"holds {self.standing(after, rec.pending)}",
                vacated=rec.vacated,
            )
        # gained
        if self.gains_at_turn_start:
            if isinstance(event, TurnStart) and event.side in q and q[event.side]:
                s = event.side
                if rec.holder in (None, s) or not q.get(rec.holder, False):
                    rec = Holding(s, self.turn_start_how(after, s, event.turn))
        elif rec.holder is None:
            qualifying = [s for s in sides if q[s]]
            mover = acting_side(before, event)
            pick = (
                qualifying[0] if len(qualifying) == 1 else (mover if mover in qualifying else None)
            )
            if pick is not None:
                how = f"{side_name(after, pick)} occupies {self.standing(after, pick)}"
                rec = Holding(pick, how, vacated=rec.vacated)
        return after.with_record(self.id, rec)

    def banners(self, state: GameState) -> dict[str, int]:
        rec = self.holding(state)
        return {rec.holder: 1} if rec.holder is not None else {}

    def evaluate(self, state: GameState) -> ObjectiveResult:
        rec = self.holding(state)
        hexes = self.valid_hexes(state)
        now = self.now_text(state, hexes)
        if rec.holder is not None:
            reason = f"{rec.how}: {side_name(state, rec.holder)} holds the banner. {now}"
        else:
            why = f" ({rec.lost})" if rec.lost else ""
            reason = f"Nobody holds the banner of {self.where()}{why}. {self.nobody_hint()}{now}"
        pieces, counting = self.occupant_marks(state, hexes, rec.holder)
        marks: list[Highlight] = [HexMark(tuple(hexes), rec.holder, self.name), *pieces]
        return self.result(
            state,
            self.banners(state),
            reason,
            permanent=False,
            counting=counting,
            highlights=marks,
            details={"holder": rec.holder, "pending": rec.pending},
        )

    def nobody_hint(self) -> str:
        return ""

    def not_held_note(self, state: GameState, side: str) -> str:
        """Why ``side``'s unit on the objective does not count while nobody holds it."""
        name = side_name(state, side)
        if self.qualifies(state, side) and self.gains_at_turn_start:
            return f"counts from {possessive(name)} next turn start"
        return f"{name} {self.short_of(state, side)}"

    def short_of(self, state: GameState, side: str) -> str:
        """What ``side`` lacks to hold it, after its name ('needs 2 of the 3 hexes')."""
        return "does not hold it"

    def now_text(self, state: GameState, hexes: list[Hex]) -> str:
        now = "; ".join(
            f"{side_name(state, s)} {self.standing(state, s)}"
            for s in state.scene.side_ids
            if occupied_by(state, s, hexes)
        )
        return f"Now: {now}." if now else f"Now nobody occupies {self.where()}."


class Temporary(HoldingObjective):
    """Gained at once on occupation, lost at once when vacated. Params: ``hexes``
    (one hex, or a group sharing one banner, with ``group`` naming it) and
    ``need``: hexes of the group a side must occupy (default 1)."""

    kind = "hex.temporary"
    title = "Temporary Victory Banner"

    @property
    def need(self) -> int:
        return int(self.param("need", 1))

    params = (Param("need", "int", 1, "Hexes of the group a side must occupy"),)

    def validate(self) -> list[tuple[str, str]]:
        errors = super().validate()
        need = self.param("need", 1)
        listed = self.param("hexes", None)
        if isinstance(need, bool) or not isinstance(need, int) or need < 1:
            errors.append(("need", f"expected a whole number >= 1, got {need!r}"))
        elif isinstance(listed, list) and need > len(listed):
            errors.append(("need", f"{need} is more than the {len(listed)} hexes listed"))
        return errors

    def qualifies(self, state: GameState, side: str) -> bool:
        return len(occupied_by(state, side, self.hexes)) >= self.need

    def short_of(self, state: GameState, side: str) -> str:
        if len(occupied_by(state, side, self.hexes)) < self.need:
            return f"needs {self.need} of the {len(self.hexes)} hexes"
        return super().short_of(state, side)

    def standing(self, state: GameState, side: str) -> str:
        n = len(occupied_by(state, side, self.hexes))
        if len(self.hexes) == 1:
            return self.where()
        need = f", needs {self.need}" if self.need > 1 else ""
        return f"{n} of {len(self.hexes)} hexes of {self.where()}{need}"


class StartTurnTemporary(Temporary):
    """Gained only if occupied at the start of the side's turn; lost at once when vacated."""

    kind = "hex.start_turn_temporary"
    title = "Start Turn Temporary Victory Banner"
    gains_at_turn_start = True
    region_label = "a banner if it stands here at the start of its turn"

    def nobody_hint(self) -> str:
        return "It is gained only by occupying it at the start of the side's own turn. "


class TurnStartMajority(HoldingObjective):
    """At the start of its turn a side holds the banner if it occupies more hexes
    of the group than the opponent (1 to 0 counts); lost at once with the majority."""

    kind = "hex.turn_start_majority"
    title = "Turn Start Temporary Majority Victory Banner"
    gains_at_turn_start = True
    region_label = "one more hex of the group at the start of its turn"

    def counts(self, state: GameState) -> dict[str, int]:
        return {s: len(occupied_by(state, s, self.hexes)) for s in state.scene.side_ids}

    def qualifies(self, state: GameState, side: str) -> bool:
        counts = self.counts(state)
        mine = counts.get(side, 0)
        return mine > 0 and all(v < mine for s, v in counts.items() if s != side)

    def short_of(self, state: GameState, side: str) -> str:
        return f"has no majority of the {len(self.hexes)} hexes"

    def standing(self, state: GameState, side: str) -> str:
        counts = self.counts(state)
        others = ", ".join(f"{side_name(state, s)} {v}" for s, v in counts.items() if s != side)
        return f"{counts.get(side, 0)} of {len(self.hexes)} hexes of {self.where()} ({others})"

    def now_text(self, state: GameState, hexes: list[Hex]) -> str:
        counts = self.counts(state)
        each = ", ".join(f"{side_name(state, s)} {v}" for s, v in counts.items())
        return f"Now of the {len(self.hexes)} hexes of {self.where()}: {each}."

    def turn_start_how(self, state: GameState, side: str, turn: int) -> str:
        counts = self.counts(state)
        name = side_name(state, side)
        others = ", ".join(f"{side_name(state, s)} {v}" for s, v in counts.items() if s != side)
        return (
            f"{name} holds {counts.get(side, 0)} of {len(self.hexes)} hexes of {self.where()} "
            f"at the start of {possessive(name)} turn {turn} ({others})"
        )

    def nobody_hint(self) -> str:
        return (
            "A side gains it with more hexes of the group than the opponent "
            "at the start of its turn. "
        )
