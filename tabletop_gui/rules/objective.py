"""The objective contract (a family lists its kinds: ``Family.objectives``).

An Objective is built from an ObjectiveSpec. ``fold`` lets a turn-based rule
record what happened as the log is replayed (kept in ``state.records[spec.id]``);
``check`` may refuse an event with the rule's reason; ``evaluate`` answers the
standing now (as if the game ended now, or final once it has);
``scoring_region`` where a unit would count (``rules.region``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from tabletop_gui.model.events import AddPiece, Event, EventError
from tabletop_gui.model.pieces import Unit
from tabletop_gui.model.scene import ObjectiveSpec, Scene
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.play_types import Param
from tabletop_gui.rules.region import Region
from tabletop_gui.rules.scoreboard import ObjectiveResult


class Objective:
    kind: ClassVar[str] = ""
    title: ClassVar[str] = ""
    #: The params this kind reads (a subclass adds to its bases'), each a ``Param``
    #: (type, default, help: what a form shows) or a bare name. A spec naming any
    #: other is refused: a misspelt name would be ignored and change the score.
    params: ClassVar[tuple[str | Param, ...]] = ()
    #: What the result's ``counts`` count, a plural phrase the score panel puts
    #: before them ("Scoring Units carrying a Spoils marker"); "" says nothing.
    counted: ClassVar[str] = ""

    def __init__(self, spec: ObjectiveSpec) -> None:
        self.spec = spec

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def name(self) -> str:
        return self.spec.name or self.title

    def param(self, name: str, default: Any) -> Any:
        return self.spec.params.get(name, default)

    def record(self, state: GameState, default: Any = None) -> Any:
        return state.records.get(self.id, default)

    @classmethod
    def param_specs(cls) -> tuple[Param, ...]:
        """Every param this kind reads, its bases' first; a bare name is a Param
        of type "any" with no default."""
        out: dict[str, Param] = {}
        for klass in reversed(cls.__mro__):
            for p in klass.__dict__.get("params", ()):
                spec = p if isinstance(p, Param) else Param(p)
                out[spec.name] = spec
        return tuple(out.values())

    @classmethod
    def known_params(cls) -> tuple[str, ...]:
        return tuple(p.name for p in cls.param_specs())

    def param_problems(self, scene: Scene) -> list[tuple[str, str]]:
        """Every problem with the spec's params, as (param path, message): names the
        kind does not read (with the nearest known name), values of the wrong shape
        (``validate``) and, once the shapes are right, what only the pieces show
        (``validate_on``: a point off the board, an id no piece has). ``scene``
        holds every piece the game has at some point (see ``every_piece``)."""
        known = self.known_params()
        out = []
        for name in self.spec.params:
            if name not in known:
                import difflib  # only for the message

                near = difflib.get_close_matches(name, known, n=1)
                hint = f"; did you mean {near[0]!r}?" if near else ""
                listed = ", ".join(known) if known else "no params"
                out.append((name, f"unknown param{hint} ({self.title} reads: {listed})"))
        shape = self.validate()
        return out + shape + ([] if shape else self.validate_on(scene))

    def validate(self) -> list[tuple[str, str]]:
        """Problems with the shapes of the spec's params, as (param path, message)."""
        return []

    def validate_on(self, scene: Scene) -> list[tuple[str, str]]:
        """Problems of well-shaped params that only the board and pieces show."""
        return []

    def check(self, state: GameState, event: Event) -> str | None:
        """A reason to refuse ``event`` in ``state``, or None to allow it."""
        return None

    def to_confirm(self) -> str:
        """What an importer assumed for this objective that the referee has not
        confirmed yet (Game > Objectives shows it until they do); "" (the
        default): nothing."""
        return ""

    def confirmed_spec(self) -> ObjectiveSpec:
        """The spec once the referee confirms it: what marks it unconfirmed taken
        away, the rule itself unchanged."""
        return self.spec

    def fold(self, before: GameState, event: Event, after: GameState) -> GameState:
        """Record what this rule needs from the event; default: nothing."""
        return after

    def evaluate(self, state: GameState) -> ObjectiveResult:
        raise NotImplementedError

    def scoring_region(self, state: GameState, unit: Unit) -> Region | None:
        """Where ``unit``, as it is (footprint, facing, elevation, Scoring), would
        count for this objective: the region of its centre positions, with the
        parts enemies present now would contest; empty with the reason where it
        counts nowhere. None (the default): the rule has no positional part."""
        return None


def off_board(scene: Scene, point: Any) -> str | None:
    """Why the point [x, y] is not on the scene's board, or None."""
    x, y = float(point[0]), float(point[1])
    width, height = scene.board.extent
    if 0 <= x <= width and 0 <= y <= height:
        return None
    return f"[{x:g}, {y:g}] is off the {width:g} x {height:g} in board"


def missing(what: str, wanted: Any, present: Any) -> str | None:
    """Why ``wanted`` (an id) is not one of ``present`` (the ids of ``what``), or None."""
    if wanted in present:
        return None
    listed = ", ".join(sorted(present)) or "none"
    return f"no {what} {wanted!r} (the {what} ids: {listed})"


def every_piece(scene: Scene, events: Iterable[Event]) -> Scene:
    """``scene`` with every piece the events add: what a param may name (a marker
    placed during the game is as real as one placed before it)."""
    for event in events:
        if not isinstance(event, AddPiece):
            continue
        try:
            piece = event.piece
        except EventError:
            continue  # a malformed add_piece: the replay names it with its place
        if not scene.has_piece(piece.id):
            scene = scene.with_piece(piece)
    return scene
