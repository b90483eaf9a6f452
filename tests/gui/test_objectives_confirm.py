"""Game > Objectives shows what an importer assumed about an objective (a Memoir
'44 medal whose data said nothing, a reading of the victory text) until the
referee confirms it, or edits it in the form and puts it back."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QDialogButtonBox

from tabletop_gui.model.game import Game
from tests.hex.m44kit import hexagon, imported, label, medal, scenario

from .helpers import open_window

SCENARIO = scenario(
    hexagon("F5", terrain="buildings", tags=[medal("medal1")]),
    hexagon("C5", tags=[medal("medal2", permanent=True)]),
    hexagon("F3", unit="infus"),
    labels=[label("F5", "Old Mill")],
    text={"victory": "The Old Mill is a Permanent Medal for the Allies."},
)


def dialog_of(window):
    dialog = window.setup.open_objectives()
    assert dialog is not None and dialog.isVisible()
    return dialog


def row_of(dialog, name: str) -> int:
    return next(i for i, s in enumerate(dialog.specs) if s.name == name)


def test_an_unconfirmed_objective_is_marked_and_says_what_was_assumed(qtbot):
    window = open_window(qtbot, Game(imported(SCENARIO).game.setup))
    dialog = dialog_of(window)
    mill = row_of(dialog, "Old Mill (F5): Allied medal")
    assert dialog.list.item(mill).text().startswith("⚠ not confirmed · Old Mill (F5)")
    other = 1 - mill
    assert not dialog.list.item(other).text().startswith("⚠")
    dialog.list.setCurrentRow(mill)
    assert dialog.to_confirm.isVisibleTo(dialog)
    assert "calls it" not in dialog.to_confirm.text()  # the importer's words, as written
    assert "Permanent Medal" in dialog.to_confirm.text()
    assert dialog.confirm_button.isEnabled()
    dialog.list.setCurrentRow(other)
    assert not dialog.to_confirm.isVisibleTo(dialog) and not dialog.confirm_button.isEnabled()


def test_confirming_takes_the_note_away_and_the_score_stops_naming_it(qtbot):
    window = open_window(qtbot, Game(imported(SCENARIO).game.setup))
    spec_id = next(s.id for s in window.doc.state.setup.objectives if "Old Mill" in s.name)
    assert window.doc.scoreboard().result(spec_id).problems
    dialog = dialog_of(window)
    mill = row_of(dialog, "Old Mill (F5): Allied medal")
    dialog.list.setCurrentRow(mill)
    dialog.confirm_button.click()
    assert not dialog.list.item(mill).text().startswith("⚠")
    assert dialog.list.currentRow() == mill
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    QApplication.processEvents()
    spec = next(s for s in window.doc.state.setup.objectives if s.id == spec_id)
    assert "unconfirmed" not in spec.params and spec.params["permanent"] is True
    assert window.doc.scoreboard().result(spec_id).problems == ()
    window.doc.undo_stack.undo()  # one undo step puts the note back
    spec = next(s for s in window.doc.state.setup.objectives if s.id == spec_id)
    assert "unconfirmed" in spec.params


def test_editing_an_objective_loads_it_in_the_form_and_replaces_it_in_place(qtbot):
    window = open_window(qtbot, Game(imported(SCENARIO).game.setup))
    dialog = dialog_of(window)
    mill = row_of(dialog, "Old Mill (F5): Allied medal")
    dialog.list.setCurrentRow(mill)
    dialog.edit_button.click()
    spec = dialog.specs[mill]
    assert dialog.kind_box.currentData() == spec.kind
    assert dialog.id_edit.text() == spec.id and dialog.name_edit.text() == spec.name
    assert dialog.add_button.text() == "Replace"
    assert dialog.params() == dict(spec.params)
    dialog.name_edit.setText("The Old Mill")
    assert dialog.add_from_form()
    assert len(dialog.specs) == 2 and dialog.specs[mill].name == "The Old Mill"
    assert dialog.add_button.text() == "Add"
