"""The game log panel: every event in words, and a timeline to look back.

Row 0 is the setup, row ``n`` the state after ``n`` events: selecting a row (or
moving the slider) shows the board and the scoreboard at that moment,
read-only; "Back to the present" (Alt+End) returns. The list follows the log
incrementally: a push appends a row, an undo removes it.

An event the rule family flags (``Family.flags``: legal only in circumstances
the log does not show, such as a unit of the side not acting moving) is marked
⚑ with the reason; "Flagged only" hides every other row for a referee's review.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSlider,
    QVBoxLayout,
    QWidget,
)

from tabletop_gui.app.document import Document
from tabletop_gui.model.events import Event
from tabletop_gui.model.state import GameState
from tabletop_gui.play.fields import event_seen
from tabletop_gui.rules.engine import family_of, flags

FLAG = "⚑"
FLAG_COLOUR = QColor("#8a4b00")


def describe(event: Event, before: object) -> str:
    try:
        return event.describe(before)  # type: ignore[arg-type]
    except Exception:  # a description must never break the panel
        return event.type.replace("_", " ")


def event_flags(before: GameState, event: Event, after: GameState) -> list[str]:
    try:
        return flags(before, event, after)
    except Exception:  # a flag must never break the panel
        return []


class LogPanel(QWidget):
    def __init__(self, doc: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.setObjectName("logPanel")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        self.where = QLabel()
        self.where.setObjectName("logWhere")
        self.where.setWordWrap(True)
        top = QHBoxLayout()
        top.addWidget(self.where, 1)
        self.flagged_only = QCheckBox("Flagged only")
        self.flagged_only.setObjectName("logFlaggedOnly")
        self.flagged_only.setToolTip(
            "Show only the events flagged for review: legal only in some circumstances"
            " (a unit of the side not acting moved, overlapping bases...)"
        )
        top.addWidget(self.flagged_only)
        lay.addLayout(top)
        self.list = QListWidget()
        self.list.setObjectName("logList")
        self.list.setUniformItemSizes(True)
        self.list.setAlternatingRowColors(True)
        lay.addWidget(self.list, 1)
        #: The chosen row's flags, whole (a row shows them on one line, cut at the
        #: panel's edge).
        self.flag_detail = QLabel()
        self.flag_detail.setObjectName("logFlagDetail")
        self.flag_detail.setWordWrap(True)
        self.flag_detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.flag_detail.setStyleSheet(f"color: {FLAG_COLOUR.name()};")
        self.flag_detail.hide()
        lay.addWidget(self.flag_detail)
        row = QHBoxLayout()
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setObjectName("logSlider")
        self.slider.setToolTip("Drag to look back through the game (Alt+Left / Alt+Right)")
        row.addWidget(self.slider, 1)
        self.present_button = QPushButton("Back to the present")
        self.present_button.setToolTip("Show the game as it stands now (Alt+End)")
        row.addWidget(self.present_button)
        lay.addLayout(row)
        self._shown: list[Event] = []
        #: The view the rows were worded for (a player's hides face-down values).
        self._viewer: str | None = None
        #: The flags of each event shown (index i: event i + 1's row).
        self.flags: list[list[str]] = []
        self._updating = False
        self.flagged_only.toggled.connect(self._filter)
        self.list.currentRowChanged.connect(self._row_chosen)
        self.list.currentRowChanged.connect(self._show_flags)
        self.slider.valueChanged.connect(self._slider_moved)
        self.present_button.clicked.connect(lambda: doc.look_at(None))
        doc.log_changed.connect(self.refresh)
        # A player's view words face-down values otherwise (``event_seen``).
        doc.changed.connect(lambda: self.refresh() if doc.viewer != self._viewer else None)
        doc.reset_done.connect(self._reset)
        self._reset()

    def _reset(self) -> None:
        self._shown = []
        self.flags = []
        self.flag_detail.hide()
        self._updating = True
        self.list.clear()
        self.list.addItem(QListWidgetItem("0. Setup (before the first event)"))
        self._updating = False
        self.refresh()

    def row_text(self, n: int) -> str:
        return self.list.item(n).text()

    def refresh(self) -> None:
        tl = self.doc.timeline
        events = tl.events
        keep = 0
        viewer = getattr(self.doc, "viewer", None)
        if viewer != self._viewer:  # another view: face-down values read otherwise
            self._viewer, self._shown = viewer, []
        for old, new in zip(self._shown, events, strict=False):
            if old is not new:
                break
            keep += 1
        present = self.doc.committed.scene
        family = family_of(self.doc.committed.setup)
        self._updating = True
        try:
            while self.list.count() > keep + 1:
                self.list.takeItem(self.list.count() - 1)
            del self.flags[keep:]
            for i in range(keep, len(events)):
                before, after = tl.state_at(i), tl.state_at(i + 1)
                seen = event_seen(events[i], present, viewer, family)
                text = f"{i + 1}. {describe(seen, before)}"
                found = event_flags(before, events[i], after)
                item = QListWidgetItem(text)
                if found:
                    item.setText(f"{FLAG} {text}  ({'; '.join(found)})")
                    item.setToolTip("Flagged for review:\n" + "\n".join(found))
                    item.setForeground(QBrush(FLAG_COLOUR))
                self.flags.append(found)
                self.list.addItem(item)
            self._shown = list(events)
            if self.flagged_only.isChecked():
                self._filter()
            else:
                self._count()
            n = len(events) if self.doc.view_index is None else self.doc.view_index
            self.slider.setRange(0, len(events))
            self.slider.setValue(n)
            self.list.setCurrentRow(n)
            self.list.scrollToItem(self.list.item(n))
        finally:
            self._updating = False
        back = self.doc.looking_back
        self.present_button.setEnabled(back)
        if back:
            self.where.setText(f"<b>Looking back</b>: after event {n} of {len(events)} (read-only)")
            self.where.setStyleSheet("color: #8a4b00;")
        else:
            count = len(events)
            self.where.setText(f"The present: {count} event{'' if count == 1 else 's'}")
            self.where.setStyleSheet("")

    def flagged_rows(self) -> list[int]:
        """The rows (event numbers) whose event is flagged."""
        return [i + 1 for i, found in enumerate(self.flags) if found]

    def _filter(self) -> None:
        only = self.flagged_only.isChecked()
        for row in range(self.list.count()):
            hidden = only and not (row >= 1 and self.flags[row - 1])
            self.list.setRowHidden(row, hidden)
        self._count()

    def _count(self) -> None:
        self.flagged_only.setText(f"Flagged only ({sum(1 for f in self.flags if f)})")

    def _show_flags(self, row: int) -> None:
        found = self.flags[row - 1] if 1 <= row <= len(self.flags) else []
        self.flag_detail.setText(
            f"Event {row} flagged for review: " + "; ".join(found) if found else ""
        )
        self.flag_detail.setVisible(bool(found))

    def _row_chosen(self, row: int) -> None:
        if not self._updating and row >= 0:
            self.doc.look_at(row)

    def _slider_moved(self, value: int) -> None:
        if not self._updating:
            self.doc.look_at(value)

    def step(self, by: int) -> None:
        n = len(self.doc.timeline) if self.doc.view_index is None else self.doc.view_index
        self.doc.look_at(max(0, n + by))
