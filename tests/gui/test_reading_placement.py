"""A pinned ruler's reading sits beside its own line, on no other label where
there is room (docs/canvas.md, Measuring), with the charge's reading and the
arcs' names placed in the same pass (docs/canvas.md, Rulings): neither covers
another, in the window and in the disputed-range report.

The boards are the demo's (its units moved where a referee's trial had them):
the Knights of the Realm 12 in in front of the Orc Boyz, across the Hill from
the Ruins, a ruler pinned between the two and the Boyz' arcs drawn with the
Knights as charger, whose charge line runs where the ruler does. Before, the
charge's reading covered the ruler's, and once the ruler had a note its reading
went 10 in from its line, to the board's left edge."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtWidgets import QApplication

from tabletop_gui.app.canvas.annotation_items import PinnedRulerItem, show_annotations
from tabletop_gui.app.canvas.board_scene import BoardScene
from tabletop_gui.app.canvas.label_spots import Placer
from tabletop_gui.app.canvas.ruling_items import ArcsItem, ReachItem, RulingsLayer
from tabletop_gui.app.export.range_report import Subject, show_rulings
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game
from tabletop_gui.model.annotations import Annotations, Ruler
from tabletop_gui.model.events import MovePiece
from tabletop_gui.model.game import Game
from tabletop_gui.rules import evaluate, replay

from .helpers import at, open_window

DEMO = SCENARIOS / "t9a_frontline_clash_demo.json"
RULER = Ruler("ruler-1", (31.0, 16.0), (34.0, 33.0), "a-knights", "b-boyz")


def turn_three() -> Game:
    """The demo after its log and Equitaine's moves of Game Turn 3."""
    game = load_game(DEMO)
    for move in (
        MovePiece("a-peasants", 42, 11.002, 0.02),
        MovePiece("a-knights", 31.001, 16.001, 15.03),
        MovePiece("a-duke", 36.001, 7.999, 0.03),
        MovePiece("b-boyz", 33.997, 33.005, 180.37),
        MovePiece("b-wolves", 50, 36.002, 200.08),
    ):
        game = game.pushed(move)
    return game


def set_up() -> Game:
    """The demo in set-up, four units outside their zones (each with its "!" and
    the note under its name), the Knights 7 in in front of the Boyz."""
    game = load_game(DEMO).truncated(0)
    for move in (
        MovePiece("a-peasants", 42, 11.002, 0.02),
        MovePiece("a-duke", 36.001, 7.999, 0.03),
        MovePiece("b-boyz", 33.997, 33.005, 180.37),
        MovePiece("b-wolves", 50, 36.002, 200.08),
        MovePiece("a-knights", 31.001, 21.002, 29.98),
    ):
        game = game.pushed(move)
    return game


def gap_to_segment(box: QRectF, a: QPointF, b: QPointF) -> float:
    """How far the box is from the segment a-b (0 when they touch or cross)."""
    best = math.inf
    for i in range(201):
        p = a + (b - a) * (i / 200)
        dx = max(box.left() - p.x(), 0.0, p.x() - box.right())
        dy = max(box.top() - p.y(), 0.0, p.y() - box.bottom())
        best = min(best, math.hypot(dx, dy))
    return best


def board_labels(scene: BoardScene) -> list[QRectF]:
    """The boxes of every name, caption and note the label pass placed."""
    placer = scene.label_placer
    assert isinstance(placer, Placer)
    seen: set[tuple[float, ...]] = set()
    out = []
    for group in (placer.labels.big, *placer.labels.cells.values()):
        for _, b in group:
            if b not in seen:
                seen.add(b)
                out.append(QRectF(QPointF(b[0], b[1]), QPointF(b[2], b[3])))
    return out


def check_readings(scene: BoardScene) -> None:
    """Each pinned ruler's reading is beside its line (its edge within a gap and
    a half of it), and no reading covers a label, another reading or an arc's name."""
    rulers = [i for i in scene.items() if isinstance(i, PinnedRulerItem)]
    reaches = [i for i in scene.items() if isinstance(i, ReachItem)]
    arcs = [r for i in scene.items() if isinstance(i, ArcsItem) for r in i.label_rects()]
    assert rulers
    for item in rulers:
        assert gap_to_segment(item.label_box(), item.a, item.b) <= 1.5 * item.GAP
    readings = [i.label_box() for i in rulers + reaches]
    for k, box in enumerate(readings):
        others = board_labels(scene) + arcs + readings[:k] + readings[k + 1 :]
        covered = [o for o in others if o.intersects(box)]
        assert covered == [], (box, covered)


def click(qtbot, window, x: float, y: float) -> None:
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=at(window, x, y))
    QApplication.processEvents()


def pinned_with_arcs(qtbot, game: Game):
    """The window (1600 x 1000, as in the trial) with RULER pinned, the Boyz' arcs
    drawn and the Knights chosen as the charger."""
    window = open_window(qtbot, game)
    window.resize(1600, 1000)
    QApplication.processEvents()
    window.view.fit_board()
    window.doc.set_annotations(Annotations((RULER,), ()), "Pin")
    units = window.doc.state.scene.units
    click(qtbot, window, units["b-boyz"].x, units["b-boyz"].y)
    qtbot.keyClick(window.view, Qt.Key.Key_A)
    click(qtbot, window, units["a-knights"].x, units["a-knights"].y)
    assert [i for i in window.rulings.layer.items if isinstance(i, ReachItem)]
    return window


def note(window, text: str) -> None:
    notes = window.doc.annotations.with_note("ruler-1", text, at=window.doc.state.index)
    window.doc.set_annotations(notes, "Note")
    QApplication.processEvents()


def test_the_charge_reading_and_the_pinned_reading_cover_no_label_nor_each_other(qtbot):
    window = pinned_with_arcs(qtbot, turn_three())
    check_readings(window.scene)
    note(window, "disputed charge")  # a taller reading
    check_readings(window.scene)


@pytest.mark.parametrize("text", ["", "disputed charge"], ids=["plain", "noted"])
def test_a_pinned_reading_stays_beside_its_line_on_a_crowded_set_up_board(qtbot, text):
    window = open_window(qtbot, set_up())
    window.resize(1600, 1000)
    QApplication.processEvents()
    window.view.fit_board()
    window.doc.set_annotations(Annotations((RULER,), ()), "Pin")
    if text:
        note(window, text)
    (item,) = [i for i in window.scene.items() if isinstance(i, PinnedRulerItem)]
    assert item.lines[1:-1] == ([text] if text else [])
    check_readings(window.scene)


def test_the_range_report_places_the_charge_and_the_rulers_readings_apart(qtbot):
    # As write_range_report draws its board: the annotations, then the rulings,
    # at the report's zoom.
    game = turn_three()
    state = replay(game.setup, list(game.events))
    board = evaluate(state)
    scene = BoardScene()
    try:
        scene.sync(state, board)
        layer = RulingsLayer(scene, scene.bmap)
        for ppi in (10.0, 40.0):
            show_annotations(scene, Annotations((RULER,), ()), state, board, ppi)
            show_rulings(layer, state, Subject(ruler=RULER), ppi)
            check_readings(scene)
    finally:
        scene.clear()
