"""What a rule family declares for play, as plain data (no Qt): turn-bar steps,
actions, palette entries, new-game presets, the words for its totals and the
params of its objective kinds. The window and the command line ask the family
(``rules.family.Family``) for these and draw the answer, naming no family."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import field, replace
from typing import Any

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.events import Event
from tabletop_gui.model.fields import NO_VALUES, FieldValues
from tabletop_gui.model.pieces import BaseShape, Side, Zone
from tabletop_gui.model.scene import Board, Setup

#: The roles of the steps that end a turn or a round.
ENDING_KEYS = ("end_turn", "end_round")


@dataclass(frozen=True)
class Step:
    """A button of the turn bar: its label and the events it records (one undo step).
    ``key`` names its role: "advance" (the main button), or another the bar may
    place apart ("end_turn", "end_round", "activate")."""

    label: str
    events: tuple[Event, ...]
    key: str = "advance"

    @property
    def ends(self) -> bool:
        """It ends the turn or the round (the turn bar's end key, whichever
        button shows it)."""
        return self.key in ENDING_KEYS


@dataclass(frozen=True)
class Action:
    """An action a selection (or the side whose turn it is) offers: a label and the
    events it would record. The engine decides whether it is allowed now."""

    label: str
    events: tuple[Event, ...]
    group: str = ""  # a submenu title, or "" for the top level
    #: The action the turn bar's side input records: its events carry the typed
    #: value (a card's name), so it is offered by the input, not as a button.
    takes_input: bool = False
    #: Why the window does not offer it now although a file's log may hold it
    #: (read, and flagged for review): shown as the engine's refusals are.
    not_now: str = ""


@dataclass(frozen=True)
class Chooser:
    """A choice the turn bar offers before a step (the character to activate next):
    (value, label) options and the one suggested."""

    title: str
    options: tuple[tuple[str, str], ...]
    suggested: str | None = None


@dataclass(frozen=True)
class SideInput:
    """A typed value the side whose turn it is records (a Command card's name):
    the button's label and suggestions (any text may be typed)."""

    label: str
    suggestions: tuple[str, ...] = ()
    tooltip: str = ""


@dataclass(frozen=True)
class TurnControls:
    """What the turn bar shows besides its steps: whether who goes first is still
    to choose, a chooser, and a typed side input."""

    choose_first: bool = False
    chooser: Chooser | None = None
    side_input: SideInput | None = None
    #: The side the scenario says goes first: the bar offers it first (None: the
    #: first side listed).
    first: str | None = None


@dataclass(frozen=True)
class Words:
    """How a family words its results: what its totals count ('1 banner',
    '3 banners'), what its game is called, and the numbered unit of its clock."""

    total_one: str = "point"
    total_many: str = "points"
    game: str = "the game"
    turn: str = "Turn"

    def count(self, value: float | str) -> str:
        """'1 banner', '3 banners', '2 VP', '? VP'."""
        text = value if isinstance(value, str) else number(value)
        noun = self.total_one if value == 1 else self.total_many
        return f"{text} {noun}".rstrip()


def number(value: float) -> str:
    """A count or total: '3', '2.5', '0.33' (whole where whole, at most two decimals)."""
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.2f}".rstrip("0").rstrip(".")


# -- palette entries -------------------------------------------------------------


@dataclass(frozen=True)
class UnitPreset:
    key: str
    title: str
    shape: BaseShape
    width_mm: float
    depth_mm: float
    models: int
    per_rank: int
    #: Values of the family's own unit fields (``model.fields.field_values``).
    fields: FieldValues = NO_VALUES
    #: What a placed unit is called after its side's name ("Player A leader 3").
    noun: str = "unit"
    #: Hex boards: a square this fraction of the hex size (centre to corner) wide,
    #: so the unit stands on one hex; 0: the preset's own size in mm.
    hex_fraction: float = 0.0
    #: The unit's kind where a rule asks (``Unit.kind``: infantry, armor...).
    kind: str = ""

    def for_board(self, board: object) -> UnitPreset:
        """The preset sized for ``board`` (hex units take the hex's size)."""
        size = getattr(board, "hex_size", None)
        if not self.hex_fraction or size is None:
            return self
        mm = round(self.hex_fraction * float(size) * 25.4, 1)
        return replace(self, width_mm=mm, depth_mm=mm)


#: The unit symbols the board knows how to draw (``UnitLook.symbol``): simple
#: glyphs inside the unit's counter, each told apart at a stream's size.
UNIT_SYMBOLS = (
    "infantry", "armour", "artillery", "cavalry", "vehicle", "ship", "train", "leader", "other",
)  # fmt: skip


