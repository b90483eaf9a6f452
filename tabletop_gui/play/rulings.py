"""The one wording of a family's rulings (no Qt): which arc with its margin, a
charge's reach, Unit Spacing and Line of Sight, as the status bar, the score
panel, the report and ``tabletop-gui measure`` say them; and the measure
document (docs/measure-json.md). The answers are the family's
(``rules.rulings``); this module only words them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop_gui.geometry.outline import CONTACT_TOLERANCE, EPS, distance, unit_outline
from tabletop_gui.model.events import Event
from tabletop_gui.model.hexgrid import HexBoard, hex_label
from tabletop_gui.model.names import inches, piece_label, possessive
from tabletop_gui.model.scene import Scene, Setup
from tabletop_gui.model.state import GameState
from tabletop_gui.play.measure import HexCount, hex_count
from tabletop_gui.rules.engine import apply, initial_state
from tabletop_gui.rules.family import Family
from tabletop_gui.rules.rulings import ArcRuling, ChargeReach, Sight, Spacing, TargetSight

#: The measure document's format version (docs/measure-json.md).
MEASURE_VERSION = 2


def _name(scene: Scene, unit_id: str) -> str:
    unit = scene.units.get(unit_id)
    return piece_label(unit) if unit is not None else unit_id


def arc_text(ruling: ArcRuling) -> str:
    """'right flank arc, 0.05 in from the front arc line'."""
    if ruling.arc is None:
        return f"in no arc: {ruling.why}"
    if ruling.margin is None:
        return f"{ruling.arc} arc ({ruling.note})" if ruling.note else f"{ruling.arc} arc"
    if ruling.note:
        return f"{ruling.arc} arc ({ruling.note})"
    return f"{ruling.arc} arc, {inches(ruling.margin, (0.0,))} from the {ruling.across} arc line"


def arc_sentence(scene: Scene, ruling: ArcRuling) -> str:
    """'Knights' front is in Orc Boyz's right flank arc, 0.05 in from the front arc line'."""
    charger, target = _name(scene, ruling.charger_id), _name(scene, ruling.target_id)
    if ruling.arc is None:
        return ruling.why[:1].upper() + ruling.why[1:]
    where = f"{possessive(charger)} {ruling.located}"
    return f"{where} is in {possessive(target)} {arc_text(ruling)}"


def _reach_in(value: float) -> str:
    """A charge's figure, with the decimals that keep it off the whole inch a
    roll is ruled against ('11.996 in', not '12.00 in')."""
    return inches(value, (float(round(value)),))


#: Under this (degrees), a charger's front is square to the side it reaches.
SQUARE = 0.005


def reach_text(reach: ChargeReach) -> str:
    """The charge's reach in words (docs/t9a.md, Charge reach): '4.07 in
    straight ahead to the front (the fronts overlap), square to it' / '6.20 in
    straight ahead to the front (the fronts overlap); no wheel needed: the Align Move
    after contact turns it 20° left, free' / '15.54 in to the front with a wheel
    (not straight ahead: the fronts do not overlap; a wheel is needed): a right
    wheel of 29° (1.99 in), then 13.55 in forward; 13.55 in edge to edge'. A
    round target: '4.21 in to its base, straight; a right wheel of 51° to face
    its centre adds 3.58 in (7.80 in)'."""
    side = _side(reach)
    if reach.straight_ahead is None:
        if reach.arc:  # a round charger: no front to turn
            return f"{inches(reach.straight)} to {side}, straight from its round base"
        text = f"{inches(reach.straight)} to {side}, straight"
        if reach.wheel <= 0.005:
            return text + ", facing its centre"
        return (
            f"{text}; a {_hand(reach.turn)} wheel of {turn_degrees(reach.turn)}° to face its "
            f"centre adds {inches(reach.wheel)} ({inches(reach.total)})"
        )
    gap = f"{inches(reach.straight)} edge to edge"
    if not reach.found:
        return (
            f"{gap} to {side}, but not straight ahead (the fronts do not overlap) and no "
            "forward move with one wheel brings its front into contact with it"
        )
    if reach.straight_ahead:
        text = f"{_reach_in(reach.moved)} straight ahead to {side} (the fronts overlap)"
        align = reach.align or 0.0
        if abs(align) < SQUARE:
            text += ", square to it"
        else:
            text += (
                f"; no wheel needed: the Align Move after contact turns it "
                f"{turn_degrees(align)}° {_hand(align)}, free"
            )
        w = reach.wheeled
        if w is not None:
            steps = _steps(w.turn, w.wheel, w.forward, w.wheel_first)
            text += f"; with a wheel it is shorter: {_reach_in(w.total)} ({steps})"
        return text
    steps = _steps(reach.turn, reach.wheel, reach.moved, reach.wheel_first)
    return (
        f"{_reach_in(reach.total)} to {side} with a wheel (not straight ahead: the fronts "
        f"do not overlap; a wheel is needed): {steps}; {gap}"
    )


