"""Armies named: Game ▸ Sides renames and recolours the sides as one undo step,
shown in the score panel, legend, log and marker labels; File ▸ New asks for the
names; a marker's owner change keeps its label right; the log names sides."""

from __future__ import annotations

import json

from PySide6.QtWidgets import QApplication, QDialogButtonBox

from tabletop_gui.app.panels.sides_dialog import SidesDialog
from tabletop_gui.examples import DEMO_BOARD
from tabletop_gui.io import load_game
from tabletop_gui.io.game_file import dumps

from .helpers import drop, open_window


def new_board(qtbot, key: str = "t9a/dawn_assault/t9a.secure_target"):
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), None)
    assert window.files.new_game(key, ask=False)
    QApplication.processEvents()
    window.view.fit_board()
    return window


def drop_target(window, side: str, x: float, y: float) -> None:
    box = window.palette_panel.side_box
    box.setCurrentIndex(box.findData(side))
    assert drop(window, window.palette_panel.mime_for("marker", "t9a-secure"), x, y)


def targets(window) -> list[tuple[str, str]]:
    markers = window.doc.state.scene.markers.values()
    return [(m.side, m.label) for m in markers if m.kind == "t9a.secure_target"]


def fill_sides(dialog: SidesDialog, names: list[str], colours: list[str]) -> None:
    for edit, name in zip(dialog.names, names, strict=True):
        edit.setText(name)
    for box, colour in zip(dialog.colours, colours, strict=True):
        box.setCurrentIndex(box.findData(colour))


def test_renaming_the_sides_is_one_undo_step_shown_everywhere(qtbot):
    window = new_board(qtbot)
    drop_target(window, "player-a", 30, 30)
    drop_target(window, "player-a", 42, 30)
    drop_target(window, "player-b", 36, 20)
    steps = window.doc.undo_stack.count()
    dialog = window.setup.open_sides()
    fill_sides(dialog, ["Equitaine", "Orcs"], ["#009e73", "#e69f00"])
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    QApplication.processEvents()
    scene = window.doc.state.scene
    assert [(s.name, s.colour) for s in scene.sides] == [
        ("Equitaine", "#009e73"),
        ("Orcs", "#e69f00"),
    ]
    assert window.doc.undo_stack.count() == steps + 1
    assert targets(window) == [
        ("player-a", "Equitaine's target"),
        ("player-a", "Equitaine's target 2"),
        ("player-b", "Orcs' target"),
    ]
    # The score panel, the legend and the palette's side box read the new names.
    panel = " ".join(window.score_panel.row_text(r.objective_id) for r in window.score_panel.rows)
    panel += window.score_panel.summary.text()
    assert "Equitaine" in panel and "Player A" not in panel
    legend = [text for _, text, _ in window.legend.entries]
    assert "Equitaine" in legend and "Orcs" in legend
    box = window.palette_panel.side_box
    assert [box.itemText(i) for i in range(box.count())] == ["Equitaine", "Orcs"]
    assert "Orcs" in [a.text() for a in window.board.viewer_menu.actions()]
    # The log names what the log placed by the new names too.
    rows = [window.log_panel.row_text(n) for n in range(1, len(window.doc.timeline) + 1)]
    assert any("Orcs' target placed" in r for r in rows), rows
    window.edit.undo_action.trigger()
    QApplication.processEvents()
    assert [s.name for s in window.doc.state.scene.sides] == ["Player A", "Player B"]
    assert targets(window)[2] == ("player-b", "Player B's target")
    window.edit.redo_action.trigger()
    QApplication.processEvents()
    assert [s.name for s in window.doc.state.scene.sides] == ["Equitaine", "Orcs"]


def test_two_sides_of_one_name_are_refused_in_the_dialog(qtbot):
    window = new_board(qtbot)
    dialog = window.setup.open_sides()
    fill_sides(dialog, ["Orcs", "orcs"], ["#0072b2", "#d55e00"])
    assert not dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    assert dialog.problem.text() == "Side 2: 'orcs' is side 1's name too"
    dialog.names[1].setText("")
    assert dialog.problem.text() == "Side 2: the name is empty"


