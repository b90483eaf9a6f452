"""Events of the hex Victory Banner game (Commands & Colors style).

Side turns are the core ``TurnStart(turn, side)`` / ``TurnEnd(turn, side)``; the
movement phase is the core ``PhaseStart("movement")`` / ``PhaseEnd("movement")``.
The events here move units hex to hex, take them off the board and record cards
and Time Pressure banners. Whether a rule allows one now is the rules' business
(``tabletop_gui.rules.hexbanners``); ``apply`` only changes the scene.
"""

from __future__ import annotations

from dataclasses import replace

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.events.base import Event, EventError, clock_prefix
from tabletop_gui.model.hexgrid import Hex, HexBoard, hex_label
from tabletop_gui.model.pieces import Unit
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.hexbanners.fields import FIGURES, LEADER

#: The phase name of the movement phase (ordered moves, same-phase hand-over).
MOVEMENT = "movement"
SCOUT = "Scout"


def hex_board(state: GameState) -> HexBoard:
    board = state.scene.board
    if not isinstance(board, HexBoard):
        raise EventError("this event needs a hex board")
    return board


def unit_on_table(state: GameState, unit_id: str) -> Unit:
    unit = state.scene.units.get(unit_id)
    if unit is None:
        raise EventError(f"no unit with id {unit_id!r}")
    if unit.removed:
        raise EventError(f"{unit_id}: {unit.name} is no longer on the board")
    return unit


def unit_hex(state: GameState, unit: Unit) -> Hex:
    return hex_board(state).point_to_hex(unit.x, unit.y)


def _place(state: GameState, unit_id: str, to: Hex) -> GameState:
    board = hex_board(state)
    unit = unit_on_table(state, unit_id)
    to = (int(to[0]), int(to[1]))
    if not board.contains(to):
        raise EventError(f"{unit_id}: hex {hex_label(to)} is not on the board")
    x, y = board.hex_to_point(to)
    return state.with_scene(state.scene.with_piece(replace(unit, x=x, y=y)))


def _side_name(state: GameState, side: str) -> str:
    return state.scene.side(side).name if side in state.scene.side_ids else side


@dataclass(frozen=True)
class HexMove(Event):
    """A unit moves to hex ``to`` (``[col, row]``). ``ordered``: it was ordered
    by a Command card this turn (the same-phase hand-over counts only those)."""

    type = "hex.move"
    aliases = ("hex_move",)  # its name before file format v2
    unit_id: str
    to: tuple[int, int]
    ordered: bool = True

    def apply(self, state: GameState) -> GameState:
        return _place(state, self.unit_id, self.to)

    def describe(self, state: GameState) -> str:
        unit = unit_on_table(state, self.unit_id)
        how = "" if self.ordered else " (not ordered)"
        # As a drag's move reads: how many hexes, from where (what players
        # check against a unit's movement).
        board = state.scene.board
        if isinstance(board, HexBoard):
            moved = board.distance_words((unit.x, unit.y), board.hex_to_point(self.to))
            return f"{clock_prefix(state)}: {unit.name} moved {moved}{how}"
        return f"{clock_prefix(state)}: {unit.name} moves to hex {hex_label(self.to)}{how}"


@dataclass(frozen=True)
class Retreat(Event):
    """A unit retreats to hex ``to`` (never an ordered move)."""

    type = "hex.retreat"
    aliases = ("hex_retreat",)  # its name before file format v2
    unit_id: str
    to: tuple[int, int]

    def apply(self, state: GameState) -> GameState:
        return _place(state, self.unit_id, self.to)

    def describe(self, state: GameState) -> str:
        unit = unit_on_table(state, self.unit_id)
        board = state.scene.board
        if isinstance(board, HexBoard):
            back = board.distance_words((unit.x, unit.y), board.hex_to_point(self.to))
            return f"{clock_prefix(state)}: {unit.name} retreats {back}"
        return f"{clock_prefix(state)}: {unit.name} retreats to hex {hex_label(self.to)}"


