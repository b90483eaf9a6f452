"""The pieces on a board: sides, units, markers, terrain features, deployment zones.

All values are immutable; an edit makes a new value (``dataclasses.replace``).
Positions are inches, base sizes millimetres (docs/measurement.md). A unit and a
marker hold what every family shares; the fields a family adds are its own
(``model.fields``), kept in ``extra``.
"""

from __future__ import annotations

import math
import struct
from dataclasses import field, replace
from enum import StrEnum

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model import limits
from tabletop_gui.model.fields import NO_VALUES, FieldValues
from tabletop_gui.model.polygons import polygon_problem

MM_PER_INCH = 25.4

Point = tuple[float, float]


class BaseShape(StrEnum):
    RECT = "rect"
    ROUND = "round"


class HeightClass(StrEnum):
    STANDARD = "standard"
    LARGE = "large"
    GIGANTIC = "gigantic"


@dataclass(frozen=True, slots=True)
class Side:
    id: str
    name: str
    colour: str = "#0072b2"

    def validate(self) -> list[tuple[str, str]]:
        errors = _text_errors(self, ("id", "name"))
        if not self.id:
            errors.append(("id", "must not be empty"))
        if not (len(self.colour) == 7 and self.colour.startswith("#")):
            errors.append(("colour", f"must be '#rrggbb', got {self.colour!r}"))
        else:
            try:
                int(self.colour[1:], 16)
            except ValueError:
                errors.append(("colour", f"must be '#rrggbb', got {self.colour!r}"))
        return errors


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit of any family (a regiment, a hex-game unit, a character).

    ``x, y`` is the centre of the footprint; ``facing`` rotates the footprint
    counter-clockwise in degrees (0: frontage along x, facing +y). ``extra``: the
    values of the fields the game's family adds (``model.fields.UnitField``).
    """

    id: str
    name: str
    side: str
    x: float
    y: float
    facing: float = 0.0
    base_shape: BaseShape = BaseShape.RECT
    base_width_mm: float = 25.0
    base_depth_mm: float = 25.0
    models: int = 1
    models_per_rank: int = 1
    elevation: float = 0.0
    height: HeightClass = HeightClass.STANDARD
    scoring: bool = True
    removed: bool = False
    #: What kind of unit it is where a rule asks (hex games: ``infantry``,
    #: ``armor``, ``artillery``, ...); empty when no rule needs it.
    kind: str = ""
    #: The printed AprilTag 36h11 id lying on the unit (docs/camera.md), from
    #: ``FIRST_UNIT_TAG`` up; None: no tag.
    tag: int | None = None
    #: Where the tag's centre lies from the footprint's centre, in inches in the
    #: unit's own frame (x along the frontage, y toward its front).
    tag_offset: tuple[float, float] = (0.0, 0.0)
    extra: FieldValues = NO_VALUES
    #: The numbers every measurement of a scene's units reads (``NUMBERS``),
    #: packed as doubles when the unit is made (``unit_numbers``): a scene's
    #: unit arrays are then one join of these, not a conversion of every unit's
    #: fields. Not a field of the game: never compared, shown or written, and a
    #: unit ``evolve`` makes (a move) has None until first read.
    _numbers: bytes | None = field(default=None, init=False, repr=False, compare=False)

    #: ``model.copying.evolve`` copies the fields passed to ``__init__`` and sets
    #: the others (``_numbers``) to their defaults: ``__post_init__`` only caches.
    post_init_caches_only = True

    def __post_init__(self) -> None:
        try:
            unit_numbers(self)
        except (TypeError, struct.error):
            return  # not numbers (validate says so): read, and refused, where used

    def with_extra(self, extra: FieldValues) -> Unit:
        return replace(self, extra=extra)

    @property
    def ranks(self) -> int:
        """Ranks, counting an incomplete rear rank."""
        return math.ceil(self.models / self.models_per_rank)

    @property
    def width_in(self) -> float:
        """Frontage in inches; a round base's diameter."""
        if self.base_shape is BaseShape.ROUND:
            return self.base_width_mm / MM_PER_INCH
        return min(self.models, self.models_per_rank) * self.base_width_mm / MM_PER_INCH

    @property
    def depth_in(self) -> float:
        if self.base_shape is BaseShape.ROUND:
            return self.base_width_mm / MM_PER_INCH
        return self.ranks * self.base_depth_mm / MM_PER_INCH

    @property
    def on_table(self) -> bool:
        return not self.removed

    def validate(self) -> list[tuple[str, str]]:
        errors = _text_errors(self, ("id", "name", "side"))
        if not self.id:
            errors.append(("id", "must not be empty"))
        if not self.base_width_mm > 0:
            errors.append(("base_width_mm", f"must be > 0, got {self.base_width_mm}"))
        if self.base_shape is BaseShape.RECT and not self.base_depth_mm > 0:
            errors.append(("base_depth_mm", f"must be > 0, got {self.base_depth_mm}"))
        if self.models < 1:
            errors.append(("models", f"must be >= 1, got {self.models}"))
        if self.models_per_rank < 1:
            errors.append(("models_per_rank", f"must be >= 1, got {self.models_per_rank}"))
        for name in ("x", "y"):  # the others: by _caps (a base of inf mm was taken)
            if not math.isfinite(getattr(self, name)):
                errors.append((name, "must be a finite number"))
        return errors + _tag_errors(self) + _caps(self, UNIT_CAPS)


