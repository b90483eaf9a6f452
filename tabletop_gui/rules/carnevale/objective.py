"""The Carnevale Primary Objective: one objective marker and its Victory Points.

At the end of the game a gang scores the marker's value if one of its characters
is within 3 in of it (edge to edge, in 3D) and no enemy character is; Mindless
characters neither score nor contest. A claimed objective scores for the
claimant wherever the characters are; a destroyed one scores for nobody; a
carried one scores as the ``carried_scoring`` setting says (default: not at all).
The result is always "as if the game ended now", and final once it has ended.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from shapely.geometry import Point

from tabletop_gui.geometry.arrays import unit_arrays
from tabletop_gui.geometry.minkowski import quad_segs
from tabletop_gui.geometry.outline import EPS
from tabletop_gui.model.names import inches, piece_label
from tabletop_gui.model.pieces import Marker, Unit
from tabletop_gui.model.scene import ObjectiveSpec, Scene
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.carnevale import settings
from tabletop_gui.rules.carnevale.fields import CLAIMED_BY, MINDLESS, REVEALED
from tabletop_gui.rules.carnevale.measure import distances_to_circle, mindless_mask
from tabletop_gui.rules.carnevale.placement import MARKER_KIND, OBJECTIVE_KIND, placement_problems
from tabletop_gui.rules.carnevale.records import game_ended
from tabletop_gui.rules.engine import objectives_of
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
)

RULE_NAMES = ("hidden", "mobile", "claimable", "destructible")
HIDDEN_VALUE = "?"


class CarnevaleObjective(Objective):
    kind = "carnevale.objective"
    title = "Objective"

    @property
    def marker_id(self) -> str:
        return str(self.param("marker", ""))

    params = (Param("marker", "marker", None, "The objective marker this objective scores"),)

    def validate_on(self, scene: Scene) -> list[tuple[str, str]]:
        gone = missing("marker", self.param("marker", None), scene.markers)
        return [("marker", gone)] if gone else []

    def validate(self) -> list[tuple[str, str]]:
        marker = self.param("marker", None)
        if not isinstance(marker, str) or not marker:
            return [("marker", "must name the objective marker's id")]
        return []

    def evaluate(self, state: GameState, hide_unrevealed: bool = False) -> ObjectiveResult:
        return _Evaluation(self, state, hide_unrevealed).result()

    def scoring_region(self, state: GameState, unit: Unit) -> Region | None:
        """Centres at which the character, at its elevation, is within 3 in of the
        objective's edge in 3D: a disc of radius (its base's radius + the marker's
        + sqrt(3^2 - dz^2)) about the marker, none when the height difference alone
        is more than 3 in. Enemy characters within 3 in now contest it. A
        Claimable objective adds where the character could claim it (base
        contact, 3D, away from enemy characters); a claimed one scores wherever
        the characters stand, a carried one shows none."""
        return _region(self, state, unit)


def _side_name(state: GameState, side: str | None) -> str:
    if side is None:
        return "nobody"
    return state.scene.side(side).name if side in state.scene.side_ids else side


def _unit_name(state: GameState, unit_id: str) -> str:
    unit = state.scene.units.get(unit_id)
    return (unit.name or unit.id) if unit else unit_id


class _Evaluation:
    """One evaluation of one objective on one state."""

    def __init__(self, obj: CarnevaleObjective, state: GameState, hide: bool) -> None:
        self.obj = obj
        self.state = state
        self.setup = state.setup
        self.scene = state.scene
        self.marker: Marker | None = self.scene.markers.get(obj.marker_id)
        m = self.marker
        self.hidden = bool(m and "hidden" in m.rules and not REVEALED.of(m))
        self.unknown = hide and self.hidden
        self.final = game_ended(state)
        self.range = settings.scoring_range(self.setup)
        self.counting: list[CountingPiece] = []
        self.highlights: list[Highlight] = []
        self.counts: dict[str, float] = {s: 0 for s in self.scene.side_ids}
        #: Why the characters do not count here (claimed, destroyed, carried...);
        #: "" when those within range decide it. When set, ``counted`` says why
        #: ("no characters count (claimed)"): the 0-0 is not a miscount.
        self.not_counted = ""
        self.problems: list[str] = []
        self.placement: list[str] = []

    # -- pieces ---------------------------------------------------------------

    @property
    def name(self) -> str:
        if self.obj.spec.name:
            return self.obj.spec.name
        if self.marker and self.marker.label:
            return self.marker.label
        return self.obj.marker_id or self.obj.id

    @property
    def value(self) -> int:
        return int(self.marker.value or 0) if self.marker else 0

    def value_text(self) -> str:
        return f"{HIDDEN_VALUE} VP" if self.unknown else f"{self.value} VP"

    def points_for(self, side: str | None) -> dict[str, float]:
        if side is None or self.unknown:
            return {}
        return {side: float(self.value)}

    # -- measuring ------------------------------------------------------------

    def near(self, x: float, y: float, z: float, radius: float) -> dict[str, list[str]]:
        """Characters within range of a circle, by side; Mindless ones listed under
        None (they neither score nor contest). Fills counting and highlights."""
        arrays = unit_arrays(self.scene)
        d = distances_to_circle(self.scene, x, y, z, radius)
        inside = (d <= self.range + EPS) & arrays.on_table
        mindless = mindless_mask(self.scene)
        by_side: dict[str, list[str]] = {s: [] for s in self.scene.side_ids}
        by_side_dist: dict[str, list[tuple[str, float]]] = {s: [] for s in self.scene.side_ids}
        ignored: list[tuple[str, str, float]] = []
        for i in np.flatnonzero(inside):
            uid, side, dist = arrays.ids[i], str(arrays.sides[i]), float(d[i])
            if mindless[i]:
                ignored.append((uid, side, dist))
                continue
            by_side.setdefault(side, []).append(uid)
            by_side_dist.setdefault(side, []).append((uid, dist))
        present = [s for s, ids in by_side.items() if ids]
        contested = len(present) > 1
        for side, items in by_side_dist.items():
            self.counts[side] = len(items)
            for uid, dist in items:
                note = "contested" if contested else ""
                self.counting.append(CountingPiece(uid, side, self.range - dist, dist, note))
                role = Role.CONTESTED if contested else Role.COUNTS
                self.highlights.append(PieceMark(uid, role, side))
        for uid, side, dist in ignored:
            note = "Mindless: neither scores nor contests"
            self.counting.append(CountingPiece(uid, side, self.range - dist, dist, note))
            self.highlights.append(PieceMark(uid, Role.NOT_COUNTING, side, "Mindless"))
        by_side_out: dict[str, list[str]] = {s: ids for s, ids in by_side.items() if ids}
        by_side_out["mindless"] = [uid for uid, _, _ in ignored]
        return by_side_out

    # -- the answer -----------------------------------------------------------

    def result(self) -> ObjectiveResult:
        m = self.marker
        if m is None:
            self.not_counted = "no marker"
            return self._result(
                Status.NONE,
                None,
                f"No marker {self.obj.marker_id!r} on the board: nothing to score.",
                problems=[f"params.marker: no marker with id {self.obj.marker_id!r}"],
            )
        self.placement = placement_problems(self.state, m)
        self.problems += self.placement
        if self.placement:
            self.highlights.append(PieceMark(m.id, Role.PLACEMENT_ERROR, None, "placement"))
        if m.value is None:
            self.problems.append(f"{m.id}: no Victory Point value set (scores 0)")
        if m.destroyed:
            # Out of the game for good: final at once, whatever round it is.
            self.final = True
            self.not_counted = "destroyed"
            return self._result(
                Status.NONE, None, "Destroyed: out of the game for good, scores for nobody."
            )
        if CLAIMED_BY.of(m) is not None:
            owner = _side_name(self.state, CLAIMED_BY.of(m))
            self.not_counted = "claimed"
            self.highlights.append(
                PieceMark(m.id, Role.SELECTED, CLAIMED_BY.of(m), f"claimed by {owner}")
            )
            reason = (
                f"Claimed by {owner}: {self.value_text()} for {owner} wherever the characters are."
            )
            return self._scored(CLAIMED_BY.of(m), reason)
        if m.carried_by is not None:
            return self._carried(m)
        r = m.radius_in
        self.highlights.insert(
            0,
            Circle(
                m.x,
                m.y,
                self.range,
                label=f"{self.range:g} in from the objective's edge",
                measured_from=m.id,
            ),
        )
        near = self.near(m.x, m.y, m.elevation, r)
        return self._by_presence(near, "")

    def _carried(self, m: Marker) -> ObjectiveResult:
        carrier = self.scene.units.get(m.carried_by or "")
        who = _unit_name(self.state, m.carried_by or "")
        side = carrier.side if carrier else None
        gang = _side_name(self.state, side)
        self.highlights.append(
            PieceMark(m.carried_by or "", Role.CARRIED, side, "Move actions only")
        )
        mode = settings.carried_scoring(self.setup)
        self.not_counted = "carried"
        base = f"Carried by {who} ({gang}, Move actions only)"
        if mode is settings.CarriedScoring.CARRIER and carrier is not None:
            reason = (
                f"{base}: scores {self.value_text()} for the carrier's gang "
                f"(setting {settings.CARRIED_SCORING} = carrier)."
            )
            return self._scored(side, reason)
        if mode is settings.CarriedScoring.MEASURE and carrier is not None:
            r = carrier.width_in / 2
            label = f"{self.range:g} in from the carrier's base"
            self.highlights.insert(
                0,
                Circle(carrier.x, carrier.y, self.range, label=label, measured_from=carrier.id),
            )
            self.not_counted = ""
            near = self.near(carrier.x, carrier.y, carrier.elevation, r)
            return self._by_presence(near, f"{base}, measured from the carrier: ")
        why = f"setting {settings.CARRIED_SCORING} = {mode.value}"
        return self._result(
            Status.NONE, None, f"{base}: a carried objective does not score ({why})."
        )

    def _by_presence(self, near: dict[str, list[str]], prefix: str) -> ObjectiveResult:
        present = [s for s in self.scene.side_ids if near.get(s)]
        rng = f"{self.range:g} in"
        mindless = near.get("mindless", [])
        tail = ""
        if mindless:
            names = ", ".join(_unit_name(self.state, u) for u in mindless)
            tail = f" Mindless within {rng}, ignored: {names}."
        if len(present) == 1:
            side = present[0]
            gang = _side_name(self.state, side)
            names = ", ".join(_unit_name(self.state, u) for u in near[side])
            reason = (
                f"{prefix}{gang} scores {self.value_text()}: {names} within {rng}, "
                f"no enemy within {rng}.{tail}"
            )
            self.highlights.append(PieceMark(self.obj.marker_id, Role.COUNTS, side))
            return self._scored(side, reason)
        if len(present) > 1:
            who = "; ".join(
                f"{_side_name(self.state, s)}: "
                + ", ".join(_unit_name(self.state, u) for u in near[s])
                for s in present
            )
            reason = f"{prefix}Contested, nobody scores: within {rng} are {who}.{tail}"
            self.highlights.append(PieceMark(self.obj.marker_id, Role.CONTESTED, None))
            return self._result(Status.TIE, None, reason)
        return self._result(
            Status.NONE, None, f"{prefix}No character within {rng}: nobody scores.{tail}"
        )

    def _scored(self, side: str | None, reason: str) -> ObjectiveResult:
        status = Status.WON if self.final else Status.LEADING
        return self._result(status, side, reason)

    def _result(
        self, status: Status, leader: str | None, reason: str, problems: list[str] | None = None
    ) -> ObjectiveResult:
        return ObjectiveResult(
            objective_id=self.obj.id,
            name=self.name,
            kind=self.obj.kind,
            status=status,
            leader=leader,
            # One count per gang always (docs/score-json.md: readers index it by
            # side); where none decides the objective, ``counted`` says so.
            counts=dict(self.counts),
            reason=reason,
            final=self.final,
            counting=tuple(self.counting),
            highlights=tuple(self.highlights),
            problems=tuple(self.problems + (problems or [])),
            details=self.details(leader),
            points=self.points_for(leader),
            counted=(
                f"no characters count ({self.not_counted})"
                if self.not_counted
                else f"characters within {self.range:g} in"
            ),
        )

    def details(self, leader: str | None) -> dict[str, Any]:
        """The objective's state, for the JSON output and the panels."""
        m = self.marker
        if m is None:
            return {"marker": self.obj.marker_id, "state": "missing"}
        if m.destroyed:
            state = "destroyed"
        elif CLAIMED_BY.of(m) is not None:
            state = "claimed"
        elif m.carried_by is not None:
            state = "carried"
        else:
            state = "in play"
        carrier = self.scene.units.get(m.carried_by) if m.carried_by else None
        return {
            "marker": m.id,
            "state": state,
            "value": HIDDEN_VALUE if self.unknown else m.value,
            "rules": [r for r in RULE_NAMES if r in m.rules]
            + sorted(set(m.rules) - set(RULE_NAMES)),
            "in_play": m.on_table,
            "carried_by": m.carried_by,
            "carried_by_side": carrier.side if carrier else None,
            "carrier_move_actions_only": m.carried_by is not None,
            "claimed_by": CLAIMED_BY.of(m),
            "destroyed": m.destroyed,
            "hidden": self.hidden,
            "revealed": REVEALED.of(m),
            "position": None if not m.on_table else [m.x, m.y, m.elevation],
            "scores_for": leader,
            "points_unknown": self.unknown and leader is not None,
            "placement_ok": not self.placement,
        }


