"""BattleScribe rosters: ``.ros`` (XML) and ``.rosz`` (a zip holding one ``.ros``).

Units are the selections of type "unit" of each force (a force's top-level
selection of type "model" is a one-model unit too). A unit's model count is the
sum of the ``number`` of its "model" selections (one when it has none); its
points add up every "pts" cost inside it. A "0 Size" profile gives Height and
Base: the unit's own, else its models', and a selected upgrade that has one (a
mount) replaces it. A "Characters" category marks a Character; a rule named
"Scoring" or "Not Scoring" says whether it is Scoring.

The XML is read with defusedxml and no DTD at all: entity declarations (billion
laughs), external entities and DTDs are refused with their line. A .rosz is read
in memory, never extracted: too many members, a member bigger than
MAX_ROSTER_BYTES once unpacked (read at most that much, whatever its header
claims), an encrypted member or several rosters are refused by name.
"""

from __future__ import annotations

import io
import lzma
import math
import re
import zipfile
import zlib
from collections.abc import Iterator
from typing import Any
from xml.etree.ElementTree import Element, ParseError, TreeBuilder

from defusedxml import (
    DefusedXmlException,
    DTDForbidden,
    EntitiesForbidden,
    ExternalReferenceForbidden,
)
from defusedxml.ElementTree import DefusedXMLParser

from tabletop_gui.io.armylists.model import ArmyList, BaseSize, ListedUnit, parse_base, parse_height
from tabletop_gui.io.armylists.text import MAX_MODELS, MAX_POINTS
from tabletop_gui.io.errors import FileFormatError
from tabletop_gui.model.pieces import HeightClass

FORMAT = "BattleScribe roster"
MAX_ROSTER_BYTES = 8 * 1024 * 1024
MAX_MEMBERS = 16
MAX_UNITS = 500
#: BattleScribe game system ids of The Ninth Age: Fantasy Battles, by edition.
EDITIONS = {"aa64-1e8e-66fc-9abf": "2nd", "8c9a-3026-84b4-cf16": "3rd"}
_LINE = "{tabletop_gui}line"
ZIP_MAGIC = b"PK\x03\x04"
#: What reading a damaged archive raises: its directory (BadZipFile, a negative
#: seek's ValueError, EOFError), a method it does not know (NotImplementedError),
#: a password (RuntimeError) or a damaged stream (zlib.error, lzma's, bz2's OSError).
ZIP_ERRORS = (
    zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, RuntimeError, OSError,
    EOFError, ValueError, zlib.error, lzma.LZMAError,
)  # fmt: skip
#: Elements nested deeper than this are refused before anything walks them (a
#: roster nests about 12 deep).
MAX_XML_DEPTH = 64


def looks_like_roster(data: bytes) -> bool:
    """A roster's XML, or a zip archive holding a ``.ros``; a zip archive that
    cannot be read (cut short, damaged) too, as the only archives this program
    imports are rosters: its reading says what is wrong with it."""
    if data.startswith(ZIP_MAGIC):
        try:
            with zipfile.ZipFile(io.BytesIO(data)) as zf:
                return any(n.lower().endswith(".ros") for n in zf.namelist())
        except ZIP_ERRORS:
            return True
    head = data[:4096].lstrip(b"\xef\xbb\xbf \t\r\n")
    return head.startswith(b"<") and b"<roster" in head


def parse_roster_bytes(data: bytes, source: str = "") -> ArmyList:
    """A .ros or .rosz as bytes."""
    if data.startswith(ZIP_MAGIC):
        member, data = _unzip(data, source)
        source = f"{source}:{member}" if source else member
    return parse_roster_xml(data, source)