@dataclass(frozen=True)
class UnitLook:
    """How the board draws a unit beyond its footprint and side colour (a
    family's answer, ``Family.unit_look``): a symbol of UNIT_SYMBOLS and the
    legend's name for it, its badge: what makes it special (drawn as a star, named in the
    tooltip and the legend) and its strength, ``strength`` of ``full`` pips of
    what ``counts`` names."""

    symbol: str = ""
    title: str = ""
    badge: str = ""
    strength: int | None = None
    full: int | None = None
    #: What the strength counts, in the plural ("figures").
    counts: str = ""


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
    #: A dropped marker's label: this and a number ("Hidden objective 1"); "": none.
    name: str = ""
    #: An owned marker's label after its owner's name ("Player A's target").
    owner_label: str = ""


@dataclass(frozen=True)
class TerrainPreset:
    key: str
    title: str
    #: "rect" or "ellipse" ``width`` x ``depth`` inches; "hex": the outline of the
    #: hex it is dropped on (a hex board's; elsewhere a hexagon ``width`` across).
    shape: str
    width: float
    depth: float
    impassable: bool = False


@dataclass(frozen=True)
class ZoneLayout:
    """A preset of deployment zones (a Deployment Type): ``zones(board, a, b,
    names)`` gives side a's zones and side b's."""

    key: str
    title: str
    description: str
    zones: Callable[[Board, str, str, Mapping[str, str]], list[Zone]]


#: Terrain any board offers.
TERRAIN_PRESETS = (
    TerrainPreset("rect", "Rectangle 6×4 in", "rect", 6, 4),
    TerrainPreset("ellipse", "Ellipse 8×5 in", "ellipse", 8, 5),
    TerrainPreset("rect-impassable", "Impassable rectangle 6×4 in", "rect", 6, 4, True),
    TerrainPreset("ellipse-impassable", "Impassable ellipse 6×4 in", "ellipse", 6, 4, True),
)
#: Terrain a hex board offers: a hex, where inches mean nothing to the rules.
HEX_TERRAIN_PRESETS = (
    TerrainPreset("hex", "Hex (one hex)", "hex", 2, 2),
    TerrainPreset("hex-impassable", "Impassable hex (one hex)", "hex", 2, 2, True),
)
#: A marker that means nothing to any rule (a note on the board).
PLAIN_MARKER = MarkerPreset("plain", "Plain marker", "marker")


@dataclass(frozen=True)
class Palette:
    """What a family's palette offers on a board. ``ranked``: units stand in ranks
    (the palette asks for models and models per rank)."""

    units: tuple[UnitPreset, ...] = ()
    markers: tuple[MarkerPreset, ...] = (PLAIN_MARKER,)
    terrain: tuple[TerrainPreset, ...] = TERRAIN_PRESETS
    zone_layouts: tuple[ZoneLayout, ...] = ()
    ranked: bool = False
    marker_group: str = "Markers"
    zone_group: str = "Deployment zones"
    draw_zones: bool = True

    def unit(self, key: str) -> UnitPreset | None:
        return next((p for p in self.units if p.key == key), None)

    def marker(self, key: str) -> MarkerPreset | None:
        return next((p for p in self.markers if p.key == key), None)

    def terrain_preset(self, key: str) -> TerrainPreset | None:
        return next((p for p in self.terrain if p.key == key), None)

    def zone_layout(self, key: str) -> ZoneLayout | None:
        return next((p for p in self.zone_layouts if p.key == key), None)


# -- new games -------------------------------------------------------------------

#: The two sides of a new board (names and colours from a colour-blind-safe
#: palette; both are editable).
SIDE_A = Side("player-a", "Player A", "#0072b2")
SIDE_B = Side("player-b", "Player B", "#d55e00")


@dataclass(frozen=True)
class NewPreset:
    """A board File > New starts from: ``group`` is its menu path."""

    key: str
    title: str
    group: tuple[str, ...]
    build: Callable[[], Setup]


# -- objective params ------------------------------------------------------------


#: The param types naming one hex and several (a form picks them on the board).
ONE_HEX, HEXES = "hex", "hexes"
#: The kinds of value a param takes (a form shows each its own way).
PARAM_TYPES = (
    "int", "float", "bool", "text", "choice", "side", "sides", "hex", "hexes",
    "point", "segment", "marker", "markers", "terrain", "units", "mapping", "any",
)  # fmt: skip


@dataclass(frozen=True)
class Param:
    """One param of an objective kind: its type (one of ``PARAM_TYPES``), default
    (None: required or absent), help text, for "choice" its choices, and for a
    "mapping" what it maps each side to (``of``: "marker", "terrain")."""

    name: str
    type: str = "any"
    default: Any = None
    help: str = ""
    choices: tuple[str, ...] = ()
    of: str = ""

    def __post_init__(self) -> None:
        if self.type not in PARAM_TYPES:
            raise ValueError(f"param {self.name}: unknown type {self.type!r}")
