"""``run_app``: the program with a window, as ``tabletop-gui`` starts it."""

from __future__ import annotations

import sys

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tabletop_gui import __version__
from tabletop_gui.app import session
from tabletop_gui.app.windows import smoke
from tabletop_gui.app.windows.app_icon import app_icon
from tabletop_gui.app.windows.main_window import MainWindow
from tabletop_gui.examples import DEMO_BOARD, open_game
from tabletop_gui.io import FileFormatError

#: The windows opened here, kept alive while the event loop runs.
_WINDOWS: list[MainWindow] = []


def run_app(path: str | None = None) -> int:
    """Open the main window on ``path`` (the demo board when None; an example opens
    as an unsaved copy); the exit code."""
    app = QApplication.instance() or QApplication(sys.argv)
    app.setOrganizationName(session.ORGANIZATION)
    app.setApplicationName(session.APPLICATION)
    app.setApplicationVersion(__version__)
    QApplication.setWindowIcon(app_icon())
    try:
        opened = open_game(str(path) if path else str(DEMO_BOARD))
    except FileFormatError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    window = MainWindow(
        opened.game, opened.save_path, opened_from=opened.source if opened.example else None
    )
    window.show()
    window.view.setFocus(Qt.FocusReason.OtherFocusReason)  # board keys work at once
    _WINDOWS.append(window)
    smoke.arm_from_environment(window)
    window.offer_recovery()
    return app.exec()
