"""Helpers the Ninth Age objectives share: standings, names, areas and how deep a
unit stands inside one (its margin), measured over all units at once."""

from __future__ import annotations

import math
import operator
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from tabletop_gui.geometry.areas import (
    Polys,
    UnitGeometry,
    inside_with_depth_each,
    moved_unit_outside,
    union_of,
    unit_geometry,
)
from tabletop_gui.geometry.outline import EPS
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.memo import IdentityMemo
from tabletop_gui.model.scene import Scene
from tabletop_gui.rules.objective import Objective
from tabletop_gui.rules.scoreboard import (
    CountingPiece,
    Highlight,
    ObjectiveResult,
    PieceMark,
    Role,
    Status,
    strict_leader,
)
from tabletop_gui.rules.t9a.scoring import scoring_mask, why_not_scoring
from tabletop_gui.rules.unit_rows import Rows

#: Default for every placement rule's hand tolerance (a marker "on the line", "at
#: the nearest point"), in inches; objective param ``placement_tolerance``.
PLACEMENT_TOLERANCE = 0.1


def is_point(value: Any) -> bool:
    """``[x, y]``: two finite numbers (a param read from a file)."""
    return (
        isinstance(value, list | tuple)
        and len(value) == 2
        and all(
            isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)
            for v in value
        )
    )


def third_of_long_edge(scene: Scene) -> float:
    """A third of the long Board Edge (24 in on a 72 x 48 board), whichever way it lies."""
    width, height = scene.board.extent
    return max(width, height) / 3


def side_name(scene: Scene, side: str | None) -> str:
    if side is None:
        return "nobody"
    try:
        return scene.side(side).name
    except KeyError:
        return str(side)


def possessive(scene: Scene, side: str | None) -> str:
    """'Equitaine's', 'Orcs''."""
    name = side_name(scene, side)
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def names(scene: Scene, values: Mapping[str, Any]) -> str:
    """'Equitaine 2, Orcs 1'."""
    return ", ".join(f"{side_name(scene, s)} {_num(v)}" for s, v in values.items())


def _num(v: Any) -> str:
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


def strict_fewest(counts: Mapping[str, float]) -> str | None:
    """The one side with strictly the fewest, or None on a tie."""
    if not counts:
        return None
    low = min(counts.values())
    sides = [s for s, v in counts.items() if v == low]
    return sides[0] if len(sides) == 1 else None


def standing(
    counts: Mapping[str, float], final: bool, *, fewest: bool = False
) -> tuple[Status, str | None]:
    """Status and leader from counts: strictly most (or fewest) wins; a tie nobody."""
    leader = strict_fewest(counts) if fewest else strict_leader(counts)
    if final:
        return (_WON if leader else _TIE), leader
    if leader:
        return _LEADING, leader
    return (_TIE if any(counts.values()) else _NONE), None


_WON, _TIE, _LEADING, _NONE = Status.WON, Status.TIE, Status.LEADING, Status.NONE


def objective_result(
    obj: Objective,
    *,
    status: Status,
    leader: str | None,
    counts: Mapping[str, float],
    reason: str,
    final: bool,
    counting: Iterable[CountingPiece] = (),
    highlights: Iterable[Highlight] = (),
    problems: Iterable[str] = (),
    details: Mapping[str, Any] | None = None,
) -> ObjectiveResult:
    """The ObjectiveResult of a Ninth Age objective (its id, name and kind filled in)."""
    return ObjectiveResult(
        objective_id=obj.id,
        name=obj.name,
        kind=obj.kind,
        status=status,
        leader=leader,
        counts=counts,
        reason=reason,
        final=final,
        counting=tuple(counting),
        highlights=tuple(highlights),
        problems=tuple(problems),
        details=dict(details or {}),
        counted=obj.counted,
    )


def outcome_words(scene: Scene, status: Status, leader: str | None, final: bool) -> str:
    """'Equitaine wins.' / 'Equitaine would win.' / 'Nobody wins.'"""
    if leader is None:
        return "Nobody wins." if final else "Nobody would win if the game ended now."
    who = side_name(scene, leader)
    return f"{who} wins." if final else f"{who} would win if the game ended now."


# -- areas -----------------------------------------------------------------


