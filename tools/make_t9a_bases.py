"""Build the bundled base-size table of The Ninth Age units,
assets/bases/t9a_bases.csv, from public army data, and print how much of each
army it covers.

    .venv/bin/python tools/make_t9a_bases.py BSDATA [--armycreator DIR] [--fielded DIR] [--missing]

Only facts are taken (a unit's name, army category, base and height class);
no file or text is copied. Every row names its source. The sources, in the
order they are used (an earlier one wins for the same edition, army, unit and
mount):

1. ``tools/t9a_bases_by_hand.csv``: rows read by hand from a named page, each
   with its own ``source``.
2. BSData: a clone or bare git directory of https://github.com/BSData/The-9th-Age
   (BattleScribe data, which New Recruit also reads). Its current catalogues give
   the unit names of each army book, 2nd and 3rd edition, and their Army
   Category (a unit linked to the "Characters" category is a Character, in every
   army alike). The "0 Size" profiles (Height, Base) of the 2nd-edition books are
   read from every version in the repository's history: a unit or a mount
   (an upgrade with a size) takes the size of the newest version that prints
   one; the row names that version ("Orcs and Goblins 2021"). The 3rd-edition
   catalogues carry no sizes.
3. ArmyCreator data (``--armycreator``, https://github.com/ovaron76github/ArmyCreatorData):
   its T9A files (2nd edition, army books of 2021) give Height and Base in each
   unit's description; used for units BSData gives no size.
4. A 3rd-edition unit (or mount) with no size of its own takes the 2nd-edition
   size of the unit (or mount) of the same name in the same army; its source says
   so ("2nd ed. Orcs and Goblins 2021, same name"). Renamed units are not guessed.
5. Fielded lists (``--fielded``, https://github.com/DarkSkyT9A/t9a-data, Apache
   2.0): the units of real tournament lists (New Recruit tournament reports, 3rd
   edition), with each unit's army category and mount. They add the 3rd-edition
   unit and mount names the public catalogues lack (and their Characters), and
   weight the coverage printed at the end: the share of fielded units (a mounted
   Character counted with its mount) whose base the table knows. An artillery
   unit with no size of its own whose lists name its machine ("Blackpowder
   Artillery" with a "Cannon") stands on the 2nd-edition base of that war machine
   of the same army.

Coverage per army and edition (units of the book with a known base / units of
the book, and the fielded share) is printed and written into the table's header.
The 3rd-edition bases these sources lack (the whole Orcs and Goblins book, the
renamed Empire of Sonnstahl infantry...) were looked for elsewhere and not found
in any public source that could be read (9th Builder's stored unit pages are of
units the table already knows; six of them are hand rows); docs/army-lists.md
says where. ``--missing`` prints every fielded unit (on its mount) without a
base, most fielded first.
Rows without a base are kept only for Characters (``character`` yes, ``base``
empty): an import then knows the unit is a Character and asks only its base.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import re
import subprocess
import sys
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from defusedxml import ElementTree

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "bases" / "t9a_bases.csv"
HAND = Path(__file__).resolve().parent / "t9a_bases_by_hand.csv"

NS = "{http://www.battlescribe.net/schema/catalogueSchema}"
#: BattleScribe game system ids of The Ninth Age: Fantasy Battles, by edition.
EDITIONS = {"aa64-1e8e-66fc-9abf": "2nd", "8c9a-3026-84b4-cf16": "3rd"}
#: The "Characters" category of both editions' game systems.
CHARACTERS = "Characters"
FULL_RANK = {"standard": 5, "large": 3, "gigantic": 1}
COLUMNS = ("edition", "army", "unit", "mount", "base", "height", "frontage", "character", "source")
#: The sixteen armies, by the codes the tournament data uses.
ARMIES = {
    "BH": "Beast Herds", "DL": "Daemon Legions", "DE": "Dread Elves", "DH": "Dwarven Holds",
    "EoS": "Empire of Sonnstahl", "HE": "Highborn Elves", "ID": "Infernal Dwarves",
    "KoE": "Kingdom of Equitaine", "OK": "Ogre Khans", "OnG": "Orcs and Goblins",
    "SA": "Saurian Ancients", "SE": "Sylvan Elves", "UD": "Undying Dynasties",
    "VC": "Vampire Covenant", "VS": "Vermin Swarm", "WDG": "Warriors of the Dark Gods",
}  # fmt: skip
#: ArmyCreator's army names that are spelt otherwise.
ARMYCREATOR_SPELLING = {
    "Deamon Legions": "Daemon Legions",
    "Ogre Kahns": "Ogre Khans",
    "Warriors o.t. Dark Gods": "Warriors of the Dark Gods",
}
#: The source of a Character's row without a base.
NO_BASE = "a Character (army category of BSData / the fielded lists); no base found"
#: A Character's "mount" options that keep it on foot.
ON_FOOT = re.compile(r"^light troops\b", re.IGNORECASE)


@dataclass(frozen=True)
class Row:
    edition: str
    army: str
    unit: str
    mount: str = ""
    base: str = ""
    height: str = ""
    frontage: str = ""
    character: str = ""
    source: str = ""

    def key(self) -> tuple[str, str, str, str]:
        return (self.edition, self.army, norm(self.unit), norm(self.mount))


def norm(name: str) -> str:
    return re.sub(r"[^0-9a-z]+", "", clean(name).casefold())


def clean(name: str) -> str:
    return " ".join(name.replace("\u200b", "").replace("’", "'").split())


def list_name(name: str) -> str:
    """'Goblin Raiders (Core)' -> 'Goblin Raiders' (the name a list prints)."""
    return re.sub(r"\s*\((?:Core|Special)\)$", "", clean(name))


def mount_name(name: str) -> str:
    """'Mount: Wyvern', 'Raiding Chariot (Mount)', 'Bull of Shamut (4)' -> the
    option a list prints."""
    name = re.sub(r"^Mount:\s*", "", clean(name))
    return re.sub(r"\s*\((?:Mount|\d+)\)$", "", name)


def army_name(catalogue: str) -> str:
    """'Undying Dynasties (Public Test - Hotfix 2)', 'The Vermin Swarm 2.1',
    'Åsklanders 2ed 2020' -> the army."""
    name = re.sub(r"\s*\(.*\)\s*$", "", clean(catalogue))
    name = re.sub(r"\s+(?:(?:19|20)\d\d|2ed)\b.*$|\s+\d+(?:\.\d+)+.*$", "", name)
    return re.sub(r"^The (?=Vermin Swarm$)", "", name)


def base_text(raw: str) -> str:
    """'20×20' / '20x20 mm' -> '20x20'; '75Ø' / '60 mm round' -> 'round 75'."""
    t = raw.strip().lower().replace("×", "x").replace("mm", "").replace(" ", "")
    m = re.fullmatch(r"(\d+)(?:[øø⌀]|round)|[øø⌀](\d+)", t)
    if m:
        return f"round {m.group(1) or m.group(2)}"
    return t if re.fullmatch(r"\d+x\d+", t) else ""


def height_text(raw: str) -> str:
    h = raw.strip().lower()
    return h if h in FULL_RANK else ""


# -- BSData --------------------------------------------------------------------


@dataclass
class Catalogue:
    """One version of an army book's catalogue."""

    edition: str
    army: str
    title: str
    when: int
    root: Any


