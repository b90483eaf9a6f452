"""The text export of The Ninth Age army builders (New Recruit's "copy as text").

    Anna - Kingdom of Equitaine
    310 - 20 Men-at-Arms, Spear, Standard Bearer
    240 - Duke, General, Great Weapon
    550

A first line ``Player - Army``, one line per unit ``POINTS - [N ]Unit Name,
option, option...`` (no number: one model; an option may hold commas inside
parentheses; "，", "、" and "،" separate as "," does), then the total. Spacing,
tabs, blank lines, "pts" after numbers and en or em dashes are taken as they come;
any other line is named as unreadable.
"""

from __future__ import annotations

import re

from tabletop_gui.io.armylists.model import ArmyList, ListedUnit
from tabletop_gui.io.errors import FileFormatError

FORMAT = "New Recruit text export"

_DASH = r"[-–—]"
#: A number of points as lists write it: 1650, or in groups of three digits after
#: a space, comma, point or apostrophe (1 650, 1,650, 1.650, 1'650).
_NUMBER = r"(\d{1,3}(?:[ ,.'’]\d{3})+|\d+)"
_POINTS = rf"{_NUMBER}\s*(?:pts?\.?|points)?"
_UNIT = re.compile(rf"^{_POINTS}\s*{_DASH}\s*(.*)$", re.IGNORECASE)
#: The total: "1650", "Total: 1 650 pts", "Total : 1650", "TOTAL = 1650 points",
#: "Total points: 1650", "Points: 1650".
_TOTAL = re.compile(rf"^(?:(?:total(?:\s+points)?|points)\s*[:=]?\s*)?{_POINTS}$", re.IGNORECASE)
#: A line that says it is the total, read or not.
_TOTAL_WORD = re.compile(r"^total\b", re.IGNORECASE)
_HEADER = re.compile(rf"^(.*?)\s+{_DASH}\s+(.+)$")
_COUNT = re.compile(r"^(\d+)\s*[x×]?\s+(\S.*)$")
#: No real unit has more models (a bigger count is a typo).
MAX_MODELS = 500
#: No list costs more points (a larger cost is no number of points).
MAX_POINTS = 1_000_000
MAX_LINES = 2000


