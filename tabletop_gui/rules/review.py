"""A replay's review (``validate``): the flags of each event, told of each step
of the replay (``Family.review``). By default each event's ``flags``, one by
one. ``MovesReview`` finds the flags of moves on a crowded board for many moves
at once: the bases a moved unit overlaps and, for a family that has it, the units
it stands within Unit Spacing of, measured by the same tests and operations pair
by pair (``flags.overlap_pairs``, ``t9a.rulings.spacing_pairs``) as a move's own
``flags`` measures them, so their flags are the same to the byte (tested on
random boards: tests/t9a/test_t9a_review_batch.py).

A batch of moves is measured against the board as it stood before the batch
(kept as arrays, written row by row when a batch ends, never copied) and the
units the batch itself changed, each as it stood at that move. A batch ends after
CHUNK moves (fewer when they changed many units: PAIRS), or before an event that
adds or removes a unit."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields

import numpy as np

from tabletop_gui.geometry.arrays import UnitArrays, _build_units, unit_arrays
from tabletop_gui.geometry.outline import CONTACT_TOLERANCE
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.events import Event
from tabletop_gui.model.names import inches
from tabletop_gui.model.piecemap import PieceMap
from tabletop_gui.model.pieces import Unit
from tabletop_gui.model.scene import Scene
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
    #: The flags of one move (``t9a.rulings.spacing_flags``), for boards of at
    #: most ``small`` units (there the family measures them one pair at a time).
    one: Callable[[GameState, str], list[str]]
    small: int


class Found:
    """The flags found, in order: each its event's index and its text's number
    (each text kept once: a crowded log's million flags say some thousands of
    things, and grouping them by text compares numbers)."""

    def __init__(self) -> None:
        self.texts: list[str] = []
        self.numbers: dict[str, int] = {}
        self._events: list[int] = []
        self._said: list[int] = []
        self._chunks: list[tuple[np.ndarray, np.ndarray]] = []

    def number(self, text: str) -> int:
        n = self.numbers.get(text)
        if n is None:
            n = self.numbers[text] = len(self.texts)
            self.texts.append(text)
        return n

    def add(self, index: int, texts: list[str]) -> None:
        for text in texts:
            self._events.append(index)
            self._said.append(self.number(text))

    def add_arrays(self, events: np.ndarray, said: np.ndarray) -> None:
        self._spill()
        self._chunks.append((events, said))

    def arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """(event index, text number) of each flag, in order."""
        self._spill()
        if not self._chunks:
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
        events, said = zip(*self._chunks, strict=True)
        return np.concatenate(events), np.concatenate(said)

    def _spill(self) -> None:
        if self._events:
            self._chunks.append((np.array(self._events, dtype=np.int64),
                                 np.array(self._said, dtype=np.int64)))  # fmt: skip
            self._events, self._said = [], []


class Review:
    """Each event's ``flags``, one by one."""

    def __init__(self, flags: Flags) -> None:
        self.flags = flags
        self.found = Found()

    def step(self, index: int, before: GameState, event: Event, after: GameState) -> None:
        found = self.flags(before, event, after)
        if found:
            self.found.add(index, found)

    def finish(self) -> Found:
        return self.found


#: Moves measured at once (a batch), at most.
CHUNK = 2048
#: A batch ends before its moves times the units it changed (each measured
#: against each move) pass this.
PAIRS = 1_000_000


