"""The score panel: one entry per active objective (name, leader, counts, reason)
and the why: every piece that counts, is in range or contests.

Each objective takes two table rows, name, leader and counts, then its reason
line spanning the width; then one row per piece it names, as ``tabletop-gui
score`` words it (``wording.piece_lines``: distance, margin and the rule or
setting that decided it). It is updated on every provisional state while a
piece is dragged, so it only touches the cells whose text changed. Selecting an
objective emits ``objective_selected`` (the window then highlights its pieces);
selecting a piece's row emits ``piece_selected`` (the window selects it).
"""

from __future__ import annotations

from difflib import SequenceMatcher

from PySide6.QtCore import QEvent, QObject, QRect, QSignalBlocker, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QStyle,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tabletop_gui.model.scene import Scene
from tabletop_gui.play.wording import ScoreRow, score_rows, summary_text
from tabletop_gui.rules.scoreboard import Scoreboard

COLUMNS = ("Objective", "Leader", "Counts")
COL_NAME, COL_LEADER, COL_COUNTS = range(3)
COL_REASON = 3  # logical column of ``cell``: the reason line (row 2i+1, column 0)
PIECE_ROW_COLOUR = QColor("#1f3b57")
REASON_COLOUR = QColor("#333333")
EMPTY_HINT = "No active objectives: Game > Objectives… adds one"


#: What a table row shows: (objective index, None for its title row, "" for its
#: reason row, or the piece id of a piece row).
RowKey = tuple[int, str | None]


def row_keys(rows: list[ScoreRow]) -> list[RowKey]:
    keys: list[RowKey] = []
    for i, row in enumerate(rows):
        keys += [(i, None), (i, "")]
        keys += [(i, pid) for pid, _ in row.pieces]
    return keys


