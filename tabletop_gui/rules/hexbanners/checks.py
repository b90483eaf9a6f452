"""What the board can tell of a move, a retreat or a card that the rules do not
allow, for the referee's review (docs/hex.md, Flags). Each check returns the
reason, worded for the game log's flag and for the right-click menu's "Not now"
(the window asks the family, never decides): a flag is never a refusal, so a
file holding such an event keeps opening.

- A retreat goes toward its own side's edge: each hex of it one row nearer the
  side's baseline, so a retreat of ``n`` hexes gains ``n`` rows.
- An ordered move is made in the movement phase of the unit's side (a move
  before that phase starts is taken as one that was not ordered, and flagged).
- A side plays one Command card a turn.
- A unit moves no farther in one movement phase than its type allows, where
  the scenario says how far (``move_limits``) or the game is a Memoir '44 one.
"""

from __future__ import annotations

from collections.abc import Mapping

from tabletop_gui.model.hexgrid import CENTRE, LEFT, RIGHT, Hex, HexBoard, hex_label, row_label
from tabletop_gui.model.names import possessive
from tabletop_gui.model.pieces import Unit
from tabletop_gui.model.scene import Setup
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.hexbanners import records, settings
from tabletop_gui.rules.hexbanners.base import side_name
from tabletop_gui.rules.hexbanners.fields import LEADER, SPECIAL
from tabletop_gui.rules.hexbanners.occupancy import board_of, hex_of

FLAGS = "(docs/hex.md, Flags)"

#: How far a unit of each type moves in one Memoir '44 movement phase (infantry
#: 1 hex and battle, or 2 without battling; armour 3; artillery 1).
MEMOIR_MOVES: Mapping[str, int] = {"infantry": 2, "armor": 3, "artillery": 1}
#: Memoir '44 cards that let one type move farther: (the type, how far).
MEMOIR_MOVE_CARDS: Mapping[str, tuple[str, int]] = {
    "Behind Enemy Lines": ("infantry", 3),
    "Infantry Assault": ("infantry", 3),  # 2 and battle, or 3 without battling
    "Artillery Bombard": ("artillery", 3),
}
#: Memoir '44 cards after which how far a unit may move is not known here
#: (Counter-Attack plays as the card the opponent played last).
MEMOIR_UNKNOWN_MOVE_CARDS = frozenset({"Counter-Attack"})
#: What makes a Memoir '44 unit special without changing how far it moves;
#: other specialists (cavalry, ski troops, ...) are not judged.
MEMOIR_PLAIN_SPECIALS = frozenset({"", "Elite", "Tiger"})
#: The legend keys of roads (a road over a hill too): a Memoir '44 unit that
#: starts its move on one may move one hex more along it.
ROADS = frozenset({"road", "hill_road"})


def card_key(name: str) -> str:
    """A card's name as it is compared: lower case, letters only ("Counter-Attack",
    "counterattack" and "Counter Attack" are one card)."""
    return "".join(c for c in name.casefold() if c.isalpha())


def hexes(n: int) -> str:
    return f"{n} hex{'' if n == 1 else 'es'}"


def memoir_game(setup: Setup) -> bool:
    """The game is scored by Memoir '44's rules: it has a Memoir objective (an
    imported scenario's medals, exits or sudden death)."""
    return any(spec.kind.startswith("hex.memoir_") for spec in setup.objectives)


# -- retreats -------------------------------------------------------------------


def retreat_problem(state: GameState, unit: Unit, to: Hex) -> str | None:
    """Why a retreat of ``unit`` to ``to`` breaks the rule that each hex of a
    retreat goes one row nearer its own side's edge (None: it keeps it)."""
    board = board_of(state)
    here = hex_of(board, unit) if board is not None else None
    if board is None or here is None or not board.contains(to):
        return None
    moved = board.distance(here, to)
    base = settings.baseline_row(state.setup, board, unit.side)
    gained = abs(here[1] - base) - abs(to[1] - base)
    if moved == 0 or gained >= moved:
        return None
    side = side_name(state, unit.side)
    edge = f"{possessive(side)} edge (row {row_label(base)})"
    if gained > 0:
        how = f"only {gained} of them toward {edge}"
    elif gained == 0:
        how = f"none of them toward {edge}"
    else:
        how = f"{-gained} row{'' if gained == -1 else 's'} away from {edge}"
    return (
        f"{unit.name} retreats {hexes(moved)} ({hex_label(here)} to {hex_label(to)}) but "
        f"{how}: each hex of a retreat goes one row nearer its own side's edge {FLAGS}"
    )


# -- ordered moves ----------------------------------------------------------------


_FARTHER = {card_key(name): how for name, how in MEMOIR_MOVE_CARDS.items()}
_UNKNOWN_MOVE = {card_key(name) for name in MEMOIR_UNKNOWN_MOVE_CARDS}


def move_limits(setup: Setup) -> dict[str, int]:
    """How far a unit of each ``kind`` moves in one movement phase: the setting
    ``move_limits``, else Memoir '44's in a Memoir game, else none known."""
    given = settings.move_limits(setup)
    if given is not None:
        return given
    return dict(MEMOIR_MOVES) if memoir_game(setup) else {}