@dataclass(frozen=True)
class Entry:
    """A unit or a mount of a catalogue: its list name, whether a Character,
    and its size where the catalogue prints one."""

    name: str
    kind: str  # "unit" or "mount"
    character: bool = False
    base: str = ""
    height: str = ""


def _git(repo: Path, *args: str) -> str:
    done = subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True)
    return done.stdout.decode("utf-8", "replace")


def _is_git(repo: Path) -> bool:
    return (repo / ".git").exists() or (repo / "HEAD").is_file()


def _blobs(repo: Path, shas: list[str]) -> Iterator[tuple[str, bytes]]:
    """The contents of ``shas`` read through one ``git cat-file --batch``."""
    proc = subprocess.Popen(
        ["git", "-C", str(repo), "cat-file", "--batch"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
    )  # fmt: skip
    assert proc.stdin is not None and proc.stdout is not None
    try:
        for sha in shas:
            proc.stdin.write(sha.encode() + b"\n")
            proc.stdin.flush()
            head = proc.stdout.readline().split()
            if len(head) < 3:
                continue
            data = proc.stdout.read(int(head[2]))
            proc.stdout.read(1)
            yield sha, data
    finally:
        proc.stdin.close()
        proc.wait()


def tree_files(repo: Path, wanted: Any) -> dict[str, bytes]:
    """The files of the newest commit (or of a plain folder) whose path
    ``wanted(path)`` accepts, by path."""
    if not _is_git(repo):
        return {
            p.relative_to(repo).as_posix(): p.read_bytes()
            for p in sorted(repo.rglob("*"))
            if p.is_file() and wanted(p.relative_to(repo).as_posix())
        }
    names = [n for n in _git(repo, "ls-tree", "-r", "--name-only", "HEAD").split("\n") if n]
    paths = [n for n in names if wanted(n)]
    data = [d for _, d in _blobs(repo, [f"HEAD:{n}" for n in paths])]
    return dict(zip(paths, data, strict=True))


def current_files(repo: Path) -> dict[str, bytes]:
    """The .cat and .gst files at the top of the newest commit."""
    return tree_files(repo, lambda n: "/" not in n and n.endswith((".cat", ".gst")))


def past_versions(repo: Path) -> Iterator[tuple[int, bytes]]:
    """(commit time, content) of every version of a 2nd-edition catalogue with a
    "0 Size" profile in the repository's history, oldest first."""
    if not _is_git(repo):
        return
    log = _git(repo, "log", "--all", "--raw", "--no-abbrev", "--format=C %ct", "--", "*.cat")
    first: dict[str, int] = {}
    when = 0
    for line in log.split("\n"):
        if line.startswith("C "):
            when = int(line.split()[1])
        elif line.startswith(":"):
            sha = line.split()[3]
            if set(sha) != {"0"} and (sha not in first or when < first[sha]):
                first[sha] = when
    order = sorted(first, key=lambda s: first[s])
    for sha, data in _blobs(repo, order):
        if b"aa64-1e8e-66fc-9abf" in data[:4096] and b'typeName="0 Size"' in data:
            yield first[sha], data


def parse_catalogue(data: bytes, when: int = 0) -> Catalogue | None:
    try:
        root = ElementTree.fromstring(data)
    except ElementTree.ParseError:
        return None
    edition = EDITIONS.get(root.get("gameSystemId", ""))
    if root.tag != NS + "catalogue" or edition is None:
        return None
    title = clean(root.get("name", ""))
    return Catalogue(edition, army_name(title), title, when, root)


def _sizes(el: Any) -> Iterator[tuple[str, str]]:
    """(base, height) of the "0 Size" profiles directly on ``el``."""
    for profiles in el.findall(NS + "profiles"):
        for p in profiles.findall(NS + "profile"):
            if p.get("typeName") == "0 Size":
                chars = {c.get("name", ""): (c.text or "") for c in p.iter(NS + "characteristic")}
                yield base_text(chars.get("Base", "")), height_text(chars.get("Height", ""))


def _own_size(entry: Any, character: bool) -> tuple[str, str]:
    """The size printed for a unit: its own profile, else its models', else (not
    for a Character, whose sized upgrades are mounts) the one upgrade inside it
    with a size (a Thyroscutus Herd's Thyroscutus)."""
    inner = [m for m in entry.iter(NS + "selectionEntry") if m is not entry]
    holders = [entry, *(m for m in inner if m.get("type") == "model")]
    found = next((s for h in holders for s in _sizes(h) if s[0]), ("", ""))
    if found[0] or character:
        return found
    sized = {s for m in inner if m.get("type") == "upgrade" for s in _sizes(m) if s[0]}
    return sized.pop() if len(sized) == 1 else ("", "")


def entries(cat: Catalogue, categories: dict[str, str]) -> list[Entry]:
    """The units and mounts of a catalogue."""
    local = {c.get("id", ""): c.get("name", "") for c in cat.root.iter(NS + "categoryEntry")}
    linked: dict[str, set[str]] = defaultdict(set)  # entry id -> categories of links to it
    for link in cat.root.iter(NS + "entryLink"):
        for c in link.iter(NS + "categoryLink"):
            tid = c.get("targetId", "")
            linked[link.get("targetId", "")].add(categories.get(tid, local.get(tid, "")))
    out: list[Entry] = []
    for el in cat.root.iter(NS + "selectionEntry"):
        kind = el.get("type")
        name = list_name(el.get("name", ""))
        if not name or name.lower().startswith("zzz"):  # entries retired from the book
            continue
        if kind == "unit":
            cats = {
                categories.get(c.get("targetId", ""), local.get(c.get("targetId", ""), ""))
                for c in el.findall(f"{NS}categoryLinks/{NS}categoryLink")
            } | linked.get(el.get("id", ""), set())
            base, height = _own_size(el, CHARACTERS in cats)
            out.append(Entry(name, "unit", CHARACTERS in cats, base, height))
        elif kind == "upgrade":
            base, height = next((s for s in _sizes(el) if s[0]), ("", ""))
            if base:
                out.append(Entry(mount_name(name), "mount", False, base, height))
    for link in cat.root.iter(NS + "entryLink"):  # 3rd edition: "Mount: Wyvern" links
        name = clean(link.get("name", ""))
        if name.startswith("Mount:"):
            out.append(Entry(mount_name(name), "mount"))
    return out


def game_categories(files: dict[str, bytes]) -> dict[str, str]:
    out: dict[str, str] = {}
    for name, data in files.items():
        if name.endswith(".gst"):
            root = ElementTree.fromstring(data)
            out.update(
                {c.get("id", ""): c.get("name", "") for c in root.iterfind(".//{*}categoryEntry")}
            )
    return out


# -- ArmyCreator ------------------------------------------------------------------


def armycreator_rows(folder: Path) -> list[Row]:
    """2nd-edition sizes from ArmyCreator's T9A files ('..., Height Standard,
    Type Infantry, Base: 25x25 mm, ...' in each unit's description)."""
    rows: list[Row] = []
    files = tree_files(folder, lambda n: re.fullmatch(r"T9A/t9a_[^/]*\.xml", n) is not None)
    for _, data in sorted(files.items()):
        root = ElementTree.fromstring(data)
        title = clean(root.findtext("army/name") or "")
        army = army_name(re.sub(r"^T9A\s+", "", title))
        army = ARMYCREATOR_SPELLING.get(army, army)
        book = clean(root.findtext("army/lrbversion") or "")
        version = clean(root.findtext("army/version") or "")
        for unit in root.iter("unit"):
            desc = unit.findtext("description") or ""
            m = re.search(r"Base:?\s*([^,]+?)\s*(?:mm)?(?:,|$)", desc)
            base = base_text(m.group(1)) if m else ""
            if not base:
                continue
            h = re.search(r"Height:?\s*(Standard|Large|Gigantic)", desc, re.IGNORECASE)
            character = (unit.findtext("category") or "").strip().lower() == "characters"
            name = list_name(unit.findtext("name") or "")
            height = height_text(h.group(1)) if h else ""
            source = f"ArmyCreator data {title} {version} (army book {book})"
            flag = "yes" if character else ""
            rows.append(Row("2nd", army, name, "", base, height, "", flag, source))
    return rows


# -- fielded lists -------------------------------------------------------------------


@dataclass
class Fielded:
    """Units of real tournament lists: how often each was fielded, its army
    category, and how often with each mount."""

    lists: int = 0
    units: Counter[tuple[str, str]] = field(default_factory=Counter)
    category: dict[tuple[str, str], str] = field(default_factory=dict)
    mounts: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    #: An artillery unit's machine ("Blackpowder Artillery" with "Cannon").
    weapons: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    source: str = ""


def read_fielded(repo: Path) -> Fielded:
    """The lists of the tournament reports in ``repo`` (a git clone or bare
    directory of DarkSkyT9A/t9a-data, or a folder of report_*.json files)."""
    out = Fielded()
    docs = tree_files(repo, lambda n: re.search(r"(^|/)report_[^/]*\.json$", n) is not None)
    out.source = "DarkSkyT9A/t9a-data"
    if _is_git(repo):
        out.source += f" (commit {_git(repo, 'rev-parse', '--short', 'HEAD').strip()})"
    for data in docs.values():
        report = json.loads(data)
        for side in ("One", "Two"):
            army = ARMIES.get(report.get(f"army{side}") or "")
            units = (report.get(f"armyList{side}") or {}).get("units") or []
            if not army or not units:
                continue
            out.lists += 1
            for u in units:
                name = list_name(u.get("name", ""))
                out.units[(army, name)] += 1
                out.category[(army, name)] = u.get("category") or ""
                for o in u.get("options") or []:
                    if o.get("type") == "Mount":
                        out.mounts[(army, name, clean(o.get("name", "")))] += 1
                    elif o.get("type") == "Artillery Weapons":
                        out.weapons[(army, name, clean(o.get("name", "")))] += 1
    return out


# -- building -------------------------------------------------------------------------


def read_hand(path: Path | None = None) -> list[Row]:
    path = path or HAND
    text = "".join(
        line for line in path.read_text("utf-8").splitlines(True) if not line.startswith("#")
    )
    rows = []
    for rec in csv.DictReader(io.StringIO(text)):
        rec = {k: (v or "").strip() for k, v in rec.items()}
        if not rec.get("source"):
            raise SystemExit(f"{path}: the row for {rec.get('unit')!r} names no source")
        rows.append(Row(**{k: rec.get(k, "") for k in COLUMNS}))
    return rows


@dataclass
class Build:
    rows: list[Row]
    #: (edition, army) -> the unit names of its book (list names).
    book: dict[tuple[str, str], set[str]]
    #: Where two sources give one unit different bases (the first is kept).
    conflicts: list[str] = field(default_factory=list)


def build(bsdata: Path, armycreator: Path | None = None, fielded: Fielded | None = None) -> Build:
    files = current_files(bsdata)
    categories = game_categories(files)
    table: dict[tuple[str, str, str, str], Row] = {}
    book: dict[tuple[str, str], set[str]] = defaultdict(set)
    mounts: dict[tuple[str, str], set[str]] = defaultdict(set)
    characters: dict[tuple[str, str, str], bool] = {}
    conflicts: list[str] = []

    def put(row: Row) -> None:
        old = table.get(row.key())
        if old is None:
            table[row.key()] = row
        elif old.base and row.base and old.base != row.base:
            conflicts.append(
                f"{row.edition} {row.army} {row.unit}{' / ' + row.mount if row.mount else ''}: "
                f"{old.base} ({old.source}) kept, {row.base} ({row.source}) differs"
            )

    for row in read_hand():
        put(row)
    # 2nd-edition sizes (and Characters) from every past version, newest winning.
    sized: dict[tuple[str, str, str], Row] = {}
    past_characters: dict[tuple[str, str, str], bool] = {}
    for when, data in past_versions(bsdata):
        cat = parse_catalogue(data, when)
        if cat is None:
            continue
        for e in entries(cat, categories):
            if e.kind == "unit":
                past_characters[("2nd", cat.army, norm(e.name))] = e.character
            if e.base:
                row = Row("2nd", cat.army, e.name if e.kind == "unit" else "*",
                          "" if e.kind == "unit" else e.name, e.base, e.height,
                          source=f"BSData 2nd ed. {cat.title}")  # fmt: skip
                sized[(cat.army, norm(row.unit), norm(row.mount))] = row  # later wins
    # The current catalogues: book unit lists, Characters, sizes of their own.
    for name, data in sorted(files.items()):
        if not name.endswith(".cat") or "homebrew" in name.lower():
            continue
        cat = parse_catalogue(data)
        if cat is None:
            continue
        for e in entries(cat, categories):
            if e.kind == "unit":
                book[(cat.edition, cat.army)].add(e.name)
                characters[(cat.edition, cat.army, norm(e.name))] = e.character
            if e.base:
                put(Row(cat.edition, cat.army, e.name if e.kind == "unit" else "*",
                        "" if e.kind == "unit" else e.name, e.base, e.height,
                        source=f"BSData {cat.edition} ed. {cat.title}"))  # fmt: skip
            elif e.kind == "mount":
                mounts[(cat.edition, cat.army)].add(e.name)
    for key, flag in past_characters.items():
        characters.setdefault(key, flag)
    for row in sized.values():
        put(row)
    if armycreator is not None:
        for row in armycreator_rows(armycreator):
            put(row)
    if fielded is not None:
        for (army, unit), _ in fielded.units.items():
            book[("3rd", army)].add(unit)
            is_char = fielded.category.get((army, unit), "") == CHARACTERS
            characters[("3rd", army, norm(unit))] = is_char or characters.get(
                ("3rd", army, norm(unit)), False
            )
        for army, _, mount in fielded.mounts:
            if not ON_FOOT.match(mount):
                mounts[("3rd", army)].add(mount)
    _third_from_second(table, book, mounts)
    if fielded is not None:
        _machines(table, fielded)
    # The Character flag of the book, for every army alike.
    out = []
    for row in table.values():
        flag = characters.get((row.edition, row.army, norm(row.unit)))
        if row.unit != "*" and flag is not None:
            row = replace(row, character="yes" if flag else "")
        out.append(row)
    known = {(r.edition, r.army, norm(r.unit)) for r in out}
    for (edition, army), names in book.items():
        for name in sorted(names):
            if (
                characters.get((edition, army, norm(name)))
                and (edition, army, norm(name)) not in known
            ):
                out.append(Row(edition, army, name, character="yes", source=NO_BASE))
    return Build([_finished(r) for r in out], dict(book), conflicts)


def _third_from_second(
    table: dict[tuple[str, str, str, str], Row],
    book: dict[tuple[str, str], set[str]],
    mounts: dict[tuple[str, str], set[str]],
) -> None:
    """3rd-edition units and mounts without a size take the 2nd-edition size of
    the unit or mount of the same name in the same army."""
    second: dict[tuple[str, str], list[Row]] = defaultdict(list)
    for r in table.values():
        if r.edition == "2nd" and r.base:
            second[(r.army, norm(r.mount or r.unit))].append(r)
    wanted = [(k, n, False) for k, names in book.items() for n in names]
    wanted += [(k, n, True) for k, names in mounts.items() for n in names]
    for (edition, army), name, is_mount in sorted(wanted):
        if edition != "3rd":
            continue
        unit, mount = ("*", name) if is_mount else (name, "")
        key = ("3rd", army, norm(unit), norm(mount))
        if key in table and table[key].base:
            continue
        found = _same_name(second, army, name, prefer_mount=is_mount)
        if found is not None:
            spelt = "" if norm(found.mount or found.unit) in (norm(name), norm(name) + "s",
                                                              norm(name)[:-1]) else (
                f" '{found.mount or found.unit}'")  # fmt: skip
            source = f"{found.source.removeprefix('BSData ')}, same name{spelt}"
            table[key] = Row("3rd", army, unit, mount, found.base, found.height, source=source)


def _machines(table: dict[tuple[str, str, str, str], Row], fielded: Fielded) -> None:
    """A 3rd-edition artillery unit with no size of its own, whose list names its
    machine (Blackpowder Artillery with a Cannon), stands on the 2nd-edition base
    of the war machine of that name in the same army."""
    units: dict[tuple[str, str], Row] = {}
    for r in table.values():
        if r.edition == "2nd" and r.base and not r.mount:
            units.setdefault((r.army, norm(r.unit)), r)
    for army, unit, machine in sorted(fielded.weapons):
        own = table.get(("3rd", army, norm(unit), ""))
        found = units.get((army, norm(machine)))
        key = ("3rd", army, norm(unit), norm(machine))
        if (own is not None and own.base) or found is None or key in table:
            continue
        source = f"{found.source.removeprefix('BSData ')}, the war machine the list names"
        table[key] = Row("3rd", army, unit, machine, found.base, found.height, source=source)


def _same_name(
    second: dict[tuple[str, str], list[Row]], army: str, name: str, prefer_mount: bool
) -> Row | None:
    """The 2nd-edition row of the same name in ``army`` (a plural "s" aside, or
    spelt one letter apart in a name of 10 letters or more: 'Skink Guerrillas'
    and 'Skink Guerillas')."""
    k = norm(name)
    keys = [k, k[:-1] if k.endswith("s") else k + "s"]
    if len(k) >= 10:
        keys += [a for (ar, a) in second if ar == army and _one_apart(a, k)]
    for key in keys:
        rows = second.get((army, key), [])
        if rows:
            rows = sorted(
                rows, key=lambda r: (bool(r.mount) != prefer_mount, "ArmyCreator" in r.source)
            )
            return rows[0]
    return None


def _one_apart(a: str, b: str) -> bool:
    """One letter added, dropped or changed."""
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b, strict=True)) == 1
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))


