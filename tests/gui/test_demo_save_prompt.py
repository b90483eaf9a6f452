"""The demo opened at start is named as the demo (read from its file) in the save
prompt, and is never saved over."""

from __future__ import annotations

import re

from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from tabletop_gui.examples import SCENARIOS


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


def test_the_demo_opened_at_start_is_named_as_the_demo_in_the_save_prompt(
    qtbot, monkeypatch, dialogs
):
    from tabletop_gui.app.windows import launch

    monkeypatch.setattr(QApplication, "exec", lambda *_a: 0)
    monkeypatch.setattr(launch.MainWindow, "offer_recovery", lambda *_a, **_k: 0)
    monkeypatch.setattr(launch, "_WINDOWS", [])
    assert launch.run_app(None) == 0  # as `tabletop-gui` with no file starts
    (window,) = launch._WINDOWS
    qtbot.addWidget(window)
    assert window.doc.path is None  # Save never writes over the bundled demo
    assert "t9a_frontline_clash_demo.json (a copy, not saved yet)" in window.windowTitle()

    window.inspector.editor.update("a-duke", {"x": 30.0})  # a change to lose
    dialogs.answer = QMessageBox.StandardButton.Discard
    assert window.new_game("carnevale")
    assert dialogs.questions[-1][1] == (
        "Save the changes to the demo game (from t9a_frontline_clash_demo.json) first?"
    )
    QApplication.processEvents()  # now a new game: it is called one
    assert "not saved yet" in window.windowTitle() and "demo" not in window.windowTitle()
    assert window.game_name() == "this new game"
