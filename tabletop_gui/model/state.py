"""A game state: the setup, the scene as it stands now, the clock, and the
records that turn-based rules folded from the log."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field, replace
from typing import Any

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.copying import evolve
from tabletop_gui.model.scene import Scene, Setup
from tabletop_gui.model.terms import PLAIN_TERMS, Terms


@dataclass(frozen=True)
class Clock:
    """Where the game is. ``turn`` is the Game Turn or round (0 before the first);
    ``side`` the side whose turn it is; ``phase`` and ``activation`` as the family uses them."""

    turn: int = 0
    side: str | None = None
    phase: str | None = None
    activation: str | None = None
    over: bool = False


@dataclass(frozen=True)
class GameState:
    setup: Setup
    scene: Scene
    clock: Clock = field(default_factory=Clock)
    records: Mapping[str, Any] = field(default_factory=dict)
    index: int = 0  # how many events of the log produced this state
    #: What the game's family tells the model (its words, its pieces' fields).
    terms: Terms = PLAIN_TERMS

    @classmethod
    def initial(cls, setup: Setup, terms: Terms) -> GameState:
        """The state before the first event; ``terms``: the family's
        (``rules.engine.initial_state`` asks it)."""
        return cls(setup=setup, scene=setup.scene, terms=terms)

    def with_scene(self, scene: Scene) -> GameState:
        return evolve(self, scene=scene)

    def with_clock(self, **changes: Any) -> GameState:
        return replace(self, clock=replace(self.clock, **changes))

    def with_record(self, key: str, value: Any) -> GameState:
        records = dict(self.records)
        records[key] = value
        return replace(self, records=records)
