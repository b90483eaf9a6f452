"""The Ninth Age family: Secondary Objectives add up to who won how many."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop_gui.model.events import Event, TurnEnd
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.family import Family
from tabletop_gui.rules.scoreboard import ObjectiveResult, Scoreboard, Status
from tabletop_gui.rules.t9a.scoring import game_turns


def game_ended(state: GameState) -> bool:
    """The end of the game: the last Game Turn has ended (or a game_end event)."""
    return state.clock.over or state.records.get("t9a.ended", False)


class NinthAge(Family):
    name = "t9a"
    title = "The Ninth Age"

    def fold(self, before: GameState, event: Event, after: GameState) -> GameState:
        if (
            isinstance(event, TurnEnd)
            and event.side is None
            and event.turn >= game_turns(after.setup)
        ):
            return after.with_record("t9a.ended", True)
        return after

    def summarize(self, state: GameState, results: Sequence[ObjectiveResult]) -> Scoreboard:
        totals = {s: 0.0 for s in state.scene.side_ids}
        for r in results:
            if r.leader is not None and r.status in (Status.LEADING, Status.WON):
                totals[r.leader] = totals.get(r.leader, 0.0) + 1
        ended = game_ended(state)
        parts = [
            f"{state.scene.side(s).name} {int(v)}" for s, v in totals.items()
        ]
        word = "won" if ended else "leading"
        summary = f"Secondary Objectives {word}: " + ", ".join(parts) if results else ""
        return Scoreboard(results=tuple(results), totals=totals, summary=summary)
