"""The Ninth Age's answers to a referee's geometric questions (no Qt): a unit's
four arcs, the arc of a target a charger is located in, the charge's reach,
Unit Spacing and Line of Sight (docs/t9a.md, Rulings). The geometry is exact
(``geometry.arcs``, ``geometry.reach``, ``geometry.sight``); what counts (which
point of a charger, a line between two arcs, what blocks a sight line) is the
rulebook's, stated in docs/t9a.md with its sections."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence

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
from tabletop_gui.geometry.arrays import UnitArrays, rows_near, unit_arrays
from tabletop_gui.geometry.outline import (
    CONTACT_TOLERANCE,
    EPS,
    Outline,
    closest_points,
    distance,
    in_base_contact,
    inside,
    plan_overlap,
    rect_polygons,
    unit_outline,
    within,
)
from tabletop_gui.geometry.reach import charge_path, reach, reach_round, wheeled_path
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
    Wheeled,
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
    """From the charger's front to the target's Facing of the arc the charger is
    located in: the straight gap edge to edge, and the charge's path, a forward
    move with at most one wheel (``geometry.reach.charge_path``; docs/t9a.md,
    Charge reach). A round target has no Facings: to its edge, and the wheel to
    face its centre; a round charger: the straight gap. None for two units of
    one side: a unit charges only enemies."""
    scene = state.scene
    a, b = _live(scene, charger_id), _live(scene, target_id)
    if a is None or b is None or a.id == b.id or a.side == b.side:
        return None
    oa, ob = unit_outline(a), unit_outline(b)
    if ob.is_round:
        r = reach_round(oa, ob)
        return ChargeReach(a.id, b.id, "", r.straight, r.start, r.end, r.turn, r.wheel)
    ruling = arc_ruling(state, charger_id, target_id)
    if ruling is None or ruling.arc is None:
        return None
    side = facing_side(ob, ruling.arc)
    r = reach(oa, side, ob)
    if oa.is_round:
        return ChargeReach(a.id, b.id, ruling.arc, r.straight, r.start, r.end, 0.0, 0.0)
    gap = (r.start, r.end)
    p = charge_path(oa, side, ob)
    if p is None:
        return ChargeReach(a.id, b.id, ruling.arc, r.straight, r.start, r.end, 0.0, 0.0,
                           straight_ahead=False, gap=gap, found=False)  # fmt: skip
    wheeled = None
    # Straight ahead, a wheel may still make it shorter (the referee is told);
    # never shorter than the gap, so not where straight ahead is the gap.
    if p.straight_ahead and p.total > r.straight + SHORTER:
        w = wheeled_path(oa, side, ob)
        if w is not None and w.total < p.total - SHORTER:
            wheeled = Wheeled(w.forward, w.turn, w.wheel, w.wheel_first)
    return ChargeReach(
        a.id, b.id, ruling.arc, r.straight, p.start, p.end, p.turn, p.wheel,
        forward=p.forward, straight_ahead=p.straight_ahead, wheel_first=p.wheel_first,
        align=p.align, path=p.path, gap=gap, wheeled=wheeled,
    )  # fmt: skip


#: A path with a wheel shorter than straight ahead by more than this (inches:
#: what two decimals show) is given beside it.
SHORTER = 0.005


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
    return Spacing(a.id, b.id, d, limit, contact, too_close, start, end, overlap(oa, ob, d))


def overlap(oa: Outline, ob: Outline, d: float) -> float:
    """How deep two bases overlap (``plan_overlap``, as the game log's overlap
    flag counts them); 0 when ``d`` (their distance) says they stand apart."""
    return 0.0 if d > 0 else plan_overlap(oa, ob)


def spacing_flag(scene: Scene, s: Spacing) -> str:
    """The game log's flag: 'Knights is 0.99 in from Orc Boyz: units keep more than
    1 in apart (Unit Spacing)'."""
    head, tail = _flag_words(scene.units[s.a], s.limit)
    gap = inches(s.distance, (s.limit, CONTACT))
    return f"{head}{gap} from {piece_label(scene.units[s.b])}{tail}"


