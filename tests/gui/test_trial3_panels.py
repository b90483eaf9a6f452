"""Third new-user trial (docs: /work/briefs/usertest3.md), the panels' findings:
the Objectives dialog keeps what was typed when Kind changes and drops a stale
refusal (5), dropped Secure Target markers read as the side's target (6), the
exports in a player's view (7), and from 8 and 9c: a round base's diameter, a hex
unit's hex, the demo's save prompt and the Inspector's refusal wording."""

from __future__ import annotations

import json
import re

from PySide6.QtWidgets import QApplication, QFileDialog

from tabletop_gui import DEMO_BOARD, SCENARIOS
from tabletop_gui.io import load_game

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
