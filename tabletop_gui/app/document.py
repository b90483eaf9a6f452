"""The open game: a Timeline (setup + log), its undo stack, the provisional
state shown while a gesture is under way, and the moment the timeline shows.

Looking back (``look_at(n)``) shows the state after ``n`` events read-only:
previews and commits are refused until ``look_at(None)`` returns to the
present. Undo and redo always return to the present, so what the board shows
is never out of step with the log.

Every edit is a list of events pushed as ONE undo command (a drag of three
units is one step). While a piece is dragged the window shows
``rules.engine.apply(timeline.current, event)`` without pushing it, so overlays
and scores follow the mouse; the event is pushed on release. Turns by key
(R / Shift+R) of the same units in a row are one step too (``TurnCommand``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import replace

from PySide6.QtCore import QMetaMethod, QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.annotations import Annotations
from tabletop_gui.model.camera import TableCamera
from tabletop_gui.model.events import Event, EventError, RotatePiece
from tabletop_gui.model.game import Game
from tabletop_gui.model.pieces import Side
from tabletop_gui.model.scene import ObjectiveSpec, Scene, Setup
from tabletop_gui.model.state import GameState
from tabletop_gui.play.naming import free_name
from tabletop_gui.play.sides import problems as side_problems
from tabletop_gui.play.sides import renamed
from tabletop_gui.rules.engine import RuleError, Timeline, apply, evaluate
from tabletop_gui.rules.scoreboard import Scoreboard


class Refusal(str):
    """A refused edit's reason (the text every caller shows), with the field and
    the problem alone when the model refused one field's value."""

    field: str | None
    problem: str

    def __new__(cls, exc: Exception) -> Refusal:
        self = super().__new__(cls, str(exc))
        self.field = getattr(exc, "field", None)
        self.problem = getattr(exc, "problem", "")
        return self


class EventCommand(QUndoCommand):
    """Push events to the timeline (redo) and pop them again (undo)."""

    def __init__(self, doc: Document, events: Sequence[Event], text: str) -> None:
        super().__init__(text)
        self.doc = doc
        self.events = tuple(events)

    def redo(self) -> None:
        for event in self.events:
            self.doc.timeline.push(event)
        self.doc._committed()

    def undo(self) -> None:
        # Keep what was popped: a later setup change (sides renamed) may have
        # replayed these events in a new form, and redo brings that form back.
        self.events = tuple(reversed([self.doc.timeline.pop() for _ in self.events]))
        self.doc._committed()


#: Turns by key of the same units, each press at most this many seconds after
#: the last, are one undo step and one event of the log.
MERGE_SECONDS = 3.0


@dataclass(frozen=True)
class KeyTurn:
    """A turn by key: the units turned (in order), by how many degrees
    (counter-clockwise > 0), and what the undo step says of it from the angle."""

    ids: tuple[str, ...]
    by: float
    text: Callable[[float], str]


class TurnCommand(EventCommand):
    """Units turned by key (R / Shift+R, Alt for fine steps). The next press on
    the same units, within MERGE_SECONDS of this one and with nothing done in
    between, joins this step (Qt's command merging): the log keeps one
    ``rotate`` event per unit, to the facing it ends at, as a turn with the knob
    does, and one undo takes the whole turn back. A press that brings the units
    back to where the step began is a step of its own (a turn of 0° says nothing)."""

    def __init__(self, doc: Document, events: Sequence[Event], turn: KeyTurn) -> None:
        super().__init__(doc, events, turn.text(turn.by))
        self.turn = turn
        self.at = doc.clock()

    def id(self) -> int:
        return 1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, TurnCommand) or other.turn.ids != self.turn.ids:
            return False
        if other.at - self.at > MERGE_SECONDS:
            return False
        by = _degrees(self.turn.by + other.turn.by)
        if abs(by) <= 1e-9:
            return False
        timeline, n = self.doc.timeline, len(self.events) + len(other.events)
        if timeline.events[-n:] != [*self.events, *other.events]:
            return False  # not the two steps' events, last in the log: nothing to join
        last: dict[str, Event] = {}
        for event in (*self.events, *other.events):
            last[getattr(event, "piece_id", "")] = event
        joined = tuple(last.values())
        if not all(isinstance(e, RotatePiece) for e in joined):
            return False
        try:
            self.doc.try_apply(joined, timeline.states[-n - 1])
        except (RuleError, EventError):
            return False
        for _ in range(n):
            timeline.pop()
        for event in joined:
            timeline.push(event)
        self.events = joined
        self.turn = replace(self.turn, by=by)
        self.at = other.at
        self.setText(self.turn.text(by))
        self.doc._committed()
        return True


