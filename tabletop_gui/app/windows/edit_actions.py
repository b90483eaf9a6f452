"""The main window's edit part: the Edit menu (undo and redo, delete, copy,
paste at the cursor, duplicate, rotate, change side, select all) working on the
document's selection, and the Inspector, which shows the one selected piece
(it follows ``selection_changed`` and ``changed``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QMimeData, Qt
from PySide6.QtGui import QAction, QCursor, QGuiApplication, QKeySequence, QShortcut
from PySide6.QtWidgets import QMainWindow

from tabletop_gui.app.canvas.board_scene import BoardScene
from tabletop_gui.app.canvas.view import BoardView
from tabletop_gui.app.document import Document
from tabletop_gui.app.editor import ROTATE_FINE, ROTATE_STEP, Editor
from tabletop_gui.app.panels.inspector import Inspector
from tabletop_gui.app.part import Part
from tabletop_gui.io import clipboard
from tabletop_gui.io.clipboard import piece_count
from tabletop_gui.model.scene import Scene
from tabletop_gui.play.clipboard import paste_events

#: What the Inspector says with a pinned ruler selected instead of a piece.
RULER_SELECTED = "A pinned ruler: N writes its note, Delete removes it"


def several_selected(scene: Scene, ids: Sequence[str]) -> str:
    """What the Inspector says of several pieces selected: how many, which, and
    what can be done with them together."""
    names = [getattr(scene.piece(i), "name", "") or i for i in ids if scene.has_piece(i)]
    shown = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
    return (
        f"{len(names)} pieces selected: {shown}. Drag one to move them together, "
        "Delete removes them; select one alone to edit it."
    )


class EditController(Part):
    """Edit ▸ ... and the Inspector."""

    def __init__(
        self,
        doc: Document,
        host: QMainWindow,
        editor: Editor,
        view: BoardView,
        inspector: Inspector,
        remove_rulers: Callable[[], bool],
    ) -> None:
        """``remove_rulers``: removes the selected pinned rulers (the referee's),
        False when none is selected: Delete takes them first."""
        super().__init__(doc, host)
        self.editor = editor
        self.view = view
        self.scene: BoardScene = view.board_scene
        self.inspector = inspector
        self.remove_rulers = remove_rulers
        doc.selection_changed.connect(self.inspect)
        doc.changed.connect(self.inspect)

        undo = doc.undo_stack.createUndoAction(host, "&Undo")
        undo.setShortcut(QKeySequence.StandardKey.Undo)
        redo = doc.undo_stack.createRedoAction(host, "&Redo")
        # Ctrl+Shift+Z and Ctrl+Y on every platform (the standard Redo key differs),
        # and the platform's own combinations (not a keyboard's dedicated Redo key:
        # the shortcuts page listed it as a third key, "Redo").
        keys = [QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")]
        keys += [
            k
            for k in QKeySequence.keyBindings(QKeySequence.StandardKey.Redo)
            if k not in keys and "+" in k.toString()
        ]
        redo.setShortcuts(keys)
        self.undo_action, self.redo_action = undo, redo
        # Ctrl+Z with nothing left to undo (the disabled action takes no key):
        # said, for a referee pressing it again and again at a game opened from
        # a file, whose events are in the log, not on the undo stack.
        nothing = QShortcut(QKeySequence.StandardKey.Undo, host)
        nothing.setEnabled(not doc.undo_stack.canUndo())
        doc.undo_stack.canUndoChanged.connect(lambda can: nothing.setEnabled(not can))
        nothing.activated.connect(
            lambda: self.status(
                "Nothing left to undo: the events the game was opened with are in the game "
                "log (look back with Alt+Left)"
            )
        )
        # After the stack's own slot (connected first): the status bar says what was
        # undone or redone, not the edit's own "… (Ctrl+Z undoes it)" any more.
        undo.triggered.connect(lambda: self._tell_step("Undone", 0))
        redo.triggered.connect(lambda: self._tell_step("Redone", -1))
        delete = self.action(None, "&Delete", self.delete_selected)
        delete.setShortcuts(
            [QKeySequence(QKeySequence.StandardKey.Delete), QKeySequence(Qt.Key.Key_Backspace)]
        )
        a = self.action
        #: Edit ▸ Delete ... Select all (after Undo, Redo and a separator).
        self.edit_actions: list[QAction] = [
            delete,
            a(None, "&Copy", self.copy_selected, QKeySequence.StandardKey.Copy),
            a(None, "&Paste at the cursor", lambda: self.paste(), QKeySequence.StandardKey.Paste),
            a(None, "D&uplicate", self.duplicate_selected, "Ctrl+D"),
            a(None, f"Rotate &left {ROTATE_STEP:g}°", lambda: self.rotate_selected(ROTATE_STEP),
              "R"),
            a(None, f"Rotate right {ROTATE_STEP:g}°", lambda: self.rotate_selected(-ROTATE_STEP),
              "Shift+R"),
            a(None, f"Rotate left {ROTATE_FINE:g}°", lambda: self.rotate_selected(ROTATE_FINE),
              "Alt+R"),
            a(None, f"Rotate right {ROTATE_FINE:g}°", lambda: self.rotate_selected(-ROTATE_FINE),
              "Alt+Shift+R"),
            a(None, "Change &side", self.change_side, "Alt+S"),
            a(None, "Select &all", self.select_all, QKeySequence.StandardKey.SelectAll),
        ]  # fmt: skip

    # -- the Inspector ------------------------------------------------------------
    def _tell_step(self, done: str, offset: int) -> None:
        """'Undone: Rotate Knights 15° left (Ctrl+Shift+Z redoes it)': the step
        just undone (now at the stack's index) or redone (just below it)."""
        stack = self.doc.undo_stack
        text = stack.text(stack.index() + offset)
        if not text:
            return
        if done == "Undone":
            key = self.redo_action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            self.status(f"Undone: {text} ({key} redoes it)")
        else:
            key = self.undo_action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            self.status(f"Redone: {text} ({key} undoes it)")

    def inspect(self) -> None:
        """The Inspector shows the one selected piece; with a pinned ruler selected
        instead, what can be done with it."""
        scene = self.doc.state.scene
        ids = self.doc.selection
        piece = scene.piece(ids[0]) if len(ids) == 1 and scene.has_piece(ids[0]) else None
        ruler = not ids and self.doc.rulers_selected
        if len(ids) > 1:
            nothing = several_selected(scene, ids)
        else:
            nothing = RULER_SELECTED if ruler else "Nothing selected"
        self.inspector.set_piece(piece, scene, nothing)

    # -- the commands -------------------------------------------------------------
    def delete_selected(self) -> None:
        if self.remove_rulers():
            return
        self.editor.delete(list(self.doc.selection))

    def duplicate_selected(self) -> None:
        new = self.editor.duplicate(list(self.doc.selection))
        if new:
            self.doc.set_selection(new)

    def copy_selected(self) -> bool:
        """Edit > Copy: the selected pieces to the clipboard (the file's format)."""
        text = clipboard.copy_text(self.doc.state.scene, list(self.doc.selection))
        if not text:
            return False
        data = QMimeData()
        data.setData(clipboard.MIME, text.encode("utf-8"))
        data.setText(text)
        QGuiApplication.clipboard().setMimeData(data)
        self.status(f"Copied {piece_count(text)}", 4000)
        return True

    def paste_point(self) -> tuple[float, float]:
        """Where a paste goes: the mouse on the board, else the board's centre."""
        viewport = self.view.viewport()
        pos = viewport.mapFromGlobal(QCursor.pos())
        if viewport.rect().contains(pos):
            x, y = self.view.board_point(pos)
            width, height = self.doc.state.scene.board.extent
            if 0 <= x <= width and 0 <= y <= height:
                return (x, y)
        return self.doc.state.scene.board.centre

    def paste(self, at: tuple[float, float] | None = None) -> list[str]:
        """Edit > Paste: the copied pieces, their centre at the cursor, as one undo
        step; returns the new ids (selected)."""
        data = QGuiApplication.clipboard().mimeData()
        # Another program may put anything under the MIME type: bytes not UTF-8
        # are replaced, and the reader then says the clipboard holds no pieces.
        raw = bytes(data.data(clipboard.MIME).data()).decode("utf-8", "replace") if data else ""
        try:
            pieces = clipboard.read(raw or (data.text() if data else ""), self.doc.state.terms)
        except ValueError as exc:
            self.status(f"Nothing pasted: {exc}")
            return []
        x, y = at if at is not None else self.paste_point()
        events = paste_events(self.doc.state, pieces, x, y, self.editor.snap)
        what = "1 piece" if len(events) == 1 else f"{len(events)} pieces"
        if self.doc.commit(events, f"Paste {what}") is not None:
            return []
        self.status(f"Pasted {what}", 4000)
        ids = [e.piece.id for e in events]
        self.doc.set_selection(ids)
        return ids

    def rotate_selected(self, by: float) -> None:
        self.editor.commit_rotate(list(self.doc.selection), by=by)

    def change_side(self) -> None:
        self.editor.change_side(list(self.doc.selection))

    def select_all(self) -> None:
        """Every unit and marker shown on the board."""
        shown = [
            pid
            for pid, item in self.scene.pieces.items()
            if item.kind in ("unit", "marker") and item.isVisible()
        ]
        kept = self.doc.selection  # added to, as Ctrl+click adds
        self.doc.set_selection(
            [*kept, *(p for p in shown if p not in kept)], self.doc.rulers_selected
        )
