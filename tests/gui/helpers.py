"""Helpers for the canvas tests: open a window, drop palette data, map board points."""

from __future__ import annotations

from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QApplication

from tabletop_gui.app.windows.main_window import MainWindow
from tabletop_gui.examples import DEMO_BOARD
from tabletop_gui.io import load_game
from tabletop_gui.model.game import Game


def open_window(qtbot, game: Game, path: str | None = None) -> MainWindow:
    window = MainWindow(game, path)
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    window.view.fit_board()
    QApplication.processEvents()
    return window


def new_board(qtbot, key: str) -> MainWindow:
    """A window on File > New's preset ``key`` (a family's new-game preset)."""
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), None)
    assert window.files.new_game(key, ask=False)
    QApplication.processEvents()
    window.view.fit_board()
    return window


def choose_side(window: MainWindow, side_id: str) -> None:
    """Choose ``side_id`` in the palette's side box (what a drop places for)."""
    box = window.palette_panel.side_box
    box.setCurrentIndex(box.findData(side_id))


def drop(window: MainWindow, mime: QMimeData, x: float, y: float) -> bool:
    """Drag-enter, drag-move and drop ``mime`` at board point (x, y), as a real drag
    from the palette delivers them (QDrag.exec does nothing offscreen)."""
    viewport = window.view.viewport()
    pos = window.view.viewport_pos(x, y)
    actions = Qt.DropAction.CopyAction
    buttons, mods = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    enter = QDragEnterEvent(pos, actions, mime, buttons, mods)
    QApplication.sendEvent(viewport, enter)
    if not enter.isAccepted():
        return False
    move = QDragMoveEvent(pos, actions, mime, buttons, mods)
    QApplication.sendEvent(viewport, move)
    dropped = QDropEvent(QPointF(pos), actions, mime, buttons, mods)
    QApplication.sendEvent(viewport, dropped)
    return dropped.isAccepted()


def at(window: MainWindow, x: float, y: float) -> QPoint:
    return window.view.viewport_pos(x, y)


def streamer_at(qtbot, window: MainWindow, width: int, height: int):
    """The window's streamer view opened at ``width`` x ``height``, shown and in step
    with the game (its labels placed for that size)."""
    streamer = window.stream.open_streamer()
    qtbot.addWidget(streamer)
    streamer.resize(width, height)
    qtbot.waitExposed(streamer)
    QApplication.processEvents()
    streamer.sync()
    QApplication.processEvents()
    return streamer


def start_as_the_program_does(qtbot, monkeypatch) -> MainWindow:
    """``run_app`` as ``tabletop-gui`` with no file starts it (its event loop not
    run, no recovery offered): the window the program opens."""
    from tabletop_gui.app.windows import launch
    from tabletop_gui.app.windows.file_actions import FilesController

    monkeypatch.setattr(QApplication, "exec", lambda *_a: 0)
    monkeypatch.setattr(FilesController, "offer_recovery", lambda *_a, **_k: 0)
    monkeypatch.setattr(launch, "_WINDOWS", [])
    assert launch.run_app(None) == 0
    (window,) = launch._WINDOWS
    qtbot.addWidget(window)
    return window
