"""What the palette offers: unit bases, marker kinds, terrain shapes, deployments.

Plain data (no Qt), turned into model pieces by ``make_*``. The palette sends a
preset's key in the drag's mime data; the view builds the piece on drop.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from tabletop_gui.model.pieces import BaseShape, Marker, Point, Terrain, Unit
from tabletop_gui.play.naming import free_name

MIME_TYPE = "application/x-tabletop-gui-preset"


@dataclass(frozen=True)
class UnitPreset:
    key: str
    title: str
    shape: BaseShape
    width_mm: float
    depth_mm: float
    models: int
    per_rank: int
    life_points: int | None = None
    leader: bool = False
    #: Hex boards: a square this fraction of the hex size (centre to corner) wide,
    #: so the unit stands on one hex; 0: the preset's own size in mm.
    hex_fraction: float = 0.0

    def for_board(self, board: object) -> UnitPreset:
        """The preset sized for ``board`` (hex units take the hex's size)."""
        size = getattr(board, "hex_size", None)
        if not self.hex_fraction or size is None:
            return self
        mm = round(self.hex_fraction * float(size) * 25.4, 1)
        return replace(self, width_mm=mm, depth_mm=mm)


@dataclass(frozen=True)
class MarkerPreset:
    key: str
    title: str
    kind: str
    diameter_mm: float = 30.0
    value: int | None = None
    rules: frozenset[str] = field(default_factory=frozenset)
    #: The marker belongs to a player (its rule measures from its owner's side):
    #: dropped from the palette it takes the palette's Side, as units do.
    owned: bool = False
    #: A dropped marker's label: this and a number ("Hidden objective 1"); "": none
    #: (the rule names the marker itself, e.g. "Player A's marker").
    name: str = ""
    #: An owned marker's label after its owner's name ("Player A's target"): the
    #: rules' reason lines name the marker by its label ("6 in of Player A's target").
    owner_label: str = ""


@dataclass(frozen=True)
class TerrainPreset:
    key: str
    title: str
    shape: str  # "rect" or "ellipse"
    width: float
    depth: float
    impassable: bool = False


UNIT_PRESETS = (
    UnitPreset("t9a-20x20", "20×20 mm (infantry)", BaseShape.RECT, 20, 20, 20, 5),
    UnitPreset("t9a-25x25", "25×25 mm (infantry)", BaseShape.RECT, 25, 25, 20, 5),
    UnitPreset("t9a-25x50", "25×50 mm (cavalry)", BaseShape.RECT, 25, 50, 5, 5),
    UnitPreset("t9a-40x40", "40×40 mm (large infantry)", BaseShape.RECT, 40, 40, 6, 3),
    UnitPreset("t9a-50x50", "50×50 mm (monstrous)", BaseShape.RECT, 50, 50, 3, 3),
    UnitPreset("t9a-50x75", "50×75 mm (chariot)", BaseShape.RECT, 50, 75, 1, 1),
    UnitPreset("t9a-50x100", "50×100 mm (monster)", BaseShape.RECT, 50, 100, 1, 1),
    *(
        UnitPreset(f"round-{d}", f"Round {d} mm (Carnevale)", BaseShape.ROUND, d, d, 1, 1, 10)
        for d in (30, 40, 50, 60, 75)
    ),
    UnitPreset(
        "hex-infantry", "Infantry (one hex)", BaseShape.RECT, 20, 20, 1, 1, hex_fraction=0.8
    ),
    UnitPreset("hex-cavalry", "Cavalry (one hex)", BaseShape.RECT, 20, 20, 1, 1, hex_fraction=0.8),
    UnitPreset(
        "hex-artillery", "Artillery (one hex)", BaseShape.RECT, 20, 20, 1, 1, hex_fraction=0.8
    ),
    UnitPreset(
        "hex-leader",
        "Leader (one hex)",
        BaseShape.RECT,
        20,
        20,
        1,
        1,
        leader=True,
        hex_fraction=0.6,
    ),
)


def _carnevale_objective(key: str, title: str, rule: str | None) -> MarkerPreset:
    rules = frozenset({rule}) if rule else frozenset()
    name = f"{rule.capitalize()} objective" if rule else "Objective"
    return MarkerPreset(key, title, "objective", value=1, rules=rules, name=name)


# Which kinds have an owner is the rules' word: a Secure Target marker is placed
# by a player and measured from that player's Deployment Zone (rules/t9a/
# secure_target.py, docs/t9a.md); Spoils of War markers, Carnevale objectives and
# plain markers belong to nobody.
MARKER_PRESETS = (
    _carnevale_objective("objective", "Objective (30 mm, 1 VP)", None),
    _carnevale_objective("objective-hidden", "Hidden objective", "hidden"),
    _carnevale_objective("objective-mobile", "Mobile objective", "mobile"),
    _carnevale_objective("objective-claimable", "Claimable objective", "claimable"),
    _carnevale_objective("objective-destructible", "Destructible objective", "destructible"),
    MarkerPreset("t9a-spoils", "Spoils of War marker", "t9a.spoils", name="Spoils"),
    MarkerPreset(
        "t9a-secure",
        "Secure Target marker",
        "t9a.secure_target",
        owned=True,
        owner_label="target",
    ),
    MarkerPreset("plain", "Plain marker", "marker"),
)

TERRAIN_PRESETS = (
    TerrainPreset("rect", "Rectangle 6×4 in", "rect", 6, 4),
    TerrainPreset("ellipse", "Ellipse 8×5 in", "ellipse", 8, 5),
    TerrainPreset("rect-impassable", "Impassable rectangle 6×4 in", "rect", 6, 4, True),
    TerrainPreset("ellipse-impassable", "Impassable ellipse 6×4 in", "ellipse", 6, 4, True),
)

#: What the palette offers on each family's boards (preset key prefixes); a family
#: not listed gets everything.
FAMILY_UNITS = {"t9a": ("t9a-",), "carnevale": ("round-",), "hex": ("hex-",)}
FAMILY_MARKERS = {
    "t9a": ("t9a-", "plain"),
    "carnevale": ("objective", "plain"),
    "hex": ("plain",),
}


def _offered(key: str, prefixes: tuple[str, ...] | None) -> bool:
    return prefixes is None or key.startswith(prefixes)


def unit_presets(family: str) -> tuple[UnitPreset, ...]:
    """The unit bases that fit a family's boards: The Ninth Age's rectangular bases,
    Carnevale's round ones, one-hex units on hex boards."""
    prefixes = FAMILY_UNITS.get(family)
    return tuple(p for p in UNIT_PRESETS if _offered(p.key, prefixes))


def marker_presets(family: str) -> tuple[MarkerPreset, ...]:
    prefixes = FAMILY_MARKERS.get(family)
    return tuple(p for p in MARKER_PRESETS if _offered(p.key, prefixes))


UNITS = {p.key: p for p in UNIT_PRESETS}
MARKERS = {p.key: p for p in MARKER_PRESETS}
TERRAINS = {p.key: p for p in TERRAIN_PRESETS}
ELLIPSE_POINTS = 24


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
        life_points=p.life_points,
        leader=p.leader,
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


def possessive(name: str) -> str:
    """'Player A's', 'Orcs''."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


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


def make_terrain(p: TerrainPreset, tid: str, x: float, y: float) -> Terrain:
    name = ("Impassable " if p.impassable else "") + (
        "hill" if p.shape == "ellipse" else "building"
    )
    return Terrain(
        tid,
        name.capitalize(),
        shape_polygon(p.shape, x, y, p.width, p.depth),
        impassable=p.impassable,
    )


def deployment_types() -> dict[str, object]:
    """The Ninth Age Deployment Type presets, if that module is present."""
    try:
        from tabletop_gui.rules.t9a.deployments import DEPLOYMENT_TYPES
    except ImportError:  # the presets are optional for the canvas
        return {}
    return dict(DEPLOYMENT_TYPES)