class MovesReview(Review):
    """The flags of a family whose flags of a move are, in order: ``first`` (words
    about the move from the state before it, or None), the bases the moved unit
    overlaps after it (``flags.overlap_flag``), with ``stands`` where it stands
    after it (``flags.impassable_flag``), and with ``spacing`` (the setting's
    distance) the units it stands too close to, nearest first
    (``t9a.rulings.spacing_flags``). ``flags`` is the family's own, asked of
    events that add or remove units and of every event that moves none (the
    game's start: units outside their Deployment Zone)."""

    def __init__(
        self,
        flags: Flags,
        first: Callable[[GameState, Unit], str | None],
        spacing: SpacingCheck | None = None,
        stands: Callable[[Scene, Unit], str | None] | None = None,
    ) -> None:
        super().__init__(flags)
        self.first = first
        self.spacing = spacing
        #: Words about where the moved unit stands after its move (Impassable
        #: Terrain), asked move by move: after the overlap, before Unit Spacing.
        self.stands = stands
        self.standing: dict[int, str] = {}  # query -> those words
        self.board: _Board | None = None
        self.units: PieceMap[Unit] | None = None  # the units after the last step
        self.steps: list[tuple[int, str | None, int]] = []  # (index, first, query or -1)
        self.other: dict[int, list[str]] = {}  # step -> the flags of an event that moves none
        self.queries: list[tuple[int, int, Unit]] = []  # (step, row, the moved unit after it)
        self.versions: list[tuple[int, int, Unit]] = []  # (step, row, unit): what a step changed
        self.words = _Words(self.found)
        self.rows: set[int] = set()  # the rows the batch changed
        #: query -> the state after it, on a small board: its Unit Spacing flags are
        #: the family's one move's (``SpacingCheck.one``), asked when a unit is near.
        self.small: dict[int, GameState] = {}

    def step(self, index: int, before: GameState, event: Event, after: GameState) -> None:
        bu: PieceMap[Unit] = before.scene.units  # type: ignore[assignment]
        au: PieceMap[Unit] = after.scene.units  # type: ignore[assignment]
        if self.board is None or self.units is not bu or not au.same_keys(bu):
            self._flush()
            self.board = None
            if not au.same_keys(bu):
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
            for uid, u in changed:
                row = au.position(uid)
                self.versions.append((t, row, u))
                self.rows.add(row)
        unit = moved_unit(before, event)
        if unit is None:
            said = self.flags(before, event, after)
            if said:
                self.other[len(self.steps)] = said
            self.steps.append((index, None, -1))
            return
        first = self.first(before, unit)
        now = au.get(unit.id)
        q = -1
        if now is not None and not now.removed:
            q = len(self.queries)
            self.queries.append((t, au.position(unit.id), now))
            where = self.stands(after.scene, now) if self.stands is not None else None
            if where:
                self.standing[q] = where
            spacing = self.spacing
            if spacing is not None and len(au) <= spacing.small:  # the family's own way
                self.small[q] = after
        self.steps.append((index, first, q))
        if len(self.queries) >= CHUNK or len(self.queries) * len(self.rows) >= PAIRS:
            self._flush()

    def finish(self) -> Found:
        self._flush()
        return self.found

    def _flush(self) -> None:
        """Measure the batch, note its flags and write what it changed into the board."""
        board, steps = self.board, self.steps
        if board is None or not steps:
            return
        found = self.found
        overlaps, (sq, said), near = board.measure(
            self.queries, self.versions, len(steps), self.spacing, self.words
        )
        small: dict[int, list[str]] = {}
        if self.small and self.spacing is not None:
            one, queries = self.spacing.one, self.queries
            small = {q: one(s, queries[q][2].id) for q, s in self.small.items() if q in near}
        # Each step's flags in order: the first, the overlap, then Unit Spacing's.
        placed: list[tuple[int, int, int]] = []  # (step, place among its flags, text number)
        for t, (_, first, q) in enumerate(steps):
            if first:
                placed.append((t, 0, found.number(first)))
            text = overlaps.get(q) if q >= 0 else None
            if text:
                placed.append((t, 1, found.number(text)))
            text = self.standing.get(q) if q >= 0 else None
            if text:
                placed.append((t, 2, found.number(text)))
            for k, text in enumerate(small.get(q, ()) if q >= 0 else ()):
                placed.append((t, 3 + k, found.number(text)))
            for k, text in enumerate(self.other.get(t, ())):
                placed.append((t, k, found.number(text)))
        at, slot, number = (
            (list(column) for column in zip(*placed, strict=True)) if placed else ([], [], [])
        )
        qt = np.array([t for t, _, _ in self.queries], dtype=np.int64)
        st = qt[sq]
        runs = np.flatnonzero(np.r_[True, sq[1:] != sq[:-1]]) if sq.size else sq
        rank = np.arange(sq.size) - np.repeat(runs, np.diff(np.r_[runs, sq.size]))
        t_all = np.concatenate([np.array(at, dtype=np.int64), st])
        slot_all = np.concatenate([np.array(slot, dtype=np.int64), 3 + rank])
        said_all = np.concatenate([np.array(number, dtype=np.int64), said])
        order = np.lexsort((slot_all, t_all))
        events = np.array([index for index, _, _ in steps], dtype=np.int64)
        found.add_arrays(events[t_all[order]], said_all[order])
        board.advance(self.versions, len(steps))
        assert self.units is not None
        board.units = self.units
        self.steps, self.queries, self.versions, self.small, self.other = [], [], [], {}, {}
        self.standing = {}
        self.rows = set()


