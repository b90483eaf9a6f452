"""A reading sits beside its line, not over the short gap between the two bases
it measures (docs/canvas.md, Measuring). A referee's trial: the Wolf Riders
wheeled 0.55 in from the Peasant Levy's right flank, a ruler pinned between
them; in the disputed-range report the charge's reading ("Charge 0.55 in / to
the right flank, straight") was drawn below the line, over the gap, so the gap
the dispute was about could not be seen."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QApplication

from tabletop_gui.app.canvas.annotation_items import PinnedRulerItem, show_annotations
from tabletop_gui.app.canvas.board_scene import BoardScene
from tabletop_gui.app.canvas.ruling_items import ReachItem, RulingsLayer
from tabletop_gui.app.canvas.view import Tool
from tabletop_gui.app.export.range_report import Subject, show_rulings
from tabletop_gui.io import load_game
from tabletop_gui.rules import evaluate, replay

from .helpers import at, open_window

GAME = Path(__file__).parent / "games" / "wolves_levy_dispute.json"


def the_gap(scene: BoardScene) -> QRectF:
    """The room between the Peasant Levy's right side and the Wolf Riders' left
    side, as long as they face each other (scene inches), a hair inside."""
    levy = scene.pieces["a-peasants"]
    wolves = scene.pieces["b-wolves"]
    a = levy.mapToScene(levy.path).boundingRect()
    b = wolves.mapToScene(wolves.path).boundingRect()
    assert 0.5 < b.left() - a.right() < 0.6  # the 0.55 in gap
    top, bottom = max(a.top(), b.top()), min(a.bottom(), b.bottom())
    assert bottom - top > 3  # they face each other along 3 in and more
    return QRectF(a.right(), top, b.left() - a.right(), bottom - top).adjusted(
        0.01, 0.01, -0.01, -0.01
    )


def readings_over_the_gap(scene: BoardScene) -> list[str]:
    gap = the_gap(scene)
    items = [i for i in scene.items() if isinstance(i, (PinnedRulerItem, ReachItem))]
    pair = [i for i in items if {"a-peasants", "b-wolves"} <= set(i.end_pieces())]
    assert len(pair) == 2  # the pinned ruler and the charge's reach
    return [" / ".join(i.lines) for i in pair if i.label_box().intersects(gap)]


@pytest.mark.parametrize("ppi", [37.0, 20.0])
def test_the_report_s_readings_leave_the_gap_they_measure_in_sight(qtbot, ppi):
    # As write_range_report draws its board of the Wolves-Levy ruler: the
    # annotations, then the rulings, at the report's zoom (37 pixels an inch).
    game = load_game(GAME)
    state = replay(game.setup, list(game.events))
    board = evaluate(state)
    ruler = game.annotations.ruler("ruler-2")
    scene = BoardScene()
    try:
        scene.sync(state, board)
        show_annotations(scene, game.annotations, state, board, ppi)
        show_rulings(RulingsLayer(scene, scene.bmap), state, Subject(ruler=ruler), ppi)
        assert readings_over_the_gap(scene) == []
    finally:
        scene.clear()


def test_the_window_s_readings_leave_the_gap_they_measure_in_sight(qtbot):
    window = open_window(qtbot, load_game(GAME), str(GAME))
    window.resize(1600, 1000)
    QApplication.processEvents()
    window.view.fit_board()
    window.view.zoom(2.5, at(window, 43, 19))
    QApplication.processEvents()
    units = window.doc.state.scene.units
    for uid in ("a-peasants", "b-wolves"):  # the Levy's arcs, the Wolves charging
        qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                         pos=at(window, units[uid].x, units[uid].y))  # fmt: skip
        QApplication.processEvents()
        if uid == "a-peasants":
            qtbot.keyClick(window.view, Qt.Key.Key_A)
            QApplication.processEvents()
    assert readings_over_the_gap(window.scene) == []


def test_the_measure_tool_s_reading_leaves_the_gap_it_measures_in_sight(qtbot):
    window = open_window(qtbot, load_game(GAME), str(GAME))
    window.resize(1600, 1000)
    QApplication.processEvents()
    window.view.fit_board()
    window.view.set_tool(Tool.MEASURE)
    units = window.doc.state.scene.units
    viewport = window.view.viewport()
    wolves, levy = units["b-wolves"], units["a-peasants"]
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(window, wolves.x, wolves.y))
    qtbot.mouseMove(viewport, at(window, (wolves.x + levy.x) / 2, levy.y))
    qtbot.mouseMove(viewport, at(window, levy.x, levy.y))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(window, levy.x, levy.y))
    QApplication.processEvents()
    item = window.view.measure_item
    assert item.isVisible() and item.lines[0].startswith("0.55 in")
    assert not item.label_box().intersects(the_gap(window.scene))
