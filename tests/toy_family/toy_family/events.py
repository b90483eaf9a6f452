"""The toy family's own event: a scout lights its lantern."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop_gui.model.events.base import Event, EventError, clock_prefix
from tabletop_gui.model.state import GameState
from toy_family.fields import LANTERN


@dataclass(frozen=True)
class LightLantern(Event):
    """Scout ``unit_id`` lights its lantern."""

    type = "toy.light_lantern"
    unit_id: str

    def apply(self, state: GameState) -> GameState:
        unit = state.scene.units.get(self.unit_id)
        if unit is None:
            raise EventError(f"no unit with id {self.unit_id!r}")
        if LANTERN.of(unit):
            raise EventError(f"{unit.name}'s lantern is lit already")
        return state.with_scene(state.scene.with_piece(LANTERN.set(unit, True)))

    def describe(self, state: GameState) -> str:
        return f"{clock_prefix(state)}: {state.scene.units[self.unit_id].name} lights a lantern"
