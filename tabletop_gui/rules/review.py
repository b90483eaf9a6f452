"""A replay's review (``validate``): the flags of each event, told of each step
of the replay (``Family.review``). By default each event's ``flags``, one by
one. ``MovesReview`` finds the flags of moves on a crowded board for many moves
at once: the bases a moved unit overlaps and, for a family that has it, the units
it stands within Unit Spacing of, measured by the same tests and operations pair
by pair (``flags.overlap_pairs``, ``t9a.rulings.spacing_pairs``) as a move's own
``flags`` measures them, so their flags are the same to the byte (tested on
random boards: tests/core/test_review_batch.py).

A batch of moves is measured against the board as it stood before the batch
(kept as arrays, written row by row when a batch ends, never copied) and the
units the batch itself changed, each as it stood at that move. A batch ends after
CHUNK moves, or before an event that adds or removes a unit."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields

import numpy as np

from tabletop_gui.geometry.arrays import UnitArrays, _build_units, unit_arrays
from tabletop_gui.model.events import Event
from tabletop_gui.model.names import inches
from tabletop_gui.model.piecemap import PieceMap
from tabletop_gui.model.pieces import Unit
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.flags import NEAR, moved_unit, overlap_pairs, overlap_text

Flags = Callable[[GameState, Event, GameState], list[str]]


@dataclass(frozen=True)
class SpacingCheck:
    """A family's Unit Spacing for ``MovesReview``: the distance units keep
    apart, its check over pairs and the words of its flag around the distance
    and the other's name (``t9a.rulings.spacing_pairs``, ``spacing_words``)."""

    limit: float
    pairs: Callable[..., tuple[np.ndarray, np.ndarray]]
    words: Callable[[Unit, float], tuple[str, str]]


class Review:
    """Each event's ``flags``, one by one: (event index, flag) in order."""

    def __init__(self, flags: Flags) -> None:
        self.flags = flags
        self.found: list[tuple[int, str]] = []

    def step(self, index: int, before: GameState, event: Event, after: GameState) -> None:
        found = self.flags(before, event, after)
        if found:
            self.found.extend([(index, f) for f in found])

    def finish(self) -> list[tuple[int, str]]:
        return self.found


#: Moves measured at once (a batch), at most.
CHUNK = 512
#: Up to this many units, each move's own ``flags`` (numpy's overhead costs more).
SMALL_BOARD = 48


class MovesReview(Review):
    """The flags of a family whose flags of a move are: ``first`` (words about the
    move from the state before it, or None), the bases the moved unit overlaps
    after it (``flags.overlap_flag``), and with ``spacing`` (the setting's
    distance) the units it stands too close to, nearest first
    (``t9a.rulings.spacing_flags``); no flags for any other event. ``flags``
    is the family's own, used for small boards and for events that add or
    remove units."""

    def __init__(
        self,
        flags: Flags,
        first: Callable[[GameState, Unit], str | None],
        spacing: SpacingCheck | None = None,
    ) -> None:
        super().__init__(flags)
        self.first = first
        self.spacing = spacing
        self.board: _Board | None = None
        self.units: PieceMap[Unit] | None = None  # the units after the last step
        self.steps: list[tuple[int, str | None, int]] = []  # (index, first, query or -1)
        self.queries: list[tuple[int, int, Unit]] = []  # (step, row, the moved unit after it)
        self.versions: list[tuple[int, int, Unit]] = []  # (step, row, unit): what a step changed

    def step(self, index: int, before: GameState, event: Event, after: GameState) -> None:
        bu: PieceMap[Unit] = before.scene.units  # type: ignore[assignment]
        au: PieceMap[Unit] = after.scene.units  # type: ignore[assignment]
        if self.board is None or self.units is not bu or not au.same_keys(bu):
            self._flush()
            self.board = None
            if len(bu) <= SMALL_BOARD or not au.same_keys(bu):
                super().step(index, before, event, after)  # one by one
                return
            self.board = _Board(before)
        self.units = au
        t = len(self.steps)
        if au is not bu:
            lineage = after.scene.cache.get("_parent")
            if lineage is not None and lineage[0]() is before.scene:
                changed = [(lineage[1], au[lineage[1]])]
            else:
                changed = au.replaced_since(bu) or []
            self.versions += [(t, au.position(uid), u) for uid, u in changed]
        unit = moved_unit(before, event)
        if unit is None:
            self.steps.append((index, None, -1))
            return
        first = self.first(before, unit)
        now = au.get(unit.id)
        q = -1
        if now is not None and not now.removed:
            q = len(self.queries)
            self.queries.append((t, au.position(unit.id), now))
        self.steps.append((index, first, q))
        if len(self.queries) >= CHUNK:
            self._flush()

    def finish(self) -> list[tuple[int, str]]:
        self._flush()
        return self.found

    def _flush(self) -> None:
        """Measure the batch, note its flags and write what it changed into the board."""
        board, steps = self.board, self.steps
        if board is None or not steps:
            return
        found = self.found
        words = board.measure(self.queries, self.versions, len(steps), self.spacing)
        for index, first, q in steps:
            if first:
                found.append((index, first))
            if q >= 0:
                found.extend([(index, f) for f in words[q]])
        board.advance(self.versions, len(steps))
        assert self.units is not None
        board.units = self.units
        self.steps, self.queries, self.versions = [], [], []


