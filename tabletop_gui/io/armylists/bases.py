"""Base sizes of The Ninth Age units: the bundled table (``t9a_bases.csv``, built
by tools/make_t9a_bases.py; its header states source, editions and coverage), the
user's own table of remembered answers, and tables given on the command line.

A table is CSV with ``#`` comment lines; columns ``unit`` and ``base`` are needed,
``edition``, ``army``, ``mount``, ``height``, ``frontage``, ``character`` and
``source`` are optional. Unit names match ignoring case, spacing, punctuation,
accents and a plural "s"; a ``mount`` row applies when the list names that option
(army ``*`` or empty: any army; unit ``*``: any unit). A Character's row may leave
``base`` empty: the unit is then known as a Character, its base still asked.
"""

from __future__ import annotations

import csv
import difflib
import io
import os
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

import platformdirs

from tabletop_gui import bundled
from tabletop_gui.io.armylists.model import BaseSize, parse_base, parse_height
from tabletop_gui.io.atomic import write_atomic
from tabletop_gui.io.errors import FileFormatError
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.pieces import BaseShape, HeightClass
from tabletop_gui.rules.t9a.ranks import FULL_RANK_WIDTH

BUNDLED = bundled.folder("bases") / "t9a_bases.csv"
#: The user's own table lives in the program's data folder (this variable overrides it).
DATA_DIR_ENV = "TABLETOP_GUI_DATA_DIR"
USER_TABLE_NAME = "t9a_bases.csv"
COLUMNS = ("edition", "army", "unit", "mount", "base", "height", "frontage", "character", "source")
MAX_TABLE_BYTES = 4 * 1024 * 1024
#: No unit, army, base or source of a table is longer (a longer one is no name).
MAX_CELL = 1_000
ANY = "*"


@lru_cache(maxsize=16384)
def norm(name: str) -> str:
    """'Men-at-Arms' / 'men at arms' / 'MEN AT ARMS' -> 'menatarms'."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(ch for ch in decomposed if ch.isalnum())


def _keys(name: str) -> list[str]:
    """The name's key, then its singular/plural neighbours."""
    k = norm(name)
    out = [k]
    if k.endswith("es"):
        out.append(k[:-2])
    if k.endswith("s"):
        out.append(k[:-1])
    else:
        out.append(k + "s")
    return out


def _unit_key(unit: str) -> str:
    return ANY if unit.strip() == ANY else norm(unit)


def default_frontage(height: HeightClass, base: BaseSize) -> int:
    """Models per rank when a table gives none: a Full Rank's width by height class;
    one for a round base (a war machine or a single model)."""
    return 1 if base.shape is BaseShape.ROUND else FULL_RANK_WIDTH[height]


@dataclass(frozen=True, slots=True)
class BaseEntry:
    unit: str
    base: BaseSize
    height: HeightClass = HeightClass.STANDARD
    frontage: int = 5
    army: str = ""
    edition: str = ""
    mount: str = ""
    character: bool = False
    source: str = ""

    def row(self) -> list[str]:
        return [
            self.edition, self.army, self.unit, self.mount, self.base.text(),
            self.height.value, str(self.frontage), "yes" if self.character else "", self.source,
        ]  # fmt: skip


@dataclass(frozen=True, slots=True)
class CharacterName:
    """A row naming a Character whose base the table does not give."""

    unit: str
    army: str = ""
    edition: str = ""