def move_limit(state: GameState, unit: Unit, play: records.TurnPlay | None) -> int | None:
    """How far ``unit`` may move in this movement phase, where the game knows it
    for certain; None where it does not (a leader, a type with no limit, a
    Memoir specialist, a Memoir card whose move is not known here)."""
    if LEADER.of(unit):
        return None
    limit = move_limits(state.setup).get(unit.kind)
    if limit is None or not memoir_game(state.setup):
        return limit
    if SPECIAL.of(unit) not in MEMOIR_PLAIN_SPECIALS:
        return None
    cards = [
        card_key(c) for c in (play.cards if play is not None and play.side == unit.side else ())
    ]
    if any(card in _UNKNOWN_MOVE for card in cards):
        return None
    for card in cards:
        kind, farther = _FARTHER.get(card, ("", 0))
        if kind == unit.kind:
            limit = max(limit, farther)
    board = board_of(state)
    start = play.started.get(unit.id) if play is not None else None
    if start is None and board is not None:
        start = hex_of(board, unit)
    if board is not None and start is not None and on_road(board, start):
        limit += 1
    return limit


def on_road(board: HexBoard, hex_: Hex) -> bool:
    return any(t.hex == hex_ and t.kind in ROADS for t in board.terrain)


def move_problems(state: GameState, unit: Unit, to: Hex) -> list[str]:
    """Why an ordered move of ``unit`` to ``to`` now deserves the referee's look:
    a unit of the side not acting (it moves back by a retreat), a move before
    its side's movement phase starts, or farther in this movement phase than
    its type moves (``move_limit``)."""
    acting = state.clock.side
    board = board_of(state)
    here = hex_of(board, unit) if board is not None else None
    if acting is None or board is None or here is None:
        return []  # the set-up: units are placed, not ordered
    side = side_name(state, unit.side)
    if unit.side != acting:
        return [
            f"{unit.name} is {possessive(side)}, and it is "
            f"{possessive(side_name(state, acting))} turn: only the side whose turn it "
            f"is orders units; an enemy unit moves back by a retreat {FLAGS}"
        ]
    play = records.turn_play(state)
    if play is None or play.side != acting:
        return []
    move = settings.movement_phase(state.setup)
    if play.movement == "before":
        return [
            f"{unit.name} moved before {possessive(side)} {move} phase started: it is "
            f"taken as a move that was not ordered (it counts for banners as any move does, "
            f"with no same-phase hand-over); ordered units move in the {move} phase {FLAGS}"
        ]
    if play.movement != "in":
        return []  # after the movement phase: taking ground after a battle
    out = []
    start = play.started.get(unit.id, here)
    outside = section_problem(state, unit, start, play)
    if outside:
        out.append(outside)
    limit = move_limit(state, unit, play)
    # From where it began the phase: a drag corrected (moved on, or back) is one
    # move, not two added up (a referee met "3 hexes" for a unit 2 from its start).
    total = board.distance(start, to)
    if limit is not None and total > limit:
        kind = unit.kind or "this type"
        out.append(
            f"{unit.name} moves {hexes(total)} in this {move} phase ({hex_label(start)} to "
            f"{hex_label(to)}): {kind} moves at most {hexes(limit)} {FLAGS}"
        )
    return out


# -- Section cards ----------------------------------------------------------------------

#: What a Section card's name starts with (Commands & Colors and Memoir '44).
SECTION_ORDERS = ("recon", "probe", "attack", "assault")
#: The rest of its name (``card_key``): the section, named from the side's own edge.
SECTION_NAMES = {"leftflank": LEFT, "center": CENTRE, "centre": CENTRE, "rightflank": RIGHT}
SECTION_WORDS = {LEFT: "left flank", CENTRE: "centre", RIGHT: "right flank"}


def card_section(card: str) -> str | None:
    """The section a Section card orders units in, named from the side's own edge
    ("Probe Left Flank": ``left``); None for any other card ("Recon in Force")."""
    key = card_key(card)
    for order in SECTION_ORDERS:
        if key.startswith(order):
            return SECTION_NAMES.get(key[len(order) :])
    return None


def board_section(state: GameState, side: str, section: str) -> str:
    """``section`` named from ``side``'s own edge, as the board names it (from the
    near edge): the far side's left flank is the board's right."""
    board = board_of(state)
    if board is None or settings.baseline_row(state.setup, board, side) == 0:
        return section
    return {LEFT: RIGHT, RIGHT: LEFT}.get(section, section)


def section_problem(state: GameState, unit: Unit, start: Hex, play: records.TurnPlay) -> str | None:
    """An ordered unit that stood outside the section of the one Section card its
    side played this turn when its move began (a hex on a dotted line counts for
    its flank and the centre), in a Memoir '44 game (docs/hex.md, Flags)."""
    board = board_of(state)
    if board is None or LEADER.of(unit) or len(play.cards) != 1 or not memoir_game(state.setup):
        return None
    section = card_section(play.cards[0])
    if section is None:
        return None
    if board_section(state, unit.side, section) in board.sections_for_ordering(start):
        return None
    side = side_name(state, unit.side)
    return (
        f"{unit.name} is ordered from hex {hex_label(start)}, outside {possessive(side)} "
        f"{SECTION_WORDS[section]} ({play.cards[0]}, seen from {possessive(side)} edge): a "
        f"Section card orders units in its own section {FLAGS}"
    )


# -- Command cards -------------------------------------------------------------------


def card_problem(state: GameState, side: str, card: str) -> str | None:
    """A second Command card in one turn of ``side``."""
    play = records.turn_play(state)
    if play is None or play.side != side or not play.cards:
        return None
    name = side_name(state, side)
    return (
        f"{name} plays a second Command card this turn ({card}, after "
        f"{', '.join(play.cards)}): a side plays one Command card a turn {FLAGS}"
    )
