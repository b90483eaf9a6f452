"""The main window's help part: the Help menu (the quick-start guide at the tool
in use, the keyboard shortcuts read from the window's own menus, each family's
rules reference, About)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QMainWindow, QMenu

from tabletop_gui import help as help_pages
from tabletop_gui.app.document import Document
from tabletop_gui.app.part import Part
from tabletop_gui.app.windows import help_window


def menu_actions(menu: QMenu) -> list[QAction]:
    """Every entry of ``menu`` and its submenus, separators left out."""
    out = []
    for action in menu.actions():
        sub = action.menu()
        if isinstance(sub, QMenu):
            out += menu_actions(sub)
        elif not action.isSeparator():
            out.append(action)
    return out


class HelpController(Part):
    """The Help menu and the help window."""

    def __init__(
        self,
        doc: Document,
        host: QMainWindow,
        section: Callable[[], str],
        names: Mapping[QAction, str],
    ) -> None:
        """``section``: the quick-start guide's heading for what is in use (F1
        opens it there); ``names``: how the shortcuts page names entries whose
        text changes (Undo and Redo name the step they would take)."""
        super().__init__(doc, host)
        self.section = section
        self.names = dict(names)
        self.help_window: help_window.HelpWindow | None = None
        self.menu = QMenu("&Help", host)
        self.action(self.menu, "&Quick start (at the tool in use)", self.help_here, "F1")
        self.action(self.menu, "&Keyboard shortcuts",
                    lambda: self.show_help(help_window.SHORTCUTS))  # fmt: skip
        refs = self.menu.addMenu("&Rules reference")
        # Filled when first opened: the pages ask every installed family (each
        # imported for it, about 0.1 s of the window's start).
        refs.aboutToShow.connect(lambda: self._fill_references(refs))
        self.menu.addSeparator()
        self.action(self.menu, "&About tabletop_gui", self.show_about)

    def _fill_references(self, refs: QMenu) -> None:
        if refs.actions():
            return
        for title, page in help_window.pages()[2:]:
            self.action(refs, title, lambda _c=False, page=page: self.show_help(page))

    def shortcut_rows(self) -> list[tuple[str, str, str]]:
        """(menu, action, keys) for every menu entry with a key."""
        rows = []
        for menu_action in self.host.menuBar().actions():
            menu = menu_action.menu()
            if not isinstance(menu, QMenu):
                continue
            title = menu_action.text().replace("&", "")
            for action in menu_actions(menu):
                keys = ", ".join(
                    k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts()
                )
                if keys:
                    name = self.names.get(action) or action.text().replace("&", "")
                    rows.append((title, name, keys))
        return rows

    def show_help(self, page: str, section: str = "") -> help_window.HelpWindow:
        """Help > ...: the help window at ``page`` (and heading ``section``)."""
        if self.help_window is None:
            self.help_window = help_window.HelpWindow(self.shortcut_rows(), self.host)
        self.help_window.show_page(page, section)
        return self.help_window

    def help_here(self) -> help_window.HelpWindow:
        """F1: the quick-start guide at the tool in use."""
        return self.show_help(help_pages.QUICK_START, self.section())

    def show_about(self) -> QDialog:
        """Help > About: version, licence, the Python and Qt it runs on."""
        from tabletop_gui.app.windows.about_dialog import AboutDialog

        dialog = AboutDialog(self.host)
        dialog.show()
        return dialog
