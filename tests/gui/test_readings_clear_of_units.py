"""A line's reading leaves the units in sight: beside its line where that is
clear, else wherever on the board it is clear, tied to its line by a thin line
(docs/canvas.md, Measuring); and a click on a unit under a reading picks the
unit.

A The Ninth Age referee's trial with a real mouse (Counterthrust, Secure
Target): a ruler pinned Knights of the Realm to Chosen Knights (2.26 in) with
the note "disputed charge" hid the Warhounds completely under its reading at
the window's fit zoom, on the stream and in the disputed-range report, and a
drag at the Warhounds took the reading; before the note, the reading covered
the Chosen Knights' name. The charge's readings ("Charge 7.35 in", "Charge
6.09 in", Men-at-Arms to Chosen Knights) covered the Peasant Levy while the
other side of the line was clear, and the rotate knob's "turned 69° right,
facing 306°" was drawn over the pinned ruler's reading."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QApplication

from tabletop_gui.app.canvas.annotation_items import LineReading, PinnedRulerItem, show_annotations
from tabletop_gui.app.canvas.board_scene import BoardScene
from tabletop_gui.app.canvas.items import UnitItem
from tabletop_gui.app.canvas.ruling_items import ReachItem, RulingsLayer
from tabletop_gui.app.export.range_report import Subject, show_rulings
from tabletop_gui.io import load_game
from tabletop_gui.model.game import Game
from tabletop_gui.rules import evaluate, replay

from .helpers import at, open_window, streamer_at

GAME = Path(__file__).parent / "games" / "counterthrust_disputed_charge.json"
#: The moment the ruler was pinned and noted (Game Turn 3, Equitaine's turn).
NOTED = 36
#: Game Turn 4: the Men-at-Arms 5.92 in from the Chosen Knights, then moved on 2.46 in.
TURN_4 = (43, 44)
#: The trial's zoom when it looked closer at the charge (pixels per inch).
CLOSER = 19.2


def trial_game(events: int, note: bool = True) -> Game:
    game = load_game(GAME).truncated(events)
    if not note:
        rulers = tuple(replace(r, note="") for r in game.annotations.rulers)
        game = replace(game, annotations=replace(game.annotations, rulers=rulers))
    return game


def window_at(qtbot, game: Game, ppi: float | None = None):
    window = open_window(qtbot, game)
    window.resize(1600, 1000)
    QApplication.processEvents()
    window.view.fit_board()
    QApplication.processEvents()
    if ppi is not None:
        window.view.zoom(ppi / window.view.pixels_per_inch(), at(window, 36, 24))
        QApplication.processEvents()
    qtbot.wait(400)  # the zoom at rest: readings drawn for it (their 120 ms timers)
    return window


def footprints(scene: BoardScene) -> dict[str, QRectF]:
    return {
        it.unit.name: it.path.boundingRect().translated(it.pos())
        for it in scene.pieces.values()
        if isinstance(it, UnitItem) and it.isVisible()
    }


def readings(scene: BoardScene) -> list[LineReading]:
    return [it for it in scene.items() if isinstance(it, LineReading) and it.isVisible()]


def covered(scene: BoardScene, reading: LineReading, ppi: float) -> list[str]:
    """The units and the unit names (as drawn at ``ppi``) the reading covers."""
    box = reading.label_box()
    units = [name for name, fp in footprints(scene).items() if fp.intersects(box)]
    names = [
        f"{it.unit.name}'s name"
        for it in scene.pieces.values()
        if isinstance(it, UnitItem) and it.name_box(ppi).intersects(box)
    ]
    return units + names


def area(r: QRectF) -> float:
    return r.width() * r.height()


def gap(a: QRectF, b: QRectF) -> float:
    dx = max(b.left() - a.right(), 0.0, a.left() - b.right())
    dy = max(b.top() - a.bottom(), 0.0, a.top() - b.bottom())
    return math.hypot(dx, dy)


def pinned(scene: BoardScene) -> PinnedRulerItem:
    (item,) = [it for it in scene.items() if isinstance(it, PinnedRulerItem)]
    return item


@pytest.mark.parametrize("note", [True, False], ids=["with-note", "before-the-note"])
def test_the_pinned_reading_leaves_every_unit_and_name_in_sight_at_fit_zoom(qtbot, note):
    window = window_at(qtbot, trial_game(NOTED, note))
    item = pinned(window.scene)
    assert item.lines[-1] == "2.26 in" and ("disputed charge" in item.lines) == note
    assert covered(window.scene, item, window.view.pixels_per_inch()) == []
    # Further from its line than a text line out: tied to it by a thin line.
    far = item.GAP + item.text_block()[2]
    apart = gap(item.label_box(), QRectF(item.a, item.b).normalized())
    assert apart <= far or item.leader is not None


def drag_the_warhounds(qtbot, window, start):
    """A drag from ``start`` to 1 in right and 2 in up of the Warhounds: they move there."""
    hounds = window.doc.state.scene.units["player-b-warhounds"]
    vp = window.view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(vp, at(window, hounds.x + 0.5, hounds.y + 1))
    qtbot.mouseMove(vp, at(window, hounds.x + 1, hounds.y + 2))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=at(window, hounds.x + 1, hounds.y + 2))
    QApplication.processEvents()
    moved = window.doc.state.scene.units["player-b-warhounds"]
    assert (moved.x, moved.y) == pytest.approx((hounds.x + 1, hounds.y + 2), abs=0.2)
    return moved


def test_a_drag_at_the_warhounds_moves_the_warhounds(qtbot):
    window = window_at(qtbot, trial_game(NOTED))
    hounds = window.doc.state.scene.units["player-b-warhounds"]
    drag_the_warhounds(qtbot, window, at(window, hounds.x, hounds.y))
    assert not pinned(window.scene).isSelected()


def test_a_drag_at_a_unit_under_a_reading_moves_the_unit(qtbot):
    """Where a reading had no clear spot and lies over a unit, a drag there is
    the unit's; the ruler is selected by a click on the unit selected alone."""
    window = window_at(qtbot, trial_game(NOTED))
    item = pinned(window.scene)
    hounds = window.doc.state.scene.units["player-b-warhounds"]
    item.prepareGeometryChange()
    item.centre = window.scene.piece_item("player-b-warhounds").sceneBoundingRect().center()
    item._rect = item._rect.united(item.label_box())
    start = at(window, hounds.x, hounds.y)
    assert window.view.itemAt(start) is item  # the reading is drawn over the unit
    moved = drag_the_warhounds(qtbot, window, start)
    vp = window.view.viewport()
    assert window.scene.selected_ids() == ["player-b-warhounds"]
    item = pinned(window.scene)
    item.prepareGeometryChange()
    item.centre = window.scene.piece_item("player-b-warhounds").sceneBoundingRect().center()
    item._rect = item._rect.united(item.label_box())
    qtbot.mouseClick(vp, Qt.MouseButton.LeftButton, pos=at(window, moved.x, moved.y))
    assert item.isSelected() and window.scene.selected_ids() == []
    assert "Selected the pinned ruler over Warhounds" in window.statusBar().currentMessage()


