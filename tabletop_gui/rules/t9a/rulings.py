"""The Ninth Age's answers to a referee's geometric questions (no Qt): a unit's
four arcs, the arc of a target a charger is located in, the charge's reach,
Unit Spacing and Line of Sight (docs/t9a.md, Rulings). The geometry is exact
(``geometry.arcs``, ``geometry.reach``, ``geometry.sight``); what counts (which
point of a charger, a line between two arcs, what blocks a sight line) is the
rulebook's, stated in docs/t9a.md with its sections."""

from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon, box
from shapely.geometry.base import BaseGeometry

from tabletop_gui.geometry.arcs import (
    FRONT,
    LEFT,
    RIGHT,
    arc_of,
    arc_regions,
    arc_segments,
    facing_side,
    front_centre,
)
from tabletop_gui.geometry.arrays import unit_arrays
from tabletop_gui.geometry.outline import (
    EPS,
    Outline,
    closest_points,
    distance,
    in_base_contact,
    inside,
    unit_outline,
    within,
)
from tabletop_gui.geometry.reach import reach, reach_round
from tabletop_gui.geometry.sight import seen_region, sees
from tabletop_gui.model.names import inches, piece_label, possessive
from tabletop_gui.model.piecemap import PieceMap
from tabletop_gui.model.pieces import HeightClass, Terrain, Unit
from tabletop_gui.model.scene import Scene, Setup
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.rulings import (
    ArcRuling,
    ChargeReach,
    Pt,
    Sight,
    Spacing,
    TargetSight,
    UnitArcs,
)

#: Settings (docs/t9a.md, Rulings): how near units may stand, and which models'
#: bases block a sight line.
UNIT_SPACING = "unit_spacing"
SIGHT_BLOCKERS = "sight_blockers"
DEFAULT_SPACING = 1.0
#: A model's base blocks a sight line between two others when its Height is at
#: least both of theirs ("same_or_taller", the rulebook's current wording) or
#: only when above both ("taller", its earlier wording).
SIGHT_BLOCKER_CHOICES = ("same_or_taller", "taller")
SETTING_NAMES = (UNIT_SPACING, SIGHT_BLOCKERS)
#: Height classes in order: a point of the battlefield counts as Standard.
HEIGHT_RANK = {HeightClass.STANDARD: 0, HeightClass.LARGE: 1, HeightClass.GIGANTIC: 2}
#: How far from the middle of its side an arc's label starts, in inches.
LABEL_OFFSET = 1.5


def no_arcs(unit: Unit) -> str:
    """A round base has no arcs (Unit Arcs): it draws Line of Sight all round."""
    return f"{piece_label(unit)} is on a round base, which has no arcs: it sees all round"


def unit_spacing(setup: Setup) -> float:
    value = setup.setting(UNIT_SPACING, DEFAULT_SPACING)
    ok = isinstance(value, int | float) and not isinstance(value, bool) and value >= 0
    return float(value) if ok else DEFAULT_SPACING


def sight_blockers(setup: Setup) -> str:
    value = setup.setting(SIGHT_BLOCKERS, SIGHT_BLOCKER_CHOICES[0])
    return value if value in SIGHT_BLOCKER_CHOICES else SIGHT_BLOCKER_CHOICES[0]


def settings_problems(setup: Setup) -> list[str]:
    """These settings where they cannot be used (their defaults apply)."""
    out = []
    value = setup.settings.get(UNIT_SPACING)
    if value is not None and unit_spacing(setup) != value:
        out.append(f"settings.{UNIT_SPACING}: expected a number of inches >= 0, got {value!r} "
                   f"({DEFAULT_SPACING:g} applies)")  # fmt: skip
    value = setup.settings.get(SIGHT_BLOCKERS)
    if value is not None and value not in SIGHT_BLOCKER_CHOICES:
        out.append(f"settings.{SIGHT_BLOCKERS}: expected one of "
                   f"{', '.join(SIGHT_BLOCKER_CHOICES)}, got {value!r} "
                   f"({SIGHT_BLOCKER_CHOICES[0]} applies)")  # fmt: skip
    return out


