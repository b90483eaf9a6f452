"""One process-wide memo for values computed from objects, keyed by the objects'
identity (a setup's objectives, a prepared shapely area): building the key is as
cheap as ``id()``, and an entry holds its objects, so their ids cannot be reused
while it lives. One eviction rule for every such cache: past ``limit`` entries
the oldest goes first."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class IdentityMemo(Generic[V]):
    def __init__(self, limit: int = 512) -> None:
        self.limit = limit
        self._entries: dict[tuple[tuple[int, ...], Hashable], tuple[tuple[object, ...], V]] = {}

    def get(self, objects: tuple[object, ...], extra: Hashable = None) -> V | None:
        """The value stored for these very objects (and ``extra``), or None. An
        entry found under their ids holds its objects, so no other object alive
        has those ids: it is theirs."""
        # (The ids made here, not by a call: most memos are keyed by one object.)
        ids = (id(objects[0]),) if len(objects) == 1 else tuple(map(id, objects))
        hit = self._entries.get((ids, extra))
        return None if hit is None else hit[1]

    def put(self, objects: tuple[object, ...], value: V, extra: Hashable = None) -> V:
        key = ((id(objects[0]),) if len(objects) == 1 else tuple(map(id, objects)), extra)
        if key not in self._entries and len(self._entries) >= self.limit:
            del self._entries[next(iter(self._entries))]
        self._entries[key] = (objects, value)
        return value

    def __len__(self) -> int:
        return len(self._entries)

    def clear(self) -> None:
        self._entries.clear()
