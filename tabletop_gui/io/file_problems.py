"""Every problem of a file at once (``validate``), in one read and one replay:
the loader's own checks run once over the file (``io.reading.Collecting``),
each problem noted and what it names set aside (a field, so its default
applies, or its item), and the log is replayed once, up to its first refusal:
what follows depends on it. Paths are the file's own (``units[3].x``), even
after earlier items were set aside. Nesting deeper than any field may hold is
refused by its path before anything recurses into it.

Repeated problems are grouped: ``units[12..4999].side: unknown side 'x'
(4,988 units)`` (``Report.grouped``); so are the events flagged for review."""

from __future__ import annotations

import gc
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import field
from pathlib import Path
from typing import Any

import numpy as np

from tabletop_gui.io.errors import FileFormatError, LogRefusal
from tabletop_gui.io.game_file import game_from_json, parse
from tabletop_gui.io.reading import Collecting
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model import limits
from tabletop_gui.model.events import Event
from tabletop_gui.model.game import Game
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.engine import initial_state, review
from tabletop_gui.rules.review import Review

#: The lists of a file whose items are read one by one.
LISTS = ("sides", "units", "markers", "terrain", "zones", "objectives", "events")
#: Objects whose keys are read one by one (a free-form value may nest up to MAX_DEPTH).
OBJECTS = ("settings", "briefing", "board")
#: A value nested deeper than this below the top of the file is deeper than any
#: field may hold (free-form values: MAX_DEPTH below their field, which is at most
#: four levels down, ``objectives[0].params.radius``).
TOO_DEEP = limits.MAX_DEPTH + 6

_INDEX = re.compile(r"^(.*?)\[(\d+)\](.*)$")


@dataclass
class Report:
    """What ``problems_of`` found: every problem and the first refusal of the
    log; for a file that reads, the game, its state after the log and the
    events flagged for review (the one replay's)."""

    problems: list[FileFormatError] = field(default_factory=list)
    #: Problems past the ones kept (``reading.MAX_KEPT``): counted only.
    more: int = 0
    refusal: LogRefusal | None = None
    game: Game | None = None
    state: GameState | None = None
    #: The set-up as the game starts: the state before the event that starts
    #: the first turn, and that event's index (None: the log never starts it).
    start: tuple[int, GameState] | None = None
    #: The flags, in order: each its event's index in the file and its text's
    #: number in ``flag_texts`` (``rules.review.Found``).
    flag_events: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    flag_numbers: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    flag_texts: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def flagged(self) -> list[tuple[int, str]]:
        """(event index, flag) of each flag, in order."""
        texts = self.flag_texts
        return [(i, texts[n]) for i, n in zip(self.flag_events.tolist(),
                                              self.flag_numbers.tolist(), strict=True)]  # fmt: skip

    @property
    def flagged_events(self) -> int:
        """How many events have flags."""
        events = self.flag_events
        if events.size and bool(np.all(events[1:] >= events[:-1])):  # in order: as found
            return int(np.count_nonzero(events[1:] != events[:-1])) + 1
        return int(np.unique(events).size)

    def grouped(self) -> list[Group]:
        """The problems, each repeated one once with every place it was found."""
        return group((p.path, p.problem) for p in self.problems)

    def flag_groups(self) -> list[Group]:
        """The flags, each once with its events, in the order first found
        (``group``'s answer, found from the texts' numbers: a crowded log has
        a million flags)."""
        numbers = self.flag_numbers
        if not numbers.size:
            return []
        if len(self.flag_texts) <= 1 << 16:  # numpy sorts 16-bit numbers by radix
            numbers = numbers.astype(np.uint16)
        order = np.argsort(numbers, kind="stable")
        by_text = numbers[order]
        starts = np.flatnonzero(np.r_[True, by_text[1:] != by_text[:-1]])
        ends = np.r_[starts[1:], by_text.size]
        events = self.flag_events[order]
        groups = []
        for k in np.argsort(order[starts], kind="stable").tolist():  # first found first
            lo, hi = int(starts[k]), int(ends[k])
            text = self.flag_texts[int(by_text[lo])]
            groups.append(Group("events", "", text, events[lo:hi].tolist()))
        return groups


