"""The inspector: edit the selected piece's properties. Every change is an
``update`` event through the editor (one undo step); a value the model or a rule
refuses is reverted and the reason shown, never raised."""

from __future__ import annotations

import re
from dataclasses import dataclass
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
from tabletop_gui.model.bounds import piece_name
from tabletop_gui.model.hexgrid import HexBoard, hex_label
from tabletop_gui.model.pieces import BaseShape, HeightClass, Marker, Terrain, Unit, Zone
from tabletop_gui.model.scene import Scene
from tabletop_gui.play import presets

MARKER_RULES = ("hidden", "mobile", "claimable", "destructible")
#: What a player's view shows for a face-down objective's value.
HIDDEN_TEXT = "?"


@dataclass(frozen=True)
class Field:
    name: str  # the dataclass field
    label: str
    kind: str  # text, float, int, opt_int, bool, choice, side, opt_side, rule, hex
    choices: tuple[str, ...] = ()


UNIT_FIELDS = (
    Field("name", "Name", "text"),
    Field("side", "Side", "side"),
    Field("base_shape", "Base shape", "choice", tuple(s.value for s in BaseShape)),
    Field("base_width_mm", "Base width (mm)", "float"),
    Field("base_depth_mm", "Base depth (mm)", "float"),
    Field("models", "Models", "int"),
    Field("models_per_rank", "Models per rank", "int"),
    Field("x", "x (in)", "float"),
    Field("y", "y (in)", "float"),
    Field("facing", "Facing (°)", "float"),
    Field("elevation", "Elevation (in)", "float"),
    Field("height", "Height class", "choice", tuple(h.value for h in HeightClass)),
    Field("life_points", "Life Points", "opt_int"),
    Field("scoring", "Scoring", "bool"),
    Field("fleeing", "Fleeing", "bool"),
    Field("scoring_lost", "Lost Scoring", "bool"),
    Field("mindless", "Mindless", "bool"),
    Field("pickpocket", "Pickpocket", "bool"),
    Field("leader", "Leader", "bool"),
)
MARKER_FIELDS = (
    Field("label", "Label", "text"),
    Field("kind", "Kind", "text"),
    Field("value", "Value", "opt_int"),
    Field("diameter_mm", "Diameter (mm)", "float"),
    Field("side", "Side", "opt_side"),
    Field("x", "x (in)", "float"),
    Field("y", "y (in)", "float"),
    Field("elevation", "Elevation (in)", "float"),
    *(Field(r, r.capitalize(), "rule") for r in MARKER_RULES),
    Field("revealed", "Revealed", "bool"),
)
TERRAIN_FIELDS = (
    Field("name", "Name", "text"),
    Field("impassable", "Impassable", "bool"),
    Field("height", "Height (in)", "float"),
)
ZONE_FIELDS = (Field("name", "Name", "text"), Field("side", "Side", "side"))
#: A round base has one size: its diameter (the model keeps it in base_width_mm
#: and reads no depth).
DIAMETER = Field("base_width_mm", "Base diameter (mm)", "float")
#: A unit on a hex board stands on a hex: its place is edited as "col,row" (the
#: hex's centre in inches is the field's tooltip).
HEX_FIELD = Field("hex", "Hex (col,row)", "hex")


#: The unit and marker fields each family's rules read (and so a referee edits);
#: the others keep their values but are not offered. The Ninth Age: ranks, Height
#: class, Scoring / Fleeing / Lost Scoring, leaders (rules/t9a/); markers have an
#: owner (Secure Target). Hex: only leaders (rules/hexbanners/), units stand one
#: per hex. Carnevale: elevation (3D ranges), Life Points, Mindless, Pickpocket;
#: objective markers' value, rules and Revealed (rules/carnevale/). A family not
#: listed gets every field.
_PLACE = ("name", "side", "base_shape", "base_width_mm", "base_depth_mm")
FAMILY_UNIT_FIELDS: dict[str, tuple[str, ...]] = {
    "t9a": (
        *_PLACE,
        "models",
        "models_per_rank",
        "x",
        "y",
        "facing",
        "elevation",
        "height",
        "scoring",
        "fleeing",
        "scoring_lost",
        "leader",
    ),
    "hex": (*_PLACE, "models", "x", "y", "facing", "leader"),
    "carnevale": (
        *_PLACE,
        "x",
        "y",
        "facing",
        "elevation",
        "life_points",
        "mindless",
        "pickpocket",
    ),
}
FAMILY_MARKER_FIELDS: dict[str, tuple[str, ...]] = {
    "t9a": ("label", "kind", "diameter_mm", "side", "x", "y"),
    "hex": ("label", "kind", "diameter_mm", "side", "x", "y"),
    "carnevale": (
        "label",
        "kind",
        "value",
        "diameter_mm",
        "x",
        "y",
        "elevation",
        *MARKER_RULES,
        "revealed",
    ),
}


