"""How Carnevale is played on the board (no Qt): rounds with one character's
activation at a time, the objective actions (reveal, pick up, claim, destroy,
drop, hand over, steal), Life Points, round bases and objective markers, and the
board File > New offers (docs/carnevale.md)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from tabletop_gui.model.board import InchBoard
from tabletop_gui.model.events import Event, TurnEnd, TurnStart
from tabletop_gui.model.fields import field_values
from tabletop_gui.model.names import inches, piece_label, possessive, side_name
from tabletop_gui.model.pieces import BaseShape, Marker, Unit
from tabletop_gui.model.scene import Board, Scene, Setup
from tabletop_gui.model.state import GameState
from tabletop_gui.rules import flags
from tabletop_gui.rules.carnevale import records, settings
from tabletop_gui.rules.carnevale.events import (
    ActivationEnd,
    ActivationStart,
    CharacterRemoved,
    ClaimObjective,
    DestroyObjective,
    DropObjective,
    HandOverObjective,
    LifePointsLost,
    PickUpObjective,
    RevealObjective,
    StealObjective,
    carried_by,
    spots_around,
)
from tabletop_gui.rules.carnevale.fields import LIFE_POINTS, MINDLESS, PICKPOCKET, REVEALED
from tabletop_gui.rules.carnevale.measure import gap
from tabletop_gui.rules.carnevale.placement import MARKER_KIND
from tabletop_gui.rules.carnevale.presets import BASE_SIZES_MM, new_carnevale_setup
from tabletop_gui.rules.family import Family
from tabletop_gui.rules.nearby import markers_near, units_near
from tabletop_gui.rules.play_types import (
    PLAIN_MARKER,
    Action,
    Chooser,
    MarkerPreset,
    NewPreset,
    Palette,
    Step,
    TurnControls,
    UnitPreset,
    Words,
)

UNIT_PRESETS = tuple(
    UnitPreset(f"round-{d}", f"Round {d} mm (Carnevale)", BaseShape.ROUND, d, d, 1, 1,
               field_values({LIFE_POINTS: 10}))
    for d in BASE_SIZES_MM
)  # fmt: skip
OBJECTIVE_RULES = ("hidden", "mobile", "claimable", "destructible")


def _objective(key: str, title: str, rule: str | None) -> MarkerPreset:
    rules = frozenset({rule}) if rule else frozenset()
    name = f"{rule.capitalize()} objective" if rule else "Objective"
    return MarkerPreset(key, title, MARKER_KIND, value=1, rules=rules, name=name)


MARKER_PRESETS = (
    _objective("objective", "Objective (30 mm, 1 VP)", None),
    _objective("objective-hidden", "Hidden objective", "hidden"),
    _objective("objective-mobile", "Mobile objective", "mobile"),
    _objective("objective-claimable", "Claimable objective", "claimable"),
    _objective("objective-destructible", "Destructible objective", "destructible"),
    PLAIN_MARKER,
)
#: Elevation (3D ranges), Life Points, Mindless, Pickpocket; objective markers'
#: value, rules and Revealed.
UNIT_FIELDS = ("name", "side", "base_shape", "base_width_mm", "base_depth_mm", "x", "y", "facing",
               "elevation", LIFE_POINTS.key, MINDLESS.key, PICKPOCKET.key)  # fmt: skip
MARKER_FIELDS = ("label", "kind", "value", "diameter_mm", "x", "y", "elevation",
                 *OBJECTIVE_RULES, REVEALED.key)  # fmt: skip


def characters(state: GameState) -> list[str]:
    """The characters on the board."""
    return [u.id for u in state.scene.units.values() if not u.removed]


def can_activate(state: GameState) -> list[str]:
    """Characters that have not activated this round and are on the board."""
    done = records.activated(state)
    return [uid for uid in characters(state) if uid not in done]


def suggested_character(state: GameState) -> str | None:
    """Who activates next by default: a character of the side that did not act
    last (gangs alternate, from one round into the next too: the last to act in
    round 1 is not offered first in round 2), else any that has not activated."""
    left = can_activate(state)
    if not left:
        return None
    last = records.last_side(state)
    if last is not None:
        other = [u for u in left if state.scene.units[u].side != last]
        if other:
            return other[0]
    return left[0]


#: How far clear of the carrier the menu's steal moves the Pickpocket, edge to edge
#: (docs/carnevale.md, Choices where the rules are open): out of base contact, and
#: far enough to be seen apart; the player drags it on, or undoes the steal.
DISENGAGE_CLEAR = 0.5


def disengage_spot(state: GameState, thief: Unit, carrier: Unit) -> tuple[float, float]:
    """Where the menu's steal puts the Pickpocket: ``DISENGAGE_CLEAR`` in clear of
    the carrier, straight away from it, turned step by step to the first spot on
    the board clear of every other base and objective on the board (in base
    contact with none: a disengage does not end touching another enemy)."""
    tol = settings.contact_tolerance(state.setup)
    clear = max(DISENGAGE_CLEAR, 2 * tol)
    r = thief.width_in / 2
    reach = carrier.width_in / 2 + clear + r
    toward = (thief.x, thief.y)
    if math.hypot(thief.x - carrier.x, thief.y - carrier.y) < 1e-9:
        toward = state.scene.board.centre
    width, height = state.scene.board.extent
    others: list[Unit | Marker] = [
        u
        for u in state.scene.units.values()
        if u.id not in (thief.id, carrier.id) and not u.removed
    ]
    others += [m for m in state.scene.markers.values() if m.on_table and not m.destroyed]
    first: tuple[float, float] | None = None
    for x, y in spots_around((carrier.x, carrier.y), toward, reach):
        first = first or (x, y)
        if not (r <= x <= width - r and r <= y <= height - r):
            continue
        moved = replace(thief, x=x, y=y)
        if all(gap(moved, o) > tol for o in others):
            return (x, y)
    return first or (thief.x, thief.y)


def _unit_name(state: GameState, unit_id: str) -> str:
    unit = state.scene.units.get(unit_id)
    return piece_label(unit) if unit else unit_id


class CarnevalePlay(Family):
    """The play hooks of Carnevale (the registered family is ``Carnevale``)."""

    words = Words("VP", "VP", "the game", "Round")
    reference = "docs/carnevale.md"

    def game_over(self, state: GameState) -> bool:
        return records.game_ended(state)

    def clock_text(self, state: GameState, events: Sequence[Event]) -> str:
        open_round = records.round_open(state)
        text = f"Round {state.clock.turn}" + ("" if open_round else " ended")
        act = records.activation(state)
        if act is not None and not act.ended:
            text += f" · {_unit_name(state, act.character)} activating"
        if open_round:
            text += f" · {len(records.activated(state))} of {len(characters(state))} activated"
        return text

    def turn_controls(self, state: GameState, events: Sequence[Event]) -> TurnControls:
        act = records.activation(state)
        if not records.round_open(state) or (act is not None and not act.ended):
            return TurnControls()
        options = []
        for uid in can_activate(state):
            u = state.scene.units[uid]
            options.append((uid, f"{piece_label(u)} ({side_name(state.scene, u.side)})"))
        if not options:  # every character has activated: nothing to choose
            return TurnControls()
        chooser = Chooser("The character to activate next", tuple(options),
                          suggested_character(state))  # fmt: skip
        return TurnControls(chooser=chooser)

    def turn_steps(
        self, state: GameState, events: Sequence[Event], first: str | None, choice: str | None
    ) -> list[Step]:
        """Rounds ``turn_start {turn}`` / ``turn_end {turn}``, one character's
        activation at a time in between."""
        n = state.clock.turn
        if not records.round_open(state):
            if n >= settings.rounds(state.setup):
                return []
            return [Step(f"Start round {n + 1}", (TurnStart(n + 1),))]
        act = records.activation(state)
        end_round = Step(f"End round {n}", (TurnEnd(n),), key="end_round")
        if act is not None and not act.ended:
            name = possessive(_unit_name(state, act.character))
            return [Step(f"End {name} activation", (ActivationEnd(act.character),)), end_round]
        character = choice if choice in can_activate(state) else suggested_character(state)
        if character is None:
            return [end_round]
        name = _unit_name(state, character)
        return [Step(f"Activate {name}", (ActivationStart(character),), key="activate"), end_round]

    def actions(
        self, state: GameState, ids: Sequence[str], point: tuple[float, float] | None
    ) -> list[Action]:
        scene = state.scene
        out: list[Action] = []
        free = [m for m in scene.markers.values()
                if m.kind == MARKER_KIND and not m.destroyed and m.carried_by is None]  # fmt: skip
        act = records.activation(state)
        for u in (scene.units[i] for i in ids if i in scene.units):
            if u.removed:
                continue
            name = piece_label(u)
            if act is not None and act.character == u.id and not act.ended:
                out.append(Action(f"End {name}'s activation", (ActivationEnd(u.id),)))
            else:
                out.append(Action(f"Activate {name}", (ActivationStart(u.id),)))
            for m in markers_near(u, free):
                label = piece_label(m)
                if "hidden" in m.rules and not REVEALED.of(m):
                    out.append(Action(f"{name} reveals {label}", (RevealObjective(u.id, m.id),)))
                if "mobile" in m.rules:
                    out.append(Action(f"{name} picks up {label}", (PickUpObjective(u.id, m.id),)))
                if "claimable" in m.rules:
                    out.append(Action(f"{name} claims {label}", (ClaimObjective(u.id, m.id),)))
                if "destructible" in m.rules:
                    out.append(
                        Action(f"{name} destroys {label} (1 AP)", (DestroyObjective(u.id, m.id),))
                    )
            held = carried_by(state, u.id)
            if held is not None:
                out.append(Action(f"{name} drops {piece_label(held)}", (DropObjective(u.id),)))
            carriers = [
                o for o in scene.units.values()
                if o.id != u.id and not o.removed and carried_by(state, o.id) is not None
            ]  # fmt: skip
            for other in units_near(u, carriers):
                oname = piece_label(other)
                if other.side == u.side:
                    out.append(Action(f"{name} takes the objective from {oname}",
                                      (HandOverObjective(u.id, other.id),)))  # fmt: skip
                elif PICKPOCKET.of(u):
                    x, y = (round(v, 4) for v in disengage_spot(state, u, other))
                    clear = inches(gap(replace(u, x=x, y=y), other))
                    out.append(Action(f"{name} disengages ({clear} clear) and steals from "
                                      f"{oname} (Pickpocket)",
                                      (StealObjective(u.id, other.id, x, y),)))  # fmt: skip
            points = LIFE_POINTS.of(u)
            if points is not None:
                # Every loss up to what it has left (a big hit is one event).
                for n in range(1, max(points, 1) + 1):
                    out.append(Action(f"{name} loses {n} Life Point{'s' if n > 1 else ''}",
                                      (LifePointsLost(u.id, n),), "Life Points"))  # fmt: skip
            out.append(Action(f"Remove {name} from the board", (CharacterRemoved(u.id),)))
        return out

    def flags(self, before: GameState, event: Event, after: GameState) -> list[str]:
        """A character moved outside its own activation (legal only where a rule
        moves it then: a push, a drop), overlapping bases (a character the log
        places too: ``flags.placed_unit``)."""
        unit = flags.moved_unit(before, event)
        if unit is None:
            placed = flags.placed_unit(before, event, after)
            flag = flags.placed_overlap_flag(after, placed.id) if placed is not None else None
            return [flag] if flag else []
        active = before.clock.activation
        found = [flags.overlap_flag(after, unit.id)]
        if active != unit.id and before.clock.turn > 0 and not self.game_over(before):
            if active is None:
                when = "no character is activating"
            else:
                other = before.scene.units.get(active)
                when = f"{other.name if other else active} is activating"
            found.insert(0, f"{unit.name} moved outside its own activation ({when})")
        return [f for f in found if f]

    def unit_fields(self, unit: Unit) -> tuple[str, ...]:
        return UNIT_FIELDS

    def marker_fields(self) -> tuple[str, ...]:
        return MARKER_FIELDS

    def marker_rules(self) -> tuple[str, ...]:
        return OBJECTIVE_RULES

    def value_hidden(self, marker: Marker) -> bool:
        """A Hidden objective not yet revealed: its value is face down."""
        return "hidden" in marker.rules and not REVEALED.of(marker)

    def palette(self, board: Board) -> Palette:
        return Palette(units=UNIT_PRESETS, markers=MARKER_PRESETS, marker_group="Objective markers")

    def objective_template(self, kind: str, setup: Setup, scene: Scene) -> dict[str, Any]:
        """A new objective scores the first marker no objective names yet."""
        if kind != "carnevale.objective":
            return {}
        used = {o.params.get("marker") for o in setup.objectives}
        free = [m.id for m in scene.markers.values() if m.id not in used]
        return {"marker": free[0] if free else ""}

    def new_presets(self) -> list[NewPreset]:
        return [NewPreset("carnevale", "Carnevale board (36 × 36 in)", (), new_carnevale_setup)]

    def same_kind(self, setup: Setup) -> Setup:
        board = setup.scene.board
        if isinstance(board, InchBoard):
            return new_carnevale_setup(board.width, board.height)
        return new_carnevale_setup()
