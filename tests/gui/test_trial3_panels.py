"""Third new-user trial (docs: /work/briefs/usertest3.md), the panels' findings:
the Objectives dialog keeps what was typed when Kind changes and drops a stale
refusal (5), dropped Secure Target markers read as the side's target (6), the
exports in a player's view (7), and from 8 and 9c: a round base's diameter, a hex
unit's hex, the demo's save prompt and the Inspector's refusal wording."""

from __future__ import annotations

import json
import re

from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from tabletop_gui import DEMO_BOARD, SCENARIOS
from tabletop_gui.io import load_game
from tabletop_gui.model.game import Game

from .helpers import drop, open_window


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


# -- 6: a dropped Secure Target marker reads as its owner's target -----------------------


def new_board(qtbot, key: str):
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), None)
    assert window.new_game(key, ask=False)
    QApplication.processEvents()
    window.view.fit_board()
    return window


def secure_markers(window):
    return [m for m in window.doc.state.scene.markers.values() if m.kind == "t9a.secure_target"]


def test_a_dropped_secure_target_marker_is_called_its_owners_target(qtbot):
    window = new_board(qtbot, "t9a/dawn_assault/t9a.secure_target")
    side_box = window.palette.side_box
    side_box.setCurrentIndex(side_box.findData("player-a"))
    assert drop(window, window.palette.mime_for("marker", "t9a-secure"), 30, 30)
    assert drop(window, window.palette.mime_for("marker", "t9a-secure"), 42, 30)
    side_box.setCurrentIndex(side_box.findData("player-b"))
    assert drop(window, window.palette.mime_for("marker", "t9a-secure"), 36, 20)
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
    side_box = window.palette.side_box
    side_box.setCurrentIndex(side_box.findData("player-a"))
    assert drop(window, window.palette.mime_for("marker", "t9a-secure"), 30, 30)
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


def test_a_round_base_is_edited_by_its_diameter(qtbot):
    window = open_window(qtbot, load_game(str(CARNEVALE)), str(CARNEVALE))
    select(window, "g-capo")  # a round base
    labels = form_labels(window)
    assert "Base diameter (mm)" in labels
    assert "Base width (mm)" not in labels and "Base depth (mm)" not in labels
    window.inspector.edit("base_width_mm", "40")
    unit = window.doc.state.scene.units["g-capo"]
    assert unit.base_width_mm == 40 and unit.width_in == unit.depth_in == 40 / 25.4
    window.inspector.edit("base_width_mm", "0")
    assert window.inspector.message.text() == "Base diameter (mm): refused, must be > 0, got 0.0"


def test_changing_a_base_to_rectangular_brings_back_width_and_depth(qtbot):
    window = open_window(qtbot, load_game(str(CARNEVALE)), str(CARNEVALE))
    select(window, "g-capo")
    shape = window.inspector.widgets["base_shape"]
    shape.setCurrentIndex(shape.findData("rect"))
    shape.activated.emit(shape.currentIndex())
    QApplication.processEvents()
    labels = form_labels(window)
    assert "Base width (mm)" in labels and "Base depth (mm)" in labels
    assert "Base diameter (mm)" not in labels


def test_a_hex_unit_shows_and_takes_its_place_as_a_hex(qtbot):
    # The battle's setup (its log ends in a won battle, where edits are refused).
    window = open_window(qtbot, Game(load_game(str(HEX)).setup), None)
    board = window.doc.state.scene.board
    select(window, "b-musk")
    labels = form_labels(window)
    assert "Hex (col,row)" in labels and "x (in)" not in labels and "y (in)" not in labels
    unit = window.doc.state.scene.units["b-musk"]
    field = window.inspector.widgets["hex"]
    col, row = board.point_to_hex(unit.x, unit.y)
    assert field.text() == f"{col},{row}"
    assert f"x {unit.x:.2f} in" in field.toolTip()  # the inches, secondary

    target = next(
        h
        for h in board.neighbours((col, row))
        if not any(board.point_to_hex(u.x, u.y) == h for u in window.doc.state.scene.units.values())
    )
    window.inspector.edit("hex", f"{target[0]}, {target[1]}")
    unit = window.doc.state.scene.units["b-musk"]
    assert board.point_to_hex(unit.x, unit.y) == target
    assert (unit.x, unit.y) == board.hex_to_point(target)  # on the hex's centre
    assert field.text() == f"{target[0]},{target[1]}"

    window.inspector.edit("hex", "40,40")
    assert (
        window.inspector.message.text() == "Hex (col,row): refused, hex 40,40 is not on the board"
    )
    window.inspector.edit("hex", "north")
    assert "expected a hex as col,row" in window.inspector.message.text()
    assert (
        board.point_to_hex(*(lambda u: (u.x, u.y))(window.doc.state.scene.units["b-musk"]))
        == target
    )


def test_an_inspector_refusal_reads_the_fields_label_not_the_models_words(qtbot):
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    select(window, "a-duke")
    window.inspector.edit("base_width_mm", "0")
    assert window.inspector.message.text() == "Base width (mm): refused, must be > 0, got 0.0"
    assert "base width mm" not in window.statusBar().currentMessage()
    assert window.statusBar().currentMessage() == (
        "Refused: Duke (a-duke): Base width (mm) must be > 0, got 0.0"
    )
    window.inspector.edit("models_per_rank", "0")
    assert window.inspector.message.text() == "Models per rank: refused, must be >= 1, got 0"


# -- 8: the demo opened at start is not "a new game" in the save prompt -----------------


def test_the_demo_opened_at_start_is_named_as_the_demo_in_the_save_prompt(
    qtbot, monkeypatch, dialogs
):
    from tabletop_gui.app import main as main_module

    monkeypatch.setattr(QApplication, "exec", lambda *_a: 0)
    monkeypatch.setattr(main_module.MainWindow, "offer_recovery", lambda *_a, **_k: 0)
    monkeypatch.setattr(main_module, "_WINDOWS", [])
    assert main_module.run_app(None) == 0  # as `tabletop-gui` with no file starts
    (window,) = main_module._WINDOWS
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
