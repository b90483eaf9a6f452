"""The window's status bar, which never cuts a message silently.

QStatusBar draws a message in whatever room its permanent boxes leave (the
stream path, the overlay address) and clips the rest mid-word: "Stream overlay:
port 87". Here a message too long for that room is drawn over the whole bar
for as long as it shows (the boxes come back when it goes), and one too long
even for that ends in "…" at a word, the whole of it the bar's tooltip. It is
fitted again when the window is resized or a box appears or goes.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QLabel, QStatusBar, QWidget

#: Room kept between the message and the first box to its right (pixels).
_GAP = 12


class MessageBar(QStatusBar):
    """A status bar whose messages show whole, or say they are cut."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        #: Drawn over the boxes while a message too long for their room shows.
        self.cover = QLabel(self)
        self.cover.setObjectName("statusMessageCover")
        self.cover.setAutoFillBackground(True)
        self.cover.setTextFormat(Qt.TextFormat.PlainText)
        self.cover.hide()
        self.messageChanged.connect(self._fit)

    def message_room(self) -> int:
        """The width (pixels) a message has beside the boxes: up to the first one shown."""
        left = self.width()
        for child in self.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly):
            if child is self.cover or not child.isVisible() or child.isWindow():
                continue
            if child.geometry().width() > 0:
                left = min(left, child.geometry().left())
        return max(0, left - _GAP)

    def shown_message(self) -> str:
        """The message as a person sees it now ("" when none)."""
        if self.cover.isVisible():
            return self.cover.text()
        return self.currentMessage()

    def _fit(self, *_: object) -> None:
        text = self.currentMessage()
        metrics = self.fontMetrics()
        if not text or metrics.horizontalAdvance(text) <= self.message_room():
            self.cover.hide()
            self.setToolTip("")
            return
        room = self.contentsRect().adjusted(4, 0, -4, 0)
        shown = _cut_at_word(text, room.width(), metrics.horizontalAdvance)
        self.cover.setText(shown)
        self.cover.setGeometry(room)
        self.cover.show()
        self.cover.raise_()
        self.setToolTip(text if shown != text else "")

    def event(self, event: QEvent) -> bool:
        handled = super().event(event)
        if event.type() in (QEvent.Type.Resize, QEvent.Type.LayoutRequest):
            self._fit()
        return handled


def _cut_at_word(text: str, room: int, measure: Callable[[str], int]) -> str:
    """``text`` when it fits ``room``; else its longest run of whole words that
    fits, ending in " …"."""
    if measure(text) <= room:
        return text
    words = text.split(" ")
    while len(words) > 1:
        words.pop()
        shown = " ".join(words).rstrip(",;:(") + " …"
        if measure(shown) <= room:
            return shown
    return "…"
