"""Every problem of a file at once (``validate``): the loader names the first
problem it meets; here each one is set aside (the field dropped so its default
applies, or the item dropped) and the file read again, until it reads or
nothing more can be set aside. Paths are the file's own (``units[3].x``), even
after earlier items were dropped. The log is replayed only up to its first
refusal: what follows depends on it."""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop_gui.io.errors import FileFormatError, LogRefusal
from tabletop_gui.io.game_file import game_from_json, loads

#: Lists of items at the top of a file, whose items can be set aside one by one.
LISTS = ("sides", "units", "markers", "terrain", "zones", "objectives", "events")
#: Lists inside the annotations, set aside item by item as the top lists are.
NESTED = ("annotations.rulers", "annotations.rings")
#: The lists whose items are pieces (a dropped one may be named by the log).
PIECE_LISTS = ("units", "markers", "terrain", "zones")
#: Objects at the top whose keys can be set aside (their defaults apply).
OBJECTS = ("settings", "board")
#: At most this many problems are reported (a file of garbage stops there).
MAX_PROBLEMS = 200

_TOKEN = re.compile(r"\[(\d+)\]|\.?([^.\[\]]+)")


@dataclass
class Report:
    """What ``problems_of`` found: every problem, and the first refusal of the log."""

    problems: list[FileFormatError] = field(default_factory=list)
    refusal: LogRefusal | None = None

    @property
    def ok(self) -> bool:
        return not self.problems


def problems_of_file(path: str | Path) -> Report:
    source = str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        return Report([FileFormatError("(file)", f"cannot read: {exc.strerror or exc}", source)])
    return problems_of(raw, source)


def problems_of(raw: str | bytes, source: str = "") -> Report:
    report = Report()
    try:
        loads(raw)
        return report
    except LogRefusal as exc:
        report.problems.append(_sourced(exc, source))
        report.refusal = exc
        return report
    except FileFormatError as first:
        if isinstance(raw, bytes):
            raw = raw.decode("utf-8-sig", errors="replace")
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError):
            report.problems.append(_sourced(first, source))
            return report
    return _collect(data, source, report)


def _collect(data: Any, source: str, report: Report) -> Report:
    if not isinstance(data, dict):
        report.problems.append(
            FileFormatError("(file)", "expected a JSON object at the top", source)
        )
        return report
    data = copy.deepcopy(data)
    dropped: dict[str, set[int]] = {key: set() for key in (*LISTS, *NESTED)}
    tried: set[str] = set()
    gone: set[str] = set()  # ids of the pieces set aside
    while len(report.problems) < MAX_PROBLEMS:
        try:
            game_from_json(_without(data, dropped))
            return report
        except LogRefusal as exc:
            index = _original(dropped, "events", exc.index)
            where = f"events[{index}]"
            named = sorted(pid for pid in gone if repr(pid) in exc.problem)
            problem = exc.problem
            if named:
                problem += f" ({', '.join(map(repr, named))} was set aside for a problem above)"
            report.problems.append(FileFormatError(where, problem, source))
            report.refusal = LogRefusal(where, exc.problem, source, index=index, game=exc.game)
            return report  # what follows depends on the refused event
        except FileFormatError as exc:
            tokens = _tokens(exc.path)
            path = _original_path(tokens, dropped)
            if path not in tried:  # else: the field set aside is required ("missing")
                report.problems.append(FileFormatError(path, exc.problem, source))
            if not _set_aside(data, tokens, path, dropped, tried, gone):
                return report
    return report


def _set_aside(
    data: dict[str, Any],
    tokens: list[str | int],
    path: str,
    dropped: dict[str, set[int]],
    tried: set[str],
    gone: set[str],
) -> bool:
    """Drop what ``tokens`` names so the next read goes past it; False when the
    problem cannot be set aside (the file is not a game at all)."""
    if not tokens or not isinstance(tokens[0], str):
        return False
    top = tokens[0]
    if top == "annotations" and top in data:
        key = f"annotations.{tokens[1]}" if len(tokens) >= 3 else ""
        if key in NESTED and isinstance(tokens[2], int):
            dropped[key].add(_original(dropped, key, tokens[2]))  # that ruler or ring
        else:
            del data[top]  # no rule reads them: the rest of the file still reads
        return True
    if top in LISTS and len(tokens) >= 2 and isinstance(tokens[1], int):
        index = _original(dropped, top, tokens[1])
        leaf = tokens[-1]
        if len(tokens) == 3 and isinstance(leaf, str) and path not in tried:
            item = data[top][index] if isinstance(data.get(top), list) else None
            if isinstance(item, dict) and leaf in item:
                tried.add(path)
                del item[leaf]  # its default applies, or the next read says "missing"
                return True
        if len(tokens) == 4 and tokens[2] == "params" and isinstance(leaf, str):
            item = data[top][index]
            params = item.get("params") if isinstance(item, dict) else None
            if isinstance(params, dict) and leaf in params:
                del params[leaf]
                return True
        dropped[top].add(index)
        item = data[top][index] if isinstance(data.get(top), list) else None
        if top in PIECE_LISTS and isinstance(item, dict) and isinstance(item.get("id"), str):
            gone.add(item["id"])
        return True
    if top in data and len(tokens) == 1 and top not in OBJECTS + LISTS:
        if top in ("format", "version", "family"):
            return False
        del data[top]  # an unknown field, or a bad name / deployment / notes
        return True
    if top in OBJECTS and len(tokens) >= 2 and isinstance(data.get(top), dict):
        name = tokens[1]
        if top == "board" or not isinstance(name, str) or name not in data[top]:
            return False
        del data[top][name]
        return True
    return False


def _without(data: dict[str, Any], dropped: dict[str, set[int]]) -> dict[str, Any]:
    out = dict(data)
    for key, gone in dropped.items():
        if not gone:
            continue
        if key in NESTED:
            notes = data.get("annotations")
            inner = key.split(".")[1]
            if isinstance(notes, dict) and isinstance(notes.get(inner), list):
                kept = [item for i, item in enumerate(notes[inner]) if i not in gone]
                out["annotations"] = {**out.get("annotations", notes), inner: kept}
        elif isinstance(data.get(key), list):
            out[key] = [item for i, item in enumerate(data[key]) if i not in gone]
    return out


def _original(dropped: dict[str, set[int]], key: str, index: int) -> int:
    """The file's index of item ``index`` of the list read with items dropped."""
    seen = -1
    i = -1
    while seen < index:
        i += 1
        if i not in dropped[key]:
            seen += 1
    return i


def _tokens(path: str) -> list[str | int]:
    if path.startswith("line ") or path == "(file)":
        return []
    return [int(n) if n is not None and n != "" else name for n, name in _TOKEN.findall(path)]


def _original_path(tokens: list[str | int], dropped: dict[str, set[int]]) -> str:
    if not tokens:
        return "(file)"
    parts = list(tokens)
    head = parts[0]
    if isinstance(head, str) and head in LISTS and len(parts) > 1 and isinstance(parts[1], int):
        parts[1] = _original(dropped, head, parts[1])
    nested = f"{head}.{parts[1]}" if len(parts) > 2 else ""
    if nested in NESTED and isinstance(parts[2], int):
        parts[2] = _original(dropped, nested, parts[2])
    text = ""
    for p in parts:
        text += f"[{p}]" if isinstance(p, int) else (f".{p}" if text else p)
    return text


def _sourced(exc: FileFormatError, source: str) -> FileFormatError:
    if isinstance(exc, LogRefusal):
        return LogRefusal(exc.path, exc.problem, source, index=exc.index, game=exc.game)
    return FileFormatError(exc.path, exc.problem, source)
