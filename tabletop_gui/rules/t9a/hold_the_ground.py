"""Hold the Ground (The Ninth Age secondary objective 1).

At the end of each Game Turn after the first (2 to 6), the player with strictly
more Scoring Units within 6 in of the board centre gains a counter; equal numbers
give none. Most counters at the end of the game wins. Counters are folded from
the log at each ``turn_end`` of a whole Game Turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import repeat

import numpy as np

from tabletop_gui.geometry.arrays import UnitArrays, distances_to_point, far_from, unit_arrays
from tabletop_gui.geometry.minkowski import Footprint, reach_point
from tabletop_gui.geometry.outline import EPS
from tabletop_gui.model.events import Event, TurnEnd
from tabletop_gui.model.pieces import Unit
from tabletop_gui.model.scene import Scene
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.objective import Objective, off_board
from tabletop_gui.rules.play_types import Param
from tabletop_gui.rules.region import Region, RegionPart
from tabletop_gui.rules.scoreboard import (
    Circle,
    CountingPiece,
    Highlight,
    ObjectiveResult,
    PieceMark,
    Role,
    strict_leader,
)
from tabletop_gui.rules.t9a.common import is_point, objective_result, standing
from tabletop_gui.rules.t9a.regions import enemies_note, not_scoring, on_board
from tabletop_gui.rules.t9a.scoring import (
    NOT_A_SCORING_UNIT,
    game_ended,
    game_turns,
    scoring_mask,
    why_not_scoring,
)
from tabletop_gui.rules.unit_rows import Rows, kept, reused, side_counts

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
    """``Near`` kept per scene: columns piece, mark and side, by unit row."""

    counting: Rows
    not_counting: Rows

    def spliced(self, i: int, new: _NearRows) -> _NearRows:
        counting = self.counting.spliced(i, new.counting)
        not_counting = self.not_counting.spliced(i, new.not_counting)
        if counting is self.counting and not_counting is self.not_counting:
            return self  # the unit was not within 6 in and is not
        return _NearRows(counting, not_counting)


def _near_rows(scene: Scene, cx: float, cy: float, only: int | None) -> _NearRows:
    """The units within 6 in of (cx, cy): every unit, or unit row ``only`` alone."""
    arrays = unit_arrays(scene)
    first = 0
    if only is not None:
        if far_from(arrays, only, ((cx, cy),), RADIUS + EPS):
            return _NearRows(Rows.of((), 3), Rows.of((), 3))
        arrays, first = arrays.row(only), only
    scoring = scoring_mask(scene)[first : first + len(arrays)]
    d = distances_to_point(arrays, cx, cy)
    idx = np.flatnonzero((d <= RADIUS + EPS) & arrays.on_table)
    scores = scoring[idx]
    # Pieces and marks made in C, column by column (a crowded centre holds a
    # hundred units on a board of 1,000); why a unit does not count asked of the
    # unit only where its Scoring flag is set (it is Fleeing, or lost Scoring).
    counting = _rows(arrays, d, idx[scores], first, Role.COUNTS, None)
    no = idx[~scores]
    notes = [
        why_not_scoring(scene.units[arrays.ids[i]]) if flag else NOT_A_SCORING_UNIT
        for i, flag in zip(no.tolist(), arrays.scoring[no].tolist(), strict=True)
    ]
    return _NearRows(counting, _rows(arrays, d, no, first, Role.NOT_COUNTING, notes))


def _rows(
    arrays: UnitArrays, d: np.ndarray, idx: np.ndarray, first: int, role: Role,
    notes: list[str] | None,
) -> Rows:  # fmt: skip
    """Rows of (counting piece, mark, side) of unit rows ``idx`` at distances ``d``."""
    uids = list(map(arrays.ids.__getitem__, idx.tolist()))
    sides = arrays.sides[idx].tolist()
    dist = d[idx]
    words = repeat("") if notes is None else notes
    pieces = map(_new, repeat(CountingPiece), zip(uids, sides, (RADIUS - dist).tolist(),
                 dist.tolist(), words, strict=False))  # fmt: skip
    marks = map(_new, repeat(PieceMark), zip(uids, repeat(role), sides, words, repeat("piece"),
                strict=False))  # fmt: skip
    return Rows(tuple((idx + first).tolist()), (tuple(pieces), tuple(marks), tuple(sides)))


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

    def _kept_near(self, state: GameState) -> _NearRows:
        cx, cy = self.centre(state)
        return kept(state.scene, (self.kind, cx, cy), lambda s, only: _near_rows(s, cx, cy, only))

    def near_centre(self, state: GameState) -> Near:
        scene = state.scene
        near = self._kept_near(state)
        counting, not_counting = near.counting.columns, near.not_counting.columns
        return Near(
            side_counts(counting[2], scene.side_ids),
            counting[0],
            not_counting[0],
            counting[1] + not_counting[1],
        )

    def scoring_region(self, state: GameState, unit: Unit) -> Region | None:
        """Centres at which the unit is within 6 in of the centre: the footprint,
        reflected, on the centre and buffered by 6 in. Enemy Scoring Units within
        6 in now contest the counter."""
        refused = not_scoring(unit)
        if refused is not None:
            return refused
        cx, cy = self.centre(state)
        shape = on_board(state.scene, reach_point(Footprint.of(unit), cx, cy, RADIUS))
        counts = self.near_centre(state).counts
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
        near = self.near_centre(after)
        check = Check(event.turn, tuple(near.counts.items()), strict_leader(near.counts))
        return after.with_record(self.id, (*checks, check))

    def evaluate(self, state: GameState) -> ObjectiveResult:
        near = self._kept_near(state)
        inputs = (near, state.records, state.clock, state.setup, state.scene.sides)
        return reused(self, inputs, lambda: self._evaluate(state))

    def _evaluate(self, state: GameState) -> ObjectiveResult:
        scene = state.scene
        checks: tuple[Check, ...] = self.record(state, ())
        counters = {s: 0 for s in scene.side_ids}
        for c in checks:
            if c.winner is not None:
                counters[c.winner] = counters.get(c.winner, 0) + 1
        near = self.near_centre(state)
        now_leader = strict_leader(near.counts)
        final = game_ended(state)
        status, leader = standing(counters, final)

        def names(values: dict[str, int]) -> str:
            return ", ".join(f"{scene.side(s).name} {v}" for s, v in values.items())

        after = f" after Game Turn {checks[-1].turn}" if checks else ""
        reason = f"Counters{after}: {names(counters)}."
        if not final:
            due = max(state.clock.turn, FIRST_CHECK_TURN)
            if any(c.turn == due for c in checks):
                due += 1  # between this Game Turn's end and the next one's start
            when = f"at the end of Game Turn {due}"
            taker = (
                f"{scene.side(now_leader).name} would take the counter {when}"
                if now_leader
                else f"equal numbers: no counter {when}"
            )
            reason += (
                f" Scoring Units within 6 in of the centre now: {names(near.counts)}; {taker}."
            )
        elif leader:
            reason += f" {scene.side(leader).name} has the most counters and wins."
        else:
            reason += " Equal counters: nobody wins."
        cx, cy = self.centre(state)
        highlights: list[Highlight] = [
            Circle(cx, cy, RADIUS, label="Hold the Ground: 6 in of the centre")
        ]
        highlights += near.marks
        return objective_result(
            self,
            status=status,
            leader=leader,
            counts=counters,
            reason=reason,
            final=final,
            counting=near.counting + near.not_counting,
            highlights=highlights,
            details={
                "now": dict(near.counts),
                "now_leader": now_leader,
                "checks": [
                    {"turn": c.turn, "counts": dict(c.counts), "winner": c.winner} for c in checks
                ],
            },
        )
