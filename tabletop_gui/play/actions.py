"""The objective actions a selection offers (context menu, turn bar).

Plain Python (no Qt). Each ``Action`` is a label and the events it would
record; ``offer`` lists the ones that make sense for the selected pieces and
the point clicked (the nearby markers, the hex under the mouse). Whether an
action is allowed *now* is the engine's answer: ``refusal(state, action)``
runs ``rules.engine.check`` over its events, and the window shows that reason
when the action is chosen. Nothing here decides a rule.

Dice rolls a rule asks for are read from the Scoreboard (an objective's
``details.dice_needed``): ``dice_requests`` lists them; the window asks the
player for the roll and records a ``dice_roll`` event, never rolling itself.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from tabletop_gui.geometry.outline import distance_3d, marker_outline, unit_outline
from tabletop_gui.model.events import (
    DiceRoll,
    Event,
    EventError,
    RemoveCasualty,
    UpdatePiece,
)
from tabletop_gui.model.events.carnevale import (
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
)
from tabletop_gui.model.events.hexgame import (
    Eliminate,
    ExitBoard,
    HexMove,
    PlayCard,
    Retreat,
    TakeTimePressureBanner,
)
from tabletop_gui.model.events.t9a import FlagMark, KingOfTheHillPick, SpoilsDrop, SpoilsPickUp
from tabletop_gui.model.hexgrid import HexBoard, hex_label
from tabletop_gui.model.pieces import Marker, Terrain, Unit
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.engine import RuleError, apply
from tabletop_gui.rules.scoreboard import Scoreboard

#: Markers this far (inches, edge to edge) from a selected unit are offered for
#: pick-up, reveal, claim... The rule itself (contact) is checked by the engine.
NEARBY_IN = 2.0
#: Command cards offered by the hex turn bar (any name can be typed).
COMMAND_CARDS = (
    "Scout",
    "Attack Left Flank",
    "Attack Center",
    "Attack Right Flank",
    "Probe Left Flank",
    "Probe Center",
    "Probe Right Flank",
    "Assault Center",
)


@dataclass(frozen=True)
class Action:
    label: str
    events: tuple[Event, ...]
    group: str = ""  # a submenu title, or "" for the top level


def refusal(state: GameState, events: Sequence[Event]) -> str | None:
    """Why the rules (or the model) refuse ``events`` now, or None."""
    try:
        for event in events:
            state = apply(state, event)
    except (RuleError, EventError) as exc:
        return str(exc)
    return None


def _label(piece: Unit | Marker | Terrain) -> str:
    return getattr(piece, "name", "") or getattr(piece, "label", "") or piece.id


def _kinds(state: GameState) -> set[str]:
    return {spec.kind for spec in state.setup.objectives}


def _near(state: GameState, unit: Unit, markers: Sequence[Marker]) -> list[Marker]:
    outline = unit_outline(unit)
    scored = [(distance_3d(outline, marker_outline(m)), m.id, m) for m in markers]
    return [m for d, _i, m in sorted(scored) if d <= NEARBY_IN]


def offer(
    state: GameState, ids: Sequence[str], point: tuple[float, float] | None = None
) -> list[Action]:
    """The actions for the selected pieces ``ids`` (right-clicked at ``point``)."""
    scene = state.scene
    family = state.setup.family
    out: list[Action] = []
    units = [scene.units[i] for i in ids if i in scene.units]
    markers = [scene.markers[i] for i in ids if i in scene.markers]
    terrain = [scene.terrain[i] for i in ids if i in scene.terrain]
    if family == "t9a":
        out += _t9a(state, units, markers, terrain, point)
    elif family == "hex":
        out += _hex(state, units, point)
    elif family == "carnevale":
        out += _carnevale(state, units, markers)
    return out


def _t9a(
    state: GameState,
    units: list[Unit],
    markers: list[Marker],
    terrain: list[Terrain],
    point: tuple[float, float] | None,
) -> list[Action]:
    scene = state.scene
    kinds = _kinds(state)
    out: list[Action] = []
    for u in units:
        name = u.name or u.id
        if "t9a.spoils_of_war" in kinds:
            free = [m for m in scene.markers.values()
                    if m.kind == "t9a.spoils" and m.carried_by is None]  # fmt: skip
            for m in _near(state, u, free):
                out.append(Action(f"{name} picks up {_label(m)} (Spoils of War)",
                                  (SpoilsPickUp(m.id, u.id),)))  # fmt: skip
        if "t9a.capture_the_flags" in kinds:
            out.append(Action(f"Mark {name} (Capture the Flags)", (FlagMark(u.id),)))
        if not u.removed:
            out.append(Action(f"Remove {name} as a casualty", (RemoveCasualty(u.id),)))
            flee = "Rallied: no longer Fleeing" if u.fleeing else "Fleeing"
            out.append(Action(f"{name}: {flee}", (UpdatePiece(u.id, {"fleeing": not u.fleeing}),)))
            lost = "Scoring back" if u.scoring_lost else "Lost Scoring"
            out.append(
                Action(
                    f"{name}: {lost}", (UpdatePiece(u.id, {"scoring_lost": not u.scoring_lost}),)
                )
            )
    for m in markers:
        if m.kind == "t9a.spoils" and m.carried_by is not None and point is not None:
            x, y = point
            out.append(Action(f"Place {_label(m)} here ({x:.1f}, {y:.1f}) (dropped by its carrier)",
                              (SpoilsDrop(m.id, x, y),)))  # fmt: skip
    if "t9a.king_of_the_hill" in kinds:
        for t in terrain:
            for s in scene.sides:
                out.append(Action(f"{s.name} picks {_label(t)} (King of the Hill)",
                                  (KingOfTheHillPick(s.id, t.id),)))  # fmt: skip
    return out


def _hex(state: GameState, units: list[Unit], point: tuple[float, float] | None) -> list[Action]:
    board = state.scene.board
    out: list[Action] = []
    if not isinstance(board, HexBoard):
        return out
    for u in units:
        if u.removed:
            continue
        name = u.name or u.id
        here = board.point_to_hex(u.x, u.y)
        if point is not None:
            to = board.point_to_hex(*point)
            if to != here and board.contains(to):
                out.append(Action(f"{name}: ordered move to hex {hex_label(to)}",
                                  (HexMove(u.id, to),)))  # fmt: skip
                out.append(Action(f"{name}: retreat to hex {hex_label(to)}", (Retreat(u.id, to),)))
        out.append(Action(f"{name} exits the board (ordered)", (ExitBoard(u.id),)))
        what = "leader" if u.leader else "unit"
        out.append(Action(f"Eliminate {what} {name}", (Eliminate(u.id),)))
    return out


def side_actions(state: GameState, card: str = "Scout") -> list[Action]:
    """Turn-bar actions of the side whose turn it is (hex: cards, Time Pressure)."""
    side = state.clock.side
    if state.setup.family != "hex" or side is None:
        return []
    out = [Action(f"Play {card}", (PlayCard(side, card),), "card")]
    if "hex.time_pressure" in _kinds(state):
        out.append(Action("Take a Time Pressure banner", (TakeTimePressureBanner(side),), "time"))
    return out


def _carnevale(state: GameState, units: list[Unit], markers: list[Marker]) -> list[Action]:
    scene = state.scene
    out: list[Action] = []
    objectives = [m for m in scene.markers.values() if m.kind == "objective" and not m.destroyed]
    act = state.records.get("carnevale.activation")
    for u in units:
        if u.removed:
            continue
        name = u.name or u.id
        if act is not None and act.character == u.id and not act.ended:
            out.append(Action(f"End {name}'s activation", (ActivationEnd(u.id),)))
        else:
            out.append(Action(f"Activate {name}", (ActivationStart(u.id),)))
        free = [m for m in objectives if m.carried_by is None]
        for m in _near(state, u, free + [m for m in markers if m in free]):
            label = _label(m)
            if "hidden" in m.rules and not m.revealed:
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
            out.append(Action(f"{name} drops {_label(held)}", (DropObjective(u.id),)))
        for other in scene.units.values():
            if other.id == u.id or other.removed or carried_by(state, other.id) is None:
                continue
            if distance_3d(unit_outline(u), unit_outline(other)) > NEARBY_IN:
                continue
            oname = other.name or other.id
            if other.side == u.side:
                out.append(Action(f"{name} takes the objective from {oname}",
                                  (HandOverObjective(u.id, other.id),)))  # fmt: skip
            elif u.pickpocket:
                out.append(Action(f"{name} disengages and steals from {oname} (Pickpocket)",
                                  (StealObjective(u.id, other.id),)))  # fmt: skip
        if u.life_points is not None:
            for n in (1, 2, 3, 4, 5):
                if n <= max(u.life_points, 1):
                    out.append(Action(f"{name} loses {n} Life Point{'s' if n > 1 else ''}",
                                      (LifePointsLost(u.id, n),), "Life Points"))  # fmt: skip
        out.append(Action(f"Remove {name} from the board", (CharacterRemoved(u.id),)))
    return out


# -- dice ---------------------------------------------------------------------


@dataclass(frozen=True)
class DiceRequest:
    """A roll a rule asks for: objective ``objective`` needs a winner for ``subject``."""

    objective: str
    objective_name: str
    subject: str
    subject_name: str

    @property
    def purpose(self) -> str:
        return f"{self.objective_name}: {self.subject_name}"

    def event(self, winner: str, result: int | None = None) -> DiceRoll:
        return DiceRoll(
            purpose=self.purpose,
            result=result,
            winner=winner,
            objective=self.objective,
            subject=self.subject,
        )


def dice_requests(state: GameState, board: Scoreboard) -> list[DiceRequest]:
    """Every roll the scoreboard says is needed (``details.dice_needed``)."""
    out = []
    for r in board.results:
        for subject in r.details.get("dice_needed", ()) or ():
            if not isinstance(subject, str):
                continue
            piece = state.scene.units.get(subject) or state.scene.markers.get(subject)
            out.append(DiceRequest(r.objective_id, r.name, subject,
                                   _label(piece) if piece else subject))  # fmt: skip
    return out


def distance_label(d: float) -> str:
    return f"{d:.2f} in" if math.isfinite(d) else "?"
