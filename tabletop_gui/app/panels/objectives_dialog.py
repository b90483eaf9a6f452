"""Game > Objectives...: add and remove the active objectives of the board's family.

The list is edited here; OK hands the whole list to the document, which
replaces the game's setup and replays the log as ONE undo step. A new
objective's params are set in a form built from what its kind declares
(``param_form.ParamForm``: types, defaults, help; pieces, points and hexes
picked on the board), filled from the family's template; "Edit as JSON" shows
them as JSON instead. They are checked by the objective itself; a refusal, here
or from the replay, is shown in red and nothing changes. It is cleared as soon
as the form changes.

Changing Kind keeps what the user typed where it still applies: an Id and Name
they typed stay, and the params they typed that the new kind reads replace the
template's. Params the new kind does not read are named in a note and come back
when a kind that reads them is picked again.
"""

from __future__ import annotations

import json
from dataclasses import replace

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from tabletop_gui.app.document import Document
from tabletop_gui.app.panels.param_form import ParamField, ParamForm
from tabletop_gui.io import FileFormatError
from tabletop_gui.io.codec import decode_dataclass, encode
from tabletop_gui.model.scene import ObjectiveSpec
from tabletop_gui.play import objective_choices as choices
from tabletop_gui.rules.objective import every_piece
from tabletop_gui.rules.registry import objective_kind


