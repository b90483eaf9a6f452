"""A Tabletop Simulator save read safely: the objects on the table with where
they stand, what this program wrote into it (piece ids, the game on the plate).

Objects inside other objects (a bag's or a deck's contents, an object's other
states, objects attached to another) are not on the table: they are counted and
skipped. A save is refused, naming the JSON path, when it is not JSON, too large,
nested too deep, has too many objects, a value of the wrong type, or a position
that is not a finite number; the same words as ``io.game_file`` uses."""

from __future__ import annotations

import json
import math
from collections import Counter
from dataclasses import replace
from typing import Any

from tabletop_gui.io.codec import parse_float, parse_int
from tabletop_gui.io.errors import FileFormatError, json_error, not_text
from tabletop_gui.io.game_file import game_from_json
from tabletop_gui.io.tts.hidden import marker_names
from tabletop_gui.io.tts.write import (
    ID_PREFIX,
    MEMO_FORMAT,
    MEMO_VERSIONS_READ,
    PLATE_NOTE,
    TABLE_NOTE,
)
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model import limits
from tabletop_gui.model.game import Game
from tabletop_gui.model.names import elided

#: A save larger than this is not read (a big community mod is a few tens of MB).
MAX_SAVE_BYTES = limits.MAX_FILE_BYTES
#: Lists and objects nested deeper than this (a bag in a bag adds two levels).
MAX_SAVE_DEPTH = 64
#: Objects in a save, counting those inside bags and decks.
MAX_OBJECTS = 200_000
#: Keys under which an object holds objects that are not on the table.
NESTED_KEYS = ("ContainedObjects", "ChildObjects", "States")
TRANSFORM_KEYS = ("posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ")
#: Text fields read, and their longest length.
TEXT_FIELDS = (
    ("GUID", limits.MAX_TEXT),
    ("Name", limits.MAX_TEXT),
    ("Nickname", limits.MAX_TEXT),
    ("Description", limits.MAX_NOTES),
    ("GMNotes", limits.MAX_NOTES),
    ("Memo", limits.MAX_FILE_BYTES),
)


@dataclass(frozen=True)
class TtsObject:
    """One object on the table. ``path`` is its place in the file
    (``ObjectStates[3]``); ``contains`` counts the objects inside it (skipped)."""

    path: str
    guid: str
    name: str
    nickname: str
    description: str
    gm_notes: str
    memo: str
    transform: dict[str, float]
    contains: int = 0
    #: The objects inside it with a name or a piece's id: (how: "inside",
    #: "attached to", "a state of"; Nickname; the id its Description carries or '').
    held: tuple[tuple[str, str, str], ...] = ()
    #: Another object on the table has the same GUID (a save edited by hand, an
    #: object pasted from another save): the GUID does not tell them apart.
    shared_guid: bool = False

    @property
    def piece_id(self) -> str | None:
        """The id this program wrote on the first line of the Description."""
        first = self.description.split("\n", 1)[0].strip()
        if first.startswith(ID_PREFIX):
            return first[len(ID_PREFIX) :].strip() or None
        return None

    @property
    def key(self) -> str:
        """What identifies it from one save to the next: its GUID (TTS keeps it),
        else (no GUID, or one another object has too) its place in the file."""
        return self.path if self.shared_guid else (self.guid or self.path)

    @property
    def label(self) -> str:
        """How a list names it: 'Orc Boyz (Custom_Model, 8c1f2a)' (a long name cut
        short: ``names.elided``)."""
        shown = elided(self.nickname.strip() or self.name or "(no name)")
        kind = elided(self.name, 30) if self.nickname.strip() else ""
        extra = ", ".join(p for p in (kind, elided(self.guid, 30)) if p)
        return f"{shown} ({extra})" if extra else shown

    @property
    def furniture(self) -> bool:
        """The table and the board plate of a save this program wrote."""
        return self.gm_notes in (PLATE_NOTE, TABLE_NOTE)

    @property
    def tilt(self) -> float:
        """How far it leans from upright, degrees (a block knocked on its side: 90)."""
        rx, rz = (self.transform[k] % 360.0 for k in ("rotX", "rotZ"))
        return max(min(rx, 360.0 - rx), min(rz, 360.0 - rz))


@dataclass(frozen=True)
class TtsSave:
    """A save's name, the objects on its table, how many objects it holds inside
    others (skipped), and the game this program wrote on its plate (or None).
    ``withheld``: the markers whose values that game leaves out (face down when
    the save was written; the game file has them)."""

    name: str
    objects: tuple[TtsObject, ...]
    skipped: int
    game: Game | None
    written_here: bool
    withheld: tuple[str, ...] = ()

    def withheld_names(self) -> str:
        """The markers whose values the save leaves out, by name: 'Sunken Relic'."""
        return marker_names(self.game, self.withheld)


