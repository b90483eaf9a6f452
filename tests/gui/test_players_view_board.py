"""A player's view draws a face-down objective's value as '?' on the board."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication, QStyleOptionGraphicsItem

from tabletop_gui.app.canvas import items as items_module
from tabletop_gui.app.canvas.drawing import text_size
from tabletop_gui.app.canvas.items import NAME_IN, MarkerItem, UnitItem, readable
from tabletop_gui.app.canvas.overlays import LABEL_IN
from tabletop_gui.app.canvas.view import Tool
from tabletop_gui.examples import SCENARIOS
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


# -- 1. a piece is picked on its base, not on its name --------------------------------


# -- 3. a player's view hides face-down values on the board ---------------------------


def drawn_texts(window, item, monkeypatch) -> list[str]:
    """The texts ``item``'s paint draws, at the view's zoom."""
    seen: list[str] = []
    real = items_module.draw_label

    def record(painter, text, *args, **kwargs):
        seen.append(text)
        return real(painter, text, *args, **kwargs)

    monkeypatch.setattr(items_module, "draw_label", record)
    image = QImage(400, 400, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    painter.translate(200, 200)
    ppi = window.view.pixels_per_inch()
    painter.scale(ppi, ppi)
    item.paint(painter, QStyleOptionGraphicsItem(), None)
    painter.end()
    monkeypatch.setattr(items_module, "draw_label", real)
    return seen


def choose_viewer(window, name: str) -> None:
    action = next(a for a in window.viewer_menu.actions() if a.text() == name)
    action.trigger()
    QApplication.processEvents()


# -- 6. measuring on a hex board counts hexes -----------------------------------------


# -- 7. the measure label names its rule and keeps off other labels -------------------


def label_boxes(window) -> dict[str, QRectF]:
    """Every unit name, marker caption and range caption as drawn at the view's zoom."""
    ppi = window.view.pixels_per_inch()
    boxes = {}
    for item in window.scene.pieces.values():
        if isinstance(item, UnitItem) and item.isVisible() and item.unit.name:
            w, h = text_size(item.unit.name, readable(NAME_IN * item.ts, ppi))
            c = item.pos() + item.name_at
            boxes[item.unit.name] = QRectF(c.x() - w / 2, c.y() - h / 2, w, h)
        elif isinstance(item, MarkerItem) and item.isVisible():
            w, h = text_size(item.caption, readable(items_module.NOTE_IN * item.ts, ppi))
            c = item.pos() + item.caption_at(item.caption_side, h, w)
            boxes[item.caption] = QRectF(c.x() - w / 2, c.y() - h / 2, w, h)
    for o in window.scene.overlay_items():
        circle = getattr(o, "circle", None)
        if circle is not None and o.show_label and circle.label:
            w, h = text_size(circle.label, readable(LABEL_IN * o.ts, ppi), bold=True)
            c = o.pos() + o.label_offset(w, h)
            boxes[circle.label] = QRectF(c.x() - w / 2, c.y() - h / 2, w, h)
    return boxes


def covered_by_measure(window, piece_id: str, marker_id: str) -> list[str]:
    """Measure from ``piece_id`` to ``marker_id`` with the mouse; the labels the
    measure's label covers."""
    scene = window.doc.state.scene
    a, b = scene.piece(piece_id), scene.piece(marker_id)
    window.view.set_tool(Tool.MEASURE)
    drag(window.qtbot, window, (a.x, a.y), (b.x, b.y))
    box = window.view.measure_item.label_box()
    assert window.scene.board_rect().adjusted(-1e-6, -1e-6, 1e-6, 1e-6).contains(box)
    return [name for name, r in label_boxes(window).items() if r.intersects(box)]


# -- 9. the rotate handle keeps off the unit's name -----------------------------------


def test_a_players_view_shows_the_hidden_relic_as_a_question_mark_on_the_board(
    carnevale, monkeypatch
):
    relic = carnevale.scene.pieces["obj-relic"]
    assert isinstance(relic, MarkerItem)
    # The referee sees the face-down value (2) with a '?' that says it is not revealed.
    assert "2?" in drawn_texts(carnevale, relic, monkeypatch)
    assert "Value 2" in relic.toolTip()

    choose_viewer(carnevale, "Guild of Thieves")
    assert carnevale.doc.viewer == "guild"
    texts = drawn_texts(carnevale, relic, monkeypatch)
    assert "?" in texts and "2?" not in texts and "2" not in texts
    assert "2" not in relic.toolTip() and "Value ?" in relic.toolTip()
    # A revealed or plain objective still shows its value to the players.
    assert "3" in drawn_texts(carnevale, carnevale.scene.pieces["obj-mask"], monkeypatch)

    choose_viewer(carnevale, "Referee (everything)")
    assert "2?" in drawn_texts(carnevale, relic, monkeypatch)
    assert "Value 2" in relic.toolTip()