class _Board:
    """The units as they stood before a batch: their arrays (own copies, written
    row by row) and their map."""

    def __init__(self, state: GameState) -> None:
        self.units: PieceMap[Unit] = state.scene.units  # type: ignore[assignment]
        a = unit_arrays(state.scene)
        self.a = UnitArrays(a.ids, **{f.name: getattr(a, f.name).copy() for f in _COLUMNS})

    def measure(
        self,
        queries: list[tuple[int, int, Unit]],
        versions: list[tuple[int, int, Unit]],
        steps: int,
        spacing: SpacingCheck | None,
    ) -> list[list[str]]:
        """The flags of each query (a moved unit at its step) but the first."""
        out: list[list[str]] = [[] for _ in queries]
        if not queries:
            return out
        a, n = self.a, len(self.a)
        g = _join(a, [u for _, _, u in versions])
        qt = np.array([t for t, _, _ in queries], dtype=np.int64)
        qrow = np.array([r for _, r, _ in queries], dtype=np.int64)
        movers = [u for _, _, u in queries]
        lookup = _Versions(versions, steps, n)
        qg = lookup(qrow, qt)
        # Pairs: each query and every unit near it on the board before the batch
        # (a grid of cells as wide as any pair measured may be apart) that the
        # batch did not change, and every unit the batch changed, as it stood then.
        changed = np.unique(lookup.rows) if versions else np.zeros(0, dtype=np.int64)
        margin = max(NEAR, (spacing.limit if spacing is not None else 0.0) + 1e-6)
        largest = float(g.reach.max()) if len(g) else 0.0
        width = (2 * largest + margin) * (1 + 1e-6) + 1e-6
        pq, pj = _near(a, g.cx[qg], g.cy[qg], width)
        if changed.size:
            keep = np.ones(n, dtype=bool)
            keep[changed] = False
            sel = keep[pj]
            pq, pj = pq[sel], pj[sel]
            dq = np.repeat(np.arange(len(queries)), changed.size)
            dj = np.tile(changed, len(queries))
            pq, pj = np.concatenate([pq, dq]), np.concatenate([pj, dj])
        sel = pj != qrow[pq]
        pq, pj = pq[sel], pj[sel]
        order = np.lexsort((pj, pq))  # by query, then in the units' order
        pq, pj = pq[order], pj[order]
        pg = lookup(pj, qt[pq]) if versions else pj
        gi = qg[pq]

        def units_of(rows: np.ndarray) -> list[Unit]:
            return self.units_of(rows, versions, n)

        overlap = overlap_pairs(g, gi, pg, movers, pq)
        for q, rows in _by_query(pq[overlap], pg[overlap]):
            names = [u.name or u.id for u in units_of(rows)]
            out[q].append(overlap_text(movers[q], names))
        if spacing is not None:
            limit = spacing.limit
            too, d = spacing.pairs(g, gi, pg, movers, pq, units_of, limit)
            k = np.flatnonzero(too)
            k = k[np.lexsort((pj[k], d[k], pq[k]))]  # nearest first, else in order
            labels = [u.name or u.id for u in units_of(pg[k])]
            values, which = np.unique(d[k], return_inverse=True)
            words = [inches(v) for v in values.tolist()]
            texts = [words[w] for w in which.tolist()]
            for q, (lo, hi) in _runs(pq[k]):
                head, tail = spacing.words(movers[q], limit)
                out[q] += [
                    f"{head}{t} from {label}{tail}"
                    for t, label in zip(texts[lo:hi], labels[lo:hi], strict=True)
                ]
        return out

    def units_of(self, rows: np.ndarray, versions: list[tuple[int, int, Unit]], n: int) -> list[Unit]:
        """The units of rows of the batch's arrays (the board's, then the versions')."""
        wanted = rows.tolist()
        if not versions or not wanted or max(wanted) < n:
            return self.units.take(wanted)
        values = self.units.take([g if g < n else 0 for g in wanted])
        return [versions[g - n][2] if g >= n else u for g, u in zip(wanted, values, strict=True)]

    def advance(self, versions: list[tuple[int, int, Unit]], steps: int) -> None:
        """Write each changed unit's last version into the board's arrays."""
        if not versions:
            return
        latest: dict[int, Unit] = {}
        for _, row, u in versions:
            latest[row] = u
        rows = np.fromiter(latest, dtype=np.int64, count=len(latest))
        v = _build_units(list(latest.values()))
        for f in _COLUMNS:
            getattr(self.a, f.name)[rows] = getattr(v, f.name)