def looks_like_save(data: bytes) -> bool:
    """Whether ``data`` is a TTS save or saved object: a JSON object with an
    ``ObjectStates`` list (told from the content; the name is never asked)."""
    head = data[:64].lstrip(b"\xef\xbb\xbf \t\r\n")
    return head.startswith(b"{") and b'"ObjectStates"' in data


def read_save(data: bytes, source: str = "") -> TtsSave:
    """The save in ``data``. Raises FileFormatError naming the path of a problem."""
    try:
        return _read(data)
    except FileFormatError as exc:
        raise FileFormatError(exc.path, exc.problem, source) from None


def _read(data: bytes) -> TtsSave:
    if len(data) > MAX_SAVE_BYTES:
        raise FileFormatError(
            "(file)", f"larger than the limit of {MAX_SAVE_BYTES // 2**20} MB for a save"
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise not_text(data, exc.start) from None
    try:
        top = json.loads(
            text, parse_int=parse_int, parse_float=parse_float, parse_constant=_constant
        )
    except json.JSONDecodeError as exc:
        raise json_error(exc) from None
    except RecursionError:
        raise FileFormatError("(file)", f"nested more than {MAX_SAVE_DEPTH} levels deep") from None
    if not isinstance(top, dict):
        raise FileFormatError("(file)", "expected a JSON object at the top (a TTS save)")
    _check_depth(top)
    states = top.get("ObjectStates")
    if not isinstance(states, list):
        raise FileFormatError("ObjectStates", "expected a list of objects (a TTS save)")
    name = top.get("SaveName", "")
    if not isinstance(name, str):
        raise FileFormatError("SaveName", f"expected text, got {_kind(name)}")
    if len(name) > limits.MAX_TEXT:
        raise FileFormatError("SaveName", limits.text_problem(name) or "too long")
    if len(states) > MAX_OBJECTS:
        _too_many(len(states))
    objects = _shared_guids(
        tuple(_object(item, f"ObjectStates[{i}]") for i, item in enumerate(states))
    )
    skipped = sum(o.contains for o in objects)
    if len(objects) + skipped > MAX_OBJECTS:
        _too_many(len(objects) + skipped)
    game, written_here, withheld = _game_on_plate(objects)
    written_here = written_here or any(o.piece_id for o in objects)
    return TtsSave(name, objects, skipped, game, written_here, withheld)


def _shared_guids(objects: tuple[TtsObject, ...]) -> tuple[TtsObject, ...]:
    """``objects`` with those whose GUID another object has marked ``shared_guid``."""
    count = Counter(o.guid for o in objects if o.guid)
    if all(n == 1 for n in count.values()):
        return objects
    return tuple(replace(o, shared_guid=True) if count[o.guid] > 1 else o for o in objects)


def _too_many(total: int) -> None:
    raise FileFormatError(
        "ObjectStates",
        f"{total:,} objects (with those in bags and decks), more than the limit of {MAX_OBJECTS:,}",
    )


def _constant(name: str) -> float:
    """``json.loads`` hook for NaN and Infinity (not JSON, but Python reads them):
    they are kept, and refused where a position needs a number."""
    return math.nan if name == "NaN" else (math.inf if name == "Infinity" else -math.inf)


def _check_depth(top: Any) -> None:
    """Refuse nesting past MAX_SAVE_DEPTH, naming where (walked without recursion;
    the path is only worked out for a save that is refused)."""
    stack: list[tuple[Any, int]] = [(top, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_SAVE_DEPTH:
            path = _path_deeper_than(top, MAX_SAVE_DEPTH)
            raise FileFormatError(path, f"nested more than {MAX_SAVE_DEPTH} levels deep")
        items = value.values() if isinstance(value, dict) else value
        stack.extend((v, depth + 1) for v in items if isinstance(v, dict | list))


def _path_deeper_than(top: Any, limit: int) -> str:
    """The JSON path of the first value nested deeper than ``limit``."""
    stack: list[tuple[Any, str, int]] = [(top, "", 1)]
    while stack:
        value, path, depth = stack.pop()
        if depth > limit:
            return path or "(file)"
        pairs = value.items() if isinstance(value, dict) else enumerate(value)
        for k, v in pairs:
            if isinstance(v, dict | list):
                inner = (
                    f"{path}[{k}]"
                    if isinstance(value, list)
                    else (f"{path}.{k}" if path else str(k))
                )
                stack.append((v, inner, depth + 1))
    return "(file)"


#: How a note says where an object held by another is, by the key that holds it.
HELD_HOW = {"ContainedObjects": "inside", "ChildObjects": "attached to", "States": "a state of"}


def _count(states: list[Any], how: str, held: list[tuple[str, str, str]]) -> int:
    """Objects in ``states`` and, inside each, in its bags, decks and states;
    each with a Nickname or a piece's id is added to ``held`` (with ``how``)."""
    total = 0
    stack: list[Any] = [states]
    while stack:
        value = stack.pop()
        items = value.values() if isinstance(value, dict) else value
        for item in items:
            if not isinstance(item, dict):
                continue
            total += 1
            nickname, description = item.get("Nickname"), item.get("Description")
            name = nickname.strip() if isinstance(nickname, str) else ""
            first = description.split("\n", 1)[0].strip() if isinstance(description, str) else ""
            pid = first[len(ID_PREFIX) :].strip() if first.startswith(ID_PREFIX) else ""
            if (name or pid) and len(name) <= limits.MAX_TEXT and len(pid) <= limits.MAX_TEXT:
                held.append((how, name, pid))
            for key in NESTED_KEYS:
                inner = item.get(key)
                if isinstance(inner, list | dict):
                    stack.append(inner)
    return total


def _object(item: Any, path: str) -> TtsObject:
    if not isinstance(item, dict):
        raise FileFormatError(path, f"expected an object, got {_kind(item)}")
    texts: dict[str, str] = {}
    for key, longest in TEXT_FIELDS:
        value = item.get(key, "")
        if value is None:
            value = ""
        if not isinstance(value, str):
            raise FileFormatError(f"{path}.{key}", f"expected text, got {_kind(value)}")
        if len(value) > longest:
            raise FileFormatError(
                f"{path}.{key}",
                f"text of {len(value):,} characters is longer than the limit of {longest:,}",
            )
        texts[key] = value
    transform = item.get("Transform")
    if not isinstance(transform, dict):
        what = "missing" if transform is None else f"expected an object, got {_kind(transform)}"
        raise FileFormatError(f"{path}.Transform", what)
    numbers: dict[str, float] = {}
    for key in TRANSFORM_KEYS:
        value = transform.get(key, 1.0 if key.startswith("scale") else 0.0)
        where = f"{path}.Transform.{key}"
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise FileFormatError(where, f"expected a number, got {_kind(value)}")
        if not math.isfinite(value):
            raise FileFormatError(where, f"not a finite number ({value})")
        if abs(value) > limits.MAX_NUMBER:
            raise FileFormatError(where, limits.above(abs(value), limits.MAX_NUMBER) or "too large")
        numbers[key] = float(value)
    contains = 0
    held: list[tuple[str, str, str]] = []
    for key in NESTED_KEYS:
        inner = item.get(key)
        if inner is None:
            continue
        if not isinstance(inner, list | dict):
            raise FileFormatError(f"{path}.{key}", f"expected a list, got {_kind(inner)}")
        listed = list(inner.values()) if isinstance(inner, dict) else inner
        contains += _count(listed, HELD_HOW[key], held)
    return TtsObject(
        path=path,
        guid=texts["GUID"],
        name=texts["Name"],
        nickname=texts["Nickname"],
        description=texts["Description"],
        gm_notes=texts["GMNotes"],
        memo=texts["Memo"],
        transform=numbers,
        contains=contains,
        held=tuple(held),
    )


def _game_on_plate(
    objects: tuple[TtsObject, ...],
) -> tuple[Game | None, bool, tuple[str, ...]]:
    """The game this program wrote in the board plate's Memo (None if the plate
    or its Memo is gone: TTS versions before the Memo field drop it), whether the
    save was written here, and the markers whose values the game leaves out."""
    for obj in objects:
        if obj.gm_notes != PLATE_NOTE:
            continue
        if not obj.memo:
            return None, True, ()
        where = f"{obj.path}.Memo"
        try:
            memo = json.loads(obj.memo, parse_int=parse_int, parse_float=parse_float)
        except (json.JSONDecodeError, RecursionError):
            raise FileFormatError(where, "not the game this program wrote (not JSON)") from None
        if not isinstance(memo, dict) or memo.get("format") != MEMO_FORMAT:
            raise FileFormatError(where, f"expected {MEMO_FORMAT!r} data")
        version = memo.get("version")
        if isinstance(version, bool) or version not in MEMO_VERSIONS_READ:
            read = " and ".join(str(v) for v in MEMO_VERSIONS_READ)
            raise FileFormatError(
                f"{where}.version", f"this program reads versions {read}, got {version!r}"
            )
        withheld = _withheld(memo.get("withheld", []), f"{where}.withheld")
        try:
            game = game_from_json(memo.get("game"))
        except FileFormatError as exc:
            raise FileFormatError(f"{where}.game.{exc.path}", exc.problem) from None
        return game, True, withheld
    return None, False, ()


def _withheld(value: Any, where: str) -> tuple[str, ...]:
    """The Memo's ``withheld``: a list of marker ids (version 1 has none)."""
    if not isinstance(value, list):
        raise FileFormatError(where, f"expected a list of marker ids, got {_kind(value)}")
    if len(value) > limits.MAX_PIECES:
        raise FileFormatError(where, f"more than {limits.MAX_PIECES:,} markers")
    for i, item in enumerate(value):
        if not isinstance(item, str):
            raise FileFormatError(f"{where}[{i}]", f"expected text, got {_kind(item)}")
        if len(item) > limits.MAX_TEXT:
            raise FileFormatError(f"{where}[{i}]", limits.text_problem(item) or "too long")
    return tuple(value)


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__
