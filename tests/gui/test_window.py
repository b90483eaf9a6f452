"""The window around the board, driven with real key presses and menus: the
inspector and undo, fitting the board, panels, the turn bar's size."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tabletop_gui.model.events import MovePiece


def focus(qtbot, window, widget) -> None:
    window.activateWindow()
    widget.setFocus(Qt.FocusReason.MouseFocusReason)
    qtbot.waitUntil(widget.hasFocus, timeout=2000)


def type_into(qtbot, field, text: str) -> None:
    field.selectAll()
    qtbot.keyClicks(field, text)
    qtbot.keyClick(field, Qt.Key.Key_Return)


# -- finding 4: Ctrl+Z after an inspector edit --------------------------------------------


def test_ctrl_z_right_after_an_inspector_edit_undoes_it_in_the_model(demo, qtbot):
    """Facing 0 -> 90 with Enter, then Ctrl+Z in the same field: the unit is back at
    0 (the field's own text undo used to eat the key: unit at 90, field at 0)."""
    demo.scene.pieces["a-peasants"].setSelected(True)
    field = demo.inspector.widgets["facing"]
    focus(qtbot, demo, field)
    start = demo.doc.state.scene.units["a-peasants"].facing
    type_into(qtbot, field, "90")
    assert demo.doc.state.scene.units["a-peasants"].facing == 90.0
    steps = demo.doc.undo_stack.count()
    qtbot.keyClick(field, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert demo.doc.undo_stack.index() == steps - 1
    assert demo.doc.state.scene.units["a-peasants"].facing == start
    assert field.text() == f"{start:g}"
    # Redo is the game's too.
    qtbot.keyClick(
        field, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )
    assert demo.doc.state.scene.units["a-peasants"].facing == 90.0
    assert field.text() == "90"


def test_leaving_the_field_after_an_undo_records_nothing(demo, qtbot):
    demo.scene.pieces["a-peasants"].setSelected(True)
    field = demo.inspector.widgets["x"]
    focus(qtbot, demo, field)
    type_into(qtbot, field, "50")
    qtbot.keyClick(field, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    log = len(demo.doc.timeline)
    count = demo.doc.undo_stack.count()
    # Focus moves on (Tab, then a click on the board): editingFinished fires.
    focus(qtbot, demo, demo.view)
    QApplication.processEvents()
    assert len(demo.doc.timeline) == log
    assert demo.doc.undo_stack.count() == count
    assert demo.doc.state.scene.units["a-peasants"].x == 41.0


def test_leaving_a_field_whose_value_is_rounded_for_display_records_nothing(demo, qtbot):
    """x shown to 4 digits: focusing it and leaving must not write the rounded value."""
    demo.doc.commit([MovePiece("a-peasants", 29.123456, 19.2)], "move")
    demo.scene.pieces["a-peasants"].setSelected(True)
    field = demo.inspector.widgets["x"]
    assert field.text() == "29.12"
    focus(qtbot, demo, field)
    count = demo.doc.undo_stack.count()
    focus(qtbot, demo, demo.view)
    assert demo.doc.undo_stack.count() == count
    assert demo.doc.state.scene.units["a-peasants"].x == pytest.approx(29.123456)


def test_ctrl_z_while_typing_puts_the_model_value_back_in_the_field(demo, qtbot):
    demo.scene.pieces["a-peasants"].setSelected(True)
    field = demo.inspector.widgets["name"]
    focus(qtbot, demo, field)
    count = demo.doc.undo_stack.count()
    field.selectAll()
    qtbot.keyClicks(field, "Rabble")
    qtbot.keyClick(field, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert field.text() == "Peasant Levy"
    assert demo.doc.undo_stack.count() == count
    focus(qtbot, demo, demo.view)
    assert demo.doc.state.scene.units["a-peasants"].name == "Peasant Levy"
    assert demo.doc.undo_stack.count() == count