def unlisted_objectives(state: GameState) -> list[CarnevaleObjective]:
    """Objectives for markers of kind 'objective' that no objective spec names (a
    marker dropped from the palette scores without further setup)."""
    specs = state.setup.objectives
    named = {str(o.params.get("marker")) for o in specs if o.kind == OBJECTIVE_KIND}
    taken = {o.id for o in specs}
    out = []
    for marker in state.scene.markers.values():
        if marker.kind != MARKER_KIND or marker.id in named:
            continue
        oid = marker.id if marker.id not in taken else f"marker:{marker.id}"
        out.append(CarnevaleObjective(ObjectiveSpec(oid, OBJECTIVE_KIND, {"marker": marker.id})))
    return out


def all_objectives(state: GameState) -> list[CarnevaleObjective]:
    listed = [o for o in objectives_of(state.setup) if isinstance(o, CarnevaleObjective)]
    return [*listed, *unlisted_objectives(state)]


def _disc(x: float, y: float, radius: float) -> Any:
    return Point(x, y).buffer(radius, quad_segs=quad_segs(radius))


def _plan_reach(limit: float, dz: float) -> float | None:
    """How far apart in plan two outlines ``dz`` apart in height may be and stay
    within ``limit`` in 3D; None when the height alone is more."""
    if abs(dz) > limit + EPS:
        return None
    return math.sqrt(max(limit * limit - dz * dz, 0.0))


