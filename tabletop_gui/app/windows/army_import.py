"""File ▸ Import army list…: a list from a file or pasted, a preview of what was
understood (units, models, bases, what is unknown), unknown units asked once with
the nearest known names offered and the answers remembered in the user's table,
then placed on the board as ONE undo step. Nothing already on the board moves.

The reading, the bases and the layout are the core's (``io.armylists``); this
dialog only shows them and hands the units to the document.
"""

from __future__ import annotations

import weakref
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tabletop_gui.app.document import Document
from tabletop_gui.io import FileFormatError
from tabletop_gui.io.armylists.bases import BaseEntry, BaseTable, bundled_table, remember
from tabletop_gui.io.armylists.bases import user_table as read_user_table
from tabletop_gui.io.armylists.formats import read_army
from tabletop_gui.io.armylists.plan import (
    PLACEHOLDER,
    ArmyPlan,
    PlannedUnit,
    answer_entry,
    plan_army,
    suggestion_text,
)
from tabletop_gui.io.armylists.to_game import (
    ArmyImportError,
    default_side,
    grouped_names,
    list_side_name,
    refusal,
    too_large,
    units_for,
)
from tabletop_gui.io.importers import MAX_IMPORT_BYTES, importers, read_import_file
from tabletop_gui.model.events import AddPiece
from tabletop_gui.play.turns import clock_text

UNKNOWN = QColor("#fff3c4")
TOO_LARGE = QColor("#f8d0d4")
RED = "#b00020"
COLUMNS = ("Unit", "Models", "Base (mm)", "Per rank", "Height", "Scoring", "Base from")
EXAMPLE = (
    "Anna - Kingdom of Equitaine\n310 - 20 Men-at-Arms, Spear, Standard Bearer\n"
    "240 - Duke, General, Great Weapon\n550"
)


def file_filter() -> str:
    patterns = sorted({p for i in importers() if i.kind == "army list" for p in i.patterns})
    return f"Army lists ({' '.join(patterns)});;All files (*)"


