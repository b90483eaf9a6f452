"""What the main window's parts share. A part is a plain QObject the window
makes and keeps (``window.files``, ``window.board``, ...): it holds its own menu
entries and keys and follows the document's signals (docs/architecture.md, The
Qt layer), as Orange's canvas connects its views to its scheme. Its host is the
window, any QMainWindow (a test gives a bare one): dialogs open over it, messages
go to its status bar, and its actions are added to it, so their keys work
wherever the focus is."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QMainWindow, QMenu, QWidget

from tabletop_gui.app.document import Document

Shortcut = QKeySequence | QKeySequence.StandardKey | str | None


def undoable(text: str) -> str:
    """What the status bar says after an edit: 'Rotate Knights 15° left (Ctrl+Z
    undoes it)', with the platform's Undo key."""
    undo = QKeySequence(QKeySequence.StandardKey.Undo).toString(
        QKeySequence.SequenceFormat.NativeText
    )
    return f"{text} ({undo} undoes it)"


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

    @contextmanager
    def busy(self, text: str) -> Iterator[None]:
        """The wait cursor, and ``text`` in the status bar painted at once, while
        work that can take a second or more runs in the window's thread (a photo,
        a large save or game): the window says why it does not answer. The
        message goes when the work ends, unless the work said something else."""
        bar = self.host.statusBar()
        bar.showMessage(text)
        bar.repaint()  # the event loop does not run until the work is done
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            yield
        finally:
            QApplication.restoreOverrideCursor()
            if bar.currentMessage() == text:
                bar.clearMessage()

    def action(
        self, menu: QMenu | None, text: str, slot: Callable[..., object], shortcut: Shortcut = None
    ) -> QAction:
        """A menu entry of this part. When its key is one typed as text (no Ctrl,
        Alt or Meta: ``R``, ``Delete``, ``P``) and it made an undo step, the status
        bar says what it did and how to undo it: a key pressed by accident, or
        text typed while the board had the focus, is never a silent edit."""
        action = QAction(text, self.host)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        before: list[tuple[int, str, str]] = []
        bar = self.host.statusBar()
        stack = self.doc.undo_stack
        action.triggered.connect(
            lambda: before.append((stack.index(), stack.undoText(), bar.currentMessage()))
        )
        action.triggered.connect(slot)
        action.triggered.connect(lambda: self._tell_edit(action, *before.pop()))
        if menu is not None:
            menu.addAction(action)
        self.host.addAction(action)
        return action

    def _tell_edit(self, action: QAction, index: int, step: str, shown: str) -> None:
        stack = self.doc.undo_stack
        # An edit made by a key (R, Delete, Alt+S, Ctrl+D...) says what it did;
        # from the menu the undo step's text is there to read. A press that
        # joined the step before (R pressed again) made no new step but renamed it.
        joined = stack.index() == index and stack.undoText() != step
        if (stack.index() <= index and not joined) or not action.shortcuts():
            return
        said = self.host.statusBar().currentMessage()
        if said != shown and said.endswith(("undoes it)", "redoes it)")):
            return  # Undo and Redo say it their own way
        what = said if said and said != shown else stack.undoText()
        self.status(undoable(what))
