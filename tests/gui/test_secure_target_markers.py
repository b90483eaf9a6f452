"""A Secure Target marker is called after its owner ('Player A's target') and
follows an owner change made in the Inspector."""

from __future__ import annotations

import re

from PySide6.QtWidgets import QApplication, QFileDialog

from tabletop_gui.examples import SCENARIOS

from .helpers import drop, new_board


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


def test_a_dropped_secure_target_marker_is_called_its_owners_target(qtbot):
    window = new_board(qtbot, "t9a/dawn_assault/t9a.secure_target")
    side_box = window.palette_panel.side_box
    side_box.setCurrentIndex(side_box.findData("player-a"))
    assert drop(window, window.palette_panel.mime_for("marker", "t9a-secure"), 30, 30)
    assert drop(window, window.palette_panel.mime_for("marker", "t9a-secure"), 42, 30)
    side_box.setCurrentIndex(side_box.findData("player-b"))
    assert drop(window, window.palette_panel.mime_for("marker", "t9a-secure"), 36, 20)
    labels = [m.label for m in secure_markers(window)]
    assert labels == ["Player A's target", "Player A's target 2", "Player B's target"]
    # The Inspector's header and the board's caption read the label, not the id.
    assert window.inspector.title.text() == "Marker: Player B's target"
    item = window.scene.pieces[secure_markers(window)[-1].id]
    assert "Player B's target" in item.toolTip()
    # The rule's reason lines name it the same way.
    reasons = " ".join(r.reason for r in window.doc.scoreboard().results)
    assert "t9a-secure" not in reasons


def test_a_target_given_to_the_other_side_in_the_inspector_is_renamed_with_it(qtbot):
    window = new_board(qtbot, "t9a/dawn_assault/t9a.secure_target")
    side_box = window.palette_panel.side_box
    side_box.setCurrentIndex(side_box.findData("player-a"))
    assert drop(window, window.palette_panel.mime_for("marker", "t9a-secure"), 30, 30)
    combo = window.inspector.widgets["side"]
    combo.setCurrentIndex(combo.findData("player-b"))
    combo.activated.emit(combo.currentIndex())
    (marker,) = secure_markers(window)
    assert (marker.side, marker.label) == ("player-b", "Player B's target")
    window.inspector.edit("label", "Ford")  # a label the user typed stays
    combo.setCurrentIndex(combo.findData("player-a"))
    combo.activated.emit(combo.currentIndex())
    (marker,) = secure_markers(window)
    assert (marker.side, marker.label) == ("player-a", "Ford")
