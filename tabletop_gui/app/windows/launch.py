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


def run_app(path: str | None = None, video: str | None = None) -> int:
    """Open the main window on ``path`` (the demo board when None; an example opens
    as an unsaved copy). A file that cannot be opened never ends the program
    before its window shows (started from a desktop entry there is no terminal to
    read): the window opens on the demo board and says what is wrong and where,
    as File ▸ Open does (a log the rules refuse is offered up to the event
    before the refusal). ``video``: a video of the table played at once, as
    Camera ▸ Play a video of the table… plays it (docs/camera.md, The window).
    The exit code."""
    app = QApplication.instance() or QApplication(sys.argv)
    app.setOrganizationName(session.ORGANIZATION)
    app.setApplicationName(session.APPLICATION)
    app.setApplicationVersion(__version__)
    QApplication.setWindowIcon(app_icon())
    failed: FileFormatError | None = None
    try:
        opened = open_game(str(path) if path else str(DEMO_BOARD))
    except FileFormatError as exc:
        failed = exc
        opened = open_game(str(DEMO_BOARD))
    window = MainWindow(
        opened.game, opened.save_path, opened_from=opened.source if opened.example else None
    )
    window.restore_layout()
    fit_to_screen(window)
    window.show()
    window.view.setFocus(Qt.FocusReason.OtherFocusReason)  # board keys work at once
    _WINDOWS.append(window)
    smoke.arm_from_environment(window)
    if failed is not None and not window.files.open_path(str(path), ask=False, instead=INSTEAD):
        # Said on the terminal too, for whoever started it from one.
        print(f"error: {failed} (the demo board is open instead)", file=sys.stderr)
    window.files.offer_recovery()
    window.stream.say_what_was_on()  # an OBS source would go stale unnoticed
    if video:
        problem = window.camera.start_video(video)
        if problem:
            print(f"error: {problem}", file=sys.stderr)
    return app.exec()


#: What the message of a file that could not be opened at start says is open.
INSTEAD = "The demo board is open instead (File ▸ Open, or Open recent, to try another)."
