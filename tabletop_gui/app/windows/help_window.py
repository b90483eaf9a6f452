"""Help in the window: the quick-start guide, the keyboard shortcuts (read from
the window's own actions, so they are always the program's), and each rule
family's reference as the program reads its rules (``tabletop_gui.help``:
package data). ``show_page(name, section)`` opens a page at a heading (F1 opens
the guide at the tool in use)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QUrl
from PySide6.QtGui import QTextCursor, QTextDocument
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QTextBrowser,
    QWidget,
)

from tabletop_gui import help as help_pages
from tabletop_gui.rules.registry import loaded_families

#: The page of keyboard shortcuts (made from the window's actions, not a file).
SHORTCUTS = "shortcuts"
PAGE_ROLE = 256  # Qt.ItemDataRole.UserRole


def pages() -> list[tuple[str, str]]:
    """(title, page) in the order the list shows them."""
    out = [("Quick start", help_pages.QUICK_START), ("Keyboard shortcuts", SHORTCUTS)]
    for family in loaded_families()[0]:  # a family that does not load has no page
        name = help_pages.page_name(family.reference)
        if name is not None:
            out.append((f"Rules: {family.title}", name))
    out.append(("Measuring: distances and contact", "measurement.md"))
    out.append(("Tabletop Simulator: export and import", "tabletop-simulator.md"))
    out.append(("Camera: photos, video, markers", "camera.md"))
    out.append(("Army lists: importing", "army-lists.md"))
    out.append(("Streaming: overlay and PNG", "streaming.md"))
    out.append(("The board: editing, measuring, rulings", "canvas.md"))
    out.append(("Playing: turns, the log, files, pictures", "playing.md"))
    out.append(("File format (for other programs)", "file-format.md"))
    out.append(("score --json output", "score-json.md"))
    out.append(("measure --json output", "measure-json.md"))
    return out


def shortcuts_markdown(rows: Sequence[tuple[str, str, str]]) -> str:
    """A table of (menu, action, keys) rows."""
    lines = ["# Keyboard shortcuts", "", "| Menu | Action | Keys |", "|---|---|---|"]
    lines += [f"| {menu} | {text} | {keys} |" for menu, text, keys in rows]
    return "\n".join(lines) + "\n"


class HelpWindow(QDialog):
    def __init__(
        self, shortcuts: Sequence[tuple[str, str, str]], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("helpWindow")
        self.setWindowTitle("tabletop_gui help")
        self.shortcuts = list(shortcuts)
        self.list = QListWidget()
        self.list.setObjectName("helpPages")
        self.list.setMaximumWidth(240)
        for title, name in pages():
            item = QListWidgetItem(title)
            item.setData(PAGE_ROLE, name)
            self.list.addItem(item)
        self.browser = QTextBrowser()
        self.browser.setObjectName("helpText")
        self.browser.setOpenLinks(False)
        self.browser.anchorClicked.connect(self._link)
        lay = QHBoxLayout(self)
        lay.addWidget(self.list)
        lay.addWidget(self.browser, 1)
        self.list.currentRowChanged.connect(self._row)
        self.page = ""
        self.resize(900, 640)

    def _row(self, row: int) -> None:
        item = self.list.item(row)
        if item is not None:
            self._load(str(item.data(PAGE_ROLE)))

    def _load(self, name: str) -> None:
        if name == self.page:
            return
        self.page = name
        if name == SHORTCUTS:
            text = shortcuts_markdown(self.shortcuts)
        else:
            try:
                text = help_pages.linked(help_pages.text(name))
            except FileNotFoundError as exc:
                text = f"# Not available\n\n{exc}."
        self.browser.setMarkdown(text)

    def show_page(self, name: str, section: str = "") -> None:
        """Show page ``name`` (a help page or SHORTCUTS), at the heading ``section``."""
        for i in range(self.list.count()):
            if self.list.item(i).data(PAGE_ROLE) == name:
                self.list.blockSignals(True)
                self.list.setCurrentRow(i)
                self.list.blockSignals(False)
        self._load(name)
        self.show()
        self.raise_()
        self.scroll_to(section)

    def scroll_to(self, heading: str) -> bool:
        """Scroll so the heading ``heading`` is at the top; False if there is none."""
        bar = self.browser.verticalScrollBar()
        if not heading:
            bar.setValue(0)
            return True
        doc = self.browser.document()
        cursor = doc.find(heading, 0, QTextDocument.FindFlag.FindCaseSensitively)
        while not cursor.isNull() and cursor.block().blockFormat().headingLevel() == 0:
            cursor = doc.find(heading, cursor, QTextDocument.FindFlag.FindCaseSensitively)
        if cursor.isNull():
            return False
        cursor.movePosition(QTextCursor.MoveOperation.StartOfBlock)
        self.browser.setTextCursor(cursor)
        # Lay the page out at the browser's width now (it may not be shown yet),
        # then put the heading's block at the top.
        doc.setTextWidth(self.browser.viewport().width())
        top = doc.documentLayout().blockBoundingRect(cursor.block()).top()
        bar.setMaximum(max(bar.maximum(), int(doc.size().height())))
        bar.setValue(int(top))
        return True

    def heading_at_top(self) -> str:
        """The text of the first block shown (tests read where the page opened)."""
        cursor = self.browser.cursorForPosition(self.browser.viewport().rect().topLeft())
        return cursor.block().text()

    def _link(self, url: QUrl) -> None:
        target = url.toString()
        name = help_pages.page_name(target.split("#", 1)[0]) if target else None
        if name is not None:
            self.show_page(name)