class _Words:
    """Unit Spacing flags by number (``Found``): each flag is its mover's words,
    its distance's and the other's name, each numbered once; a flag's text is
    made once, the first time its three are met."""

    def __init__(self, found: Found) -> None:
        self.found = found
        self.parts: tuple[dict[str, int], dict[str, int]] = ({}, {})  # distances, names
        self.head_numbers: dict[tuple[str, str], int] = {}
        self.heads: list[tuple[str, str]] = []
        self.said: dict[tuple[int, int, int], int] = {}
        #: The three parts as one number (sorted) and the text number of each.
        self.known = (np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64))

    def spacing(
        self,
        spacing: SpacingCheck,
        movers: list[Unit],
        sq: np.ndarray,
        d: np.ndarray,
        rows: np.ndarray,
        units_of: Callable[[np.ndarray], list[Unit]],
    ) -> np.ndarray:
        if not sq.size:
            return np.zeros(0, dtype=np.int64)
        dists, names = self.parts
        qs, q_of = np.unique(sq, return_inverse=True)
        head = np.array([self._head(spacing, movers[q]) for q in qs.tolist()], dtype=np.int64)[q_of]
        values, d_of = np.unique(d, return_inverse=True)
        against = (spacing.limit, CONTACT_TOLERANCE)  # as t9a.rulings.spacing_flags
        words = [_number(dists, inches(v, against)) for v in values.tolist()]
        dist = np.array(words, dtype=np.int64)[d_of]
        rs, r_of = np.unique(rows, return_inverse=True)
        labels = [u.name or u.id for u in units_of(rs)]
        name = np.array([_number(names, label) for label in labels], dtype=np.int64)[r_of]
        dist_words, name_words = list(dists), list(names)

        def word(h: int, t: int, nm: int) -> int:
            before, after = self.heads[h]
            return self.found.number(f"{before}{dist_words[t]} from {name_words[nm]}{after}")

        if max(len(self.heads), len(dists), len(names)) >= 1 << 21:  # rare: one by one
            rows3, k_of = np.unique(
                np.stack([head, dist, name], axis=1), axis=0, return_inverse=True
            )
            out = []
            for h, t, nm in rows3.tolist():
                said = self.said.get((h, t, nm))
                if said is None:
                    said = self.said[(h, t, nm)] = word(h, t, nm)
                out.append(said)
            return np.array(out, dtype=np.int64)[k_of.ravel()]
        # The three in one number; the numbers met before looked up at once.
        keys, k_of = np.unique((head << 42) | (dist << 21) | name, return_inverse=True)
        texts = np.full(keys.size, -1, dtype=np.int64)
        known, numbers = self.known
        if known.size:
            where = np.minimum(np.searchsorted(known, keys), known.size - 1)
            hit = known[where] == keys
            texts[hit] = numbers[where[hit]]
        new = np.flatnonzero(texts < 0)
        if new.size:
            mask = (1 << 21) - 1
            for k, key in zip(new.tolist(), keys[new].tolist(), strict=True):
                texts[k] = word(key >> 42, (key >> 21) & mask, key & mask)
            merged = np.concatenate([known, keys[new]])
            order = np.argsort(merged)
            self.known = merged[order], np.concatenate([numbers, texts[new]])[order]
        return texts[k_of.ravel()]

    def _head(self, spacing: SpacingCheck, unit: Unit) -> int:
        words = spacing.words(unit, spacing.limit)
        n = self.head_numbers.get(words)
        if n is None:
            n = self.head_numbers[words] = len(self.heads)
            self.heads.append(words)
        return n


