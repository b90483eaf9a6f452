"""Permanent banners: Permanent (the moment a unit occupies the hex) and Turn
Start Permanent (occupied at the start of the side's turn). Gained for good:
the hex holds one banner, so once a side has it, no side captures it again
(where both sides may gain it, the first to capture keeps it).

A unit already standing on the hex at setup has not "occupied" it by an event:
it captures a Permanent hex by entering it (documented in docs/hex.md)."""

from __future__ import annotations

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.events import Event, TurnStart
from tabletop_gui.model.hexgrid import Hex, hex_label
from tabletop_gui.model.names import possessive
from tabletop_gui.model.pieces import Unit
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.hexbanners.base import BannerObjective, side_name
from tabletop_gui.rules.hexbanners.occupancy import occupancy, occupied_by
from tabletop_gui.rules.region import Region
from tabletop_gui.rules.scoreboard import HexMark, ObjectiveResult, PieceMark, Role


@dataclass(frozen=True)
class Capture:
    side: str
    hex: Hex
    unit_name: str
    turn: int
    how: str


class PermanentBase(BannerObjective):
    def captures(self, state: GameState) -> tuple[Capture, ...]:
        return self.record(state, ())

    def _capture(self, after: GameState, side: str, h: Hex, how: str) -> GameState:
        occ = occupancy(after)
        unit = after.scene.units[occ[h].unit_ids[0]].name
        cap = Capture(side, h, unit, after.clock.turn, how)
        return after.with_record(self.id, (*self.captures(after), cap))

    def banners(self, state: GameState) -> dict[str, int]:
        out: dict[str, int] = {}
        for cap in self.captures(state):
            out[cap.side] = 1
        return out

    def evaluate(self, state: GameState) -> ObjectiveResult:
        caps = self.captures(state)
        hexes = self.valid_hexes(state)
        if caps:
            reason = " ".join(
                f"{side_name(state, c.side)} captured {self.where()} for good: {c.unit_name} "
                f"{c.how} hex {hex_label(c.hex)} (turn {c.turn})."
                for c in caps
            )
        else:
            allowed = " or ".join(side_name(state, s) for s in self.sides(state))
            reason = f"Not captured yet: {self.hint()} ({allowed})."
        holder = caps[0].side if len(caps) == 1 else None
        marks: list = [HexMark(tuple(hexes), holder, self.name)]
        occ = occupancy(state)
        marks += [
            PieceMark(uid, Role.COUNTS if occ[h].side in {c.side for c in caps} else Role.SELECTED,
                      occ[h].side, f"hex {hex_label(h)}")
            for h in hexes if h in occ for uid in occ[h].unit_ids
        ]  # fmt: skip
        return self.result(
            state,
            self.banners(state),
            reason,
            permanent=True,
            counting=self.holders(state, hexes),
            highlights=marks,
            details={"captured": [{"side": c.side, "turn": c.turn} for c in caps]},
        )

    def hint(self) -> str:
        raise NotImplementedError

    def scoring_region(self, state: GameState, unit: Unit) -> Region | None:
        caps = self.captures(state)
        if caps:
            who = side_name(state, caps[0].side)
            return Region(why=f"captured for good by {who}: the hex holds one banner")
        return super().scoring_region(state, unit)


class Permanent(PermanentBase):
    """Captured for good the moment a unit of the side occupies the hex."""

    kind = "hex.permanent"
    title = "Permanent Victory Banner"

    def fold(self, before: GameState, event: Event, after: GameState) -> GameState:
        if self.captures(after):
            return after  # the hex's one banner is gained for good
        for side in self.sides(after):
            if side not in after.scene.side_ids:
                continue
            had = set(occupied_by(before, side, self.hexes))
            for h in occupied_by(after, side, self.hexes):
                if h not in had:
                    after = self._capture(after, side, h, "entered")
                    break
        return after

    def hint(self) -> str:
        return f"the first unit of the side to enter {self.where()} captures it"


class TurnStartPermanent(PermanentBase):
    """Captured for good when the side occupies the hex at the start of its turn."""

    kind = "hex.turn_start_permanent"
    title = "Turn Start Permanent Victory Banner"
    region_label = "a banner if it stands here at the start of its turn"

    def fold(self, before: GameState, event: Event, after: GameState) -> GameState:
        if not isinstance(event, TurnStart) or event.side not in self.sides(after):
            return after
        if self.captures(after):
            return after  # the hex's one banner is gained for good
        held = occupied_by(after, event.side, self.hexes)
        if held:
            whose = possessive(side_name(after, event.side))
            how = f"stood at the start of {whose} turn {event.turn} on"
            after = self._capture(after, event.side, held[0], how)
        return after

    def hint(self) -> str:
        return f"a side captures it by occupying {self.where()} at the start of its own turn"
