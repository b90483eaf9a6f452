"""The Ninth Age events: Spoils of War pick-up and drop, King of the Hill picks,
Capture the Flags marks. Each checks only what the model needs (the pieces exist);
the rules (rules/t9a/) check when and whether the event is allowed."""

from __future__ import annotations

import math
from dataclasses import replace

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.events.base import Event, EventError, clock_prefix
from tabletop_gui.model.pieces import Marker, Unit
from tabletop_gui.model.state import GameState


def _marker(state: GameState, marker_id: str) -> Marker:
    marker = state.scene.markers.get(marker_id)
    if marker is None:
        raise EventError(f"no marker with id {marker_id!r}")
    return marker


def _unit(state: GameState, unit_id: str) -> Unit:
    unit = state.scene.units.get(unit_id)
    if unit is None:
        raise EventError(f"no unit with id {unit_id!r}")
    return unit


def _marker_name(marker: Marker) -> str:
    return marker.label or marker.id


@dataclass(frozen=True)
class SpoilsPickUp(Event):
    """Spoils of War: ``unit_id`` picks up ``marker_id`` (start of its Player Turn)."""

    type = "t9a.spoils_pick_up"
    marker_id: str
    unit_id: str

    def apply(self, state: GameState) -> GameState:
        marker = _marker(state, self.marker_id)
        _unit(state, self.unit_id)
        if marker.carried_by is not None:
            raise EventError(f"{self.marker_id} is already carried by {marker.carried_by!r}")
        carried = replace(marker, carried_by=self.unit_id)
        return state.with_scene(state.scene.with_piece(carried))

    def describe(self, state: GameState) -> str:
        unit = _unit(state, self.unit_id)
        marker = _marker(state, self.marker_id)
        return f"{clock_prefix(state)}: {unit.name} picks up {_marker_name(marker)}"


@dataclass(frozen=True)
class SpoilsDrop(Event):
    """Spoils of War: the marker a destroyed (or no longer Scoring) carrier held is
    placed by the opponent with its centre at ``x, y``."""

    type = "t9a.spoils_drop"
    marker_id: str
    x: float
    y: float

    def apply(self, state: GameState) -> GameState:
        marker = _marker(state, self.marker_id)
        if marker.carried_by is None:
            raise EventError(f"{self.marker_id} is not carried: nothing to drop")
        if not (math.isfinite(self.x) and math.isfinite(self.y)):
            raise EventError(f"{self.marker_id}: position must be finite")
        dropped = replace(marker, carried_by=None, x=float(self.x), y=float(self.y))
        return state.with_scene(state.scene.with_piece(dropped))

    def describe(self, state: GameState) -> str:
        marker = _marker(state, self.marker_id)
        carrier = state.scene.units.get(marker.carried_by or "")
        who = carrier.name if carrier else "its carrier"
        at = f"({self.x:.1f}, {self.y:.1f})"
        return f"{clock_prefix(state)}: {_marker_name(marker)} dropped by {who}, placed at {at}"


@dataclass(frozen=True)
class KingOfTheHillPick(Event):
    """King of the Hill: ``side`` chooses the Terrain Feature ``terrain_id``."""

    type = "t9a.king_of_the_hill_pick"
    side: str
    terrain_id: str

    def apply(self, state: GameState) -> GameState:
        if self.side not in state.scene.side_ids:
            raise EventError(f"unknown side {self.side!r}")
        if self.terrain_id not in state.scene.terrain:
            raise EventError(f"no terrain feature with id {self.terrain_id!r}")
        return state

    def describe(self, state: GameState) -> str:
        terrain = state.scene.terrain[self.terrain_id]
        who = state.scene.side(self.side).name
        return f"{clock_prefix(state)}: {who} picks {terrain.name or terrain.id} (King of the Hill)"


@dataclass(frozen=True)
class FlagMark(Event):
    """Capture the Flags: the opponent marks ``unit_id`` to bring its army up to 3 marked units."""

    type = "t9a.capture_the_flags_mark"
    unit_id: str

    def apply(self, state: GameState) -> GameState:
        _unit(state, self.unit_id)
        return state

    def describe(self, state: GameState) -> str:
        return (
            f"{clock_prefix(state)}: {_unit(state, self.unit_id).name} marked (Capture the Flags)"
        )


#: The Ninth Age's own events (``NinthAge.events``).
EVENTS = (SpoilsPickUp, SpoilsDrop, KingOfTheHillPick, FlagMark)