@dataclass
class Group:
    """One problem (or flag) at one or more places that differ by an index
    only: ``units[12..4999].side`` and how many items that is."""

    head: str
    tail: str
    problem: str
    indices: list[int] = field(default_factory=list)
    path: str = ""

    def where(self) -> str:
        if not self.indices:
            return self.path
        return f"{self.head}[{_runs(self.indices)}]{self.tail}"

    def count(self) -> str:
        n = len(self.indices)
        if n < 2:
            return ""
        noun = self.head.rsplit(".", 1)[-1] or "items"
        return f" ({n:,} {'terrain pieces' if noun == 'terrain' else noun})"

    def __str__(self) -> str:
        return f"{self.where()}: {self.problem}{self.count()}"

    def log_rows(self) -> str:
        """The game log's numbers of these events (it counts from 1, the file's
        list from 0): '13', '2..3001'."""
        return _runs([i + 1 for i in self.indices])


def group(found: Iterable[tuple[str, str]]) -> list[Group]:
    """Problems (path, text) grouped: the same text at paths that differ only in
    their first index is one group, in the order first found."""
    groups: dict[tuple[str, str, str], Group] = {}
    out: list[Group] = []
    for path, problem in found:
        m = _INDEX.match(path)
        if m is None:
            out.append(Group("", "", problem, path=path))
            continue
        head, index, tail = m.group(1), int(m.group(2)), m.group(3)
        key = (head, tail, problem)
        g = groups.get(key)
        if g is None:
            g = groups[key] = Group(head, tail, problem)
            out.append(g)
        g.indices.append(index)
    return out


def _runs(indices: list[int], most: int = 8) -> str:
    """'12..4999', '2..4, 7': contiguous runs; past ``most`` runs, '...'."""
    runs: list[list[int]] = []
    for i in sorted(set(indices)):
        if runs and i == runs[-1][1] + 1:
            runs[-1][1] = i
        else:
            runs.append([i, i])
    shown = [f"{a}" if a == b else f"{a}..{b}" for a, b in runs[:most]]
    return ", ".join(shown) + (", ..." if len(runs) > most else "")


def problems_of_file(path: str | Path) -> Report:
    source = str(path)
    try:
        with open(path, "rb") as fh:
            raw = fh.read(limits.MAX_FILE_BYTES + 1)
    except OSError as exc:
        return Report([FileFormatError("(file)", f"cannot read: {exc.strerror or exc}", source)])
    report = problems_of(raw, source)
    if not report.ok and report.refusal is None:
        # Another program's file (a TTS save): what it is and how to import it,
        # not every field a game file lacks.
        from tabletop_gui.io.other_programs import import_advice  # only for a bad file

        advice = import_advice(path)
        if advice is not None:
            return Report([advice])
    return report


def problems_of(raw: str | bytes, source: str = "") -> Report:
    report = Report()
    try:
        data = parse(raw)
    except FileFormatError as exc:
        report.problems.append(_sourced(exc, source))
        return report
    collecting = Collecting()
    for path, tokens in list(too_deep(data)) if isinstance(data, dict) else []:
        collecting.problem(
            FileFormatError(path, f"nested more than {limits.MAX_DEPTH} levels deep")
        )
        _remove(data, tokens)
    state: list[GameState] = []
    reviews: list[Review] = []

    def step(i: int, before: GameState, event: Event, after: GameState) -> None:
        if not collecting.found:  # a file with problems is not reviewed
            if not reviews:
                reviews.append(review(before.setup))
            reviews[0].step(i, before, event, after)
        state[:] = [after]
        if report.start is None and before.clock.turn == 0 and after.clock.turn != 0:
            report.start = (i, before)

    try:
        with _no_cycle_collection():
            game = game_from_json(data, step=step, problems=collecting)
    except LogRefusal as exc:
        index = collecting.original("events", exc.index)
        where = f"events[{index}]"
        named = sorted(pid for pid in collecting.gone if repr(pid) in exc.problem)
        problem = exc.problem
        if named:
            problem += f" ({', '.join(map(repr, named))} was set aside for a problem above)"
        # An event whose piece was set aside for a problem inside it (an add_piece's
        # unit with a wrong base) is refused for lacking it ("needs exactly one of
        # ..."): the problem named above, not said again. Any other refusal is its own.
        inside = re.compile(re.escape(where) + r"\.\w+[.\[]")
        if not any(inside.match(p.path) for p in collecting.found):
            collecting.found.append(FileFormatError(where, problem))
        report.refusal = LogRefusal(where, exc.problem, source, index=index, game=exc.game)
    except FileFormatError as exc:  # the rest of the file cannot be read without it
        collecting.found.append(exc)
    else:
        report.game = game
        report.state = state[0] if state else initial_state(game.setup)
        if reviews and not collecting.found:
            found = reviews[0].finish()
            events, report.flag_numbers = found.arrays()
            report.flag_events = _in_file(events, collecting)
            report.flag_texts = found.texts
    report.problems = [_sourced(p, source) for p in collecting.found]
    report.more = collecting.more
    if report.problems:
        report.flag_events = report.flag_numbers = np.zeros(0, dtype=np.int64)
        report.flag_texts = []
    return report


