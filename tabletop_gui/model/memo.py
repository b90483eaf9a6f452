"""One process-wide memo for values computed from objects, keyed by the objects'
identity (a setup's objectives, a prepared shapely area): building the key is as
cheap as ``id()``, and an entry holds its objects, so their ids cannot be reused
while it lives. One eviction rule for every such cache: past ``limit`` entries
the oldest goes first."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Generic, TypeVar

V = TypeVar("V")


class IdentityMemo(Generic[V]):
    def __init__(self, limit: int = 512) -> None:
        self.limit = limit
        #: By (the id of one object, or the ids of several, extra): (what
        #: holds the objects, the value).
        self._entries: dict[tuple[Any, Hashable], tuple[object, V]] = {}

    def get(self, objects: tuple[object, ...], extra: Hashable = None) -> V | None:
        """The value stored for these very objects (and ``extra``), or None. An
        entry found under their ids holds its objects, so no other object alive
        has those ids: it is theirs."""
        # (One object, as most memos are keyed, by its id alone.)
        ids = id(objects[0]) if len(objects) == 1 else tuple(map(id, objects))
        hit = self._entries.get((ids, extra))
        return None if hit is None else hit[1]

    def get_one(self, obj: object, extra: Hashable = None) -> V | None:
        """``get((obj,), extra)``."""
        hit = self._entries.get((id(obj), extra))
        return None if hit is None else hit[1]

    def put(self, objects: tuple[object, ...], value: V, extra: Hashable = None) -> V:
        ids = id(objects[0]) if len(objects) == 1 else tuple(map(id, objects))
        return self._put((ids, extra), objects, value)

    def put_one(self, obj: object, value: V, extra: Hashable = None) -> V:
        """``put((obj,), value, extra)``."""
        return self._put((id(obj), extra), obj, value)

    def _put(self, key: tuple[Any, Hashable], holder: object, value: V) -> V:
        if key not in self._entries and len(self._entries) >= self.limit:
            del self._entries[next(iter(self._entries))]
        self._entries[key] = (holder, value)
        return value

    def __len__(self) -> int:
        return len(self._entries)

    def clear(self) -> None:
        self._entries.clear()
