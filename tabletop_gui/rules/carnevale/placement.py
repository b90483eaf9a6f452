"""Objective placement (docs/carnevale.md, Placement): at least 4 in (setting
``objective_spacing``) from every Deployment Zone and from each other objective.

Checked on the markers as placed: as they stand now before round 1, and as they
stood when round 1 began afterwards (so a dropped Mobile objective is not
reported). Zones lie on the table, so the zone distance is measured in plan,
marker edge to zone edge; two objectives are measured edge to edge in 3D. A
destroyed objective is out of the game for good: it breaks no placement rule, and
the others are no longer measured against it.
"""

from __future__ import annotations

from collections.abc import Mapping

from shapely.geometry import Point, Polygon

from tabletop_gui.geometry.outline import EPS, distance_3d, marker_outline
from tabletop_gui.model.names import inches
from tabletop_gui.model.pieces import Marker
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.carnevale import settings
from tabletop_gui.rules.carnevale.records import placed_markers

OBJECTIVE_KIND = "carnevale.objective"
MARKER_KIND = "objective"


def objective_marker_ids(state: GameState) -> set[str]:
    """Markers that are Carnevale objectives: named by an objective spec, or of kind 'objective'."""
    ids = {str(o.params.get("marker")) for o in state.setup.objectives if o.kind == OBJECTIVE_KIND}
    ids |= {m.id for m in state.scene.markers.values() if m.kind == MARKER_KIND}
    return ids


def placement_problems(state: GameState, marker: Marker) -> list[str]:
    """Why ``marker`` breaks its placement rule (empty if it does not, or once it
    has been destroyed)."""
    if _destroyed(state, marker.id):
        return []
    placed = placed_markers(state)
    if marker.id not in placed:
        return _problems(state, marker, placed)
    return list(_all_problems(state, placed).get(marker.id, ()))


def _destroyed(state: GameState, marker_id: str) -> bool:
    """Destroyed now (the markers as placed were not yet)."""
    now = state.scene.markers.get(marker_id)
    return now is not None and now.destroyed


def _gone(state: GameState, placed: Mapping[str, Marker]) -> frozenset[str]:
    return frozenset(mid for mid in placed if _destroyed(state, mid))


# Placement depends only on the placed markers, the zones, the board, the spacing and
# which objectives are destroyed;
# dragging a character keeps those mappings (a scene edit copies only the changed
# collection), so the answer is kept for the last few of them.
_cache: dict[tuple[int, ...], tuple[tuple[object, ...], dict[str, list[str]]]] = {}


def _all_problems(state: GameState, placed: Mapping[str, Marker]) -> dict[str, list[str]]:
    spacing = settings.placement_spacing(state.setup)
    keep = (placed, state.scene.zones, state.scene.board, state.setup.objectives)
    gone = _gone(state, placed)
    key = (*map(id, keep), hash(spacing), hash(gone))
    hit = _cache.get(key)
    if (
        hit is not None
        and all(a is b for a, b in zip(hit[0][:-1], keep, strict=True))
        and hit[0][-1] == gone
    ):
        return hit[1]
    out = {mid: _problems(state, m, placed) for mid, m in placed.items()}
    if len(_cache) >= 16:
        _cache.clear()
    _cache[key] = ((*keep, gone), out)
    return out


def _problems(state: GameState, m: Marker, placed: Mapping[str, Marker]) -> list[str]:
    spacing = settings.placement_spacing(state.setup)
    name = m.label or m.id
    problems = []
    board = state.scene.board
    width, height = board.extent
    if not (0 <= m.x <= width and 0 <= m.y <= height):
        problems.append(f"{name} is off the board at ({m.x:.2f}, {m.y:.2f})")
    centre = Point(m.x, m.y)
    for zone in state.scene.zones.values():
        d = max(float(Polygon(zone.polygon).distance(centre)) - m.radius_in, 0.0)
        if d < spacing - EPS:
            zname = zone.name or zone.id
            problems.append(
                f"{name} is {inches(d, (spacing,))} from {zname}: objectives must be at least "
                f"{spacing:g} in "
                "from every Deployment Zone"
            )
    ours = marker_outline(m)
    for other_id in sorted(objective_marker_ids(state)):
        other = placed.get(other_id)
        if other is None or other_id == m.id or _destroyed(state, other_id):
            continue
        d = distance_3d(ours, marker_outline(other))
        if d < spacing - EPS:
            oname = other.label or other.id
            problems.append(
                f"{name} is {inches(d, (spacing,))} from {oname}: objectives must be at least "
                f"{spacing:g} in "
                "from each other"
            )
    return problems
