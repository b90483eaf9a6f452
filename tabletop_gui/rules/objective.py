"""The objective contract and its registry.

An Objective is built from an ObjectiveSpec. ``fold`` lets a turn-based rule
record what happened as the log is replayed (kept in ``state.records[spec.id]``);
``check`` may refuse an event with the rule's reason; ``evaluate`` answers the
standing now (as if the game ended now, or final once it has).
"""

from __future__ import annotations

from typing import Any, ClassVar

from tabletop_gui.model.events import Event
from tabletop_gui.model.scene import ObjectiveSpec
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.scoreboard import ObjectiveResult

OBJECTIVE_KINDS: dict[str, type[Objective]] = {}


class Objective:
    kind: ClassVar[str] = ""
    title: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.__dict__.get("kind"):
            OBJECTIVE_KINDS[cls.kind] = cls

    def __init__(self, spec: ObjectiveSpec) -> None:
        self.spec = spec

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def name(self) -> str:
        return self.spec.name or self.title

    def param(self, name: str, default: Any) -> Any:
        return self.spec.params.get(name, default)

    def record(self, state: GameState, default: Any = None) -> Any:
        return state.records.get(self.id, default)

    def validate(self) -> list[tuple[str, str]]:
        """Problems with the spec's parameters, as (param path, message)."""
        return []

    def check(self, state: GameState, event: Event) -> str | None:
        """A reason to refuse ``event`` in ``state``, or None to allow it."""
        return None

    def fold(self, before: GameState, event: Event, after: GameState) -> GameState:
        """Record what this rule needs from the event; default: nothing."""
        return after

    def evaluate(self, state: GameState) -> ObjectiveResult:
        raise NotImplementedError
