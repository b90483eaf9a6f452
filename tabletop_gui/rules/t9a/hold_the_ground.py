"""Hold the Ground (The Ninth Age secondary objective 1).

At the end of each Game Turn after the first (2 to 6), the player with strictly
more Scoring Units within 6 in of the board centre gains a counter; equal numbers
give none. Most counters at the end of the game wins. Counters are folded from
the log at each ``turn_end`` of a whole Game Turn.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import repeat
from typing import Any

import numpy as np

from tabletop_gui.geometry.arrays import (
    SMALL_BOARD,
    UnitArrays,
    distances_to_point,
    far_from,
    unit_arrays,
    units_near_point,
)
from tabletop_gui.geometry.minkowski import Footprint, reach_point
from tabletop_gui.geometry.outline import EPS
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.events import Event, TurnEnd
from tabletop_gui.model.pieces import Side, Unit
from tabletop_gui.model.scene import Scene, derived
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.objective import Objective, off_board
from tabletop_gui.rules.play_types import Param
from tabletop_gui.rules.region import Region, RegionPart
from tabletop_gui.rules.scoreboard import (
    Circle,
    CountingPiece,
    ObjectiveResult,
    PieceMark,
    Role,
    strict_leader,
)
from tabletop_gui.rules.t9a.common import is_point, standing
from tabletop_gui.rules.t9a.regions import enemies_note, not_scoring, on_board
from tabletop_gui.rules.t9a.scoring import (
    NOT_A_SCORING_UNIT,
    game_ended,
    game_turns,
    is_scoring,
    scoring_mask,
    why_not_scoring,
)
from tabletop_gui.rules.unit_rows import Rows, reused, side_counts

RADIUS = 6.0
FIRST_CHECK_TURN = 2


@dataclass(frozen=True)
class Check:
    """One end-of-Game-Turn check: the counts and who took the counter (None: nobody)."""

    turn: int
    counts: tuple[tuple[str, int], ...]
    winner: str | None


@dataclass(frozen=True)
class Near:
    """The units within 6 in of the centre: the Scoring ones (which count) and the
    others, in unit order, each with its counting piece and its mark on the board."""

    counts: dict[str, int]
    counting: tuple[CountingPiece, ...]
    not_counting: tuple[CountingPiece, ...]
    marks: tuple[PieceMark, ...]


@dataclass(frozen=True)
class _NearRows:
    """``Near`` kept per scene: the units within 6 in that count and the others,
    each as columns id, side, distance and note (why it does not count), by
    unit row.

    Their counting pieces and marks on the board are made when first asked
    (``pieces``, ``marks``: a result's counting pieces and highlights are
    worded when first read) and kept; a scene made by moving one unit splices
    the moved unit's into its parent's where the parent's were made, so every
    other unit keeps its very piece and mark (the board redraws only the
    marks that are not)."""

    counting: Rows
    not_counting: Rows

    def pieces(self) -> tuple[tuple[CountingPiece, ...], tuple[CountingPiece, ...]]:
        """The counting pieces of the units that count, then of the others."""
        return self._made("_pieces")

    def marks(self) -> tuple[tuple[PieceMark, ...], tuple[PieceMark, ...]]:
        """The marks of the units that count, then of the others."""
        return self._made("_marks")

    def _made(self, kind: str) -> Any:
        made = self.__dict__.get(kind)
        if made is None:
            make = _MAKE[kind]
            made = (make(self.counting, _COUNTS), make(self.not_counting, _NOT_COUNTING))
            object.__setattr__(self, kind, made)
        return made

    def spliced(self, i: int, new: _NearRows) -> _NearRows:
        counting = self.counting.spliced(i, new.counting)
        not_counting = self.not_counting.spliced(i, new.not_counting)
        if counting is self.counting and not_counting is self.not_counting:
            return self  # the unit was not within 6 in and is not
        spliced = _NearRows(counting, not_counting)
        for kind in _MAKE:
            made = self.__dict__.get(kind)
            if made is not None:
                theirs = new._made(kind)
                object.__setattr__(spliced, kind, (
                    _spliced(self.counting.rows, made[0], i, new.counting.rows, theirs[0]),
                    _spliced(self.not_counting.rows, made[1], i, new.not_counting.rows, theirs[1]),
                ))  # fmt: skip
        return spliced


def _pieces(rows: Rows, role: Role) -> tuple[CountingPiece, ...]:
    """The counting piece of each entry: its id, side, margin RADIUS - distance
    (one IEEE subtraction), distance and note."""
    ids, sides, dists, notes = rows.columns
    margins = [RADIUS - d for d in dists]
    fields = zip(ids, sides, margins, dists, notes, strict=True)
    return tuple(map(_new, repeat(CountingPiece), fields))


def _marks(rows: Rows, role: Role) -> tuple[PieceMark, ...]:
    """The mark of each entry: its id, ``role``, its side and its note as the label."""
    ids, sides, _, notes = rows.columns
    return tuple(
        map(_new, repeat(PieceMark), zip(ids, repeat(role), sides, notes, repeat("piece")))
    )


#: What ``_NearRows`` makes when first asked, by the attribute it keeps it in.
_MAKE = {"_pieces": _pieces, "_marks": _marks}


def _spliced(
    rows: tuple[int, ...], made: tuple[Any, ...], i: int, new_rows: tuple[int, ...],
    new_made: tuple[Any, ...],
) -> tuple[Any, ...]:  # fmt: skip
    """``made`` (one per entry of ``rows``) with unit row ``i``'s replaced by ``new_made``."""
    return Rows(rows, (made,)).spliced(i, Rows(new_rows, (new_made,))).columns[0]


