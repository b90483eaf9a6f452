"""``run_app``: the program with a window, as ``tabletop-gui`` starts it."""

from __future__ import annotations

import sys

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tabletop_gui.app import session
from tabletop_gui.app.windows.main_window import MainWindow
from tabletop_gui.examples import DEMO_BOARD
from tabletop_gui.io import FileFormatError, load_game

#: The windows opened here, kept alive while the event loop runs.
_WINDOWS: list[MainWindow] = []


def run_app(path: str | None = None) -> int:
    """Open the main window on ``path`` (the demo board when None); the exit code."""
    app = QApplication.instance() or QApplication(sys.argv)
    app.setOrganizationName(session.ORGANIZATION)
    app.setApplicationName(session.APPLICATION)
    target = str(path) if path else str(DEMO_BOARD)
    try:
        game = load_game(target)
    except FileFormatError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    window = MainWindow(game, target if path else None, opened_from=None if path else target)
    window.show()
    window.view.setFocus(Qt.FocusReason.OtherFocusReason)  # board keys work at once
    _WINDOWS.append(window)
    window.offer_recovery()
    return app.exec()
