"""Set-up checks: which units stand outside their side's Deployment Zone, and by
how far; and the region where a unit would stand wholly inside it. Families
whose rules deploy units wholly inside a zone answer ``Family.deployment_flags``
and ``Family.deployment_region`` with these (no Qt)."""

from __future__ import annotations

from functools import lru_cache

import shapely

from tabletop_gui.geometry.areas import Polys, union_of
from tabletop_gui.geometry.minkowski import Footprint, fits_inside, shapes_of
from tabletop_gui.geometry.outline import EPS, unit_outline
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.memo import IdentityMemo
from tabletop_gui.model.names import inches, piece_label, possessive, side_name
from tabletop_gui.model.piecemap import PieceMap
from tabletop_gui.model.pieces import Unit
from tabletop_gui.model.scene import Scene
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.region import Region, RegionPart

#: Points along the outline's edges every this many inches, to measure how far it
#: sticks out of a zone that is not convex.
STEP = 0.05


@dataclass(frozen=True)
class DeploymentFlag:
    """A unit not wholly inside its side's Deployment Zone: by how far it sticks
    out (the footprint's furthest point from the zone, inches) and the words."""

    unit_id: str
    distance: float
    text: str
    #: The short form written under the unit's name ("2.50 in outside its zone").
    note: str = ""


def _zones(scene: Scene, side: str) -> Polys:
    return tuple(tuple((float(x), float(y)) for x, y in z.polygon) for z in scene.zones_of(side))


@lru_cache(maxsize=4096)
def _out_by(unit: Unit, zones: Polys) -> float:
    # Units and zones are values: a drag measures the moved unit alone again.
    zone = union_of(zones)
    assert zone is not None
    outline = unit_outline(unit).polygon()
    rest = outline.difference(zone)
    if rest.is_empty or rest.area <= EPS * EPS:
        return 0.0
    points = shapely.get_coordinates(shapely.segmentize(rest, STEP))
    far = float(shapely.distance(zone, shapely.points(points)).max())
    return far if far > EPS else 0.0


#: Each unit's flag (None: inside) as last worked out, by the unit's identity,
#: with the unit, zones and sides it was worked out for: a drag moves one unit,
#: and the check runs on every move of it.
_FLAGS: dict[int, tuple[Unit, object, object, DeploymentFlag | None]] = {}
_FLAGS_LIMIT = 8192
#: The zones of each side, by the scene's zones (their identity).
_ZONES: IdentityMemo[dict[str, Polys]] = IdentityMemo(16)
#: The last answer: the units, zones and sides it was worked out on and each
#: unit's flag in the units' order. A scene whose units are that map with some
#: pieces replaced (a drag's move) looks at the replaced ones alone.
_LAST: list[tuple[object, object, object, list[DeploymentFlag | None]]] = []


def deployment_flags(state: GameState) -> list[DeploymentFlag]:
    """Before the first turn: every unit on the table not wholly inside its side's
    Deployment Zone (sides without a zone are not checked)."""
    if state.clock.turn != 0:
        return []
    scene = state.scene
    zones = _ZONES.get((scene.zones,))
    if zones is None:
        zones = _ZONES.put((scene.zones,), {s: _zones(scene, s) for s in scene.side_ids})
    sides = scene.sides
    units = scene.units
    each = _replaced_flags(scene, zones)
    if each is None:
        each = [_unit_flag(scene, unit, zones) for unit in units.values()]
    _LAST[:] = [(units, zones, sides, each)]
    return [flag for flag in each if flag is not None]


def _replaced_flags(scene: Scene, zones: dict[str, Polys]) -> list[DeploymentFlag | None] | None:
    """Each unit's flag worked out from the last answer's, when ``scene``'s units
    are the last answer's map with pieces replaced (the same zones and sides);
    None otherwise."""
    if not _LAST:
        return None
    units, last_zones, last_sides, each = _LAST[0]
    if (
        last_zones is not zones
        or last_sides is not scene.sides
        or not isinstance(units, PieceMap)
        or not isinstance(scene.units, PieceMap)
    ):
        return None
    if units is scene.units:
        return each
    replaced = scene.units.replaced_since(units)
    if replaced is None:
        return None
    each = list(each)
    for pid, unit in replaced:
        each[scene.units.position(pid)] = _unit_flag(scene, unit, zones)
    return each


def _unit_flag(scene: Scene, unit: Unit, zones: dict[str, Polys]) -> DeploymentFlag | None:
    """``unit``'s flag, kept by its identity with the zones and sides it is for."""
    known = _FLAGS.get(id(unit))
    if known is not None and known[0] is unit and known[1] is zones and known[2] is scene.sides:
        return known[3]
    flag = _flag(scene, unit, zones.get(unit.side, ()))
    if len(_FLAGS) >= _FLAGS_LIMIT:
        _FLAGS.clear()
    _FLAGS[id(unit)] = (unit, zones, scene.sides, flag)
    return flag


def _flag(scene: Scene, unit: Unit, zones: Polys) -> DeploymentFlag | None:
    if unit.removed or not zones:
        return None
    d = _out_by(unit, zones)
    if not d:
        return None
    zone = f"{possessive(side_name(scene, unit.side))} Deployment Zone"
    out = inches(d, (0.0,))
    text = f"{piece_label(unit)} is {out} outside {zone}"
    return DeploymentFlag(unit.id, d, text, f"{out} outside its zone")


def deployment_region(state: GameState, unit: Unit) -> Region | None:
    """Before the first turn: the centres at which the unit stands wholly inside
    its side's Deployment Zone; None once the game has started or without a zone."""
    if state.clock.turn != 0:
        return None
    scene = state.scene
    zones = tuple(z.polygon for z in scene.zones_of(unit.side))
    if not zones:
        return None
    shape = fits_inside(Footprint.of(unit), shapes_of(zones))
    title = f"{possessive(side_name(scene, unit.side))} Deployment Zone"
    if shape.is_empty:
        return Region(why="too large to fit inside the zone", title=title)
    return Region((RegionPart(shape, "wholly inside: may deploy here"),), title=title)