@dataclass(frozen=True)
class Eliminate(Event):
    """A unit or a leader is eliminated: it leaves the board and gives the enemy a banner."""

    type = "hex.eliminate"
    aliases = ("hex_eliminate",)  # its name before file format v2
    unit_id: str

    def apply(self, state: GameState) -> GameState:
        unit = unit_on_table(state, self.unit_id)
        return state.with_scene(state.scene.with_piece(replace(unit, removed=True)))

    def describe(self, state: GameState) -> str:
        unit = unit_on_table(state, self.unit_id)
        what = "leader" if LEADER.of(unit) else "unit"
        return f"{clock_prefix(state)}: {what} {unit.name} eliminated"


@dataclass(frozen=True)
class LoseFigures(Event):
    """A unit loses ``count`` figures (a hit in battle); losing its last eliminates
    it, which gives the enemy its banner as ``hex.eliminate`` does."""

    type = "hex.lose_figures"
    unit_id: str
    count: int = 1

    def apply(self, state: GameState) -> GameState:
        unit = unit_on_table(state, self.unit_id)
        left = FIGURES.of(unit)
        if isinstance(self.count, bool) or not isinstance(self.count, int) or self.count < 1:
            raise EventError(f"count: expected a whole number >= 1, got {self.count!r}")
        if left is None:
            raise EventError(
                f"{self.unit_id}: {unit.name} has no figure count: record its elimination "
                "(hex.eliminate), or give it figures"
            )
        if self.count > left:
            raise EventError(
                f"{self.unit_id}: {unit.name} has {left} figure{'' if left == 1 else 's'} "
                f"left, it cannot lose {self.count}"
            )
        unit = FIGURES.set(unit, left - self.count)
        if left == self.count:
            unit = replace(unit, removed=True)
        return state.with_scene(state.scene.with_piece(unit))

    def describe(self, state: GameState) -> str:
        unit = unit_on_table(state, self.unit_id)
        left = (FIGURES.of(unit) or 0) - self.count
        lost = f"{self.count} figure{'' if self.count == 1 else 's'}"
        if left <= 0:
            return f"{clock_prefix(state)}: {unit.name} loses {lost}, its last: eliminated"
        return f"{clock_prefix(state)}: {unit.name} loses {lost} ({left} left)"


@dataclass(frozen=True)
class ExitBoard(Event):
    """A unit moves off the board from the baseline hex it stands on (one hex of movement)."""

    type = "hex.exit"
    aliases = ("hex_exit",)  # its name before file format v2
    unit_id: str
    ordered: bool = True

    def apply(self, state: GameState) -> GameState:
        unit = unit_on_table(state, self.unit_id)
        hex_board(state)
        return state.with_scene(state.scene.with_piece(replace(unit, removed=True)))

    def describe(self, state: GameState) -> str:
        unit = unit_on_table(state, self.unit_id)
        where = hex_label(unit_hex(state, unit))
        return f"{clock_prefix(state)}: {unit.name} exits the board from hex {where}"


@dataclass(frozen=True)
class PlayCard(Event):
    """A side plays a Command card (``card`` is its name, e.g. ``Scout``)."""

    type = "hex.play_card"
    aliases = ("hex_play_card",)  # its name before file format v2
    side: str
    card: str

    def apply(self, state: GameState) -> GameState:
        if self.side not in state.scene.side_ids:
            raise EventError(f"unknown side {self.side!r}")
        if not self.card.strip():
            raise EventError("card: the card needs a name")
        return state

    def describe(self, state: GameState) -> str:
        return f"{clock_prefix(state)}: {_side_name(state, self.side)} plays {self.card}"


@dataclass(frozen=True)
class TakeTimePressureBanner(Event):
    """At the end of its turn, a side under time pressure that played a Scout card
    takes one permanent banner (and draws one Command card instead of the Scout's draw)."""

    type = "hex.time_pressure"
    aliases = ("hex_time_pressure",)  # its name before file format v2
    side: str

    def apply(self, state: GameState) -> GameState:
        if self.side not in state.scene.side_ids:
            raise EventError(f"unknown side {self.side!r}")
        return state

    def describe(self, state: GameState) -> str:
        name = _side_name(state, self.side)
        return f"{clock_prefix(state)}: {name} takes a Time Pressure banner"


#: The hex game's own events (``HexBanners.events``).
EVENTS = (HexMove, Retreat, Eliminate, LoseFigures, ExitBoard, PlayCard, TakeTimePressureBanner)