def _finished(row: Row) -> Row:
    if not row.base:
        return replace(row, height="", frontage="1" if row.character else "")
    single = row.character or row.base.startswith("round") or row.unit == "*"
    frontage = row.frontage or str(1 if single else FULL_RANK.get(row.height or "standard", 5))
    return replace(row, height=row.height or "standard", frontage=frontage)


# -- coverage -------------------------------------------------------------------------


@dataclass(frozen=True)
class Cover:
    edition: str
    army: str
    book_units: int
    known: int
    fielded: float | None = None  # share of fielded units on a known base


def coverage(result: Build, fielded: Fielded | None) -> list[Cover]:
    from tabletop_gui.io.armylists.bases import read_table

    table = read_table(render(result.rows), "table")
    out = []
    for edition in ("2nd", "3rd"):
        for army in sorted(ARMIES.values()):
            names = result.book.get((edition, army), set())
            known = sum(1 for n in names if _base_known(table, n, army, edition))
            share = None
            if edition == "3rd" and fielded is not None:
                share = _fielded_share(table, fielded, army)
            out.append(Cover(edition, army, len(names), known, share))
    if fielded is not None:
        weight = Counter[str]()
        for (army, _), n in fielded.units.items():
            weight[army] += n
        third = [c for c in out if c.edition == "3rd"]
        overall = sum((c.fielded or 0) * weight[c.army] for c in third) / max(1, weight.total())
        books = sum(c.book_units for c in third), sum(c.known for c in third)
        out.append(Cover("3rd", "all sixteen armies", books[0], books[1], overall))
    return out


