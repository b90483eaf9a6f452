"""Opening a file that is not valid JSON says which line and column are wrong."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication

from tabletop_gui.app.windows.main_window import MainWindow
from tabletop_gui.examples import DEMO_BOARD
from tabletop_gui.io import load_game

from .helpers import open_window

SCENARIOS = Path(DEMO_BOARD).parent
CARNEVALE = SCENARIOS / "carnevale_drowned_quarter.json"
HEX = SCENARIOS / "hex_hochkirch_ridge_demo.json"


def open_file(qtbot, path: Path) -> MainWindow:
    return open_window(qtbot, load_game(str(path)), str(path))


def settle() -> None:
    """Let the Inspector's scroll area lay the form out (it does so on a posted
    layout request)."""
    for _ in range(3):
        QApplication.processEvents()


def select(window: MainWindow, piece_id: str) -> None:
    window.scene.clearSelection()
    window.scene.pieces[piece_id].setSelected(True)
    settle()


def view_as(window: MainWindow, name: str) -> None:
    """View > Score as seen by > ``name``, as a click on the menu entry does."""
    action = next(a for a in window.viewer_menu.actions() if a.text() == name)
    action.trigger()
    QApplication.processEvents()


# -- 3: a hidden objective's value in a player's view ------------------------------------


# -- 5: markers whose rule gives them an owner take the palette's Side -------------------


def new_board(qtbot, key: str) -> MainWindow:
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), None)
    assert window.new_game(key, ask=False)
    QApplication.processEvents()
    window.view.fit_board()
    return window


def choose_side(window: MainWindow, side_id: str) -> None:
    box = window.palette_panel.side_box
    box.setCurrentIndex(box.findData(side_id))


# -- 8: the refusal does not move the fields; the status clears on success ---------------


def field_top(window: MainWindow, name: str) -> int:
    w = window.inspector.widgets[name]
    return w.mapTo(window.inspector, QPoint(0, 0)).y()


# -- 9: the stream PNG folder ---------------------------------------------------------


# -- 9: New board of this kind -----------------------------------------------------------


# -- 9: each family's Inspector fields ---------------------------------------------------

T9A_ONLY = {"models_per_rank", "height", "fleeing", "scoring_lost"}
CARNEVALE_ONLY = {"life_points", "mindless", "pickpocket"}


# -- 9: a dropped Carnevale objective gets a readable name -------------------------------


# -- 9: a broken file names its line -------------------------------------------------------


# -- 9: a settled objective nobody holds does not say "yet" ------------------------------


def test_a_broken_json_file_says_which_line(qtbot, dialogs, tmp_path):
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    text = json.dumps(json.loads(Path(DEMO_BOARD).read_text()), indent=1)
    broken = tmp_path / "broken.json"
    broken.write_text(text.replace('"units"', '"units" "oops"', 1))
    assert not window.open_path(str(broken), ask=False)
    _title, message = dialogs.warnings[-1]
    assert "Where in the file: line " in message and "(file)" not in message
