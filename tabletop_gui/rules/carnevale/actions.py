"""Rule checks for the Carnevale events: each returns the rule's reason to refuse
an event now, or None (the engine raises RuleError with the reason).

Timing (docs/carnevale.md, Events): reveal, pick up, claim and taking an objective from
a friendly carrier happen when the character *ends* its activation, so they are
recorded after its ``ActivationEnd`` and before the next activation starts;
destroy and steal happen during the character's own activation. The setting
``check_activation_timing`` (default on) can switch the timing checks off.
"""

from __future__ import annotations

from dataclasses import replace

from tabletop_gui.model.events import Event, MovePiece
from tabletop_gui.model.names import inches
from tabletop_gui.model.pieces import Marker, Unit
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.carnevale import settings
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
)
from tabletop_gui.rules.carnevale.fields import CLAIMED_BY, PICKPOCKET, REVEALED
from tabletop_gui.rules.carnevale.measure import enemies_in_contact, gap, touching
from tabletop_gui.rules.carnevale.records import activated, activation, round_open


def _name(state: GameState, piece_id: str) -> str:
    piece = state.scene.units.get(piece_id) or state.scene.markers.get(piece_id)
    if piece is None:
        return piece_id
    return getattr(piece, "name", "") or getattr(piece, "label", "") or piece_id


def _rule_label(rule: str) -> str:
    return rule.capitalize()


class Refused(Exception):
    """Raised inside the checks to return a reason early."""


def _character(state: GameState, unit_id: str) -> Unit:
    unit = state.scene.units.get(unit_id)
    if unit is None:
        raise Refused(f"no character with id {unit_id!r}")
    if unit.removed:
        raise Refused(f"{_name(state, unit_id)} has been removed from the board")
    return unit


def _marker(state: GameState, marker_id: str, rule: str | None = None) -> Marker:
    marker = state.scene.markers.get(marker_id)
    if marker is None:
        raise Refused(f"no objective marker with id {marker_id!r}")
    name = _name(state, marker_id)
    if marker.destroyed:
        raise Refused(f"{name} has been destroyed")
    if rule is not None and rule not in marker.rules:
        raise Refused(f"{name} does not have the {_rule_label(rule)} rule")
    return marker


def _on_board(state: GameState, marker: Marker) -> None:
    if marker.carried_by is not None:
        who = _name(state, marker.carried_by)
        raise Refused(f"{_name(state, marker.id)} is carried by {who}, not on the board")


def _contact(state: GameState, unit: Unit, marker: Marker, when: str = "") -> None:
    tol = settings.contact_tolerance(state.setup)
    if not touching(unit, marker, tol):
        # How far, in the words every figure here uses: the referee's next question.
        apart = f" ({inches(gap(unit, marker), (tol,))} apart; contact is within {tol:g} in)"
        raise Refused(
            f"{_name(state, unit.id)} is not in base contact with {_name(state, marker.id)}"
            f"{apart}{when}"
        )


def _no_enemy_contact(state: GameState, unit: Unit, doing: str) -> None:
    tol = settings.contact_tolerance(state.setup)
    enemies = enemies_in_contact(state.scene, unit, tol)
    if enemies:
        who = ", ".join(_name(state, e) for e in enemies)
        raise Refused(
            f"{_name(state, unit.id)} cannot {doing}: it is in base contact with an enemy ({who})"
        )


def _carries_nothing(state: GameState, unit: Unit) -> None:
    held = carried_by(state, unit.id)
    if held is not None:
        raise Refused(
            f"{_name(state, unit.id)} already carries {_name(state, held.id)} "
            "(a character carries one objective at most)"
        )


#: Appended to a contact refusal measured where the activation ended.
AS_IT_ENDED = " as it ended its activation"


def _at_end_of_activation(state: GameState, unit: Unit, doing: str) -> tuple[Unit, str]:
    """The character as it stood when its activation ended (the rules look at
    that moment, not at a later nudge), and the words for a refusal."""
    if not settings.check_timing(state.setup):
        return unit, ""
    act = activation(state)
    if act is None or act.character != unit.id or not act.ended:
        raise Refused(
            f"{_name(state, unit.id)} can {doing} only as it ends its activation "
            "(record it after its activation ends)"
        )
    if act.end_at is None or act.end_at == (unit.x, unit.y, unit.elevation):
        return unit, ""
    x, y, z = act.end_at
    return replace(unit, x=x, y=y, elevation=z), AS_IT_ENDED


def _during_activation(state: GameState, unit: Unit, doing: str) -> None:
    if not settings.check_timing(state.setup):
        return
    act = activation(state)
    if act is None or act.character != unit.id or act.ended:
        raise Refused(f"{_name(state, unit.id)} can {doing} only during its own activation")


def _ends_in_contact_alone(state: GameState, unit: Unit, marker: Marker, doing: str) -> None:
    """Reveal, pick up, claim: the character ends its activation in base contact
    with the objective and not in base contact with an enemy character."""
    unit, when = _at_end_of_activation(state, unit, doing)
    _contact(state, unit, marker, when)
    _no_enemy_contact(state, unit, doing)


def _drop_position(state: GameState, carrier: Unit, x: float | None, y: float | None) -> None:
    marker = carried_by(state, carrier.id)
    if marker is None or x is None or y is None:
        return
    placed = replace(marker, x=x, y=y, elevation=carrier.elevation, carried_by=None)
    tol = settings.contact_tolerance(state.setup)
    if not touching(carrier, placed, tol):
        raise Refused(
            f"{_name(state, marker.id)} must be dropped in base contact with "
            f"{_name(state, carrier.id)}"
        )


