"""A rule family (The Ninth Age, hex banners, Carnevale): what it adds on top of
its objectives: game-wide folds and checks, and how results add up to totals."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from tabletop_gui.model.events import Event
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.scoreboard import ObjectiveResult, Scoreboard

FAMILIES: dict[str, type[Family]] = {}


class Family:
    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    #: The settings the family reads; a file naming any other is refused (a
    #: misspelt setting would be ignored and its default would quietly apply).
    setting_names: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.__dict__.get("name"):
            FAMILIES[cls.name] = cls

    def check(self, state: GameState, event: Event) -> str | None:
        return None

    def fold(self, before: GameState, event: Event, after: GameState) -> GameState:
        """Game-wide records, before the objectives fold theirs."""
        return after

    def settle(self, before: GameState, event: Event, after: GameState) -> GameState:
        """After every objective has folded ``event``: what follows from all of
        them together (an instant win ends the game)."""
        return after

    def refusal_after_end(self, state: GameState, event: Event) -> str | None:
        """Why ``event`` may not follow the end of the game (``state.clock.over``),
        or None to let it through (a family may take a redundant ``game_end``)."""
        return "The game is over: nothing can follow its end (undo the end to go on)"

    def summarize(self, state: GameState, results: Sequence[ObjectiveResult]) -> Scoreboard:
        totals: dict[str, float] = {s: 0.0 for s in state.scene.side_ids}
        for r in results:
            for side, pts in r.points.items():
                totals[side] = totals.get(side, 0.0) + pts
        return Scoreboard(results=tuple(results), totals=totals)

    def redact(self, state: GameState, board: Scoreboard, viewer: str) -> Scoreboard:
        """The scoreboard as player ``viewer`` may see it (hidden values unknown).
        The default shows everything; a family with hidden information overrides it."""
        return board
