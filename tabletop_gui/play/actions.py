"""The actions a selection offers (context menu, turn bar), asked of the game's
family (no Qt). Each ``Action`` is a label and the events it would record;
``offer`` lists the ones that make sense for the selected pieces and the point
clicked. Whether an action is allowed *now* is the engine's answer:
``refusal(state, events)`` runs ``rules.engine.apply`` over its events, and the
window shows that reason when the action is chosen. Nothing here decides a rule.

Dice rolls a rule asks for are read from the Scoreboard (an objective's
``details.dice_needed``): ``dice_requests`` lists them; the window asks the
player for the roll and records a ``dice_roll`` event, never rolling itself.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.events import DiceRoll, Event, EventError
from tabletop_gui.model.names import piece_label
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.engine import RuleError, apply, family_of
from tabletop_gui.rules.play_types import Action
from tabletop_gui.rules.scoreboard import Scoreboard

__all__ = [
    "Action",
    "DiceRequest",
    "dice_requests",
    "menu",
    "offer",
    "refusal",
    "side_actions",
]


def refusal(state: GameState, events: Sequence[Event]) -> str | None:
    """Why the rules (or the model) refuse ``events`` now, or None."""
    try:
        for event in events:
            state = apply(state, event)
    except (RuleError, EventError) as exc:
        return str(exc)
    return None


def offer(
    state: GameState, ids: Sequence[str], point: tuple[float, float] | None = None
) -> list[Action]:
    """The actions for the selected pieces ``ids`` (right-clicked at ``point``),
    and for the unit carrying a selected marker: the marker sits over its
    carrier, so a right-click on the carrier mostly lands on the marker."""
    scene = state.scene
    carriers: list[str] = []
    for pid in ids:
        marker = scene.markers.get(pid)
        carrier = marker.carried_by if marker is not None else None
        if carrier and carrier in scene.units and carrier not in ids and carrier not in carriers:
            carriers.append(carrier)
    return family_of(state.setup).actions(state, [*ids, *carriers], point)


def side_actions(state: GameState, text: str = "") -> list[Action]:
    """Turn-bar actions of the side whose turn it is (``text``: the side input)."""
    return family_of(state.setup).side_actions(state, text)


def menu(
    state: GameState,
    ids: Sequence[str],
    point: tuple[float, float] | None = None,
    text: str = "",
) -> list[tuple[Action, str | None]]:
    """What the objective-actions menu lists for the selected pieces ``ids``
    (right-clicked at ``point``): their actions, then the side's whose turn it
    is (``text``: what the turn bar's side input holds, recorded by the action
    that takes it, as the bar's own button records it), each with the engine's
    refusal now, or the family's reason not to offer it now (``Action.not_now``;
    None: allowed)."""
    offered = offer(state, ids, point) + side_actions(state, text)
    return [(a, a.not_now or refusal(state, a.events)) for a in offered]


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
                                   piece_label(piece) if piece else subject))  # fmt: skip
    return out