def _steps(turn: float, wheel: float, forward: float, wheel_first: bool) -> str:
    """'a right wheel of 29° (1.99 in), then 13.55 in forward' (or forward first)."""
    turning = f"{_hand(turn)} wheel of {turn_degrees(turn)}° ({inches(wheel)})"
    ahead = f"{inches(forward)} forward"
    return f"a {turning}, then {ahead}" if wheel_first else f"{ahead}, then a {turning}"


def _hand(turn: float) -> str:
    """Which way a wheel turns the charger, as it looks: counter-clockwise (> 0,
    the board's y up) is to its left."""
    return "left" if turn > 0 else "right"


def turn_degrees(turn: float) -> str:
    """A wheel's angle in whole degrees, or with the fewest decimals (up to
    two) that keep a wheel that costs something from reading "0°": "20",
    "0.2", "0.04" (docs/measurement.md, How many decimals)."""
    a = abs(turn)
    for decimals in (0, 1, 2):
        text = f"{a:.{decimals}f}"
        if float(text) != 0.0:
            return text
    return "0.01" if a >= 0.005 else "under 0.01"


def _side(reach: ChargeReach) -> str:
    """'the right flank' / 'its base' (a target with no Facings)."""
    return f"the {reach.arc}" if reach.arc else "its base"


def _wheel_words(reach: ChargeReach) -> str:
    """'1.99 wheel (29° right) + 13.55 forward', in the order they are made."""
    wheel = f"{reach.wheel:.2f} wheel ({turn_degrees(reach.turn)}° {_hand(reach.turn)})"
    forward = f"{reach.moved:.2f} forward"
    return f"{wheel} + {forward}" if reach.wheel_first else f"{forward} + {wheel}"


def reach_title(reach: ChargeReach) -> str:
    """The charge ruler's reading: 'Charge 15.54 in: 1.99 wheel (29° right) +
    13.55 forward' / 'Charge 4.07 in to the front, straight ahead'."""
    if reach.straight_ahead is None:
        if reach.wheel <= 0.005:
            return f"Charge {inches(reach.straight)} to {_side(reach)}, straight"
        return (
            f"Charge {inches(reach.total)}: {reach.straight:.2f} straight "
            f"+ {reach.wheel:.2f} wheel ({turn_degrees(reach.turn)}° {_hand(reach.turn)})"
        )
    if not reach.found:
        return f"Charge: no path with one wheel to {_side(reach)}"
    if reach.straight_ahead:
        text = f"Charge {_reach_in(reach.moved)} to {_side(reach)}, straight ahead"
        w = reach.wheeled
        return text if w is None else f"{text} ({w.total:.2f} with a wheel)"
    return f"Charge {_reach_in(reach.total)} to {_side(reach)}: {_wheel_words(reach)}"


def reach_lines(reach: ChargeReach) -> list[str]:
    """The charge ruler's reading in two short lines (a long one at a readable
    size spans much of the board): 'Charge 15.54 in' over '1.99 wheel (29°
    right) + 13.55 forward' / 'straight ahead to the front'."""
    if reach.straight_ahead is None:
        if reach.wheel <= 0.005:
            return [f"Charge {inches(reach.straight)}", f"to {_side(reach)}, straight"]
        return [
            f"Charge {inches(reach.total)}",
            f"{reach.straight:.2f} straight + {reach.wheel:.2f} wheel "
            f"({turn_degrees(reach.turn)}° {_hand(reach.turn)})",
        ]
    if not reach.found:
        return [f"Charge {inches(reach.straight)} edge to edge", "no path with one wheel"]
    if reach.straight_ahead:
        ahead = f"straight ahead to {_side(reach)}"
        w = reach.wheeled
        if w is not None:
            ahead += f"; {w.total:.2f} with a wheel"
        return [f"Charge {_reach_in(reach.moved)}", ahead]
    return [f"Charge {_reach_in(reach.total)}", _wheel_words(reach)]


def spacing_text(s: Spacing) -> str:
    """'0.99 in apart: within the 1 in Unit Spacing' / '1.01 in apart: spaced' /
    'bases overlap by 0.50 in' (never 'in base contact': overlapping bases are
    not in contact, they stand where no base may)."""
    limit = f"{s.limit:g} in"
    if s.overlap > 0:
        return f"bases overlap by {inches(s.overlap, (0.0,))}"
    apart = f"{inches(s.distance, (s.limit, CONTACT_TOLERANCE))} apart"
    if s.contact and abs(s.distance - CONTACT_TOLERANCE) <= EPS:
        return f"{apart}: in base contact (exactly the {CONTACT_TOLERANCE:g} in tolerance)"
    if s.contact:
        return f"{apart}: in base contact"
    if s.too_close and abs(s.distance - s.limit) <= EPS:
        return f"{apart}: exactly the {limit} Unit Spacing, not more (too close)"
    if s.too_close:
        return f"{apart}: closer than the {limit} Unit Spacing"
    return f"{apart}: keeps the {limit} Unit Spacing"


