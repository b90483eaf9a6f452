"""The main window and ``run_app``."""

from __future__ import annotations

import sys

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QGraphicsView,
    QMainWindow,
    QVBoxLayout,
    QWidget,
)

from tabletop_gui import DEMO_BOARD
from tabletop_gui.app.board_scene import BoardScene
from tabletop_gui.app.legend import LegendWidget
from tabletop_gui.app.score_panel import ScorePanel
from tabletop_gui.io import load_game
from tabletop_gui.model.game import Game
from tabletop_gui.rules.engine import Timeline, evaluate


class MainWindow(QMainWindow):
    def __init__(self, game: Game, path: str | None = None) -> None:
        super().__init__()
        self.timeline = Timeline(game)
        self.scene = BoardScene(self)
        self.view = QGraphicsView(self.scene, self)
        self.view.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self.setCentralWidget(self.view)
        self.score_panel = ScorePanel()
        self.legend = LegendWidget()
        side = QWidget()
        lay = QVBoxLayout(side)
        lay.addWidget(self.score_panel, 1)
        lay.addWidget(self.legend)
        dock = QDockWidget("Score", self)
        dock.setWidget(side)
        side.setMinimumWidth(400)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        self.setWindowTitle(f"tabletop_gui — {game.setup.name or path or 'untitled'}")
        self.resize(1500, 900)
        self.refresh()

    def refresh(self) -> None:
        state = self.timeline.current
        board = evaluate(state)
        self.scene.sync(state, board)
        self.score_panel.set_scoreboard(state.scene, board, self.scene.colours)
        self.legend.set_sides([(s.name, self.scene.colours[s.id]) for s in state.scene.sides])

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.view.fitInView(self.scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)


def run_app(path: str | None = None) -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    game = load_game(str(path) if path else str(DEMO_BOARD))
    window = MainWindow(game, str(path or DEMO_BOARD))
    window.show()
    return app.exec()
