"""Events every family uses: editing pieces, moving, casualties, turns, dice."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import field, replace
from typing import Any

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model import limits
from tabletop_gui.model.bounds import keeps_front, piece_name, where_off
from tabletop_gui.model.copying import evolve
from tabletop_gui.model.events.base import (
    Event,
    EventError,
    changed,
    clock_prefix,
    turn_word,
)
from tabletop_gui.model.names import possessive, side_name
from tabletop_gui.model.pieces import Marker, Terrain, Unit, Zone
from tabletop_gui.model.plain import plain
from tabletop_gui.model.state import GameState


def _piece(state: GameState, piece_id: str) -> Any:
    try:
        return state.scene.piece(piece_id)
    except KeyError:
        raise EventError(f"no piece with id {piece_id!r}") from None


def _unit(state: GameState, unit_id: str) -> Unit:
    unit = state.scene.units.get(unit_id)
    if unit is None:
        raise EventError(f"no unit with id {unit_id!r}")
    return unit


def _name(piece: Any) -> str:
    """What the game log calls a piece: its name or label; an unlabelled marker by
    its kind ("Secure Target marker"), not its id."""
    named = getattr(piece, "name", "") or getattr(piece, "label", "")
    if not named and isinstance(piece, Marker):
        named = f"{piece.kind.split('.')[-1].replace('_', ' ').title()} marker"
    return named or piece.id


def _on_board(state: GameState, piece: Any) -> None:
    """Refuse a unit or marker off the board (see ``model.bounds``): a unit at
    x=500 on a 72 in board, or a 3000 mm base, is a typo."""
    problem = where_off(state.scene.board, piece)
    if problem:
        raise EventError(f"{piece_name(piece)}: {problem}", problem=problem)


def _possessive(state: GameState, side: str) -> str:
    name = state.scene.side(side).name
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _change_words(state: GameState, piece: Any, field_name: str, value: Any) -> str:
    """'Scoring set', 'Scoring cleared', 'models 18', 'side Orcs' for the game log
    (a side or a piece by its name, never its id)."""
    label = field_name.replace("_", " ")
    scene = state.scene
    own = state.terms.fields_of(type(piece)).get(field_name)
    names_side = field_name == "side" or (own is not None and own.kind in ("side", "opt_side"))
    if names_side and isinstance(value, str):
        return f"{label} {side_name(scene, value)}"
    if field_name == "carried_by" and isinstance(value, str) and scene.has_piece(value):
        return f"{label} {_name(scene.piece(value))}"
    if isinstance(value, bool):
        return f"{label[:1].upper()}{label[1:]} {'set' if value else 'cleared'}"
    return f"{label} {value}"


def _checked(piece: Any, state: GameState) -> Any:
    """``piece`` if it is valid, the fields its family adds included; else
    EventError naming the first problem (its field and the problem alone too)."""
    errors = piece.validate()
    if isinstance(piece, Unit | Marker):
        errors += state.terms.problems(piece)
    if errors:
        field_name, problem = errors[0]
        message = f"{piece_name(piece)}: {field_name.replace('_', ' ')} {problem}"
        raise EventError(message, field=field_name, problem=problem)
    return piece


def _facing_checked(piece: Unit, facing: float) -> None:
    """A facing an event may hold, as the unit's own check words it: finite (NaN
    turned a unit to NaN) and, as a file holds it, within a billion either way."""
    problem = (
        limits.above(abs(facing), limits.MAX_NUMBER, "°")
        if math.isfinite(facing)
        else "must be a finite number"
    )
    if problem:
        raise EventError(f"{piece_name(piece)}: facing {problem}", field="facing", problem=problem)


@dataclass(frozen=True)
class AddPiece(Event):
    """Place a new piece; exactly one of the four fields is set."""

    type = "add_piece"
    unit: Unit | None = None
    marker: Marker | None = None
    terrain: Terrain | None = None
    zone: Zone | None = None

    @property
    def piece(self) -> Unit | Marker | Terrain | Zone:
        pieces = [p for p in (self.unit, self.marker, self.terrain, self.zone) if p is not None]
        if len(pieces) != 1:
            raise EventError("add_piece needs exactly one of unit, marker, terrain, zone")
        return pieces[0]

    def apply(self, state: GameState) -> GameState:
        piece = _checked(self.piece, state)
        if state.scene.has_piece(piece.id):
            raise EventError(f"a piece with id {piece.id!r} already exists")
        if isinstance(piece, Unit | Zone) and piece.side not in state.scene.side_ids:
            raise EventError(f"{piece.id}: unknown side {piece.side!r}")
        if isinstance(piece, Unit | Marker):
            _on_board(state, piece)
        return state.with_scene(state.scene.with_piece(piece))

    def describe(self, state: GameState) -> str:
        """'Game Turn 6, Dark Gods: Equitaine's Questing Hermitz placed': a unit
        of another side than the one whose turn it is (a list imported into a
        game under way) is named with its side."""
        piece = self.piece
        side = getattr(piece, "side", None)
        turn_side = state.clock.side if state.clock.turn else None
        if (
            isinstance(piece, Unit)
            and turn_side
            and side != turn_side
            and side in state.scene.side_ids
        ):
            whose = possessive(side_name(state.scene, side))
            return f"{clock_prefix(state)}: {whose} {_name(piece)} placed"
        return f"{clock_prefix(state)}: {_name(piece)} placed"


@dataclass(frozen=True)
class DeletePiece(Event):
    type = "delete_piece"
    piece_id: str

    def apply(self, state: GameState) -> GameState:
        piece = _piece(state, self.piece_id)
        scene = state.scene.without(self.piece_id)
        # A marker the deleted unit carried is dropped where the unit stood: no
        # marker is left carried by a unit that is gone (it was drawn nowhere).
        return state.with_scene(scene.with_pieces(_dropped(scene, piece)))

    def describe(self, state: GameState) -> str:
        piece = _piece(state, self.piece_id)
        dropped = [_name(m) for m in _dropped(state.scene, piece)]
        also = f" (it drops {', '.join(dropped)} where it stood)" if dropped else ""
        return f"{clock_prefix(state)}: {_name(piece)} deleted{also}"


def _dropped(scene: Any, piece: Any) -> list[Marker]:
    """The markers ``piece`` carries, lying where it stands."""
    if not isinstance(piece, Unit):
        return []
    return [
        replace(m, carried_by=None, x=piece.x, y=piece.y)
        for m in scene.markers.values()
        if m.carried_by == piece.id
    ]


@dataclass(frozen=True)
class MovePiece(Event):
    """Move a unit or marker (its centre) to ``x, y``; optionally turn it too."""

    type = "move"
    piece_id: str
    x: float
    y: float
    facing: float | None = None

    def apply(self, state: GameState) -> GameState:
        # A unit first (the common case: one lookup); else any piece.
        piece = state.scene.units.get(self.piece_id) or _piece(state, self.piece_id)
        if not isinstance(piece, (Unit, Marker)):
            raise EventError(f"{self.piece_id}: only units and markers move")
        if not (math.isfinite(self.x) and math.isfinite(self.y)):
            raise EventError(f"{self.piece_id}: position must be finite")
        changes: dict[str, Any] = {"x": float(self.x), "y": float(self.y)}
        if self.facing is not None and isinstance(piece, Unit):
            _facing_checked(piece, self.facing)
            changes["facing"] = float(self.facing) % 360.0
        moved = evolve(piece, **changes)
        _on_board(state, moved)
        return state.with_scene(state.scene.with_piece(moved))

    def describe(self, state: GameState) -> str:
        piece = _piece(state, self.piece_id)
        moved = state.scene.board.distance_words((piece.x, piece.y), (self.x, self.y))
        text = f"{clock_prefix(state)}: {_name(piece)} moved {moved}"
        if self.facing is not None and isinstance(piece, Unit):
            # A move that also turns (a photo's reading, a wheel) says so: the
            # turn is what a referee checks as much as the distance.
            turn = (float(self.facing) - piece.facing + 180.0) % 360.0 - 180.0
            if abs(turn) >= 0.5:
                way = "left" if turn > 0 else "right"
                turned = f"turned {abs(turn):.0f}° {way} (facing {float(self.facing) % 360:.0f}°)"
                if (piece.x, piece.y) == (self.x, self.y):
                    return f"{clock_prefix(state)}: {_name(piece)} {turned}"
                text += f", {turned}"
        return text


@dataclass(frozen=True)
class RotatePiece(Event):
    type = "rotate"
    piece_id: str
    facing: float

    def apply(self, state: GameState) -> GameState:
        piece = _piece(state, self.piece_id)
        if not isinstance(piece, Unit):
            raise EventError(f"{self.piece_id}: only units turn")
        _facing_checked(piece, self.facing)
        turned = evolve(piece, facing=float(self.facing) % 360.0)
        _on_board(state, turned)
        return state.with_scene(state.scene.with_piece(turned))

    def describe(self, state: GameState) -> str:
        piece = _piece(state, self.piece_id)
        return f"{clock_prefix(state)}: {_name(piece)} turned to {self.facing % 360:.0f}°"


@dataclass(frozen=True)
class UpdatePiece(Event):
    """Change fields of a piece: flags (Scoring...), bases, side, values, and the
    fields its family adds (``GameState.terms``)."""

    type = "update"
    piece_id: str
    changes: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "changes", plain(self.changes))  # as a file gives them back

    def apply(self, state: GameState) -> GameState:
        piece = _piece(state, self.piece_id)
        new = _checked(changed(piece, self.changes, state.terms), state)
        side = getattr(new, "side", None)
        if isinstance(new, Unit | Zone) and side not in state.scene.side_ids:
            raise EventError(f"{self.piece_id}: unknown side {side!r}")
        if isinstance(new, Unit | Marker):
            _on_board(state, new)
        return state.with_scene(state.scene.with_piece(new))

    def describe(self, state: GameState) -> str:
        piece = _piece(state, self.piece_id)
        changes = dict(self.changes)
        back = _at_the_back(piece, changes, state)
        if back:  # the place follows from the models: said so, not as a move
            del changes["x"], changes["y"]
        parts = ", ".join(_change_words(state, piece, k, v) for k, v in changes.items())
        return f"{clock_prefix(state)}: {_name(piece)}: {parts}{back}"


def _at_the_back(piece: Any, changes: Mapping[str, Any], state: GameState) -> str:
    """ " (2 off the back; the front stays)" when ``changes`` give a unit other
    models and the place that keeps its front where it was (docs/t9a.md, Editing
    a unit's models), else ""."""
    if not isinstance(piece, Unit) or not {"models", "x", "y"} <= set(changes):
        return ""
    try:
        new = changed(piece, changes, state.terms)
    except (TypeError, ValueError):
        return ""
    if new.models == piece.models or not keeps_front(piece, new):
        return ""
    n = new.models - piece.models
    went = f"{-n} off the back" if n < 0 else f"{n} joined at the back"
    return f" ({went}; the front stays)"


@dataclass(frozen=True)
class RemoveCasualty(Event):
    """A unit destroyed or removed as a casualty: it stays in the scene, flagged removed."""

    type = "remove_casualty"
    unit_id: str

    def apply(self, state: GameState) -> GameState:
        unit = _unit(state, self.unit_id)
        return state.with_scene(state.scene.with_piece(replace(unit, removed=True)))

    def describe(self, state: GameState) -> str:
        return f"{clock_prefix(state)}: {_unit(state, self.unit_id).name} removed as a casualty"


@dataclass(frozen=True)
class TurnStart(Event):
    """Start of a Game Turn / round (``side`` None) or of one side's turn."""

    type = "turn_start"
    turn: int
    side: str | None = None

    def apply(self, state: GameState) -> GameState:
        if self.side is not None and self.side not in state.scene.side_ids:
            raise EventError(f"unknown side {self.side!r}")
        now = state.clock.turn
        # A log may begin mid-game (turn 3 straight after the setup); after that the
        # clock only stays or moves on by one.
        if self.turn < 1 or (now and self.turn not in (now, now + 1)):
            allowed = f"{now} or {now + 1}" if now else "1 or later"
            raise EventError(f"turn {self.turn} cannot start now: the clock is at turn {now} "
                             f"(the next start is turn {allowed})")  # fmt: skip
        return state.with_clock(turn=self.turn, side=self.side, phase=None, activation=None)

    def describe(self, state: GameState) -> str:
        if self.side is None:
            return f"{turn_word(state)} {self.turn} begins"
        return f"{turn_word(state)} {self.turn}: {_possessive(state, self.side)} turn begins"


@dataclass(frozen=True)
class TurnEnd(Event):
    """End of one side's turn, or (``side`` None) of the whole Game Turn / round."""

    type = "turn_end"
    turn: int
    side: str | None = None

    def apply(self, state: GameState) -> GameState:
        if self.side is not None and self.side not in state.scene.side_ids:
            raise EventError(f"unknown side {self.side!r}")
        if self.turn != state.clock.turn:
            raise EventError(
                f"turn {self.turn} cannot end: the clock is at turn {state.clock.turn}"
            )
        return state.with_clock(turn=self.turn, phase=None, activation=None)

    def describe(self, state: GameState) -> str:
        if self.side is None:
            return f"{turn_word(state)} {self.turn} ends"
        return f"{turn_word(state)} {self.turn}: {_possessive(state, self.side)} turn ends"


@dataclass(frozen=True)
class PhaseStart(Event):
    type = "phase_start"
    phase: str

    def apply(self, state: GameState) -> GameState:
        return state.with_clock(phase=self.phase)

    def describe(self, state: GameState) -> str:
        return f"{clock_prefix(state)}: {self.phase} phase begins"


@dataclass(frozen=True)
class PhaseEnd(Event):
    type = "phase_end"
    phase: str

    def apply(self, state: GameState) -> GameState:
        return state.with_clock(phase=None)

    def describe(self, state: GameState) -> str:
        return f"{clock_prefix(state)}: {self.phase} phase ends"


@dataclass(frozen=True)
class GameEnd(Event):
    type = "game_end"

    def apply(self, state: GameState) -> GameState:
        return state.with_clock(over=True)

    def describe(self, state: GameState) -> str:
        return "The game ends"


@dataclass(frozen=True)
class DiceRoll(Event):
    """A roll a rule asked for (e.g. a Secure Target tie). The program never rolls
    silently: the roll, or its winner, is recorded here."""

    type = "dice_roll"
    purpose: str
    result: int | None = None
    winner: str | None = None
    objective: str = ""
    subject: str = ""

    def apply(self, state: GameState) -> GameState:
        if self.winner is not None and self.winner not in state.scene.side_ids:
            raise EventError(f"unknown side {self.winner!r}")
        return state

    def describe(self, state: GameState) -> str:
        won = f", {state.scene.side(self.winner).name} wins" if self.winner else ""
        res = f" rolled {self.result}" if self.result is not None else ""
        return f"{clock_prefix(state)}: dice roll for {self.purpose}{res}{won}"
