"""A rule family (The Ninth Age, hex banners, Carnevale): one package that carries
its whole meaning. On top of its objectives it adds game-wide folds and checks and
how results add up to totals (scoring), and it declares, as plain data, how it is
played: its turn structure and the turn bar's steps, the actions a selection
offers, the fields a referee edits, its palette, its new-game presets and the
words for its totals (play). Every hook has a default, so a new family fills in
only what differs; the window and the command line ask the family and draw the
answer (they never name one)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from tabletop_gui.model.events import CORE_EVENTS, DiceRoll, Event, GameEnd, TurnEnd, TurnStart
from tabletop_gui.model.fields import PieceField
from tabletop_gui.model.names import possessive, side_name
from tabletop_gui.model.pieces import Marker, Unit
from tabletop_gui.model.scene import Board, Scene, Setup
from tabletop_gui.model.state import GameState
from tabletop_gui.model.terms import Terms
from tabletop_gui.rules import turn_order
from tabletop_gui.rules.deployment_check import DeploymentFlag
from tabletop_gui.rules.flags import generic_flags, setup_overlaps
from tabletop_gui.rules.objective import Objective
from tabletop_gui.rules.play_types import (
    Action,
    NewPreset,
    Palette,
    Step,
    TurnControls,
    UnitLook,
    Words,
)
from tabletop_gui.rules.region import Region
from tabletop_gui.rules.rulings import (
    ArcRuling,
    ChargeReach,
    Sight,
    Spacing,
    TargetSight,
    UnitArcs,
)
from tabletop_gui.rules.scoreboard import ObjectiveResult, Scoreboard

if TYPE_CHECKING:
    from tabletop_gui.rules.review import Review


class Family:
    """A rule family. A subclass declares what it brings as class attributes
    (``name``, ``objectives``, ...) and answers the hooks below; it is found
    through its entry point (``rules.registry``), never by registering itself."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    #: The number of sides its games have; a file with another number is refused
    #: (None: any number).
    side_count: ClassVar[int | None] = None
    #: Its objective kinds (``Objective`` subclasses, each with its ``kind``): a
    #: setup of this family may name these and no others.
    objectives: ClassVar[tuple[type[Objective], ...]] = ()
    #: Its own events, each named ``<name>.<event>`` (``Event.type``); its games
    #: also take the core ones (``model.events.CORE_EVENTS``).
    events: ClassVar[tuple[type[Event], ...]] = ()
    #: The fields it adds to its units and markers (``model.fields.UnitField``,
    #: ``MarkerField``): typed, with default, limits, label and help. Files keep
    #: each under its key; the Inspector offers them (``unit_fields``).
    piece_fields: ClassVar[tuple[PieceField[Any], ...]] = ()
    #: The settings the family reads; a file naming any other is refused (a
    #: misspelt setting would be ignored and its default would quietly apply).
    setting_names: ClassVar[tuple[str, ...]] = ()
    #: How results and the clock are worded (see ``play_types.Words``).
    words: ClassVar[Words] = Words()
    #: Where the rules this family reads are described (a doc of the project).
    reference: ClassVar[str] = ""

    @classmethod
    def settings_problems(cls, setup: Setup) -> list[str]:
        """Its settings whose values it cannot use (their defaults apply), each
        as ``settings.<name>: why``: ``validate`` lists them."""
        return []

    @classmethod
    def objective_kinds(cls) -> Mapping[str, type[Objective]]:
        """Kind -> class of every objective kind this family declares."""
        return {o.kind: o for o in cls.objectives}

    @classmethod
    def event_types(cls) -> Mapping[str, type[Event]]:
        """Type name -> class of every event a game of this family may log: the
        core ones and its own, each also under the names earlier files gave it."""
        events = (*CORE_EVENTS, *cls.events)
        return {**{a: e for e in events for a in e.aliases}, **{e.type: e for e in events}}

    @classmethod
    def terms(cls) -> Terms:
        """What the model needs to know of this family (``model.terms``)."""
        return Terms(turn=cls.words.turn, fields=cls.piece_fields)

    @classmethod
    def declaration_problem(cls) -> str | None:
        """What is wrong with what the family declares (checked when it is loaded),
        or None."""
        kinds = [o.kind for o in cls.objectives]
        if any(not k for k in kinds):
            return "an objective class has no kind"
        if len(set(kinds)) != len(kinds):
            return "two objective classes declare the same kind"
        core = {n for e in CORE_EVENTS for n in (e.type, *e.aliases)}
        names: list[str] = []
        for event in cls.events:
            if not event.type.startswith(f"{cls.name}."):
                return f"its event type {event.type!r} is not named '{cls.name}.<event>'"
            names += [event.type, *event.aliases]
        clash = sorted(core & set(names)) + sorted({n for n in names if names.count(n) > 1})
        if clash:
            return f"the event type {clash[0]!r} is declared twice"
        for piece, shared in (("unit", Unit), ("marker", Marker)):
            keys = [f.key for f in cls.piece_fields if f.piece == piece]
            taken = {f.name for f in dataclasses.fields(shared)}
            clash = sorted(taken & set(keys)) + sorted({k for k in keys if keys.count(k) > 1})
            if clash:
                return f"its {piece} field {clash[0]!r} is declared twice or is a shared one"
        return None

    def check(self, state: GameState, event: Event) -> str | None:
        return None

    def completed(self, setup: Setup) -> Setup:
        """The setup with what it names but leaves out filled in, as the rules
        define it (a Deployment Type named without its zones gets the type's
        zones). Called when a file is read; default: the setup as it is."""
        return setup

    def fold(self, before: GameState, event: Event, after: GameState) -> GameState:
        """Game-wide records, before the objectives fold theirs."""
        return after

    def settle(self, before: GameState, event: Event, after: GameState) -> GameState:
        """After every objective has folded ``event``: what follows from all of
        them together (an instant win ends the game)."""
        return after

    def deployment_flags(self, state: GameState) -> Sequence[DeploymentFlag]:
        """During set-up: the units standing where the rules do not let them deploy
        (default: none checked)."""
        return ()

    def deployment_region(self, state: GameState, unit: Unit) -> Region | None:
        """During set-up: where ``unit`` may deploy, as centre positions (default:
        None, the rules place no limit the program checks)."""
        return None

    def unlisted_objectives(self, state: GameState) -> Sequence[Objective]:
        """Objectives the rules make active without a spec in the setup (a marker
        that scores by itself); default: none."""
        return ()

    def refusal_after_end(self, state: GameState, event: Event) -> str | None:
        """Why ``event`` may not follow the end of the game (``game_over``),
        or None to let it through (a family may take a redundant ``game_end``).
        A decision the end of the game itself calls for (``end_decision``) is let
        through; the objective it names then checks it as before the end. So is a
        ``game_end`` recording an end the rules reached by themselves (the last
        Game Turn or round ended)."""
        if self.end_decision(state, event):
            return None
        if isinstance(event, GameEnd) and not state.clock.over:
            return None
        return (
            "The game is over: nothing can follow its end "
            "(to go on, undo the end or continue from a moment before it)"
        )

    def end_decision(self, state: GameState, event: Event) -> bool:
        """``event`` records a decision the end of the game calls for: a dice roll
        for an active objective (Secure Target rolls "at the end of the game" for
        a unit equally near both markers). Its objective's ``check`` still decides
        whether that roll is asked for."""
        return isinstance(event, DiceRoll) and any(
            spec.id == event.objective for spec in state.setup.objectives
        )

    def flags(self, before: GameState, event: Event, after: GameState) -> list[str]:
        """Why ``event`` (played: the rules allow it) deserves a referee's look: it
        is legal only in some circumstances the log does not show. Default: a unit
        of the side that is not acting moved, a base overlapping another."""
        return generic_flags(before, event, after, self.game_over(before))

    def setup_flags(self, setup: Setup) -> list[str]:
        """What the set-up holds that a move into it would be flagged for
        (``validate`` lists it: no event put it there, so no event's flags name
        it). Default: bases that overlap, each pair once."""
        return setup_overlaps(setup.scene)

    def review(self, setup: Setup) -> Review:
        """The review of a replay of a game of ``setup`` (``validate``): told of
        each step, it gives the flags of every event, as ``flags`` gives them.
        Default: ``flags`` of each event, one by one."""
        from tabletop_gui.rules.review import Review  # validate's only

        return Review(self.flags)

    def summarize(self, state: GameState, results: Sequence[ObjectiveResult]) -> Scoreboard:
        totals: dict[str, float] = {s: 0.0 for s in state.scene.side_ids}
        for r in results:
            for side, pts in r.points.items():
                totals[side] = totals.get(side, 0.0) + pts
        return Scoreboard(results=tuple(results), totals=totals)

    def redact(self, state: GameState, board: Scoreboard, viewer: str) -> Scoreboard:
        """The scoreboard as player ``viewer`` may see it (hidden values unknown).
        The default shows everything; a family with hidden information overrides it."""
        return board

    # -- play: the clock and the turn bar -----------------------------------------
    def game_over(self, state: GameState) -> bool:
        """The game has ended (the clock says so, or the rules' own end)."""
        return state.clock.over

    def clock_text(self, state: GameState, events: Sequence[Event]) -> str:
        """Where the game is, in words, once it has started and is not over
        (default: side turns, 'Turn 2 · Orcs' turn')."""
        who = side_name(state.scene, state.clock.side)
        text = f"{self.words.turn} {state.clock.turn}"
        text += f" · {possessive(who)} turn" if who else ""
        return text + (" ended" if isinstance(turn_order.last_turn_event(events), TurnEnd) else "")

    def turn_controls(self, state: GameState, events: Sequence[Event]) -> TurnControls:
        """What the turn bar offers besides its steps (default: who goes first,
        until the first side turn is recorded)."""
        started = any(isinstance(e, TurnStart) and e.side for e in events)
        return TurnControls(choose_first=not started and len(state.scene.sides) > 1)

    def turn_steps(
        self, state: GameState, events: Sequence[Event], first: str | None, choice: str | None
    ) -> list[Step]:
        """The turn bar's buttons now, the main one first (default: side turns in
        turn order). ``first``: who goes first, as chosen; ``choice``: the value of
        the turn controls' chooser."""
        return turn_order.side_turn_steps(state, events, first)

    def side_actions(self, state: GameState, text: str = "") -> list[Action]:
        """Actions of the side whose turn it is (``text``: the side input's value;
        the action with ``takes_input`` is the one the input's button records)."""
        return []

    # -- play: the board ----------------------------------------------------------
    def actions(
        self, state: GameState, ids: Sequence[str], point: tuple[float, float] | None
    ) -> list[Action]:
        """The actions the selected pieces ``ids`` offer (right-clicked at ``point``)."""
        return []

    def unit_fields(self, unit: Unit) -> tuple[str, ...] | None:
        """The unit fields this family's rules read (a referee edits them): shared
        ones and its own (``piece_fields``) by key; None: all."""
        return None

    def edit_changes(
        self, state: GameState, piece: Unit | Marker | object, changes: Mapping[str, Any]
    ) -> dict[str, Any]:
        """The fields an edit of ``changes`` to ``piece`` (the Inspector's) sets,
        with what the rules make follow from it (The Ninth Age: models lost come
        off the back, the front stays); by default just ``changes``."""
        return dict(changes)

    def marker_fields(self) -> tuple[str, ...] | None:
        """The marker fields this family's rules read, shared ones and its own;
        None: all."""
        return None

    def marker_rules(self) -> tuple[str, ...]:
        """The names ``Marker.rules`` may hold in this family (the Inspector offers
        each as a check box)."""
        return ()

    def unit_look(self, state: GameState, unit: Unit) -> UnitLook | None:
        """What the board draws on ``unit`` as it is in ``state`` beyond its
        footprint and colour: a symbol for its type, a star for what makes it
        special, its strength as pips. Default: nothing more (None)."""
        return None

    def greyed(self, unit: Unit) -> bool:
        """The board draws ``unit`` greyed out (washed with white): it does not count
        now for a reason of this family's own (a Fleeing unit). Default: never; a
        unit an objective marks as not counting is greyed whatever this says."""
        return False

    def value_hidden(self, marker: Marker) -> bool:
        """``marker``'s value is face down: the players do not know it yet (the
        referee's view shows it with a '?'). Default: never."""
        return False

    def palette(self, board: Board) -> Palette:
        """What the palette offers on ``board``."""
        return Palette()

    # -- rulings: what a referee measures (rules/rulings.py) ----------------------
    def unit_arcs(self, state: GameState, unit_id: str) -> UnitArcs | None:
        """The unit's arcs on the board, each labelled, and the lines between them
        (None: the rules of this game have no arcs)."""
        return None

    def arc_ruling(self, state: GameState, charger_id: str, target_id: str) -> ArcRuling | None:
        """The arc of ``target_id`` that ``charger_id`` is located in, with the
        margin to the nearest arc line (None: no arcs in these rules)."""
        return None

    def charge_reach(self, state: GameState, charger_id: str, target_id: str) -> ChargeReach | None:
        """How far the charger's front is from the target's side it would hit, and
        the charge's path to it (forward, with a wheel where one is needed);
        measured, never rolled (None: no charges)."""
        return None

    def spacing(self, state: GameState, a_id: str, b_id: str) -> Spacing | None:
        """Two units' gap against the spacing the rules ask (None: none asked)."""
        return None

    def line_of_sight(self, state: GameState, viewer_id: str) -> Sight | None:
        """The region the unit sees and, for each other unit, whether it sees it
        (None: the rules draw no lines of sight)."""
        return None

    def sight_to(self, state: GameState, viewer_id: str, target_id: str) -> TargetSight | None:
        """Whether ``viewer_id`` sees ``target_id``, and if not what hides it."""
        return None

    # -- play: objectives ---------------------------------------------------------
    def objective_template(self, kind: str, setup: Setup, scene: Scene) -> dict[str, Any]:
        """Params to start a new ``kind`` objective from on this setup: what the rule
        needs, filled with something on the board as it is now (``scene``: markers
        placed during the game count). Default: nothing (every param's default)."""
        return {}

    # -- play: new games ----------------------------------------------------------
    def new_presets(self) -> list[NewPreset]:
        """The boards File > New offers for this family."""
        return []

    def same_kind(self, setup: Setup) -> Setup | None:
        """An empty board like ``setup``'s (File > New board of this kind), or None."""
        presets = self.new_presets()
        return presets[0].build() if presets else None