class ObjectivesDialog(QDialog):
    def __init__(
        self, doc: Document, parent: QWidget | None = None, view: object | None = None
    ) -> None:
        super().__init__(parent)
        self.doc = doc
        #: The board view picks are taken from (None: no Pick buttons).
        self.view = view
        self.picking: ParamField | None = None
        setup = doc.committed.setup
        self.family = setup.family
        self.specs: list[ObjectiveSpec] = list(setup.objectives)
        self.setWindowTitle("Objectives")
        self.resize(680, 640)

        self.list = QListWidget()
        self.list.setObjectName("objectiveList")
        self.list.setMaximumHeight(120)
        self.remove_button = QPushButton("Remove")
        self.remove_button.clicked.connect(self.remove_selected)
        self.edit_button = QPushButton("Edit")
        self.edit_button.setToolTip("Load the objective into the form below to change it")
        self.edit_button.clicked.connect(self.edit_selected)
        self.confirm_button = QPushButton("Confirm")
        self.confirm_button.setToolTip(
            "You checked the objective against the scenario's text: take away the note "
            "saying what was assumed"
        )
        self.confirm_button.clicked.connect(self.confirm_selected)
        self.to_confirm = QLabel()
        self.to_confirm.setObjectName("objectiveToConfirm")
        self.to_confirm.setWordWrap(True)
        self.to_confirm.setStyleSheet("background: #fff4cc; color: #5a4500; padding: 4px")
        self.to_confirm.hide()
        self.list.currentRowChanged.connect(self._row_changed)
        #: The row the form edits (its objective is replaced on Add), or None.
        self.editing: int | None = None

        self.kind_box = QComboBox()
        self.kind_box.setObjectName("objectiveKind")
        for kind, title in choices.family_kinds(self.family):
            self.kind_box.addItem(f"{title} ({kind})", kind)
        self.id_edit = QLineEdit()
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText("(the rule's name)")
        self.params_edit = QPlainTextEdit()
        self.params_edit.setObjectName("objectiveParams")
        self.params_edit.setFixedHeight(90)
        self.params_edit.hide()
        self.json_box = QCheckBox("Edit as JSON")
        self.json_box.setObjectName("objectiveParamsJson")
        self.json_box.toggled.connect(self._json_toggled)
        self.form: ParamForm | None = None
        self.form_area = QScrollArea()
        self.form_area.setWidgetResizable(True)
        self.form_area.setMinimumHeight(260)
        self.add_button = QPushButton("Add")
        self.add_button.clicked.connect(self.add_from_form)
        # What the form was filled with (to tell typed text from the template's)
        # and the params typed so far, kept across kind changes.
        self._auto_id = ""
        self._auto_params: dict = {}
        self._typed: dict = {}
        self.kind_box.currentIndexChanged.connect(lambda _i: self._kind_changed())

        self.message = QLabel()
        self.message.setObjectName("objectivesMessage")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #a00000; font-weight: bold")
        self.note = QLabel()
        self.note.setObjectName("objectivesNote")
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: #505050")
        for edit in (self.id_edit, self.name_edit):
            edit.textChanged.connect(lambda _t: self.message.clear())
        self.params_edit.textChanged.connect(self.message.clear)

        add = QGroupBox("Add an objective")
        form = QFormLayout(add)
        form.addRow("Kind", self.kind_box)
        form.addRow("Id", self.id_edit)
        form.addRow("Name", self.name_edit)
        form.addRow("Params", self.form_area)
        form.addRow(self.json_box, self.params_edit)
        form.addRow(self.note)
        form.addRow(self.add_button)

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.apply)
        self.buttons.rejected.connect(self.reject)

        row = QHBoxLayout()
        row.addWidget(self.list, 1)
        buttons = QVBoxLayout()
        for b in (self.remove_button, self.edit_button, self.confirm_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        row.addLayout(buttons)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"Active objectives ({self.family}):"))
        layout.addLayout(row)
        layout.addWidget(self.to_confirm)
        layout.addWidget(add)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)
        self._fill_list()
        self._fill_template()

    # -- list ---------------------------------------------------------------
    def _fill_list(self, select: int = -1) -> None:
        self.list.clear()
        for spec in self.specs:
            unconfirmed = "⚠ not confirmed · " if choices.to_confirm(spec) else ""
            self.list.addItem(unconfirmed + choices.describe(spec))
        if not self.specs:
            self.list.addItem("(none)")
            self.list.item(0).setFlags(Qt.ItemFlag.NoItemFlags)
        self.list.setCurrentRow(select if 0 <= select < len(self.specs) else -1)
        self._row_changed(self.list.currentRow())

    def _row_changed(self, row: int) -> None:
        """The buttons and the note for the objective selected."""
        chosen = 0 <= row < len(self.specs)
        self.remove_button.setEnabled(chosen)
        self.edit_button.setEnabled(chosen)
        note = choices.to_confirm(self.specs[row]) if chosen else ""
        self.confirm_button.setEnabled(bool(note))
        self.to_confirm.setText(f"Not confirmed: {note}" if note else "")
        self.to_confirm.setVisible(bool(note))

    def confirm_selected(self) -> None:
        """The selected objective as the referee confirmed it (its note gone)."""
        row = self.list.currentRow()
        if 0 <= row < len(self.specs):
            self.specs[row] = choices.confirm(self.specs[row])
            self._fill_list(row)

    def edit_selected(self) -> None:
        """Load the selected objective into the form: Add then replaces it."""
        row = self.list.currentRow()
        if not 0 <= row < len(self.specs):
            return
        spec = self.specs[row]
        index = self.kind_box.findData(spec.kind)
        if index < 0:
            self.message.setText(f"Its kind {spec.kind!r} is not one of this game's family")
            return
        self.kind_box.blockSignals(True)
        self.kind_box.setCurrentIndex(index)
        self.kind_box.blockSignals(False)
        self._typed = {}
        self._auto_params = dict(spec.params)
        self._auto_id = spec.id
        self._show_params(spec.kind, dict(spec.params))
        self.id_edit.setText(spec.id)
        self.name_edit.setText(spec.name)
        self.editing = row
        self.add_button.setText("Replace")
        self.note.setText(f"Editing {spec.name or spec.id}: Replace puts it back changed.")
        self.message.clear()

    def ids(self) -> list[str]:
        return [s.id for s in self.specs]

    def remove_selected(self) -> None:
        row = self.list.currentRow()
        if 0 <= row < len(self.specs):
            del self.specs[row]
            self._stop_editing()
            self._fill_list()
            self._fill_template()
            self.message.clear()

    def _stop_editing(self) -> None:
        self.editing = None
        self.add_button.setText("Add")

    # -- adding ---------------------------------------------------------------
    def _template(self, kind: str) -> dict:
        setup = self.doc.committed.setup
        pending = replace(setup, objectives=tuple(self.specs))
        return choices.template(kind, pending, self.doc.committed.scene)

    def _fill_template(self) -> None:
        """A fresh form for the current kind (after an add, a remove, at the start)."""
        kind = self.kind_box.currentData()
        if kind is None:
            return
        self._typed = {}
        self._auto_params = self._template(kind)
        self._auto_id = choices.new_id(kind, set(self.ids()))
        self._show_params(kind, self._auto_params)
        self.id_edit.setText(self._auto_id)
        self.name_edit.clear()
        self.note.clear()

    def _kind_changed(self) -> None:
        """The template of the new kind, with what the user typed kept: their Id
        and Name, and their params that the new kind reads. Params it does not read
        are named in the note (and kept for a kind that reads them)."""
        kind = self.kind_box.currentData()
        if kind is None:
            return
        self.message.clear()
        try:
            typed = self.params()
        except ValueError:
            typed = None
        template = self._template(kind)
        if typed is None:
            # Half-typed JSON: left as it is for the user to finish.
            self._show_form(kind, template)
            self.note.setText("Params kept as typed: they are not valid JSON yet.")
        else:
            self._typed.update(
                {k: v for k, v in typed.items() if self._auto_params.get(k, object()) != v}
            )
            for gone in set(self._auto_params) - set(typed):
                self._typed.pop(gone, None)
            cls = objective_kind(kind)
            reads = set(cls.known_params()) if cls is not None else set()
            kept = {k: v for k, v in self._typed.items() if k in reads}
            left = {k: v for k, v in self._typed.items() if k not in reads}
            self._show_params(kind, {**template, **kept})
            if left:
                title = cls.title if cls is not None else kind
                listed = ", ".join(f"{k} = {json.dumps(v)}" for k, v in left.items())
                self.note.setText(
                    f"Left out of the params (the {title} rule does not read them): {listed}."
                )
            else:
                self.note.clear()
        self._auto_params = template
        new_id = choices.new_id(kind, set(self.ids()))
        if self.id_edit.text().strip() in ("", self._auto_id):
            self.id_edit.setText(new_id)
        self._auto_id = new_id
        self.message.clear()

    def add_from_form(self) -> bool:
        """Add the objective described by the form; False (and the reason shown)
        if its kind, id or params are refused."""
        try:
            params = self.params()
        except ValueError as exc:
            self.message.setText(str(exc))
            return False
        spec = ObjectiveSpec(
            self.id_edit.text().strip(),
            str(self.kind_box.currentData()),
            params,
            self.name_edit.text().strip(),
        )
        tl = self.doc.timeline
        editing = self.editing
        others = tuple(s for i, s in enumerate(self.specs) if i != editing)
        wrong = choices.problems(spec, others, every_piece(tl.setup.scene, tl.events))
        wrong = wrong or as_a_file_reads_it(spec)
        if wrong:
            self.message.setText("Refused: " + "; ".join(wrong))
            return False
        if editing is not None and 0 <= editing < len(self.specs):
            self.specs[editing] = spec
        else:
            self.specs.append(spec)
            editing = len(self.specs) - 1
        self._stop_editing()
        self._fill_list(editing)
        self._fill_template()
        self.message.clear()
        return True

    # -- the params: a form, or JSON --------------------------------------------
    def params(self) -> dict:
        """The params as set: from the JSON box while it is shown, else the form
        (ValueError: the JSON is not an object)."""
        if self.json_box.isChecked() or self.form is None:
            return choices.parse_params(self.params_edit.toPlainText())
        return self.form.values()

    def _show_params(self, kind: str, params: dict) -> None:
        self._show_form(kind, params)
        self.params_edit.setPlainText(json.dumps(params))

    def _show_form(self, kind: str, params: dict) -> None:
        self._stop_pick()
        scene = self.doc.committed.scene
        form = ParamForm(choices.param_specs(kind), scene, self if self.view else None)
        form.set_values(params)
        form.changed.connect(self._form_changed)
        self.form = form
        self.form_area.setWidget(form)

    def _form_changed(self) -> None:
        self.message.clear()
        if self.form is not None and not self.json_box.isChecked():
            self.params_edit.blockSignals(True)
            self.params_edit.setPlainText(json.dumps(self.form.values()))
            self.params_edit.blockSignals(False)

    def _json_toggled(self, on: bool) -> None:
        """Show the params as JSON, or back in the form (refused while the JSON is
        not an object: the box stays on and says why)."""
        if on:
            if self.form is not None:
                self.params_edit.setPlainText(json.dumps(self.form.values()))
            self.params_edit.show()
            self.form_area.hide()
            return
        try:
            params = choices.parse_params(self.params_edit.toPlainText())
        except ValueError as exc:
            self.message.setText(str(exc))
            self.json_box.blockSignals(True)
            self.json_box.setChecked(True)
            self.json_box.blockSignals(False)
            return
        self._show_form(str(self.kind_box.currentData()), params)
        self.params_edit.hide()
        self.form_area.show()

    # -- picking on the board ------------------------------------------------------
    def start(self, field: ParamField) -> None:
        """Take the next clicks on the board for ``field`` (Esc ends)."""
        self._stop_pick()
        view = self.view
        if view is None:
            return
        self.picking = field
        viewport = view.viewport()  # type: ignore[attr-defined]
        viewport.installEventFilter(self)
        viewport.setCursor(Qt.CursorShape.CrossCursor)
        self.installEventFilter(self)
        self.note.setText(f"Picking {field.param.name} on the board: click there; Esc ends.")

    def stop(self) -> None:
        self._stop_pick()

    def _stop_pick(self) -> None:
        field, self.picking = self.picking, None
        if self.view is not None:
            viewport = self.view.viewport()  # type: ignore[attr-defined]
            viewport.removeEventFilter(self)
            viewport.unsetCursor()
        self.removeEventFilter(self)
        if field is not None:
            field.pick_ended()
            self.note.clear()

    def pick_at(self, x: float, y: float, kind: str | None, piece_id: str | None) -> None:
        """A click at board point (x, y) on piece ``piece_id`` (None: the board)."""
        if self.picking is not None and self.picking.picked(x, y, kind, piece_id):
            self._stop_pick()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if self.picking is None:
            return False
        if (
            event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() == Qt.Key.Key_Escape
        ):
            self._stop_pick()
            return True
        if (
            self.view is not None
            and event.type() == QEvent.Type.MouseButtonPress
            and isinstance(event, QMouseEvent)
            and event.button() == Qt.MouseButton.LeftButton
        ):
            view = self.view
            pos = event.position().toPoint()
            x, y = view.board_point(pos)  # type: ignore[attr-defined]
            item = view.piece_at(pos)  # type: ignore[attr-defined]
            self.pick_at(x, y, item.kind if item else None, item.piece_id if item else None)
            return True  # a pick never selects or moves a piece
        return False

    def done(self, result: int) -> None:
        self._stop_pick()
        super().done(result)

    # -- applying -------------------------------------------------------------
    def apply(self) -> None:
        if tuple(self.specs) == tuple(self.doc.committed.setup.objectives):
            self.accept()
            return
        before = {s.id for s in self.doc.committed.setup.objectives}
        after = {s.id for s in self.specs}
        parts = [f"+{i}" for i in sorted(after - before)] + [
            f"-{i}" for i in sorted(before - after)
        ]
        text = "Objectives: " + (", ".join(parts) if parts else "changed")
        refused = self.doc.replace_objectives(self.specs, text)
        if refused:
            self.message.setText(f"Refused: {refused}")
            return
        self.accept()


def as_a_file_reads_it(spec: ObjectiveSpec) -> list[str]:
    """What the game file's reader refuses in ``spec`` that the objective itself
    lets by (a number past a billion, text past its limit or with control
    characters, nesting past 32 levels, in a param the objective does not
    check): taken, the game would save but never open again."""
    try:
        decode_dataclass(ObjectiveSpec, encode(spec), "")
    except FileFormatError as exc:
        return [f"{exc.path}: {exc.problem}"]
    return []
