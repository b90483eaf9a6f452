"""The turn bar's steps: which turn, round, phase or activation events come next.

Plain Python (no Qt). Each family has its own rhythm:

- The Ninth Age: Game Turns of two Player Turns. ``turn_start {turn}`` opens a
  Game Turn, ``turn_start {turn, side}`` a Player Turn; the Game Turn ends with
  ``turn_end {turn}`` (Hold the Ground counts then). The game ends at the end of
  Game Turn ``game_turns`` (6).
- Hex: side turns ``turn_start {turn, side}`` alternating, the movement phase
  ``phase_start`` / ``phase_end`` inside each; the turn number goes up when the
  first side starts again.
- Carnevale: rounds ``turn_start {turn}`` / ``turn_end {turn}``, one character's
  activation at a time in between.

A step only proposes events; the engine checks them (``rules.engine.apply``)
and refuses with the rule's reason, so the bar never decides a rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tabletop_gui.model.events import Event, PhaseEnd, PhaseStart, TurnEnd, TurnStart
from tabletop_gui.model.events.carnevale import ActivationEnd, ActivationStart
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.scoreboard import Scoreboard


@dataclass(frozen=True)
class Step:
    """A button of the turn bar: its label and the events it records (one undo step)."""

    label: str
    events: tuple[Event, ...]
    key: str = "advance"


def side_name(state: GameState, side: str | None) -> str:
    if side and side in state.scene.side_ids:
        return state.scene.side(side).name
    return side or ""


def possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _turn_events(events: Sequence[Event]) -> list[Event]:
    return [e for e in events if isinstance(e, TurnStart | TurnEnd)]


def _last_turn_event(events: Sequence[Event]) -> Event | None:
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


def game_over(state: GameState) -> bool:
    return state.clock.over or any(
        bool(state.records.get(key)) for key in ("t9a.ended", "carnevale.ended")
    )


def finished(state: GameState, board: Scoreboard | None = None) -> bool:
    """The game is over: the clock says so, or the rules name a winner (a hex
    side reached its banner target: the battle ends that instant)."""
    return game_over(state) or (board is not None and board.winner is not None)


#: How a family counts its totals in the result line: (singular, plural).
TOTAL_WORDS = {"hex": ("banner", "banners"), "carnevale": ("VP", "VP")}
#: What a family's game is called in the result line.
GAME_WORDS = {"hex": "the battle", "t9a": "the battle", "carnevale": "the game"}


def result_text(state: GameState, board: Scoreboard | None) -> str | None:
    """'Prussia has won the battle (6 banners)' once the rules name a winner;
    None while nobody has won."""
    if board is None or board.winner is None:
        return None
    family = state.setup.family
    name = side_name(state, board.winner)
    what = GAME_WORDS.get(family, "the game")
    total = board.totals.get(board.winner)
    if total is None:
        return f"{name} has won {what}"
    n = int(total) if float(total).is_integer() else total
    one, many = TOTAL_WORDS.get(family, ("point", "points"))
    return f"{name} has won {what} ({n} {one if n == 1 else many})"


# -- clock text ---------------------------------------------------------------


def clock_text(state: GameState, events: Sequence[Event], board: Scoreboard | None = None) -> str:
    """Where the game is, in words: 'Game Turn 2 · Orcs' Player Turn'; who won,
    once the rules say (``board``: the scoreboard of ``state``)."""
    won = result_text(state, board)
    if won is not None:
        return won
    family = state.setup.family
    c = state.clock
    if game_over(state):
        return f"Game over (after turn {c.turn})" if c.turn else "Game over"
    if c.turn == 0:
        return "Setup (before the first turn)"
    last = _last_turn_event(events)
    if family == "t9a":
        text = f"Game Turn {c.turn}"
        if isinstance(last, TurnStart) and last.side:
            return f"{text} · {possessive(side_name(state, last.side))} Player Turn"
        if isinstance(last, TurnEnd) and last.side:
            return f"{text} · {possessive(side_name(state, last.side))} Player Turn ended"
        if isinstance(last, TurnEnd):
            return f"{text} ended"
        return text
    if family == "carnevale":
        act = state.records.get("carnevale.activation")
        open_round = bool(state.records.get("carnevale.round_open"))
        text = f"Round {c.turn}" + ("" if open_round else " ended")
        if act is not None and not getattr(act, "ended", True):
            text += f" · {side_name_of_unit(state, act.character)} activating"
        done = state.records.get("carnevale.activated", frozenset())
        if open_round:
            text += f" · {len(done)} of {len(active_characters(state))} activated"
        return text
    # hex and any other family with side turns
    who = side_name(state, c.side)
    text = f"Turn {c.turn}" + (f" · {possessive(who)} turn" if who else "")
    if isinstance(last, TurnEnd):
        return text + " ended"
    return text + f" · {hex_phase(state, events)}"


def side_name_of_unit(state: GameState, unit_id: str) -> str:
    unit = state.scene.units.get(unit_id)
    return (unit.name or unit.id) if unit else unit_id


# -- steps per family ---------------------------------------------------------


def steps(state: GameState, events: Sequence[Event], first: str | None = None,
          character: str | None = None, board: Scoreboard | None = None) -> list[Step]:  # fmt: skip
    """The turn bar's buttons now; the first is the main one (Advance). None once
    the game is over (``board``: a winner named by the rules ends it too)."""
    if finished(state, board):
        return []
    family = state.setup.family
    if family == "t9a":
        return _t9a_steps(state, events, first)
    if family == "carnevale":
        return _carnevale_steps(state, events, character)
    return _side_turn_steps(state, events, first)


def _t9a_steps(state: GameState, events: Sequence[Event], first: str | None) -> list[Step]:
    from tabletop_gui.rules.t9a.scoring import game_turns

    order = side_order(state, events, first)
    if len(order) < 2:
        return []
    a, b = order[0], order[1]
    a_name, b_name = side_name(state, a), side_name(state, b)
    na, nb = possessive(a_name), possessive(b_name)
    last = _last_turn_event(events)
    n = state.clock.turn
    final = game_turns(state.setup)

    def end_game_turn(turn: int, prefix: str, ends: tuple[Event, ...]) -> Step:
        if turn >= final:
            return Step(f"{prefix}Game Turn {turn} (end of the game)", (*ends, TurnEnd(turn)))
        return Step(
            f"{prefix}Game Turn {turn} → Game Turn {turn + 1} ({a_name})",
            (*ends, TurnEnd(turn), TurnStart(turn + 1), TurnStart(turn + 1, a)),
        )

    if last is None:
        return [Step(f"Start Game Turn 1 ({a_name})", (TurnStart(1), TurnStart(1, a)))]
    if isinstance(last, TurnStart) and last.side is None:
        return [Step(f"Start {na} Player Turn", (TurnStart(n, a),))]
    if isinstance(last, TurnStart) and last.side == a:
        return [Step(f"End {na} Player Turn → {b_name}", (TurnEnd(n, a), TurnStart(n, b)))]
    if isinstance(last, TurnStart):
        return [end_game_turn(n, "End ", (TurnEnd(n, last.side),))]
    if isinstance(last, TurnEnd) and last.side == a:
        return [Step(f"Start {nb} Player Turn", (TurnStart(n, b),))]
    if isinstance(last, TurnEnd) and last.side is not None:
        return [end_game_turn(n, "End ", ())]
    # the Game Turn has ended
    if n >= final:
        return []
    return [Step(f"Start Game Turn {n + 1} ({a_name})",
                 (TurnStart(n + 1), TurnStart(n + 1, a)))]  # fmt: skip


def hex_phase(state: GameState, events: Sequence[Event]) -> str:
    """'Command and order', 'Movement' or 'Battle and draw' within a side turn."""
    from tabletop_gui.rules.hexbanners.settings import movement_phase

    move = movement_phase(state.setup) if state.setup.family == "hex" else "movement"
    if state.clock.phase == move:
        return "Movement"
    for e in reversed(events):
        if isinstance(e, TurnStart):
            return "Command and order"
        if isinstance(e, PhaseEnd) and e.phase == move:
            return "Battle and draw"
    return "Command and order"


def _side_turn_steps(state: GameState, events: Sequence[Event], first: str | None) -> list[Step]:
    from tabletop_gui.rules.hexbanners.settings import movement_phase

    order = side_order(state, events, first)
    if not order:
        return []
    move = movement_phase(state.setup) if state.setup.family == "hex" else "movement"
    last = _last_turn_event(events)
    c = state.clock
    if last is None:
        who = possessive(side_name(state, order[0]))
        return [Step(f"Start {who} turn 1", (TurnStart(1, order[0]),))]
    side = last.side if last.side in order else order[0]
    nxt = order[(order.index(side) + 1) % len(order)]
    turn = c.turn + (1 if order.index(nxt) == 0 else 0)
    who, other = possessive(side_name(state, side)), possessive(side_name(state, nxt))
    start_next = Step(f"Start {other} turn {turn}", (TurnStart(turn, nxt),))
    if isinstance(last, TurnEnd):
        return [start_next]
    phase = hex_phase(state, events)
    close = (PhaseEnd(move),) if phase == "Movement" else ()
    end = Step(
        f"End {who} turn → {side_name(state, nxt)}",
        (*close, TurnEnd(c.turn, side), TurnStart(turn, nxt)),
        key="end_turn",
    )
    if phase == "Command and order":
        return [Step("Start the movement phase", (PhaseStart(move),)), end]
    if phase == "Movement":
        return [Step("End the movement phase", (PhaseEnd(move),)), end]
    return [end]


def active_characters(state: GameState) -> list[str]:
    return [u.id for u in state.scene.units.values() if not u.removed]


def can_activate(state: GameState) -> list[str]:
    """Characters that have not activated this round and are on the board."""
    done = state.records.get("carnevale.activated", frozenset())
    return [uid for uid in active_characters(state) if uid not in done]


def suggested_character(state: GameState) -> str | None:
    """Who activates next by default: a character of the side that did not act
    last (gangs alternate), else any that has not activated."""
    left = can_activate(state)
    if not left:
        return None
    act = state.records.get("carnevale.activation")
    last_unit = state.scene.units.get(act.character) if act is not None else None
    if last_unit is not None:
        other = [u for u in left if state.scene.units[u].side != last_unit.side]
        if other:
            return other[0]
    return left[0]


def _carnevale_steps(
    state: GameState, events: Sequence[Event], character: str | None
) -> list[Step]:
    from tabletop_gui.rules.carnevale.settings import rounds

    n = state.clock.turn
    if not state.records.get("carnevale.round_open"):
        if n >= rounds(state.setup):
            return []
        return [Step(f"Start round {n + 1}", (TurnStart(n + 1),))]
    act = state.records.get("carnevale.activation")
    end_round = Step(f"End round {n}", (TurnEnd(n),), key="end_round")
    if act is not None and not act.ended:
        name = side_name_of_unit(state, act.character)
        return [Step(f"End {possessive(name)} activation", (ActivationEnd(act.character),)),
                end_round]  # fmt: skip
    left = can_activate(state)
    if character not in left:
        character = suggested_character(state)
    if character is None:
        return [end_round]
    name = side_name_of_unit(state, character)
    return [Step(f"Activate {name}", (ActivationStart(character),), key="activate"), end_round]