class ArmyImportDialog(QDialog):
    def __init__(self, doc: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.setWindowTitle("Import army list")
        self.resize(820, 640)
        self.plan: ArmyPlan | None = None
        self.source = ""
        self.answers: dict[str, QComboBox] = {}
        #: Unknown unit (casefolded name) -> its rows, the first holding the answer box.
        self._rows_of: dict[str, list[int]] = {}
        self._tables: list[BaseTable] = []
        self._from_file: bytes | None = None
        #: The plan's own notes (unknown units, a wrong total...), shown under the table.
        self._plan_lines: list[str] = []
        #: Place was clicked: from then on a bad answer is named in red until corrected.
        self._tried = False
        #: Why the last Place was refused, if the preview does not say it already.
        self._refused = ""

        self.file_button = QPushButton("Choose &file…")
        self.file_button.clicked.connect(self.choose_file)
        self.file_label = QLabel(
            "New Recruit text or JSON, 9th Builder text, BattleScribe .ros or .rosz"
        )
        top = QHBoxLayout()
        top.addWidget(self.file_button)
        top.addWidget(self.file_label, 1)

        self.text = QPlainTextEdit()
        self.text.setPlaceholderText(f"…or paste the list here, e.g.\n\n{EXAMPLE}")
        self.text.setTabChangesFocus(True)
        self._debounce = QTimer(self, singleShot=True, interval=300)
        self._debounce.timeout.connect(self.read)
        self.text.textChanged.connect(self._typed)

        self.side = QComboBox()
        scene = doc.committed.scene
        for s in scene.sides:
            self.side.addItem(f"{s.name} ({s.id})", s.id)
        if scene.sides:
            last = _LAST_SIDE.get(doc)
            self.side.setCurrentIndex(scene.side_ids.index(default_side(scene, last)))
        self.side.currentIndexChanged.connect(self._side_changed)
        side_row = QHBoxLayout()
        side_row.addWidget(QLabel("&Side:"))
        side_row.itemAt(0).widget().setBuddy(self.side)  # type: ignore[union-attr]
        side_row.addWidget(self.side, 1)

        self.summary = QLabel("")
        self.summary.setWordWrap(True)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.notes = QLabel("")
        self.notes.setWordWrap(True)
        self.notes.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.place_button = self.buttons.addButton(
            "&Place on the board", QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.place_button.setEnabled(False)
        self.buttons.accepted.connect(self.place)
        self.buttons.rejected.connect(self.reject)
        QShortcut(QKeySequence("Ctrl+Return"), self, self.place)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.text, 2)
        layout.addLayout(side_row)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 3)
        layout.addWidget(self.notes)
        layout.addWidget(self.buttons)
        problem = refusal(doc.committed.setup)
        if problem:
            self._show_error(f"{problem}. Start one with File ▸ New first.")
            self.file_button.setEnabled(False)
            self.text.setEnabled(False)

    # -- input ------------------------------------------------------------
    def choose_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Import army list", "", file_filter())
        if path:
            self.load_file(path)

    def load_file(self, path: str) -> None:
        try:
            data = read_import_file(path)
        except FileFormatError as exc:
            self._show_error(str(exc))
            return
        self.file_label.setText(Path(path).name)
        self.source = path
        self._from_file = data
        self.text.blockSignals(True)
        try:
            shown = data.decode("utf-8-sig") if b"\0" not in data[:4096] else ""
        except UnicodeDecodeError:
            shown = ""
        self.text.setPlainText(shown if not shown.lstrip().startswith("<") else "")
        self.text.blockSignals(False)
        self.read()

    def _typed(self) -> None:
        self._from_file = None
        self.source = "the pasted list"
        self.file_label.setText("pasted list")
        self._debounce.start()

    def _data(self) -> bytes:
        if self._from_file is not None:
            return self._from_file
        return self.text.toPlainText().encode("utf-8")[: MAX_IMPORT_BYTES + 1]

    # -- reading and preview ----------------------------------------------
    def read(self) -> None:
        """Read the list and show what was understood (or the problem, by line)."""
        self._debounce.stop()
        data = self._data()
        self.plan = None
        self.answers = {}
        self._rows_of = {}
        self._plan_lines = []
        self._tried = False
        self._refused = ""
        self.table.setRowCount(0)
        self.place_button.setEnabled(False)
        if not data.strip():
            self.summary.setText("")
            self.notes.setText("")
            return
        try:
            army = read_army(data, self.source)
            user = read_user_table()
            self._tables = [user, bundled_table()]
            self.plan = plan_army(army, user=user)
        except FileFormatError as exc:
            self._show_error(str(exc))
            return
        self._show_plan(self.plan)
        self.place_button.setEnabled(True)

    def _show_error(self, text: str) -> None:
        self.summary.setText("")
        self.notes.setText(f"<span style='color:{RED}'>Cannot import: {_html(text)}</span>")

    def _show_plan(self, plan: ArmyPlan) -> None:
        army = plan.army
        points = army.points_words()
        pts = f", {points}" if points else ""
        who = list_side_name(plan) or "An army list"
        self.summary.setText(
            f"<b>{_html(who)}</b> ({_html(army.format)}): {_count(len(army.units), 'unit')}, "
            f"{_count(army.models, 'model')}{pts}."
        )
        self.table.setRowCount(len(plan.units))
        for row, u in enumerate(plan.units):
            cells = [
                u.name, str(u.models), u.base.text(), str(u.models_per_rank),
                u.height.value, _scoring_text(u), u.base_from or "unknown: give its base",
            ]  # fmt: skip
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(f"{u.listed.where}: {u.name}")
                if not u.known:
                    item.setBackground(QBrush(UNKNOWN))
                self.table.setItem(row, col, item)
            if not u.known:
                rows = self._rows_of.setdefault(u.name.casefold(), [])
                rows.append(row)
                if len(rows) == 1:
                    self.table.setCellWidget(row, 2, self._answer_box(u.name, u.suggestions))
        for key in self._rows_of:
            self._show_answer(key)
        self.table.resizeColumnsToContents()  # the unit's whole name; "Base from" takes the rest
        self._plan_lines = list(plan.notes)
        self._show_problems()

    def _answer_box(self, unit: str, suggestions: tuple[str, ...]) -> QComboBox:
        box = QComboBox()
        box.setEditable(True)
        box.addItem("")
        army = self.plan.army.army if self.plan else ""
        for s in suggestions:
            box.addItem(suggestion_text(s, self._tables, army))
        box.setCurrentIndex(0)
        box.lineEdit().setPlaceholderText("base? e.g. 25x50")  # type: ignore[union-attr]
        box.setToolTip(f"The base of {unit}: WIDTHxDEPTH mm, 'round D', or a known unit")
        key = unit.casefold()
        self.answers[key] = box
        box.currentTextChanged.connect(lambda _text, key=key: self._answer_changed(key))
        return box

    def _answer_changed(self, key: str) -> None:
        self._refused = ""
        self._show_answer(key)
        self._show_problems()

    def _side_changed(self) -> None:
        self._refused = ""
        self._show_problems()

    def _show_problems(self) -> None:
        """The plan's notes, then in red what stops Place as the answers stand: a
        unit larger than the board (its row tinted), an answer that is neither a
        base nor a known unit (once Place was tried), why the last Place was refused.
        Called on every answer, so a corrected answer's red note goes."""
        if self.plan is None:
            return
        answers: dict[str, BaseEntry] = {}
        red = []
        try:
            answers = self.collected_answers()
        except ValueError as exc:
            answers = self.collected_answers(skip_bad=True)
            if self._tried:
                red.append(str(exc))
        plan = self.plan.with_bases(answers) if answers else self.plan
        large = too_large(self.doc.committed.scene.board, plan)
        for e in large:
            answered = e.unit.base_from == "your answer"
            red.append(f"Cannot place {e}" + ("; answer another base" if answered else ""))
        if self._refused and not any(line.startswith(self._refused) for line in red):
            red.append(self._refused)
        tinted = {i for i, u in enumerate(plan.units) if any(e.unit is u for e in large)}
        for row, u in enumerate(self.plan.units):
            colour = TOO_LARGE if row in tinted else (None if u.known else UNKNOWN)
            for col in range(self.table.columnCount()):
                item = self.table.item(row, col)
                if item is not None:
                    item.setBackground(QBrush(colour) if colour else QBrush())
        lines = [_html(line) for line in self._plan_lines]
        # The units still unanswered, as the answers stand (an answered one leaves the line).
        unknown = [n for n in self.plan.unknown_names() if n not in answers]
        if unknown:
            lines.append(
                _html(
                    f"Unknown: {', '.join(unknown)}. Type a base (25x50, round 40) or pick a "
                    f"known unit; your answers are remembered. Left empty: a "
                    f"{PLACEHOLDER.text()} base."
                )
            )
        lines += [f"<span style='color:{RED}'>{_html(line)}</span>" for line in red]
        self.notes.setText("<br>".join(lines))

    def _show_answer(self, key: str) -> None:
        """Every row of an unknown unit shows what it will be placed as: the base
        (on its first row, beside the answer box, in "Base from"), models per rank,
        height and Scoring (a unit answered with a Character's name is not Scoring)
        of the answer typed or picked on its first row, else the placeholder."""
        if self.plan is None or key not in self.answers:
            return
        rows = self._rows_of.get(key, [])
        name = self.plan.units[rows[0]].name
        text = self.answers[key].currentText().strip()
        entry, problem = None, ""
        if text:
            try:
                entry = answer_entry(name, text, self.plan.army.army, self._tables)
            except ValueError as exc:
                problem = str(exc)
        plan = self.plan.with_bases({name: entry}) if entry else self.plan
        first = rows[0] + 1
        for i, row in enumerate(rows):
            u = plan.units[row]
            if entry is not None:
                told = f"your answer on row {first}" if i else f"your answer: {u.base.text()}"
            elif problem:
                told = f"not a base: {text!r}"
            elif i:
                told = f"unknown: give its base on row {first}"
            else:
                told = f"unknown: give its base ({u.base.text()} if left empty)"
            cells = {
                2: u.base.text(), 3: str(u.models_per_rank), 4: u.height.value,
                5: _scoring_text(u), 6: told,
            }  # fmt: skip
            for col, value in cells.items():
                item = self.table.item(row, col)
                if item is None:
                    continue
                item.setText(value)
                item.setToolTip(problem or f"{u.listed.where}: {u.name} on {u.base.text()} mm")

    # -- placing ----------------------------------------------------------
    def collected_answers(self, *, skip_bad: bool = False) -> dict[str, BaseEntry]:
        """Unit name -> entry for every answered unknown unit; a ValueError names
        the first answer that is neither a base nor a known unit (``skip_bad``:
        such answers are left out instead)."""
        assert self.plan is not None
        army = self.plan.army.army
        out = {}
        for name in self.plan.unknown_names():
            box = self.answers.get(name.casefold())
            text = box.currentText().strip() if box is not None else ""
            if text:
                try:
                    out[name] = answer_entry(name, text, army, self._tables)
                except ValueError:
                    if not skip_bad:
                        raise
        return out

    def place(self) -> None:
        """Place the units as one undo step and close; refused (a bad answer, a unit
        larger than the board, the document's refusal), the dialog stays open with
        the list and its answers, the reason in red, and the board is untouched."""
        if self.plan is None or not self.place_button.isEnabled():
            return
        self._tried = True
        self._refused = ""
        try:
            answers = self.collected_answers()
        except ValueError:
            self._show_problems()
            return
        plan = self.plan.with_bases(answers) if answers else self.plan
        side = str(self.side.currentData())
        try:
            units, placement = units_for(self.doc.committed.scene, side, plan)
        except ArmyImportError as exc:
            self._refused = f"Cannot place {exc}"
            self._show_problems()
            return
        reason = self.doc.commit(
            [AddPiece(unit=u) for u in units], f"Import army list ({plan.army.army or side})"
        )
        if reason:
            self._refused = f"Cannot place the list: {reason}"
            self._show_problems()
            return
        if self.doc not in _LAST_SIDE:  # another game opened in the window starts afresh
            self.doc.reset_done.connect(lambda doc=self.doc: _LAST_SIDE.pop(doc, None))
        _LAST_SIDE[self.doc] = side
        if answers:
            try:
                remember(answers.values())
            except OSError as exc:
                self.doc.message.emit(f"Your answers could not be remembered: {exc}")
        outside = [plan.units[i].name for i in placement.outside]
        # A list imported into a game under way joins its log there: said, as
        # a list meant for the set-up may have been imported at the wrong moment.
        state = self.doc.committed
        when = "" if state.clock.turn == 0 else f" (added at {clock_text(state, ())})"
        if outside:
            self.doc.message.emit(
                f"The list does not fit in {placement.area}: {grouped_names(outside)} placed "
                f"beside it{when}"
            )
        else:
            self.doc.message.emit(f"Imported {len(units)} units into {placement.area}{when}")
        self.accept()


#: The side each document's last list went to (``default_side``'s ``last``).
_LAST_SIDE: weakref.WeakKeyDictionary[Document, str] = weakref.WeakKeyDictionary()


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def import_army_list(window: QWidget, doc: Document) -> ArmyImportDialog:
    """Open the dialog (modeless: the board stays visible behind it)."""
    dialog = ArmyImportDialog(doc, window)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog


def _count(n: int, noun: str) -> str:
    """'1 unit', '2 units'."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _scoring_text(u: PlannedUnit) -> str:
    """The Scoring column: what the unit will be placed with, and why."""
    if u.scoring is None:
        return "yes (list does not say)"
    if u.scoring:
        return "yes"
    return "no" if u.listed.scoring is False else "no (Character)"
