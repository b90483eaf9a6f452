"""What the engine answers: a Scoreboard of ObjectiveResults, plain data that the
canvas draws generically and the command line prints as JSON."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import MISSING, asdict, field, fields
from enum import StrEnum
from itertools import repeat
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from tabletop_gui.lazy_dataclass import dataclass


class Status(StrEnum):
    NONE = "none"  # nobody scores or leads (e.g. nothing within range yet)
    LEADING = "leading"  # someone would win if the game ended now
    TIE = "tie"  # level: nobody wins (every family: a tie means nobody wins)
    WON = "won"  # decided for good


class Role(StrEnum):
    COUNTS = "counts"  # the piece counts for its side
    NOT_COUNTING = "not_counting"  # in range but does not count (not Scoring, Fleeing...)
    CONTESTED = "contested"
    PLACEMENT_ERROR = "placement_error"  # breaks its placement rule
    SELECTED = "selected"  # picked/marked by the rule (a King of the Hill pick, a flag)
    CARRIED = "carried"


@dataclass(frozen=True, slots=True)
class Circle:
    """A rule's range: within ``radius`` of the outline of piece ``measured_from``
    (Carnevale: 3 in from the objective's edge), or of the point (x, y) itself when
    ``measured_from`` is None (Hold the Ground's centre, a Secure Target marker's
    centre). (x, y) is the centre either way; the canvas draws the covered area and
    the measure tool measures to the same subject."""

    x: float
    y: float
    radius: float
    side: str | None = None
    label: str = ""
    measured_from: str | None = None
    kind: str = "circle"


@dataclass(frozen=True, slots=True)
class Area:
    """A polygon to highlight (a deployment zone, a terrain pick, a section)."""

    polygon: tuple[tuple[float, float], ...]
    side: str | None = None
    label: str = ""
    kind: str = "area"


class PieceMark(NamedTuple):
    """A unit or marker to draw in a role (counts, contested, placement error...).

    A NamedTuple, as CountingPiece: an objective may make one per unit on the
    table, and a tuple is made in a third of a frozen dataclass's time."""

    piece_id: str
    role: Role
    side: str | None = None
    label: str = ""
    kind: str = "piece"


@dataclass(frozen=True, slots=True)
class HexMark:
    hexes: tuple[tuple[int, int], ...]
    side: str | None = None
    label: str = ""
    kind: str = "hexes"


Highlight = Circle | Area | PieceMark | HexMark


class CountingPiece(NamedTuple):
    """A piece that counts (or is shown as not counting), with its margin:
    threshold minus measured distance (>= 0 inside), None where no range applies."""

    piece_id: str
    side: str
    margin: float | None = None
    distance: float | None = None
    note: str = ""


#: What a result leaves to be made when first read: the names of those fields
#: and the function giving their values (``ObjectiveResult.later``).
Later = tuple[tuple[str, ...], Callable[..., Mapping[str, Any]], tuple[Any, ...]]
_L = TypeVar("_L", bound="_MadeWhenRead")


class _MadeWhenRead:
    """Fields made when first read: a result (or a scoreboard) can leave its
    wording to ``later``, a function of what it already holds, so an evaluate
    whose text nobody reads (a drag frame, a benchmark) does not word it. The
    fields are empty slots until then; reading any of them, comparing, printing,
    ``asdict``, ``replace`` or pickling the object fills them all, once, with
    the values the function gives: the same object an eager one would be. The
    fields not given that have a default are left empty too, each given its
    default (a factory's value made for it) when first read."""

    __slots__ = ()
    _later: Later | None

    @classmethod
    def later(cls: type[_L], later: Later, /, **given: Any) -> _L:
        """One of ``cls`` from ``given``, its fields ``later[0]`` made by
        ``later[1](*later[2])`` when one is first read (a function and its
        arguments: no closure made per result), the others their defaults when
        first read (as ``__init__`` gives them). Stored as ``__init__`` stores
        a frozen class's fields, in C, from one map."""
        return cls.later_given(later, tuple(given), tuple(given.values()))

    @classmethod
    def later_given(
        cls: type[_L], later: Later, names: tuple[str, ...], values: tuple[Any, ...], /
    ) -> _L:
        """``later(later, **dict(zip(names, values)))``, without the map (an
        objective's evaluate names the same fields each time: checked once)."""
        if (cls, later[0], names) not in _CHECKED:
            _check(cls, later[0], names)
        made = object.__new__(cls)
        deque(map(_SET, repeat(made), names, values), 0)
        _SET(made, "_later", later)
        return made

    if not TYPE_CHECKING:  # the type checker sees the fields alone

        def __getattr__(self, name: str) -> Any:
            # Reached only for an attribute not found: an empty slot.
            if name == "_later":
                raise AttributeError(name)
            later = self._later
            if later is not None and name in later[0]:
                for key, value in later[1](*later[2]).items():
                    _SET(self, key, value)
                _SET(self, "_later", None)
            else:
                default = _DEFAULTS.get(type(self), _NONE).get(name)
                if default is not None:  # a field left at its default
                    _SET(self, name, default[1]() if default[0] else default[1])
            # (or filled meanwhile by another reader, or no such attribute)
            return object.__getattribute__(self, name)


_SET = object.__setattr__
#: The classes made by ``later``, with the fields left to its function and
#: those given, that were checked (every field with no default given).
_CHECKED: set[tuple[type, tuple[str, ...], tuple[str, ...]]] = set()
#: Per class made by ``later``: each field's default, as (is a factory, the
#: factory or the value).
_DEFAULTS: dict[type, dict[str, tuple[bool, Any]]] = {}
_NONE: dict[str, tuple[bool, Any]] = {}


def _check(cls: type, names: tuple[str, ...], given: tuple[str, ...]) -> None:
    """Refuses to make one of ``cls`` by ``later`` without a field that has no
    default (kept once checked), and notes the class's defaults."""
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}.later: __post_init__ would not be called")
    found = [f for f in fields(cls) if f.name != "_later"]
    defaults: dict[str, tuple[bool, Any]] = {}
    for f in found:
        if f.default_factory is not MISSING:
            defaults[f.name] = (True, f.default_factory)
        elif f.default is not MISSING:
            defaults[f.name] = (False, f.default)
    _DEFAULTS[cls] = defaults
    required = {
        f.name for f in found
        if f.name not in names and f.default is MISSING and f.default_factory is MISSING
    }  # fmt: skip
    if not required <= set(given):
        missing = ", ".join(sorted(required - set(given)))
        raise TypeError(f"{cls.__name__}.later: missing {missing}")
    _CHECKED.add((cls, names, given))


