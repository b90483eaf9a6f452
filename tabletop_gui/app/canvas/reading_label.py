"""The status bar's copy of the live reading: the measure tool's, or the drag
readout's ('moved 5.97 in'), which changes on every mouse move of a drag."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

#: QWidget's largest size (QWIDGETSIZE_MAX): no maximum.
NO_MAX = 16777215


class ReadingLabel(QLabel):
    """A QLabel that costs little to change many times a second.

    A plain label asks its status bar to lay out again on every new text, and a
    see-through one repaints the bar and the window behind it. This one is
    opaque, and while a reading is shown its size is fixed (a new text repaints
    the label alone): as wide as the widest text of the reading so far, the text
    right-aligned (where a label as wide as its text would have it). A new width
    only when a text is wider; an empty text gives the label back its own size."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.setAutoFillBackground(True)

    def show_text(self, text: str) -> None:
        if text == self.text():
            return
        self.setText(text)  # a fixed size: no layout
        if not text:
            self.setMinimumSize(0, 0)
            self.setMaximumSize(NO_MAX, NO_MAX)
            return
        hint = self.sizeHint()
        if self.minimumSize() != self.maximumSize():  # the reading begins
            self.setFixedSize(hint.width(), max(hint.height(), self.height()))
        elif hint.width() > self.width() or hint.height() > self.height():
            self.setFixedSize(max(hint.width(), self.width()), max(hint.height(), self.height()))