#: What ``Unit._numbers`` holds, in this order: the fields, then whether the
#: base is round, and whether any field of its family is set (``extra``).
NUMBERS = (
    "x", "y", "base_width_mm", "base_depth_mm", "models", "models_per_rank", "facing",
    "elevation", "removed", "scoring", "round", "family_fields",
)  # fmt: skip
_PACK = struct.Struct(f"{len(NUMBERS)}d").pack


def unit_numbers(unit: Unit) -> bytes:
    """``unit``'s ``NUMBERS`` as packed doubles: kept with the unit once read."""
    numbers = unit._numbers
    if numbers is None:
        numbers = _PACK(
            unit.x, unit.y, unit.base_width_mm, unit.base_depth_mm, unit.models,
            unit.models_per_rank, unit.facing, unit.elevation, unit.removed, unit.scoring,
            unit.base_shape is BaseShape.ROUND, bool(unit.extra),
        )  # fmt: skip
        object.__setattr__(unit, "_numbers", numbers)
    return numbers


@dataclass(frozen=True, slots=True)
class Marker:
    """An objective marker. ``rules`` holds the names of the rules it follows
    (the family reads them); ``side`` is the side that placed or owns it;
    ``carried_by`` the unit carrying it; ``extra`` the values of the fields the
    game's family adds (``model.fields.MarkerField``)."""

    id: str
    kind: str
    x: float
    y: float
    diameter_mm: float = 30.0
    value: int | None = None
    rules: frozenset[str] = frozenset()
    side: str | None = None
    label: str = ""
    elevation: float = 0.0
    carried_by: str | None = None
    destroyed: bool = False
    extra: FieldValues = NO_VALUES

    def with_extra(self, extra: FieldValues) -> Marker:
        return replace(self, extra=extra)

    @property
    def radius_in(self) -> float:
        return self.diameter_mm / MM_PER_INCH / 2

    @property
    def on_table(self) -> bool:
        return self.carried_by is None and not self.destroyed

    def validate(self) -> list[tuple[str, str]]:
        names = ("id", "kind", "label", "side", "carried_by")
        errors = _text_errors(self, names)
        errors += [(f"rules[{i}]", p) for i, r in enumerate(sorted(self.rules))
                   if (p := limits.text_problem(r))]  # fmt: skip
        if not self.id:
            errors.append(("id", "must not be empty"))
        if not self.diameter_mm > 0:
            errors.append(("diameter_mm", f"must be > 0, got {self.diameter_mm}"))
        for name in ("x", "y"):  # the others: by _caps (a diameter of inf mm was taken)
            if not math.isfinite(getattr(self, name)):
                errors.append((name, "must be a finite number"))
        if self.value is not None and self.value < 0:
            # Victory Points an objective is worth: a negative worth scores nothing.
            errors.append(("value", f"must be >= 0, got {self.value}"))
        elif self.value is not None and self.value > limits.MAX_POINTS:
            errors.append(("value", limits.above(self.value, limits.MAX_POINTS) or ""))
        return errors + _caps(self, MARKER_CAPS)


