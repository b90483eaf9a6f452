"""Naming the armies (no Qt): side names and colours, checked, and a game with its
sides renamed as one change. Markers called after their owner ("Player A's
target", as the palette names them) follow the new name, in the setup and in
the pieces the log places, and so do the Deployment Zones the program named
after their side ("Frontline Clash: Player A zone", "Gang A deployment"), so
every view and the log read the new names."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from tabletop_gui.model.events import AddPiece, Event
from tabletop_gui.model.names import possessive
from tabletop_gui.model.pieces import Marker, Side, Zone
from tabletop_gui.model.scene import Setup
from tabletop_gui.play.presets import palette_of

#: Okabe & Ito (2008), "Color Universal Design": blue, vermillion, bluish green,
#: reddish purple, orange, sky blue, yellow, black; told apart with the common
#: colour-vision deficiencies.
SAFE_PALETTE = (
    ("#0072b2", "Blue"),
    ("#d55e00", "Vermillion"),
    ("#009e73", "Bluish green"),
    ("#cc79a7", "Reddish purple"),
    ("#e69f00", "Orange"),
    ("#56b4e9", "Sky blue"),
    ("#f0e442", "Yellow"),
    ("#000000", "Black"),
)
#: Longest side name the panels and the stream bar lay out.
MAX_NAME = 40


def colour_name(colour: str) -> str:
    """'Blue' for a palette colour, the '#rrggbb' itself otherwise."""
    return next((name for c, name in SAFE_PALETTE if c == colour.lower()), colour.lower())


def problems(sides: Sequence[Side]) -> list[str]:
    """Why these sides cannot be used, one line each: an empty or too long name,
    two sides of one name, a colour that is not '#rrggbb'."""
    out = []
    seen: dict[str, int] = {}
    for i, side in enumerate(sides, 1):
        name = side.name.strip()
        if not name:
            out.append(f"Side {i}: the name is empty")
        elif len(name) > MAX_NAME:
            out.append(f"Side {i}: the name is longer than {MAX_NAME} characters")
        elif name.casefold() in seen:
            out.append(f"Side {i}: {name!r} is side {seen[name.casefold()]}'s name too")
        else:
            seen[name.casefold()] = i
        for field, problem in side.validate():
            if field == "colour":
                out.append(f"Side {i} ({name or side.id}): colour {problem}")
    return out


def _relabelled(
    marker: Marker, old: dict[str, str], new: dict[str, str], suffixes: set[str]
) -> Marker:
    """``marker`` with its owner-derived label following its owner's new name."""
    if not marker.side or marker.side not in old or marker.side not in new:
        return marker
    before, after = possessive(old[marker.side]), possessive(new[marker.side])
    for suffix in suffixes:
        stem = f"{before} {suffix}"
        if marker.label == stem or marker.label.startswith(f"{stem} "):
            return replace(marker, label=f"{after} {suffix}" + marker.label[len(stem) :])
    return marker


#: The words after the side's name in the zone names the program gives: a T9A
#: Deployment Type's ("Frontline Clash: Player A zone"), a new Carnevale board's
#: ("Gang A deployment") and a drawn zone's ("Orcs deployment (drawn)").
ZONE_WORDS = ("zone", "deployment")


def _zone_relabelled(zone: Zone, old: dict[str, str], new: dict[str, str]) -> Zone:
    """``zone`` with the name the program gave it ("Frontline Clash: Player A
    zone", "Gang A deployment") following its side's new name; a name of the
    player's own stays."""
    before, after = old.get(zone.side), new.get(zone.side)
    if not before or not after or before == after:
        return zone
    words = "|".join(ZONE_WORDS)
    # The whole name only: "Gang A" in "Gang A deployment", never "A" in it.
    pattern = re.compile(rf"(?<![\w']){re.escape(before)}(?= (?:{words})\b)")
    return replace(zone, name=pattern.sub(lambda _: after, zone.name))


def renamed(
    setup: Setup, events: Sequence[Event], sides: Sequence[Side]
) -> tuple[Setup, tuple[Event, ...]]:
    """The game with ``sides`` (same ids, new names and colours), owner-named
    markers and side-named zones relabelled in the setup and in the pieces the
    log places."""
    old = {s.id: s.name for s in setup.scene.sides}
    new = {s.id: s.name.strip() for s in sides}
    clean = tuple(replace(s, name=new[s.id], colour=s.colour.lower()) for s in sides)
    suffixes = {p.owner_label for p in palette_of(setup).markers if p.owner_label}
    scene = setup.scene
    markers = [_relabelled(m, old, new, suffixes) for m in scene.markers.values()]
    zones = [_zone_relabelled(z, old, new) for z in scene.zones.values()]
    scene = replace(scene, sides=clean, cache={}).with_pieces([*markers, *zones])
    out: list[Event] = []
    for event in events:
        if isinstance(event, AddPiece) and event.marker is not None:
            event = replace(event, marker=_relabelled(event.marker, old, new, suffixes))
        elif isinstance(event, AddPiece) and event.zone is not None:
            event = replace(event, zone=_zone_relabelled(event.zone, old, new))
        out.append(event)
    return replace(setup, scene=scene), tuple(out)
