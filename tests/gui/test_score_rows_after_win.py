"""After a hex battle is won, a banner nobody holds reads 'nobody (final)'."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication

from tabletop_gui.app.panels.score_panel import COL_LEADER
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


def test_after_the_hex_battle_is_won_a_row_nobody_holds_reads_nobody_final(qtbot):
    window = open_file(qtbot, HEX)
    panel = window.score_panel
    shown = [panel.cell(i, COL_LEADER) for i in range(len(panel.rows))]
    rows = {r.name: text for r, text in zip(panel.rows, shown, strict=True)}
    assert rows["Ridge (majority)"] == "nobody (final)"
    assert not any("nobody yet" in text for text in rows.values())
