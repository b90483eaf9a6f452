"""What the model needs to know of a game's rule family, handed to it by the
rules (``Family.terms``) when a game starts (``GameState.terms``): the model
names no family, so it cannot look one up itself."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from typing import Any

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.fields import PieceField
from tabletop_gui.model.pieces import Marker, Unit


@dataclass(frozen=True)
class Terms:
    #: What the family calls the numbered unit of its clock ("Game Turn", "Round"),
    #: as the game log words it.
    turn: str = "Turn"
    #: The fields the family adds to its units and markers (``model.fields``).
    fields: tuple[PieceField[Any], ...] = ()
    _by_class: Mapping[type, Mapping[str, PieceField[Any]]] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        pieces = {"unit": Unit, "marker": Marker}
        by_class: dict[type, dict[str, PieceField[Any]]] = {Unit: {}, Marker: {}}
        for f in self.fields:
            by_class[pieces[f.piece]][f.key] = f
        object.__setattr__(self, "_by_class", by_class)

    def fields_of(self, cls: type) -> Mapping[str, PieceField[Any]]:
        """Key -> field of what the family adds to the pieces of class ``cls``
        (``Unit``, ``Marker``; none for terrain and zones)."""
        return self._by_class.get(cls, {})

    def problems(self, piece: Unit | Marker) -> list[tuple[str, str]]:
        """(field, problem) for each family value of ``piece`` that is not a field
        of this game's pieces or is out of its field's limits."""
        own = self.fields_of(type(piece))
        out = []
        for key, value in piece.extra.items():
            f = own.get(key)
            problem = "is not a field of this game's pieces" if f is None else f.problem(value)
            if problem:
                out.append((key, problem))
        return out


#: The terms of a state no family was asked about (a test's bare state).
PLAIN_TERMS = Terms()
