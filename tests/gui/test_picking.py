"""Pieces are picked on their base, not on their label's box: clicks, right clicks
and rubber bands beside a small base catch nothing.

The demo board after its log: Knights of the Realm at (33, 22) on a 2.95 x 3.94 in
base, the Duke alone at (36, 4) on a 0.98 in base."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import QApplication

from tabletop_gui.app.canvas.drawing import text_size
from tabletop_gui.app.canvas.items import NAME_IN, readable
from tabletop_gui.app.canvas.tool_items import RotateHandle
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.geometry.outline import unit_outline
from tabletop_gui.io import load_game

from .helpers import at, open_window


def piece_under(window, x: float, y: float):
    """The unit or marker the view picks at board point (x, y), as a click, a
    right-click or the measure tool does (terrain and zones are not pieces here)."""
    item = window.view.piece_at(at(window, x, y))
    return item.piece_id if item is not None and item.kind in ("unit", "marker") else None


def drag(qtbot, window, a: tuple[float, float], b: tuple[float, float]) -> None:
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(window, *a))
    qtbot.mouseMove(viewport, at(window, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
    qtbot.mouseMove(viewport, at(window, *b))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(window, *b))


@pytest.fixture
def carnevale(qtbot):
    path = str(SCENARIOS / "carnevale_drowned_quarter.json")
    return open_window(qtbot, load_game(path), path)


@pytest.fixture
def secure(qtbot):
    path = str(SCENARIOS / "t9a_frontline_clash_secure_target.json")
    return open_window(qtbot, load_game(path), path)


@pytest.mark.parametrize("dx", [0.0, 0.5, 1.0])
def test_points_left_of_the_centre_are_off_the_knights_base_and_pick_no_unit(demo, dx):
    # The Knights' base ends at x = 34.48; their name reaches past x = 36 at this zoom.
    assert piece_under(demo, 36.0 - dx, 24.0) is None


def test_the_knights_are_picked_on_their_base_and_a_few_pixels_around_it(demo):
    knights = demo.doc.state.scene.units["a-knights"]
    o = unit_outline(knights)
    assert piece_under(demo, knights.x, knights.y) == "a-knights"
    # Two pixels right of the base's edge still picks the unit (thin units stay
    # clickable); twenty pixels right of it does not.
    edge = demo.view.viewport_pos(knights.x + o.half_w, knights.y)
    assert demo.view.piece_at(edge + QPoint(2, 0)).piece_id == "a-knights"
    far = demo.view.piece_at(edge + QPoint(20, 0))
    assert far is None or far.piece_id != "a-knights"


def test_a_click_on_the_dukes_name_beside_his_base_selects_nothing(demo, qtbot):
    duke = demo.doc.state.scene.units["a-duke"]
    half = unit_outline(duke).half_w
    ppi = demo.view.pixels_per_inch()
    name_w, _ = text_size(duke.name, readable(NAME_IN * demo.scene.text_scale, ppi))
    x = duke.x + half + 0.5  # half an inch right of the base, on the name
    assert x < duke.x + name_w / 2  # the name is drawn there
    qtbot.mouseClick(demo.view.viewport(), Qt.MouseButton.LeftButton, pos=at(demo, x, duke.y))
    assert demo.scene.selected_ids() == []
    qtbot.mouseClick(demo.view.viewport(), Qt.MouseButton.LeftButton, pos=at(demo, 36.0, 4.0))
    assert demo.scene.selected_ids() == ["a-duke"]


def test_a_right_click_beside_the_dukes_base_does_not_select_him(demo, qtbot):
    duke = demo.doc.state.scene.units["a-duke"]
    x = duke.x + unit_outline(duke).half_w + 0.5
    requested = []
    demo.view.context_requested.connect(lambda _g, bx, by: requested.append((bx, by)))
    pos = at(demo, x, duke.y)
    viewport = demo.view.viewport()
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos, viewport.mapToGlobal(pos))
    QApplication.sendEvent(viewport, event)
    assert requested and requested[0][0] == pytest.approx(x, abs=0.2)
    assert demo.scene.selected_ids() == []


def test_a_rubber_band_beside_the_dukes_base_catches_nothing(demo, qtbot):
    duke = demo.doc.state.scene.units["a-duke"]
    right = duke.x + unit_outline(duke).half_w
    # A band from 0.4 to 1.4 in right of his base, across his name's line.
    drag(qtbot, demo, (right + 1.4, duke.y + 0.4), (right + 0.4, duke.y - 0.4))
    assert demo.scene.selected_ids() == []
    assert demo.doc.state.scene.units["a-duke"] == duke  # not moved either
    # The same band over his base catches him.
    drag(qtbot, demo, (right + 1.4, duke.y + 0.4), (right - 0.2, duke.y - 0.4))
    assert demo.scene.selected_ids() == ["a-duke"]


def test_a_marker_is_picked_on_the_counter_not_on_its_caption(secure):
    target = secure.doc.state.scene.markers["st-b"]
    r = secure.scene.pieces["st-b"].radius
    assert piece_under(secure, target.x, target.y) == "st-b"
    # The caption "Orcs' target" is written below the counter: not the marker.
    assert piece_under(secure, target.x, target.y - r - 0.35) != "st-b"


def test_the_rotate_handle_of_a_unit_facing_left_does_not_cover_its_name(demo, qtbot):
    levy = demo.doc.state.scene.units["a-peasants"]
    item = demo.scene.pieces["a-peasants"]
    item.setSelected(True)
    QApplication.processEvents()
    view = demo.view
    # Turn the Levy with its handle to face left (-x): facing 90.
    handle = view.mapFromScene(view.handle.scenePos())
    viewport = view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=handle)
    qtbot.mouseMove(viewport, at(demo, levy.x - 5, levy.y + 0.5))
    qtbot.mouseMove(viewport, at(demo, levy.x - 5, levy.y))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(demo, levy.x - 5, levy.y))
    assert demo.doc.state.scene.units["a-peasants"].facing == pytest.approx(90.0, abs=1.0)
    QApplication.processEvents()
    assert view.handle.isVisible()
    # The name as drawn at this zoom, in viewport pixels, and the knob's disc.
    ppi = view.pixels_per_inch()
    w, h = text_size(levy.name, readable(NAME_IN * item.ts, ppi))
    c = item.pos() + item.name_at
    name = view.mapFromScene(QRectF(c.x() - w / 2, c.y() - h / 2, w, h)).boundingRect()
    knob = view.mapFromScene(view.handle.scenePos())
    nearest = QPointF(
        min(max(knob.x(), name.left()), name.right()), min(max(knob.y(), name.top()), name.bottom())
    )
    gap = math.hypot(knob.x() - nearest.x(), knob.y() - nearest.y())
    assert gap > RotateHandle.RADIUS_PX
    # It is still in front of the unit (to its left) and still turns it.
    assert view.handle.scenePos().x() < item.pos().x()


def test_a_right_click_on_a_spoils_marker_a_unit_stands_on_offers_the_units_pick_up(qtbot):
    """A unit stands on a Spoils of War marker to pick it up, and the marker is
    drawn over it: a right-click on the marker selects the unit beneath too, so
    the menu offers "picks up" (docs/playing.md, Objective actions (right-click))."""
    from .helpers import open_window

    # At the end of the bundled game the Royal Hippogriff stands on the
    # central Spoils marker, which lies on the board (nobody carries it).
    window = open_window(qtbot, load_game(SCENARIOS / "t9a_refused_flank_spoils_of_war.json"))
    spoils = window.doc.state.scene.markers["spoils-c"]
    assert spoils.carried_by is None
    pos = at(window, spoils.x, spoils.y)
    viewport = window.view.viewport()
    requested = []
    window.view.context_requested.connect(lambda _g, bx, by: requested.append((bx, by)))
    window.play.show_context_menu = lambda *a: None  # the menu is built below, not shown
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos, viewport.mapToGlobal(pos))
    QApplication.sendEvent(viewport, event)
    assert requested
    assert set(window.scene.selected_ids()) == {"spoils-c", "a-hippogriff"}
    menu = window.play.build_context_menu(requested[0])
    # Offered, at the top or under Not now (the rules' timing decides which).
    texts = [a.text() for m in (menu, *menu.findChildren(type(menu))) for a in m.actions()]
    assert any("Royal Hippogriff picks up Spoils" in t for t in texts), texts


def test_a_second_click_on_a_marker_lying_on_a_unit_selects_the_unit_beneath(qtbot):
    """The central Spoils marker lies on the Royal Hippogriff and is drawn over
    it: a first click selects the marker, a second (no drag) the unit beneath,
    a third the marker again (docs/canvas.md, Editing)."""
    from .helpers import open_window

    window = open_window(qtbot, load_game(SCENARIOS / "t9a_refused_flank_spoils_of_war.json"))
    spoils = window.doc.state.scene.markers["spoils-c"]
    pos = at(window, spoils.x, spoils.y)
    vp = window.view.viewport()
    chosen = []
    for _ in range(3):
        qtbot.mouseClick(vp, Qt.MouseButton.LeftButton, pos=pos)
        QApplication.processEvents()
        chosen.append(window.scene.selected_ids())
    assert chosen == [["spoils-c"], ["a-hippogriff"], ["spoils-c"]]
    assert window.doc.state == window.doc.committed  # nothing moved


def test_a_rubber_band_across_a_zones_edge_takes_the_unit_not_the_zone(demo, qtbot):
    """A band dragged from outside Equitaine's zone (y 0-12), across its edge,
    round the Duke takes the Duke alone: Delete then deletes only him."""
    duke = demo.doc.state.scene.units["a-duke"]
    drag(qtbot, demo, (duke.x - 3, 14.0), (duke.x + 3, duke.y - 2))
    assert demo.scene.selected_ids() == ["a-duke"]
    qtbot.keyClick(demo.view, Qt.Key.Key_Delete)
    scene = demo.doc.state.scene
    assert "zone-a" in scene.zones and "a-duke" not in scene.units


def test_a_rubber_band_round_a_whole_area_takes_it(demo, qtbot):
    forest = demo.doc.state.scene.terrain["forest"]
    xs, ys = [p[0] for p in forest.polygon], [p[1] for p in forest.polygon]
    drag(qtbot, demo, (min(xs) - 0.5, max(ys) + 0.5), (max(xs) + 0.5, min(ys) - 0.5))
    assert "forest" in demo.scene.selected_ids()
    # Half of it is not enough.
    drag(qtbot, demo, (min(xs) - 0.5, max(ys) + 0.5), ((min(xs) + max(xs)) / 2, min(ys) - 0.5))
    assert "forest" not in demo.scene.selected_ids()


def test_a_zone_picked_by_its_edge_stays_picked_when_ctrl_adds_a_band(demo, qtbot):
    demo.scene.pieces["zone-a"].setSelected(True)
    duke = demo.doc.state.scene.units["a-duke"]
    viewport = demo.view.viewport()
    ctrl = Qt.KeyboardModifier.ControlModifier
    a, b = at(demo, duke.x - 2, duke.y + 2), at(demo, duke.x + 2, duke.y - 2)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, ctrl, a)
    qtbot.mouseMove(viewport, (a + b) / 2)
    qtbot.mouseMove(viewport, b)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, ctrl, b)
    assert sorted(demo.scene.selected_ids()) == ["a-duke", "zone-a"]
