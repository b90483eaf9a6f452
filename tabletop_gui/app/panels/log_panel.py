"""The game log panel: every event in words, and a timeline to look back.

Row 0 is the setup, row ``n`` the state after ``n`` events: selecting a row (or
moving the slider) shows the board and the scoreboard at that moment,
read-only; "Back to the present" (Alt+End) returns. The list follows the log
incrementally: a push appends a row, an undo removes it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
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


def describe(event: Event, before: object) -> str:
    try:
        return event.describe(before)  # type: ignore[arg-type]
    except Exception:  # a description must never break the panel
        return event.type.replace("_", " ")


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
        lay.addWidget(self.where)
        self.list = QListWidget()
        self.list.setObjectName("logList")
        self.list.setUniformItemSizes(True)
        self.list.setAlternatingRowColors(True)
        lay.addWidget(self.list, 1)
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
        self._updating = False
        self.list.currentRowChanged.connect(self._row_chosen)
        self.slider.valueChanged.connect(self._slider_moved)
        self.present_button.clicked.connect(lambda: doc.look_at(None))
        doc.log_changed.connect(self.refresh)
        doc.reset_done.connect(self._reset)
        self._reset()

    def _reset(self) -> None:
        self._shown = []
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
        for old, new in zip(self._shown, events, strict=False):
            if old is not new:
                break
            keep += 1
        self._updating = True
        try:
            while self.list.count() > keep + 1:
                self.list.takeItem(self.list.count() - 1)
            for i in range(keep, len(events)):
                text = f"{i + 1}. {describe(events[i], tl.state_at(i))}"
                self.list.addItem(QListWidgetItem(text))
            self._shown = list(events)
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
            self.where.setText(f"The present: {len(events)} events")
            self.where.setStyleSheet("")

    def _row_chosen(self, row: int) -> None:
        if not self._updating and row >= 0:
            self.doc.look_at(row)

    def _slider_moved(self, value: int) -> None:
        if not self._updating:
            self.doc.look_at(value)

    def step(self, by: int) -> None:
        n = len(self.doc.timeline) if self.doc.view_index is None else self.doc.view_index
        self.doc.look_at(max(0, n + by))
