"""File > New board of this kind keeps the board's kind: Deployment Type and
objectives, hex rows, Carnevale board size."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from tabletop_gui.app.windows.main_window import MainWindow
from tabletop_gui.examples import DEMO_BOARD
from tabletop_gui.io import load_game
from tabletop_gui.model.hexgrid import HexBoard

from .helpers import choose_side, drop, new_board, open_window

SCENARIOS = Path(DEMO_BOARD).parent
CARNEVALE = SCENARIOS / "carnevale_drowned_quarter.json"
HEX = SCENARIOS / "hex_hochkirch_ridge_demo.json"


def open_file(qtbot, path: Path) -> MainWindow:
    return open_window(qtbot, load_game(str(path)), str(path))


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
    assert window.files.new_same_kind()
    setup = window.doc.committed.setup
    assert setup.deployment == old.deployment == "frontline_clash"
    assert [o.kind for o in setup.objectives] == [o.kind for o in old.objectives]
    assert not setup.scene.markers  # the players place their own markers


def test_new_board_of_this_kind_on_hex_and_carnevale_boards(qtbot):
    window = open_file(qtbot, HEX)
    window.files.new_same_kind()
    setup = window.doc.committed.setup
    assert setup.family == "hex" and isinstance(setup.scene.board, HexBoard)
    assert setup.scene.board.rows == 9 and not setup.scene.units
    window.files.new_game("hex-11", ask=False)
    window.files.new_same_kind()
    assert window.doc.committed.setup.scene.board.rows == 11
    window.files.open_path(str(CARNEVALE), ask=False)
    window.files.new_same_kind()
    setup = window.doc.committed.setup
    assert setup.family == "carnevale" and not setup.scene.units
    assert (setup.scene.board.width, setup.scene.board.height) == (36, 36)
