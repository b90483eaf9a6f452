"""Spoils of War (The Ninth Age secondary objective 3).

Three markers lie on the line dividing the board into halves (the Centre Line;
the diagonal in Refused Flank): the central one at the point of the line nearest
the board centre that is more than 1 in from Impassable Terrain, the other two
at least a third of the long edge (24 in) either side of it, as near the centre
as possible, also more than 1 in from Impassable Terrain.

At the start of its own Player Turn (right after ``turn_start`` for that side,
before any other event), a Scoring unit carrying nothing may pick up one marker
whose centre its footprint contains (``t9a.spoils_pick_up``). A carrier with fewer
than 3 Full Ranks cannot March (flagged). When a carrier is destroyed or loses
Scoring, the opponent places the marker with its centre within 3 in of the
carrier and not within 1 in of Impassable Terrain (``t9a.spoils_drop``). At the
end, the player with the most (Scoring) units carrying a marker wins.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import field, replace
from functools import lru_cache

import numpy as np
from shapely.geometry import LineString, Point, Polygon, box
from shapely.geometry.base import BaseGeometry

from tabletop_gui.geometry.arrays import distances_to_points, unit_arrays
from tabletop_gui.geometry.minkowski import Footprint, reach_point
from tabletop_gui.geometry.outline import EPS, contains_point, distance_to_point, unit_outline
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.events import DiceRoll, Event, TurnStart
from tabletop_gui.model.names import inches
from tabletop_gui.model.pieces import Marker, Unit
from tabletop_gui.model.scene import Scene
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.objective import Objective, missing, off_board
from tabletop_gui.rules.play_types import Param
from tabletop_gui.rules.region import Region, RegionPart
from tabletop_gui.rules.scoreboard import (
    Area,
    CountingPiece,
    Highlight,
    ObjectiveResult,
    PieceMark,
    Role,
)
from tabletop_gui.rules.t9a.common import (
    PLACEMENT_TOLERANCE,
    Polys,
    impassable_area,
    is_point,
    names,
    objective_result,
    outcome_words,
    point_clear_of,
    possessive,
    side_name,
    standing,
    third_of_long_edge,
    union_of,
)
from tabletop_gui.rules.t9a.deployments import Segment, dividing_line
from tabletop_gui.rules.t9a.events import SpoilsDrop, SpoilsPickUp
from tabletop_gui.rules.t9a.ranks import full_ranks
from tabletop_gui.rules.t9a.regions import not_scoring, on_board
from tabletop_gui.rules.t9a.scoring import game_ended, is_scoring, scoring_mask, why_not_scoring
from tabletop_gui.rules.unit_rows import reused

MARKER_KIND = "t9a.spoils"
#: Markers must be more than this from Impassable Terrain (in).
CLEARANCE = 1.0
#: A dropped marker's centre is placed within this of its carrier (in).
DROP_RANGE = 3.0
#: A carrier with fewer Full Ranks than this cannot March.
MARCH_FULL_RANKS = 3
#: How much beyond CLEARANCE the computed "nearest allowed point" lies: "more than
#: 1 in" has no nearest point, so the suggestion sits this far past it (in).
CLEARANCE_STEP = 0.001


@dataclass(frozen=True)
class SpoilsRecord:
    """What the log told: whose pick-up window is open, where dropped markers
    came from, and the pick-ups so far."""

    window: str | None = None
    dropped: tuple[tuple[str, str], ...] = ()  # (marker id, carrier id)
    pickups: tuple[tuple[int, str, str, str], ...] = ()  # (turn, side, marker, unit)
    touched: frozenset[str] = field(default_factory=frozenset)  # left their first place


# -- where the markers go --------------------------------------------------


def allowed_intervals(
    scene: Scene, line: LineString, clearance: float = CLEARANCE
) -> list[tuple[float, float]]:
    """Stretches of the line (as distances along it) more than ``clearance`` from
    Impassable Terrain."""
    imp = tuple(tuple(map(tuple, t.polygon)) for t in scene.terrain.values() if t.impassable)
    ends = tuple(map(tuple, line.coords))
    return list(_allowed(ends, imp, clearance))


@lru_cache(maxsize=128)
def _allowed(
    ends: tuple[tuple[float, float], ...], impassable: Polys, clearance: float
) -> tuple[tuple[float, float], ...]:
    line = LineString(ends)
    imp = union_of(impassable)
    if imp is None:
        return ((0.0, line.length),)
    forbidden = imp.buffer(clearance + CLEARANCE_STEP, quad_segs=64)
    free = line.difference(forbidden)
    out = []
    for part in getattr(free, "geoms", [free]):
        if part.is_empty or part.geom_type != "LineString":
            continue
        t0 = line.project(Point(part.coords[0]))
        t1 = line.project(Point(part.coords[-1]))
        out.append((min(t0, t1), max(t0, t1)))
    return tuple(sorted(out))


@lru_cache(maxsize=128)
def _line_strip(line: Segment, width: float, height: float) -> tuple[tuple[float, float], ...]:
    """The dividing line as a thin polygon (highlights are areas), clipped to the board."""
    strip = LineString(line).buffer(0.05, cap_style="flat").intersection(box(0, 0, width, height))
    assert isinstance(strip, Polygon)  # a thin strip cut by a box: one polygon
    return tuple((float(x), float(y)) for x, y in strip.exterior.coords[:-1])


def _nearest_t(
    intervals: list[tuple[float, float]], target: float, lo: float, hi: float
) -> list[float]:
    """The allowed distances-along-the-line in [lo, hi] nearest ``target`` (all ties)."""
    best: list[float] = []
    best_d = math.inf
    for a, b in intervals:
        a, b = max(a, lo), min(b, hi)
        if a > b:
            continue
        t = min(max(target, a), b)
        d = abs(t - target)
        if d < best_d - 1e-9:
            best, best_d = [t], d
        elif abs(d - best_d) <= 1e-9 and all(abs(t - x) > 1e-9 for x in best):
            best.append(t)
    return best


def central_candidates(
    scene: Scene, line: LineString, clearance: float = CLEARANCE
) -> list[tuple[float, float]]:
    """Points of the line nearest the board centre and clear of Impassable Terrain
    (two when the terrain sits symmetrically on the line)."""
    cx, cy = scene.board.centre
    target = line.project(Point(cx, cy))
    ts = _nearest_t(allowed_intervals(scene, line, clearance), target, 0.0, line.length)
    return [_at(line, t) for t in ts]


def outer_positions(
    scene: Scene,
    line: LineString,
    central: tuple[float, float],
    spacing: float,
    clearance: float = CLEARANCE,
) -> tuple[tuple[float, float] | None, tuple[float, float] | None]:
    """The two outer markers' points, given the central marker: at least ``spacing``
    from it along the line, clear of Impassable Terrain, nearest the board centre."""
    cx, cy = scene.board.centre
    target = line.project(Point(cx, cy))
    tm = line.project(Point(central))
    intervals = allowed_intervals(scene, line, clearance)
    before = _nearest_t(intervals, target, 0.0, tm - spacing)
    after = _nearest_t(intervals, target, tm + spacing, line.length)
    return (
        _at(line, before[0]) if before else None,
        _at(line, after[0]) if after else None,
    )


def spoils_positions(
    scene: Scene, line: Segment, spacing: float | None = None, clearance: float = CLEARANCE
) -> list[tuple[float, float]]:
    """Where the three markers go by the rule (first central candidate): a helper
    for the palette and the scenario generator."""
    geom = LineString(line)
    spacing = third_of_long_edge(scene) if spacing is None else spacing
    central = central_candidates(scene, geom, clearance)
    if not central:
        return []
    left, right = outer_positions(scene, geom, central[0], spacing, clearance)
    return [p for p in (left, central[0], right) if p is not None]


def _at(line: LineString, t: float) -> tuple[float, float]:
    p = line.interpolate(t)
    return (float(p.x), float(p.y))


# -- the objective --------------------------------------------------------

#: SpoilsOfWar._first_placement_flags' results by everything they depend on.
_FIRST_FLAGS: dict[tuple, tuple[tuple[str, str], ...]] = {}


class SpoilsOfWar(Objective):
    kind = "t9a.spoils_of_war"
    counted = "Scoring Units carrying Spoils"
    title = "Spoils of War"

    params = (
        Param("line", "segment", None, "The dividing line [[x1, y1], [x2, y2]] (default: the "
              "Deployment Type's)"),
        Param("markers", "markers", None, "Marker ids (default: markers of kind t9a.spoils)"),
        Param("spacing", "float", None, "Least distance of the outer markers from the middle one "
              "(default a third of the long edge)"),
        Param("placement_tolerance", "float", PLACEMENT_TOLERANCE, "How far off the line a "
              "marker may stand, in inches"),
    )  # fmt: skip

    def validate_on(self, scene: Scene) -> list[tuple[str, str]]:
        problems = []
        for i, point in enumerate(self.param("line", None) or ()):
            off = off_board(scene, point)
            if off:
                problems.append((f"line[{i}]", off))
        for i, mid in enumerate(self.param("markers", None) or ()):
            gone = missing("marker", mid, scene.markers)
            if gone:
                problems.append((f"markers[{i}]", gone))
        return problems

    def validate(self) -> list[tuple[str, str]]:
        problems = []
        line = self.param("line", None)
        if line is not None:
            ok = isinstance(line, list | tuple) and len(line) == 2 and all(map(is_point, line))
            if not ok:
                problems.append(("line", f"must be [[x1, y1], [x2, y2]], got {line!r}"))
        markers = self.param("markers", None)
        if markers is not None and not (
            isinstance(markers, list | tuple) and all(isinstance(m, str) for m in markers)
        ):
            problems.append(("markers", f"must be a list of marker ids, got {markers!r}"))
        for name in ("spacing", "placement_tolerance"):
            v = self.param(name, None)
            if v is not None and (isinstance(v, bool) or not isinstance(v, int | float) or v < 0):
                problems.append((name, f"must be a number >= 0, got {v!r}"))
        return problems

    # parameters
    def line(self, state: GameState) -> Segment:
        line = self.param("line", None)
        if line:
            (x1, y1), (x2, y2) = line
            return ((float(x1), float(y1)), (float(x2), float(y2)))
        return dividing_line(state.scene.board, state.setup.deployment)

    def spacing(self, state: GameState) -> float:
        given = self.param("spacing", None)  # null in a file: not given, as validate reads it
        return third_of_long_edge(state.scene) if given is None else float(given)

    def tolerance(self) -> float:
        given = self.param("placement_tolerance", None)
        return PLACEMENT_TOLERANCE if given is None else float(given)

    def markers(self, scene: Scene) -> list[Marker]:
        ids = self.param("markers", None)
        if ids is not None:
            return [scene.markers[m] for m in ids if m in scene.markers]
        return [m for m in scene.markers.values() if m.kind == MARKER_KIND]

    # the log
    def fold(self, before: GameState, event: Event, after: GameState) -> GameState:
        rec: SpoilsRecord = self.record(after, SpoilsRecord())
        if isinstance(event, TurnStart):
            new = replace(rec, window=event.side)
        elif isinstance(event, SpoilsPickUp):
            turn, side = before.clock.turn, before.clock.side or ""
            new = replace(
                rec,
                pickups=(*rec.pickups, (turn, side, event.marker_id, event.unit_id)),
                touched=rec.touched | {event.marker_id},
            )
        elif isinstance(event, SpoilsDrop):
            carrier = before.scene.markers[event.marker_id].carried_by or ""
            dropped = tuple(d for d in rec.dropped if d[0] != event.marker_id)
            new = replace(
                rec,
                window=None,
                dropped=(*dropped, (event.marker_id, carrier)),
                touched=rec.touched | {event.marker_id},
            )
        elif isinstance(event, DiceRoll):
            new = rec
        else:
            new = replace(rec, window=None) if rec.window is not None else rec
        return after if new is rec else after.with_record(self.id, new)

    def check(self, state: GameState, event: Event) -> str | None:
        scene = state.scene
        if isinstance(event, SpoilsPickUp):
            marker = scene.markers.get(event.marker_id)
            unit = scene.units.get(event.unit_id)
            if marker is None or unit is None:
                return None  # the event itself names what is missing
            if marker not in self.markers(scene):
                return f"{marker.label or marker.id} is not a Spoils of War marker"
            if marker.carried_by is not None:
                return f"{marker.label or marker.id} is already carried"
            if not is_scoring(unit):
                return f"{unit.name} cannot pick up Spoils: {why_not_scoring(unit)}"
            rec: SpoilsRecord = self.record(state, SpoilsRecord())
            if rec.window != unit.side:
                return (
                    f"{unit.name} can pick up Spoils only at the start of "
                    f"{possessive(scene, unit.side)} Player Turn (right after its turn_start)"
                )
            held = [m for m in scene.markers.values() if m.carried_by == unit.id]
            if held:
                what = held[0].label or held[0].id
                return f"{unit.name} already carries {what}: one marker per unit"
            if not contains_point(unit_outline(unit), marker.x, marker.y):
                d = distance_to_point(unit_outline(unit), marker.x, marker.y)
                return (
                    f"{unit.name} is not in contact with the centre of "
                    f"{marker.label or marker.id} ({inches(d, (0.0,))} away)"
                )
        if isinstance(event, SpoilsDrop):
            marker = scene.markers.get(event.marker_id)
            if marker is None or marker.carried_by is None:
                return None
            carrier = scene.units.get(marker.carried_by)
            if carrier is not None and is_scoring(carrier):
                return (
                    f"{carrier.name} still scores: the marker is placed only when its "
                    "carrier is destroyed or loses Scoring"
                )
        return None

    def scoring_region(self, state: GameState, unit: Unit) -> Region | None:
        """Centres at which the unit's footprint contains a marker's centre (where
        it may pick the marker up at the start of its Player Turn): the reflected
        footprint on each marker lying on the board. What scores is carrying a
        marker at the end."""
        refused = not_scoring(unit)
        if refused is not None:
            return refused
        scene = state.scene
        held = [m for m in scene.markers.values() if m.carried_by == unit.id]
        if held:
            return Region(why=f"already carries {held[0].label or held[0].id}: one per unit")
        lying = [m for m in self.markers(scene) if m.on_table]
        if not lying:
            return Region(why="no Spoils of War marker lies on the board")
        fp = Footprint.of(unit)
        parts = [
            RegionPart(
                on_board(scene, reach_point(fp, m.x, m.y)),
                f"picks up {m.label or m.id} (at the start of its Player Turn)",
            )
            for m in lying
        ]
        return Region(tuple(parts))

    # the standing
    def evaluate(self, state: GameState) -> ObjectiveResult:
        """The standing; while units are dragged, the last one again when none it
        reads moved: it reads the units carrying a marker or that dropped one, and
        every unit only while a pick-up window is open."""
        scene = state.scene
        rec: SpoilsRecord = self.record(state, SpoilsRecord())
        carriers = [m.carried_by for m in scene.markers.values() if m.carried_by]
        carriers += [carrier for _, carrier in rec.dropped]
        units: tuple[object, ...] = tuple(map(scene.units.get, carriers))
        if rec.window is not None:
            units += (unit_arrays(scene), scoring_mask(scene))
        inputs = (scene.markers, scene.terrain, scene.zones, scene.board, scene.sides,
                  state.records, state.clock, state.setup, *units)  # fmt: skip
        return reused(self, inputs, lambda: self._evaluate(state))

    def _evaluate(self, state: GameState) -> ObjectiveResult:
        scene = state.scene
        final = game_ended(state)
        rec: SpoilsRecord = self.record(state, SpoilsRecord())
        markers = self.markers(scene)
        counts = {s: 0 for s in scene.side_ids}
        counting: list[CountingPiece] = []
        highlights: list[Highlight] = []
        problems: list[str] = []
        cannot_march: list[str] = []
        carriers: dict[str, str] = {}
        pending: list[str] = []
        imp = impassable_area(scene)

        for m in markers:
            if m.carried_by is None:
                continue
            unit = scene.units.get(m.carried_by)
            mname = m.label or m.id
            if unit is None:
                problems.append(
                    f"{mname} is carried by {m.carried_by!r}, which is not on the board"
                )
                continue
            if is_scoring(unit):
                counts[unit.side] = counts.get(unit.side, 0) + 1
                carriers[m.id] = unit.id
                label = f"carries {mname}"
                if full_ranks(unit) < MARCH_FULL_RANKS:
                    cannot_march.append(unit.id)
                    fr = full_ranks(unit)
                    label += f"; cannot March ({fr} Full Rank{'' if fr == 1 else 's'})"
                counting.append(CountingPiece(unit.id, unit.side, None, None, label))
                highlights.append(PieceMark(unit.id, Role.CARRIED, unit.side, label))
            else:
                opp = scene.opponent(unit.side)
                why = why_not_scoring(unit)
                pending.append(m.id)
                problems.append(
                    f"{unit.name} ({why}) carried {mname}: {side_name(scene, opp)} must place it "
                    f"with its centre within {DROP_RANGE:g} in of {unit.name} (t9a.spoils_drop)"
                )
                counting.append(
                    CountingPiece(unit.id, unit.side, None, None, f"{why}; must drop {mname}")
                )
                region: BaseGeometry = unit_outline(unit).polygon().buffer(DROP_RANGE)
                if imp is not None:
                    region = region.difference(imp.buffer(CLEARANCE))
                for poly in getattr(region, "geoms", [region]):
                    if not poly.is_empty:
                        highlights.append(
                            Area(tuple(poly.exterior.coords[:-1]), opp, f"place {mname} here")
                        )

        problems += self._placement_problems(state, rec, markers, highlights)
        can_pick = self._can_pick_up(state, rec, markers)
        for uid, mid in can_pick:
            u = scene.units[uid]
            highlights.append(PieceMark(uid, Role.SELECTED, u.side, f"may pick up {mid}"))
        line = self.line(state)
        highlights.insert(
            0, Area(_line_strip(line, *scene.board.extent), None, "Spoils of War: dividing line")
        )

        status, leader = standing(counts, final)
        on_table = [m for m in markers if m.on_table]
        reason = f"Scoring Units carrying a Spoils marker: {names(scene, counts)}"
        held = [
            f"{scene.units[u].name} carries {scene.markers[m].label or m}"
            for m, u in carriers.items()
        ]
        if held:
            reason += f" ({'; '.join(held)})"
        reason += f"; {len(on_table)} of {len(markers)} on the table."
        if cannot_march:
            reason += " Cannot March: " + ", ".join(scene.units[u].name for u in cannot_march) + "."
        if can_pick:
            reason += (
                " May pick up now: "
                + ", ".join(
                    f"{scene.units[u].name} ({scene.markers[m].label or m})" for u, m in can_pick
                )
                + "."
            )
        reason += " " + outcome_words(scene, status, leader, final)
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
                "carriers": carriers,
                "cannot_march": cannot_march,
                "pending_drops": pending,
                "can_pick_up": [{"unit": u, "marker": m} for u, m in can_pick],
                "pickups": [
                    {"turn": t, "side": s, "marker": m, "unit": u} for t, s, m, u in rec.pickups
                ],
                "drops": [{"marker": m, "carrier": u} for m, u in rec.dropped],
                "line": [list(line[0]), list(line[1])],
            },
        )

    def _can_pick_up(
        self, state: GameState, rec: SpoilsRecord, markers: list[Marker]
    ) -> list[tuple[str, str]]:
        """(unit, marker) pairs that may pick up now (the window is open)."""
        if rec.window is None:
            return []
        scene = state.scene
        a = unit_arrays(scene)
        busy = {m.carried_by for m in scene.markers.values() if m.carried_by}
        free = np.ones(len(a), dtype=bool)
        for uid in busy & scene.units.keys():  # a carrier is busy
            free[a.ids.index(uid)] = False
        eligible = (a.sides == rec.window) & scoring_mask(scene) & free
        out = []
        on_table = [m for m in markers if m.on_table]
        d = distances_to_points(a, [(m.x, m.y) for m in on_table])
        for m, d_m in zip(on_table, d, strict=True):
            touching = eligible & (d_m <= EPS)
            out += [(a.ids[i], m.id) for i in np.flatnonzero(touching)]
        return out

    def _placement_problems(
        self,
        state: GameState,
        rec: SpoilsRecord,
        markers: list[Marker],
        highlights: list[Highlight],
    ) -> list[str]:
        scene = state.scene
        tol = self.tolerance()
        problems: list[str] = []
        bad: dict[str, list[str]] = {}

        def flag(m: Marker, text: str) -> None:
            bad.setdefault(m.id, []).append(text)
            problems.append(f"{m.label or m.id}: {text}")

        if len(markers) != 3:
            problems.append(f"Spoils of War places 3 markers; found {len(markers)}")
        dropped = dict(rec.dropped)
        first = [m for m in markers if m.id not in rec.touched]
        for m in markers:
            if not m.on_table:
                continue
            d_imp = point_clear_of(scene, m.x, m.y, CLEARANCE)
            if d_imp is not None:
                flag(
                    m,
                    f"{inches(d_imp, (CLEARANCE,))} from Impassable Terrain "
                    f"(must be more than {CLEARANCE:g} in)",
                )
            if m.id in dropped:
                carrier = scene.units.get(dropped[m.id])
                if carrier is not None:
                    d = distance_to_point(unit_outline(carrier), m.x, m.y)
                    if d > DROP_RANGE + EPS:
                        flag(
                            m,
                            f"placed {inches(d, (DROP_RANGE,))} from {carrier.name} "
                            f"(must be within {DROP_RANGE:g} in)",
                        )
        if first:
            by_id = {m.id: m for m in markers}
            for mid, text in self._first_placement_flags(state, first, markers, tol):
                flag(by_id[mid], text)
        for mid, texts in bad.items():
            side = scene.markers[mid].side
            highlights.append(PieceMark(mid, Role.PLACEMENT_ERROR, side, "; ".join(texts)))
        return problems

    def _first_placement_flags(
        self, state: GameState, first: list[Marker], markers: list[Marker], tol: float
    ) -> tuple[tuple[str, str], ...]:
        """``_first_placement``'s flags as (marker id, text), kept per markers, line,
        spacing, board and Impassable Terrain: dragging a unit changes none of them."""
        scene = state.scene
        line = self.line(state)
        key = (
            tuple(first),
            tuple(markers),
            tuple(map(tuple, line)),
            self.spacing(state),
            tol,
            scene.board.extent,
            scene.board.centre,
            tuple(tuple(map(tuple, t.polygon)) for t in scene.terrain.values() if t.impassable),
        )
        flags = _FIRST_FLAGS.get(key)
        if flags is None:
            found: list[tuple[str, str]] = []
            self._first_placement(state, first, markers, lambda m, t: found.append((m.id, t)), tol)
            flags = tuple(found)
            if len(_FIRST_FLAGS) >= 256:
                _FIRST_FLAGS.clear()
            _FIRST_FLAGS[key] = flags
        return flags

    def _first_placement(
        self,
        state: GameState,
        first: list[Marker],
        markers: list[Marker],
        flag: Callable[[Marker, str], None],
        tol: float,
    ) -> None:
        """Markers still where they were first placed: on the line, and at the points
        the rule gives (central nearest the centre, the others >= spacing from it)."""
        scene = state.scene
        line = LineString(self.line(state))
        spacing = self.spacing(state)
        for m in first:
            off = float(line.distance(Point(m.x, m.y)))
            if off > tol + EPS:
                flag(m, f"not on the dividing line ({inches(off, (tol,))} off it)")
        if len(markers) != 3 or any(not m.on_table for m in first):
            return
        cands = central_candidates(scene, line)
        by_line = sorted(markers, key=lambda m: line.project(Point(m.x, m.y)))
        if not cands:
            central = by_line[1]
            if central in first:
                flag(central, "no point of the dividing line is clear of Impassable Terrain")
            ordered = by_line
            origin = (central.x, central.y)
            ideal = outer_positions(scene, line, origin, spacing)
        else:
            # The central marker is the one nearest the point the rule gives it
            # (not the middle one along the line: one stray marker would make the
            # two in place look wrong), and while it is off that point the outer
            # two are measured from the point, not from it.
            def from_point(m: Marker) -> float:
                return min(math.hypot(m.x - x, m.y - y) for x, y in cands)

            central = min(by_line, key=from_point)
            outer = [m for m in by_line if m is not central]
            ordered = [outer[0], central, outer[1]]
            d = from_point(central)
            origin = (central.x, central.y)
            if d > tol + EPS:
                x, y = origin = min(cands, key=lambda c: math.dist(c, (central.x, central.y)))
                if central in first:
                    clear = (
                        f" more than {CLEARANCE:g} in from Impassable Terrain"
                        if any(t.impassable for t in scene.terrain.values())
                        else ""
                    )
                    flag(
                        central,
                        f"the central marker belongs at ({x:.2f}, {y:.2f}), the point of the line "
                        f"nearest the centre{clear} ({inches(d, (tol,))} away)",
                    )
            ideal = outer_positions(scene, line, origin, spacing)
        for m, want in ((ordered[0], ideal[0]), (ordered[2], ideal[1])):
            if m not in first:
                continue
            apart = math.hypot(m.x - origin[0], m.y - origin[1])
            if apart < spacing - EPS:
                apart_in = inches(apart, (spacing,))
                where = (
                    "the central marker"
                    if origin == (central.x, central.y)
                    else f"the central marker's point ({origin[0]:.2f}, {origin[1]:.2f})"
                )
                flag(m, f"{apart_in} from {where} (must be at least {spacing:g} in)")
            elif want is not None:
                d = math.hypot(m.x - want[0], m.y - want[1])
                if d > tol + EPS:
                    flag(
                        m,
                        f"belongs at ({want[0]:.2f}, {want[1]:.2f}), as near the centre as the "
                        f"rule allows ({inches(d, (tol,))} away)",
                    )
