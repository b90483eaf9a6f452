"""Small windows: at 1024x640 the board keeps most of the window (the panels share
one tabbed column), at 1366x768 and up the panels stand side by side again, none
over another; objective captions stay by their circle."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, QRectF
from PySide6.QtWidgets import QApplication

from tabletop_gui.app.canvas.drawing import text_size
from tabletop_gui.app.canvas.items import MAX_LABEL_SCALE, MarkerItem, UnitItem
from tabletop_gui.app.canvas.overlays import LABEL_IN, CircleOverlay
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game

from .helpers import open_window, start_as_the_program_does

SECURE = SCENARIOS / "t9a_frontline_clash_secure_target.json"


def sized(qtbot, width: int, height: int):
    window = open_window(qtbot, load_game(str(SECURE)))
    window.resize(width, height)
    for _ in range(3):
        QApplication.processEvents()
    window.view.fit_board()
    QApplication.processEvents()
    return window


def shown_docks(window) -> list:
    return [
        d for d in window.panels.docks.values() if d.isVisible() and not d.visibleRegion().isEmpty()
    ]


def test_at_1024x640_the_board_keeps_most_of_the_window(qtbot):
    window = sized(qtbot, 1024, 640)
    view = window.view.viewport()
    assert view.width() >= 0.6 * window.width(), view.width()
    assert view.height() >= 0.75 * window.height(), view.height()
    # Every panel is still there, one tab away: Score in front.
    docks = window.panels.docks
    assert window.tabifiedDockWidgets(docks["Score"])
    assert not docks["Score"].visibleRegion().isEmpty()
    for title in ("Palette", "Inspector", "Game log"):
        assert docks[title] in window.tabifiedDockWidgets(docks["Score"]), title


@pytest.mark.parametrize("size", [(1366, 768), (1600, 950)])
def test_at_1366x768_and_up_the_panels_stand_apart_without_overlaps(qtbot, size):
    window = sized(qtbot, *size)
    docks = shown_docks(window)
    assert {d.windowTitle() for d in docks} >= {"Palette", "Inspector", "Score", "Game log"}
    rects = [QRect(d.mapTo(window, d.rect().topLeft()), d.size()) for d in docks]
    view = window.view
    rects.append(QRect(view.mapTo(window, view.rect().topLeft()), view.size()))
    for i, a in enumerate(rects):
        for b in rects[i + 1 :]:
            assert not a.intersects(b), (a, b)
    assert view.viewport().width() >= 0.4 * window.width()


def test_going_small_and_back_restores_the_panels(qtbot):
    window = sized(qtbot, 1024, 640)
    window.resize(1600, 950)
    for _ in range(3):
        QApplication.processEvents()
    assert not window.tabifiedDockWidgets(window.panels.docks["Palette"])
    left = window.dockWidgetArea(window.panels.docks["Palette"])
    assert left == window.dockWidgetArea(window.panels.docks["Inspector"])
    assert left != window.dockWidgetArea(window.panels.docks["Score"])


@pytest.mark.parametrize("size", [(1024, 640), (1366, 768)])
def test_objective_captions_stay_by_their_circle(qtbot, size):
    window = sized(qtbot, *size)
    circles = [o for o in window.scene.overlay_items() if isinstance(o, CircleOverlay)]
    assert circles
    for o in circles:
        if not (o.show_label and o.circle.label):
            continue
        w, h = text_size(o.circle.label, LABEL_IN * o.ts * MAX_LABEL_SCALE, bold=True)
        c = o.pos() + o.label_offset(w, h)
        box = QRectF(c.x() - w / 2, c.y() - h / 2, w, h)
        ring = o.pos()
        # The caption's nearest edge is within half an inch of the ring.
        dx = max(box.left() - ring.x(), 0.0, ring.x() - box.right())
        dy = max(box.top() - ring.y(), 0.0, ring.y() - box.bottom())
        gap = (dx * dx + dy * dy) ** 0.5 - o.r
        assert -0.05 <= gap <= 0.6, (o.circle.label, gap)


@pytest.mark.parametrize("size", [(1024, 640), (1366, 768)])
@pytest.mark.parametrize("example", sorted(p.name for p in SCENARIOS.glob("*.json")))
def test_a_name_is_never_drawn_under_another_piece(qtbot, size, example):
    """Every unit's drawn name (and note) covers no other unit or marker, save one
    its own base stands on (a character inside a unit: no spot near it is clear)."""
    window = open_window(qtbot, load_game(str(SCENARIOS / example)))
    window.resize(*size)
    QApplication.processEvents()
    window.view.fit_board()
    QApplication.processEvents()
    ppi = window.view.pixels_per_inch()
    items = [it for it in window.scene.pieces.values() if it.isVisible()]
    units = [it for it in items if isinstance(it, UnitItem)]
    bodies = [(it, it.path.boundingRect().translated(it.pos())) for it in units]
    bodies += [
        (m, QRectF(-m.radius, -m.radius, 2 * m.radius, 2 * m.radius).translated(m.pos()))
        for m in items
        if isinstance(m, MarkerItem) and m.marker.carried_by is None
    ]
    covered = []
    for u in units:
        box = u.name_box(ppi)
        own = u.path.boundingRect().translated(u.pos())
        for other, body in bodies:
            if other is u or body.intersects(own):
                continue
            inter = box.intersected(body)
            if inter.width() * inter.height() > 0.01:
                covered.append((u.unit.name, getattr(other, "piece_id", "")))
    assert covered == []


def test_the_program_opens_its_window_inside_a_screen_smaller_than_it_asks_for(qtbot, monkeypatch):
    """The main window asks for 1600 x 950; `tabletop-gui` on a smaller screen
    (the offscreen one here, 800 x 800) opens it within the screen's free area,
    with room for the frame the system draws around it."""
    from tabletop_gui.app.windows import launch

    window = start_as_the_program_does(qtbot, monkeypatch)
    QApplication.processEvents()  # the panels share one column at this width
    free = window.screen().availableGeometry()
    assert free.width() < 1600 or free.height() < 950  # the screen is smaller
    frame_w, frame_h = launch.FRAME_ROOM
    assert window.height() <= free.height() - frame_h
    assert window.width() <= free.width() - frame_w
    assert window.geometry().top() >= free.top() and window.geometry().left() >= free.left()


@pytest.mark.parametrize("size", [(1350, 720), (1024, 640)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_side_names_at_the_board_edges_are_readable_in_a_small_window(qtbot, monkeypatch, size):
    """'Equitaine (side A)' was 5 px tall with the whole demo board in a
    1366 x 768 window: the edge names are drawn at least 10 px tall."""
    from tabletop_gui.app.canvas import board_scene
    from tabletop_gui.app.canvas.drawing import pixels_per_inch

    drawn: list[tuple[str, float]] = []
    real = board_scene.draw_label

    def spy(painter, text, centre, size_in, *args, **kwargs):
        drawn.append((text, size_in * pixels_per_inch(painter)))
        return real(painter, text, centre, size_in, *args, **kwargs)

    monkeypatch.setattr(board_scene, "draw_label", spy)
    window = open_window(qtbot, load_game(SCENARIOS / "t9a_frontline_clash_demo.json"))
    window.resize(*size)
    QApplication.processEvents()
    window.view.fit_board()
    window.view.resetCachedContent()
    window.view.viewport().grab()
    sides = {text: px for text, px in drawn if "(side " in text}
    assert set(sides) == {"Equitaine (side A)", "Orcs (side B)"}
    assert min(sides.values()) >= 9.99