@dataclass(frozen=True, slots=True)
class ObjectiveResult(_MadeWhenRead):
    objective_id: str
    name: str
    kind: str
    status: Status
    leader: str | None
    counts: Mapping[str, float]
    reason: str
    final: bool = False
    counting: tuple[CountingPiece, ...] = ()
    highlights: tuple[Highlight, ...] = ()
    problems: tuple[str, ...] = ()
    details: Mapping[str, Any] = field(default_factory=dict)
    points: Mapping[str, float] = field(default_factory=dict)  # VP / banners this gives
    #: What ``counts`` count ("characters within 3 in", "counters"); "" unsaid.
    counted: str = ""
    #: The fields left to be made when first read (``later``), None once made:
    #: not a field of the result (never compared, shown or written).
    _later: Later | None = field(default=None, init=False, repr=False, compare=False)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        del data["_later"]
        # asdict keeps NamedTuples as tuples; JSON wants their fields by name, with
        # margins and distances to 1e-9 in, so a unit exactly at a threshold reads
        # 0 (never -1.8e-15) in the JSON as in the text ('0.00 in'). Snapped here,
        # not when a result is made: a drag evaluates hundreds of them a frame.
        data["counting"] = [
            c._replace(margin=snap(c.margin), distance=snap(c.distance))._asdict()
            for c in self.counting
        ]
        data["highlights"] = [_highlight_json(h) for h in self.highlights]
        data["status"] = str(self.status)
        data["counts"] = dict(self.counts)
        data["points"] = dict(self.points)
        data["details"] = dict(self.details)
        return data


@dataclass(frozen=True, slots=True)
class Scoreboard(_MadeWhenRead):
    results: tuple[ObjectiveResult, ...]
    totals: Mapping[str, float] = field(default_factory=dict)
    winner: str | None = None  # an instant or final winner of the whole game, if any
    summary: str = ""
    #: What each side's total must reach to win the game outright, where the
    #: rules set one (a hex battle's banner target); a side not in it has none.
    #: The score bar shows it beside the total ('1 banner (target 4)').
    targets: Mapping[str, float] = field(default_factory=dict)
    #: The fields left to be made when first read (``later``: the summary line).
    _later: Later | None = field(default=None, init=False, repr=False, compare=False)

    def result(self, objective_id: str) -> ObjectiveResult:
        for r in self.results:
            if r.objective_id == objective_id:
                return r
        raise KeyError(objective_id)

    def to_json(self) -> dict[str, Any]:
        return {
            "objectives": [r.to_json() for r in self.results],
            "totals": {side: _whole(v) for side, v in self.totals.items()},
            "winner": self.winner,
            "summary": self.summary,
        }


#: Margins and distances are kept to this many decimals of an inch.
MARGIN_DECIMALS = 9


def snap(value: float | None) -> float | None:
    """``value`` rounded to MARGIN_DECIMALS, with no negative zero."""
    if value is None:
        return None
    return round(float(value), MARGIN_DECIMALS) + 0.0


def _highlight_json(h: Highlight) -> dict[str, Any]:
    if isinstance(h, PieceMark):
        return {**h._asdict(), "role": str(h.role)}
    return asdict(h)


def _whole(value: float) -> float | int:
    """3.0 -> 3 in JSON output; fractional values stay as they are."""
    return int(value) if float(value).is_integer() else value


def strict_leader(counts: Mapping[str, float]) -> str | None:
    """The one side with strictly the most, or None on a tie or when all are zero-equal."""
    if not counts:
        return None
    best = max(counts.values())
    leader = None
    for side, value in counts.items():
        if value == best:
            if leader is not None:
                return None
            leader = side
    return leader
