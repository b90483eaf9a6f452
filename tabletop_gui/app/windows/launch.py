"""``run_app``: the program with a window, as ``tabletop-gui`` starts it."""

from __future__ import annotations

import sys

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget

from tabletop_gui import __version__
from tabletop_gui.app import session
from tabletop_gui.app.windows import smoke
from tabletop_gui.app.windows.app_icon import app_icon
from tabletop_gui.app.windows.main_window import MainWindow
from tabletop_gui.examples import DEMO_BOARD, open_game
from tabletop_gui.io import FileFormatError

#: The windows opened here, kept alive while the event loop runs.
_WINDOWS: list[MainWindow] = []


def fit_to_screen(window: QWidget) -> bool:
    """Shrink a window larger than the screen it opens on (the main window asks
    for 1600 x 950: on a 1366 x 768 laptop it ran off the screen) to the screen's
    free area, down to its own minimum; whether it had to (it then opens maximized)."""
    screen = window.screen()
    if screen is None:
        return False
    free = screen.availableGeometry()
    if window.width() <= free.width() and window.height() <= free.height():
        return False
    window.resize(min(window.width(), free.width()), min(window.height(), free.height()))
    window.move(free.topLeft())
    return True


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
    if fit_to_screen(window):
        window.showMaximized()
    else:
        window.show()
    window.view.setFocus(Qt.FocusReason.OtherFocusReason)  # board keys work at once
    _WINDOWS.append(window)
    smoke.arm_from_environment(window)
    window.offer_recovery()
    return app.exec()
