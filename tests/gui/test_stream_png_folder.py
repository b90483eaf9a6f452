"""The stream PNG's file dialog opens in the data folder, which it creates."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication, QFileDialog

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


def test_the_stream_png_dialog_opens_in_the_data_folder_which_it_creates(
    qtbot, monkeypatch, tmp_path
):
    data = tmp_path / "fresh" / "tabletop_gui"
    monkeypatch.setenv("TABLETOP_GUI_DATA_DIR", str(data))
    asked: list[str] = []

    def save_dialog(_parent, _caption, start, _filter, *args, **kwargs):
        asked.append(start)
        assert Path(start).parent.is_dir()  # the dialog can open there
        return "", ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_dialog)
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    assert not data.exists()
    window.stream_action.trigger()
    assert asked == [str(data / "stream.png")]
    assert data.is_dir()
    assert not window.stream_action.isChecked()  # cancelled: no output started
