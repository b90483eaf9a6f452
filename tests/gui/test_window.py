"""The window around the board, driven with real key presses and menus: the
inspector and undo, fitting the board, panels, the turn bar's size."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game
from tabletop_gui.model.events import MovePiece

from .helpers import open_window


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
    """x shown to 6 decimals (docs/measurement.md, How many decimals): focusing it
    and leaving must not write the rounded value."""
    demo.doc.commit([MovePiece("a-peasants", 29.12345678, 19.2)], "move")
    demo.scene.pieces["a-peasants"].setSelected(True)
    field = demo.inspector.widgets["x"]
    assert field.text() == "29.123457"
    focus(qtbot, demo, field)
    count = demo.doc.undo_stack.count()
    focus(qtbot, demo, demo.view)
    assert demo.doc.undo_stack.count() == count
    assert demo.doc.state.scene.units["a-peasants"].x == 29.12345678


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


# -- finding 8: a new board is fitted; F works window-wide --------------------------------


def fitted_ppi(window) -> float:
    """Pixels per inch of the view with the whole board fitted."""
    view = window.view
    rect = view.board_scene.sceneRect()
    vp = view.viewport().rect()
    return min(vp.width() / rect.width(), vp.height() / rect.height())


@pytest.mark.parametrize(
    "name", ["hex_hochkirch_ridge_demo.json", "carnevale_drowned_quarter.json"]
)
def test_opening_a_file_fits_its_board_even_after_zooming(demo, name):
    demo.view.zoom(3.0)
    assert demo.files.open_path(str(SCENARIOS / name), ask=False)
    QApplication.processEvents()
    assert demo.view.pixels_per_inch() == pytest.approx(fitted_ppi(demo), rel=0.03)
    # The whole board is in view.
    shown = demo.view.mapToScene(demo.view.viewport().rect()).boundingRect()
    assert shown.contains(demo.scene.board_rect())


@pytest.mark.parametrize("key", ["hex", "carnevale"])
def test_file_new_fits_the_new_board(demo, key):
    demo.view.zoom(0.5)
    demo.view.zoom(4.0)
    assert demo.files.new_game(key, ask=False)
    QApplication.processEvents()
    assert demo.view.pixels_per_inch() == pytest.approx(fitted_ppi(demo), rel=0.03)
    assert demo.view.hasFocus() or not demo.isActiveWindow()


def test_f_fits_the_board_whichever_panel_has_the_focus(demo, qtbot):
    panels = [
        demo.palette_panel.tree,
        demo.palette_panel.models,
        demo.palette_panel.side_box,
        demo.score_panel.table,
        demo.log_panel,
        demo.turn_bar.advance_button,
    ]
    for widget in panels:
        demo.view.zoom(3.0)
        assert demo.view.pixels_per_inch() > 1.5 * fitted_ppi(demo)
        focus(qtbot, demo, widget)
        qtbot.keyClick(widget, Qt.Key.Key_F)
        assert demo.view.pixels_per_inch() == pytest.approx(fitted_ppi(demo), rel=0.03), widget


def test_ctrl_0_fits_the_board_even_while_typing_in_a_field(demo, qtbot):
    demo.scene.pieces["a-peasants"].setSelected(True)
    field = demo.inspector.widgets["name"]
    demo.view.zoom(3.0)
    focus(qtbot, demo, field)
    qtbot.keyClick(field, Qt.Key.Key_F)
    assert field.text().lower().endswith("f")  # a letter typed into a field stays a letter
    qtbot.keyClick(field, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    assert demo.view.pixels_per_inch() == pytest.approx(fitted_ppi(demo), rel=0.03)


# -- finding 12 (window parts): refusal in view, panels from the View menu, bar height ------


def test_an_inspector_refusal_is_shown_where_it_is_seen(demo, qtbot):
    """Refused on a field far down the form: the red reason is in the visible part of
    the Inspector (under its title) and in the status bar."""
    demo.scene.pieces["a-peasants"].setSelected(True)
    inspector = demo.inspector
    scroll = demo.panels.docks["Inspector"].widget()
    scroll.ensureWidgetVisible(inspector.widgets["leader"])  # scrolled to the bottom
    inspector.edit("elevation", "high")
    message = inspector.message
    assert "Elevation (in): refused, expected a number" in message.text()
    assert message.isVisible()
    top_left = message.mapTo(scroll.viewport(), message.rect().topLeft())
    assert scroll.viewport().rect().contains(top_left)
    assert "Elevation" in demo.statusBar().currentMessage()


def test_the_inspector_shows_a_dozen_rows_of_the_form(demo):
    demo.scene.pieces["a-peasants"].setSelected(True)
    QApplication.processEvents()
    scroll = demo.panels.docks["Inspector"].widget()
    row = demo.inspector.widgets["name"].sizeHint().height()
    assert scroll.viewport().height() >= 12 * row


def test_closed_panels_come_back_from_the_view_menu(demo, qtbot):
    view_menu = next(a.menu() for a in demo.menuBar().actions() if a.text() == "&View")
    panels = next(a.menu() for a in view_menu.actions() if a.text() == "&Panels")
    titles = [a.text() for a in panels.actions() if not a.isSeparator()]
    assert titles[:4] == ["Score", "Palette", "Inspector", "Game log"]
    assert "Turn bar" in titles and "Show &all panels" in titles
    for title, dock in demo.panels.docks.items():
        dock.close()
        assert not dock.isVisible()
        action = next(a for a in panels.actions() if a.text() == title)
        assert not action.isChecked()
        action.trigger()
        assert dock.isVisible(), title
    for dock in demo.panels.docks.values():
        dock.close()
    demo.play.toolbar.close()
    next(a for a in panels.actions() if a.text() == "Show &all panels").trigger()
    assert all(d.isVisible() for d in demo.panels.docks.values())
    assert demo.play.toolbar.isVisible()


def test_looking_back_does_not_change_the_turn_bar_or_shift_the_board(qtbot):
    path = str(SCENARIOS / "hex_hochkirch_ridge_demo.json")
    window = open_window(qtbot, load_game(path).truncated(19), path)
    QApplication.processEvents()
    bar = window.play.toolbar
    before = (bar.height(), window.view.geometry(), window.width())
    min_width = window.turn_bar.minimumSizeHint().width()
    window.play.perform(tuple(load_game(path).events[19:21]), "two more events")
    window.doc.look_at(19)
    QApplication.processEvents()
    assert window.turn_bar.message.text().startswith("Looking back")
    assert (bar.height(), window.view.geometry(), window.width()) == before
    assert window.turn_bar.minimumSizeHint().width() <= min_width
