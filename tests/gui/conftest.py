"""Fixtures for the canvas tests: real widgets, offscreen, driven by events."""

from __future__ import annotations

import pytest

from tabletop_gui import DEMO_BOARD
from tabletop_gui.app.main import MainWindow
from tabletop_gui.io import load_game

from .helpers import open_window


@pytest.fixture
def demo(qtbot) -> MainWindow:
    return open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
