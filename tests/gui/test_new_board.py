"""File > New board of this kind keeps the board's kind: Deployment Type and
objectives, hex rows, Carnevale board size."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication

from tabletop_gui.app.windows.main_window import MainWindow
from tabletop_gui.examples import DEMO_BOARD
from tabletop_gui.io import load_game
from tabletop_gui.model.hexgrid import HexBoard

from .helpers import drop, open_window

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


@pytest.mark.parametrize(
    ("key", "deployment", "kinds"),
    [
        ("t9a/dawn_assault/t9a.secure_target", "dawn_assault", ["t9a.secure_target"]),
        ("t9a/refused_flank/t9a.spoils_of_war", "refused_flank", ["t9a.spoils_of_war"]),
        ("t9a/encircle/none", "encircle", []),
    ],
)
def test_new_board_of_this_kind_keeps_the_deployment_type_and_objective(
    qtbot, key, deployment, kinds
):
    window = new_board(qtbot, key)
    first = window.doc.committed.setup
    choose_side(window, "player-a")
    drop(window, window.palette_panel.mime_for("unit", "t9a-20x20"), 36, 24)
    assert window.doc.state.scene.units  # something placed: the new board is empty again
    window.activateWindow()
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    setup = window.doc.committed.setup
    assert setup is not first
    assert setup.family == "t9a"
    assert setup.deployment == deployment
    assert [o.kind for o in setup.objectives] == kinds
    assert setup.name == first.name
    assert not window.doc.state.scene.units
    assert window.doc.path is None


def test_new_board_of_this_kind_from_a_file_keeps_its_objectives(qtbot):
    path = SCENARIOS / "t9a_frontline_clash_secure_target.json"
    window = open_file(qtbot, path)
    old = window.doc.committed.setup
    assert window.new_same_kind()
    setup = window.doc.committed.setup
    assert setup.deployment == old.deployment == "frontline_clash"
    assert [o.kind for o in setup.objectives] == [o.kind for o in old.objectives]
    assert not setup.scene.markers  # the players place their own markers


def test_new_board_of_this_kind_on_hex_and_carnevale_boards(qtbot):
    window = open_file(qtbot, HEX)
    window.new_same_kind()
    setup = window.doc.committed.setup
    assert setup.family == "hex" and isinstance(setup.scene.board, HexBoard)
    assert setup.scene.board.rows == 9 and not setup.scene.units
    window.new_game("hex-11", ask=False)
    window.new_same_kind()
    assert window.doc.committed.setup.scene.board.rows == 11
    window.open_path(str(CARNEVALE), ask=False)
    window.new_same_kind()
    setup = window.doc.committed.setup
    assert setup.family == "carnevale" and not setup.scene.units
    assert (setup.scene.board.width, setup.scene.board.height) == (36, 36)