def check_event(state: GameState, event: Event) -> str | None:
    try:
        _check(state, event)
    except Refused as exc:
        return str(exc)
    return None


def _check(state: GameState, event: Event) -> None:
    timing = settings.check_timing(state.setup)
    if isinstance(event, MovePiece):
        marker = state.scene.markers.get(event.piece_id)
        if marker is not None and marker.carried_by is not None:
            raise Refused(
                f"{_name(state, marker.id)} is carried by {_name(state, marker.carried_by)}: "
                "it moves with its carrier"
            )
    elif isinstance(event, ActivationStart):
        unit = _character(state, event.character)
        if timing:
            if not round_open(state):
                raise Refused("no round is in progress: start a round first")
            act = activation(state)
            if act is not None and not act.ended:
                raise Refused(f"{_name(state, act.character)} is still activating")
            if unit.id in activated(state):
                raise Refused(f"{_name(state, unit.id)} has already activated this round")
    elif isinstance(event, ActivationEnd):
        _character(state, event.character)
        act = activation(state)
        if timing and (act is None or act.ended or act.character != event.character):
            raise Refused(f"{_name(state, event.character)} is not activating")
    elif isinstance(event, LifePointsLost | CharacterRemoved):
        hit = state.scene.units.get(event.character)
        if hit is not None:
            _drop_position(state, hit, event.drop_x, event.drop_y)
    elif isinstance(event, RevealObjective):
        unit = _character(state, event.character)
        marker = _marker(state, event.marker, "hidden")
        if REVEALED.of(marker):
            raise Refused(f"{_name(state, marker.id)} is already revealed")
        _on_board(state, marker)
        _ends_in_contact_alone(state, unit, marker, "reveal an objective")
    elif isinstance(event, PickUpObjective):
        unit = _character(state, event.character)
        marker = _marker(state, event.marker, "mobile")
        _on_board(state, marker)
        _carries_nothing(state, unit)
        _ends_in_contact_alone(state, unit, marker, "pick up an objective")
    elif isinstance(event, ClaimObjective):
        unit = _character(state, event.character)
        marker = _marker(state, event.marker, "claimable")
        _on_board(state, marker)
        claimed = CLAIMED_BY.of(marker)
        if claimed == unit.side:
            raise Refused(f"{_name(state, marker.id)} is already claimed by this gang")
        if claimed is not None and not settings.reclaim(state.setup):
            owner = state.scene.side(claimed).name if claimed in state.scene.side_ids else claimed
            raise Refused(
                f"{_name(state, marker.id)} is already claimed by {owner} and this scenario "
                f"does not allow reclaiming (setting {settings.RECLAIM})"
            )
        _ends_in_contact_alone(state, unit, marker, "claim an objective")
    elif isinstance(event, DestroyObjective):
        unit = _character(state, event.character)
        marker = _marker(state, event.marker, "destructible")
        _on_board(state, marker)
        held = carried_by(state, unit.id)
        if held is not None:
            raise Refused(
                f"{_name(state, unit.id)} carries {_name(state, held.id)}: Move actions only"
            )
        _during_activation(state, unit, "destroy an objective (1 Action Point)")
        act = activation(state)
        if timing:
            if act is None or marker.id not in act.start_contacts:
                raise Refused(
                    f"{_name(state, unit.id)} did not start its activation in base contact "
                    f"with {_name(state, marker.id)}"
                )
        else:
            _contact(state, unit, marker)
    elif isinstance(event, DropObjective):
        unit = _character(state, event.character)
        if carried_by(state, unit.id) is None:
            raise Refused(f"{_name(state, unit.id)} carries no objective")
        _drop_position(state, unit, event.x, event.y)
    elif isinstance(event, HandOverObjective):
        taker = _character(state, event.character)
        carrier = _character(state, event.carrier)
        if taker.id == carrier.id:
            raise Refused("a character cannot take an objective from itself")
        if carried_by(state, carrier.id) is None:
            raise Refused(f"{_name(state, carrier.id)} carries no objective")
        if taker.side != carrier.side:
            raise Refused(
                f"{_name(state, carrier.id)} is an enemy: only a friendly character can take "
                "its objective (an enemy Pickpocket steals it instead)"
            )
        _carries_nothing(state, taker)
        taker, when = _at_end_of_activation(
            state, taker, "take an objective from a friendly carrier"
        )
        tol = settings.contact_tolerance(state.setup)
        if not touching(taker, carrier, tol):
            raise Refused(
                f"{_name(state, taker.id)} is not in base contact with "
                f"{_name(state, carrier.id)}{when}"
            )
    elif isinstance(event, StealObjective):
        thief = _character(state, event.character)
        carrier = _character(state, event.carrier)
        if not PICKPOCKET.of(thief):
            raise Refused(f"{_name(state, thief.id)} does not have the Pickpocket rule")
        if thief.side == carrier.side:
            raise Refused(f"{_name(state, carrier.id)} is not an enemy")
        if carried_by(state, carrier.id) is None:
            raise Refused(f"{_name(state, carrier.id)} carries no objective")
        _carries_nothing(state, thief)
        _during_activation(state, thief, "disengage and steal")
        tol = settings.contact_tolerance(state.setup)
        if not touching(thief, carrier, tol):
            raise Refused(
                f"{_name(state, thief.id)} is not in base contact with {_name(state, carrier.id)}, "
                "so it cannot disengage from it"
            )
