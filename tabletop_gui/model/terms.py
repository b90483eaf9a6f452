"""What the model needs to know of a game's rule family, handed to it by the
rules (``Family.terms``) when a game starts (``GameState.terms``): the model
names no family, so it cannot look one up itself."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Terms:
    #: What the family calls the numbered unit of its clock ("Game Turn", "Round"),
    #: as the game log words it.
    turn: str = "Turn"


#: The terms of a state no family was asked about (a test's bare state).
PLAIN_TERMS = Terms()
