"""The objective engine: apply events with the rules folding their records,
replay a log, and ``evaluate(state) -> Scoreboard``."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import TYPE_CHECKING

from tabletop_gui.model.copying import evolve
from tabletop_gui.model.events import Event
from tabletop_gui.model.game import Game
from tabletop_gui.model.memo import IdentityMemo
from tabletop_gui.model.pieces import Unit
from tabletop_gui.model.scene import Scene, Setup
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.errors import RuleError
from tabletop_gui.rules.family import Family
from tabletop_gui.rules.objective import Objective
from tabletop_gui.rules.region import RegionAnswer
from tabletop_gui.rules.registry import find_family
from tabletop_gui.rules.scoreboard import Scoreboard

if TYPE_CHECKING:
    from tabletop_gui.rules.review import Review

__all__ = [
    "RuleError", "Timeline", "apply", "check", "evaluate", "family_of", "flags",
    "initial_state", "objectives_of", "replay", "scoring_regions", "unknown_kind",
]  # fmt: skip


#: The objective instances of each objectives tuple (a setup's).
_OBJECTIVES: IdentityMemo[list[Objective]] = IdentityMemo(256)


def objectives_of(setup: Setup) -> list[Objective]:
    """The objective instances of a setup (built once per objectives tuple), of
    the kinds its family declares (``Family.objectives``)."""
    hit = _OBJECTIVES.get_one(setup.objectives)
    if hit is not None:
        return hit
    kinds = find_family(setup.family).objective_kinds()
    built = []
    for spec in setup.objectives:
        cls = kinds.get(spec.kind)
        if cls is None:
            raise RuleError(unknown_kind(spec.kind, setup.family))
        built.append(cls(spec))
    return _OBJECTIVES.put_one(setup.objectives, built)


def unknown_kind(kind: str, family: str) -> str:
    """'unknown objective kind 't9a.hold_teh_ground': did you mean
    't9a.hold_the_ground'? (t9a's kinds: ...)': the family's kinds, the nearest
    first when the name is a near miss."""
    known = sorted(find_family(family).objective_kinds())
    import difflib  # only for the message

    near = difflib.get_close_matches(kind, known, n=1)
    hint = f": did you mean {near[0]!r}?" if near else ""
    listed = ", ".join(known) or "none"
    return f"unknown objective kind {kind!r}{hint} ({family}'s kinds: {listed})"


def family_of(setup: Setup) -> Family:
    """The family of ``setup`` (RuleError naming the installed ones if there is none)."""
    return find_family(setup.family)()


def initial_state(setup: Setup) -> GameState:
    """The state of ``setup`` before its first event, with what its family tells
    the model (``Family.terms``)."""
    return GameState.initial(setup, find_family(setup.family).terms())


def check(state: GameState, event: Event) -> str | None:
    """The reason a rule refuses ``event`` now, or None."""
    return _check(family_of(state.setup), objectives_of(state.setup), state, event)


def _check(
    family: Family, objectives: list[Objective], state: GameState, event: Event
) -> str | None:
    # The family says when its game is over: The Ninth Age ends with the last
    # Game Turn and Carnevale with the last round, with no game_end event.
    if family.game_over(state):
        reason = family.refusal_after_end(state, event)
        if reason:
            return reason
    reason = family.check(state, event)
    if reason:
        return reason
    for obj in objectives:
        reason = obj.check(state, event)
        if reason:
            return reason
    return None


def apply(state: GameState, event: Event, *, checked: bool = True) -> GameState:
    """The state after ``event``: the model applies it, then the family and each
    objective fold what they need, then the family settles what follows
    from all. Raises RuleError if a rule refuses it."""
    family = family_of(state.setup)
    objectives = objectives_of(state.setup)
    if checked:
        reason = _check(family, objectives, state, event)
        if reason:
            raise RuleError(reason)
    after = family.fold(state, event, event.apply(state))
    for obj in objectives:
        after = obj.fold(state, event, after)
    after = family.settle(state, event, after)
    return evolve(after, index=state.index + 1)


def flags(before: GameState, event: Event, after: GameState) -> list[str]:
    """What the family flags about ``event`` played from ``before`` to ``after``:
    legal only in circumstances the log does not show (reviewed, never refused)."""
    return family_of(before.setup).flags(before, event, after)


def review(setup: Setup) -> Review:
    """The review of a replay of a game of ``setup``: the flags of every event
    (``Family.review``), as ``flags`` gives them one by one."""
    return family_of(setup).review(setup)


def replay(setup: Setup, events: Iterable[Event], upto: int | None = None) -> GameState:
    state = initial_state(setup)
    for i, event in enumerate(events):
        if upto is not None and i >= upto:
            break
        state = apply(state, event)
    return state


#: The Scoreboards of the states evaluated last, the referee's and each player's
#: view: every view of one state (the window, the streamer, the stream PNG, the web
#: overlay, a command) shares one evaluation, and a player's view is the referee's
#: redacted. Few: a drag makes a new state on every mouse move.
_BOARDS: IdentityMemo[Scoreboard] = IdentityMemo(16)


def evaluate(state: GameState, viewer: str | None = None) -> Scoreboard:
    """The standing now. ``viewer`` None is the referee's view (everything);
    a side id gives that player's view, with what they cannot know hidden."""
    board = _BOARDS.get_one(state)
    if board is None:
        family = family_of(state.setup)
        results = [obj.evaluate(state) for obj in objectives_of(state.setup)]
        board = _BOARDS.put_one(state, family.summarize(state, results))
    if viewer is None:
        return board
    seen = _BOARDS.get_one(state, viewer)
    if seen is None:
        seen = _BOARDS.put_one(state, family_of(state.setup).redact(state, board, viewer), viewer)
    return seen


def scoring_regions(state: GameState, unit_id: str, unit: Unit | None = None) -> list[RegionAnswer]:
    """For every active objective, where unit ``unit_id`` as it is would count
    (``Objective.scoring_region``); ``unit``: the unit as it stands now if not as
    in ``state`` (turned during a drag). Empty when there is no such unit."""
    unit = unit if unit is not None else state.scene.units.get(unit_id)
    if unit is None:
        return []
    family = family_of(state.setup)
    active = [*objectives_of(state.setup), *family.unlisted_objectives(state)]
    out = []
    for obj in active:
        region = obj.scoring_region(state, unit)
        out.append(RegionAnswer(obj.id, (region.title if region else "") or obj.name, region))
    return out


#: States of a Timeline whose derived data (``scene.cache``: footprint arrays,
#: areas) is kept: the newest made or looked at. An older one drops it, to be
#: rebuilt if it is looked at again.
WARM_STATES = 8


class Timeline:
    """A game with every intermediate state kept: O(1) look-back, undo = pop. The
    states share every piece and map node an event did not change (``PieceMap``),
    and only the WARM_STATES last made or looked at keep their derived data, so
    memory grows with the events, not with units x events."""

    def __init__(self, game: Game) -> None:
        self.setup = game.setup
        #: Annotations (rulers, rings) ride along: no rule reads them.
        self.annotations = game.annotations
        self.camera = game.camera
        self.events: list[Event] = []
        self.states: list[GameState] = [initial_state(game.setup)]
        self._warm: deque[Scene] = deque()
        for event in game.events:
            self.push(event)

    def _touch(self, state: GameState) -> None:
        """``state`` is in use: keep its derived data, drop the oldest warm one's."""
        scene = state.scene
        warm = self._warm
        if warm and warm[-1] is scene:
            return
        for i, s in enumerate(warm):
            if s is scene:
                del warm[i]
                break
        warm.append(scene)
        while len(warm) > WARM_STATES:
            old = warm.popleft()
            if old is not self.states[-1].scene:
                for key in [k for k in old.cache if k != "_parent"]:
                    del old.cache[key]

    @property
    def game(self) -> Game:
        return Game(self.setup, tuple(self.events), self.annotations, self.camera)

    @property
    def current(self) -> GameState:
        return self.states[-1]

    def state_at(self, n: int) -> GameState:
        state = self.states[n]
        self._touch(state)
        return state

    def push(self, event: Event) -> GameState:
        state = apply(self.states[-1], event)
        self.events.append(event)
        self.states.append(state)
        self._touch(state)
        return state

    def pop(self) -> Event:
        if not self.events:
            raise IndexError("the log is empty")
        self.states.pop()
        return self.events.pop()

    def __len__(self) -> int:
        return len(self.events)
