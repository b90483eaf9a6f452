"""The inspector: edit the selected piece's properties. Every change is an
``update`` event through the editor (one undo step); a value the model or a rule
refuses is reverted and the reason shown, never raised."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence, QResizeEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from tabletop_gui.app.editor import Editor
from tabletop_gui.model.hexgrid import HexBoard, hex_label
from tabletop_gui.model.names import piece_called, plain
from tabletop_gui.model.pieces import Marker
from tabletop_gui.model.scene import Scene
from tabletop_gui.play import presets
from tabletop_gui.play.fields import (
    HIDDEN_TEXT,
    Field,
    InputError,
    field_value,
    fields_for,
    parse,
    parse_hex,
    refusal_words,
    value_hidden,
)
from tabletop_gui.rules.engine import family_of


class MessageSlot(QLabel):
    """The refusal line: a fixed two-line slot, so a message never moves the fields
    below it. A longer message is cut with an ellipsis (the whole of it is the
    tooltip and in the status bar); ``text()`` is the whole message."""

    LINES = 2

    def __init__(self) -> None:
        super().__init__()
        self._full = ""
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setStyleSheet("color: #a00000; font-weight: bold")
        self.ensurePolished()
        self.setFixedHeight(self.LINES * self.fontMetrics().lineSpacing() + 2)

    def text(self) -> str:  # the whole message, not the shortened one on show
        return self._full

    def shown(self) -> str:
        return super().text()

    def setText(self, text: str) -> None:
        self._full = text
        self.setToolTip(text)
        self._fit()

    def clear(self) -> None:
        self.setText("")

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        text = self._full
        fm = self.fontMetrics()
        width = max(self.contentsRect().width(), 40)
        flags = int(Qt.TextFlag.TextWordWrap)

        def fits(t: str) -> bool:
            return fm.boundingRect(0, 0, width, 10_000, flags, t).height() <= self.height()

        words = text.split(" ")
        while len(words) > 1 and not fits(text):
            words.pop()
            text = " ".join(words) + " …"
        super().setText(text)


def show(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):  # the digits it has: retyping it moves nothing
        return plain(value)
    return str(value)


class FieldEdit(QLineEdit):
    """A text field of the inspector. Undo and redo belong to the game, not to the
    field: once a value is applied, ``Ctrl+Z`` undoes the edit in the model (the
    window's Edit > Undo) and the field then shows the model's value; while a value
    is being typed, ``Ctrl+Z`` puts the model's value back in the field."""

    def __init__(self, revert: Callable[[], None]) -> None:
        super().__init__()
        self._revert = revert

    @staticmethod
    def _is_undo(event: QKeyEvent) -> bool:
        return event.matches(QKeySequence.StandardKey.Undo) or event.matches(
            QKeySequence.StandardKey.Redo
        )

    def event(self, event: QEvent) -> bool:
        override = event.type() == QEvent.Type.ShortcutOverride
        if override and isinstance(event, QKeyEvent) and self._is_undo(event):
            if self.isModified():
                event.accept()  # handled below, as a key press: revert the typing
            else:
                event.ignore()  # let the window's Undo / Redo shortcut have it
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self._is_undo(event) or event.key() == Qt.Key.Key_Escape:
            self._revert()  # Escape also dismisses a refusal shown under the fields
            event.accept()
            return
        super().keyPressEvent(event)


class Inspector(QWidget):
    def __init__(self, editor: Editor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor = editor
        self.piece: Any = None
        self.widgets: dict[str, QWidget] = {}
        self.title = QLabel("Nothing selected")
        self.title.setWordWrap(True)  # long names, and what a pinned ruler offers
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.message = MessageSlot()
        #: ``_moment()`` when the refusal on show was made (None: none on show).
        self._refused_when: tuple[bool, int] | None = None
        self.message.setObjectName("inspectorMessage")
        self.form_host = QWidget()
        self.form = QFormLayout(self.form_host)
        self.form.setContentsMargins(0, 0, 0, 0)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.title)
        # The reason for a refusal sits right under the title, where it is seen
        # however far down the form the edited field is (and in the status bar),
        # in a slot of fixed height: the fields never move when it comes and goes.
        layout.addWidget(self.message)
        layout.addWidget(self.form_host)
        layout.addStretch(1)
        self._sides: tuple[tuple[str, str], ...] = ()
        self._family: str | None = None

    @property
    def family(self) -> str | None:
        setup = getattr(self.editor.doc.committed, "setup", None)
        return getattr(setup, "family", None)

    @property
    def viewer(self) -> str | None:
        """The side whose view the window shows (View > Score as seen by); None: the
        referee's."""
        return getattr(self.editor.doc, "viewer", None)

    # -- showing ------------------------------------------------------------
    def set_piece(self, piece: Any, scene: Scene, nothing: str = "Nothing selected") -> None:
        """Show ``piece`` (None: ``nothing``, what the title says then); keeps the
        form if only values changed."""
        sides = tuple((s.id, s.name) for s in scene.sides)
        family = self.family
        same_form = (
            piece is not None
            and self.piece is not None
            and type(piece) is type(self.piece)
            and piece.id == self.piece.id
            and sides == self._sides
            and family == self._family
            and self._fields(piece) == self._fields(self.piece)
        )
        self._sides = sides
        self._family = family
        if not same_form:
            self._rebuild(piece)
        elif piece is not self.piece or self._refused_when not in (None, self._moment()):
            # The piece changed in the game (an edit, a drag, an undo, an import):
            # a refusal of an earlier value no longer describes it, and a rename
            # renames the title.
            self.message.clear()
            self._refused_when = None
            self._set_title(piece)
        if piece is None:
            self.title.setText(nothing)
        self.piece = piece
        if piece is not None:
            self._fill(piece)

    @property
    def board(self) -> object:
        return self.editor.doc.state.scene.board

    def _fields(self, piece: Any) -> tuple[Field, ...]:
        setup = self.editor.doc.committed.setup
        return fields_for(piece, family_of(setup), isinstance(self.board, HexBoard))

    def _rebuild(self, piece: Any) -> None:
        while self.form.rowCount():
            self.form.removeRow(0)
        self.widgets = {}
        self.message.clear()
        if piece is None:
            self.title.setText("Nothing selected")
            return
        self._set_title(piece)
        for f in self._fields(piece):
            w = self._widget(f)
            w.setObjectName(f"field_{f.name}")
            self.widgets[f.name] = w
            self.form.addRow(f.label, w)
            label = self.form.labelForField(w)
            if f.help and label is not None:
                label.setToolTip(f.help)

    def _moment(self) -> tuple[bool, int]:
        """Whether the window looks back, and the log's length: a refusal made
        while looking back ("return to the present to change the game") no longer
        holds once the game continues from that moment or returns to the present."""
        doc = self.editor.doc
        return (doc.looking_back, len(doc.timeline.events))

    def _set_title(self, piece: Any) -> None:
        """'Terrain: Old Mill' (the piece's name or label), else its kind and id."""
        name = getattr(piece, "name", "") or getattr(piece, "label", "")
        title = f"{type(piece).__name__}: {name}" if name else f"{type(piece).__name__} {piece.id}"
        self.title.setText(title)
        self.title.setToolTip(f"id {piece.id}")

    def _widget(self, f: Field) -> QWidget:
        if f.kind in ("bool", "rule"):
            box = QCheckBox()
            box.toggled.connect(lambda on, f=f: self._commit(f, on))
            return box
        if f.kind in ("choice", "side", "opt_side"):
            combo = QComboBox()
            if f.kind == "choice":
                for c in f.choices:
                    combo.addItem(c, c)
            else:
                if f.kind == "opt_side":
                    combo.addItem("(none)", None)
                for sid, name in self._sides:
                    combo.addItem(name, sid)
            combo.activated.connect(lambda _i, f=f, c=combo: self._commit(f, c.currentData()))
            return combo
        edit = FieldEdit(functools.partial(self._revert, f))
        edit.editingFinished.connect(lambda f=f, e=edit: self._commit_text(f, e))
        return edit

    def _revert(self, f: Field) -> None:
        """Put the model's value back in a field being typed into (and take down a
        refusal: what it refused is no longer in the field)."""
        self.message.clear()
        w = self.widgets.get(f.name)
        if isinstance(w, QLineEdit) and self.piece is not None:
            w.setText(show(self._value(f, self.piece)))
            w.setModified(False)

    def _value(self, f: Field, piece: Any) -> Any:
        if f.kind == "hex_cell":
            board = self.board
            if isinstance(board, HexBoard):
                return hex_label(board.point_to_hex(piece.x, piece.y))
            return f"{piece.x:g},{piece.y:g}"
        value = field_value(f, piece)
        return (
            value.value if hasattr(value, "value") and not isinstance(value, int | float) else value
        )

    def _fill(self, piece: Any) -> None:
        for f in self._fields(piece):
            w = self.widgets.get(f.name)
            if w is None:
                continue
            if f.kind == "hex_cell":
                w.setToolTip(f"Centre at x {piece.x:.2f} in, y {piece.y:.2f} in")
            value = self._value(f, piece)
            if f.name == "value" and isinstance(w, QLineEdit) and self._hide_value(w, piece):
                continue
            w.blockSignals(True)
            if isinstance(w, QCheckBox):
                w.setChecked(bool(value))
            elif isinstance(w, QComboBox):
                w.setCurrentIndex(max(0, w.findData(value)))
            elif isinstance(w, QLineEdit) and not (w.hasFocus() and w.isModified()):
                w.setText(show(value))
                w.setModified(False)
            w.blockSignals(False)

    def _hide_value(self, w: QLineEdit, piece: Any) -> bool:
        """A player's view of a face-down objective: "?" and read-only (True);
        otherwise the field is editable again (False)."""
        viewer = self.viewer
        hidden = value_hidden(piece, viewer, family_of(self.editor.doc.committed.setup))
        w.setReadOnly(hidden)
        if not hidden:
            w.setToolTip("")
            return False
        scene = self.editor.doc.state.scene
        who = scene.side(viewer).name if viewer in scene.side_ids else viewer
        w.blockSignals(True)
        w.setText(HIDDEN_TEXT)
        w.setModified(False)
        w.blockSignals(False)
        w.setToolTip(
            f"Face down: hidden in {who}'s view (View > Score as seen by > Referee shows it)"
        )
        return True

    # -- editing ------------------------------------------------------------
    def _commit_text(self, f: Field, edit: QLineEdit) -> None:
        # Only what was typed is applied: leaving a field that shows the model's
        # value (rounded for display, or put back by an undo) records nothing.
        if self.piece is None or not edit.isModified():
            return
        if edit.isReadOnly():  # a hidden value: nothing typed reaches the game
            edit.setModified(False)
            self._fill(self.piece)
            return
        edit.setModified(False)
        if edit.text().strip() == show(self._value(f, self.piece)):
            return  # what it showed, retyped: the value it stands for, unchanged
        try:
            if f.kind == "hex_cell" and isinstance(self.board, HexBoard):
                value = hex_label(parse_hex(self.board, edit.text()))
            else:
                value = parse(f, edit.text())
        except InputError as exc:
            self._refused(f, str(exc))
            return
        self._commit(f, value)

    def _commit(self, f: Field, value: Any) -> None:
        piece = self.piece
        if piece is None:
            return
        if value == self._value(f, piece):
            return
        changes: dict[str, Any]
        if f.kind == "rule":
            rules = set(piece.rules)
            if value:
                rules.add(f.name)
            else:
                rules.discard(f.name)
            changes = {"rules": sorted(rules)}
        elif f.kind == "hex_cell" and isinstance(self.board, HexBoard):
            x, y = self.board.hex_to_point(parse_hex(self.board, str(value)))
            changes = {"x": x, "y": y}
        else:
            changes = {f.name: value}
        if isinstance(piece, Marker) and f.name == "side":
            label = self._owner_label(piece, value)
            if label is not None:
                changes["label"] = label
        self.editor.doc.message.emit("")  # an earlier "Refused: …" no longer holds
        refusal = self.editor.update(piece.id, changes, f.label)
        if refusal is not None:
            self._refused(f, refusal)
        else:
            self.message.clear()

    def _owner_label(self, marker: Marker, side: str | None) -> str | None:
        """A marker still called after its owner ("Player A's target", as dropped
        from the palette) follows a new owner ("Player B's target"); None: the
        label stays (the user's own, or the marker has no owner now)."""
        state = self.editor.doc.state
        return presets.owner_label(presets.palette_of(state.setup), state.scene, marker, side)

    def _refused(self, f: Field, reason: str) -> None:
        """Show a refusal under the field's label: 'Base width (mm): refused, must be
        > 0, got 0.0' (the status bar names the piece too)."""
        worded, who = reason, ""
        if self.piece is not None:
            worded = refusal_words(reason, self._fields(self.piece))
            # Its name; its id too where another piece shares the name.
            who = piece_called(self.editor.doc.state.scene, self.piece) + ": "
        rest = worded[len(f.label) :].lstrip(": ") if worded.startswith(f.label) else worded
        self.message.setText(f"{f.label}: refused, {rest}")
        self._refused_when = self._moment()
        about = worded if worded.startswith(f.label) else f"{f.label}: {worded}"
        self.editor.doc.message.emit(f"Refused: {who}{about}")
        scroll = self.parentWidget()
        while scroll is not None and not isinstance(scroll, QScrollArea):
            scroll = scroll.parentWidget()
        if scroll is not None:
            scroll.ensureWidgetVisible(self.message)
        if self.piece is not None:
            self._fill(self.piece)
            w = self.widgets.get(f.name)
            if isinstance(w, QLineEdit):
                w.setText(show(self._value(f, self.piece)))
                w.setModified(False)

    def edit(self, name: str, text: str) -> None:
        """Type ``text`` into a field and finish editing (keyboard users and tests)."""
        w = self.widgets[name]
        if isinstance(w, QLineEdit):
            w.setText(text)
            w.setModified(True)
            w.editingFinished.emit()
        else:
            raise TypeError(f"{name} is not a text field")