#: Each side's zone polygons, by the scene's zones map (a unit moved keeps it).
_ZONE_POLYGONS: IdentityMemo[Polys] = IdentityMemo(64)


def zone_polygons(scene: Scene, side: str) -> Polys:
    polygons = _ZONE_POLYGONS.get((scene.zones,), side)
    if polygons is None:
        polygons = tuple(
            tuple((float(x), float(y)) for x, y in z.polygon) for z in scene.zones_of(side)
        )
        _ZONE_POLYGONS.put((scene.zones,), polygons, side)
    return polygons


def zone_area(scene: Scene, side: str) -> BaseGeometry | None:
    """The union of ``side``'s Deployment Zones, or None if it has none."""
    return union_of(zone_polygons(scene, side))


def distance_to_zone(scene: Scene, side: str, x: float, y: float) -> float | None:
    """Distance from (x, y) to ``side``'s Deployment Zones, None if it has none."""
    return _distance_to_union(zone_polygons(scene, side), x, y)


@lru_cache(maxsize=1024)
def _distance_to_union(polygons: Polys, x: float, y: float) -> float | None:
    # Markers and zones rarely move while units do: the answer outlives the scene.
    area = union_of(polygons)
    return None if area is None else float(shapely.distance(area, shapely.Point(x, y)))


def terrain_area(scene: Scene, terrain_id: str) -> BaseGeometry:
    polygon = tuple((float(x), float(y)) for x, y in scene.terrain[terrain_id].polygon)
    area = union_of((polygon,))
    assert area is not None  # one polygon: never an empty union
    return area


def impassable_area(scene: Scene) -> BaseGeometry | None:
    """The union of Impassable Terrain, or None where there is none."""
    return union_of(
        tuple(tuple(map(tuple, t.polygon)) for t in scene.terrain.values() if t.impassable)
    )


def units_inside(
    scene: Scene, area: BaseGeometry, sides: Iterable[str] | None = None
) -> tuple[list[CountingPiece], list[CountingPiece]]:
    """Units inside ``area`` (of ``sides``, default all): the Scoring ones (which
    count) and the others (shown as not counting), each with its depth as margin."""
    return units_inside_each(scene, [(area, sides)])[0]


def units_inside_each(
    scene: Scene, queries: Sequence[tuple[BaseGeometry, Iterable[str] | None]]
) -> list[tuple[list[CountingPiece], list[CountingPiece]]]:
    """``units_inside`` for each (area, sides) query, measured in one pass."""
    found = units_inside_kept(scene, [(area, sides, "") for area, sides in queries])
    return [(list(f.counting), list(f.others)) for f in found]


def units_inside_kept(
    scene: Scene, queries: Sequence[tuple[BaseGeometry, Iterable[str] | None, str]]
) -> list[Inside]:
    """For each (area, sides, label) query, the units inside ``area`` (of
    ``sides``, default all), each with its mark on the board (``label`` that of
    the Scoring ones'), measured in one pass.

    The answer is kept with the units' geometry. When that geometry was patched
    for one unit (a drag, an edit), no other unit's answer changed: the parent's
    answers stand, with that one unit measured again and put in its place (or,
    when its box misses every area's bounds both before and after, as they are)."""
    g = unit_geometry(scene)
    qs = [(area, None if sides is None else tuple(sides), label) for area, sides, label in queries]
    key = (scene.board.extent, tuple((id(area), sides, label) for area, sides, label in qs))
    areas = tuple(area for area, _, _ in qs)
    hit = g.results.get(key)
    if hit is None and g.parent_results is not None:
        parent = g.parent_results.get(key)
        if parent is not None and all(map(operator.is_, parent[0], areas)):
            if moved_unit_outside(scene, g, [(area, sides) for area, sides, _ in qs]):
                hit = parent
            else:
                i = g.moved[0]  # type: ignore[index]
                again = _units_inside_each(scene, g, qs, only=i)
                hit = (
                    areas,
                    [old.spliced(new, i) for old, new in zip(parent[1], again, strict=True)],
                )
    if hit is None or not all(map(operator.is_, hit[0], areas)):
        hit = (areas, _units_inside_each(scene, g, qs))
    g.results[key] = hit
    return list(hit[1])


