"""What the Memoir '44 objectives share: checking their params, the flag an
importer sets on a medal whose data said too little, and the words for it."""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from tabletop_gui.model.events import Event
from tabletop_gui.model.events.base import EventError
from tabletop_gui.model.scene import ObjectiveSpec
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.hexbanners.base import BannerObjective
from tabletop_gui.rules.play_types import Param

#: The param an importer sets when the scenario's data left the objective's rule
#: to its prose: the text says what was assumed; the objective reports it as a
#: problem until the referee confirms the objective (removes the param).
UNCONFIRMED = "unconfirmed"


class MemoirObjective(BannerObjective):
    """A Memoir '44 objective: reads ``unconfirmed`` and whole-number / flag params."""

    params: ClassVar[tuple[str | Param, ...]] = (
        Param(
            UNCONFIRMED,
            "text",
            None,
            "Set by an importer: what it assumed where the "
            "scenario's data said too little; remove it once the objective is checked",
        ),
    )
    #: Params that are true or false, and whole numbers with their minimum.
    flags: ClassVar[tuple[str, ...]] = ()
    numbers: ClassVar[tuple[tuple[str, int], ...]] = ()

    def validate(self) -> list[tuple[str, str]]:
        errors = super().validate()
        for name in self.flags:
            value = self.param(name, False)
            if not isinstance(value, bool):
                errors.append((name, f"expected true or false, got {value!r}"))
        for name, least in self.numbers:
            value = self.param(name, least)
            if isinstance(value, bool) or not isinstance(value, int) or value < least:
                errors.append((name, f"expected a whole number >= {least}, got {value!r}"))
        note = self.param(UNCONFIRMED, "")
        if not isinstance(note, str):
            errors.append((UNCONFIRMED, f"expected text, got {note!r}"))
        return errors

    def where(self) -> str:
        """The objective's place as reason lines name it: its group's name (an
        importer names it after the place, e.g. 'Old Bridge (E7)'), else its hexes."""
        return self.group or super().where()

    def flag(self, name: str) -> bool:
        return self.param(name, False) is True

    def number(self, name: str, default: int) -> int:
        value = self.param(name, default)
        return value if isinstance(value, int) and not isinstance(value, bool) else default

    def unconfirmed(self) -> list[str]:
        note = self.param(UNCONFIRMED, "")
        if not note:
            return []
        return [
            f"{self.name}: not confirmed: {note} Check it against the scenario's victory "
            f"text and change it in Game > Objectives (remove 'unconfirmed' once it is right)."
        ]

    def scene_problems(self, state: GameState) -> list[str]:
        return super().scene_problems(state) + self.unconfirmed()

    def to_confirm(self) -> str:
        note = self.param(UNCONFIRMED, "")
        return note if isinstance(note, str) else ""

    def confirmed_spec(self) -> ObjectiveSpec:
        params = {k: v for k, v in self.spec.params.items() if k != UNCONFIRMED}
        return replace(self.spec, params=params)


def what_happened(before: GameState, event: Event) -> str:
    """The event in the log's words, for a reason line."""
    try:
        return event.describe(before)
    except (EventError, KeyError, ValueError):
        return event.type


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