class BaseTable:
    """Entries by unit name; ``find`` picks the best for an army, edition and options."""

    def __init__(
        self,
        entries: Iterable[BaseEntry],
        name: str = "",
        characters: Iterable[CharacterName] = (),
    ) -> None:
        self.name = name
        self.entries = list(entries)
        self.characters = list(characters)
        self._by_key: dict[str, list[BaseEntry]] = {}
        for e in self.entries:
            self._by_key.setdefault(_unit_key(e.unit), []).append(e)
        self._chars: dict[str, list[CharacterName]] = {}
        for c in self.characters:
            self._chars.setdefault(norm(c.unit), []).append(c)
        #: Mount rows of any unit ('*'), by the mount's name.
        self._any_mount: dict[str, list[BaseEntry]] = {}
        for e in self._by_key.get(ANY, []):
            if e.mount:
                self._any_mount.setdefault(norm(e.mount), []).append(e)
        self._names: dict[str, list[str]] = {}
        self._nearest: dict[tuple[str, str, int], list[str]] = {}

    def __len__(self) -> int:
        return len(self.entries)

    def _named(self, unit: str) -> list[BaseEntry]:
        for key in _keys(unit):
            found = self._by_key.get(key)
            if found:
                return found
        return []

    def find(
        self,
        unit: str,
        army: str = "",
        edition: str | None = None,
        options: Sequence[str] = (),
    ) -> BaseEntry | None:
        """The entry for ``unit`` (its mount row if an option names the mount)."""
        named = self._named(unit)
        plain = [e for e in named if not e.mount]
        best = _best(plain, army, edition)
        mounted = self.find_mount(unit, army, edition, options)
        if mounted is not None:
            if best is not None:  # a Character stays one on its mount
                mounted = replace(mounted, character=best.character or mounted.character)
            return mounted
        return best

    def find_mount(
        self, unit: str, army: str, edition: str | None, options: Sequence[str]
    ) -> BaseEntry | None:
        opts = {norm(o) for o in options}
        for o in options:  # "Barded Warhorse (Heavy Armour)" names the mount too
            head = o.split("(")[0]
            opts.add(norm(head))
        if not opts:
            return None
        rows = [e for e in self._named(unit) if e.mount and norm(e.mount) in opts]
        rows += [e for o in opts for e in self._any_mount.get(o, [])]
        return _best(rows, army, edition)

    def is_character(self, unit: str, army: str = "", edition: str | None = None) -> bool:
        """Whether the table names ``unit`` a Character, with or without its base."""
        entry = self.find(unit, army, edition)
        if entry is not None and entry.character:
            return True
        a = norm(army)
        for key in _keys(unit):
            for c in self._chars.get(key, []):
                if not a or norm(c.army) in (a, "", ANY):
                    return True
        return False

    def names(self, army: str = "") -> list[str]:
        a = norm(army)
        if a not in self._names:
            seen: dict[str, str] = {}
            for e in self.entries:
                if e.unit != ANY and (not a or norm(e.army) == a):
                    seen.setdefault(norm(e.unit), e.unit)
            self._names[a] = sorted(seen.values())
        return self._names[a]

    def nearest(self, unit: str, army: str = "", n: int = 3) -> list[str]:
        """Known unit names close to ``unit``, the army's own first."""
        key = (unit.casefold(), norm(army), n)
        if key not in self._nearest:
            self._nearest[key] = self._find_nearest(unit, army, n)
        return list(self._nearest[key])

    def _find_nearest(self, unit: str, army: str, n: int) -> list[str]:
        out: list[str] = []
        for pool in (self.names(army), self.names()) if army else (self.names(),):
            lower = {name.casefold(): name for name in pool}
            for m in difflib.get_close_matches(unit.casefold(), list(lower), n=n, cutoff=0.55):
                if lower[m] not in out:
                    out.append(lower[m])
        return out[:n]


def _best(entries: list[BaseEntry], army: str, edition: str | None) -> BaseEntry | None:
    if not entries:
        return None
    a = norm(army)

    def rank(e: BaseEntry) -> tuple[int, int]:
        ea = norm(e.army)
        army_rank = 0 if (a and ea == a) else 1 if ea in ("", ANY) else 2
        # The list's edition first; unknown: the newest (3rd), lists today are mostly 3rd.
        ed_rank = 0 if e.edition == (edition or "3rd") else 1 if e.edition in ("", ANY) else 2
        return (army_rank, ed_rank)

    return min(entries, key=rank)