@dataclass(frozen=True)
class Inside:
    """One query's answer: the Scoring units inside and the others, in unit
    order, each with its mark on the board, the Scoring ones' margins (0 where
    there is none) and each one's row in the unit arrays (to put a re-measured
    unit back)."""

    counting: tuple[CountingPiece, ...]
    others: tuple[CountingPiece, ...]
    counting_marks: tuple[PieceMark, ...]
    others_marks: tuple[PieceMark, ...]
    margins: tuple[float, ...]
    counting_rows: tuple[int, ...]
    others_rows: tuple[int, ...]

    def spliced(self, new: Inside, i: int) -> Inside:
        """This answer with unit row ``i``'s entries replaced by ``new``'s (which
        holds row ``i`` alone, or nothing)."""
        counting = Rows(self.counting_rows, (self.counting, self.counting_marks, self.margins))
        counting = counting.spliced(
            i, Rows(new.counting_rows, (new.counting, new.counting_marks, new.margins))
        )
        others = Rows(self.others_rows, (self.others, self.others_marks))
        others = others.spliced(i, Rows(new.others_rows, (new.others, new.others_marks)))
        if counting.rows is self.counting_rows and others.rows is self.others_rows:
            return self  # row i had no entry and has none
        pieces, marks, margins = counting.columns
        return Inside(pieces, others.columns[0], marks, others.columns[1], margins,
                      counting.rows, others.rows)  # fmt: skip


def _units_inside_each(
    scene: Scene,
    g: UnitGeometry,
    queries: Sequence[tuple[BaseGeometry, tuple[str, ...] | None, str]],
    only: int | None = None,
) -> list[Inside]:
    """Every query measured over all units, or over unit row ``only`` alone."""
    a = g.arrays
    masked = []
    for area, sides, _ in queries:
        among = None
        if sides is not None:
            masks = [m for m in map(g.side_masks.get, sides) if m is not None]
            if len(masks) == 1:
                among = masks[0]  # only read
            else:
                among = np.logical_or.reduce(masks) if masks else np.zeros(len(a), dtype=bool)
        masked.append((area, among))
    scoring = scoring_mask(scene)
    out = []
    for (idx, depth), (_, _, label) in zip(
        inside_with_depth_each(scene, masked, only), queries, strict=True
    ):
        counting: list[tuple[int, CountingPiece, PieceMark, float]] = []
        others: list[tuple[int, CountingPiece, PieceMark]] = []
        rows = zip(
            idx.tolist(), a.sides[idx].tolist(), scoring[idx].tolist(), depth.tolist(), strict=True
        )
        for i, side, scores, m in rows:
            uid = a.ids[i]
            margin = m if m != math.inf else None
            if scores:
                piece = CountingPiece(uid, side, margin, None, "inside")
                counting.append((i, piece, PieceMark(uid, Role.COUNTS, side, label), margin or 0.0))
            else:
                note = why_not_scoring(scene.units[uid])
                piece = CountingPiece(uid, side, margin, None, f"inside, {note}")
                others.append((i, piece, PieceMark(uid, Role.NOT_COUNTING, side, piece.note)))
        yes, no = Rows.of(counting, 3), Rows.of(others, 2)
        (pieces, marks, margins), (other_pieces, other_marks) = yes.columns, no.columns
        out.append(Inside(pieces, other_pieces, marks, other_marks, margins, yes.rows, no.rows))
    return out


def point_clear_of(scene: Scene, x: float, y: float, clearance: float) -> float | None:
    """Distance from (x, y) to Impassable Terrain if it is within ``clearance``
    (a placement break), else None."""
    return _point_clear_of(
        tuple(tuple(map(tuple, t.polygon)) for t in scene.terrain.values() if t.impassable),
        x,
        y,
        clearance,
    )


@lru_cache(maxsize=1024)
def _point_clear_of(impassable: Polys, x: float, y: float, clearance: float) -> float | None:
    """``point_clear_of`` for Impassable Terrain given as point tuples: markers and
    terrain rarely move while units do, so the answer outlives the scene."""
    imp = union_of(impassable)
    if imp is None:
        return None
    d = float(shapely.distance(imp, shapely.Point(x, y)))
    return d if d <= clearance + EPS else None