class ScorePanel(QWidget):
    objective_selected = Signal(object)  # objective id or None
    #: A piece's row was chosen: the piece id (the window selects it on the board).
    piece_selected = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table = QTableWidget(0, len(COLUMNS), self)
        self.table.setObjectName("scoreTable")
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        # Tab leaves the table for the next panel (rows are read with the arrows):
        # a table's own Tab walked its cells for ever, and the keyboard never left it.
        self.table.setTabKeyNavigation(False)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(COL_NAME, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(COL_LEADER, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(COL_COUNTS, QHeaderView.ResizeMode.Stretch)
        self.summary = QLabel(self)
        self.summary.setObjectName("scoreSummary")
        self.summary.setWordWrap(True)
        font = self.summary.font()
        font.setBold(True)
        self.summary.setFont(font)
        #: Shown instead of an empty table: where objectives come from.
        self.hint = QLabel(EMPTY_HINT, self)
        self.hint.setObjectName("scoreHint")
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet("color: #555555; font-style: italic; padding: 6px")
        self.hint.hide()
        #: A referee's ruling between two selected units (the rules' arc with its
        #: margin, the charge's reach): set by the window, hidden when empty.
        self.ruling = QLabel(self)
        self.ruling.setObjectName("scoreRuling")
        self.ruling.setWordWrap(True)
        self.ruling.setStyleSheet(
            "background: #eef3fa; border: 1px solid #9db3d3; border-radius: 3px; padding: 4px"
        )
        self.ruling.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.hint)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.ruling)
        layout.addWidget(self.summary)
        self.rows: list[ScoreRow] = []
        self.keys: list[RowKey] = []
        self._colours: dict[str, QColor] = {}
        self.table.itemSelectionChanged.connect(self._selection_changed)
        self._relayout = QTimer(self)
        self._relayout.setSingleShot(True)
        self._relayout.setInterval(0)
        self._relayout.timeout.connect(self.table.resizeRowsToContents)
        header.sectionResized.connect(lambda *_: self._relayout.start())
        # Narrower or wider, every row is measured again (the columns stretch
        # without always saying so): a row is never cut to its old height.
        self.table.viewport().installEventFilter(self)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and watched is self.table.viewport():
            self._relayout.start()
        return super().eventFilter(watched, event)

    def needed_height(self, row: int) -> int:
        """The pixels row ``row``'s texts need, wrapped at the columns' widths now."""
        table = self.table
        margin = 2 * (table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 1)
        need, col = 0, 0
        while col < table.columnCount():
            span = max(1, table.columnSpan(row, col))
            item = table.item(row, col)
            if item is not None and item.text():
                width = sum(table.columnWidth(col + k) for k in range(span)) - margin
                box = QFontMetrics(item.font()).boundingRect(
                    QRect(0, 0, max(width, 1), 1 << 20), Qt.TextFlag.TextWordWrap, item.text()
                )
                need = max(need, box.height())
            col += span
        return need

    def _fit_row(self, row: int) -> None:
        """Measure ``row`` again when its text no longer fits it, or leaves a line empty."""
        need, height = self.needed_height(row), self.table.rowHeight(row)
        line = QFontMetrics(self.table.font()).lineSpacing()
        if need > height or height - need > line + 8:
            self.table.resizeRowToContents(row)

    def set_scoreboard(
        self, scene: Scene, board: Scoreboard, colours: dict[str, QColor], *, over: bool
    ) -> None:
        """Show ``board``; ``over``: the game has ended (``turns.finished``), which
        the standings' words depend on (``wording.standing``)."""
        rows = score_rows(scene, board, over=over)
        self.hint.setVisible(not rows)
        restyle = colours != self._colours
        if rows == self.rows and not restyle:
            self._set_summary(scene, board)
            return
        self._colours = dict(colours)
        keys = row_keys(rows)
        if [r.objective_id for r in rows] != [r.objective_id for r in self.rows]:
            # Other objectives: every row written afresh.
            self.table.clearSpans()
            self.table.clearContents()
            self.table.setRowCount(0)
            self.keys, self.rows = [], []
        if keys != self.keys:
            self._move_rows(keys)
        first = {i: r for r, (i, kind) in enumerate(keys) if kind is None}
        for i, row in enumerate(rows):
            old = self.rows[i] if i < len(self.rows) else None
            if old == row and not restyle:
                continue
            self._show_row(first[i], row, old, colours, restyle)
        self.rows = rows
        self._set_summary(scene, board)

    def _move_rows(self, keys: list[RowKey]) -> None:
        """Insert and remove table rows so that the rows of ``keys`` already shown
        keep their cells and heights: a piece coming into range adds its row, it
        does not rewrite and measure the whole table again. The selected row
        stays selected while its key is shown; when it goes, nothing is selected
        (Qt would select the next row: another piece, which the window would then
        select on the board in the middle of a drag)."""
        table = self.table
        chosen = self._selected_key()
        ops = SequenceMatcher(None, self.keys, keys, autojunk=False).get_opcodes()
        with QSignalBlocker(table), QSignalBlocker(table.selectionModel()):
            for tag, i1, i2, j1, j2 in reversed(ops):
                if tag in ("replace", "delete"):
                    for _ in range(i2 - i1):
                        table.removeRow(i1)
                if tag in ("replace", "insert"):
                    for r in range(j1, j2):
                        table.insertRow(i1 + r - j1)
            for r, (_, kind) in enumerate(keys):
                span = 1 if kind is None else len(COLUMNS)  # a title row has three cells
                if table.columnSpan(r, 0) != span:
                    table.setSpan(r, 0, 1, span)
            self.keys = keys
            table.clearSelection()
            if chosen in keys:
                table.selectRow(keys.index(chosen))
        if chosen is not None and chosen not in keys:
            self._selection_changed()  # nothing selected now: the window drops its emphasis

    def _selected_key(self) -> RowKey | None:
        rows = {ix.row() for ix in self.table.selectionModel().selectedIndexes()}
        if not rows or min(rows) >= len(self.keys):
            return None
        return self.keys[min(rows)]

    def _show_row(
        self,
        top: int,
        row: ScoreRow,
        old: ScoreRow | None,
        colours: dict[str, QColor],
        restyle: bool,
    ) -> None:
        """Write the cells of objective ``row`` (title at table row ``top``) whose
        text changed; ``old`` is the row shown before (None: nothing yet). A drag
        changes a piece's figures on every move: only those cells are written,
        and a row is measured again only when it is new or its text changed by
        more than a few letters (``resizeRowToContents`` is slow)."""
        table = self.table

        def put(r: int, col: int, text: str, colour: QColor | None = None) -> str | None:
            """Write ``text`` unless shown: what was there ("" if new), None if unchanged."""
            item = table.item(r, col)
            was = item.text() if item is not None else None
            if text == was:
                return None
            if item is None:
                item = self._new_item(r, col, colour)
            item.setText(text)
            item.setToolTip(text)
            return was if was is not None else ""

        reason = row.reason + (f"\n⚠ {row.problems}" if row.problems else "")
        head = [put(top, col, text) for col, text in ((COL_NAME, row.name),
                                                      (COL_LEADER, row.leader),
                                                      (COL_COUNTS, row.counts))]  # fmt: skip
        if old is None:  # a fresh title: bold (a restyle repaints the row)
            name = self._item(top, COL_NAME)
            font = name.font()
            font.setBold(True)
            name.setFont(font)
        if old is None or restyle or old.leader_side != row.leader_side:
            leader_item = self._item(top, COL_LEADER)
            colour = colours.get(row.leader_side) if row.leader_side else None
            leader_item.setForeground(QBrush(colour.darker(130)) if colour else QBrush())
            font = leader_item.font()
            font.setBold(colour is not None)
            leader_item.setFont(font)
        if any(w is not None for w in head) or restyle:
            self._fit_row(top)
        if put(top + 1, 0, reason, REASON_COLOUR) is not None:
            self._fit_row(top + 1)
        for k, (_, line) in enumerate(row.pieces):
            if put(top + 2 + k, 0, f"   • {line}", PIECE_ROW_COLOUR) is not None:
                self._fit_row(top + 2 + k)

    def _new_item(self, row: int, col: int, colour: QColor | None = None) -> QTableWidgetItem:
        item = QTableWidgetItem()
        item.setTextAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        if colour is not None:
            item.setForeground(QBrush(colour))
        self.table.setItem(row, col, item)
        return item

    def _item(self, row: int, col: int) -> QTableWidgetItem:
        return self.table.item(row, col) or self._new_item(row, col)

    def set_ruling(self, lines: list[str]) -> None:
        """Show ``lines`` (a ruling between two units), or nothing."""
        text = "\n".join(lines)
        if self.ruling.text() != text:
            self.ruling.setText(text)
        self.ruling.setVisible(bool(text))

    def _set_summary(self, scene: Scene, board: Scoreboard) -> None:
        text = summary_text(scene, board)
        if self.summary.text() != text:
            self.summary.setText(text)

    def _first_row(self, index: int) -> int:
        return self.keys.index((index, None))

    def cell(self, index: int, col: int) -> str:
        """Text of objective ``index``: COL_NAME, COL_LEADER, COL_COUNTS or COL_REASON."""
        top = self._first_row(index)
        row, c = (top + 1, 0) if col == COL_REASON else (top, col)
        item = self.table.item(row, c)
        return item.text() if item is not None else ""

    def piece_rows(self, objective_id: str) -> list[tuple[str, str]]:
        """(piece id, the row's text) for each piece row of the objective."""
        for i, row in enumerate(self.rows):
            if row.objective_id == objective_id:
                top = self._first_row(i)
                return [
                    (pid, self._item(top + 2 + k, 0).text())
                    for k, (pid, _) in enumerate(row.pieces)
                ]
        raise KeyError(objective_id)

    def select_piece_row(self, objective_id: str, piece_id: str) -> None:
        """Select the row of ``piece_id`` under ``objective_id`` (as a click does)."""
        for r, (i, kind) in enumerate(self.keys):
            if kind == piece_id and self.rows[i].objective_id == objective_id:
                self.table.selectRow(r)
                return
        raise KeyError((objective_id, piece_id))

    def row_text(self, objective_id: str) -> str:
        for i, row in enumerate(self.rows):
            if row.objective_id == objective_id:
                return " | ".join(
                    self.cell(i, c) for c in (COL_NAME, COL_LEADER, COL_COUNTS, COL_REASON)
                )
        raise KeyError(objective_id)

    def select_objective(self, objective_id: str | None) -> None:
        if objective_id is None:
            self.table.clearSelection()
            return
        for i, row in enumerate(self.rows):
            if row.objective_id == objective_id:
                self.table.selectRow(self._first_row(i))
                return

    def selected_objective(self) -> str | None:
        key = self._selected_key()
        if key is None:
            return None
        i = key[0]
        return self.rows[i].objective_id if i < len(self.rows) else None

    def selected_piece(self) -> str | None:
        """The piece of the selected row, if it is a piece's row."""
        key = self._selected_key()
        return (key[1] or None) if key is not None else None

    def _selection_changed(self) -> None:
        self.objective_selected.emit(self.selected_objective())
        piece = self.selected_piece()
        if piece is not None:
            self.piece_selected.emit(piece)
