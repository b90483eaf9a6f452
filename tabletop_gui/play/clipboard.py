"""Paste of copied pieces (no Qt; ``io.clipboard`` reads and writes what is
copied): the events a paste records, every piece placed again with a fresh id,
the group keeping its shape with its centre at the paste point. Units and
labelled markers get a free name ("Knights 2"): no two pieces share a name."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from tabletop_gui.model.events import AddPiece
from tabletop_gui.model.fields import NO_VALUES, FieldValues
from tabletop_gui.model.pieces import Marker, Piece, Terrain, Unit
from tabletop_gui.model.state import GameState
from tabletop_gui.play.naming import free_name


def next_name(name: str, taken: set[str]) -> str:
    """A name for a copy: 'Knights' -> 'Knights 2', 'Unit 1' -> 'Unit 2' (the
    next number free)."""
    found = re.fullmatch(r"(.*\S) (\d+)", name)
    if found is None:
        return free_name(name, taken, sep=" ")
    return free_name(found.group(1), taken, sep=" ", first=int(found.group(2)) + 1, bare=False)


def _centre(pieces: Sequence[Piece]) -> tuple[float, float]:
    points: list[tuple[float, float]] = []
    for p in pieces:
        if isinstance(p, Unit | Marker):
            points.append((p.x, p.y))
        else:
            points.extend(p.polygon)
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)


def paste_events(
    state: GameState,
    pieces: Sequence[Piece],
    x: float,
    y: float,
    snap: Callable[[float, float], tuple[float, float]] = lambda x, y: (x, y),
) -> list[AddPiece]:
    """Events placing ``pieces`` again in ``state``'s game, the group's centre at
    (x, y) (each unit or marker centre through ``snap``: a hex board's hex
    centres). A side this game does not have becomes its first side; a copy
    takes the values of its family's fields that a copy shares
    (``PieceField.copied``) and is carried by nobody."""
    if not pieces:
        return []
    scene = state.scene
    cx, cy = _centre(pieces)
    dx, dy = x - cx, y - cy
    ids = {*scene.units, *scene.markers, *scene.terrain, *scene.zones}
    names = {u.name for u in scene.units.values()} | {t.name for t in scene.terrain.values()}
    labels = {m.label for m in scene.markers.values()}
    sides = scene.side_ids
    out = []
    for piece in pieces:
        nid = free_name(piece.id, ids)
        ids.add(nid)
        changes: dict[str, Any] = {"id": nid}
        if isinstance(piece, Unit | Marker):
            changes["x"], changes["y"] = snap(piece.x + dx, piece.y + dy)
        else:
            changes["polygon"] = tuple((px + dx, py + dy) for px, py in piece.polygon)
        side = getattr(piece, "side", None)
        if side is not None and side not in sides and sides:
            changes["side"] = sides[0]
        if isinstance(piece, Unit | Terrain) and piece.name:
            changes["name"] = next_name(piece.name, names)
            names.add(changes["name"])
        if isinstance(piece, Marker) and piece.label:
            changes["label"] = next_name(piece.label, labels)
            labels.add(changes["label"])
        if isinstance(piece, Marker):
            changes["carried_by"] = None
        if isinstance(piece, Unit | Marker):
            own = state.terms.fields_of(type(piece))
            kept = {k: v for k, v in piece.extra.items() if k in own and own[k].copied}
            changes["extra"] = FieldValues(kept) if kept else NO_VALUES
        copy = replace(piece, **changes)
        if isinstance(copy, Unit):
            out.append(AddPiece(unit=copy))
        elif isinstance(copy, Marker):
            out.append(AddPiece(marker=copy))
        elif isinstance(copy, Terrain):
            out.append(AddPiece(terrain=copy))
        else:
            out.append(AddPiece(zone=copy))
    return out
