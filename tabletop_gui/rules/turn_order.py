"""Turn order helpers the families share (no Qt): who goes first, the last turn
event of a log, and the plain rhythm of alternating side turns."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop_gui.model.events import Event, TurnEnd, TurnStart
from tabletop_gui.model.names import possessive, side_name
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.play_types import Step


def last_turn_event(events: Sequence[Event]) -> TurnStart | TurnEnd | None:
    for e in reversed(events):
        if isinstance(e, TurnStart | TurnEnd):
            return e
    return None


def side_order(state: GameState, events: Sequence[Event], first: str | None) -> list[str]:
    """The sides in turn order: whoever had the first side turn in the log goes
    first; before that ``first`` (the bar's choice), else the first side listed."""
    sides = list(state.scene.side_ids)
    for e in events:
        if isinstance(e, TurnStart) and e.side in sides:
            first = e.side
            break
    if first in sides:
        sides.remove(first)
        sides.insert(0, first)
    return sides


def next_side_turn(
    state: GameState, events: Sequence[Event], first: str | None
) -> tuple[str, str, int] | None:
    """(the side whose turn it is or was last, the side that goes next, the turn
    number of that next side turn); None before any side can play."""
    order = side_order(state, events, first)
    if not order:
        return None
    last = last_turn_event(events)
    side = last.side if last is not None and last.side in order else order[0]
    nxt = order[(order.index(side) + 1) % len(order)]
    return side, nxt, state.clock.turn + (1 if order.index(nxt) == 0 else 0)


def side_turn_steps(
    state: GameState, events: Sequence[Event], first: str | None, *phase: Event
) -> list[Step]:
    """Alternating side turns: 'Start A's turn 1', then 'End A's turn → B'
    (``phase``: events that close a phase still open, recorded before the end)."""
    order = side_order(state, events, first)
    if not order:
        return []
    scene = state.scene
    last = last_turn_event(events)
    if last is None:
        who = possessive(side_name(scene, order[0]))
        return [Step(f"Start {who} turn 1", (TurnStart(1, order[0]),))]
    turn = next_side_turn(state, events, first)
    assert turn is not None
    side, nxt, number = turn
    other = possessive(side_name(scene, nxt))
    start_next = Step(f"Start {other} turn {number}", (TurnStart(number, nxt),))
    if isinstance(last, TurnEnd):
        return [start_next]
    return [
        Step(
            f"End {possessive(side_name(scene, side))} turn → {side_name(scene, nxt)}",
            (*phase, TurnEnd(state.clock.turn, side), TurnStart(number, nxt)),
            key="end_turn",
        )
    ]
