"""9th Builder's text export (9thbuilder.com, "Export in TXT format"):

    “Anna” - Kingdom of Equitaine
    --- Characters: 30.77% / 40% max (240pts/1400pts) ---
    240 - Duke , General , Barded Warhorse
    --- Core: 69.23% / 25% min (600pts/350pts) ---
    310 - 20x Men-at-Arms , Spear , Standard Bearer
    550

The player in quotes, the army (then, for an army with several, `` - `` and its
organisation), a ``--- Category: ... ---`` line opening each army category, the
unit lines of the New Recruit text export (``20x`` before the name) and the
total. The unit lines are read by ``text.parse_text_list``; a unit under the
Characters line is a Character.
"""

from __future__ import annotations

import re
from dataclasses import replace

from tabletop_gui.io.armylists.model import ArmyList
from tabletop_gui.io.armylists.text import decode_text, parse_text_list

FORMAT = "9th Builder text export"
_SECTION = re.compile(r"^\s*-{3}\s*(.+?)\s*:.*-{3}\s*$")
_PLAYER = re.compile(r"^\s*[“\"«](.*?)[”\"»]\s*[-–—]\s*(.+?)\s*$")


def looks_like_ninth_builder(data: bytes) -> bool:
    """A quoted player on the first line and a ``--- Category: ... ---`` line."""
    if b"\0" in data[:4096]:
        return False
    lines = [line for line in decode_text(data[:65536]).split("\n") if line.strip()][:60]
    return bool(lines) and bool(_PLAYER.match(lines[0])) and any(_SECTION.match(x) for x in lines)


def parse_ninth_builder(data: bytes, source: str = "") -> ArmyList:
    text = decode_text(data)
    lines = text.split("\n")
    section_of: dict[int, str] = {}
    section = ""
    for n, line in enumerate(lines, start=1):
        m = _SECTION.match(line)
        if m:
            section = m.group(1).strip()
            lines[n - 1] = ""  # read as a blank line: the unit lines keep their numbers
        else:
            section_of[n] = section
    army = parse_text_list("\n".join(lines), source)
    head = _PLAYER.match(next(line for line in lines if line.strip()))
    player, army_name = (head.group(1).strip(), head.group(2)) if head else (army.player, army.army)
    army_name = army_name.split(" - ")[0].strip()  # the organisation, when printed, follows
    units = tuple(
        replace(u, character=True) if section_of.get(_line_number(u.where)) == "Characters" else u
        for u in army.units
    )
    return replace(army, player=player, army=army_name, units=units, format=FORMAT)


def _line_number(where: str) -> int:
    m = re.match(r"line (\d+)", where)
    return int(m.group(1)) if m else 0