def _base_known(table: Any, unit: str, army: str, edition: str, mount: str = "") -> bool:
    """Whether the table gives ``unit`` (on ``mount``) a base of its own army and edition."""
    e = table.find(unit, army, edition, (mount,) if mount else ())
    if e is None or (mount and not e.mount):
        return False
    return norm(e.army) == norm(army) and e.edition == edition


def _fielded_share(table: Any, fielded: Fielded, army: str) -> float:
    """Fielded units on a known base: a mounted Character by its mount, an
    artillery unit by its own base or its machine's, any other by its own."""
    parts = list(_fielded_parts(table, fielded, army))
    total = sum(n for *_, n, _ in parts)
    return sum(n for *_, n, known in parts if known) / total if total else 0.0


def _fielded_parts(table: Any, fielded: Fielded, army: str) -> Iterator[tuple[str, str, int, bool]]:
    """(unit, mount or machine, times fielded, base known) for the fielded units
    of ``army``: a unit's fieldings without a mount (or machine) counted apart
    from those on each mount."""
    for (a, unit), n in fielded.units.items():
        if a != army:
            continue
        own = _base_known(table, unit, army, "3rd")
        mounted = {m: c for (a2, u2, m), c in fielded.mounts.items() if a2 == a and u2 == unit}
        mounted = {m: c for m, c in mounted.items() if not ON_FOOT.match(m)}
        machines = {} if own else {
            m: c for (a2, u2, m), c in fielded.weapons.items() if a2 == a and u2 == unit
        }  # fmt: skip
        plain = n - sum(mounted.values()) - sum(machines.values())
        if plain:
            yield unit, "", plain, own
        for m, c in {**mounted, **machines}.items():
            yield unit, m, c, _base_known(table, unit, army, "3rd", m)


