"""An export in a player's view draws a face-down value as '?'."""

from __future__ import annotations

import re

from PySide6.QtWidgets import QApplication, QFileDialog

from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game

from .helpers import open_window


def dialog_of(window):
    dialog = window.open_objectives()
    assert dialog is not None and dialog.isVisible()
    return dialog


def pick_kind(dialog, kind: str) -> None:
    dialog.kind_box.setCurrentIndex(dialog.kind_box.findData(kind))
    QApplication.processEvents()


def type_into(qtbot, edit, text: str) -> None:
    edit.clear()
    qtbot.keyClicks(edit, text)


# -- 5: Game > Objectives...: changing Kind ---------------------------------------------


# -- 6: a dropped Secure Target marker reads as its owner's target -----------------------


def secure_markers(window):
    return [m for m in window.doc.state.scene.markers.values() if m.kind == "t9a.secure_target"]


# -- 7: exports from a player's view hide what that player cannot know -------------------

CARNEVALE = SCENARIOS / "carnevale_drowned_quarter.json"


def svg_texts(path) -> list[str]:
    return re.findall(r">([^<>]+)</text>", path.read_text(encoding="utf-8"))


def view_as(window, name: str) -> None:
    action = next(a for a in window.viewer_menu.actions() if a.text() == name)
    action.trigger()
    QApplication.processEvents()


def export_svg(window, path, monkeypatch) -> None:
    """File > Export > SVG..., the file dialog answered with ``path``."""
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(path), "SVG"))
    window.export_dialog("svg")


# -- 8 and 9c: the Inspector's fields and words ------------------------------------------

HEX = SCENARIOS / "hex_hochkirch_ridge_demo.json"


def select(window, piece_id: str) -> None:
    window.scene.clearSelection()
    window.scene.pieces[piece_id].setSelected(True)
    for _ in range(3):
        QApplication.processEvents()


def form_labels(window) -> list[str]:
    form = window.inspector.form
    return [form.itemAt(i, form.ItemRole.LabelRole).widget().text() for i in range(form.rowCount())]


# -- 8: the demo opened at start is not "a new game" in the save prompt -----------------


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