def _bounds(scene: Scene) -> tuple[float, float, float, float]:
    w, h = scene.board.extent
    return (0.0, 0.0, w, h)


def _live(scene: Scene, unit_id: str) -> Unit | None:
    unit = scene.units.get(unit_id)
    return unit if unit is not None and not unit.removed else None


# -- arcs ----------------------------------------------------------------------------


def unit_arcs(state: GameState, unit_id: str) -> UnitArcs | None:
    """The four arcs of a rectangular unit, to the board's edges, each labelled a
    little way out from the middle of its side (on the board)."""
    scene = state.scene
    unit = _live(scene, unit_id)
    if unit is None:
        return None
    o = unit_outline(unit)
    if o.is_round:
        return UnitArcs(unit_id, why=no_arcs(unit))
    bounds = _bounds(scene)
    frame = box(*bounds)
    regions = []
    for arc, shape in arc_regions(o, bounds).items():
        if shape.is_empty:
            continue
        (ax, ay), (bx, by) = facing_side(o, arc)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        nx, ny = mx - o.cx, my - o.cy
        n = max((nx * nx + ny * ny) ** 0.5, 1e-9)
        at = (mx + nx / n * LABEL_OFFSET, my + ny / n * LABEL_OFFSET)
        if not frame.contains(shapely.Point(at)) or not shape.covers(shapely.Point(at)):
            p = shape.representative_point()
            at = (p.x, p.y)
        regions.append((arc, shape, at))
    return UnitArcs(unit_id, tuple(regions), tuple(arc_segments(o, bounds)))


def located_point(unit: Unit) -> Pt:
    """Where the rules locate a unit among another's arcs: the centre of its front
    (a round base: its centre)."""
    return front_centre(unit_outline(unit))


def arc_ruling(state: GameState, charger_id: str, target_id: str) -> ArcRuling | None:
    """The arc of the target holding the centre of the charger's front, with the
    margin to the nearest arc line. On a line (within 1e-6 in) the point is in
    both arcs, and the rules take the flank arc. A round target has no arcs."""
    scene = state.scene
    a, b = _live(scene, charger_id), _live(scene, target_id)
    if a is None or b is None or a.id == b.id:
        return None
    point = located_point(a)
    located = "centre" if unit_outline(a).is_round else "front"
    ob = unit_outline(b)
    if ob.is_round:
        return ArcRuling(a.id, b.id, point, None, why=no_arcs(b))
    place = arc_of(ob, point)
    if place.arc is None:
        charger, target = possessive(piece_label(a)), possessive(piece_label(b))
        part = f"{charger} centre" if located == "centre" else f"the centre of {charger} front"
        why = f"{part} is inside {target} footprint"
        return ArcRuling(a.id, b.id, point, None, why=why)
    arc, across, note = place.arc, place.across, ""
    if place.on_line and across is not None:
        flank = arc if arc in (LEFT, RIGHT) else across
        other = across if flank == arc else arc
        arc, across = flank, other
        note = f"on the line between the {other} and {flank} arcs: the flank arc"
    return ArcRuling(a.id, b.id, point, arc, place.margin, across, note, located=located)


# -- charge reach ------------------------------------------------------------------


def charge_reach(state: GameState, charger_id: str, target_id: str) -> ChargeReach | None:
    """From the charger's front to the target's side facing the arc the charger
    is located in: straight, and what a wheel to face it square costs. A round
    target has no Facings: to its edge, and the wheel to face its centre."""
    scene = state.scene
    a, b = _live(scene, charger_id), _live(scene, target_id)
    if a is None or b is None or a.id == b.id:
        return None
    oa, ob = unit_outline(a), unit_outline(b)
    if ob.is_round:
        r = reach_round(oa, ob)
        return ChargeReach(a.id, b.id, "", r.straight, r.start, r.end, r.turn, r.wheel)
    ruling = arc_ruling(state, charger_id, target_id)
    if ruling is None or ruling.arc is None:
        return None
    r = reach(oa, facing_side(ob, ruling.arc), ob)
    return ChargeReach(a.id, b.id, ruling.arc, r.straight, r.start, r.end, r.turn, r.wheel)