@dataclass(frozen=True)
class Gap:
    """A fielded unit (on a mount) whose base the table does not know."""

    army: str
    unit: str
    mount: str
    fielded: int
    share: float  # of the army's fielded units


def gaps(result: Build, fielded: Fielded) -> list[Gap]:
    """The fielded 3rd-edition units without a known base, most fielded first."""
    from tabletop_gui.io.armylists.bases import read_table

    table = read_table(render(result.rows), "table")
    out = []
    for army in sorted(ARMIES.values()):
        parts = list(_fielded_parts(table, fielded, army))
        total = sum(n for *_, n, _ in parts) or 1
        out += [Gap(army, u, m, n, n / total) for u, m, n, known in parts if not known and n > 0]
    return sorted(out, key=lambda g: (g.army, -g.fielded, g.unit, g.mount))


def gap_lines(found: list[Gap]) -> list[str]:
    return [
        f"missing: {g.army} / {g.unit}{' on ' + g.mount if g.mount else ''}: "
        f"{g.fielded} fielded ({100 * g.share:.1f}% of the army's)"
        for g in found
    ]


# -- output --------------------------------------------------------------------------------


def render(rows: list[Row], head: str = "") -> str:
    buf = io.StringIO()
    buf.write(head)
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(COLUMNS)
    for r in sorted(rows, key=lambda r: (r.edition, r.army, r.unit, r.mount)):
        writer.writerow([getattr(r, c) for c in COLUMNS])
    return buf.getvalue()


