"""What the main window's parts share. A part is a plain QObject the window
makes and keeps (``window.files``, ``window.board``, ...): it holds its own menu
entries and keys and follows the document's signals (docs/architecture.md, The
Qt layer), as Orange's canvas connects its views to its scheme. Its host is the
window, any QMainWindow (a test gives a bare one): dialogs open over it, messages
go to its status bar, and its actions are added to it, so their keys work
wherever the focus is."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QWidget

from tabletop_gui.app.document import Document

Shortcut = QKeySequence | QKeySequence.StandardKey | str | None


def add_action(
    host: QWidget,
    menu: QMenu | None,
    text: str,
    slot: Callable[..., object],
    shortcut: Shortcut = None,
) -> QAction:
    """A menu entry (``menu`` None: a key alone) calling ``slot``, its key live in
    the whole window."""
    action = QAction(text, host)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
    action.triggered.connect(slot)
    if menu is not None:
        menu.addAction(action)
    host.addAction(action)
    return action


class Part(QObject):
    """A part of the main window: the document it follows and the window it serves."""

    def __init__(self, doc: Document, host: QMainWindow) -> None:
        super().__init__(host)
        self.doc = doc
        self.host = host

    def status(self, text: str, ms: int = 8000) -> None:
        """Show ``text`` in the window's status bar for ``ms`` milliseconds."""
        self.host.statusBar().showMessage(text, ms)

    def action(
        self, menu: QMenu | None, text: str, slot: Callable[..., object], shortcut: Shortcut = None
    ) -> QAction:
        return add_action(self.host, menu, text, slot, shortcut)