def _unzip(data: bytes, source: str) -> tuple[str, bytes]:
    try:
        zf = zipfile.ZipFile(io.BytesIO(data))
    except ZIP_ERRORS as exc:
        raise FileFormatError("(zip)", _unreadable_zip(exc), source) from None
    with zf:
        infos = zf.infolist()
        if len(infos) > MAX_MEMBERS:
            raise FileFormatError(
                "(zip)", f"{len(infos)} members: a .rosz holds one roster", source
            )
        rosters = [i for i in infos if i.filename.lower().endswith(".ros") and not i.is_dir()]
        if not rosters:
            names = ", ".join(i.filename for i in infos) or "nothing"
            raise FileFormatError("(zip)", f"holds no .ros roster (it holds {names})", source)
        if len(rosters) > 1:
            names = ", ".join(i.filename for i in rosters)
            raise FileFormatError("(zip)", f"holds several rosters ({names}): one expected", source)
        info = rosters[0]
        where = f"member {info.filename!r}"
        if info.flag_bits & 0x1:
            raise FileFormatError(where, "is encrypted", source)
        limit = MAX_ROSTER_BYTES // (1024 * 1024)
        if info.file_size > MAX_ROSTER_BYTES:
            raise FileFormatError(
                where, f"unpacks to {info.file_size} bytes, more than {limit} MiB", source
            )
        try:
            with zf.open(info) as fh:
                out = fh.read(MAX_ROSTER_BYTES + 1)
        except ZIP_ERRORS as exc:  # a damaged stream: zlib, bz2 and lzma each say so their way
            raise FileFormatError(where, f"cannot be unpacked ({exc})", source) from None
        if len(out) > MAX_ROSTER_BYTES:
            raise FileFormatError(
                where, f"unpacks to more than {limit} MiB (its header claims less)", source
            )
        return info.filename, out


def _unreadable_zip(exc: BaseException) -> str:
    """Why a zip archive cannot be opened, for a person."""
    if isinstance(exc, zipfile.BadZipFile) and "not a zip file" in str(exc):
        why = (
            "its table of contents, at the end of a zip archive, is missing: "
            "the file is cut short or damaged"
        )
    else:
        why = f"it is damaged ({exc})"
    return (
        f"a zip archive that cannot be read: {why} (the archives this program imports "
        "are BattleScribe .rosz rosters)"
    )


def _refused_xml(exc: DefusedXmlException) -> str:
    """What a roster declared that is never read, in words (not the exception's repr)."""
    if isinstance(exc, DTDForbidden):
        what = f"a document type declaration (<!DOCTYPE {exc.name}>)"
    elif isinstance(exc, EntitiesForbidden):
        what = f"an entity declaration (<!ENTITY {exc.name}>)"
    elif isinstance(exc, ExternalReferenceForbidden):
        what = f"a reference to another file ({exc.sysid or exc.pubid or 'unnamed'})"
    else:
        what = "a declaration XML parsers can be attacked through"
    return (
        f"refused: {what}: a roster has none, and DTDs and entities are never read "
        "(they can make a file expand without end or read other files)"
    )


class _LineBuilder(TreeBuilder):
    """A tree builder that notes each element's line (for messages)."""

    parser: Any = None
    depth = 0

    def start(self, tag: str, attrs: dict[str, str]) -> Element:
        self.depth += 1
        line = self.parser.parser.CurrentLineNumber if self.parser is not None else "?"
        if self.depth > MAX_XML_DEPTH:
            raise FileFormatError(
                f"line {line}", f"elements nested more than {MAX_XML_DEPTH} deep: not a roster"
            )
        el = super().start(tag, attrs)
        el.set(_LINE, str(line))
        return el

    def end(self, tag: str) -> Element:
        self.depth -= 1
        return super().end(tag)


