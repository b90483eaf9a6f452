"""King of the Hill (The Ninth Age secondary objective 4).

Each player picks a Terrain Feature that is not Impassable and not fully inside
their own Deployment Zone (both may pick the same one): param ``picks``
``{side: terrain id}``, or ``t9a.king_of_the_hill_pick`` events (a later pick
replaces an earlier one). At the end, a player captures the opponent's pick if
any of their Scoring Units is inside it (partly or wholly); capturing the
opponent's pick while the opponent does not capture yours wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from tabletop_gui.geometry.areas import Polys, union_of
from tabletop_gui.geometry.minkowski import Footprint, reach_area, shapes_of
from tabletop_gui.geometry.outline import EPS
from tabletop_gui.model.events import Event
from tabletop_gui.model.memo import IdentityMemo
from tabletop_gui.model.pieces import Unit
from tabletop_gui.model.scene import Scene
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.objective import Objective, missing
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
    Inside,
    objective_result,
    outcome_words,
    possessive,
    side_name,
    standing,
    terrain_area,
    units_inside_kept,
    zone_polygons,
)
from tabletop_gui.rules.t9a.events import KingOfTheHillPick
from tabletop_gui.rules.t9a.regions import not_scoring, on_board
from tabletop_gui.rules.t9a.scoring import game_ended
from tabletop_gui.rules.unit_rows import reused


@lru_cache(maxsize=256)
def _covers(zone: Polys, terrain: tuple[tuple[float, float], ...]) -> bool:
    """Is the terrain polygon inside the zones (within EPS)? Zones and terrain
    rarely change, so this is decided once per pair of shapes."""
    own = union_of(zone)
    return own is not None and own.buffer(EPS, join_style="mitre").covers(union_of((terrain,)))


#: The names of the units capturing a pick, by their counting pieces: a kept
#: answer's tuple of pieces is made again whenever a unit in it changed
#: (``units_inside_kept``), so while it is the same tuple so are the names.
_NAMES: IdentityMemo[str] = IdentityMemo(16)


def _unit_names(scene: Scene, pieces: tuple[CountingPiece, ...]) -> str:
    """'Knights, Spearmen': the units of ``pieces`` by name."""
    names = _NAMES.get((pieces,))
    if names is None:
        units = scene.units
        names = _NAMES.put((pieces,), ", ".join(units[c.piece_id].name for c in pieces))
    return names


class KingOfTheHill(Objective):
    kind = "t9a.king_of_the_hill"
    counted = "enemy picks captured"
    title = "King of the Hill"

    params = (
        Param(
            "picks",
            "mapping",
            None,
            "The Terrain Feature each side picked (or record the picks in play)",
            of="terrain",
        ),
    )

    def validate_on(self, scene: Scene) -> list[tuple[str, str]]:
        problems = []
        for side, terrain_id in self.param("picks", {}).items():
            gone = missing("side", side, scene.side_ids) or missing(
                "terrain", terrain_id, scene.terrain
            )
            if gone:
                problems.append((f"picks.{side}", gone))
        return problems

    def validate(self) -> list[tuple[str, str]]:
        picks = self.param("picks", {})
        if not isinstance(picks, Mapping) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in picks.items()
        ):
            return [("picks", f"must map side id to terrain id, got {picks!r}")]
        return []

    def picks(self, state: GameState) -> dict[str, str]:
        out = dict(self.param("picks", {}))
        out.update(self.record(state, {}))
        return out

    def fold(self, before: GameState, event: Event, after: GameState) -> GameState:
        if isinstance(event, KingOfTheHillPick):
            picks = dict(self.record(after, {}))
            picks[event.side] = event.terrain_id
            return after.with_record(self.id, picks)
        return after

    def check(self, state: GameState, event: Event) -> str | None:
        if isinstance(event, KingOfTheHillPick) and state.clock.turn >= 1:
            return "King of the Hill picks are made before the game (before Game Turn 1)"
        return None

    def pick_problems(self, state: GameState, side: str, terrain_id: str) -> list[str]:
        """Why ``side``'s pick breaks the rule (empty if it is fine)."""
        scene = state.scene
        whose = possessive(scene, side)
        terrain = scene.terrain.get(terrain_id)
        if terrain is None:
            return [f"{whose} pick {terrain_id!r} is not a Terrain Feature on the board"]
        problems = []
        tname = terrain.name or terrain.id
        if terrain.impassable:
            problems.append(f"{whose} pick {tname} is Impassable Terrain")
        if _covers(zone_polygons(scene, side), tuple(map(tuple, terrain.polygon))):
            problems.append(f"{whose} pick {tname} is fully inside {whose} own Deployment Zone")
        return problems

    def scoring_region(self, state: GameState, unit: Unit) -> Region | None:
        """Centres at which the unit is inside (partly or wholly) the Terrain
        Feature the opponent picked: the feature summed with the reflected
        footprint. Enemies there do not stop a capture."""
        refused = not_scoring(unit)
        if refused is not None:
            return refused
        scene = state.scene
        if len(scene.sides) != 2 or unit.side not in scene.side_ids:
            return Region(why="King of the Hill needs two sides")
        enemy = scene.opponent(unit.side)
        tid = self.picks(state).get(enemy)
        if tid is None:
            return Region(why=f"{side_name(scene, enemy)} has not picked a Terrain Feature yet")
        terrain = scene.terrain.get(tid)
        if terrain is None:
            return Region(why=f"{possessive(scene, enemy)} pick {tid!r} is not on the board")
        polygon = tuple((float(x), float(y)) for x, y in terrain.polygon)
        shape = on_board(scene, reach_area(Footprint.of(unit), shapes_of((polygon,))))
        label = f"captures {possessive(scene, enemy)} pick {terrain.name or tid}"
        return Region((RegionPart(shape, label),))

    def evaluate(self, state: GameState) -> ObjectiveResult:
        scene = state.scene
        picks = self.picks(state)

        def in_terrain(owner: str) -> str:
            terrain = scene.terrain[picks[owner]]
            return f"in {terrain.name or picks[owner]}"

        queries = [
            (terrain_area(scene, picks[owner]), (scene.opponent(owner),), in_terrain(owner))
            for owner in scene.side_ids
            if picks.get(owner) in scene.terrain
        ]
        found = units_inside_kept(scene, queries)
        inputs = (*found, scene.terrain, scene.zones, scene.sides, state.records, state.clock,
                  state.setup)  # fmt: skip
        return reused(self, inputs, lambda: self._evaluate(state, picks, found))

    def _evaluate(
        self, state: GameState, picks: dict[str, str], found: list[Inside]
    ) -> ObjectiveResult:
        scene = state.scene
        final = game_ended(state)
        counts = {s: 0 for s in scene.side_ids}
        counting: list[CountingPiece] = []
        highlights: list[Highlight] = []
        problems: list[str] = []
        captured_by: dict[str, list[str]] = {}
        lines = []
        inside = iter(found)
        for owner in scene.side_ids:
            who = side_name(scene, owner)
            whose = possessive(scene, owner)
            tid = picks.get(owner)
            if tid is None:
                problems.append(f"{who} has not picked a Terrain Feature yet")
                lines.append(f"{who} has no pick")
                continue
            bad = self.pick_problems(state, owner, tid)
            problems += bad
            if tid not in scene.terrain:
                continue
            terrain = scene.terrain[tid]
            tname = terrain.name or tid
            highlights.append(Area(terrain.polygon, owner, f"{whose} pick (King of the Hill)"))
            role = Role.PLACEMENT_ERROR if bad else Role.SELECTED
            highlights.append(PieceMark(tid, role, owner, "; ".join(bad) or f"{whose} pick"))
            enemy = scene.opponent(owner)
            answer = next(inside)
            yes = answer.counting
            counting += yes
            counting += answer.others
            highlights += answer.counting_marks
            highlights += answer.others_marks
            if yes:
                counts[enemy] = 1
                captured_by[owner] = [c.piece_id for c in yes]
                units = _unit_names(scene, yes)
                lines.append(
                    f"{whose} pick {tname} captured by {side_name(scene, enemy)} ({units})"
                )
            else:
                lines.append(f"{whose} pick {tname} not captured")
        status, leader = standing(counts, final)
        if leader is not None:
            verdict = (
                f"{side_name(scene, leader)} captures the opponent's pick and keeps its own: "
                + outcome_words(scene, status, leader, final)
            )
        elif all(counts.values()) and counts:
            verdict = "Both picks captured: " + outcome_words(scene, status, None, final)
        else:
            verdict = "No pick captured: " + outcome_words(scene, status, None, final)
        reason = "; ".join(lines) + ". " + verdict
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
            details={"picks": picks, "captured_by": captured_by},
        )
