"""What the Carnevale family folds from the log into ``state.records`` (keys
``carnevale.*``): rounds, activations, Life Points lost since an objective was
taken, where objectives stood when the game began. Objectives and the play hooks
read these through the functions here; the log stays the only truth."""

from __future__ import annotations

from collections.abc import Mapping

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.pieces import Marker
from tabletop_gui.model.state import GameState

ACTIVATION = "carnevale.activation"  # the current or just-ended Activation
ACTIVATED = "carnevale.activated"  # characters that have activated this round
#: the gang whose character activated last, kept from one round to the next
LAST_SIDE = "carnevale.last_side"
ROUND_OPEN = "carnevale.round_open"  # a round has started and not ended
ENDED = "carnevale.ended"
LOSSES = "carnevale.losses"  # Life Points each character lost since it took an objective
PLACED = "carnevale.placed"  # objective markers as they stood when round 1 began


@dataclass(frozen=True)
class Activation:
    """The activation in progress (``ended`` False) or the one that just ended.
    ``start_contacts``: objectives the character touched when it started."""

    character: str
    start_contacts: frozenset[str]
    ended: bool = False
    #: where the character stood as its activation ended (x, y, elevation)
    end_at: tuple[float, float, float] | None = None


def activation(state: GameState) -> Activation | None:
    return state.records.get(ACTIVATION)


def round_open(state: GameState) -> bool:
    return bool(state.records.get(ROUND_OPEN))


def activated(state: GameState) -> frozenset[str]:
    """The characters that have activated this round."""
    return state.records.get(ACTIVATED, frozenset())


def last_side(state: GameState) -> str | None:
    """The gang whose character activated last, this round or an earlier one
    (None before the first activation)."""
    return state.records.get(LAST_SIDE)


def game_ended(state: GameState) -> bool:
    """The end of the game: the last round has ended, or a game_end event."""
    return state.clock.over or bool(state.records.get(ENDED, False))


def placed_markers(state: GameState) -> Mapping[str, Marker]:
    """The objective markers as they stood when round 1 began (before it: now)."""
    placed: Mapping[str, Marker] | None = state.records.get(PLACED)
    return placed if placed is not None else state.scene.markers
