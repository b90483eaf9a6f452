"""An immutable, ordered id -> piece map whose versions share what they did not
change, so a game's timeline (every state kept, for look-back and undo) grows
with the events played, not with units x events.

A version holds its values in a persistent vector (pyrsistent's PVector, in C):
replacing one piece copies about one path of 32-wide nodes (~1 KB) instead of
the whole map. The ids' order and their positions are shared between versions
until a piece is added (appended, still shared where no other version appended
first) or deleted (a new map, as rare as deleting a piece is). Iteration is in
insertion order, as a dict's, and runs in C; looking an id up is two C lookups.
"""

from __future__ import annotations

import operator
import os
from collections.abc import ItemsView, Iterable, Iterator, KeysView, Mapping, Sequence, ValuesView
from itertools import compress, count, islice
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from pyrsistent import PVector, pvector
else:

    def _pvector():
        """pyrsistent's ``pvector``: the C one, from the ``pvectorc`` module
        pyrsistent installs and uses, imported without pyrsistent's package (its
        ``__init__`` imports all its modules, about 4 ms at each start); the
        Python one, pyrsistent's, when the C module is missing or
        PYRSISTENT_NO_C_EXTENSION asks for it (as pyrsistent decides)."""
        if not os.environ.get("PYRSISTENT_NO_C_EXTENSION"):
            try:
                from pvectorc import pvector

                return pvector
            except ImportError:
                pass
        from pyrsistent import pvector

        return pvector

    pvector = _pvector()

T = TypeVar("T")


class PieceMap(Mapping[str, T]):
    """A Mapping of piece ids to pieces; ``set`` and ``remove`` return new maps."""

    __slots__ = ("_index", "_keys", "_n", "_values")

    _keys: PVector[str]
    #: id -> position; may be shared with versions that appended more ids, so a
    #: position at or past this version's length is not this version's.
    _index: dict[str, int]
    _values: PVector[T]
    _n: int  # len(_values), kept: lookups are the hot path

    def __init__(self, items: Mapping[str, T] | Iterable[tuple[str, T]] = ()) -> None:
        pairs = dict(items.items() if isinstance(items, Mapping) else items)
        self._keys = pvector(pairs)
        self._index = {k: i for i, k in enumerate(pairs)}
        self._values = pvector(pairs.values())
        self._n = len(pairs)

    @classmethod
    def _of(cls, keys: PVector[str], index: dict[str, int], values: PVector[T]) -> PieceMap[T]:
        new: PieceMap[T] = cls.__new__(cls)
        new._keys, new._index, new._values, new._n = keys, index, values, len(values)
        return new

    # -- reading ------------------------------------------------------------
    def __getitem__(self, key: str) -> T:
        i = self._index[key]
        if i >= self._n:
            raise KeyError(key)
        return self._values[i]

    def get(self, key: str, default: Any = None) -> Any:
        i = self._index.get(key)
        if i is None or i >= self._n:
            return default
        return self._values[i]

    def __contains__(self, key: object) -> bool:
        i = self._index.get(key)  # type: ignore[call-overload]
        return i is not None and i < self._n

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys)

    def __len__(self) -> int:
        return self._n

    def keys(self) -> KeysView[str]:
        return _Keys(self)

    def values(self) -> ValuesView[T]:
        return _Values(self)

    def items(self) -> ItemsView[str, T]:
        return _Items(self)

    def position(self, key: str) -> int:
        """Where ``key`` stands in the order (0 for the first piece)."""
        i = self._index[key]
        if i >= self._n:
            raise KeyError(key)
        return i

    def take(self, positions: Sequence[int]) -> list[T]:
        """The pieces at these positions (rows of arrays built in the map's order)."""
        if positions and (min(positions) < 0 or max(positions) >= self._n):
            raise IndexError("a position past the map's pieces")
        values = self._values
        return [values[i] for i in positions]

    def values_list(self) -> list[T]:
        """The pieces in order, as a list (copied in C: a cold evaluate lists
        every unit, and a ``values()`` view iterates through Python)."""
        return self._values.tolist()

    def replaced_positions(self, older: PieceMap[T], limit: int) -> list[int]:
        """The first ``limit`` positions whose pieces are not the very pieces of
        ``older`` at the same position (compared in C; both as long)."""
        differ = map(operator.is_not, older._values, self._values)
        return list(islice(compress(count(), differ), limit))

    def same_keys(self, other: PieceMap[Any]) -> bool:
        """Whether ``other`` is known, without looking, to hold the same ids in
        the same order (a version of this map that only replaced values)."""
        return other._keys is self._keys and other._n == self._n

    def replaced_since(self, older: PieceMap[T]) -> list[tuple[str, T]] | None:
        """The (id, piece) pairs of this map that are not the very pieces of
        ``older``, when both hold the same ids in the same order (a version made
        from ``older`` by replacing pieces: a move); None otherwise. Compared in C,
        so a drag over 1,000 pieces finds its one change without a Python loop."""
        if older._keys is not self._keys and (older._n != self._n or older._keys != self._keys):
            return None
        differ = map(operator.is_not, older._values, self._values)
        return list(compress(zip(self._keys, self._values, strict=True), differ))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PieceMap):
            if other._values is self._values and other._keys is self._keys:
                return True
            return self._keys == other._keys and self._values == other._values
        if isinstance(other, Mapping):
            return len(self) == len(other) and all(
                k in other and other[k] == v for k, v in zip(self._keys, self._values, strict=True)
            )
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"PieceMap({dict(zip(self._keys, self._values, strict=True))!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (PieceMap, (list(zip(self._keys, self._values, strict=True)),))

    # -- new versions -------------------------------------------------------
    def set(self, key: str, value: T) -> PieceMap[T]:
        """A map with ``key`` set to ``value``: replaced in place, or appended."""
        n = self._n
        i = self._index.get(key)
        if i is not None and i < n:
            return PieceMap._of(self._keys, self._index, self._values.set(i, value))
        index = self._index
        if len(index) != n or i is not None:  # another version appended here first
            index = {k: j for k, j in index.items() if j < n}
        index[key] = n
        return PieceMap._of(self._keys.append(key), index, self._values.append(value))

    def remove(self, key: str) -> PieceMap[T]:
        """A map without ``key`` (KeyError if it has none)."""
        self.position(key)
        return PieceMap((k, v) for k, v in zip(self._keys, self._values, strict=True) if k != key)


class _Keys(KeysView[str]):
    __slots__ = ()
    _mapping: PieceMap[Any]

    def __iter__(self) -> Iterator[str]:
        return iter(self._mapping._keys)


class _Values(ValuesView[T]):
    __slots__ = ()
    _mapping: PieceMap[T]

    def __iter__(self) -> Iterator[T]:
        return iter(self._mapping._values)


class _Items(ItemsView[str, T]):
    __slots__ = ()
    _mapping: PieceMap[T]

    def __iter__(self) -> Iterator[tuple[str, T]]:
        m = self._mapping
        return zip(m._keys, m._values, strict=False)