def _only(fields: tuple[Field, ...], names: tuple[str, ...] | None) -> tuple[Field, ...]:
    return fields if names is None else tuple(f for f in fields if f.name in names)


def _unit_fields(unit: Unit, family: str | None, hexes: bool) -> tuple[Field, ...]:
    out: list[Field] = []
    for f in _only(UNIT_FIELDS, FAMILY_UNIT_FIELDS.get(family or "")):
        if unit.base_shape is BaseShape.ROUND and f.name == "base_depth_mm":
            continue
        if unit.base_shape is BaseShape.ROUND and f.name == "base_width_mm":
            f = DIAMETER
        if hexes and f.name in ("x", "y"):
            f = HEX_FIELD
            if f in out:
                continue
        out.append(f)
    return tuple(out)


def fields_for(piece: object, family: str | None = None, hexes: bool = False) -> tuple[Field, ...]:
    """The fields shown for ``piece`` on a board of ``family`` (None: all of them);
    ``hexes``: the board is a hex board (a unit's place is its hex)."""
    if isinstance(piece, Unit):
        return _unit_fields(piece, family, hexes)
    if isinstance(piece, Marker):
        return _only(MARKER_FIELDS, FAMILY_MARKER_FIELDS.get(family or ""))
    if isinstance(piece, Terrain):
        return TERRAIN_FIELDS
    if isinstance(piece, Zone):
        return ZONE_FIELDS
    return ()


class InputError(ValueError):
    pass


def parse(f: Field, text: str) -> Any:
    text = text.strip()
    if f.kind == "float":
        try:
            return float(text)
        except ValueError:
            raise InputError(f"expected a number, got {text!r}") from None
    if f.kind in ("int", "opt_int"):
        if f.kind == "opt_int" and text == "":
            return None
        try:
            return int(text)
        except ValueError:
            raise InputError(f"expected a whole number, got {text!r}") from None
    return text


def parse_hex(board: HexBoard, text: str) -> tuple[int, int]:
    """'5,4' (or '5 4') as a hex of ``board``; InputError when it is not one."""
    parts = [p for p in re.split(r"[,\s]+", text.strip()) if p]
    try:
        col, row = (int(p) for p in parts)
    except ValueError:
        raise InputError(f"expected a hex as col,row (e.g. 5,4), got {text.strip()!r}") from None
    if not board.contains((col, row)):
        raise InputError(f"hex {col},{row} is not on the board")
    return col, row


def refusal_words(reason: str, fields: tuple[Field, ...]) -> str:
    """The model's refusal in the Inspector's words: a refused field value
    (``document.Refusal`` names the field) under the field's label, "Base width
    (mm) must be > 0, got 0.0"; a refusal about the piece without its name (the
    header names it); any other reason as it is."""
    field = getattr(reason, "field", None)
    problem = getattr(reason, "problem", "")
    label = next((f.label for f in fields if f.name == field and f.kind != "hex"), None)
    if label:
        return f"{label} {problem}"
    return problem or str(reason)  # the piece is named by the header already


def value_hidden(marker: Any, viewer: str | None) -> bool:
    """A face-down objective's value, which a player's view does not show (the
    referee's view, ``viewer`` None, shows everything)."""
    return (
        viewer is not None
        and isinstance(marker, Marker)
        and "hidden" in marker.rules
        and not marker.revealed
    )


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
    if isinstance(value, float):
        return f"{value:.4g}" if abs(value) < 1000 else f"{value:.1f}"
    return str(value)