def spacing_flags(state: GameState, unit_id: str) -> list[str]:
    """``spacing_flag`` of every unit ``unit_id`` stands too close to, nearest
    first, worded from ``too_close``'s distances (no closest points needed)."""
    found = _too_close(state, unit_id)
    if found is None:
        return []
    others, distances = found
    units = state.scene.units
    limit = unit_spacing(state.setup)
    head, tail = _flag_words(units[unit_id], limit)
    return [  # a unit's piece_label: its name, else its id
        f"{head}{inches(d, (limit, CONTACT))} from {other.name or other.id}{tail}"
        for other, d in zip(others, distances, strict=True)
    ]


def _flag_words(unit: Unit, limit: float) -> tuple[str, str]:
    return f"{piece_label(unit)} is ", f": units keep more than {limit:g} in apart (Unit Spacing)"


def spacing_breaches(state: GameState, unit_id: str) -> list[Spacing]:
    """Every unit ``unit_id`` stands too close to (nearest first)."""
    out = (spacing(state, unit_id, b) for b, _ in too_close(state, unit_id))
    return [s for s in out if s is not None]


def too_close(state: GameState, unit_id: str) -> list[tuple[str, float]]:
    """(id, distance) of every unit ``unit_id`` stands too close to, nearest
    first: the units ``spacing`` finds too close, with its distances to the bit."""
    found = _too_close(state, unit_id)
    if found is None:
        return []
    return [(u.id, d) for u, d in zip(*found, strict=True)]


def _too_close(state: GameState, unit_id: str) -> tuple[list[Unit], list[float]] | None:
    """The units ``unit_id`` stands too close to and their distances, nearest
    first (None: none). On a crowded board the scene's cached unit arrays name
    the units near this one (``rows_near``) and rule out those whose bounding
    circle is more than the spacing away, and the rest are measured at once
    (``spacing_pairs``): a move is measured against what is near it, not one
    pair at a time."""
    scene = state.scene
    unit = _live(scene, unit_id)
    if unit is None:
        return None
    limit = unit_spacing(state.setup)
    units: PieceMap[Unit] = scene.units  # type: ignore[assignment]
    if len(units) <= SMALL_SCENE:  # numpy's overhead costs more than a loop
        near = [
            s for u in units.values()
            if u.id != unit.id and not u.removed and _may_reach(unit, u, limit)
            and (s := spacing(state, unit.id, u.id)) is not None and s.too_close
        ]  # fmt: skip
        near.sort(key=lambda s: s.distance)
        return ([units[s.b] for s in near], [s.distance for s in near]) if near else None
    a = unit_arrays(scene)
    i = units.position(unit.id)  # the arrays' rows are in the units' order
    rows = rows_near(a, i, limit + EPS)
    rows = rows[rows != i]
    too, d = spacing_pairs(
        a, np.full(rows.size, i), rows, [unit], np.zeros(rows.size, dtype=np.int64),
        lambda r: units.take(r.tolist()), limit,
    )  # fmt: skip
    found = np.flatnonzero(too)
    if not found.size:
        return None
    found = found[np.argsort(d[found], kind="stable")]  # nearest first, else in order
    return units.take(rows[found].tolist()), d[found].tolist()


#: Base contact's tolerance (``in_base_contact``'s default), inches.
CONTACT = CONTACT_TOLERANCE


def _parallel_gaps(
    a: UnitArrays,
    i: int | np.ndarray,
    rows: np.ndarray,
    dx: np.ndarray,
    dy: np.ndarray,
    c: float | np.ndarray,
    s: float | np.ndarray,
) -> np.ndarray:
    """``parallel_distance`` from row ``i`` (one, or one per row) to each of
    ``rows`` facing its way (``c``, ``s``: the cosine and sine of its angle as
    its outline has them), over the arrays."""
    gx = np.maximum(np.abs(dx * c + dy * s) - (a.half_w[i] + a.half_w[rows]), 0.0)
    gy = np.maximum(np.abs(dy * c - dx * s) - (a.half_d[i] + a.half_d[rows]), 0.0)
    return np.sqrt(gx * gx + gy * gy)