def _near_rows(scene: Scene, cx: float, cy: float, only: int | None) -> _NearRows:
    """The units within 6 in of (cx, cy): every unit, or unit row ``only`` alone."""
    if only is None and len(scene.units) <= SMALL_BOARD and "unit_arrays" not in scene.cache:
        return _near_rows_small(scene, cx, cy)
    arrays = unit_arrays(scene)
    first = 0
    if only is not None:
        if far_from(arrays, only, ((cx, cy),), RADIUS + EPS):
            return _NearRows(_NO_ROWS, _NO_ROWS)
        arrays, first = arrays.row(only), only
    scoring = scoring_mask(scene)[first : first + len(arrays)]
    d = distances_to_point(arrays, cx, cy)
    idx = np.flatnonzero((d <= RADIUS + EPS) & arrays.on_table)
    scores = scoring[idx]
    # Columns made in C (a crowded centre holds a hundred units on a board of
    # 1,000); why a unit does not count asked of the unit only where its
    # Scoring flag is set (it is Fleeing, or lost Scoring).
    counting = _rows(arrays, d, idx[scores], first, None)
    no = idx[~scores]
    notes = [
        why_not_scoring(scene.units[arrays.ids[i]]) if flag else NOT_A_SCORING_UNIT
        for i, flag in zip(no.tolist(), arrays.scoring[no].tolist(), strict=True)
    ]
    return _NearRows(counting, _rows(arrays, d, no, first, notes))


def _rows(
    arrays: UnitArrays, d: np.ndarray, idx: np.ndarray, first: int, notes: list[str] | None
) -> Rows:
    """Rows of (id, side, distance, note) of unit rows ``idx`` at distances ``d``."""
    ids = tuple(map(arrays.ids.__getitem__, idx.tolist()))
    words = ("",) * len(ids) if notes is None else tuple(notes)
    columns = (ids, tuple(arrays.sides[idx].tolist()), tuple(d[idx].tolist()), words)
    return Rows(tuple((idx + first).tolist()), columns)


def _near_rows_small(scene: Scene, cx: float, cy: float) -> _NearRows:
    """``_near_rows`` of every unit of a small board whose arrays are not built:
    the units within 6 in found without them (``units_near_point``, the same
    distances to the bit), and whether each is on the table and Scoring asked
    of those units alone, as ``scoring_mask`` asks it (the flag, then Fleeing
    and lost Scoring where a field of the family is set). The same rows,
    pieces, notes and sides, the margins RADIUS - distance (one IEEE
    subtraction, as the arrays' is), made in one pass over the dozen units
    found."""
    units = scene.unit_list()
    rows, dists = units_near_point(units, cx, cy, RADIUS + EPS)
    rows_c: list[int] = []
    ids_c: list[str] = []
    sides_c: list[str] = []
    dists_c: list[float] = []
    rows_n: list[int] = []
    ids_n: list[str] = []
    sides_n: list[str] = []
    dists_n: list[float] = []
    notes_n: list[str] = []
    for row, dist in zip(rows, dists, strict=True):
        u = units[row]
        if u.removed:
            continue  # off the table
        if u.scoring and (not u.extra or is_scoring(u)):
            rows_c.append(row)
            ids_c.append(u.id)
            sides_c.append(u.side)
            dists_c.append(dist)
        else:
            rows_n.append(row)
            ids_n.append(u.id)
            sides_n.append(u.side)
            dists_n.append(dist)
            notes_n.append(why_not_scoring(u) if u.scoring else NOT_A_SCORING_UNIT)
    notes_c = ("",) * len(rows_c)
    counting = Rows(tuple(rows_c), (tuple(ids_c), tuple(sides_c), tuple(dists_c), notes_c))
    if not rows_n:
        return _NearRows(counting, _NO_ROWS)
    columns = (tuple(ids_n), tuple(sides_n), tuple(dists_n), tuple(notes_n))
    return _NearRows(counting, Rows(tuple(rows_n), columns))


