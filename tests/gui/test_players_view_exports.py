"""An export in a player's view draws a face-down value as '?'."""

from __future__ import annotations

import re

from PySide6.QtWidgets import QApplication, QFileDialog

from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game

from .helpers import open_window

CARNEVALE = SCENARIOS / "carnevale_drowned_quarter.json"


def svg_texts(path) -> list[str]:
    return re.findall(r">([^<>]+)</text>", path.read_text(encoding="utf-8"))


def view_as(window, name: str) -> None:
    action = next(a for a in window.board.viewer_menu.actions() if a.text() == name)
    action.trigger()
    QApplication.processEvents()


def export_svg(window, path, monkeypatch) -> None:
    """File > Export > SVG..., the file dialog answered with ``path``."""
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(path), "SVG"))
    window.exports.export_dialog("svg")


def test_an_export_in_a_players_view_draws_a_face_down_value_as_a_question_mark(
    qtbot, tmp_path, monkeypatch
):
    window = open_window(qtbot, load_game(str(CARNEVALE)), str(CARNEVALE))
    view_as(window, "Guild of Thieves")
    export_svg(window, tmp_path / "guild.svg", monkeypatch)
    texts = svg_texts(tmp_path / "guild.svg")
    assert "?" in texts and "2?" not in texts  # the Sunken Relic, value 2, face down
    assert any("The Rashaar scores ? VP" in t for t in texts)
    assert texts[0].endswith("Guild of Thieves' view")

    view_as(window, "Referee (everything)")
    export_svg(window, tmp_path / "referee.svg", monkeypatch)
    texts = svg_texts(tmp_path / "referee.svg")
    assert "2?" in texts and "view" not in texts[0]
