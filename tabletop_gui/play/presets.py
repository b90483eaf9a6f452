"""Palette entries turned into model pieces (no Qt). What a board offers is its
family's answer (``Family.palette``); the palette sends a preset's key in the
drag's mime data and the editor builds the piece on drop with ``make_*``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from tabletop_gui.model.hexgrid import HexBoard
from tabletop_gui.model.names import possessive
from tabletop_gui.model.pieces import Marker, Point, Terrain, Unit
from tabletop_gui.model.scene import Board, Scene, Setup
from tabletop_gui.play.naming import free_name
from tabletop_gui.rules.engine import family_of
from tabletop_gui.rules.play_types import MarkerPreset, Palette, TerrainPreset, UnitPreset

MIME_TYPE = "application/x-tabletop-gui-preset"
ELLIPSE_POINTS = 24


def palette_of(setup: Setup) -> Palette:
    """What the palette offers on this setup's board, as its family says."""
    return family_of(setup).palette(setup.scene.board)


def make_unit(
    p: UnitPreset,
    uid: str,
    name: str,
    side: str,
    x: float,
    y: float,
    models: int | None = None,
    per_rank: int | None = None,
    facing: float = 0.0,
) -> Unit:
    return Unit(
        uid,
        name,
        side,
        x,
        y,
        facing=facing,
        base_shape=p.shape,
        base_width_mm=p.width_mm,
        base_depth_mm=p.depth_mm,
        models=models or p.models,
        models_per_rank=per_rank or p.per_rank,
        kind=p.kind,
        extra=p.fields,
    )


def make_marker(
    p: MarkerPreset, mid: str, x: float, y: float, side: str | None = None, label: str = ""
) -> Marker:
    return Marker(
        mid,
        p.kind,
        x,
        y,
        diameter_mm=p.diameter_mm,
        value=p.value,
        rules=p.rules,
        side=side if p.owned else None,
        label=label,
    )


def marker_label(p: MarkerPreset, taken: Iterable[str], owner_name: str | None = None) -> str:
    """A dropped marker's label: for an owned marker "Player A's target" (then
    "Player A's target 2" if that is taken), else the first free "name N"; "" when
    the preset names none."""
    used = set(taken)
    if p.owner_label and owner_name:
        return free_name(f"{possessive(owner_name)} {p.owner_label}", used, sep=" ")
    if not p.name:
        return ""
    return free_name(p.name, used, sep=" ", first=1, bare=False)


def shape_polygon(shape: str, cx: float, cy: float, w: float, d: float) -> tuple[Point, ...]:
    if shape == "hex":  # pointy-topped, as a hex board's hexes, ``w`` across its flats
        r = w / math.sqrt(3)
        return tuple(
            (
                cx + r * math.cos(math.radians(60 * i - 30)),
                cy + r * math.sin(math.radians(60 * i - 30)),
            )
            for i in range(6)
        )
    if shape == "ellipse":
        return tuple(
            (
                cx + w / 2 * math.cos(2 * math.pi * i / ELLIPSE_POINTS),
                cy + d / 2 * math.sin(2 * math.pi * i / ELLIPSE_POINTS),
            )
            for i in range(ELLIPSE_POINTS)
        )
    return (
        (cx - w / 2, cy - d / 2),
        (cx + w / 2, cy - d / 2),
        (cx + w / 2, cy + d / 2),
        (cx - w / 2, cy + d / 2),
    )


def make_terrain(
    p: TerrainPreset, tid: str, x: float, y: float, board: Board | None = None
) -> Terrain:
    """The preset's terrain centred on (x, y); a hex preset covers the hex of
    ``board`` holding that point."""
    what = {"ellipse": "hill", "hex": "hex terrain"}.get(p.shape, "building")
    name = ("Impassable " if p.impassable else "") + what
    if p.shape == "hex" and isinstance(board, HexBoard):
        polygon = tuple(board.corners(board.point_to_hex(x, y)))
    else:
        polygon = shape_polygon(p.shape, x, y, p.width, p.depth)
    return Terrain(tid, name.capitalize(), polygon, impassable=p.impassable)


def owner_label(palette: Palette, scene: Scene, marker: Marker, side: str | None) -> str | None:
    """A marker still called after its owner ("Player A's target", or "Player A's
    target 2", as dropped from the palette) follows a new owner ``side``
    ("Player B's target", numbered if that is taken); None: the label stays (the
    user's own, or the marker has no owner now)."""
    if not marker.side or side not in scene.side_ids or marker.side not in scene.side_ids:
        return None
    old = possessive(scene.side(marker.side).name)
    for p in palette.markers:
        if p.kind != marker.kind or not p.owner_label:
            continue
        stem = f"{old} {p.owner_label}"
        rest = marker.label[len(stem) :]
        if marker.label == stem or (rest[:1] == " " and rest[1:].isdigit()):
            taken = (m.label for m in scene.markers.values() if m.id != marker.id)
            return marker_label(p, taken, scene.side(side).name)
    return None