_COUNTS, _NOT_COUNTING = Role.COUNTS, Role.NOT_COUNTING
_NO_ROWS = Rows.of((), 4)


def _near(scene: Scene, near: _NearRows) -> Near:
    (counting, not_counting), (marks, other_marks) = near.pieces(), near.marks()
    return Near(_counts(scene, near), counting, not_counting, marks + other_marks)


def _counts(scene: Scene, near: _NearRows) -> dict[str, int]:
    """How many units within 6 in count, by side."""
    return side_counts(near.counting.columns[1], scene.side_ids)


#: Hold the Ground's centre, the key of its kept rows and their build and patch.
_Place = tuple[
    tuple[float, float],
    str,
    Callable[[Scene], _NearRows],
    Callable[[_NearRows, Scene, int], _NearRows],
]

#: A NamedTuple made from an iterable of its fields, in C.
_new = tuple.__new__


class HoldTheGround(Objective):
    kind = "t9a.hold_the_ground"
    counted = "counters"
    title = "Hold the Ground"

    params = (
        Param("centre", "point", None, "The centre [x, y] in inches (default: the board's centre)"),
    )

    def validate(self) -> list[tuple[str, str]]:
        c = self.param("centre", None)
        if c is not None and not is_point(c):
            return [("centre", f"must be [x, y] in inches, got {c!r}")]
        return []

    def validate_on(self, scene: Scene) -> list[tuple[str, str]]:
        c = self.param("centre", None)
        off = off_board(scene, c) if c is not None else None
        return [("centre", off)] if off else []

    def centre(self, state: GameState) -> tuple[float, float]:
        c = self.param("centre", None)
        return (float(c[0]), float(c[1])) if c else state.scene.board.centre

    def _place(self, state: GameState) -> _Place:
        """The centre, the key the rows within 6 in of it are kept under (a
        string: its hash is kept) and the functions measuring them, made once
        per board."""
        board = state.scene.board
        last = self.__dict__.get("_last_place")
        if last is not None and last[0] is board:
            return last[1]
        centre = cx, cy = self.centre(state)
        place = (
            centre,
            f"{self.kind} {cx!r} {cy!r}",
            lambda s: _near_rows(s, cx, cy, None),
            lambda parent, s, i: parent.spliced(i, _near_rows(s, cx, cy, i)),
        )
        self._last_place = (board, place)
        return place

    def _kept_near(self, state: GameState, place: _Place | None = None) -> _NearRows:
        # As ``unit_rows.kept`` keeps it, with one call fewer on the way.
        _, key, build, patch = self._place(state) if place is None else place
        return derived(state.scene, key, build, patch)

    def near_centre(self, state: GameState) -> Near:
        return _near(state.scene, self._kept_near(state))

    def scoring_region(self, state: GameState, unit: Unit) -> Region | None:
        """Centres at which the unit is within 6 in of the centre: the footprint,
        reflected, on the centre and buffered by 6 in. Enemy Scoring Units within
        6 in now contest the counter."""
        refused = not_scoring(unit)
        if refused is not None:
            return refused
        cx, cy = self.centre(state)
        shape = on_board(state.scene, reach_point(Footprint.of(unit), cx, cy, RADIUS))
        counts = _counts(state.scene, self._kept_near(state))
        note = enemies_note(state.scene, unit.side, counts, "within 6 in now")
        return Region(
            (RegionPart(shape, "within 6 in of the centre", contested=bool(note), note=note),)
        )

    def fold(self, before: GameState, event: Event, after: GameState) -> GameState:
        if not (isinstance(event, TurnEnd) and event.side is None):
            return after
        if not FIRST_CHECK_TURN <= event.turn <= game_turns(after.setup):
            return after
        checks: tuple[Check, ...] = self.record(after, ())
        if any(c.turn == event.turn for c in checks):
            return after
        counts = _counts(after.scene, self._kept_near(after))
        check = Check(event.turn, tuple(counts.items()), strict_leader(counts))
        return after.with_record(self.id, (*checks, check))

    def evaluate(self, state: GameState) -> ObjectiveResult:
        place = self._place(state)
        centre, near = place[0], self._kept_near(state, place)
        inputs = (near, state.records, state.clock, state.setup, state.scene.sides)
        return reused(self, inputs, lambda: self._evaluate(state, near, centre))

    def _evaluate(
        self, state: GameState, near: _NearRows, centre: tuple[float, float]
    ) -> ObjectiveResult:
        scene = state.scene
        checks: tuple[Check, ...] = self.record(state, ())
        counters = dict.fromkeys(scene.side_ids, 0)
        for c in checks:
            if c.winner is not None:
                counters[c.winner] = counters.get(c.winner, 0) + 1
        final = game_ended(state)
        status, leader = standing(counters, final)
        # The counting pieces, the reason, the highlights and the details are
        # made when first read (``ObjectiveResult.later``): a drag's frame or a
        # cold evaluate whose text nobody reads does not make them.
        words = (scene.sides, scene.side_ids, checks, counters, near, final, leader,
                 state.clock.turn, centre)  # fmt: skip
        given = (self.id, self.name, self.kind, status, leader, counters, final, self.counted)
        return ObjectiveResult.later_given((_WORDED, _words, words), _GIVEN, given)


