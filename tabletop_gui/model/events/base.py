"""Events: the entries of a game log. Each event type is a frozen dataclass with
a unique ``type`` name. The core events (``model.events.CORE_EVENTS``) serve
every family; a family lists its own (``Family.events``), named
``<family>.<event>``. The file format reads the types of the game's family."""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from typing import Any, ClassVar

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.state import GameState
from tabletop_gui.model.terms import Terms


class EventError(ValueError):
    """An event that cannot be applied to a state (unknown piece, bad value).
    A refused field value also names the ``field`` and the ``problem`` alone, so
    an editor can word it under its own label."""

    def __init__(self, message: str, field: str | None = None, problem: str = "") -> None:
        super().__init__(message)
        self.field = field
        self.problem = problem


@dataclass(frozen=True)
class Event:
    type: ClassVar[str] = ""
    #: Names files of earlier versions gave this type (still read, never written).
    aliases: ClassVar[tuple[str, ...]] = ()

    def apply(self, state: GameState) -> GameState:
        """The state after this event (scene and clock only; rules fold their records)."""
        raise NotImplementedError

    def describe(self, state: GameState) -> str:
        """One line for the game log panel, given the state before the event."""
        return self.type.replace("_", " ")


def turn_word(state: GameState) -> str:
    """What the game's family calls the numbered unit of its clock (the game log's
    'Game Turn 3'), as the engine gave it to the state (``GameState.terms``)."""
    return state.terms.turn


def clock_prefix(state: GameState) -> str:
    c = state.clock
    if c.turn == 0:
        return "Setup"
    who = state.scene.side(c.side).name if c.side and c.side in state.scene.side_ids else ""
    word = turn_word(state)
    return f"{word} {c.turn}, {who}" if who else f"{word} {c.turn}"


def changed(piece: Any, changes: typing.Mapping[str, Any], terms: Terms) -> Any:
    """``piece`` with ``changes`` made, each to a field of its dataclass or to one
    its family adds (``terms``), checked against the field's type; enums and
    tuples coerced. Not validated (``Unit.validate``, ``Terms.problems``)."""
    hints = typing.get_type_hints(type(piece))
    names = {f.name for f in dataclasses.fields(piece) if f.init} - {"id", "extra"}
    own = terms.fields_of(type(piece))
    core: dict[str, Any] = {}
    extra = getattr(piece, "extra", None)
    for key, value in changes.items():
        if key in names:
            core[key] = _coerce(hints[key], value, key)
        elif key in own and extra is not None:
            f = own[key]
            extra = extra.with_value(key, _coerce(f.hint, value, key), f.default)
        else:
            raise EventError(f"{type(piece).__name__} has no editable field {key!r}")
    if extra is not None:
        core["extra"] = extra
    return dataclasses.replace(piece, **core)


def _coerce(hint: Any, value: Any, key: str) -> Any:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(hint)
        if value is None and type(None) in args:
            return None
        for arg in args:
            if arg is type(None):
                continue
            try:
                return _coerce(arg, value, key)
            except EventError:
                continue
        raise EventError(f"{key}: {value!r} does not fit {hint}")
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        try:
            return hint(value)
        except ValueError as exc:
            raise EventError(f"{key}: {value!r} is not one of {[m.value for m in hint]}") from exc
    if hint is bool:
        if not isinstance(value, bool):
            raise EventError(f"{key}: expected true or false, got {value!r}")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise EventError(f"{key}: expected a whole number, got {value!r}")
        return value
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise EventError(f"{key}: expected a number, got {value!r}")
        return float(value)
    if hint is str:
        if not isinstance(value, str):
            raise EventError(f"{key}: expected text, got {value!r}")
        return value
    if origin is frozenset:
        return frozenset(value)
    if origin is tuple:
        return tuple(tuple(v) if isinstance(v, list) else v for v in value)
    return value