@pytest.mark.parametrize("size", [(640, 360), (1280, 720)])
def test_the_streams_pinned_reading_leaves_every_unit_in_sight(qtbot, size):
    window = window_at(qtbot, trial_game(NOTED))
    streamer = streamer_at(qtbot, window, *size)
    scene = streamer.scene
    assert covered(scene, pinned(scene), scene.label_ppi) == []


@pytest.mark.parametrize("ppi", [37.0, 20.0])
def test_the_reports_readings_leave_every_unit_in_sight(qtbot, ppi):
    # As write_range_report draws its board of the ruler: the annotations,
    # then the rulings (the charge's reach between the ruler's two units).
    game = trial_game(NOTED)
    state = replay(game.setup, list(game.events))
    ruler = game.annotations.ruler("ruler-1")
    scene = BoardScene()
    try:
        scene.sync(state, evaluate(state))
        show_annotations(scene, game.annotations, state, evaluate(state), ppi)
        show_rulings(RulingsLayer(scene, scene.bmap), state, Subject(ruler=ruler), ppi)
        item = pinned(scene)
        assert covered(scene, item, ppi) == []
        (charge,) = [it for it in readings(scene) if isinstance(it, ReachItem)]
        assert not charge.label_box().intersects(item.label_box())
        # The charge's reading stays against its short line, between the two
        # bases it measures (docs/canvas.md, Rulings): at worst over a
        # corner of the unit beside them, a tenth of it, the unit in sight.
        box = charge.label_box()
        ends = {"Knights of the Realm", "Chosen Knights"}
        for name, fp in footprints(scene).items():
            if name not in ends:
                part = fp.intersected(box)
                assert part.isEmpty() or area(part) < 0.1 * area(fp), name
        assert [n for n in covered(scene, charge, ppi) if n.endswith("'s name")] == []
    finally:
        scene.clear()


def show_the_charge(qtbot, window) -> ReachItem:
    """The Chosen Knights' arcs shown (A), the Men-at-Arms selected: the charge's ruler."""
    units = window.doc.state.scene.units
    vp = window.view.viewport()
    for uid in ("player-b-chosen-knights", "player-a-men-at-arms"):
        qtbot.mouseClick(vp, Qt.MouseButton.LeftButton, pos=at(window, units[uid].x, units[uid].y))
        QApplication.processEvents()
        if uid == "player-b-chosen-knights":
            qtbot.keyClick(window.view, Qt.Key.Key_A)
            QApplication.processEvents()
    qtbot.wait(400)  # at rest, as a referee reads it
    (charge,) = [it for it in readings(window.scene) if isinstance(it, ReachItem)]
    return charge


@pytest.mark.parametrize("events", TURN_4)
def test_the_charges_reading_leaves_a_third_unit_in_sight_where_it_can(qtbot, events):
    window = window_at(qtbot, trial_game(events), CLOSER)
    charge = show_the_charge(qtbot, window)
    assert charge.lines[0] == ("Charge 7.35 in" if events == 43 else "Charge 6.09 in")
    ppi = window.view.pixels_per_inch()
    assert covered(window.scene, charge, ppi) == []
    for item in readings(window.scene):
        if item is not charge:
            assert not item.label_box().intersects(charge.label_box())
    assert covered(window.scene, pinned(window.scene), ppi) == []


def test_the_turn_readout_is_not_drawn_over_the_pinned_rulers_reading(qtbot):
    window = window_at(qtbot, trial_game(44), CLOSER)
    window.scene.pieces["player-a-knights-of-the-realm"].setSelected(True)
    QApplication.processEvents()
    knights = window.doc.state.scene.units["player-a-knights-of-the-realm"]
    assert knights.facing == 15.0
    vp = window.view.viewport()
    knob = window.view.mapFromScene(window.view.handle.scenePos())
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=knob)
    for facing in (350, 330, 306):
        r = math.radians(facing)
        qtbot.mouseMove(vp, at(window, knights.x - 5 * math.sin(r), knights.y + 5 * math.cos(r)))
    readout = window.view.drag_readout
    assert readout.lines == ["turned 69° right, facing 306°"]
    assert not readout.label_box().intersects(pinned(window.scene).label_box())
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=knob)
