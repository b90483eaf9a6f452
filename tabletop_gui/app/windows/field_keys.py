"""The window's own Ctrl shortcuts keep working while a text field has the keyboard.

A focused line edit or spin box claims every key its platform's key scheme binds
to editing, and on Linux (the X11 scheme) that includes Emacs keys: Ctrl+E is
"end of line" there, so File ▸ Export ▸ PNG image… (Ctrl+E) silently did
nothing while an Inspector field had the focus, though Ctrl+S worked. Here the
window's shortcuts with Ctrl or Alt win over a field's claim, except the editing
keys a person expects of a field (copy, cut, paste, undo, redo, select all):
those stay the field's.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QLineEdit, QMainWindow, QWidget

#: What a text field keeps even when a window action has the same key.
FIELD_KEYS = (
    QKeySequence.StandardKey.Copy,
    QKeySequence.StandardKey.Cut,
    QKeySequence.StandardKey.Paste,
    QKeySequence.StandardKey.Undo,
    QKeySequence.StandardKey.Redo,
    QKeySequence.StandardKey.SelectAll,
)


def _is_field(widget: QWidget | None) -> bool:
    return isinstance(widget, QLineEdit | QAbstractSpinBox)


class WindowKeysOverFields(QObject):
    """Watches each field of ``window`` that takes the keyboard (never the whole
    application: a filter there sees every event of every object, the web
    pages' too): a ShortcutOverride the field would accept for one of the
    window's Ctrl/Alt shortcuts is withheld from it, so the shortcut runs."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.window = window
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_changed)

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        if _is_field(new) and new is not None and new.window() is self.window:
            new.removeEventFilter(self)  # once, however often it takes the keyboard
            new.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.ShortcutOverride or not isinstance(event, QKeyEvent):
            return False
        if not isinstance(watched, QWidget) or not _is_field(watched):
            return False
        if watched.window() is not self.window:
            return False
        combo = event.keyCombination()
        held = combo.keyboardModifiers()
        if not held & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier):
            return False  # plain keys and Shift+key type text in the field
        if any(event.matches(key) for key in FIELD_KEYS):
            return False
        pressed = QKeySequence(combo)
        for action in self.window.findChildren(QAction):
            if action.isEnabled() and any(s == pressed for s in action.shortcuts()):
                return True  # withheld from the field: the window's shortcut runs
        return False
