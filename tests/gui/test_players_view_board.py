"""A player's view draws a face-down objective's value as '?' on the board."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication, QStyleOptionGraphicsItem

from tabletop_gui.app.canvas import items as items_module
from tabletop_gui.app.canvas.items import MarkerItem
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game

from .helpers import open_window


@pytest.fixture
def carnevale(qtbot):
    path = str(SCENARIOS / "carnevale_drowned_quarter.json")
    return open_window(qtbot, load_game(path), path)


@pytest.fixture
def secure(qtbot):
    path = str(SCENARIOS / "t9a_frontline_clash_secure_target.json")
    return open_window(qtbot, load_game(path), path)


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
    action = next(a for a in window.board.viewer_menu.actions() if a.text() == name)
    action.trigger()
    QApplication.processEvents()


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