def _region(obj: CarnevaleObjective, state: GameState, unit: Unit) -> Region:
    ev = _Evaluation(obj, state, hide=False)
    title = ev.name
    m = ev.marker
    scene = state.scene
    if m is None:
        return Region(why=f"no marker {obj.marker_id!r} on the board", title=title)
    if MINDLESS.of(unit):
        return Region(why=f"{piece_label(unit)} is Mindless: neither scores nor contests",
                      title=title)  # fmt: skip
    if m.destroyed:
        return Region(why="destroyed: scores for nobody", title=title)
    if m.carried_by is not None:
        who = _unit_name(state, m.carried_by)
        return Region(why=f"carried by {who}: a carried objective shows no region", title=title)
    claimable = "claimable" in m.rules
    reclaim = settings.reclaim(state.setup)
    if CLAIMED_BY.of(m) is not None and (CLAIMED_BY.of(m) == unit.side or not reclaim):
        owner = _side_name(state, CLAIMED_BY.of(m))
        return Region(
            why=f"claimed by {owner}: scores for {owner} wherever the characters stand",
            title=title,
        )
    r_unit, r_marker = unit.width_in / 2, m.radius_in
    dz = unit.elevation - m.elevation
    parts = []
    whys = []
    rng = ev.range
    reach = _plan_reach(rng, dz)
    if CLAIMED_BY.of(m) is None:
        if reach is None:
            whys.append(f"{inches(abs(dz))} {'above' if dz > 0 else 'below'} it: more than "
                        f"{rng:g} in away at any spot")  # fmt: skip
        else:
            enemies = _enemies_within(ev, unit.side, m)
            note = f"contested now by {', '.join(enemies)}" if enemies else ""
            label = f"within {rng:g} in of its edge"
            shape = _disc(m.x, m.y, r_unit + r_marker + reach)
            parts.append(RegionPart(shape, label, contested=bool(enemies), note=note))
    if claimable:
        tol = settings.contact_tolerance(state.setup)
        contact = _plan_reach(tol, dz)
        if contact is None:
            whys.append(f"{inches(abs(dz))} {'above' if dz > 0 else 'below'} it: no base "
                        "contact to claim it")  # fmt: skip
        else:
            shape = _disc(m.x, m.y, r_unit + r_marker + contact)
            for e in scene.units.values():
                if e.side == unit.side or not e.on_table or e.id == unit.id:
                    continue
                touch = _plan_reach(tol, unit.elevation - e.elevation)
                if touch is not None:
                    shape = shape.difference(_disc(e.x, e.y, r_unit + e.width_in / 2 + touch))
            parts.append(RegionPart(shape, "claim it here (base contact, no enemy in contact)"))
    return Region(tuple(parts), why="; ".join(whys), title=title)


def _enemies_within(ev: _Evaluation, side: str, m: Marker) -> list[str]:
    """Enemy characters (not Mindless) within range of the objective now."""
    arrays = unit_arrays(ev.scene)
    d = distances_to_circle(ev.scene, m.x, m.y, m.elevation, m.radius_in)
    near = (d <= ev.range + EPS) & arrays.on_table & ~mindless_mask(ev.scene)
    near &= arrays.sides != side
    return [_unit_name(ev.state, arrays.ids[i]) for i in np.flatnonzero(near)]
