"""What the program's windows keep between runs, in QSettings
(``session.settings``): a window's size and place, the main window's panels
(which are open, where they stand, how wide), and View settings. Only the
program started as ``tabletop-gui`` reads and writes them (``run_app`` sets
``MainWindow.remember_layout``): a screenshot, a script or a test opens on the
defaults."""

from __future__ import annotations

from PySide6.QtCore import QByteArray
from PySide6.QtWidgets import QMainWindow, QWidget

from tabletop_gui.app import session

MAIN_KEY, PANELS_KEY, STREAMER_KEY = "window/geometry", "window/panels", "streamer/geometry"
SAFE_COLOURS_KEY = "view/safe_colours"
#: Bumped when the panels change so that a layout saved by an older version
#: would misplace them: such a layout is then not restored (QMainWindow's check).
PANELS_VERSION = 1


def _bytes(key: str) -> QByteArray | None:
    value = session.settings().value(key)
    return value if isinstance(value, QByteArray) and not value.isEmpty() else None


def restore_size(widget: QWidget, key: str) -> bool:
    """Give ``widget`` the size and place kept under ``key``; whether there was
    one (Qt moves a window kept on a screen no longer there onto one that is)."""
    geometry = _bytes(key)
    return geometry is not None and widget.restoreGeometry(geometry)


def remember_size(widget: QWidget, key: str) -> None:
    session.settings().setValue(key, widget.saveGeometry())


def restore_panels(window: QMainWindow) -> bool:
    """Give ``window``'s docks and tool bars the layout kept; whether there was one."""
    state = _bytes(PANELS_KEY)
    return state is not None and window.restoreState(state, PANELS_VERSION)


def remember_panels(window: QMainWindow) -> None:
    session.settings().setValue(PANELS_KEY, window.saveState(PANELS_VERSION))


def kept_flag(key: str) -> bool | None:
    """The on/off setting kept under ``key``, None if none is (an INI file
    gives it back as text)."""
    value = session.settings().value(key)
    return None if value is None else str(value).lower() in ("true", "1")


def keep_flag(key: str, on: bool) -> None:
    session.settings().setValue(key, on)