def _degrees(angle: float) -> float:
    """An angle turned, as -180 < angle <= 180 (a turn of 375° left is 15° left)."""
    out = angle % 360.0
    return out - 360.0 if out > 180.0 else out


class CutLogCommand(QUndoCommand):
    """Continue the game from an earlier moment: the events after it leave the log
    (redo) and come back (undo)."""

    def __init__(self, doc: Document, keep: int, text: str) -> None:
        super().__init__(text)
        self.doc = doc
        self.keep = keep
        self.dropped: list[Event] = []

    def redo(self) -> None:
        timeline = self.doc.timeline
        self.dropped = timeline.events[self.keep :]
        for _ in self.dropped:
            timeline.pop()
        self.doc._committed()

    def undo(self) -> None:
        for event in self.dropped:
            self.doc.timeline.push(event)
        self.doc._committed()


class SetupCommand(QUndoCommand):
    """Swap the whole timeline for one replayed from a changed setup (the active
    objectives), and back. Both timelines hold the same log at the moment of the
    swap, so the event commands around this one keep working."""

    def __init__(self, doc: Document, new: Timeline, text: str) -> None:
        super().__init__(text)
        self.doc = doc
        self.old = doc.timeline
        self.new = new

    def redo(self) -> None:
        self.doc.timeline = self.new
        self.doc._committed()
        self.doc.setup_changed.emit()

    def undo(self) -> None:
        self.doc.timeline = self.old
        self.doc._committed()
        self.doc.setup_changed.emit()


class AnnotationCommand(QUndoCommand):
    """Swap the game's annotations (pinned rulers, range rings) and back. Not an
    event: the log and every score stay as they are; the moment shown too."""

    def __init__(self, doc: Document, new: Annotations, text: str) -> None:
        super().__init__(text)
        self.doc = doc
        self.old = doc.timeline.annotations
        self.new = new

    def redo(self) -> None:
        self.doc.timeline.annotations = self.new
        self.doc.annotations_changed.emit()

    def undo(self) -> None:
        self.doc.timeline.annotations = self.old
        self.doc.annotations_changed.emit()


class CameraCommand(QUndoCommand):
    """Swap what the game keeps of its camera (marker sizes, alignment, lens) and
    back. Not an event: no rule reads it."""

    def __init__(self, doc: Document, new: TableCamera | None, text: str) -> None:
        super().__init__(text)
        self.doc = doc
        self.old = doc.timeline.camera
        self.new = new

    def redo(self) -> None:
        self.doc.timeline.camera = self.new
        self.doc.camera_changed.emit()

    def undo(self) -> None:
        self.doc.timeline.camera = self.old
        self.doc.camera_changed.emit()


