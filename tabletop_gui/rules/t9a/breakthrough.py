"""Breakthrough (The Ninth Age secondary objective 2).

At the end of the game each player counts their Scoring Units inside (partly or
wholly) the opponent's Deployment Zone, up to a maximum of 3 (param ``cap``);
strictly more wins, equal numbers nobody.
"""

from __future__ import annotations

from shapely.geometry.base import BaseGeometry

from tabletop_gui.geometry.minkowski import Footprint, reach_area, shapes_of
from tabletop_gui.model.pieces import Unit
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.objective import Objective
from tabletop_gui.rules.play_types import Param
from tabletop_gui.rules.region import Region, RegionPart
from tabletop_gui.rules.scoreboard import (
    Area,
    CountingPiece,
    ObjectiveResult,
)
from tabletop_gui.rules.t9a.common import (
    Inside,
    names,
    objective_result,
    outcome_words,
    possessive,
    side_name,
    standing,
    units_inside,
    units_inside_kept,
    zone_area,
    zone_polygons,
)
from tabletop_gui.rules.t9a.regions import not_scoring, on_board
from tabletop_gui.rules.t9a.scoring import game_ended
from tabletop_gui.rules.unit_rows import reused

#: Scoring Units that count at most, per player.
DEFAULT_CAP = 3


class Breakthrough(Objective):
    kind = "t9a.breakthrough"
    counted = "Scoring Units in the enemy zone (max 3)"
    title = "Breakthrough"

    @property
    def cap(self) -> int:
        return int(self.param("cap", DEFAULT_CAP))

    params = (
        Param("cap", "int", DEFAULT_CAP, "Scoring Units counted at most per side (more wins)"),
    )

    def validate(self) -> list[tuple[str, str]]:
        cap = self.param("cap", DEFAULT_CAP)
        if isinstance(cap, bool) or not isinstance(cap, int) or cap < 1:
            return [("cap", f"must be a whole number >= 1, got {cap!r}")]
        return []

    def scoring_region(self, state: GameState, unit: Unit) -> Region | None:
        """Centres at which the unit is inside (partly or wholly) the enemy
        Deployment Zone: the zone summed with the reflected footprint. No enemy
        contests it; past the cap the unit still counts, but no more is gained."""
        refused = not_scoring(unit)
        if refused is not None:
            return refused
        scene = state.scene
        if len(scene.sides) != 2 or unit.side not in scene.side_ids:
            return Region(why="Breakthrough needs two sides")
        enemy = scene.opponent(unit.side)
        zones = zone_polygons(scene, enemy)
        area = zone_area(scene, enemy)
        if not zones or area is None:
            return Region(why=f"{side_name(scene, enemy)} has no Deployment Zone")
        shape = on_board(scene, reach_area(Footprint.of(unit), shapes_of(zones)))
        yes, _ = units_inside(scene, area, (unit.side,))
        others = [c for c in yes if c.piece_id != unit.id]
        label = f"inside {possessive(scene, enemy)} Deployment Zone"
        note = ""
        if len(others) >= self.cap:
            note = f"{len(others)} others already inside: over the cap of {self.cap}"
            label += f" ({note})"
        return Region((RegionPart(shape, label, note=note),))

    def evaluate(self, state: GameState) -> ObjectiveResult:
        scene = state.scene
        areas = {side: zone_area(scene, scene.opponent(side)) for side in scene.side_ids}
        over_cap = f"over the cap of {self.cap}"
        queries = [(area, (side,), over_cap) for side, area in areas.items() if area is not None]
        found = units_inside_kept(scene, queries)
        inputs = (*found, scene.zones, scene.sides, state.records, state.clock, state.setup)
        return reused(self, inputs, lambda: self._evaluate(state, areas, found))

    def _evaluate(
        self, state: GameState, areas: dict[str, BaseGeometry | None], found: list[Inside]
    ) -> ObjectiveResult:
        scene = state.scene
        final = game_ended(state)
        cap = self.cap
        raw: dict[str, int] = {}
        counts: dict[str, int] = {}
        counting: list[CountingPiece] = []
        highlights: list = []
        problems: list[str] = []
        inside = iter(found)
        for side in scene.side_ids:
            enemy = scene.opponent(side)
            area = areas[side]
            if area is None:
                problems.append(
                    f"{side_name(scene, enemy)} has no Deployment Zone: "
                    f"{side_name(scene, side)} cannot score Breakthrough"
                )
                raw[side] = counts[side] = 0
                continue
            answer = next(inside)
            # The deepest first (a stable sort: equal margins in unit order); the
            # marks past the cap say so.
            order = sorted(
                range(len(answer.counting)), key=answer.margins.__getitem__, reverse=True
            )
            yes = list(map(answer.counting.__getitem__, order))
            marks = list(map(answer.counting_marks.__getitem__, order))
            marks[:cap] = [m._replace(label="") for m in marks[:cap]]
            raw[side] = len(yes)
            counts[side] = min(len(yes), cap)
            counting += yes
            counting += answer.others
            for z in scene.zones_of(enemy):
                highlights.append(
                    Area(z.polygon, enemy, f"Breakthrough: {side_name(scene, side)} scores here")
                )
            highlights += marks
            highlights += answer.others_marks
        status, leader = standing(counts, final)
        over = [
            f"{side_name(scene, s)} has {n}, counted as {cap}" for s, n in raw.items() if n > cap
        ]
        reason = (
            f"Scoring Units inside the enemy Deployment Zone (max {cap}): "
            f"{names(scene, counts)}"
            + (f" ({'; '.join(over)})" if over else "")
            + f". {outcome_words(scene, status, leader, final)}"
        )
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
            details={"inside": raw, "cap": cap},
        )