def spacing_pairs(
    a: UnitArrays,
    gi: np.ndarray,
    rows: np.ndarray,
    movers: Sequence[Unit],
    pq: np.ndarray,
    others: Callable[[np.ndarray], list[Unit]],
    limit: float,
) -> tuple[np.ndarray, np.ndarray]:
    """(too close, distance) of each pair k: mover ``pq[k]`` (``movers``, row
    ``gi[k]`` of ``a``) and the unit of row ``rows[k]`` (``others`` gives the
    units of rows); the pairs come by mover (``pq`` ascending). ``_too_close``
    asks it of one move, ``rules.review`` of many moves at once (the same tests
    and operations pair by pair, so the same answers to the bit): bounding
    circles within the spacing, then the distance (``distance``'s to the bit:
    rectangles facing the same way over the arrays, other rectangles by shapely
    over the same polygons, pairs with a round base one by one), within the
    spacing and not in base contact."""
    n = len(rows)
    dx, dy = a.cx[rows] - a.cx[gi], a.cy[rows] - a.cy[gi]
    near = np.hypot(dx, dy) <= a.reach[rows] + a.reach[gi] + limit + EPS
    near &= a.on_table[rows]
    keep = np.flatnonzero(near)
    too, d = np.zeros(n, dtype=bool), np.full(n, np.inf)
    if not keep.size:
        return too, d
    gi, r, pq, dx, dy = gi[keep], rows[keep], pq[keep], dx[keep], dy[keep]
    dk = np.empty(len(r))
    flat = ~a.is_round[r] & ~a.is_round[gi]
    parallel = flat & (a.angle[r] == a.angle[gi])
    if parallel.any():
        qp = pq[parallel]
        cos, sin = np.zeros(len(movers)), np.zeros(len(movers))
        turns: dict[float, tuple[float, float]] = {}
        for q in np.unique(qp).tolist():  # as the outline has them (math's), per facing
            facing = movers[q].facing
            cs = turns.get(facing)
            if cs is None:
                angle = math.radians(facing)  # unit_outline's angle
                cs = turns[facing] = (math.cos(angle), math.sin(angle))
            cos[q], sin[q] = cs
        dk[parallel] = _parallel_gaps(
            a, gi[parallel], r[parallel], dx[parallel], dy[parallel], cos[qp], sin[qp]
        )
    turned = np.flatnonzero(flat & ~parallel)
    if turned.size:  # the pairs come by mover: each mover's turned pairs at once
        qs = pq[turned]
        starts = np.flatnonzero(np.r_[True, qs[1:] != qs[:-1]]).tolist()
        for lo, hi in zip(starts, [*starts[1:], len(qs)], strict=True):
            ks = turned[lo:hi]
            shapes = rect_polygons([movers[int(qs[lo])], *others(r[ks])])
            dk[ks] = shapely.distance(shapes[0], shapes[1:])
    rounded = np.flatnonzero(~flat)
    for k, other in zip(rounded.tolist(), others(r[rounded]), strict=True):
        dk[k] = distance(unit_outline(movers[int(pq[k])]), unit_outline(other))
    within_ = dk <= limit + EPS
    rise = a.elevation[r] - a.elevation[gi]
    level = rise == 0.0
    contact = level & (dk <= CONTACT + EPS)
    for k in np.flatnonzero(within_ & ~level).tolist():
        contact[k] = math.hypot(float(dk[k]), float(rise[k])) <= CONTACT + EPS
    too[keep] = within_ & ~contact
    d[keep] = dk
    return too, d


def spacing_words(unit: Unit, limit: float) -> tuple[str, str]:
    """What ``spacing_flags`` says before the distance and after the other's name."""
    return _flag_words(unit, limit)


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