def _parse_xml(data: bytes, source: str) -> Element:
    if len(data) > MAX_ROSTER_BYTES:
        raise FileFormatError("(file)", "roster larger than 8 MiB", source)
    builder = _LineBuilder()
    parser = DefusedXMLParser(target=builder, forbid_dtd=True)
    builder.parser = parser
    try:
        parser.feed(data)
        root: Element = parser.close()
    except DefusedXmlException as exc:
        line = parser.parser.CurrentLineNumber
        raise FileFormatError(f"line {line}", _refused_xml(exc), source) from None
    except FileFormatError as exc:  # the builder's: nesting too deep
        raise FileFormatError(exc.path, exc.problem, source) from None
    except ParseError as exc:
        line, col = exc.position
        raise FileFormatError(
            f"line {line}, column {col}", f"not well-formed XML ({exc.msg})", source
        ) from None
    except LookupError as exc:  # the XML declaration names an encoding Python lacks
        raise FileFormatError(
            "line 1", f"the XML declaration names an encoding this program cannot read ({exc})",
            source,
        ) from None  # fmt: skip
    return root


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _children(el: Element, *path: str) -> Iterator[Element]:
    """Children along ``path`` of local names (namespace ignored)."""
    if not path:
        yield el
        return
    for child in el:
        if _local(child.tag) == path[0]:
            yield from _children(child, *path[1:])


def _line(el: Element) -> str:
    """'line 12' for XML; a tree built from JSON carries its path instead."""
    at = el.get(_LINE, "?")
    return f"line {at}" if at[:1].isdigit() or at == "?" else at


def _army_name(name: str) -> str:
    """'Undying Dynasties (Public Test - Hotfix 2)' / '... 2024' -> the army."""
    name = re.sub(r"\s*\(.*\)\s*$", "", " ".join(name.split()))
    return re.sub(r"\s+(?:19|20)\d\d\b.*$|\s+\d+(?:\.\d+)+\s*$", "", name)


def parse_roster_xml(data: bytes, source: str = "") -> ArmyList:
    return read_roster(_parse_xml(data, source), source)


def read_roster(root: Element, source: str = "", format: str = FORMAT) -> ArmyList:
    """An army list from a roster tree (elements named as in a .ros; the
    namespace is ignored), however it was read."""
    if _local(root.tag) != "roster":
        raise FileFormatError(
            _line(root), f"the root element is <{_local(root.tag)}>, not a <roster>", source
        )
    forces = list(_forces(root))
    if not forces:
        raise FileFormatError(_line(root), "the roster has no <force>", source)
    army = _army_name(forces[0].get("catalogueName", "")) or "unknown army"
    edition = EDITIONS.get(root.get("gameSystemId", ""))
    if edition is None:
        m = re.search(r"\b([23])(?:nd|rd)\b", root.get("gameSystemName", ""))
        edition = {"2": "2nd", "3": "3rd"}.get(m.group(1)) if m else None
    units: list[ListedUnit] = []
    notes: list[str] = []
    for force in forces:
        for sel in _children(force, "selections", "selection"):
            kind = sel.get("type", "")
            if kind in ("unit", "model"):
                units.append(_unit(sel, source, notes))
                if len(units) > MAX_UNITS:
                    raise FileFormatError(_line(sel), f"more than {MAX_UNITS} units", source)
    if not units:
        raise FileFormatError(_line(forces[0]), "no selection of type 'unit' in any force", source)
    total = _points(root, source)
    return ArmyList(
        player=" ".join(root.get("name", "").split()),
        army=army, units=tuple(units), format=format,
        total_points=int(total) if total is not None else None,
        edition=edition, notes=tuple(notes),
    )  # fmt: skip


def _forces(el: Element) -> Iterator[Element]:
    for force in _children(el, "forces", "force"):
        yield force
        yield from _forces(force)


def _points(el: Element, source: str, what: str = "") -> float | None:
    """The points ``el``'s costs give (None: no points cost); a cost that is no
    number of points (``1e309``, ``nan``, text) is refused by its line."""
    for cost in _children(el, "costs", "cost"):
        if cost.get("name", "").strip().lower() in ("pts", "points"):
            raw = cost.get("value", "").strip()
            try:
                value = float(raw)
            except ValueError:
                value = math.nan
            if not (math.isfinite(value) and abs(value) <= MAX_POINTS):
                raise FileFormatError(
                    f"{_line(cost)}{what}",
                    f"cost {raw!r} is not a number of points (0 to {MAX_POINTS:,})",
                    source,
                )
            return value
    return None