#: The fields of a Hold the Ground result made when first read (``_words``).
_WORDED = ("counting", "reason", "highlights", "details")
#: The fields given at once, in the order ``_evaluate`` gives them.
_GIVEN = ("objective_id", "name", "kind", "status", "leader", "counts", "final", "counted")


def _words(
    sides: tuple[Side, ...], side_ids: tuple[str, ...], checks: tuple[Check, ...],
    counters: dict[str, int], near: _NearRows, final: bool, leader: str | None, turn: int,
    centre: tuple[float, float],
) -> dict[str, Any]:  # fmt: skip
    """The counting pieces, the reason, the highlights and the details of a result."""
    now = side_counts(near.counting.columns[1], side_ids)
    now_leader = strict_leader(now)

    def name(side_id: str) -> str:  # as ``Scene.side`` finds it
        for s in sides:
            if s.id == side_id:
                return s.name
        raise KeyError(side_id)

    def names(values: dict[str, int]) -> str:
        return ", ".join(f"{name(s)} {v}" for s, v in values.items())

    after = f" after Game Turn {checks[-1].turn}" if checks else ""
    reason = f"Counters{after}: {names(counters)}."
    if not final:
        due = max(turn, FIRST_CHECK_TURN)
        if any(c.turn == due for c in checks):
            due += 1  # between this Game Turn's end and the next one's start
        when = f"at the end of Game Turn {due}"
        taker = (
            f"{name(now_leader)} would take the counter {when}"
            if now_leader
            else f"equal numbers: no counter {when}"
        )
        reason += f" Scoring Units within 6 in of the centre now: {names(now)}; {taker}."
    elif leader:
        reason += f" {name(leader)} has the most counters and wins."
    else:
        reason += " Equal counters: nobody wins."
    cx, cy = centre
    circle = Circle(cx, cy, RADIUS, label="Hold the Ground: 6 in of the centre")
    marks, other_marks = near.marks()
    if now_leader is None and any(now.values()):  # equal numbers: they contest the centre
        label = f"contests the centre: equal numbers within 6 in ({names(now)}), no counter"
        marks = tuple(m._replace(role=Role.CONTESTED, label=label) for m in marks)
    counting, not_counting = near.pieces()
    return {
        "counting": counting + not_counting,
        "reason": reason,
        "highlights": (circle, *marks, *other_marks),
        "details": {
            "now": now,
            "now_leader": now_leader,
            "checks": [
                {"turn": c.turn, "counts": dict(c.counts), "winner": c.winner} for c in checks
            ],
        },
    }
