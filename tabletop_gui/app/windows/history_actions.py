"""The main window's history part: Game ▸ Look back one event, Look forward,
Back to the present, Continue from this moment and Show the game log, and the
notice on the board while a moment is looked back at (it follows ``log_changed``)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow

from tabletop_gui.app.canvas.view import BoardView
from tabletop_gui.app.document import Document
from tabletop_gui.app.panels.log_panel import LogPanel
from tabletop_gui.app.part import Part


class HistoryController(Part):
    """Looking back through the game's log."""

    def __init__(
        self,
        doc: Document,
        host: QMainWindow,
        view: BoardView,
        log_panel: LogPanel,
        raise_log: Callable[[], None],
    ) -> None:
        """``raise_log`` brings the Game log panel to the front."""
        super().__init__(doc, host)
        self.view = view
        self.log_panel = log_panel
        self.raise_log = raise_log
        #: Whether the camera's picture of the table now is hidden while looking
        #: back (the window sets it; the notice then says so).
        self.picture_hidden: Callable[[], bool] = lambda: False
        doc.log_changed.connect(self.show_notice)
        a = self.action
        #: Game ▸ Look back ... Show the game log.
        self.actions: list[QAction] = [
            a(None, "Look &back one event", lambda: log_panel.step(-1), "Alt+Left"),
            a(None, "Look &forward one event", lambda: log_panel.step(1), "Alt+Right"),
            a(None, "Back to the &present", lambda: doc.look_at(None), "Alt+End"),
            a(None, "&Continue from this moment (drop the later events)", self.continue_from_here),
            a(None, "Show the &game log", self.show_log, "Ctrl+L"),
        ]

    def show_notice(self) -> None:
        """Looking back, the board says so (and how to return); else nothing."""
        doc = self.doc
        if doc.looking_back:
            camera = "\nThe camera's picture (the table now) is hidden" * self.picture_hidden()
            self.view.set_notice(
                f"Looking back: after event {doc.view_index} of {len(doc.timeline)} · read-only"
                f" · Alt+End returns to the present{camera}"
            )
        else:
            self.view.set_notice("")

    def continue_from_here(self) -> str | None:
        refused = self.doc.continue_from_here()
        if refused:
            self.status(f"Refused: {refused}")
        return refused

    def show_log(self) -> None:
        """Ctrl+L: the Game log in front, its list focused."""
        self.raise_log()
        self.log_panel.list.setFocus()
