"""The program keeps its window's size, panels and side colours, and the
streamer view's size, between runs (docs/canvas.md, Looking around).

Qt gives a kept size back within the screen's free area: on the offscreen
screen (800 x 800) the window, at least 826 px wide, comes back narrower, so
these tests compare heights."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tabletop_gui.app import window_memory
from tabletop_gui.app.windows.main_window import MainWindow
from tabletop_gui.examples import DEMO_BOARD
from tabletop_gui.io import load_game


def started(qtbot) -> MainWindow:
    """A main window as ``run_app`` makes it: the kept layout given before it shows."""
    window = MainWindow(load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    qtbot.addWidget(window)
    window.restore_layout()
    window.show()
    qtbot.waitExposed(window)
    QApplication.processEvents()
    return window


def test_a_first_run_opens_on_the_default_layout_and_colours(qtbot):
    window = started(qtbot)
    assert not window.layout_restored
    assert window.board.safe_colours_action.isChecked()
    assert window.scene.safe_colours
    docks = window.panels.docks
    assert all(docks[t].isVisible() for t in ("Score", "Palette", "Inspector", "Game log"))


def test_the_next_run_opens_with_the_size_panels_and_colours_the_last_one_closed_with(qtbot):
    first = started(qtbot)
    first.resize(826, 700)
    first.panels.panel_actions["Palette"].trigger()  # closed (Ctrl+1)
    first.board.safe_colours_action.trigger()  # off
    QApplication.processEvents()
    assert not first.panels.docks["Palette"].isVisible()
    first.close()

    second = started(qtbot)
    assert second.layout_restored
    assert second.height() == 700
    assert not second.panels.docks["Palette"].isVisible()
    assert second.panels.docks["Inspector"].isVisible()
    assert not second.board.safe_colours_action.isChecked()
    assert not second.scene.safe_colours  # the board is drawn in the kept colours


def test_a_small_window_opens_with_its_panels_where_the_user_moved_them(qtbot):
    first = started(qtbot)
    first.resize(826, 650)
    QApplication.processEvents()
    assert first.panels.compact  # the one tabbed column on the right
    left = Qt.DockWidgetArea.LeftDockWidgetArea
    first.addDockWidget(left, first.panels.docks["Inspector"])  # dragged out to the left
    first.close()

    second = started(qtbot)
    assert second.height() == 650 and second.panels.compact
    docks = second.panels.docks
    # Not put back into the column: the small window's layout is not made again
    # over the one kept.
    assert second.dockWidgetArea(docks["Inspector"]) == left
    assert docks["Palette"] in second.tabifiedDockWidgets(docks["Score"])


def test_a_window_a_script_opens_neither_reads_nor_writes_the_kept_layout(qtbot):
    first = started(qtbot)
    first.resize(826, 700)
    first.close()
    script = MainWindow(load_game(str(DEMO_BOARD)), str(DEMO_BOARD))  # no restore_layout
    qtbot.addWidget(script)
    script.resize(826, 760)
    script.show()
    script.close()

    again = started(qtbot)
    assert again.height() == 700


def test_the_streamer_view_opens_at_the_size_it_was_closed_at(qtbot):
    window = started(qtbot)
    streamer = window.stream.open_streamer()
    qtbot.waitExposed(streamer)
    assert streamer.width() != 720  # the first time: its default size (Qt fits it to the screen)
    streamer.resize(720, 405)
    streamer.close()
    window.close()

    again = started(qtbot)
    streamer = again.stream.open_streamer()
    qtbot.waitExposed(streamer)
    assert (streamer.width(), streamer.height()) == (720, 405)
    assert window_memory.restore_size(streamer, window_memory.STREAMER_KEY)


def test_a_small_window_whose_kept_panels_are_refused_gets_the_small_layout(qtbot, monkeypatch):
    """Panels kept by a version with other panels are not restored: the window,
    kept narrow, gets the one tabbed column a narrow window has, not the wide
    layout with the Palette on the left."""
    first = started(qtbot)
    first.resize(826, 650)
    QApplication.processEvents()
    first.close()
    monkeypatch.setattr(window_memory, "PANELS_VERSION", window_memory.PANELS_VERSION + 1)
    second = started(qtbot)
    assert not second.layout_restored and second.height() == 650
    docks = second.panels.docks
    assert second.panels.compact
    assert second.dockWidgetArea(docks["Palette"]) == Qt.DockWidgetArea.RightDockWidgetArea