#: (field, highest value, unit words) checked by ``_caps``; the lowest values are
#: checked by each ``validate`` with its own words.
UNIT_CAPS = (
    # Any facing turns the unit, but a file holds no number past a billion: a
    # facing typed as 1e10 was taken, and the game saved was refused on opening.
    ("facing", limits.MAX_NUMBER, "°"),
    ("base_width_mm", limits.MAX_BASE_MM, " mm"),
    ("base_depth_mm", limits.MAX_BASE_MM, " mm"),
    ("models", limits.MAX_MODELS, ""),
    ("models_per_rank", limits.MAX_MODELS_PER_RANK, ""),
    ("elevation", limits.MAX_HEIGHT_INCHES, " in"),
)
MARKER_CAPS = (
    ("diameter_mm", limits.MAX_BASE_MM, " mm"),
    ("elevation", limits.MAX_HEIGHT_INCHES, " in"),
)


#: Tag ids 0-3 are the board's corner markers; AprilTag 36h11 has 587 codes.
FIRST_UNIT_TAG = 4
LAST_TAG = 586


def _tag_errors(unit: Unit) -> list[tuple[str, str]]:
    errors = []
    if unit.tag is not None and not FIRST_UNIT_TAG <= unit.tag <= LAST_TAG:
        errors.append(("tag", f"must be from {FIRST_UNIT_TAG} to {LAST_TAG} "
                              f"(0-3 are the corner markers), got {unit.tag}"))  # fmt: skip
    if len(unit.tag_offset) != 2 or not all(math.isfinite(v) for v in unit.tag_offset):
        errors.append(("tag_offset", "must be two finite numbers [x, y]"))
    elif max(abs(v) for v in unit.tag_offset) > limits.MAX_BASE_MM / MM_PER_INCH:
        errors.append(("tag_offset", "must lie within the largest base "
                                     f"({limits.MAX_BASE_MM / MM_PER_INCH:,.1f} in)"))  # fmt: skip
    return errors


def _caps(piece: object, caps: tuple[tuple[str, float, str], ...]) -> list[tuple[str, str]]:
    """Fields past their highest sane value (elevations and facings either way),
    or not finite (no file holds inf or NaN)."""
    errors = []
    for name, high, unit in caps:
        value = getattr(piece, name)
        if value is None:
            continue
        if not math.isfinite(value):
            errors.append((name, "must be a finite number"))
            continue
        either_way = name in ("elevation", "height", "facing")
        problem = limits.above(abs(value) if either_way else value, high, unit)
        if problem:
            errors.append((name, problem))
    return errors


def _text_errors(piece: object, names: tuple[str, ...]) -> list[tuple[str, str]]:
    """Text fields that are not text: too long, a lone surrogate, a control character."""
    errors = []
    for name in names:
        value = getattr(piece, name)
        problem = limits.text_problem(value) if isinstance(value, str) else None
        if problem:
            errors.append((name, problem))
    return errors


def _polygon_errors(polygon: tuple[Point, ...]) -> list[tuple[str, str]]:
    if len(polygon) < 3:
        return [("polygon", f"needs at least 3 points, got {len(polygon)}")]
    if len(polygon) > limits.MAX_POLYGON_POINTS:
        return [("polygon", f"has {len(polygon):,} points, more than the limit of "
                            f"{limits.MAX_POLYGON_POINTS:,}")]  # fmt: skip
    if any(not (math.isfinite(x) and math.isfinite(y)) for x, y in polygon):
        return [("polygon", "points must be finite numbers")]
    problem = polygon_problem(polygon)
    return [("polygon", problem)] if problem else []


@dataclass(frozen=True, slots=True)
class Terrain:
    id: str
    name: str
    polygon: tuple[Point, ...]
    impassable: bool = False
    height: float = 0.0
    #: The feature blocks sight lines through it (The Ninth Age: Opaque Terrain,
    #: such as a Hill; docs/t9a.md, Line of sight). Left out of files when false.
    opaque: bool = False

    def validate(self) -> list[tuple[str, str]]:
        errors = _text_errors(self, ("id", "name"))
        if not self.id:
            errors.append(("id", "must not be empty"))
        if not math.isfinite(self.height):
            errors.append(("height", "must be a finite number"))
        else:
            errors += _caps(self, (("height", limits.MAX_HEIGHT_INCHES, " in"),))
        return errors + _polygon_errors(self.polygon)


@dataclass(frozen=True, slots=True)
class Zone:
    """A deployment zone of one side."""

    id: str
    side: str
    polygon: tuple[Point, ...]
    name: str = ""

    def validate(self) -> list[tuple[str, str]]:
        errors = _text_errors(self, ("id", "side", "name"))
        if not self.id:
            errors.append(("id", "must not be empty"))
        return errors + _polygon_errors(self.polygon)


Piece = Unit | Marker | Terrain | Zone
