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
from tabletop_gui.io.errors import LogRefusal

#: The windows opened here, kept alive while the event loop runs.
_WINDOWS: list[MainWindow] = []


#: Room left for the window's frame (title bar and borders, drawn by the system
#: around the size asked for) when a window is fitted to a screen.
FRAME_ROOM = (16, 48)


def fit_to_screen(window: MainWindow) -> bool:
    """Shrink a window larger than the screen it opens on (the main window asks
    for 1600 x 950: on a 1366 x 768 laptop it ran off the screen) to the screen's
    free area, less room for its frame, at the area's top left; whether it had to.
    Narrower, its panels share one column, which lets it be narrower still."""
    screen = window.screen()
    if screen is None:
        return False
    free = screen.availableGeometry()
    room_w, room_h = FRAME_ROOM
    width, height = free.width() - room_w, free.height() - room_h
    if window.width() <= width and window.height() <= height:
        return False
    for _ in range(2):
        window.resize(min(window.width(), width), min(window.height(), height))
        window.panels.fit()
    window.move(free.topLeft())
    return True


def run_app(path: str | None = None) -> int:
    """Open the main window on ``path`` (the demo board when None; an example opens
    as an unsaved copy; a log the rules refuse is offered up to the event before
    the refusal, over the demo board); the exit code."""
    app = QApplication.instance() or QApplication(sys.argv)
    app.setOrganizationName(session.ORGANIZATION)
    app.setApplicationName(session.APPLICATION)
    app.setApplicationVersion(__version__)
    QApplication.setWindowIcon(app_icon())
    refused: LogRefusal | None = None
    try:
        opened = open_game(str(path) if path else str(DEMO_BOARD))
    except LogRefusal as exc:  # the window offers the game before the refused event
        refused = exc
        opened = open_game(str(DEMO_BOARD))
    except FileFormatError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    window = MainWindow(
        opened.game, opened.save_path, opened_from=opened.source if opened.example else None
    )
    fit_to_screen(window)
    window.show()
    window.view.setFocus(Qt.FocusReason.OtherFocusReason)  # board keys work at once
    _WINDOWS.append(window)
    smoke.arm_from_environment(window)
    if refused is not None and not window.files.open_before_refusal(str(path), refused):
        print(f"error: {refused} (the demo board is open instead)", file=sys.stderr)
    window.files.offer_recovery()
    return app.exec()