def test_a_new_game_asks_for_the_armies_names_as_one_undo_step(qtbot):
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), None)
    window.doc.undo_stack.setClean()
    assert window.files.new_game("t9a/frontline_clash/t9a.hold_the_ground")
    dialog = window.setup.sides_dialog
    assert dialog.isVisible() and dialog.windowTitle() == "New game: name the armies"
    fill_sides(dialog, ["Vermin", "Dwarves"], ["#cc79a7", "#56b4e9"])
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    QApplication.processEvents()
    sides = window.doc.committed.setup.scene.sides
    assert [(s.name, s.colour) for s in sides] == [("Vermin", "#cc79a7"), ("Dwarves", "#56b4e9")]
    assert window.doc.undo_stack.count() == 1
    window.edit.undo_action.trigger()
    assert [s.name for s in window.doc.committed.setup.scene.sides] == ["Player A", "Player B"]


def test_a_numbered_target_follows_its_new_owner_and_the_log_names_the_side(qtbot):
    window = new_board(qtbot)
    drop_target(window, "player-b", 30, 30)
    drop_target(window, "player-b", 42, 30)
    second = next(m for m in window.doc.state.scene.markers.values() if m.label.endswith(" 2"))
    window.scene.clearSelection()
    window.scene.pieces[second.id].setSelected(True)
    window.edit.change_side()  # Edit > Change side (Alt+S)
    QApplication.processEvents()
    assert ("player-a", "Player A's target") in targets(window)
    last = window.log_panel.row_text(len(window.doc.timeline))
    assert "side Player A" in last and "player-a" not in last


def test_the_turn_bar_and_the_deployment_zones_read_the_new_names(qtbot):
    window = new_board(qtbot, "t9a/frontline_clash/t9a.hold_the_ground")
    bar = window.turn_bar
    bar.first_box.setCurrentIndex(bar.first_box.findData("player-b"))
    dialog = window.setup.open_sides()
    fill_sides(dialog, ["Kingdom of Equitaine", "Undying Dynasties"], ["#0072b2", "#d55e00"])
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    QApplication.processEvents()
    box = bar.first_box
    assert [box.itemText(i) for i in range(box.count())] == [
        "Kingdom of Equitaine",
        "Undying Dynasties",
    ]
    assert box.currentData() == "player-b"  # the choice stays under the new name
    assert "Undying Dynasties" in bar.advance_button.text()
    # The whole name shows: the box is as wide as its longest name.
    assert box.sizeHint().width() >= box.fontMetrics().horizontalAdvance("Kingdom of Equitaine")
    zones = {z.side: z.name for z in window.doc.state.scene.zones.values()}
    assert zones == {
        "player-a": "Frontline Clash: Kingdom of Equitaine zone",
        "player-b": "Frontline Clash: Undying Dynasties zone",
    }
    window.edit.undo_action.trigger()
    QApplication.processEvents()
    assert [box.itemText(i) for i in range(box.count())] == ["Player A", "Player B"]
    assert window.doc.state.scene.zones["zone-player-a"].name == "Frontline Clash: Player A zone"


def test_a_new_carnevale_boards_deployment_zones_take_the_gangs_names_in_the_same_step(qtbot):
    """The trial: File > New > Carnevale board, the gangs named Guild and Doctors,
    and the zones still read "Gang A deployment" on the board and in the saved
    file (docs/canvas.md, Editing)."""
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), None)
    window.doc.undo_stack.setClean()
    assert window.files.new_game("carnevale")
    dialog = window.setup.sides_dialog
    assert dialog.isVisible()
    fill_sides(dialog, ["Guild", "Doctors"], ["#0072b2", "#d55e00"])
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    QApplication.processEvents()
    zones = window.doc.committed.setup.scene.zones
    assert sorted(z.name for z in zones.values()) == ["Doctors deployment", "Guild deployment"]
    assert sorted(window.scene.pieces[z].label for z in zones) == [
        "Doctors deployment",
        "Guild deployment",
    ]
    saved = json.loads(dumps(window.doc.game))["zones"]
    assert sorted(z["name"] for z in saved) == ["Doctors deployment", "Guild deployment"]
    assert window.doc.undo_stack.count() == 1  # the names and the zones: one step
    window.edit.undo_action.trigger()
    QApplication.processEvents()
    zones = window.doc.committed.setup.scene.zones
    assert sorted(z.name for z in zones.values()) == ["Gang A deployment", "Gang B deployment"]
