"""Carnevale game-flow events: activations, Life Points, removal, and the
objective actions (reveal, pick up, drop, hand over, steal, claim, destroy).

Rounds reuse the core ``TurnStart(n)`` / ``TurnEnd(n)`` with ``side`` None.
Each event here only changes the model (structural problems raise EventError);
whether the rules allow it now is decided by the Carnevale family's ``check``
(tabletop_gui/rules/carnevale), and the automatic drop of a carried objective
is folded there too.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import replace

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.events.base import Event, EventError, clock_prefix
from tabletop_gui.model.names import moved
from tabletop_gui.model.pieces import Marker, Unit
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.carnevale import settings
from tabletop_gui.rules.carnevale.fields import CLAIMED_BY, LIFE_POINTS, REVEALED
from tabletop_gui.rules.carnevale.records import LOSSES


def character(state: GameState, unit_id: str) -> Unit:
    unit = state.scene.units.get(unit_id)
    if unit is None:
        raise EventError(f"no character with id {unit_id!r}")
    return unit


def objective(state: GameState, marker_id: str) -> Marker:
    marker = state.scene.markers.get(marker_id)
    if marker is None:
        raise EventError(f"no objective marker with id {marker_id!r}")
    return marker


def carried_by(state: GameState, unit_id: str) -> Marker | None:
    """The objective ``unit_id`` carries, if any."""
    for marker in state.scene.markers.values():
        if marker.carried_by == unit_id and not marker.destroyed:
            return marker
    return None


def spots_around(
    centre: tuple[float, float], toward: tuple[float, float], reach: float
) -> Iterator[tuple[float, float]]:
    """Spots ``reach`` in from ``centre``: the one toward ``toward`` first (up,
    +y, when it is the centre itself), then 15 degrees either side in turn, to
    half a turn: where a dropped objective or a disengaging character is tried."""
    cx, cy = centre
    base = math.atan2(toward[1] - cy, toward[0] - cx)
    if math.hypot(toward[0] - cx, toward[1] - cy) < 1e-9:
        base = math.pi / 2
    for step in range(0, 13):
        for sign in (1, -1) if step else (1,):
            angle = base + sign * step * math.pi / 12
            yield cx + math.cos(angle) * reach, cy + math.sin(angle) * reach


def contact_point(
    state: GameState, carrier: Unit, marker: Marker, toward: tuple[float, float]
) -> tuple[float, float]:
    """Where a dropped marker goes by default: touching the carrier's base, on the
    side facing ``toward`` (the board centre, so it stays on the board), turned
    step by step to the first spot no other base at that height overlaps."""
    reach = carrier.width_in / 2 + marker.radius_in
    others = [
        u for u in state.scene.units.values()
        if u.id != carrier.id and not u.removed and abs(u.elevation - carrier.elevation) < 1e-6
    ]  # fmt: skip
    first = None
    for x, y in spots_around((carrier.x, carrier.y), toward, reach):
        first = first or (x, y)
        if all(
            math.hypot(u.x - x, u.y - y) >= u.width_in / 2 + marker.radius_in - 1e-9 for u in others
        ):
            return (x, y)
    return first or (carrier.x, carrier.y + reach)


def dropped(state: GameState, carrier: Unit, x: float | None, y: float | None) -> GameState:
    """The state with ``carrier``'s objective (if any) put down at (x, y), or in
    base contact towards the board centre when no position is given."""
    marker = carried_by(state, carrier.id)
    if marker is None:
        return state
    if x is None or y is None:
        x, y = contact_point(state, carrier, marker, state.scene.board.centre)
    if not (math.isfinite(x) and math.isfinite(y)):
        raise EventError(f"{marker.id}: drop position must be finite")
    new = replace(marker, x=float(x), y=float(y), elevation=carrier.elevation, carried_by=None)
    return state.with_scene(state.scene.with_piece(new))


def _label(piece: Unit | Marker) -> str:
    return getattr(piece, "name", "") or getattr(piece, "label", "") or piece.id


@dataclass(frozen=True)
class ActivationStart(Event):
    """A character starts its activation (3 Action Points)."""

    type = "carnevale.activation_start"
    aliases = ("carnevale_activation_start",)  # its name before file format v2
    character: str

    def apply(self, state: GameState) -> GameState:
        character(state, self.character)
        return state.with_clock(activation=self.character)

    def describe(self, state: GameState) -> str:
        return f"{clock_prefix(state)}: {_label(character(state, self.character))} activates"


@dataclass(frozen=True)
class ActivationEnd(Event):
    type = "carnevale.activation_end"
    aliases = ("carnevale_activation_end",)  # its name before file format v2
    character: str

    def apply(self, state: GameState) -> GameState:
        character(state, self.character)
        return state.with_clock(activation=None)

    def describe(self, state: GameState) -> str:
        name = _label(character(state, self.character))
        return f"{clock_prefix(state)}: {name} ends its activation"


@dataclass(frozen=True)
class LifePointsLost(Event):
    """A character loses ``amount`` Life Points in one go. ``drop_x, drop_y``:
    where its objective lands if this makes it drop (default: in base contact,
    towards the board centre)."""

    type = "carnevale.life_points_lost"
    aliases = ("carnevale_life_points_lost",)  # its name before file format v2
    character: str
    amount: int
    drop_x: float | None = None
    drop_y: float | None = None

    def apply(self, state: GameState) -> GameState:
        unit = character(state, self.character)
        if self.amount < 1:
            raise EventError(
                f"{self.character}: Life Points lost must be at least 1, got {self.amount}"
            )
        points = LIFE_POINTS.of(unit)
        if points is None:
            raise EventError(f"{self.character}: has no Life Points set (set life_points first)")
        left = max(points - self.amount, 0)
        return state.with_scene(state.scene.with_piece(LIFE_POINTS.set(unit, left)))

    def describe(self, state: GameState) -> str:
        name = _label(character(state, self.character))
        points = f"{self.amount} Life Point{'' if self.amount == 1 else 's'}"
        text = f"{clock_prefix(state)}: {name} loses {points}"
        carried = carried_by(state, self.character)
        if carried is not None:  # the row says the objective falls, as it does
            lost = self.amount
            if settings.drop_counting(state.setup) is settings.DropCounting.SINCE_PICK_UP:
                lost += state.records.get(LOSSES, {}).get(self.character, 0)
            if lost >= settings.drop_life_points(state.setup):
                text += f" and drops {_label(carried)}"
        return text


@dataclass(frozen=True)
class CharacterRemoved(Event):
    """A character leaves the board (taken out of action, a spell such as Gateway,
    fled): it stays in the scene flagged removed. ``drop_x, drop_y`` as for
    LifePointsLost."""

    type = "carnevale.character_removed"
    aliases = ("carnevale_character_removed",)  # its name before file format v2
    character: str
    reason: str = ""
    drop_x: float | None = None
    drop_y: float | None = None

    def apply(self, state: GameState) -> GameState:
        unit = character(state, self.character)
        if unit.removed:
            raise EventError(f"{self.character}: already removed")
        return state.with_scene(state.scene.with_piece(replace(unit, removed=True)))

    def describe(self, state: GameState) -> str:
        why = f" ({self.reason})" if self.reason else ""
        name = _label(character(state, self.character))
        return f"{clock_prefix(state)}: {name} removed from the board{why}"


@dataclass(frozen=True)
class RevealObjective(Event):
    type = "carnevale.reveal"
    aliases = ("carnevale_reveal",)  # its name before file format v2
    character: str
    marker: str

    def apply(self, state: GameState) -> GameState:
        character(state, self.character)
        m = objective(state, self.marker)
        return state.with_scene(state.scene.with_piece(REVEALED.set(m, True)))

    def describe(self, state: GameState) -> str:
        who = _label(character(state, self.character))
        return f"{clock_prefix(state)}: {who} reveals {_label(objective(state, self.marker))}"


@dataclass(frozen=True)
class PickUpObjective(Event):
    type = "carnevale.pick_up"
    aliases = ("carnevale_pick_up",)  # its name before file format v2
    character: str
    marker: str

    def apply(self, state: GameState) -> GameState:
        unit = character(state, self.character)
        m = objective(state, self.marker)
        new = replace(m, carried_by=unit.id, x=unit.x, y=unit.y, elevation=unit.elevation)
        return state.with_scene(state.scene.with_piece(new))

    def describe(self, state: GameState) -> str:
        who = _label(character(state, self.character))
        return f"{clock_prefix(state)}: {who} picks up {_label(objective(state, self.marker))}"


@dataclass(frozen=True)
class DropObjective(Event):
    """The carrier puts its objective down in base contact, at (x, y) or by default
    towards the board centre."""

    type = "carnevale.drop"
    aliases = ("carnevale_drop",)  # its name before file format v2
    character: str
    x: float | None = None
    y: float | None = None

    def apply(self, state: GameState) -> GameState:
        unit = character(state, self.character)
        if carried_by(state, unit.id) is None:
            raise EventError(f"{self.character}: carries no objective")
        return dropped(state, unit, self.x, self.y)

    def describe(self, state: GameState) -> str:
        unit = character(state, self.character)
        m = carried_by(state, unit.id)
        what = _label(m) if m else "nothing"
        return f"{clock_prefix(state)}: {_label(unit)} drops {what}"


@dataclass(frozen=True)
class HandOverObjective(Event):
    """``character`` takes the objective from a friendly ``carrier``."""

    type = "carnevale.hand_over"
    aliases = ("carnevale_hand_over",)  # its name before file format v2
    character: str
    carrier: str

    def apply(self, state: GameState) -> GameState:
        taker = character(state, self.character)
        character(state, self.carrier)
        m = carried_by(state, self.carrier)
        if m is None:
            raise EventError(f"{self.carrier}: carries no objective")
        new = replace(m, carried_by=taker.id, x=taker.x, y=taker.y, elevation=taker.elevation)
        return state.with_scene(state.scene.with_piece(new))

    def describe(self, state: GameState) -> str:
        taker = _label(character(state, self.character))
        carrier = _label(character(state, self.carrier))
        return f"{clock_prefix(state)}: {taker} takes the objective from {carrier}"


@dataclass(frozen=True)
class StealObjective(Event):
    """A Pickpocket ``character`` disengages from the enemy ``carrier`` and takes its
    objective; ``x, y`` (optional) is where the disengage move ends."""

    type = "carnevale.steal"
    aliases = ("carnevale_steal",)  # its name before file format v2
    character: str
    carrier: str
    x: float | None = None
    y: float | None = None

    def apply(self, state: GameState) -> GameState:
        thief = character(state, self.character)
        character(state, self.carrier)
        m = carried_by(state, self.carrier)
        if m is None:
            raise EventError(f"{self.carrier}: carries no objective")
        if self.x is not None and self.y is not None:
            if not (math.isfinite(self.x) and math.isfinite(self.y)):
                raise EventError(f"{self.character}: position must be finite")
            thief = replace(thief, x=float(self.x), y=float(self.y))
        new = replace(m, carried_by=thief.id, x=thief.x, y=thief.y, elevation=thief.elevation)
        return state.with_scene(state.scene.with_pieces([thief, new]))

    def describe(self, state: GameState) -> str:
        """'Round 2: Deep Spawn disengages (moved 2.55 in) and steals Smuggler's
        Chest from Cutpurse': how far the disengage took it, when the event says."""
        unit = character(state, self.character)
        thief = _label(unit)
        carrier = _label(character(state, self.carrier))
        loot = carried_by(state, self.carrier)
        what = _label(loot) if loot is not None else "the objective"
        how = ""
        if self.x is not None and self.y is not None:
            how = f" (moved {moved(math.hypot(self.x - unit.x, self.y - unit.y))})"
        return f"{clock_prefix(state)}: {thief} disengages{how} and steals {what} from {carrier}"


