"""What an objective reads of each unit, kept per scene and patched for a moved unit.

A drag changes one unit: every other unit's entry in an objective's answer (its
counting piece, its mark on the board) is what it was. An objective measures its
entries for all units once (``only`` None) and, on a scene made by replacing
one unit, for that unit alone (``only`` its row), and splices them into the
parent scene's (``model.scene.derived``): a mouse move costs one unit's
measurement and a few tuple copies made in C, whatever the army's size.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from operator import is_
from typing import Any, Protocol, TypeVar

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.scene import Scene, derived


@dataclass(frozen=True, slots=True)
class Rows:
    """Entries in unit order: entry k belongs to unit row ``rows[k]`` (a unit has
    none, one or more), and each column holds one value per entry."""

    rows: tuple[int, ...]
    columns: tuple[tuple[Any, ...], ...]

    @classmethod
    def of(cls, entries: Sequence[tuple[Any, ...]], width: int) -> Rows:
        """From (row, value of each of ``width`` columns) tuples in row order."""
        if not entries:
            return cls((), ((),) * width)
        rows, *columns = zip(*entries, strict=True)
        return cls(rows, tuple(columns))

    def __len__(self) -> int:
        return len(self.rows)

    def spliced(self, i: int, new: Rows) -> Rows:
        """These entries with unit row ``i``'s replaced by ``new``'s (which holds
        row ``i``'s alone, or none)."""
        rows = self.rows
        at = bisect_left(rows, i)
        end = bisect_right(rows, i, at)
        if at == end and not new.rows:
            return self
        return Rows(
            rows[:at] + new.rows + rows[end:],
            tuple(
                old[:at] + part + old[end:]
                for old, part in zip(self.columns, new.columns, strict=True)
            ),
        )


def side_counts(sides: tuple[str, ...], side_ids: Iterable[str]) -> dict[str, int]:
    """How many of ``sides`` are each side's: every side of the scene (0 if
    none), then any other in the order first met, as a count made unit by unit
    would list them."""
    counts = dict.fromkeys(side_ids, 0)
    if len(sides) < 32:  # a Counter costs more to make than counting a few
        get = counts.get
        for side in sides:
            counts[side] = get(side, 0) + 1
        return counts
    for side, n in Counter(sides).items():
        counts[side] = counts.get(side, 0) + n
    return counts


class Spliceable(Protocol):
    def spliced(self, i: int, new: Any, /) -> Any: ...


S = TypeVar("S", bound=Spliceable)


def kept(scene: Scene, key: Hashable, measure: Callable[[Scene, int | None], S]) -> S:
    """``measure(scene, None)``, kept in the scene's cache under ``key`` (which
    names whatever besides the units the answer depends on); on a scene with one
    unit replaced, the parent's answer spliced with ``measure(scene, row)``."""
    return derived(
        scene,
        key,
        lambda s: measure(s, None),
        lambda parent, s, i: parent.spliced(i, measure(s, i)),
    )


R = TypeVar("R")


def reused(holder: object, inputs: tuple[object, ...], make: Callable[[], R]) -> R:
    """``make()``, or the answer ``holder`` made last when it was made from these
    very ``inputs`` (compared by identity: the kept rows, the records, the clock,
    the pieces' maps a move keeps). An objective names every input its answer
    reads, so a unit moved far from it costs one look, not an answer worded again."""
    last = getattr(holder, "_reused", None)
    if last is not None and len(last[0]) == len(inputs) and all(map(is_, last[0], inputs)):
        return last[1]
    answer = make()
    holder._reused = (inputs, answer)  # type: ignore[attr-defined]
    return answer