# -- unit spacing ------------------------------------------------------------------


def spacing(state: GameState, a_id: str, b_id: str) -> Spacing | None:
    """The gap between two units against Unit Spacing: too close when within the
    spacing (1 in: units keep more than that apart) and not in base contact."""
    scene = state.scene
    a, b = _live(scene, a_id), _live(scene, b_id)
    if a is None or b is None or a.id == b.id:
        return None
    oa, ob = unit_outline(a), unit_outline(b)
    d = distance(oa, ob)
    limit = unit_spacing(state.setup)
    contact = in_base_contact(oa, ob)
    start, end = closest_points(oa, ob) if d > 0 else (oa.centre, oa.centre)
    too_close = within(d, limit) and not contact
    return Spacing(a.id, b.id, d, limit, contact, too_close, start, end)


def spacing_flag(scene: Scene, s: Spacing) -> str:
    """The game log's flag: 'Knights is 0.99 in from Orc Boyz: units keep more than
    1 in apart (Unit Spacing)'."""
    a, b = scene.units[s.a], scene.units[s.b]
    return (
        f"{piece_label(a)} is {inches(s.distance)} from {piece_label(b)}: "
        f"units keep more than {s.limit:g} in apart (Unit Spacing)"
    )


def spacing_breaches(state: GameState, unit_id: str) -> list[Spacing]:
    """Every unit ``unit_id`` stands too close to (nearest first). The scene's
    cached unit arrays rule out every unit whose bounding circle is more than the
    spacing away, so only near neighbours are measured exactly."""
    scene = state.scene
    unit = _live(scene, unit_id)
    if unit is None:
        return []
    limit = unit_spacing(state.setup)
    if len(scene.units) <= SMALL_SCENE:  # numpy's overhead costs more than a loop
        near_ids = [
            u.id for u in scene.units.values()
            if u.id != unit.id and not u.removed and _may_reach(unit, u, limit)
        ]  # fmt: skip
    else:
        a = unit_arrays(scene)
        units: PieceMap[Unit] = scene.units  # type: ignore[assignment]
        i = units.position(unit.id)  # the arrays' rows are in the units' order
        reach = np.maximum(np.hypot(a.half_w, a.half_d), a.radius)
        near = np.hypot(a.cx - a.cx[i], a.cy - a.cy[i]) <= reach + reach[i] + limit + EPS
        near &= a.on_table
        near[i] = False
        near_ids = [a.ids[j] for j in np.flatnonzero(near)]
    out = []
    for other in near_ids:
        s = spacing(state, unit.id, other)
        if s is not None and s.too_close:
            out.append(s)
    return sorted(out, key=lambda s: s.distance)


#: Up to this many units, the spacing check loops over them without numpy.
SMALL_SCENE = 48


def _may_reach(a: Unit, b: Unit, limit: float) -> bool:
    """The bounding circles of the two footprints come within ``limit``."""
    ra = math.hypot(a.width_in, a.depth_in) / 2
    rb = math.hypot(b.width_in, b.depth_in) / 2
    return math.hypot(a.x - b.x, a.y - b.y) <= ra + rb + limit + EPS


# -- line of sight -----------------------------------------------------------------


#: A round base's edge, where its sight lines start, as a polygon of this many
#: corners (on a 40 mm base it sags 0.004 in from the circle).
ROUND_SOURCE_CORNERS = 32


