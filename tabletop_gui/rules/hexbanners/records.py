"""What the hex family folds from the log into ``state.records`` (keys ``hex.*``):
where each unit stood at the start of its side's turn, exits, eliminations,
figures lost and Command cards played. Objectives read these; the log stays the only truth."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.hexgrid import Hex
from tabletop_gui.model.state import GameState

TURN_START = "hex.turn_start"
EXITS = "hex.exits"
LOSSES = "hex.eliminated"
CARDS = "hex.cards"
FIGURES_LOST = "hex.figures_lost"
TURN_PLAY = "hex.turn_play"


@dataclass(frozen=True)
class TurnStartSnapshot:
    """The hexes of one side's units at the start of that side's turn."""

    turn: int
    side: str
    hexes: Mapping[str, Hex] = field(default_factory=dict)


@dataclass(frozen=True)
class Exit:
    unit_id: str
    unit_name: str
    side: str
    hex: Hex
    turn: int
    ordered: bool
    own_turn: bool  # it was the unit's side's turn
    start_hex: Hex | None  # where it stood at the start of its side's turn (None: unknown)
    index: int  # the event's place in the log (1-based: state index after it)


@dataclass(frozen=True)
class Loss:
    """An eliminated unit or leader."""

    unit_id: str
    unit_name: str
    side: str
    leader: bool
    turn: int
    index: int


@dataclass(frozen=True)
class FigureLoss:
    """Figures a unit lost: to a hit (``hex.lose_figures``), or the rest of them
    when it was eliminated whole."""

    unit_id: str
    unit_name: str
    side: str
    count: int
    eliminated: bool
    turn: int
    index: int


@dataclass(frozen=True)
class CardPlay:
    side: str
    card: str
    turn: int
    index: int


@dataclass(frozen=True)
class TurnPlay:
    """What the side whose turn it is has done in its turn so far, for the
    flags of docs/hex.md, "Flags": where its movement phase is (``before`` it
    started, ``in`` it, ``after`` it ended), the Command cards it played, and for
    each unit ordered in the movement phase the hex it started from."""

    side: str
    movement: str = "before"
    cards: tuple[str, ...] = ()
    started: Mapping[str, Hex] = field(default_factory=dict)


def turn_play(state: GameState) -> TurnPlay | None:
    """The turn under way's play, None before the log's first ``turn_start``."""
    return state.records.get(TURN_PLAY)


def turn_start(state: GameState, side: str) -> TurnStartSnapshot | None:
    snap = state.records.get(TURN_START, {}).get(side)
    return snap


def exits(state: GameState) -> tuple[Exit, ...]:
    return state.records.get(EXITS, ())


def losses(state: GameState) -> tuple[Loss, ...]:
    return state.records.get(LOSSES, ())


def figures_lost(state: GameState) -> tuple[FigureLoss, ...]:
    return state.records.get(FIGURES_LOST, ())


def cards(state: GameState) -> tuple[CardPlay, ...]:
    return state.records.get(CARDS, ())
