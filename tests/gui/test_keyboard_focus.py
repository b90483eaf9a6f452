"""The keyboard reaches every panel: Tab walks from the board through the
window's panels and never stays in one of them."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tabletop_gui.examples import DEMO_BOARD
from tabletop_gui.io import load_game

from .helpers import open_window


def test_tab_leaves_the_score_table_for_the_next_panel(qtbot):
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    table = window.score_panel.table
    window.activateWindow()
    table.setFocus(Qt.FocusReason.TabFocusReason)
    QApplication.processEvents()
    assert table.hasFocus()
    qtbot.keyClick(table, Qt.Key.Key_Tab)
    QApplication.processEvents()
    assert not table.hasFocus() and QApplication.focusWidget() is not None
    # Arrows still walk the rows.
    table.setFocus(Qt.FocusReason.TabFocusReason)
    table.setCurrentCell(0, 0)
    qtbot.keyClick(table, Qt.Key.Key_Down)
    assert table.currentRow() == 1


def test_tab_from_the_board_reaches_the_palette_the_log_and_the_score(qtbot):
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    window.activateWindow()
    window.view.setFocus(Qt.FocusReason.TabFocusReason)
    QApplication.processEvents()
    seen = []
    for _ in range(60):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        QApplication.processEvents()
        seen.append(QApplication.focusWidget())
    panels = {
        "score": window.score_panel,
        "log": window.log_panel,
        "palette": window.palette_panel,
    }
    for name, panel in panels.items():
        assert any(w is not None and panel.isAncestorOf(w) for w in seen), name
