"""The open game: a Timeline (setup + log), its undo stack, and the provisional
state shown while a gesture is under way.

Every edit is a list of events pushed as ONE undo command (a drag of three
units is one step). While a piece is dragged the window shows
``rules.engine.apply(timeline.current, event)`` without pushing it, so overlays
and scores follow the mouse; the event is pushed on release.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from tabletop_gui.model.events import Event, EventError
from tabletop_gui.model.game import Game
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.engine import RuleError, Timeline, apply, evaluate
from tabletop_gui.rules.scoreboard import Scoreboard


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
        for _ in self.events:
            self.doc.timeline.pop()
        self.doc._committed()


class Document(QObject):
    #: The shown state changed (a commit, an undo, or a provisional preview).
    changed = Signal()
    #: A message for the status bar (a refused edit, with the rule's reason).
    message = Signal(str)

    def __init__(self, game: Game, path: str | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.path = path
        self.timeline = Timeline(game)
        self.undo_stack = QUndoStack(self)
        self.provisional: GameState | None = None
        self._board_for: GameState | None = None
        self._board: Scoreboard | None = None
        self.viewer: str | None = None  # None: the referee's view

    @property
    def committed(self) -> GameState:
        return self.timeline.current

    @property
    def state(self) -> GameState:
        """What the board shows: the provisional state during a gesture, else the last."""
        return self.provisional if self.provisional is not None else self.timeline.current

    @property
    def game(self) -> Game:
        return self.timeline.game

    def scoreboard(self) -> Scoreboard:
        state = self.state
        if self._board_for is not state or self._board is None:
            self._board = evaluate(state, viewer=self.viewer)
            self._board_for = state
        return self._board

    def set_viewer(self, viewer: str | None) -> None:
        self.viewer = viewer
        self._board = None
        self.changed.emit()

    # -- edits --------------------------------------------------------------
    def try_apply(self, events: Sequence[Event], base: GameState | None = None) -> GameState:
        """The state after ``events`` (raises RuleError / EventError with the reason)."""
        state = base if base is not None else self.timeline.current
        for event in events:
            state = apply(state, event)
        return state

    def preview(self, events: Sequence[Event]) -> str | None:
        """Show the state after ``events`` without committing; returns a refusal or None."""
        try:
            self.provisional = self.try_apply(events)
        except (RuleError, EventError) as exc:
            return str(exc)
        self.changed.emit()
        return None

    def cancel_preview(self) -> None:
        if self.provisional is not None:
            self.provisional = None
            self.changed.emit()

    def commit(self, events: Sequence[Event], text: str) -> str | None:
        """Push ``events`` as one undo step; on refusal nothing changes and the reason
        is returned (and sent to ``message``)."""
        if not events:
            self.cancel_preview()
            return None
        try:
            self.try_apply(events)
        except (RuleError, EventError) as exc:
            self.provisional = None
            self.changed.emit()
            self.message.emit(f"Refused: {exc}")
            return str(exc)
        self.provisional = None
        self.undo_stack.push(EventCommand(self, events, text))
        return None

    def _committed(self) -> None:
        self.provisional = None
        self.changed.emit()

    # -- ids --------------------------------------------------------------
    def new_id(self, stem: str) -> str:
        scene = self.state.scene
        stem = stem or "piece"
        if not scene.has_piece(stem):
            return stem
        n = 2
        while scene.has_piece(f"{stem}-{n}"):
            n += 1
        return f"{stem}-{n}"