_COLUMNS = [f for f in fields(UnitArrays) if f.name != "ids"]


def _join(a: UnitArrays, units: list[Unit]) -> UnitArrays:
    """The board's rows, then the rows of ``units``."""
    if not units:
        return a
    v = _build_units(units)
    return UnitArrays(
        a.ids, **{f.name: np.concatenate([getattr(a, f.name), getattr(v, f.name)]) for f in _COLUMNS}
    )


class _Versions:
    """Which row of the batch's arrays holds unit row ``r`` as it stood after
    step ``t``: its last version at or before ``t``, else the board's row."""

    def __init__(self, versions: list[tuple[int, int, Unit]], steps: int, n: int) -> None:
        t = np.array([v[0] for v in versions], dtype=np.int64)
        self.rows = np.array([v[1] for v in versions], dtype=np.int64)
        self.order = np.argsort(self.rows, kind="stable")  # by row, then step
        self.span = steps + 1
        self.keys = self.rows[self.order] * self.span + t[self.order]
        self.n = n

    def __call__(self, rows: np.ndarray, times: np.ndarray) -> np.ndarray:
        out = rows.copy()
        if not self.keys.size:
            return out
        pos = np.searchsorted(self.keys, rows * self.span + times, side="right") - 1
        ok = pos >= 0
        ok[ok] = self.rows[self.order[pos[ok]]] == rows[ok]
        out[ok] = self.n + self.order[pos[ok]]
        return out


def _near(
    a: UnitArrays, qx: np.ndarray, qy: np.ndarray, width: float
) -> tuple[np.ndarray, np.ndarray]:
    """(query, row) of every row of ``a`` whose centre is in a cell of a grid
    ``width`` wide next to or at the cell of a query's centre: every row within
    ``width`` of it along x and along y, and more."""
    n = len(a)
    if not n:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    kx = np.floor(a.cx / width).astype(np.int64)
    ky = np.floor(a.cy / width).astype(np.int64)
    x0, x1, y0, y1 = int(kx.min()), int(kx.max()), int(ky.min()), int(ky.max())
    ny = y1 - y0 + 1
    keys = (kx - x0) * ny + (ky - y0)
    order = np.argsort(keys, kind="stable")
    sorted_keys = keys[order]
    qkx = np.floor(qx / width).astype(np.int64)
    qky = np.floor(qy / width).astype(np.int64)
    lo_parts, hi_parts = [], []
    for ox in (-1, 0, 1):
        for oy in (-1, 0, 1):
            cx, cy = qkx + ox, qky + oy
            inside = (cx >= x0) & (cx <= x1) & (cy >= y0) & (cy <= y1)
            k = (cx - x0) * ny + (cy - y0)
            lo = np.searchsorted(sorted_keys, k, side="left")
            hi = np.searchsorted(sorted_keys, k, side="right")
            lo_parts.append(lo)
            hi_parts.append(np.where(inside, hi, lo))
    lo, hi = np.stack(lo_parts, axis=1).ravel(), np.stack(hi_parts, axis=1).ravel()
    counts = hi - lo
    total = int(counts.sum())
    q = np.repeat(np.repeat(np.arange(len(qx)), 9), counts)
    starts = np.repeat(lo - (np.cumsum(counts) - counts), counts)
    rows = order[np.arange(total) + starts]
    return q, rows


def _runs(pq: np.ndarray) -> list[tuple[int, tuple[int, int]]]:
    """(query, (start, end)) of each run of pairs of one query (pairs come by query)."""
    if not pq.size:
        return []
    starts = np.flatnonzero(np.r_[True, pq[1:] != pq[:-1]]).tolist()
    ends = [*starts[1:], len(pq)]
    return [(int(pq[s]), (s, e)) for s, e in zip(starts, ends, strict=True)]


def _by_query(pq: np.ndarray, rows: np.ndarray) -> list[tuple[int, np.ndarray]]:
    """(query, its rows) for pairs that come by query."""
    return [(q, rows[lo:hi]) for q, (lo, hi) in _runs(pq)]
