"""The turn bar's questions, answered by the game's family (no Qt): where the
game is in words, the steps that advance it, what else the bar offers, and
whether the game is over.

A step only proposes events; the engine checks them (``rules.engine.apply``)
and refuses with the rule's reason, so the bar never decides a rule.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop_gui.model.events import Event, TurnEnd, TurnStart
from tabletop_gui.model.state import GameState
from tabletop_gui.play.wording import result_text
from tabletop_gui.rules.engine import family_of
from tabletop_gui.rules.play_types import Step, TurnControls
from tabletop_gui.rules.scoreboard import Scoreboard

__all__ = [
    "Step",
    "clock_text",
    "controls",
    "deployment_text",
    "ending_step",
    "finished",
    "game_over",
    "over_text",
    "result_text",
    "steps",
]


def game_over(state: GameState) -> bool:
    """The clock or the family's own rules say the game has ended."""
    return family_of(state.setup).game_over(state)


def finished(state: GameState, board: Scoreboard | None = None) -> bool:
    """The game is over: the clock says so, or the rules name a winner (a hex
    side reached its banner target: the battle ends that instant)."""
    return game_over(state) or (board is not None and board.winner is not None)


def clock_text(state: GameState, events: Sequence[Event], board: Scoreboard | None = None) -> str:
    """Where the game is, in words ('Game Turn 2 · Orcs' Player Turn'); who won,
    once the rules say (``board``: the scoreboard of ``state``)."""
    won = result_text(state, board)
    if won is not None:
        return won
    c = state.clock
    if game_over(state):
        return over_text(state, events)
    if c.turn == 0:
        return "Setup (before the first turn)" + deployment_text(state)
    return family_of(state.setup).clock_text(state, events)


def over_text(state: GameState, events: Sequence[Event]) -> str:
    """'Game over (after turn 6)' when the game ended as its last turn ended,
    'Game over (during turn 3)' when it ended in the middle of one (a side
    reached its target with a move), 'Game over' before the first turn."""
    turn = state.clock.turn
    if not turn:
        return "Game over"
    last = next((e for e in reversed(events) if isinstance(e, TurnStart | TurnEnd)), None)
    return f"Game over ({'after' if isinstance(last, TurnEnd) else 'during'} turn {turn})"


def deployment_text(state: GameState) -> str:
    """' · 2 units outside their Deployment Zone' while the family flags any
    during set-up, else ''."""
    n = len(family_of(state.setup).deployment_flags(state))
    if not n:
        return ""
    return f" · {n} unit{'' if n == 1 else 's'} outside their Deployment Zone"


def controls(state: GameState, events: Sequence[Event]) -> TurnControls:
    """What the bar shows besides its steps (nothing once the game is over)."""
    if game_over(state):
        return TurnControls()
    return family_of(state.setup).turn_controls(state, events)


def steps(state: GameState, events: Sequence[Event], first: str | None = None,
          choice: str | None = None, board: Scoreboard | None = None) -> list[Step]:  # fmt: skip
    """The turn bar's buttons now; the first is the main one (Advance). None once
    the game is over (``board``: a winner named by the rules ends it too)."""
    if finished(state, board):
        return []
    return family_of(state.setup).turn_steps(state, events, first, choice)


def ending_step(offered: Sequence[Step]) -> Step | None:
    """The step among ``offered`` (the bar's steps now) that ends the turn or
    the round, first or second button alike; None when none does (the game's
    first turn is still to start, a Carnevale round to open)."""
    return next((s for s in offered if s.ends), None)
