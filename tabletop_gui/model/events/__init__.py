"""Game log events. Importing this package registers every event type: the core
ones and each family's module in this folder."""

import importlib
import pkgutil

from tabletop_gui.model.events.base import EVENT_TYPES, Event, EventError
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

for _mod in pkgutil.iter_modules(__path__):
    if _mod.name not in ("base", "core"):
        importlib.import_module(f"{__name__}.{_mod.name}")

__all__ = [
    "EVENT_TYPES",
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
