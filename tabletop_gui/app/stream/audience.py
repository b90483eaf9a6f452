"""Which view the audience gets: one setting shared by the streamer window and
the stream PNG (``stream_settings()``), and the scoreboard it shows.

- the **players' view** (the default: players and spectators watch the
  stream): what a player at the table may know; a face-down objective shows
  ``?`` on the board, and a total it would add to reads ``3 VP + ? (1 hidden)``;
- the **referee's view**, switched on explicitly: every value, as the score
  panel shows it; an objective still face down to the players says so in its
  tile.

The streamer window's right-click menu, its ``H`` key and View ▸ *Streamer
shows hidden values* switch it. The overlay server has its own switch, off
whenever a server starts (``stream.overlay_feed``). Both start as the players'
view in every run: a reveal switched on for one game must not leak the next
game's face-down values on air.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction

from tabletop_gui.app.document import Document
from tabletop_gui.rules.engine import evaluate
from tabletop_gui.rules.scoreboard import Scoreboard

#: Spectators watch the stream: face-down values stay hidden until a referee
#: switches the referee's view on, in this run (never remembered).
SHOW_HIDDEN_DEFAULT = False


class StreamSettings(QObject):
    """The audience's view, shared by the streamer window and the stream PNG."""

    changed = Signal(bool)

    def __init__(self) -> None:
        super().__init__()
        self._show_hidden = SHOW_HIDDEN_DEFAULT

    @property
    def show_hidden(self) -> bool:
        """True: the referee's view (every value); False: the players' view."""
        return self._show_hidden

    def set_show_hidden(self, show: bool) -> None:
        show = bool(show)
        if show == self._show_hidden:
            return
        self._show_hidden = show
        self.changed.emit(show)

    def toggle(self) -> None:
        self.set_show_hidden(not self._show_hidden)

    def view_name(self) -> str:
        if self._show_hidden:
            return "referee's view: every value shown"
        return "players' view: face-down values hidden"

    def action(self, parent: QObject) -> QAction:
        """A checkable menu action that follows and switches the setting."""
        act = QAction("Streamer shows hidden values (referee's view)", parent)
        act.setCheckable(True)
        act.setChecked(self._show_hidden)
        act.setToolTip(
            "On: the streamer view and stream PNG show every value, as the score panel does.\n"
            "Off: the players' view: face-down values show '?' and totals say what is hidden."
        )
        act.toggled.connect(self.set_show_hidden)
        self.changed.connect(act.setChecked)
        return act


_SETTINGS: StreamSettings | None = None


def stream_settings() -> StreamSettings:
    global _SETTINGS
    if _SETTINGS is None:
        _SETTINGS = StreamSettings()
    return _SETTINGS


def forget_settings() -> None:
    """Read the setting afresh next time (tests switch the settings file)."""
    global _SETTINGS
    _SETTINGS = None


def players_viewer(doc: Document) -> str | None:
    """The side whose view the audience shares in the players' view: what a
    player may know (the document's own viewer when the window is in one)."""
    if doc.viewer is not None:
        return doc.viewer
    sides = doc.state.scene.side_ids
    return sides[0] if sides else None


def stream_scoreboard(doc: Document, show_hidden: bool) -> Scoreboard:
    """The scoreboard the audience sees: the referee's (what the score panel shows
    in the referee's view) or a player's (face-down values unknown)."""
    if show_hidden:
        return evaluate(doc.state)
    return evaluate(doc.state, players_viewer(doc))