def sight_text(t: TargetSight) -> str:
    """'seen' / 'not seen: behind the Hill'."""
    return "seen" if t.seen else f"not seen: {t.why}"


def sight_summary(scene: Scene, sight: Sight) -> str:
    """'Line of sight of Duke (the region it sees washed yellow): sees Knights,
    Orc Boyz; not seen: Shaman (behind the Hill), Bowmen (outside the front arc)'."""
    seen = [_name(scene, t.target_id) for t in sight.targets if t.seen]
    hidden = [f"{_name(scene, t.target_id)} ({t.why})" for t in sight.targets if not t.seen]
    text = f"Line of sight of {_name(scene, sight.viewer_id)} (the region it sees washed yellow)"
    if sight.why:
        return f"{text}: {sight.why}"
    text += f": sees {', '.join(seen)}" if seen else ": sees no unit"
    return text + (f"; not seen: {', '.join(hidden)}" if hidden else "")


def off_the_board(setup: Setup, events: Sequence[Event], state: GameState, unit_id: str) -> str:
    """Why ``unit_id`` is no longer on the board in ``state`` (``events``' first
    ``state.index`` replayed from ``setup``): 'Grenadiers is no longer on the
    board: removed by event 32 (Turn 2, Austria: unit Grenadiers eliminated);
    --at 31 measures before it'; '' while it is on the board."""
    unit = state.scene.units.get(unit_id)
    if unit is None or not unit.removed:
        return ""
    name = piece_label(unit)
    now = initial_state(setup)
    removed_by: tuple[int, str] | None = None
    for i, event in enumerate(events[: state.index]):
        after = apply(now, event)
        was, gone = now.scene.units.get(unit_id), after.scene.units.get(unit_id)
        if gone is not None and gone.removed and (was is None or not was.removed):
            removed_by = (i + 1, event.describe(now))
        now = after
    if removed_by is None:
        return f"{name} is no longer on the board: removed in the setup"
    n, line = removed_by
    return (
        f"{name} is no longer on the board: removed by event {n} ({line}); "
        f"--at {n - 1} measures before it"
    )


def hexes_apart(state: GameState, a_id: str, b_id: str) -> HexCount | None:
    """On a hex board, the hexes A and B stand on and how many hexes apart they
    are, as the board counts them (docs/hex.md); None on any other board."""
    board = state.scene.board
    if not isinstance(board, HexBoard):
        return None
    a, b = state.scene.units[a_id], state.scene.units[b_id]
    return hex_count(state.scene, board, a_id, (a.x, a.y), b_id, (b.x, b.y))


def measure_document(state: GameState, family: Family, a_id: str, b_id: str) -> dict[str, Any]:
    """What ``tabletop-gui measure`` prints with ``--json``: A and B, their
    distance, the arc of B holding A's front and its margin, the charge's reach,
    Unit Spacing and whether A sees B, on a hex board the hexes between them
    (docs/measure-json.md); null where the family's rules or the board have no
    such answer."""
    scene = state.scene
    a, b = scene.units[a_id], scene.units[b_id]
    ruling = family.arc_ruling(state, a_id, b_id)
    reach = family.charge_reach(state, a_id, b_id)
    space = family.spacing(state, a_id, b_id)
    sight = family.sight_to(state, a_id, b_id)
    doc: dict[str, Any] = {
        "version": MEASURE_VERSION,
        "at": state.index,
        "a": {"id": a.id, "name": a.name, "side": a.side},
        "b": {"id": b.id, "name": b.name, "side": b.side},
        "distance": round(distance(unit_outline(a), unit_outline(b)), 6),
        "arc": ruling.arc if ruling else None,
        "arc_margin": _round(ruling.margin) if ruling else None,
        "arc_line": ruling.across if ruling else None,
        "arc_note": (ruling.note or ruling.why) if ruling else "",
        "front_centre": _point(ruling.point) if ruling else None,
        "charge": None,
        "spacing": None,
        "line_of_sight": None,
        "hexes": None,
    }
    hexes = hexes_apart(state, a_id, b_id)
    if hexes is not None:
        doc["hexes"] = {
            "count": hexes.count,
            "a": hex_label(hexes.start),
            "b": hex_label(hexes.end),
        }
    if reach is not None:
        gap_from, gap_to = reach.gap_ends
        ruled = reach.straight_ahead is not None
        doc["charge"] = {
            "facing": reach.arc or None,
            "straight": _round(reach.straight),
            "straight_ahead": reach.straight_ahead,
            "forward": _round(reach.moved) if reach.found else None,
            "wheel": _round(reach.wheel) if reach.found else None,
            "wheel_angle": round(reach.turn, 3) + 0.0 if reach.found else None,
            "wheel_first": reach.wheel_first if ruled and reach.found and reach.wheel else None,
            "total": _round(reach.total) if reach.found else None,
            "align_angle": round(reach.align, 3) + 0.0 if reach.align is not None else None,
            "from": _point(reach.start) if reach.found else None,
            "to": _point(reach.end) if reach.found else None,
            "path": [_point(p) for p in reach.route] if reach.found else [],
            "gap_from": _point(gap_from),
            "gap_to": _point(gap_to),
            "crosses": crossed(scene, reach) if reach.found else [],
            "wheeled": _wheeled_doc(reach),
        }
    if space is not None:
        doc["spacing"] = {
            "limit": space.limit,
            "distance": _round(space.distance),
            "contact": space.contact,
            "too_close": space.too_close,
            "overlap": _round(space.overlap),
        }
    if sight is not None:
        doc["line_of_sight"] = {
            "seen": sight.seen,
            "why": sight.why,
            "blockers": list(sight.blockers),
            "from": _point(sight.start) if sight.start else None,
            "to": _point(sight.end) if sight.end else None,
        }
    return doc


