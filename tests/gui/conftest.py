"""Fixtures for the GUI tests: real widgets, offscreen, driven by events.

No test writes into the user's data folder or settings: QStandardPaths runs in
test mode, and the autosave folder and the settings file are redirected to a
temp folder per test.
"""

from __future__ import annotations

import os

import pytest
from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QMessageBox

from tabletop_gui.app.windows.main_window import MainWindow
from tabletop_gui.examples import DEMO_BOARD
from tabletop_gui.io import load_game

from .helpers import open_window

QStandardPaths.setTestModeEnabled(True)

# The overlay pages are tested in Qt WebEngine, which must be imported before the
# QApplication is made; its Chromium refuses to start as root with its sandbox on.
os.environ.setdefault("QTWEBENGINE_DISABLE_SANDBOX", "1")
if "--no-sandbox" not in os.environ.get("QTWEBENGINE_CHROMIUM_FLAGS", ""):
    flags = os.environ.get("QTWEBENGINE_CHROMIUM_FLAGS", "")
    os.environ["QTWEBENGINE_CHROMIUM_FLAGS"] = f"{flags} --no-sandbox".strip()
from PySide6 import QtWebEngineWidgets  # noqa: E402, F401  (before the QApplication)


@pytest.fixture(autouse=True)
def private_data(tmp_path, monkeypatch):
    """Autosaves, stream pictures and recent files go to a temp folder."""
    data = tmp_path / "data"
    monkeypatch.setenv("TABLETOP_GUI_DATA_DIR", str(data))
    monkeypatch.setenv("TABLETOP_GUI_SETTINGS", str(tmp_path / "settings.ini"))
    return data


@pytest.fixture(autouse=True)
def fresh_stream_settings():
    """Each test starts with the audience's view a new run has (the players'
    view), whatever an earlier test switched (docs/streaming.md, Players' view
    and referee's view)."""
    from tabletop_gui.app.stream import audience

    audience.forget_settings()
    yield
    audience.forget_settings()


@pytest.fixture(autouse=True)
def empty_clipboard():
    """Each test leaves the clipboard empty. Qt's offscreen platform crashes the
    process as it exits (exit code 139, after every test passed) when the
    clipboard still holds data a test copied (Edit > Copy's pieces); the window
    on a real display does not."""
    yield
    from PySide6.QtGui import QGuiApplication

    if QGuiApplication.instance() is not None:
        QGuiApplication.clipboard().clear()


@pytest.fixture
def demo(qtbot) -> MainWindow:
    return open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))


class Dialogs:
    """Stands in for the modal message boxes (they would block offscreen): records
    every warning and answers questions with ``answer``."""

    def __init__(self) -> None:
        self.warnings: list[tuple[str, str]] = []
        self.questions: list[tuple[str, str]] = []
        self.answer = QMessageBox.StandardButton.Discard

    def warning(self, _parent, title, text, *args, **kwargs):
        self.warnings.append((title, text))
        return QMessageBox.StandardButton.Ok

    def question(self, _parent, title, text, *args, **kwargs):
        self.questions.append((title, text))
        return self.answer


@pytest.fixture(autouse=True)
def dialogs(monkeypatch) -> Dialogs:
    d = Dialogs()
    monkeypatch.setattr(QMessageBox, "warning", d.warning)
    monkeypatch.setattr(QMessageBox, "question", d.question)
    return d