def _number(numbers: dict[str, int], text: str) -> int:
    n = numbers.get(text)
    if n is None:
        n = numbers[text] = len(numbers)
    return n


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
        words: _Words,
    ) -> tuple[dict[int, str], tuple[np.ndarray, np.ndarray], set[int]]:
        """The flags of the queries (each a moved unit at its step): the overlap
        flag of each query that has one, the Unit Spacing flags as (query, text
        number), by query, nearest first, and the queries with a unit near
        enough for either rule to measure."""
        none = np.zeros(0, dtype=np.int64)
        overlaps: dict[int, str] = {}
        if not queries:
            return overlaps, (none, none), set()
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
        margin = max(NEAR, (spacing.limit if spacing is not None else 0.0) + 1e-6)
        largest = float(g.reach.max()) if len(g) else 0.0
        width = (2 * largest + margin) * (1 + 1e-6) + 1e-6
        pq, pj = _near(a, g.cx[qg], g.cy[qg], width)
        pg = pj
        if versions:
            changed = np.unique(lookup.rows)
            keep = np.ones(n, dtype=bool)
            keep[changed] = False
            sel = keep[pj]
            dq = np.repeat(np.arange(len(queries)), changed.size)
            dj = np.tile(changed, len(queries))
            pq, pj = np.concatenate([pq[sel], dq]), np.concatenate([pj[sel], dj])
            pg = np.concatenate([pg[sel], lookup(dj, qt[dq])])
        # What no rule measured here can reach (bounding circles farther apart
        # than the margin, with room to spare), and each unit itself, left out.
        gi = qg[pq]
        dx, dy = g.cx[pg] - g.cx[gi], g.cy[pg] - g.cy[gi]
        reach = (g.reach[pg] + g.reach[gi] + margin) * (1 + 1e-6) + 1e-6
        sel = (dx * dx + dy * dy <= reach * reach) & (pj != qrow[pq])
        pq, pj, pg = pq[sel], pj[sel], pg[sel]
        order = np.argsort(pq * max(n, 1) + pj)  # by query, then in the units' order
        pq, pj, pg = pq[order], pj[order], pg[order]
        gi = qg[pq]
        near = set(np.unique(pq).tolist())

        def units_of(rows: np.ndarray) -> list[Unit]:
            return self.units_of(rows, versions, n)

        overlap = overlap_pairs(g, gi, pg, movers, pq)
        for q, rows in _by_query(pq[overlap], pg[overlap]):
            names = [u.name or u.id for u in units_of(rows)]
            overlaps[q] = overlap_text(movers[q], names)
        if spacing is None or n <= spacing.small:  # none, or measured move by move
            return overlaps, (none, none), near
        limit = spacing.limit
        too, d = spacing.pairs(g, gi, pg, movers, pq, units_of, limit)
        k = np.flatnonzero(too)
        k = k[np.lexsort((d[k], pq[k]))]  # nearest first, else in order (a stable sort)
        sq = pq[k]
        return overlaps, (sq, words.spacing(spacing, movers, sq, d[k], pg[k], units_of)), near

    def units_of(
        self, rows: np.ndarray, versions: list[tuple[int, int, Unit]], n: int
    ) -> list[Unit]:
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
        a.ids,
        **{f.name: np.concatenate([getattr(a, f.name), getattr(v, f.name)]) for f in _COLUMNS},
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