class FieldEdit(QLineEdit):
    """A text field of the inspector. Undo and redo belong to the game, not to the
    field: once a value is applied, ``Ctrl+Z`` undoes the edit in the model (the
    window's Edit > Undo) and the field then shows the model's value; while a value
    is being typed, ``Ctrl+Z`` puts the model's value back in the field."""

    def __init__(self, revert: object) -> None:
        super().__init__()
        self._revert = revert

    @staticmethod
    def _is_undo(event: QKeyEvent) -> bool:
        return event.matches(QKeySequence.StandardKey.Undo) or event.matches(
            QKeySequence.StandardKey.Redo
        )

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and self._is_undo(event):
            if self.isModified():
                event.accept()  # handled below, as a key press: revert the typing
            else:
                event.ignore()  # let the window's Undo / Redo shortcut have it
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self._is_undo(event):
            self._revert()
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
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.message = MessageSlot()
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
    def set_piece(self, piece: Any, scene: Scene) -> None:
        """Show ``piece`` (None: nothing selected); keeps the form if only values changed."""
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
        self.piece = piece
        if piece is not None:
            self._fill(piece)

    @property
    def board(self) -> object:
        return self.editor.doc.state.scene.board

    def _fields(self, piece: Any) -> tuple[Field, ...]:
        return fields_for(piece, self._family, isinstance(self.board, HexBoard))

    def _rebuild(self, piece: Any) -> None:
        while self.form.rowCount():
            self.form.removeRow(0)
        self.widgets = {}
        self.message.clear()
        if piece is None:
            self.title.setText("Nothing selected")
            return
        name = getattr(piece, "name", "") or getattr(piece, "label", "")
        title = f"{type(piece).__name__}: {name}" if name else f"{type(piece).__name__} {piece.id}"
        self.title.setText(title)
        self.title.setToolTip(f"id {piece.id}")
        for f in self._fields(piece):
            w = self._widget(f)
            w.setObjectName(f"field_{f.name}")
            self.widgets[f.name] = w
            self.form.addRow(f.label, w)

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
        edit = FieldEdit(lambda f=f: self._revert(f))
        edit.editingFinished.connect(lambda f=f, e=edit: self._commit_text(f, e))
        return edit

    def _revert(self, f: Field) -> None:
        """Put the model's value back in a field being typed into."""
        w = self.widgets.get(f.name)
        if isinstance(w, QLineEdit) and self.piece is not None:
            w.setText(show(self._value(f, self.piece)))
            w.setModified(False)

    def _value(self, f: Field, piece: Any) -> Any:
        if f.kind == "hex":
            board = self.board
            if isinstance(board, HexBoard):
                return hex_label(board.point_to_hex(piece.x, piece.y))
            return f"{piece.x:g},{piece.y:g}"
        if f.kind == "rule":
            return f.name in piece.rules
        value = getattr(piece, f.name)
        return (
            value.value if hasattr(value, "value") and not isinstance(value, int | float) else value
        )

    def _fill(self, piece: Any) -> None:
        for f in self._fields(piece):
            w = self.widgets.get(f.name)
            if w is None:
                continue
            if f.kind == "hex":
                w.setToolTip(f"Centre at x {piece.x:.2f} in, y {piece.y:.2f} in")
            value = self._value(f, piece)
            hidable = f.name == "value" and isinstance(w, QLineEdit)
            if hidable and self._hide_value(w, piece):
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
        hidden = value_hidden(piece, viewer)
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
        try:
            if f.kind == "hex" and isinstance(self.board, HexBoard):
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
        if f.kind == "rule":
            rules = set(piece.rules)
            if value:
                rules.add(f.name)
            else:
                rules.discard(f.name)
            changes = {"rules": sorted(rules)}
        elif f.kind == "hex" and isinstance(self.board, HexBoard):
            col, row = (int(p) for p in str(value).split(","))
            x, y = self.board.hex_to_point((col, row))
            changes = {"x": x, "y": y}
        else:
            changes = {f.name: value}
        if isinstance(piece, Marker) and f.name == "side":
            label = self._owner_label(piece, value)
            if label is not None:
                changes["label"] = label
        refusal = self.editor.update(piece.id, changes)
        if refusal is not None:
            self._refused(f, refusal)
        else:
            self.message.clear()
            self.editor.doc.message.emit("")  # an earlier "Refused: …" no longer holds

    def _owner_label(self, marker: Marker, side: str | None) -> str | None:
        """A marker still called after its owner ("Player A's target", as dropped
        from the palette) follows a new owner ("Player B's target"); None: the
        label stays (the user's own, or the marker has no owner now)."""
        scene = self.editor.doc.state.scene
        stems = {p.owner_label for p in presets.MARKER_PRESETS if p.kind == marker.kind}
        if not marker.side or side not in scene.side_ids or marker.side not in scene.side_ids:
            return None
        old = presets.possessive(scene.side(marker.side).name)
        for stem in filter(None, stems):
            if marker.label == f"{old} {stem}":
                taken = (m.label for m in scene.markers.values() if m.id != marker.id)
                p = next(p for p in presets.MARKER_PRESETS if p.owner_label == stem)
                return presets.marker_label(p, taken, scene.side(side).name)
        return None

    def _refused(self, f: Field, reason: str) -> None:
        """Show a refusal under the field's label: 'Base width (mm): refused, must be
        > 0, got 0.0' (the status bar names the piece too)."""
        worded, who = reason, ""
        if self.piece is not None:
            worded = refusal_words(reason, self._fields(self.piece))
            who = piece_name(self.piece) + ": "
        rest = worded[len(f.label) :].lstrip(": ") if worded.startswith(f.label) else worded
        self.message.setText(f"{f.label}: refused, {rest}")
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
