"""A drag re-marks only the pieces whose highlights changed
(``BoardScene._sync_highlights_changed``): at every mouse move of a set-up drag
across the centre (in and out of Hold the Ground's range, in and out of the
Deployment Zone), every piece's marks and every overlay are those a board drawn
afresh from the same state shows."""

from __future__ import annotations

import random

from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from tabletop_gui.app.canvas.board_scene import BoardScene
from tabletop_gui.model import InchBoard, ObjectiveSpec, Scene, Setup, Side, Unit, Zone
from tabletop_gui.model.game import Game
from tabletop_gui.play.setup_marks import setup_marks
from tabletop_gui.rules.scoreboard import Role

from .helpers import open_window


def crowded_setup(n: int = 80, seed: int = 3) -> Game:
    rng = random.Random(seed)
    units = {}
    for i in range(1, n):
        side = "blue" if i % 2 else "red"
        units[f"u{i}"] = Unit(f"u{i}", f"Unit {i}", side, rng.uniform(3, 69),
                              rng.uniform(3, 45), facing=rng.uniform(0, 360),
                              base_width_mm=25, base_depth_mm=25, models=5)  # fmt: skip
    units["u0"] = Unit("u0", "Dragged", "blue", 4.0, 6.0, base_width_mm=25, base_depth_mm=25,
                       models=10, models_per_rank=5)  # fmt: skip
    scene = Scene(
        board=InchBoard(72, 48),
        sides=(Side("blue", "Blue", "#0072b2"), Side("red", "Red", "#d55e00")),
        units=units,
        zones={
            "za": Zone("za", "blue", ((0, 0), (72, 0), (72, 12), (0, 12))),
            "zb": Zone("zb", "red", ((0, 36), (72, 36), (72, 48), (0, 48))),
        },
    )
    hold = ObjectiveSpec("hold", "t9a.hold_the_ground")
    return Game(Setup("t9a", scene, "crowded set-up", (hold,)))


def mouse(window, kind: QEvent.Type, x: float, y: float) -> None:
    pos = window.view.viewport_pos(x, y)
    ev = QMouseEvent(kind, QPointF(pos), QPointF(window.view.viewport().mapToGlobal(pos)),
                     Qt.MouseButton.LeftButton, Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier)  # fmt: skip
    QApplication.sendEvent(window.view.viewport(), ev)
    QApplication.processEvents()


def afresh(window) -> BoardScene:
    scene = BoardScene()
    scene.flags = setup_marks(window.doc.state)
    scene.sync(window.doc.state, window.doc.scoreboard(), settle=False)
    return scene


def test_every_move_of_a_set_up_drag_shows_the_marks_of_a_board_drawn_afresh(qtbot):
    window = open_window(qtbot, crowded_setup())
    scene = window.scene
    full = []
    whole = scene._sync_highlights_all
    scene._sync_highlights_all = lambda *a: (full.append(1), whole(*a))[1]
    mouse(window, QEvent.Type.MouseButtonPress, 4.0, 6.0)
    path = [
        (4.0 + 0.9 * i, 6.0 + 0.45 * i) for i in range(1, 60)
    ]  # out of its zone, past the centre
    roles_seen = set()
    for x, y in path:
        mouse(window, QEvent.Type.MouseMove, x, y)
        fresh = afresh(window)
        for pid, item in scene.pieces.items():
            assert item.marks == fresh.pieces[pid].marks, (pid, x, y)
        assert set(scene._overlays) == set(fresh._overlays), (x, y)
        roles_seen |= {m.role for m in scene.pieces["u0"].marks}
    mouse(window, QEvent.Type.MouseButtonRelease, *path[-1])
    # The drag took the dragged unit out of its zone and into and out of range.
    assert Role.PLACEMENT_ERROR in roles_seen
    assert len(roles_seen) >= 2
    assert len(full) < len(path) // 2, "most moves re-marked every piece"
