"""From what a list says to what goes on the table: each unit's base, height
class, frontage and Scoring, and where each answer came from.

Where a base comes from, first found wins: a base the user gave for the unit
(``--base``, or the window's answer), a table the user named (``--bases``), the
list itself (a roster's "0 Size" profile, its mount), the user's own table of
remembered answers, the bundled table. A unit found nowhere still imports, on a
placeholder base, and is named as unknown with the nearest known names.

Whether a unit is a Character is one rule for every army: the list says so (its
Characters category), or a table does (the army book's category, with or without
a base), or the list gives it an option only a Character can take (General,
Battle Standard Bearer).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from tabletop_gui.io.armylists.bases import (
    ANY,
    BaseEntry,
    BaseTable,
    bundled_table,
    default_frontage,
    norm,
)
from tabletop_gui.io.armylists.model import (
    ArmyList,
    BaseSize,
    ListedUnit,
    cleaned_army,
    parse_base,
)
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.pieces import MM_PER_INCH, BaseShape, HeightClass

#: The base an unknown unit stands on until the user says (a 25 mm infantry base).
PLACEHOLDER = BaseSize.rect(25, 25)
#: List options only a Character can take ("General (Darrmu)", "General and The
#: Dead Arise", "Battle Standard Bearer"): The Ninth Age rules, docs/army-lists.md.
_CHARACTER_OPTION = re.compile(r"^(?:general|battle standard bearer)\b", re.IGNORECASE)


def character_by_options(options: Sequence[str]) -> bool:
    """Whether the list gives the unit an option only a Character can take."""
    return any(_CHARACTER_OPTION.match(o.strip()) for o in options)


@dataclass(frozen=True, slots=True)
class PlannedUnit:
    listed: ListedUnit
    base: BaseSize
    height: HeightClass
    frontage: int
    #: True / False where the list or the rules tell; None: left to the player.
    scoring: bool | None
    #: Where the base came from ("the list", "the bundled table (2nd ed.)", "--base"...);
    #: empty for an unknown unit on the placeholder base.
    base_from: str
    suggestions: tuple[str, ...] = ()
    character: bool = False
    #: The army whose unit of that name gave the base, when it is not the
    #: list's own ("Vampire Covenant" for Vampire Knights in a Dwarven list).
    other_army: str = ""

    @property
    def known(self) -> bool:
        return bool(self.base_from)

    @property
    def name(self) -> str:
        return self.listed.name

    @property
    def models(self) -> int:
        return self.listed.models

    @property
    def models_per_rank(self) -> int:
        if self.base.shape is BaseShape.ROUND:
            return 1
        return max(1, min(self.frontage, self.models))

    def size_in(self) -> tuple[float, float]:
        """Frontage and depth of the whole unit in inches."""
        if self.base.shape is BaseShape.ROUND:
            d = self.base.width_mm / MM_PER_INCH
            return d, d
        per_rank = self.models_per_rank
        ranks = -(-self.models // per_rank)
        return (
            per_rank * self.base.width_mm / MM_PER_INCH,
            ranks * self.base.depth_mm / MM_PER_INCH,
        )


@dataclass(frozen=True, slots=True)
class ArmyPlan:
    army: ArmyList
    units: tuple[PlannedUnit, ...]
    notes: tuple[str, ...] = ()

    @property
    def unknown(self) -> list[PlannedUnit]:
        return [u for u in self.units if not u.known]

    def unknown_names(self) -> list[str]:
        """Each unknown unit name once, in list order."""
        seen: dict[str, str] = {}
        for u in self.unknown:
            seen.setdefault(norm(u.name), u.name)
        return list(seen.values())

    def with_bases(self, answers: Mapping[str, BaseEntry]) -> ArmyPlan:
        """The plan with unit name -> entry answers applied to the units of that name."""
        keyed = {norm(k): v for k, v in answers.items()}
        units = []
        for u in self.units:
            e = keyed.get(norm(u.name))
            if e is None:
                units.append(u)
                continue
            character = u.character or e.character
            units.append(
                replace(
                    u, base=e.base, height=e.height, frontage=e.frontage, base_from="your answer",
                    suggestions=(), character=character,
                    scoring=_scoring(u.listed, character),
                )
            )  # fmt: skip
        return replace(self, units=tuple(units))


def _where(entry: BaseEntry, army: str) -> str:
    """', 3rd ed.', ', Dread Elves' (another army's unit), ', mount Pegasus'."""
    out = ""
    if entry.edition not in ("", ANY):
        out += f", {entry.edition} ed."
    if entry.army not in ("", ANY) and norm(entry.army) != norm(army):
        out += f", {entry.army}"
    if entry.mount:
        out += f", mount {entry.mount}"
    return out


def guess_height(base: BaseSize) -> HeightClass:
    """A height class from the base alone (used only when no table names the unit)."""
    if base.width_mm <= 30:
        return HeightClass.STANDARD
    if base.width_mm <= 60 and base.depth_mm <= 100:
        return HeightClass.LARGE
    return HeightClass.GIGANTIC


def _scoring(listed: ListedUnit, character: bool) -> bool | None:
    """The list's own word; else a Character is not Scoring (docs/t9a.md: Characters
    have ``scoring: false``, a per-unit flag from the army list); else unknown."""
    if listed.scoring is not None:
        return listed.scoring
    return False if character else None


def plan_army(
    army: ArmyList,
    *,
    overrides: Mapping[str, BaseSize] | None = None,
    tables: Sequence[BaseTable] = (),
    user: BaseTable | None = None,
    bundled: BaseTable | None = None,
) -> ArmyPlan:
    """Bases, heights, frontages and Scoring of every unit of ``army`` (its names
    first made fit for a game file: ``cleaned_army``)."""
    army = cleaned_army(army)
    bundled = bundled_table() if bundled is None else bundled
    given = {norm(k): v for k, v in (overrides or {}).items()}
    notes = list(army.notes)
    army_names = {norm(e.army) for e in bundled.entries}
    if army.army and norm(army.army) not in army_names:
        notes.append(
            f"army {army.army!r} is not in the bundled table: its units are looked up "
            "among all armies"
        )
    asked = _Asked()
    units = [_plan_unit(u, army, given, tables, user, bundled, asked) for u in army.units]
    notes.extend(_unused_bases(overrides or {}, army))
    # A unit known only as another army's (a list of two armies, or a name typed
    # as a unit of another book): placed on that army's base, and said.
    foreign = list(dict.fromkeys(f"{p.name} ({p.other_army})" for p in units if p.other_army))
    if foreign and norm(army.army) in army_names:
        notes.append(
            f"not units of {army.army} in the bundled table: {', '.join(foreign)}; "
            "each stands on that army's base"
        )
    return ArmyPlan(army, tuple(units), tuple(notes))


def _unused_bases(overrides: Mapping[str, BaseSize], army: ArmyList) -> list[str]:
    """A --base answer for a name no unit of the list has (a typo) is said, with
    the list's names nearest it, not silently left unused."""
    names = list(dict.fromkeys(u.name for u in army.units))
    listed = {norm(n) for n in names}
    out = []
    for name in overrides:
        if norm(name) in listed:
            continue
        near = difflib.get_close_matches(name, names, n=3, cutoff=0.5)
        hint = f" (nearest: {', '.join(near)})" if near else ""
        shown = name if len(name) <= 60 else f"{name[:57]}..."
        out.append(f"--base {shown!r}: no unit of the list has that name{hint}; not used")
    return out


class _Asked:
    """The tables' answers during one plan, each question asked once: a long list
    repeats its unit names, and a table's lookups scan it (the nearest names
    compare the name with every known one), so planning stays linear in the list."""

    def __init__(self) -> None:
        self._answers: dict[tuple[Any, ...], Any] = {}

    def __call__(self, table: BaseTable, question: str, *args: Any) -> Any:
        key = (id(table), question, *args)
        if key not in self._answers:
            self._answers[key] = getattr(table, question)(*args)
        return self._answers[key]


def _plan_unit(
    u: ListedUnit,
    army: ArmyList,
    given: Mapping[str, BaseSize],
    tables: Sequence[BaseTable],
    user: BaseTable | None,
    bundled: BaseTable,
    asked: _Asked,
) -> PlannedUnit:
    def find(table: BaseTable) -> BaseEntry | None:
        found: BaseEntry | None = asked(table, "find", u.name, army.army, army.edition, u.options)
        return found

    every = (*tables, *([user] if user else []), bundled)
    known_entry = next((e for t in every if (e := find(t))), None)
    character = (
        bool(u.character)
        or bool(known_entry and known_entry.character)
        or any(asked(t, "is_character", u.name, army.army, army.edition) for t in every)
        or character_by_options(u.options)
    )
    scoring = _scoring(u, character)
    base: BaseSize | None = None
    source = ""
    entry: BaseEntry | None = None
    if norm(u.name) in given:
        base, source = given[norm(u.name)], "--base"
    else:
        for t in tables:
            if (entry := find(t)) is not None:
                source = f"table {t.name}"
                break
        if entry is None and u.base is not None:
            base, source = u.base, "the list"
        if entry is None and base is None and user is not None and (entry := find(user)):
            source = "your table"
        if entry is None and base is None and (entry := find(bundled)) is not None:
            source = "the bundled table" + _where(entry, army.army)
    if entry is not None:
        other = entry.army if source.startswith("the bundled table") else ""
        if other in ("", ANY) or not army.army or norm(other) == norm(army.army):
            other = ""
        return PlannedUnit(
            u, entry.base, u.height or entry.height, entry.frontage, scoring, source,
            character=character, other_army=other,
        )  # fmt: skip
    if base is not None:
        ref = known_entry
        height = u.height or (ref.height if ref else guess_height(base))
        frontage = ref.frontage if ref else default_frontage(height, base)
        return PlannedUnit(u, base, height, frontage, scoring, source, character=character)
    tables_all = [*tables, *([user] if user else []), bundled]
    suggestions: list[str] = []
    for t in tables_all:
        for s in asked(t, "nearest", u.name, army.army):
            if s not in suggestions:
                suggestions.append(s)
    height = u.height or HeightClass.STANDARD
    return PlannedUnit(
        u, PLACEHOLDER, height, default_frontage(height, PLACEHOLDER), scoring, "",
        tuple(suggestions[:3]), character,
    )  # fmt: skip


def answer_entry(unit: str, text: str, army: str, tables: Sequence[BaseTable]) -> BaseEntry:
    """The user's answer for an unknown unit as a table entry: a base (``25x50``,
    ``round 40``) or the name of a known unit to stand like (``Skeleton Archers``,
    also as suggested, ``Skeleton Archers (20x20)``). A ValueError says what was
    expected."""
    t = text.strip()
    try:
        base = parse_base(t)
    except ValueError:
        pass
    else:
        height = guess_height(base)
        return BaseEntry(
            unit, base, height, default_frontage(height, base), army=army, source="your answer"
        )
    name = re.sub(r"\s*\([^()]*\)\s*$", "", t)
    for table in tables:
        e = table.find(name, army) if name else None
        if e is not None:
            return replace(e, unit=unit, army=army, edition="", mount="", source=f"as {e.unit}")
    raise ValueError(
        f"{unit}: {text!r} is neither a base (25x50, round 50) nor a known unit's name"
    )


def suggestion_text(unit: str, tables: Sequence[BaseTable], army: str) -> str:
    """'Skeleton Archers (20x20)': a suggestion as the window offers it, with the
    base of the first of ``tables`` that knows it (your table's remembered answers
    first, then the bundled table)."""
    e = next((e for t in tables if (e := t.find(unit, army)) is not None), None)
    return f"{unit} ({e.base.text()})" if e else unit
