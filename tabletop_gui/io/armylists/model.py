"""What an army list says: its units, their model counts and, where the list
carries them, bases and height classes. Plain data, read by ``text`` and ``roster``."""

from __future__ import annotations

import re
from dataclasses import replace

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.limits import cleaned, printable
from tabletop_gui.model.pieces import BaseShape, HeightClass

#: No base is larger than this (mm): a bigger number is a typo, not a model.
MAX_BASE_MM = 400.0


@dataclass(frozen=True, slots=True)
class BaseSize:
    """A base in millimetres: a rectangle ``width`` (frontage) x ``depth``, or a
    round base whose diameter is ``width`` (``depth`` equals it)."""

    shape: BaseShape
    width_mm: float
    depth_mm: float

    @classmethod
    def rect(cls, width: float, depth: float) -> BaseSize:
        return cls(BaseShape.RECT, float(width), float(depth))

    @classmethod
    def round(cls, diameter: float) -> BaseSize:
        return cls(BaseShape.ROUND, float(diameter), float(diameter))

    def text(self) -> str:
        """``25x50`` or ``round 50`` (what :func:`parse_base` reads back)."""
        if self.shape is BaseShape.ROUND:
            return f"round {_num(self.width_mm)}"
        return f"{_num(self.width_mm)}x{_num(self.depth_mm)}"

    @property
    def area(self) -> float:
        return self.width_mm * self.depth_mm


def _num(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:g}"


_NUMBER = r"(\d+(?:[.,]\d+)?)"
_RECT = re.compile(rf"^{_NUMBER}\s*(?:mm)?\s*[x×X*]\s*{_NUMBER}\s*(?:mm)?$")
_ROUND = re.compile(
    rf"^(?:(?:round|r|ø|Ø|⌀)\s*{_NUMBER}\s*(?:mm)?|{_NUMBER}\s*(?:mm)?\s*(?:round|ø|Ø|⌀))$",
    re.IGNORECASE,
)


def parse_base(text: str) -> BaseSize:
    """``25x50``, ``25 x 50 mm``, ``25×50`` (rectangles, frontage first); ``round 50``,
    ``50 round``, ``50Ø``, ``Ø50`` (round). A ValueError says what was expected."""
    t = text.strip()
    m = _RECT.match(t)
    if m:
        base = BaseSize.rect(_float(m.group(1)), _float(m.group(2)))
    else:
        m = _ROUND.match(t)
        if not m:
            raise ValueError(
                f"base {text!r}: expected WIDTHxDEPTH in mm (25x50) or a round base (round 50)"
            )
        base = BaseSize.round(_float(m.group(1) or m.group(2)))
    if not (0 < base.width_mm <= MAX_BASE_MM and 0 < base.depth_mm <= MAX_BASE_MM):
        raise ValueError(f"base {text!r}: sizes must be more than 0 and at most {MAX_BASE_MM:g} mm")
    return base


def _float(s: str) -> float:
    return float(s.replace(",", "."))


def parse_height(text: str) -> HeightClass | None:
    """``Standard`` / ``Large`` / ``Gigantic`` (any case), else None."""
    try:
        return HeightClass(text.strip().lower())
    except ValueError:
        return None


@dataclass(frozen=True, slots=True)
class ListedUnit:
    """One unit of a list. ``where`` names it in the file (``line 3``, or the
    roster element); ``base``, ``height``, ``scoring`` and ``character`` are set
    only where the list itself tells them (a roster's "0 Size" profile, a Scoring
    rule, the Characters category)."""

    name: str
    models: int
    where: str
    points: int | None = None
    options: tuple[str, ...] = ()
    base: BaseSize | None = None
    height: HeightClass | None = None
    scoring: bool | None = None
    character: bool | None = None


@dataclass(frozen=True, slots=True)
class ArmyList:
    """A whole list: whose, which army, its units in list order. ``edition`` is
    "2nd" / "3rd" where the file tells it; ``notes`` are things the reader noticed
    (a total that does not add up)."""

    player: str
    army: str
    units: tuple[ListedUnit, ...]
    format: str
    total_points: int | None = None
    edition: str | None = None
    notes: tuple[str, ...] = ()

    @property
    def models(self) -> int:
        return sum(u.models for u in self.units)

    @property
    def units_points(self) -> int | None:
        """The units' points added up; None when no unit states its points."""
        stated = [u.points for u in self.units if u.points is not None]
        return sum(stated) if stated else None

    def points_words(self) -> str:
        """The points a summary gives: the units' sum ('310 points'), saying the
        list's own total beside it when that differs ('310 points (the list
        states 900)'); the list's total when no unit has points; '' when neither."""
        added = self.units_points
        if added is None:
            return f"{self.total_points} points" if self.total_points else ""
        if self.total_points is not None and self.total_points != added:
            return f"{added} points (the list states {self.total_points})"
        return f"{added} points"


def cleaned_army(army: ArmyList) -> ArmyList:
    """``army`` with text a game file cannot hold repaired, each repair noted: the
    names of the player, the army and the units with control characters removed
    and cut to the limit of any text (docs/file-format.md, "Limits"), as every
    list format is read from another program's file."""
    notes = list(army.notes)

    def fix(text: str, what: str) -> str:
        out, done = cleaned(text)
        if done:
            notes.append(f"{what}: {' and '.join(done)} ({printable(out[:60])!r})")
        return out

    units = []
    for u in army.units:
        name = fix(u.name, f"{u.where}: the unit's name")
        units.append(u if name == u.name else replace(u, name=name))
    player = fix(army.player, "the player's name")
    name = fix(army.army, "the army's name")
    if len(notes) == len(army.notes):
        return army
    return replace(army, player=player, army=name, units=tuple(units), notes=tuple(notes))