def _in_file(events: np.ndarray, collecting: Collecting) -> np.ndarray:
    """Events' indices in the file (each index found once)."""
    if not collecting.dropped.get("events") or not events.size:
        return events
    values, which = np.unique(events, return_inverse=True)
    return np.array([collecting.original("events", i) for i in values.tolist()])[which]


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """The cycle collector paused: a crowded log's review makes a million flags,
    none in a cycle, and each full collection walked all of them again (a fifth
    of the time of validate on 20,000 moves). What cycles the replay leaves are
    collected after it."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def too_deep(data: Any) -> Iterator[tuple[str, list[str | int]]]:
    """(path, tokens) of each field holding a value nested deeper than TOO_DEEP,
    found without recursion (the place to set aside: ``units[3].name``,
    ``settings.x``, ``objectives[0].params.radius``, ``annotations.rulers[2].note``)."""
    stack: list[tuple[Any, list[str | int]]] = [(data, [])]
    said: set[str] = set()
    while stack:
        node, tokens = stack.pop()
        if len(tokens) > TOO_DEEP:
            field_tokens = _field(tokens)
            path = _path(field_tokens)
            if path not in said:
                said.add(path)
                yield path, field_tokens
            continue
        values = node.values() if isinstance(node, dict) else node
        if _CONTAINERS.isdisjoint(map(type, values)):  # none nests further (found in C)
            continue
        pairs = node.items() if isinstance(node, dict) else enumerate(node)
        stack.extend((v, [*tokens, k]) for k, v in pairs if isinstance(v, dict | list))


#: What JSON nests: a parsed file's objects and arrays are of these very types.
_CONTAINERS = frozenset((dict, list))


def _field(tokens: list[str | int]) -> list[str | int]:
    """The field of the file ``tokens`` is inside (what a problem there sets aside)."""
    head = tokens[0]
    if head in LISTS and isinstance(tokens[1], int):
        size = 4 if tokens[0] == "objectives" and tokens[2] == "params" else 3
    elif head == "annotations" and isinstance(tokens[2], int):
        size = 4
    elif head in OBJECTS:
        size = 2
    else:
        size = 1
    return tokens[:size]


def _remove(data: Any, tokens: list[str | int]) -> None:
    """Drop what ``tokens`` names from ``data``."""
    node = data
    for token in tokens[:-1]:
        try:
            node = node[token]
        except (KeyError, IndexError, TypeError):
            return
    if isinstance(node, dict):
        node.pop(tokens[-1], None)


def _path(tokens: list[str | int]) -> str:
    text = ""
    for t in tokens:
        text += f"[{t}]" if isinstance(t, int) else (f".{t}" if text else str(t))
    return FileFormatError(text, "").path


def _sourced(exc: FileFormatError, source: str) -> FileFormatError:
    if isinstance(exc, LogRefusal):
        return LogRefusal(exc.path, exc.problem, source, index=exc.index, game=exc.game)
    return FileFormatError(exc.path, exc.problem, source)
