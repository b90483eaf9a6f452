"""The Objectives dialog keeps what was typed when Kind changes and drops a stale
refusal as soon as the form changes."""

from __future__ import annotations

import json

from PySide6.QtWidgets import QApplication


def dialog_of(window):
    dialog = window.setup.open_objectives()
    assert dialog is not None and dialog.isVisible()
    dialog.json_box.setChecked(True)  # these tests type the params as JSON
    return dialog


def pick_kind(dialog, kind: str) -> None:
    dialog.kind_box.setCurrentIndex(dialog.kind_box.findData(kind))
    QApplication.processEvents()


def type_into(qtbot, edit, text: str) -> None:
    edit.clear()
    qtbot.keyClicks(edit, text)


def test_changing_kind_after_a_refusal_clears_it_and_keeps_the_typed_params(demo, qtbot):
    dialog = dialog_of(demo)
    pick_kind(dialog, "t9a.hold_the_ground")
    type_into(qtbot, dialog.id_edit, "north-hill")
    type_into(qtbot, dialog.name_edit, "North hill")
    type_into(qtbot, dialog.params_edit, '{"centre": [30, 20], "picks": 2}')
    assert not dialog.add_from_form()
    assert "params.picks: unknown param" in dialog.message.text()

    pick_kind(dialog, "t9a.king_of_the_hill")
    assert dialog.message.text() == ""  # the Hold the Ground refusal is gone
    params = json.loads(dialog.params_edit.toPlainText())
    assert params["picks"] == 2  # King of the Hill reads picks: kept
    assert "centre" not in params  # it does not read centre ...
    assert "centre = [30, 20]" in dialog.note.text()  # ... and the note says so
    assert dialog.id_edit.text() == "north-hill"
    assert dialog.name_edit.text() == "North hill"

    pick_kind(dialog, "t9a.hold_the_ground")  # back: the centre typed comes back
    params = json.loads(dialog.params_edit.toPlainText())
    assert params["centre"] == [30, 20]
    assert "picks = 2" in dialog.note.text()


def test_an_untouched_form_follows_the_kind_with_its_template_and_id(demo, qtbot):
    dialog = dialog_of(demo)
    pick_kind(dialog, "t9a.secure_target")
    assert json.loads(dialog.params_edit.toPlainText()) == {"control_tie": "nobody"}
    pick_kind(dialog, "t9a.king_of_the_hill")
    assert json.loads(dialog.params_edit.toPlainText()) == {}
    assert dialog.id_edit.text().startswith("king_of_the_hill")
    assert dialog.note.text() == ""


def test_any_edit_of_the_form_clears_the_refusal(demo, qtbot):
    dialog = dialog_of(demo)
    pick_kind(dialog, "t9a.hold_the_ground")
    type_into(qtbot, dialog.params_edit, '{"center": [30, 20]}')
    assert not dialog.add_from_form()
    assert "did you mean 'centre'?" in dialog.message.text()
    qtbot.keyClicks(dialog.name_edit, "x")
    assert dialog.message.text() == ""
    assert not dialog.add_from_form()
    assert dialog.message.text() != ""
    qtbot.keyClicks(dialog.params_edit, " ")
    assert dialog.message.text() == ""


def test_half_typed_params_are_left_as_typed_when_kind_changes(demo, qtbot):
    dialog = dialog_of(demo)
    pick_kind(dialog, "t9a.hold_the_ground")
    type_into(qtbot, dialog.params_edit, '{"centre": [30, ')
    pick_kind(dialog, "t9a.king_of_the_hill")
    assert dialog.params_edit.toPlainText() == '{"centre": [30, '
    assert "not valid JSON" in dialog.note.text()
