"""Game log events: the core events every family uses. A family's own events
live in its package and are listed on it (``Family.events``)."""

from tabletop_gui.model.events.base import Event, EventError
from tabletop_gui.model.events.core import (
    AddPiece,
    DeletePiece,
    DiceRoll,
    GameEnd,
    MovePiece,
    PhaseEnd,
    PhaseStart,
    RemoveCasualty,
    RotatePiece,
    TurnEnd,
    TurnStart,
    UpdatePiece,
)

#: The events of every game, whatever its family.
CORE_EVENTS: tuple[type[Event], ...] = (
    AddPiece, DeletePiece, MovePiece, RotatePiece, UpdatePiece, RemoveCasualty, TurnStart,
    TurnEnd, PhaseStart, PhaseEnd, GameEnd, DiceRoll,
)  # fmt: skip

__all__ = [
    "CORE_EVENTS",
    "AddPiece",
    "DeletePiece",
    "DiceRoll",
    "Event",
    "EventError",
    "GameEnd",
    "MovePiece",
    "PhaseEnd",
    "PhaseStart",
    "RemoveCasualty",
    "RotatePiece",
    "TurnEnd",
    "TurnStart",
    "UpdatePiece",
]
