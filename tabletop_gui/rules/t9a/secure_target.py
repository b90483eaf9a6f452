"""Secure Target (The Ninth Age secondary objective 6).

Each player places one marker (kind ``t9a.secure_target``, ``side`` = who placed
it; or param ``markers`` ``{side: marker id}``) more than 12 in from their own
Deployment Zone and at least a third of the long edge (24 in) from the other
marker. At the end, a marker is controlled by the player with more Scoring Units
within 6 in of its centre (edge of the footprint to the centre point); a unit
within 6 in of both counts only for the marker whose centre is nearer its own
centre. The most markers controlled wins.

Dice are never rolled silently:
- a unit exactly as near to both centres (the rulebook's "randomise") makes the result
  say a roll is needed; a ``dice_roll`` event with ``objective`` = this objective's
  id, ``subject`` = the unit id and ``winner`` = the side whose marker it counts
  for settles it;
- equal numbers at a marker mean nobody controls it (the rulebook: "the player with
  the most"). Param ``control_tie`` = ``"dice"`` makes such a tie a roll instead:
  ``subject`` = the marker id, ``winner`` = the side that controls it.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace

import numpy as np

from tabletop_gui.geometry.arrays import (
    centre_distances,
    distances_to_points,
    far_from,
    unit_arrays,
)
from tabletop_gui.geometry.minkowski import Footprint, nearer_than, reach_point
from tabletop_gui.geometry.outline import EPS
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.events import DiceRoll, Event
from tabletop_gui.model.names import inches
from tabletop_gui.model.pieces import Marker, Unit
from tabletop_gui.model.scene import Scene
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.objective import Objective, missing
from tabletop_gui.rules.play_types import Param
from tabletop_gui.rules.region import Region, RegionPart
from tabletop_gui.rules.scoreboard import (
    Circle,
    CountingPiece,
    Highlight,
    ObjectiveResult,
    PieceMark,
    Role,
    Status,
    strict_leader,
)
from tabletop_gui.rules.t9a.common import (
    distance_to_zone,
    names,
    objective_result,
    outcome_words,
    possessive,
    side_name,
    standing,
    third_of_long_edge,
)
from tabletop_gui.rules.t9a.regions import enemies_note, not_scoring, on_board
from tabletop_gui.rules.t9a.scoring import game_ended, scoring_mask, why_not_scoring
from tabletop_gui.rules.unit_rows import Rows, kept, reused

MARKER_KIND = "t9a.secure_target"
#: Scoring Units within this of a marker's centre count for it (in).
RADIUS = 6.0
#: A marker is placed more than this from its owner's Deployment Zone (in).
ZONE_DISTANCE = 12.0
#: Up to this many undecided units, every way the dice could fall is tried to see
#: whether the roll changes the result; beyond it, the roll is assumed to matter.
MAX_TRIED_ROLLS = 8
CONTROL_TIES = ("nobody", "dice")


@dataclass(frozen=True)
class MarkerTally:
    marker: str
    owner: str | None
    counts: dict[str, int]
    controller: str | None
    note: str
    needs_roll: bool = False


class SecureTarget(Objective):
    kind = "t9a.secure_target"
    counted = "markers controlled"
    title = "Secure Target"

    params = (
        Param("control_tie", "choice", "nobody", "A marker both sides control equally: nobody, "
              "or a dice roll decides", ("nobody", "dice")),
        Param("markers", "mapping", None, "The marker each side placed (default: the "
              "Secure Target markers, by their side)", of="marker"),
        Param("spacing", "float", None, "Least distance between the markers, in inches (default "
              "a third of the board's long edge)"),
    )  # fmt: skip

    def validate_on(self, scene: Scene) -> list[tuple[str, str]]:
        problems = []
        for side, mid in (self.param("markers", None) or {}).items():
            gone = missing("side", side, scene.side_ids) or missing("marker", mid, scene.markers)
            if gone:
                problems.append((f"markers.{side}", gone))
        return problems

    def validate(self) -> list[tuple[str, str]]:
        problems = []
        tie = self.param("control_tie", "nobody")
        if tie not in CONTROL_TIES:
            problems.append(("control_tie", f"must be one of {list(CONTROL_TIES)}, got {tie!r}"))
        markers = self.param("markers", None)
        if markers is not None and not (
            isinstance(markers, Mapping)
            and all(isinstance(k, str) and isinstance(v, str) for k, v in markers.items())
        ):
            problems.append(("markers", f"must map side id to marker id, got {markers!r}"))
        spacing = self.param("spacing", None)
        if spacing is not None and (
            isinstance(spacing, bool) or not isinstance(spacing, int | float) or spacing < 0
        ):
            problems.append(("spacing", f"must be a number >= 0, got {spacing!r}"))
        return problems

    def markers(self, state: GameState) -> list[Marker]:
        scene = state.scene
        ids = self.param("markers", None)
        if ids is not None:
            out = []
            for side, mid in ids.items():
                m = scene.markers.get(mid)
                if m is not None:
                    out.append(m if m.side == side else _with_side(m, side))
            return out
        return [m for m in scene.markers.values() if m.kind == MARKER_KIND and m.on_table]

    def rolls(self, state: GameState) -> dict[str, str]:
        return dict(self.record(state, {}))

    def fold(self, before: GameState, event: Event, after: GameState) -> GameState:
        if isinstance(event, DiceRoll) and event.objective == self.id and event.winner:
            rolls = dict(self.record(after, {}))
            rolls[event.subject] = event.winner
            return after.with_record(self.id, rolls)
        return after

    def check(self, state: GameState, event: Event) -> str | None:
        if not (isinstance(event, DiceRoll) and event.objective == self.id):
            return None
        scene = state.scene
        if event.winner is None:
            return (
                "a Secure Target roll must name its winner "
                "(the side whose marker the unit counts for, or who controls the marker)"
            )
        if event.subject in scene.units:
            return None
        if event.subject in scene.markers:
            if self.param("control_tie", "nobody") != "dice":
                return (
                    "a tie at a Secure Target marker means nobody controls it; "
                    "set control_tie to 'dice' to roll for it"
                )
            return None
        return f"Secure Target roll: {event.subject!r} is neither a unit nor a marker"

    def scoring_region(self, state: GameState, unit: Unit) -> Region | None:
        """Per marker, centres at which the unit is within 6 in of its centre; where
        it would also be within 6 in of the other marker, only the side of the two
        centres' bisector nearer this one (the unit counts for the marker its
        Centre is nearer; on the bisector itself a dice roll decides). Enemy
        Scoring Units counting for a marker now contest it."""
        refused = not_scoring(unit)
        if refused is not None:
            return refused
        scene = state.scene
        markers = self.markers(state)
        if not markers:
            return Region(why="no Secure Target markers on the board")
        fp = Footprint.of(unit)
        reach = [on_board(scene, reach_point(fp, m.x, m.y, RADIUS)) for m in markers]
        # The others counting now: the unit itself is wherever it would stand.
        others = _counting_now(state, markers, leave_out=unit.id)
        tallies = dict(zip((m.id for m in markers), others, strict=True))
        dice = self.param("control_tie", "nobody") == "dice"
        parts = []
        for j, m in enumerate(markers):
            shape = reach[j]
            for k, other in enumerate(markers):
                if k != j and shape.intersects(reach[k]):
                    nearer_other = nearer_than((other.x, other.y), (m.x, m.y), shape)
                    shape = shape.difference(reach[k].intersection(nearer_other))
            there = tallies.get(m.id, {})
            note = enemies_note(scene, unit.side, there, "counting for it now")
            label = f"counts for {_mname(scene, m)}"
            with_it = {s: there.get(s, 0) + (s == unit.side) for s in scene.side_ids}
            if _tied_counts(with_it):  # as the score rows word a unit at a tied marker
                label = f"contests {_mname(scene, m)}"
                decides = "a dice roll decides who controls it" if dice else "nobody controls it"
                note = f"{names(scene, with_it)}, tied: {decides}"
            parts.append(RegionPart(shape, label, contested=bool(note), note=note))
        return Region(tuple(parts))

    def evaluate(self, state: GameState) -> ObjectiveResult:
        scene = state.scene
        markers = self.markers(state)
        rolls = self.rolls(state)
        mnames = [_mname(scene, m) for m in markers]
        key = (
            self.kind,
            tuple((m.id, m.x, m.y, m.side) for m in markers),
            tuple(mnames),
            tuple(sorted(rolls.items())),
        )
        near = kept(scene, key, lambda s, only: _near_rows(s, only, markers, mnames, rolls))
        inputs = (near, scene.markers, scene.zones, scene.sides, scene.board, state.records,
                  state.clock, state.setup)  # fmt: skip
        return reused(self, inputs, lambda: self._evaluate(state, markers, rolls, near))

    def _evaluate(
        self, state: GameState, markers: list[Marker], rolls: dict[str, str], near: Rows
    ) -> ObjectiveResult:
        scene = state.scene
        final = game_ended(state)
        highlights: list[Highlight] = []
        problems = self._placement(state, markers, highlights)
        counting, marks, unit_sides, assigned, waits = near.columns
        pending: dict[int, tuple[int, ...]] = {}
        if waits.count(None) != len(waits):  # some unit awaits a dice roll
            pending = {i: js for i, js in zip(near.rows, waits, strict=True) if js is not None}
        tallies = self._tally(
            state, markers, Counter(zip(assigned, unit_sides, strict=True)), rolls
        )
        controlled = _controlled(scene.side_ids, tallies)
        dice_needed: list[str] = []
        undecided = False
        if pending:
            settled = {i: j for i, j in zip(near.rows, assigned, strict=True) if j >= 0}
            undecided, tallies, controlled = self._with_pending(
                state, markers, settled, pending, rolls
            )
            ids = unit_arrays(scene).ids
            for i, js in pending.items():
                u = scene.units[ids[i]]
                sides = " or ".join(
                    f"{possessive(scene, markers[j].side)}" for j in js if markers[j].side
                )
                text = (
                    f"dice roll needed: {u.name} is equally near two Secure Target markers; record "
                    f"a dice_roll with objective {self.id!r}, subject {u.id!r} and winner the side "
                    f"whose marker it counts for ({sides})"
                )
                if not undecided:
                    text += "; whichever marker it counts for, the result is the same"
                dice_needed.append(text)
        for t in tallies:
            if t.needs_roll:
                undecided = True
                dice_needed.append(f"{_mname(scene, scene.markers[t.marker])}: {t.note}")
        problems += dice_needed
        tied = {j for j, t in enumerate(tallies) if _tied(t)}
        if tied:  # the units at a tied marker contest it: nobody controls it
            marks = tuple(
                _contested(m, tallies[j].note) if j in tied else m
                for m, j in zip(marks, assigned, strict=True)
            )
            # The score rows say so too, as the marks on the board do.
            counting = tuple(
                c._replace(note=c.note.replace("counts for", "contests", 1)) if j in tied else c
                for c, j in zip(counting, assigned, strict=True)
            )
        highlights += marks

        counts = controlled
        for t in tallies:
            target = scene.markers.get(t.marker)
            if target is not None:
                label = f"Secure Target: within 6 in of {_mname(scene, target)}"
                highlights.insert(0, Circle(target.x, target.y, RADIUS, t.owner, label))
        status, leader = standing(counts, final)
        if undecided:
            status, leader = Status.NONE, None
        parts = [f"{_mname(scene, scene.markers[t.marker])}: {t.note}" for t in tallies]
        reason = "; ".join(parts) + "." if parts else "No Secure Target markers on the board."
        reason += f" Markers controlled: {names(scene, counts)}. "
        if undecided:
            reason += "Undecided until the dice roll is recorded."
        else:
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
            details={
                "markers": [
                    {
                        "marker": t.marker,
                        "owner": t.owner,
                        "counts": t.counts,
                        "controller": t.controller,
                    }
                    for t in tallies
                ],
                "dice_needed": [unit_arrays(scene).ids[i] for i in pending]
                + [t.marker for t in tallies if t.needs_roll],
                "undecided": undecided,
                "rolls": rolls,
            },
        )

    def _tally(
        self,
        state: GameState,
        markers: list[Marker],
        assigned: Mapping[tuple[int, str], int],
        rolls: Mapping[str, str],
    ) -> list[MarkerTally]:
        """Each marker's tally, from how many units of each side count for each
        marker index (-1: for none), in the order first met."""
        scene = state.scene
        counts = [{s: 0 for s in scene.side_ids} for _ in markers]
        for (j, side), n in assigned.items():
            if j >= 0:
                counts[j][side] = counts[j].get(side, 0) + n
        dice = self.param("control_tie", "nobody") == "dice"
        out = []
        for m, cnt in zip(markers, counts, strict=True):
            leader = strict_leader(cnt)
            if leader is not None:
                note = f"{names(scene, cnt)}, {side_name(scene, leader)} controls it"
            elif not any(cnt.values()):
                note = "no Scoring Unit within 6 in, nobody controls it"
            elif dice and m.id in rolls:
                leader = rolls[m.id]
                who = side_name(scene, leader)
                note = f"{names(scene, cnt)}, tied; {who} controls it by dice roll"
            elif dice:
                note = (
                    f"tie: dice roll needed ({names(scene, cnt)}); record a dice_roll with "
                    f"objective {self.id!r}, subject {m.id!r} and the winner"
                )
            else:
                note = f"{names(scene, cnt)}, tied: nobody controls it"
            needs = dice and leader is None and any(cnt.values())
            out.append(MarkerTally(m.id, m.side, cnt, leader, note, needs))
        return out

    def _with_pending(
        self,
        state: GameState,
        markers: list[Marker],
        assigned: Mapping[int, int],
        pending: Mapping[int, Sequence[int]],
        rolls: Mapping[str, str],
    ) -> tuple[bool, list[MarkerTally], dict[str, int]]:
        """Units awaiting a roll: try every way the dice could fall. Returns whether
        the roll can change how many markers each side controls, the tallies to
        show (settled units only, each marker saying whether its control hangs on
        the roll) and the markers each side controls for certain."""
        scene = state.scene
        a = unit_arrays(scene)
        sides = a.sides.tolist()
        shown = self._tally(
            state, markers, Counter((j, sides[i]) for i, j in assigned.items()), rolls
        )
        keys = list(pending)
        combos = list(itertools.product(*(pending[i] for i in keys)))
        if len(keys) > MAX_TRIED_ROLLS:
            combos = []
        trials = []
        for combo in combos:
            trial = dict(assigned)
            trial.update(zip(keys, combo, strict=True))
            pairs = Counter((j, sides[i]) for i, j in trial.items())
            trials.append(self._tally(state, markers, pairs, rolls))
        outcomes = {tuple(sorted(_controlled(scene.side_ids, t).items())) for t in trials}
        undecided = len(outcomes) != 1
        certain = {s: 0 for s in scene.side_ids}
        out = []
        for j, t in enumerate(shown):
            waiting = [a.ids[i] for i in keys if j in pending[i]]
            if not waiting:
                out.append(t)
                if t.controller:
                    certain[t.controller] += 1
                continue
            who = ", ".join(scene.units[u].name for u in waiting)
            ctrl = {trial[j].controller for trial in trials}
            base = f"{names(scene, t.counts)}, plus {who} awaiting a dice roll"
            if len(ctrl) == 1:
                (c,) = ctrl
                note = f"{base}: {side_name(scene, c)} controls it whichever way the roll falls"
                if c:
                    certain[c] += 1
            else:
                note, c = f"{base}: who controls it depends on the roll", None
            out.append(replace(t, controller=c, note=note, needs_roll=False))
        if not undecided:
            certain = _controlled(scene.side_ids, trials[0])
        return undecided, out, certain

    def _placement(
        self, state: GameState, markers: list[Marker], highlights: list[Highlight]
    ) -> list[str]:
        scene = state.scene
        given = self.param("spacing", None)  # null in a file: not given, as validate reads it
        spacing = third_of_long_edge(scene) if given is None else float(given)
        problems: list[str] = []
        bad: dict[str, list[str]] = {}

        def flag(m: Marker, text: str) -> None:
            bad.setdefault(m.id, []).append(text)
            problems.append(f"{_mname(scene, m)}: {text}")

        if len(markers) != 2:
            problems.append(f"Secure Target places one marker per player (2); found {len(markers)}")
        for m in markers:
            if m.side is None or m.side not in scene.side_ids:
                flag(m, "has no owner: set the marker's side to the player who placed it")
                continue
            dz = distance_to_zone(scene, m.side, m.x, m.y)
            if dz is None:
                flag(m, f"{side_name(scene, m.side)} has no Deployment Zone to measure from")
                continue
            if dz <= ZONE_DISTANCE + EPS:
                flag(
                    m,
                    f"{inches(dz, (ZONE_DISTANCE,))} from {possessive(scene, m.side)} "
                    f"Deployment Zone (must be more than {ZONE_DISTANCE:g} in)",
                )
        for m1, m2 in itertools.combinations(markers, 2):
            apart = math.hypot(m1.x - m2.x, m1.y - m2.y)
            if apart < spacing - EPS:
                apart_in = inches(apart, (spacing,))
                text = f"{apart_in} from the other marker (must be at least {spacing:g} in)"
                flag(m1, text)
                flag(m2, text)
        for mid, texts in bad.items():
            m = scene.markers[mid]
            highlights.append(PieceMark(mid, Role.PLACEMENT_ERROR, m.side, "; ".join(texts)))
        return problems


def _near_rows(
    scene: Scene,
    only: int | None,
    markers: list[Marker],
    mnames: list[str],
    rolls: Mapping[str, str],
) -> Rows:
    """The units within 6 in of a marker (every unit, or unit row ``only``
    alone): columns counting piece, mark, side, the marker index it counts for
    (-1: none) and the marker indices a dice roll must choose between (None:
    no roll)."""
    a = unit_arrays(scene)
    first = 0
    points = [(m.x, m.y) for m in markers]
    if only is not None:
        if far_from(a, only, points, RADIUS + EPS):
            return Rows.of((), 5)
        a, first = a.row(only), only
    scoring = scoring_mask(scene)[first : first + len(a)] & a.on_table
    n, k = len(a), len(markers)
    by_side = {m.side: j for j, m in enumerate(markers) if m.side}
    d = distances_to_points(a, points)
    c = np.empty((k, n))
    for j, m in enumerate(markers):
        c[j] = centre_distances(a, m.x, m.y)
    within = (d <= RADIUS + EPS) & a.on_table[None, :]
    entries: list[tuple[int, CountingPiece, PieceMark, str, int, tuple[int, ...] | None]] = []
    near_idx = np.flatnonzero(within.any(axis=0)) if k else np.zeros(0, dtype=int)
    counts_for = [f"counts for {name}" for name in mnames]
    w_near = within[:, near_idx]
    # The one marker a unit is within 6 in of (-1: none or several), and its distance.
    one = np.full(len(near_idx), -1)
    if k:
        one = np.where(w_near.sum(axis=0) == 1, w_near.argmax(axis=0), -1)
    d_one = d[np.maximum(one, 0), near_idx]
    scores_near = scoring[near_idx]
    # Each marker's distances and the markers within 6 in, as lists, only for
    # the units that are not simply within 6 in of one marker and scoring.
    other = near_idx[~(scores_near & (one >= 0))]
    others = zip(
        within[:, other].T.tolist(), d[:, other].T.tolist(), c[:, other].T.tolist(), strict=True
    )
    rows = zip(
        near_idx.tolist(),
        a.sides[near_idx].tolist(),
        one.tolist(),
        d_one.tolist(),
        scores_near.tolist(),
        strict=True,
    )
    for i, side, j, d_j, scores in rows:
        uid = a.ids[i]
        row = first + i
        if scores and j >= 0:  # within 6 in of one marker: counts for it
            piece = CountingPiece(uid, side, RADIUS - d_j, d_j, counts_for[j])
            entries.append(
                (row, piece, PieceMark(uid, Role.COUNTS, side, counts_for[j]), side, j, None)
            )
            continue
        w_i, d_i, c_i = next(others)
        js = [j for j in range(k) if w_i[j]]
        if not scores:
            j = min(js, key=lambda j: d_i[j])
            note = why_not_scoring(scene.units[uid])
            piece = CountingPiece(uid, side, RADIUS - d_i[j], d_i[j], note)
            entries.append(
                (row, piece, PieceMark(uid, Role.NOT_COUNTING, side, note), side, -1, None)
            )
            continue
        best = min(c_i[j] for j in js)
        near = [j for j in js if c_i[j] <= best + EPS]
        by_roll = False
        if len(near) > 1:
            rolled = by_side.get(rolls.get(uid, ""))
            pick = next((j for j in near if j == rolled), None)
            if pick is None:
                both = " and ".join(mnames[j] for j in near)
                # The distance shown is the edge's, as on every other row (within
                # 6 in of both); the centres' tie is the note's.
                edge = min(d_i[j] for j in near)
                note = (f"within 6 in of {both}, its centre {inches(best)} from each: "
                        "dice roll needed")  # fmt: skip
                piece = CountingPiece(uid, side, None, edge, note)
                mark = PieceMark(uid, Role.CONTESTED, side, "dice roll needed")
                entries.append((row, piece, mark, side, -1, tuple(near)))
                continue
            near, by_roll = [pick], True
        j = near[0]
        note = f"counts for {mnames[j]}"
        if by_roll:
            note += " (equally near both; by dice roll)"
        elif len(js) > 1:
            note += " (within 6 in of both; its centre is nearer this one)"
        piece = CountingPiece(uid, side, RADIUS - d_i[j], d_i[j], note)
        entries.append((row, piece, PieceMark(uid, Role.COUNTS, side, note), side, j, None))
    return Rows.of(entries, 5)


def _counting_now(
    state: GameState, markers: list[Marker], leave_out: str | None = None
) -> list[dict[str, int]]:
    """Scoring Units counting for each marker now, by side: within 6 in of it and,
    when within 6 in of several, nearest to it by their Centre (a unit equally
    near two awaits a dice roll and is left out); ``leave_out``: a unit not
    counted wherever it stands."""
    scene = state.scene
    a = unit_arrays(scene)
    if not markers or len(a) == 0:
        return [{} for _ in markers]
    d = distances_to_points(a, [(m.x, m.y) for m in markers])
    c = np.stack([centre_distances(a, m.x, m.y) for m in markers])
    counted = scoring_mask(scene) & a.on_table
    if leave_out is not None and leave_out in scene.units:
        counted = counted.copy()
        counted[scene.units.position(leave_out)] = False  # type: ignore[attr-defined]
    within = (d <= RADIUS + EPS) & counted[None, :]
    near = np.where(within, c, np.inf)
    nearest = within & (near <= near.min(axis=0) + EPS)
    alone = nearest.sum(axis=0) == 1
    out = []
    for j in range(len(markers)):
        counts: dict[str, int] = {}
        for side in a.sides[np.flatnonzero(nearest[j] & alone)].tolist():
            counts[side] = counts.get(side, 0) + 1
        out.append(counts)
    return out


def _tied(t: MarkerTally) -> bool:
    """Units of two sides count for the marker in equal numbers and nobody
    controls it (no roll gave it to one)."""
    return t.controller is None and _tied_counts(t.counts)


def _tied_counts(counts: Mapping[str, int]) -> bool:
    """The most units counting for a marker are of two sides or more, in equal numbers."""
    top = sorted(counts.values(), reverse=True)
    return len(top) > 1 and top[0] > 0 and top[0] == top[1]


def _contested(mark: PieceMark, note: str) -> PieceMark:
    """A unit's mark at a tied marker: it contests the marker, as the tally says
    ("contests A's target: Equitaine 1, Orcs 1, tied: nobody controls it")."""
    label = mark.label.replace("counts for", "contests", 1)
    return mark._replace(role=Role.CONTESTED, label=f"{label}: {note}")


def _controlled(sides: tuple[str, ...], tallies: list[MarkerTally]) -> dict[str, int]:
    """Markers each side controls."""
    out = {s: 0 for s in sides}
    for t in tallies:
        if t.controller:
            out[t.controller] = out.get(t.controller, 0) + 1
    return out


def _mname(scene: Scene, m: Marker) -> str:
    if m.label:
        return m.label
    if m.side and m.side in scene.side_ids:
        return f"{possessive(scene, m.side)} marker"
    return m.id


def _with_side(m: Marker, side: str) -> Marker:
    return replace(m, side=side)