def _number(sel: Element, source: str, notes: list[str], unit: str) -> int:
    """A selection's ``number``; one, with a note naming it, when it has none (a
    JSON export can leave it out, and one model is only a guess)."""
    if sel.get("number") is None:
        what = sel.get("type") or "selection"
        own = f" of unit {unit!r}" if sel.get("name", "") != unit else ""
        notes.append(
            f"{_line(sel)}: {what} {sel.get('name', '')!r}{own} gives no number of models: "
            "1 assumed (check the unit's models in the Inspector)"
        )
        return 1
    raw = sel.get("number", "1").strip()
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not (value.is_integer() and 0 <= value <= MAX_MODELS):
        raise FileFormatError(
            _line(sel),
            f"selection {sel.get('name', '')!r}: number {raw!r} is not a whole number "
            f"from 0 to {MAX_MODELS}",
            source,
        )
    return int(value)


def _descendants(sel: Element) -> Iterator[Element]:
    """Selections inside ``sel`` (not inside a nested unit)."""
    for child in _children(sel, "selections", "selection"):
        yield child
        if child.get("type") != "unit":
            yield from _descendants(child)


def _size(el: Element) -> tuple[Element, dict[str, tuple[str, Element]]] | None:
    for profile in _children(el, "profiles", "profile"):
        if profile.get("typeName", "").strip().lower() == "0 size":
            chars = {
                c.get("name", "").strip().lower(): ((c.text or "").strip(), c)
                for c in _children(profile, "characteristics", "characteristic")
            }
            return profile, chars
    return None


def _unit(sel: Element, source: str, notes: list[str]) -> ListedUnit:
    name = " ".join(sel.get("name", "").replace("\u200b", "").split())
    where = f"{_line(sel)}, selection {name!r}"
    if not name:
        raise FileFormatError(_line(sel), "a unit selection without a name", source)
    inner = list(_descendants(sel))
    if sel.get("type") == "model":
        models = _number(sel, source, notes, name)
    else:
        counts = [_number(s, source, notes, name) for s in inner if s.get("type") == "model"]
        models = sum(counts) if counts else _number(sel, source, notes, name)
    if not 1 <= models <= MAX_MODELS:
        raise FileFormatError(
            _line(sel), f"unit {name!r} has {models} models: 1 to {MAX_MODELS} expected", source
        )
    points = sum(
        p for s in [sel, *inner] if (p := _points(s, source, f", selection {name!r}")) is not None
    )
    options = tuple(
        s.get("name", "") for s in inner if s.get("type") == "upgrade" and s.get("name")
    )
    base: BaseSize | None = None
    height: HeightClass | None = None
    # The unit's own size, else its models'; then a selected upgrade with a size (a mount).
    holders = [sel, *(s for s in inner if s.get("type") == "model")]
    upgrades = [s for s in inner if s.get("type") == "upgrade"]
    found = next((sz for h in holders if (sz := _size(h))), None)
    mount = next((sz for u in upgrades if (sz := _size(u))), None)
    for size in (found, mount):
        if size is None:
            continue
        profile, chars = size
        if "base" in chars:
            text, el = chars["base"]
            try:
                base = parse_base(text)
            except ValueError as exc:
                notes.append(f"{_line(el)}: {profile.get('name', '0 Size')!r}: {exc}; ignored")
        if "height" in chars:
            height = parse_height(chars["height"][0]) or height
    cats = {c.get("name", "").strip().lower() for c in _children(sel, "categories", "category")}
    rules = {r.get("name", "").strip().lower() for r in _children(sel, "rules", "rule")}
    scoring = (
        True if "scoring" in rules else False if rules & {"not scoring", "non-scoring"} else None
    )
    return ListedUnit(
        name, models, where, int(points) if points else None, options, base, height,
        scoring, True if "characters" in cats or "character" in cats else None,
    )  # fmt: skip