def read_table(text: str, source: str = "") -> BaseTable:
    """A table from CSV text; a bad row is named by its line."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    body = [(n, line) for n, line in enumerate(lines, start=1) if line.strip()]
    body = [(n, line) for n, line in body if not line.lstrip().startswith("#")]
    if not body:
        return BaseTable([], source)
    records = _records(body, source)
    _, first = next(records)
    header = [h.strip().lower() for h in first]
    missing = {"unit", "base"} - set(header)
    if missing:
        raise FileFormatError(
            f"line {body[0][0]}", f"the header needs columns {', '.join(sorted(missing))}", source
        )
    twice = sorted({h for h in header if h and header.count(h) > 1})
    if twice:  # else the last of them was read, silently
        raise FileFormatError(
            f"line {body[0][0]}", f"the header names {', '.join(twice)} twice", source
        )
    entries = []
    characters = []
    for n, rec in records:
        row = {h: (rec[i].strip() if i < len(rec) else "") for i, h in enumerate(header)}
        long = next((h for h in header if len(row[h]) > MAX_CELL), None)
        if long is not None:
            raise FileFormatError(
                f"line {n}",
                f"{long} of {len(row[long]):,} characters: at most {MAX_CELL:,}",
                source,
            )
        if not row.get("base") and row.get("unit") and _yes(row.get("character", "")):
            characters.append(
                CharacterName(row["unit"], row.get("army", ""), row.get("edition", ""))
            )
            continue
        entries.append(_entry(row, f"line {n}", source))
    return BaseTable(entries, source, characters)


def _records(body: list[tuple[int, str]], source: str) -> Iterator[tuple[int, list[str]]]:
    """Each CSV record of the table's lines (comments and blank lines left out)
    with the line of the file it starts on (a quoted field may run over several);
    what CSV cannot read (a field past its limit of 128 KiB) is refused by line."""
    reader = csv.reader(io.StringIO("\n".join(line for _, line in body)))
    start = 0
    while start < len(body):
        try:
            rec = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            why = str(exc)
            if "field limit" in why:
                limit = csv.field_size_limit()
                why = f"a field longer than {limit:,} characters (a quote left open?)"
            raise FileFormatError(f"line {body[start][0]}", f"not CSV: {why}", source) from None
        yield body[start][0], rec
        start = reader.line_num


def _yes(text: str) -> bool:
    return text.strip().lower() in ("yes", "y", "true", "1")


def _entry(row: dict[str, str], where: str, source: str) -> BaseEntry:
    if not row.get("unit"):
        raise FileFormatError(where, "no unit name", source)
    try:
        base = parse_base(row["base"])
    except ValueError as exc:
        raise FileFormatError(where, str(exc), source) from None
    height = HeightClass.STANDARD
    if row.get("height"):
        h = parse_height(row["height"])
        if h is None:
            raise FileFormatError(
                where, f"height {row['height']!r}: expected standard, large or gigantic", source
            )
        height = h
    frontage = default_frontage(height, base)
    if row.get("frontage"):
        try:
            frontage = int(row["frontage"])
        except ValueError:
            frontage = 0
        if not 1 <= frontage <= 100:
            raise FileFormatError(where, f"frontage {row['frontage']!r}: 1 to 100 models", source)
    return BaseEntry(
        unit=row["unit"], base=base, height=height, frontage=frontage,
        army=row.get("army", ""), edition=row.get("edition", ""), mount=row.get("mount", ""),
        character=_yes(row.get("character", "")),
        source=row.get("source", ""),
    )  # fmt: skip


def load_table(path: str | os.PathLike[str]) -> BaseTable:
    name = os.fspath(path)
    try:
        with open(name, "rb") as fh:
            data = fh.read(MAX_TABLE_BYTES + 1)
    except OSError as exc:
        raise FileFormatError("(file)", exc.strerror or str(exc), name) from None
    if len(data) > MAX_TABLE_BYTES:
        raise FileFormatError("(file)", "larger than 4 MiB: not a table of bases", name)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise FileFormatError("(file)", "not UTF-8 text: not a table of bases", name) from None
    return read_table(text, name)


@lru_cache(maxsize=1)
def bundled_table() -> BaseTable:
    return read_table(BUNDLED.read_text("utf-8"), "the bundled table")


def data_dir() -> Path:
    """The program's data folder (``~/.local/share/tabletop_gui`` on Linux), as the
    window's autosaves use it; TABLETOP_GUI_DATA_DIR overrides it."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir("tabletop_gui", appauthor=False))


def user_table_path() -> Path:
    return data_dir() / USER_TABLE_NAME


def user_table() -> BaseTable:
    """The user's remembered answers (empty when there are none yet)."""
    path = user_table_path()
    if not path.exists():
        return BaseTable([], str(path))
    return load_table(path)


USER_HEADER = (
    "# Your base sizes for The Ninth Age units, remembered by tabletop_gui when an\n"
    "# imported army list named a unit it did not know. Edit freely (columns as in\n"
    "# the bundled table: see docs/army-lists.md).\n"
)


def remember(entries: Iterable[BaseEntry], path: Path | None = None) -> Path:
    """Add or replace ``entries`` in the user's table (same unit, army and mount);
    the file is written whole to a temporary name and then renamed over the old one."""
    path = path or user_table_path()
    table = load_table(path) if path.exists() else BaseTable([])
    new = list(entries)
    keys = {(norm(e.unit), norm(e.army), norm(e.mount)) for e in new}
    kept = [e for e in table.entries if (norm(e.unit), norm(e.army), norm(e.mount)) not in keys]
    buf = io.StringIO()
    buf.write(USER_HEADER)
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(COLUMNS)
    for e in [*kept, *new]:
        writer.writerow(e.row())
    answered = {norm(e.unit) for e in new}
    for c in table.characters:  # a Character row without a base stays until answered
        if norm(c.unit) not in answered:
            writer.writerow([c.edition, c.army, c.unit, "", "", "", "", "yes", ""])
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, buf.getvalue().encode("utf-8"))
    return path