def _wheeled_doc(reach: ChargeReach) -> dict[str, Any] | None:
    """A charge straight ahead that a wheel makes shorter: that path's figures."""
    w = reach.wheeled
    if w is None:
        return None
    return {
        "forward": _round(w.forward),
        "wheel": _round(w.wheel),
        "wheel_angle": round(w.turn, 3) + 0.0,
        "wheel_first": w.wheel_first,
        "total": _round(w.total),
    }


def _round(value: float | None) -> float | None:
    """Six decimals (a millionth of an inch, the rules' tolerance); never -0.0."""
    return None if value is None else round(value, 6) + 0.0


def _point(p: tuple[float, float]) -> list[float | None]:
    return [_round(p[0]), _round(p[1])]


def crossed(scene: Scene, reach: ChargeReach) -> list[str]:
    """The units on the table (the charger and its target aside) the charge's
    path runs through (the route of the point of its front that makes contact,
    ``ChargeReach.route``), in the scene's order: measured only, it says nothing
    of how the charge may go round them, but a referee reads it."""
    import numpy as np
    import shapely
    from shapely.geometry import LineString

    from tabletop_gui.geometry.arrays import unit_arrays

    route = reach.route
    if all(p == route[0] for p in route):
        return []
    line = LineString(route)
    a = unit_arrays(scene)
    gap = shapely.distance(shapely.points(a.cx, a.cy), line)
    near = gap <= a.reach + EPS
    out = []
    for i in np.flatnonzero(near & a.on_table).tolist():
        uid = a.ids[i]
        if uid in (reach.charger_id, reach.target_id):
            continue
        inside = unit_outline(scene.units[uid]).polygon().intersection(line)
        if inside.length > 1e-6:  # through it, not along an edge it touches
            out.append(uid)
    return out


def measure_lines(state: GameState, family: Family, a_id: str, b_id: str) -> list[str]:
    """The same answers in plain words, one a line."""
    scene = state.scene
    a, b = _name(scene, a_id), _name(scene, b_id)
    d = distance(unit_outline(scene.units[a_id]), unit_outline(scene.units[b_id]))
    hexes = hexes_apart(state, a_id, b_id)
    apart = f"{hexes.text}, " if hexes is not None else ""  # as the window's ruler
    space = family.spacing(state, a_id, b_id)
    # The gap worded as the Spacing line words it: off the spacing and the contact tolerance.
    against = (space.limit, CONTACT_TOLERANCE) if space is not None else ()
    lines = [f"{a} to {b}: {apart}{inches(d, against)} edge to edge"]
    if space is not None and space.overlap > 0:
        lines[0] += " (the bases overlap)"
    ruling = family.arc_ruling(state, a_id, b_id)
    lines.append(
        f"Arc: {arc_sentence(scene, ruling)}" if ruling else "Arc: the rules of this game have none"
    )
    reach = family.charge_reach(state, a_id, b_id)
    if reach is not None:
        text = reach_text(reach)
        through = crossed(scene, reach)
        if through:
            names = ", ".join(_name(scene, uid) for uid in through)
            text += f"; its path runs through {names}"
        lines.append(f"Charge (measured only, no dice): {text}")
    if space is not None:
        lines.append(f"Spacing: {spacing_text(space)}")
    sight = family.sight_to(state, a_id, b_id)
    if sight is not None:
        lines.append(f"Line of sight: {a} to {b}: {sight_text(sight)}")
    return lines
