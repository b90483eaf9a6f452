"""Game ▸ Objectives builds a form per objective kind from the params the family
declares (types, defaults, help), takes the pieces, points and hexes a param
names from clicks on the board, and keeps "edit as JSON" as an escape hatch."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tabletop_gui.app.panels.param_form import (
    FIELDS,
    ComboField,
    HexField,
    ListField,
    MappingField,
    NumberField,
    PointField,
)
from tabletop_gui.play import objective_choices as choices

from .helpers import drop, new_board

BOARDS = {
    "t9a": "t9a/frontline_clash/t9a.hold_the_ground",
    "hex": "hex",
    "carnevale": "carnevale",
}


def pick_kind(dialog, kind: str) -> None:
    dialog.kind_box.setCurrentIndex(dialog.kind_box.findData(kind))
    QApplication.processEvents()


def click_board(window, x: float, y: float) -> None:
    from PySide6.QtTest import QTest

    QTest.mouseClick(
        window.view.viewport(), Qt.MouseButton.LeftButton, pos=window.view.viewport_pos(x, y)
    )
    QApplication.processEvents()


@pytest.mark.parametrize("family", sorted(BOARDS))
def test_every_kind_gets_a_field_per_declared_param_with_its_help(qtbot, family):
    window = new_board(qtbot, BOARDS[family])
    dialog = window.setup.open_objectives()
    kinds = [dialog.kind_box.itemData(i) for i in range(dialog.kind_box.count())]
    assert kinds == [k for k, _ in choices.family_kinds(family)]
    for kind in kinds:
        pick_kind(dialog, kind)
        specs = choices.param_specs(kind)
        form = dialog.form
        assert list(form.fields) == [p.name for p in specs], kind
        for p in specs:
            assert isinstance(form.field(p.name), FIELDS[p.type]), (kind, p.name)
        # The form shows the family's template and gives it back as the params.
        assert dialog.params() == choices.template(kind, window.doc.committed.setup)
        helps = [w.text() for w in form.findChildren(type(dialog.note))]
        assert all(any(p.help in h for h in helps) for p in specs if p.help), kind
    dialog.close()


def test_a_t9a_form_sets_numbers_choices_and_a_point_picked_on_the_board(qtbot):
    window = new_board(qtbot, BOARDS["t9a"])
    dialog = window.setup.open_objectives()
    pick_kind(dialog, "t9a.breakthrough")
    cap = dialog.form.field("cap")
    assert isinstance(cap, NumberField) and cap.box.value() == 3
    cap.box.setValue(2)
    assert dialog.params() == {"cap": 2}
    pick_kind(dialog, "t9a.secure_target")
    tie = dialog.form.field("control_tie")
    assert isinstance(tie, ComboField)
    tie.box.setCurrentIndex(tie.box.findData("dice"))
    assert dialog.params()["control_tie"] == "dice"
    assert isinstance(dialog.form.field("markers"), MappingField)
    pick_kind(dialog, "t9a.hold_the_ground")
    centre = dialog.form.field("centre")
    assert isinstance(centre, PointField)
    centre.pick_button.click()  # Pick: the next click on the board is the centre
    click_board(window, 30, 20)
    x, y = dialog.params()["centre"]
    assert (x, y) == pytest.approx((30, 20), abs=0.2)
    assert not centre.pick_button.isChecked()  # one point: picking ended
    assert window.doc.committed.scene.units == {}  # the click placed or moved nothing
    assert dialog.add_from_form()
    dialog.buttons.accepted.emit()
    QApplication.processEvents()
    (added,) = [o for o in window.doc.committed.setup.objectives if o.params.get("centre")]
    assert added.kind == "t9a.hold_the_ground"


def test_king_of_the_hill_picks_each_sides_terrain_from_the_board(qtbot):
    window = new_board(qtbot, BOARDS["t9a"])
    pal = window.palette_panel
    assert drop(window, pal.mime_for("terrain", "rect"), 20, 24)
    assert drop(window, pal.mime_for("terrain", "ellipse"), 52, 24)
    hill, wood = list(window.doc.committed.scene.terrain)
    dialog = window.setup.open_objectives()
    pick_kind(dialog, "t9a.king_of_the_hill")
    picks = dialog.form.field("picks")
    assert isinstance(picks, MappingField)
    first, second = picks.sides.values()
    first.pick_button.click()
    click_board(window, 20, 24)
    second.pick_button.click()
    click_board(window, 52, 24)
    sides = [s.id for s in window.doc.committed.scene.sides]
    assert dialog.params() == {"picks": {sides[0]: hill, sides[1]: wood}}


def test_hexes_are_toggled_by_clicking_them_and_side_lists_are_ticked(qtbot):
    window = new_board(qtbot, BOARDS["hex"])
    board = window.doc.committed.scene.board
    dialog = window.setup.open_objectives()
    pick_kind(dialog, "hex.temporary")
    hexes = dialog.form.field("hexes")
    assert isinstance(hexes, HexField)
    hexes.edit.clear()
    hexes.pick_button.click()
    for h in ((3, 4), (4, 4), (3, 4)):  # the third click takes 3,4 back off
        click_board(window, *board.hex_to_point(h))
    assert hexes.pick_button.isChecked()  # many hexes: picking goes on ...
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)  # ... until Esc
    assert not hexes.pick_button.isChecked() and dialog.isVisible()
    assert dialog.params()["hexes"] == [[4, 4]]
    sides = dialog.form.field("sides")
    assert isinstance(sides, ListField)
    sides.items()[1].setCheckState(Qt.CheckState.Checked)
    assert dialog.params()["sides"] == [window.doc.committed.scene.sides[1].id]
    assert dialog.add_from_form()


def test_a_carnevale_objective_takes_its_marker_picked_on_the_board(qtbot):
    window = new_board(qtbot, BOARDS["carnevale"])
    pal = window.palette_panel
    assert drop(window, pal.mime_for("marker", "objective"), 10, 10)
    assert drop(window, pal.mime_for("marker", "objective"), 26, 26)
    second = list(window.doc.committed.scene.markers)[1]
    dialog = window.setup.open_objectives()
    pick_kind(dialog, "carnevale.objective")
    marker = dialog.form.field("marker")
    marker.pick_button.click()
    click_board(window, 10, 26)  # the empty board: not a marker, picking goes on
    assert marker.pick_button.isChecked()
    click_board(window, 26, 26)
    assert dialog.params() == {"marker": second}


def test_edit_as_json_shows_the_params_and_brings_edits_back_to_the_form(qtbot):
    window = new_board(qtbot, BOARDS["t9a"])
    dialog = window.setup.open_objectives()
    pick_kind(dialog, "t9a.spoils_of_war")
    dialog.json_box.setChecked(True)
    assert dialog.params_edit.isVisible() and not dialog.form_area.isVisible()
    dialog.params_edit.setPlainText(json.dumps({"spacing": 20, "placement_tolerance": 0.2}))
    dialog.json_box.setChecked(False)
    assert dialog.form.field("spacing").box.value() == 20
    assert dialog.params() == {"spacing": 20.0, "placement_tolerance": 0.2}
    dialog.json_box.setChecked(True)
    dialog.params_edit.setPlainText("{spacing: ")
    dialog.json_box.setChecked(False)  # not JSON: stays in JSON, says why
    assert dialog.json_box.isChecked() and "not valid JSON" in dialog.message.text()