def coverage_lines(covers: list[Cover]) -> list[str]:
    lines = [
        f"{'edition':7} {'army':26} {'book units':>10} {'known':>6} {'share':>6} {'fielded':>8}"
    ]
    for c in covers:
        share = f"{100 * c.known / c.book_units:5.0f}%" if c.book_units else "     -"
        fielded = f"{100 * c.fielded:7.1f}%" if c.fielded is not None else "       -"
        lines.append(f"{c.edition:7} {c.army:26} {c.book_units:10} {c.known:6} {share} {fielded}")
    return lines


def source_kind(source: str) -> str:
    if source.endswith("same name") or ", same name '" in source:
        return "2nd-ed. size of the same name"
    if source.endswith("the war machine the list names"):
        return "2nd-ed. war machine the list names"
    if source.startswith(("BSData", "ArmyCreator")):
        return source.split(" ", 1)[0]
    if source.startswith(NO_BASE):
        return "Characters without a base"
    return "by hand"


def header(rows: list[Row], commit: str, fielded: Fielded | None, covers: list[Cover]) -> str:
    sources = Counter(source_kind(r.source) for r in rows)
    lines = [
        "The Ninth Age: base size, height class and default frontage of each unit.",
        "Made by tools/make_t9a_bases.py (its docstring names every source); edit",
        "  tools/t9a_bases_by_hand.csv or your own table (docs/army-lists.md), not this file.",
        "Facts only (names, army categories, bases, height classes); no text copied.",
        f"BSData The-9th-Age commit {commit or '?'}"
        + (f"; fielded lists: {fielded.lists} lists of {fielded.source}" if fielded else ""),
        "Rows by source kind: " + ", ".join(f"{k} {n}" for k, n in sorted(sources.items())),
        "Coverage: units of each army book with a known base, and (3rd edition) the",
        "  share of fielded units (mounted Characters with their mount) on a known base:",
        *("  " + line for line in coverage_lines(covers)),
        "Columns: edition; army; unit; mount (a list option that changes the base, unit",
        "  '*': any unit of the army); base in mm (WIDTHxDEPTH, frontage first, or",
        "  'round D'; empty: a Character whose base no source gives); height (standard,",
        "  large, gigantic); frontage (default models per rank); character (yes: the",
        "  book's Characters category, imported with Scoring cleared, docs/t9a.md); source.",
    ]
    return "".join(f"# {line}\n".replace("#  ", "#  ") for line in lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("bsdata", type=Path, help="a clone or git directory of BSData/The-9th-Age")
    parser.add_argument("--armycreator", type=Path, help="a clone of ArmyCreatorData")
    parser.add_argument("--fielded", type=Path, help="a clone of DarkSkyT9A/t9a-data")
    parser.add_argument("--commit", default="", help="the BSData commit read, for the header")
    parser.add_argument("-o", "--output", type=Path, default=OUT)
    parser.add_argument(
        "--missing", action="store_true",
        help="also print every fielded unit (on a mount) the table gives no base",
    )  # fmt: skip
    args = parser.parse_args(argv)
    if args.missing and not args.fielded:
        parser.error("--missing needs the fielded lists (--fielded)")
    commit = args.commit
    if not commit and _is_git(args.bsdata):
        commit = _git(args.bsdata, "rev-parse", "--short", "HEAD").strip()
    fielded = read_fielded(args.fielded) if args.fielded else None
    result = build(args.bsdata, args.armycreator, fielded)
    covers = coverage(result, fielded)
    args.output.write_text(
        render(result.rows, header(result.rows, commit, fielded, covers)), "utf-8"
    )
    print("\n".join(coverage_lines(covers)))
    for line in result.conflicts:
        print(f"conflict: {line}")
    if args.missing and fielded is not None:
        print("\n".join(gap_lines(gaps(result, fielded))))
    print(f"wrote {args.output} ({len(result.rows)} rows)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