class Document(QObject):
    """The open game and what the window shows of it. The window's parts follow
    these signals (docs/architecture.md, The Qt layer); none is sent for a change
    that does not happen."""

    #: The shown state changed (a commit, an undo, a provisional preview, a moment
    #: looked back at, another viewer).
    changed = Signal()
    #: The Scoreboard of the shown state in the chosen view, sent after every
    #: ``changed`` once all of ``changed``'s receivers have run (the board scene
    #: shows the state by then); sent only while something listens.
    scoreboard_ready = Signal(object)
    #: The log changed (push, pop, a new game) or the shown moment moved; not
    #: sent for provisional previews, so panels that follow the log stay cheap.
    log_changed = Signal()
    #: A different game was loaded into this document (New, Open, Recover).
    reset_done = Signal()
    #: A message for the status bar (a refused edit, with the rule's reason).
    message = Signal(str)
    #: The setup (the active objectives) was replaced, or put back by an undo.
    setup_changed = Signal()
    #: A ruler was pinned or removed, a range ring toggled (or an undo of one).
    annotations_changed = Signal()
    #: What the game keeps of its camera changed (docs/camera.md).
    camera_changed = Signal()
    #: The selected pieces or pinned rulers changed (``selection``, ``rulers_selected``).
    selection_changed = Signal()
    #: The file the game is kept in (``path``) or was read from (``opened_from``) changed.
    path_changed = Signal()
    #: Whether there is unsaved work changed (``dirty``).
    dirty_changed = Signal(bool)

    def __init__(
        self,
        game: Game,
        path: str | None = None,
        parent: QObject | None = None,
        opened_from: str | None = None,
    ) -> None:
        super().__init__(parent)
        self._path = path
        #: The file an untitled game was read from (a bundled example, a recovered
        #: autosave's file, a log cut before a refused event): never saved over, so
        #: Save asks where; None when the game has its own file or none.
        self._opened_from = opened_from if path is None else None
        #: The scenario file a game without its own file was imported from.
        self._imported_from: str | None = None
        self.timeline = Timeline(game)
        self.undo_stack = QUndoStack(self)
        self.provisional: GameState | None = None
        self.view_index: int | None = None  # None: the present
        self._unsaved_extra = False
        #: The log as the game's file holds it (None: not known, or no file).
        self.file_events: tuple[Event, ...] | None = tuple(game.events) if path else None
        self._file_rest = self._rest()
        self._was_dirty = False
        self.viewer: str | None = None  # None: the referee's view
        #: Seconds, for joining turns by key pressed in a row (``TurnCommand``).
        self.clock: Callable[[], float] = time.monotonic
        #: The pieces selected on the board (ids), and the pinned rulers selected.
        self.selection: tuple[str, ...] = ()
        self.rulers_selected: tuple[str, ...] = ()
        self.undo_stack.cleanChanged.connect(self._clean_changed)

    # -- where the game is kept ---------------------------------------------
    @property
    def path(self) -> str | None:
        return self._path

    @path.setter
    def path(self, path: str | None) -> None:
        if path != self._path:
            self._path = path
            if path is not None:
                self._opened_from = None
            self.path_changed.emit()

    @property
    def opened_from(self) -> str | None:
        return self._opened_from

    @opened_from.setter
    def opened_from(self, source: str | None) -> None:
        if source != self._opened_from:
            self._opened_from = source
            self.path_changed.emit()

    @property
    def imported_from(self) -> str | None:
        """The scenario file (a Memoir '44 .m44, say) the game was imported from,
        while it has no file of its own; else None."""
        return None if self._path is not None else self._imported_from

    @property
    def unsaved_extra(self) -> bool:
        """Unsaved work that is not on the undo stack (a recovered autosave, a log
        cut before a refused event)."""
        return self._unsaved_extra

    @unsaved_extra.setter
    def unsaved_extra(self, extra: bool) -> None:
        self._unsaved_extra = extra
        if extra:  # a recovered autosave, a log cut short: the file's log is not this one
            self.file_events = None
        self._dirty_maybe_changed()

    def _dirty_maybe_changed(self) -> None:
        self._note_dirty(not self.undo_stack.isClean())

    def _clean_changed(self, clean: bool) -> None:
        # A method of this document, so the connection goes with it: the stack,
        # its child, still says it is clean as it is torn down after it.
        self._note_dirty(not clean)

    def _note_dirty(self, unclean: bool) -> None:
        dirty = self._unsaved_extra or unclean
        if dirty != self._was_dirty:
            self._was_dirty = dirty
            self.dirty_changed.emit(dirty)

    # -- the selection ----------------------------------------------------------
    def set_selection(self, pieces: Sequence[str], rulers: Sequence[str] = ()) -> None:
        """Select ``pieces`` (ids) and the pinned ``rulers``: the board follows."""
        pieces, rulers = tuple(pieces), tuple(rulers)
        if (pieces, rulers) != (self.selection, self.rulers_selected):
            self.selection, self.rulers_selected = pieces, rulers
            self.selection_changed.emit()

    def refresh(self) -> None:
        """Send ``changed`` and ``scoreboard_ready`` again: every view shows the
        state (a window just made)."""
        self._show()

    def _show(self) -> None:
        """Tell the views the shown state changed, then hand over its Scoreboard."""
        self.changed.emit()
        if self.isSignalConnected(QMetaMethod.fromSignal(self.scoreboard_ready)):
            self.scoreboard_ready.emit(self.scoreboard())

    @property
    def committed(self) -> GameState:
        return self.timeline.current

    @property
    def state(self) -> GameState:
        """What the board shows: the provisional state during a gesture, the moment
        looked back at, or the present."""
        if self.provisional is not None:
            return self.provisional
        if self.view_index is not None:
            return self.timeline.state_at(self.view_index)
        return self.timeline.current

    def scene_at(self, n: int) -> Scene | None:
        """The pieces after ``n`` events of the log (None: past its end): what a
        ruler's note was written against (``play.annotations.noted_when``)."""
        states = self.timeline.states
        return states[n].scene if 0 <= n < len(states) else None

    def saved(self) -> None:
        """The game was just written to its file (``path``)."""
        self.unsaved_extra = False
        self.file_events = tuple(self.timeline.events)
        self._file_rest = self._rest()
        self.undo_stack.setClean()

    def _rest(self) -> tuple[object, ...]:
        """What the file holds besides the log: the set-up, the annotations, the
        camera alignment."""
        t = self.timeline
        return (t.setup, t.annotations, t.camera)

    def unsaved_note(self, upto: int) -> str:
        """What a report of the moment after ``upto`` events says beside the file's
        name, so nobody rechecks a file that does not hold what it shows: "" when
        nothing is unsaved, "unsaved changes: 1 event not in the file" when some of
        those events are not the file's, "unsaved changes after the moment shown"
        when the file holds all that is shown, else "unsaved changes"."""
        if not self.dirty:
            return ""
        if self.file_events is None:
            return "unsaved changes"
        shown, kept = self.timeline.events[:upto], self.file_events
        same = 0
        for a, b in zip(shown, kept, strict=False):
            if a is not b and a != b:
                break
            same += 1
        missing = len(shown) - same
        if missing:
            return f"unsaved changes: {missing} event{'' if missing == 1 else 's'} not in the file"
        rest = self._rest()
        if all(a is b or a == b for a, b in zip(rest, self._file_rest, strict=True)):
            return "unsaved changes after the moment shown"  # what is shown is the file's
        return "unsaved changes"

    @property
    def looking_back(self) -> bool:
        return self.view_index is not None

    @property
    def dirty(self) -> bool:
        return self.unsaved_extra or not self.undo_stack.isClean()

    def look_at(self, n: int | None) -> None:
        """Show the board after ``n`` events (read-only); None or the log's length
        returns to the present."""
        if n is not None:
            n = max(0, min(int(n), len(self.timeline)))
            if n == len(self.timeline):
                n = None
        if n == self.view_index:
            return
        self.provisional = None
        self.view_index = n
        self._show()
        self.log_changed.emit()

    def reset(
        self,
        game: Game,
        path: str | None,
        opened_from: str | None = None,
        imported_from: str | None = None,
    ) -> None:
        """Replace the open game (the undo stack starts empty); ``opened_from``:
        the file a game without its own file was read from; ``imported_from``:
        the scenario file it was imported from (Save proposes a game file of its
        name beside it)."""
        timeline = Timeline(game)  # may raise RuleError: then nothing changes
        self.timeline = timeline
        self._imported_from = imported_from if path is None else None
        where = (path, opened_from if path is None else None)
        moved = where != (self._path, self._opened_from)
        self._path, self._opened_from = where
        self.provisional = None
        self.view_index = None
        self._unsaved_extra = False
        self.file_events = tuple(game.events) if path else None
        self._file_rest = self._rest()
        self.viewer = None
        self.undo_stack.clear()
        self.undo_stack.setClean()
        self._dirty_maybe_changed()
        if moved:
            self.path_changed.emit()
        self.reset_done.emit()
        self._show()
        self.log_changed.emit()

    def continue_from_here(self) -> str | None:
        """Make the moment looked back at the present, dropping the events after it
        as one undo step (a referee correcting a disputed moment, a game to go on
        after its end). The reason when there is nothing to drop."""
        n = self.view_index
        if n is None or n >= len(self.timeline):
            return "look back at an earlier moment first (the game log, Alt+Left)"
        dropped = len(self.timeline) - n
        text = f"Continue from event {n} (drop {dropped} later event{'s' * (dropped != 1)})"
        self.undo_stack.push(CutLogCommand(self, n, text))
        return None

    def read_only_reason(self) -> str | None:
        if self.view_index is None:
            return None
        return (
            f"looking back at event {self.view_index} of {len(self.timeline)} (read-only); "
            "return to the present (Alt+End) to change the game, or go on from here with "
            "Game ▸ Continue from this moment (Ctrl+Z brings the later events back)"
        )

    @property
    def game(self) -> Game:
        return self.timeline.game

    @property
    def annotations(self) -> Annotations:
        return self.timeline.annotations

    @property
    def camera(self) -> TableCamera | None:
        return self.timeline.camera

    def set_camera(self, camera: TableCamera | None, text: str) -> None:
        """Make ``camera`` the game's camera record as ONE undo step."""
        if camera != self.timeline.camera:
            self.undo_stack.push(CameraCommand(self, camera, text))

    def set_annotations(self, annotations: Annotations, text: str) -> None:
        """Make ``annotations`` the game's as ONE undo step (allowed while looking
        back: an annotation changes no event)."""
        if annotations != self.timeline.annotations:
            self.undo_stack.push(AnnotationCommand(self, annotations, text))

    def scoreboard(self) -> Scoreboard:
        """The shown state's Scoreboard in the window's view (``rules.evaluate``
        keeps it for every other view of the same state)."""
        return evaluate(self.state, viewer=self.viewer)

    def set_viewer(self, viewer: str | None) -> None:
        self.viewer = viewer
        self._show()

    # -- edits --------------------------------------------------------------
    def try_apply(self, events: Sequence[Event], base: GameState | None = None) -> GameState:
        """The state after ``events`` (raises RuleError / EventError with the reason)."""
        state = base if base is not None else self.timeline.current
        for event in events:
            state = apply(state, event)
        return state

    def preview(self, events: Sequence[Event]) -> str | None:
        """Show the state after ``events`` without committing; returns a refusal or None."""
        if self.view_index is not None:
            return self.read_only_reason()
        try:
            self.provisional = self.try_apply(events)
        except (RuleError, EventError) as exc:
            return str(exc)
        self._show()
        return None

    def cancel_preview(self) -> None:
        if self.provisional is not None:
            self.provisional = None
            self._show()

    def commit(self, events: Sequence[Event], text: str, turn: KeyTurn | None = None) -> str | None:
        """Push ``events`` as one undo step; on refusal nothing changes and the reason
        is returned (and sent to ``message``). ``turn``: the events turn units by
        key, and join the step before when it turned the same ones (``TurnCommand``)."""
        if not events:
            self.cancel_preview()
            return None
        blocked = self.read_only_reason()
        if blocked:
            self.message.emit(f"Refused: {blocked}")
            return blocked
        try:
            self.try_apply(events)
        except (RuleError, EventError) as exc:
            self.provisional = None
            self._show()
            self.message.emit(f"Refused: {exc}")
            return Refusal(exc)
        self.provisional = None
        command = (
            EventCommand(self, events, text) if turn is None else TurnCommand(self, events, turn)
        )
        self.undo_stack.push(command)
        return None

    def replace_objectives(self, objectives: Sequence[ObjectiveSpec], text: str) -> str | None:
        """Make ``objectives`` the game's active objectives as ONE undo step: the
        setup is replaced and the whole log replayed under the new rules. If the
        replay refuses an event (or the rules cannot score the result), nothing
        changes and the reason is returned."""
        ids = [spec.id for spec in objectives]
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:  # the file could not be read back (docs/file-format.md)
            return f"objective ids must be unique: {', '.join(map(repr, twice))} is used twice"
        setup = replace(self.timeline.setup, objectives=tuple(objectives))
        return self.replace_setup(setup, self.timeline.events, text, "objectives")

    def replace_sides(self, sides: Sequence[Side], text: str = "Sides") -> str | None:
        """Rename and recolour the sides as ONE undo step (``play.sides.renamed``:
        markers called after their owner follow the new names)."""
        wrong = side_problems(sides)
        if wrong:
            return "; ".join(wrong)
        setup, events = renamed(self.timeline.setup, self.timeline.events, sides)
        return self.replace_setup(setup, events, text, "sides")

    def replace_setup(
        self, setup: Setup, events: Sequence[Event], text: str, what: str = "setup"
    ) -> str | None:
        """Replay ``events`` from ``setup`` and make that the game, as ONE undo
        step; if the replay refuses an event, nothing changes and the reason is
        returned (``what`` names the change in it)."""
        blocked = self.read_only_reason()
        if blocked:
            return blocked
        timeline = None
        try:
            timeline = Timeline(Game(setup, (), self.timeline.annotations, self.timeline.camera))
            for event in events:
                timeline.push(event)
            evaluate(timeline.current)
        except (RuleError, EventError) as exc:
            n = len(timeline) if timeline is not None else -1
            where = f"event {n + 1} ({events[n].type})" if 0 <= n < len(events) else "the setup"
            return f"the game's log does not replay with these {what}: {where}: {exc}"
        except (KeyError, ValueError, TypeError, IndexError) as exc:
            # A param the rule's own check let through but cannot use (a marker id
            # that is not on the board...): refused the same way, named.
            return f"the rules cannot score with these {what}: {exc!r}"
        self.provisional = None
        self.undo_stack.push(SetupCommand(self, timeline, text))
        return None

    def _committed(self) -> None:
        self.provisional = None
        self.view_index = None
        self._show()
        self.log_changed.emit()

    # -- ids --------------------------------------------------------------
    def new_id(self, stem: str) -> str:
        scene = self.state.scene
        return free_name(stem or "piece", {*scene.units, *scene.markers, *scene.terrain,
                                           *scene.zones})  # fmt: skip
