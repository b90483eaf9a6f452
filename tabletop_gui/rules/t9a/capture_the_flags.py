"""Capture the Flags (The Ninth Age secondary objective 5).

Before the game, every unit with the Scoring property is marked. A player with
fewer than 3 marked units has units of their army marked by the opponent until
there are exactly 3 (param ``marks``: unit ids, or ``t9a.capture_the_flags_mark``
events before Game Turn 1). At the end, the player with the fewest marked units
removed as casualties wins; equal numbers, nobody.

The Scoring units are read when the game starts (the first ``turn_start`` of
Game Turn 1 or later): losing Scoring later (Fleeing) does not unmark a unit.
Before that they are read live from the board.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import islice

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.events import Event, TurnStart
from tabletop_gui.model.pieces import Unit
from tabletop_gui.model.scene import Scene, derived
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.objective import Objective, missing
from tabletop_gui.rules.play_types import Param
from tabletop_gui.rules.region import Region
from tabletop_gui.rules.scoreboard import (
    CountingPiece,
    Highlight,
    ObjectiveResult,
    PieceMark,
    Role,
)
from tabletop_gui.rules.t9a.common import objective_result, outcome_words, side_name, standing
from tabletop_gui.rules.t9a.events import FlagMark
from tabletop_gui.rules.t9a.scoring import game_ended

#: Each army has at least this many marked units (fewer only if it has fewer units).
MIN_MARKED = 3


@dataclass(frozen=True)
class FlagsRecord:
    scoring_at_start: frozenset[str] | None = None  # None until Game Turn 1 starts
    marks: tuple[str, ...] = ()  # marks from events, in order


class CaptureTheFlags(Objective):
    kind = "t9a.capture_the_flags"
    counted = "marked units lost"
    title = "Capture the Flags"

    params = (Param("marks", "units", None, "Units marked by the opponent (or mark them in play)"),)

    def validate_on(self, scene: Scene) -> list[tuple[str, str]]:
        problems = []
        for i, uid in enumerate(self.param("marks", [])):
            gone = missing("unit", uid, scene.units)
            if gone:
                problems.append((f"marks[{i}]", gone))
        return problems

    def validate(self) -> list[tuple[str, str]]:
        marks = self.param("marks", [])
        if not isinstance(marks, list | tuple) or not all(isinstance(m, str) for m in marks):
            return [("marks", f"must be a list of unit ids, got {marks!r}")]
        return []

    def fold(self, before: GameState, event: Event, after: GameState) -> GameState:
        rec: FlagsRecord = self.record(after, FlagsRecord())
        if isinstance(event, FlagMark) and event.unit_id not in rec.marks:
            return after.with_record(self.id, replace(rec, marks=(*rec.marks, event.unit_id)))
        if isinstance(event, TurnStart) and event.turn >= 1 and rec.scoring_at_start is None:
            start = frozenset(u.id for u in before.scene.units.values() if u.scoring)
            return after.with_record(self.id, replace(rec, scoring_at_start=start))
        return after

    def check(self, state: GameState, event: Event) -> str | None:
        if isinstance(event, FlagMark) and state.clock.turn >= 1:
            return "Capture the Flags marks are made before the game (before Game Turn 1)"
        return None

    def marked(self, state: GameState) -> tuple[dict[str, list[str]], list[str], list[str]]:
        """Marked unit ids per side, the problems, and the units marked against the rule."""
        scene = state.scene
        rec: FlagsRecord = self.record(state, FlagsRecord())
        base = rec.scoring_at_start
        if base is None:
            base = frozenset(u.id for u in scene.units.values() if u.scoring)
        extra = [m for m in (*self.param("marks", []), *rec.marks) if m not in base]
        extra = list(dict.fromkeys(extra))
        marked: dict[str, list[str]] = {s: [] for s in scene.side_ids}
        problems: list[str] = []
        wrong: list[str] = []
        for uid in extra:
            if uid not in scene.units:
                problems.append(f"marked unit {uid!r} is not on the board")
        for uid, u in scene.units.items():
            if uid in base:
                marked.setdefault(u.side, []).append(uid)
        for side in scene.side_ids:
            own = _side_units(scene, side)
            n_base = len(marked[side])
            target = min(MIN_MARKED, len(own)) if n_base < MIN_MARKED else n_base
            extras = [uid for uid in extra if uid in own]
            who = side_name(scene, side)
            opp = side_name(scene, scene.opponent(side))
            if n_base >= MIN_MARKED and extras:
                for uid in extras:
                    wrong.append(uid)
                    problems.append(
                        f"{scene.units[uid].name} is marked, but {who} already has {n_base} "
                        "Scoring Units marked: no extra marks"
                    )
                continue
            allowed = extras[: max(target - n_base, 0)]
            for uid in extras[len(allowed) :]:
                wrong.append(uid)
                problems.append(
                    f"{scene.units[uid].name}: one mark too many ({who} needs exactly {target})"
                )
            marked[side] += allowed
            missing = target - len(marked[side])
            if missing > 0:
                problems.append(
                    f"{who} has {len(marked[side])} marked units: {opp} must mark {missing} more"
                )
        return marked, problems, wrong

    def scoring_region(self, state: GameState, unit: Unit) -> Region | None:
        """No positional part: it counts marked units removed as casualties."""
        return Region(why="no positional part: it counts marked units removed as casualties")

    def evaluate(self, state: GameState) -> ObjectiveResult:
        """Positions play no part here, so while units are dragged the answer is
        reused: it is keyed on what it reads (flags, sides, names, the log's marks)."""
        scene = state.scene
        key = (game_ended(state), self.record(state, None), scene.sides, _units_read(scene))
        cached = getattr(self, "_cached", None)
        if cached is not None and cached[0] == key:
            return cached[1]
        result = self._evaluate(state)
        self._cached = (key, result)
        return result

    def _evaluate(self, state: GameState) -> ObjectiveResult:
        scene = state.scene
        final = game_ended(state)
        marked, problems, wrong = self.marked(state)
        counts = {s: 0 for s in scene.side_ids}
        counting: list[CountingPiece] = []
        highlights: list[Highlight] = []
        for side, ids in marked.items():
            for uid in ids:
                u = scene.units[uid]
                if u.removed:
                    counts[side] = counts.get(side, 0) + 1
                    counting.append(
                        CountingPiece(uid, side, None, None, "marked; removed as a casualty")
                    )
                    highlights.append(PieceMark(uid, Role.COUNTS, side, "marked unit lost"))
                else:
                    counting.append(CountingPiece(uid, side, None, None, "marked"))
                    highlights.append(PieceMark(uid, Role.SELECTED, side, "marked (flag)"))
        for uid in wrong:
            u = scene.units[uid]
            highlights.append(
                PieceMark(uid, Role.PLACEMENT_ERROR, u.side, "marked against the rule")
            )
        status, leader = standing(counts, final, fewest=True)
        lost = ", ".join(
            f"{side_name(scene, s)} {counts[s]} of {len(marked.get(s, []))}" for s in scene.side_ids
        )
        reason = f"Marked units removed as casualties: {lost}. "
        if leader is not None:
            reason += f"{side_name(scene, leader)} has lost the fewest: "
        else:
            reason += "Equal losses: "
        reason += outcome_words(scene, status, leader, final)
        return objective_result(
            self,
            status=status,
            leader=leader,
            counts=counts,
            reason=reason,
            final=final,
            counting=counting,
            highlights=highlights,
            problems=problems,
            details={"marked": marked},
        )


def _side_units(scene: Scene, side: str) -> set[str]:
    return {uid for uid, u in scene.units.items() if u.side == side}


def _read(u: Unit) -> tuple[str, str, str, bool, bool]:
    return (u.id, u.name, u.side, u.scoring, u.removed)


def _units_read(scene: Scene) -> tuple[tuple[str, str, str, bool, bool], ...]:
    """What the objective reads of every unit, kept per scene: a drag patches the
    moved unit's row (a tuple copied in C) instead of reading 1,000 units again."""
    return derived(scene, "t9a_flags_read", _read_all, _read_one)


def _read_all(scene: Scene) -> tuple[tuple[str, str, str, bool, bool], ...]:
    return tuple(map(_read, scene.units.values()))


def _read_one(
    parent: tuple[tuple[str, str, str, bool, bool], ...], scene: Scene, i: int
) -> tuple[tuple[str, str, str, bool, bool], ...]:
    row = _read(next(islice(scene.units.values(), i, None)))
    return parent if parent[i] == row else (*parent[:i], row, *parent[i + 1 :])