def decode_text(data: bytes) -> str:
    """UTF-8 (with or without a byte order mark), else Latin-1; line endings unified."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _lines(text: str) -> list[tuple[int, str]]:
    """(line number, text without surrounding and repeated spaces) for non-blank lines."""
    out = []
    for n, raw in enumerate(text.split("\n"), start=1):
        line = " ".join(raw.replace("\u00a0", " ").split())
        if line:
            out.append((n, line))
    return out


def looks_like_text_list(data: bytes) -> bool:
    """A header line and at least one unit line near the top; or a ``Player -
    Army`` header with nothing after it but a total (a list without its units,
    read to be told so by its line, as the window tells it)."""
    if b"\0" in data[:4096]:
        return False
    lines = _lines(decode_text(data[:65536]))[:40]
    if not lines or _UNIT.match(lines[0][1]):
        return False
    if any(_UNIT.match(line) for _, line in lines[1:]):
        return True
    return bool(_HEADER.match(lines[0][1])) and all(_TOTAL.match(line) for _, line in lines[1:])


#: What separates the items of a list in the scripts a list may be written in:
#: the comma, the full-width and small commas (Chinese, Japanese, Korean), the
#: ideographic comma "、" and its half-width form, the Arabic comma.
SEPARATORS = frozenset(",\uff0c\ufe50\u3001\uff64\ufe51\u060c")
_OPENING = frozenset("([{\uff08\uff3b\uff5b\u3010\u3014")
_CLOSING = frozenset(")]}\uff09\uff3d\uff5d\u3011\u3015")


def split_options(text: str) -> list[str]:
    """Split at commas outside parentheses/brackets: ``Banner (A, B), Spear`` -> 2;
    a full-width "，", an ideographic "、" or an Arabic "،" separates as "," does,
    and full-width brackets hold their commas as ASCII ones do."""
    parts: list[str] = []
    current: list[str] = []
    depth = 0
    for ch in text:
        if ch in _OPENING:
            depth += 1
        elif ch in _CLOSING and depth:
            depth -= 1
        if ch in SEPARATORS and depth == 0:
            parts.append("".join(current).strip())
            current = []
        else:
            current.append(ch)
    parts.append("".join(current).strip())
    return [p for p in parts if p]


def parse_text_list(text: str, source: str = "") -> ArmyList:
    lines = _lines(text)
    if not lines:
        raise FileFormatError("(file)", "empty: no army list", source)
    if len(text.split("\n")) > MAX_LINES:
        raise FileFormatError("(file)", f"more than {MAX_LINES} lines: not an army list", source)
    n0, header = lines[0]
    if _UNIT.match(header):
        raise FileFormatError(
            f"line {n0}", "the first line should be 'Player - Army', not a unit", source
        )
    m = _HEADER.match(header)
    player, army = (m.group(1).strip(), m.group(2).strip()) if m else ("", header)
    units: list[ListedUnit] = []
    total: int | None = None
    unread: list[str] = []
    for n, line in lines[1:]:
        where = f"line {n}"
        tm = _TOTAL.match(line)
        if tm and total is None and units:
            total = _points(tm.group(1), where, source)
            continue
        if _TOTAL_WORD.match(line) and total is None and units:
            # A total spelt in a way not read: it checks the units, so it is said
            # and left out; the list still reads.
            unread.append(f"{where}: cannot read the total {line!r}: left out")
            continue
        um = _UNIT.match(line)
        if not um or total is not None:
            after = " after the total" if total is not None else ""
            raise FileFormatError(
                where,
                f"cannot read {line!r}{after}: expected 'POINTS - [N ]Unit Name, option, ...'",
                source,
            )
        units.append(_unit(_points(um.group(1), where, source), um.group(2), where, source))
    if not units:
        raise FileFormatError(
            f"line {n0}", f"{header!r} is followed by no unit line ('POINTS - Unit Name')", source
        )
    notes = unread
    added = sum(u.points or 0 for u in units)
    if total is not None and total != added:
        notes.append(f"the list's total is {total} points but its units add up to {added}")
    if total is None and not text.endswith(("\n", "\r")):
        # A file saved half-way ends in the middle of a line, with no total to
        # show the units missing: said, as the list still reads.
        notes.append(
            f"the list ends in the middle of line {lines[-1][0]} with no total: "
            "is it whole? (a list cut short loses its last units)"
        )
    return ArmyList(player, army, tuple(units), FORMAT, total, notes=tuple(notes))


def _points(text: str, where: str, source: str) -> int:
    """'1 650', '1,650', '1650' -> 1650; a number past MAX_POINTS (a typo, or 5,000
    digits Python would refuse to read) is refused naming the line."""
    digits = re.sub(r"\D", "", text).lstrip("0") or "0"
    if len(digits) > len(str(MAX_POINTS)) or int(digits) > MAX_POINTS:
        shown = text if len(text) <= 20 else f"{text[:12]}... ({len(digits):,} digits)"
        raise FileFormatError(
            where, f"{shown!r} is not a number of points (0 to {MAX_POINTS:,})", source
        )
    return int(digits)


def _unit(points: int, rest: str, where: str, source: str) -> ListedUnit:
    parts = split_options(rest)
    if not parts:
        raise FileFormatError(where, "a unit line without a unit name", source)
    head, options = parts[0], tuple(parts[1:])
    models = 1
    cm = _COUNT.match(head)
    if cm:
        count = cm.group(1).lstrip("0") or "0"
        if len(count) > len(str(MAX_MODELS)):  # no int() of 5,000 digits
            shown = f"{count[:12]}... ({len(count):,} digits)" if len(count) > 20 else count
            raise FileFormatError(where, f"{shown} models: a unit has 1 to {MAX_MODELS}", source)
        models, head = int(count), cm.group(2).strip()
    if not 1 <= models <= MAX_MODELS:
        raise FileFormatError(where, f"{models} models: a unit has 1 to {MAX_MODELS}", source)
    if not re.search(r"[^\W\d_]", head):
        raise FileFormatError(where, f"{head!r} is not a unit name", source)
    return ListedUnit(head, models, where, points, options)