@dataclass(frozen=True)
class ClaimObjective(Event):
    """The character's gang claims the objective."""

    type = "carnevale.claim"
    aliases = ("carnevale_claim",)  # its name before file format v2
    character: str
    marker: str

    def apply(self, state: GameState) -> GameState:
        unit = character(state, self.character)
        m = objective(state, self.marker)
        return state.with_scene(state.scene.with_piece(CLAIMED_BY.set(m, unit.side)))

    def describe(self, state: GameState) -> str:
        who = _label(character(state, self.character))
        return f"{clock_prefix(state)}: {who} claims {_label(objective(state, self.marker))}"


@dataclass(frozen=True)
class DestroyObjective(Event):
    """The character spends 1 Action Point to remove the objective from the game."""

    type = "carnevale.destroy"
    aliases = ("carnevale_destroy",)  # its name before file format v2
    character: str
    marker: str

    def apply(self, state: GameState) -> GameState:
        character(state, self.character)
        m = objective(state, self.marker)
        return state.with_scene(state.scene.with_piece(replace(m, destroyed=True, carried_by=None)))

    def describe(self, state: GameState) -> str:
        who = _label(character(state, self.character))
        return f"{clock_prefix(state)}: {who} destroys {_label(objective(state, self.marker))}"


#: Carnevale's own events (``Carnevale.events``).
EVENTS = (
    ActivationStart, ActivationEnd, LifePointsLost, CharacterRemoved, RevealObjective,
    PickUpObjective, DropObjective, HandOverObjective, StealObjective, ClaimObjective,
    DestroyObjective,
)  # fmt: skip
