"""New Recruit's JSON export: the BattleScribe roster schema written as JSON.

    {"roster": {"name": "...", "gameSystemId": "...", "costs": [{"name": "pts", "value": 4500}],
                "forces": [{"catalogueName": "Infernal Dwarves", "selections": [
                    {"name": "Prophet", "type": "unit", "number": 1,
                     "categories": [{"name": "Characters", "primary": true}],
                     "profiles": [{"typeName": "0 Size", "characteristics":
                         [{"name": "Base", "$text": "20×20"}]}],
                     "selections": [...], "costs": [...]}]}]}}

The JSON becomes the same tree a ``.ros`` gives (an object is an element, its
plain values attributes, a list ``selections`` a ``selections`` element holding
``selection`` elements, ``$text`` the element's text) and is read by
``roster.read_roster``: units, models, points, sizes, Characters and Scoring
come out exactly as from a ``.ros``. Problems are named by their place in the
JSON (``forces[0].selections[3]``).
"""

from __future__ import annotations

import json
import re
from typing import Any
from xml.etree.ElementTree import Element

from tabletop_gui.io.armylists.model import ArmyList
from tabletop_gui.io.armylists.roster import _LINE, read_roster
from tabletop_gui.io.armylists.text import decode_text
from tabletop_gui.io.codec import json_value
from tabletop_gui.io.errors import FileFormatError, json_error

FORMAT = "New Recruit JSON export"
#: Deeper than any roster (a roster nests a few levels per unit).
MAX_DEPTH = 64
_HEAD = re.compile(rb'^\s*\{\s*"roster"\s*:')


def looks_like_nr_json(data: bytes) -> bool:
    """A JSON object whose first key is ``roster``, as New Recruit writes it."""
    return _HEAD.match(data[:4096].removeprefix(b"\xef\xbb\xbf")) is not None


def parse_nr_json(data: bytes, source: str = "") -> ArmyList:
    text = decode_text(data)
    try:
        doc = json_value(text)
    except json.JSONDecodeError as exc:
        raise json_error(exc, source) from None
    except RecursionError:
        raise FileFormatError("(file)", "JSON nested too deeply to be a roster", source) from None
    roster = doc.get("roster") if isinstance(doc, dict) else None
    if not isinstance(roster, dict):
        raise FileFormatError("(file)", 'a JSON roster has a "roster" object at its top', source)
    return read_roster(_element("roster", roster, "roster", 0, source), source, FORMAT)


def _singular(key: str) -> str:
    return key[:-3] + "y" if key.endswith("ies") else key[:-1] if key.endswith("s") else key


def _element(tag: str, obj: dict[str, Any], path: str, depth: int, source: str) -> Element:
    if depth > MAX_DEPTH:
        raise FileFormatError(path, f"nested more than {MAX_DEPTH} levels deep", source)
    el = Element(tag)
    el.set(_LINE, path)
    for key, value in obj.items():
        if key == "$text":
            el.text = "" if value is None else str(value)
        elif isinstance(value, bool):
            el.set(key, "true" if value else "false")
        elif isinstance(value, str | int | float):
            el.set(key, str(value))
        elif isinstance(value, dict):
            el.append(_element(key, value, f"{path}.{key}", depth + 1, source))
        elif isinstance(value, list):
            holder = Element(key)
            holder.set(_LINE, f"{path}.{key}")
            for i, item in enumerate(value):
                if isinstance(item, dict):
                    holder.append(
                        _element(_singular(key), item, f"{path}.{key}[{i}]", depth + 1, source)
                    )
            el.append(holder)
    return el