def _source(o: Outline) -> LineString:
    """Where sight lines start: the front side (a round base: its whole edge)."""
    if o.is_round:
        edge = shapely.Point(o.cx, o.cy).buffer(o.radius or 0.0, ROUND_SOURCE_CORNERS // 4)
        return LineString(edge.exterior.coords)
    return LineString(facing_side(o, FRONT))


def _field(o: Outline, scene: Scene) -> BaseGeometry:
    """Where sight lines may go: the front arc on the board (a round base: the
    whole board)."""
    bounds = _bounds(scene)
    if o.is_round:
        return box(*bounds)
    return arc_regions(o, bounds)[FRONT]


def _blocks(blocker: Unit, viewer: Unit, target_rank: int, rule: str) -> bool:
    rank = HEIGHT_RANK[blocker.height]
    need = max(HEIGHT_RANK[viewer.height], target_rank)
    return rank >= need if rule == "same_or_taller" else rank > need


def _terrain_blocks(t: Terrain) -> bool:
    """Opaque Terrain blocks sight lines; Impassable Terrain counts as Opaque."""
    return t.opaque or t.impassable


def _blockers(
    state: GameState, viewer: Unit, target: Unit | None, exclude: Iterable[Outline]
) -> list[tuple[str, str, Polygon]]:
    """(id, words, shape) of what may block a line from ``viewer`` to ``target``
    (None: to a point of the battlefield, Standard Height): Opaque or Impassable
    Terrain the viewer or the target does not stand in, and the bases of other
    units tall enough."""
    scene = state.scene
    rule = sight_blockers(state.setup)
    target_rank = HEIGHT_RANK[target.height] if target is not None else 0
    ends = list(exclude)
    out = []
    for t in scene.terrain.values():
        if not _terrain_blocks(t):
            continue
        shape = Polygon(t.polygon)
        if any(inside(o, shape) for o in ends):
            continue  # one sees into and out of a feature, not through it
        out.append((t.id, f"the {t.name or t.id}", shape))
    skip = {viewer.id, target.id if target is not None else ""}
    for u in scene.units.values():
        if u.id in skip or u.removed or not _blocks(u, viewer, target_rank, rule):
            continue
        out.append((u.id, piece_label(u), unit_outline(u).polygon()))
    return out


def sight_to(state: GameState, viewer_id: str, target_id: str) -> TargetSight | None:
    """Whether the viewer can draw a sight line to the target: from its front,
    within its front arc, not crossing Opaque Terrain or a base tall enough."""
    scene = state.scene
    viewer, target = _live(scene, viewer_id), _live(scene, target_id)
    if viewer is None or target is None or viewer.id == target.id:
        return None
    ov, ot = unit_outline(viewer), unit_outline(target)
    region = ot.polygon().intersection(_field(ov, scene))
    if region.is_empty or region.area <= 1e-7:
        return TargetSight(target.id, False, "outside the front arc")
    blockers = _blockers(state, viewer, target, (ov, ot))
    found = sees(_source(ov), region, [shape for _, _, shape in blockers])
    if found.seen:
        return TargetSight(target.id, True, start=found.start, end=found.end)
    names = [blockers[i][1] for i in found.blockers]
    ids = tuple(blockers[i][0] for i in found.blockers)
    return TargetSight(target.id, False, "behind " + _and(names) if names else "hidden", ids)


def _and(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def line_of_sight(state: GameState, viewer_id: str) -> Sight | None:
    """What the viewer sees: the region of the board in its view (where it sees a
    point of the battlefield) and each other unit on the table."""
    scene = state.scene
    viewer = _live(scene, viewer_id)
    if viewer is None:
        return None
    ov = unit_outline(viewer)
    source = _source(ov)
    field = _field(ov, scene)
    shapes = [shape for _, _, shape in _blockers(state, viewer, None, (ov,))]
    region = seen_region(source, field, shapes)
    targets = []
    for other in scene.units.values():
        if other.id == viewer.id or other.removed:
            continue
        t = sight_to(state, viewer.id, other.id)
        if t is not None:
            targets.append(t)
    corners = tuple((float(x), float(y)) for x, y in source.coords)
    return Sight(viewer.id, region, corners, tuple(targets))
