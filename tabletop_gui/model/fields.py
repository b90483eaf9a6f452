"""Fields a rule family adds to its pieces (a flag, a count, who claimed a marker).

The model keeps only what every family shares; a family declares each field of
its own once, as a ``UnitField`` or ``MarkerField`` (typed, with its default,
limits, label and help), and lists it on the family (``Family.piece_fields``).
A piece holds the values in one immutable, hashable map, ``extra`` (a
``FieldValues``), under the field's JSON key; a value equal to the default is not
kept, so equal pieces are equal whatever was set. The file format writes each
value under its key beside the shared ones (docs/file-format.md).

    BRAVE: UnitField[bool] = UnitField("brave", bool, False, "Brave", help="...")
    BRAVE.of(unit)          # -> bool: one dict lookup
    BRAVE.set(unit, True)   # -> a new Unit
"""

from __future__ import annotations

import math
import types
import typing
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Generic, NoReturn, Protocol, Self, TypeVar

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model import limits

T = TypeVar("T")


class FieldValues(dict[str, Any]):
    """The values of a piece's family fields, by JSON key: a dict that refuses
    changes and has a hash (so pieces stay hashable). A dict rather than a
    persistent map because reading it is the hot path (a drag evaluates the board
    on every mouse move): ``dict.get`` takes about 50 ns, pyrsistent's
    ``pmap.get`` 700-1,100 ns. Edits make a new one (``with_value``); maps hold
    a handful of keys, so copying is cheap."""

    __slots__ = ("_hash",)

    def __hash__(self) -> int:  # type: ignore[override]
        try:
            return self._hash
        except AttributeError:
            self._hash: int = hash(frozenset(self.items()))
            return self._hash

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("FieldValues cannot change: make a new one (with_value)")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _refuse
    __ior__ = _refuse

    def __reduce__(self) -> tuple[type[FieldValues], tuple[dict[str, Any]]]:
        return FieldValues, (dict(self),)

    def __repr__(self) -> str:
        return f"FieldValues({dict.__repr__(self)})"

    def with_value(self, key: str, value: Any, default: Any) -> FieldValues:
        """These values with ``key`` set to ``value`` (left out when it is ``default``)."""
        out = dict(self)
        if value == default and type(value) is type(default):
            out.pop(key, None)
        else:
            out[key] = value
        return FieldValues(out) if out else NO_VALUES


#: No family field set (every piece's default).
NO_VALUES = FieldValues()


class HasFields(Protocol):
    """A piece that carries family fields (``Unit``, ``Marker``)."""

    @property
    def extra(self) -> FieldValues: ...

    def with_extra(self, extra: FieldValues) -> Self: ...


P = TypeVar("P", bound=HasFields)

#: What an editor shows for a value of each type a family field may hold
#: (``PieceField.kind``; "opt_" before it for a type ``| None``).
KINDS = {bool: "bool", int: "int", float: "float", str: "text"}


@dataclass(frozen=True, eq=False)
class PieceField(Generic[T]):
    """One field a family adds to a kind of piece: its JSON key, its type (``bool``,
    ``int``, ``float``, ``str`` or one of them ``| None``), its default, the
    Inspector's label and help, and the limits a value must keep (inclusive).
    ``kind`` says how a value is shown and edited: by default from the type
    (``bool``, ``int``, ``opt_int``, ``text``...); ``side`` / ``opt_side`` for the
    id of a side (the game log and the Inspector name the side)."""

    key: str
    hint: Any
    default: T
    label: str
    help: str = ""
    low: float | None = None
    high: float | None = None
    kind: str = ""
    #: A copy of the piece (Edit > Paste) takes the value; False for a state the
    #: copy does not share (who claimed an objective).
    copied: bool = True
    #: The kind of piece it belongs to ("unit", "marker").
    piece: ClassVar[str] = ""

    def __post_init__(self) -> None:
        kind = KINDS.get(self.value_type)
        if kind is None or (self.optional and self.value_type is bool):
            raise TypeError(
                f"field {self.key!r}: a family field holds bool, int, float or str "
                f"(the last three may be | None), not {self.hint}"
            )
        if not self.kind:
            object.__setattr__(self, "kind", f"opt_{kind}" if self.optional else kind)

    def of(self, piece: HasFields) -> T:
        """The value on ``piece`` (its default when not set)."""
        return piece.extra.get(self.key, self.default)

    def set(self, piece: P, value: T) -> P:
        """``piece`` with this field set to ``value`` (not checked: an event checks
        the piece it makes, a file checks what it reads)."""
        return piece.with_extra(piece.extra.with_value(self.key, value, self.default))

    @property
    def optional(self) -> bool:
        return type(None) in typing.get_args(self.hint)

    @property
    def value_type(self) -> Any:
        """``int`` for ``int | None``; the type itself otherwise."""
        if typing.get_origin(self.hint) in (typing.Union, types.UnionType):
            return next(a for a in typing.get_args(self.hint) if a is not type(None))
        return self.hint

    def problem(self, value: Any) -> str | None:
        """Why ``value`` (of the right type) is out of this field's limits, or None."""
        if value is None or isinstance(value, bool):
            return None
        if isinstance(value, str):
            return limits.text_problem(value)
        if isinstance(value, int | float):
            if not math.isfinite(value):
                return "must be a finite number"
            if self.low is not None and value < self.low:
                return f"must be >= {self.low:g}, got {value}"
            if self.high is not None:
                return limits.above(value, self.high)
        return None


class UnitField(PieceField[T]):
    """A field a family adds to its units (``Unit.extra``)."""

    piece = "unit"


class MarkerField(PieceField[T]):
    """A field a family adds to its markers (``Marker.extra``)."""

    piece = "marker"


def field_values(values: Mapping[PieceField[Any], Any]) -> FieldValues:
    """Values to give a new piece (``Unit(..., extra=field_values({BRAVE: True}))``);
    defaults are left out."""
    out = NO_VALUES
    for f, value in values.items():
        out = out.with_value(f.key, value, f.default)
    return out


def take_values(fields: Iterable[PieceField[Any]], kw: dict[str, Any]) -> FieldValues:
    """The values ``kw`` (a builder's keyword arguments: ``brave=True``) gives
    these fields, taken out of it."""
    return field_values({f: kw.pop(f.key) for f in fields if f.key in kw})
