"""Second new-user trial (docs: /work/briefs/usertest2.md), the panels' findings:
the Inspector in a player's view (3), markers that take the palette's Side (5),
the refusal slot (8), and from 9: the stream PNG folder, New board of this kind,
each family's Inspector fields, readable names for dropped markers and messages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QFileDialog

from tabletop_gui import DEMO_BOARD
from tabletop_gui.app.main import MainWindow
from tabletop_gui.app.score_panel import COL_LEADER, COL_NAME
from tabletop_gui.io import load_game
from tabletop_gui.model.hexgrid import HexBoard

from .helpers import drop, open_window

SCENARIOS = Path(DEMO_BOARD).parent
CARNEVALE = SCENARIOS / "carnevale_drowned_quarter.json"
HEX = SCENARIOS / "hex_hochkirch_ridge_demo.json"


def open_file(qtbot, path: Path) -> MainWindow:
    return open_window(qtbot, load_game(str(path)), str(path))


def settle() -> None:
    """Let the Inspector's scroll area lay the form out (it does so on a posted
    layout request)."""
    for _ in range(3):
        QApplication.processEvents()


def select(window: MainWindow, piece_id: str) -> None:
    window.scene.clearSelection()
    window.scene.pieces[piece_id].setSelected(True)
    settle()


def view_as(window: MainWindow, name: str) -> None:
    """View > Score as seen by > ``name``, as a click on the menu entry does."""
    action = next(a for a in window.viewer_menu.actions() if a.text() == name)
    action.trigger()
    QApplication.processEvents()


# -- 3: a hidden objective's value in a player's view ------------------------------------


def test_a_players_view_shows_a_face_down_objectives_value_as_a_question_mark(qtbot):
    window = open_file(qtbot, CARNEVALE)
    select(window, "obj-relic")  # Sunken Relic: hidden, value 2, not revealed
    value = window.inspector.widgets["value"]
    assert value.text() == "2" and not value.isReadOnly()  # the referee sees it

    view_as(window, "Guild of Thieves")
    assert value.text() == "?"
    assert value.isReadOnly()
    assert "Guild of Thieves" in value.toolTip()
    assert "2" not in value.text()

    view_as(window, "Referee (everything)")
    assert value.text() == "2" and not value.isReadOnly()


def test_typing_into_a_hidden_value_in_a_players_view_changes_nothing(qtbot):
    window = open_file(qtbot, CARNEVALE)
    select(window, "obj-relic")
    view_as(window, "The Rashaar")
    steps = window.doc.undo_stack.count()
    window.inspector.edit("value", "5")
    assert window.doc.state.scene.markers["obj-relic"].value == 2
    assert window.doc.undo_stack.count() == steps
    assert window.inspector.widgets["value"].text() == "?"


def test_a_revealed_or_open_objective_keeps_its_value_in_a_players_view(qtbot):
    window = open_file(qtbot, CARNEVALE)
    view_as(window, "Guild of Thieves")
    select(window, "obj-bell")  # no hidden rule: its value is public
    assert window.inspector.widgets["value"].text() == "1"
    assert not window.inspector.widgets["value"].isReadOnly()
    window.inspector.widgets["revealed"].setChecked(True)  # nothing face down now
    select(window, "obj-relic")
    window.inspector.widgets["revealed"].setChecked(True)
    assert window.inspector.widgets["value"].text() == "2"


# -- 5: markers whose rule gives them an owner take the palette's Side -------------------


def new_board(qtbot, key: str) -> MainWindow:
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), None)
    assert window.new_game(key, ask=False)
    QApplication.processEvents()
    window.view.fit_board()
    return window


def choose_side(window: MainWindow, side_id: str) -> None:
    box = window.palette.side_box
    box.setCurrentIndex(box.findData(side_id))


def test_a_secure_target_marker_dropped_from_the_palette_takes_the_palettes_side(qtbot):
    window = new_board(qtbot, "t9a/dawn_assault/t9a.secure_target")
    choose_side(window, "player-b")
    assert drop(window, window.palette.mime_for("marker", "t9a-secure"), 36, 30)
    marker = next(
        m for m in window.doc.state.scene.markers.values() if m.kind == "t9a.secure_target"
    )
    assert marker.side == "player-b"
    inspector = window.inspector
    assert inspector.widgets["side"].currentText() == "Player B"
    # The score names the owner's marker instead of asking for one.
    reasons = " ".join(r.reason for r in window.doc.scoreboard().results)
    assert "has no owner" not in reasons


def test_a_secure_target_marker_placed_by_double_click_takes_the_side_too(qtbot):
    window = new_board(qtbot, "t9a/dawn_assault/t9a.secure_target")
    choose_side(window, "player-a")
    item = window.palette.find("marker", "t9a-secure")
    window.palette.tree.itemDoubleClicked.emit(item, 0)
    markers = list(window.doc.state.scene.markers.values())
    assert [m.side for m in markers] == ["player-a"]


def test_spoils_of_war_and_plain_markers_stay_without_a_side(qtbot):
    window = new_board(qtbot, "t9a/frontline_clash/none")
    choose_side(window, "player-b")
    assert drop(window, window.palette.mime_for("marker", "t9a-spoils"), 20, 24)
    assert drop(window, window.palette.mime_for("marker", "plain"), 50, 24)
    sides = {m.kind: m.side for m in window.doc.state.scene.markers.values()}
    assert sides == {"t9a.spoils": None, "marker": None}


# -- 8: the refusal does not move the fields; the status clears on success ---------------


def field_top(window: MainWindow, name: str) -> int:
    w = window.inspector.widgets[name]
    return w.mapTo(window.inspector, QPoint(0, 0)).y()


def test_a_refusal_does_not_push_the_inspectors_fields_down(qtbot):
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    select(window, "a-peasants")
    before = {n: field_top(window, n) for n in ("name", "base_width_mm", "facing")}
    window.inspector.edit("models", "-5")
    settle()
    assert "refused" in window.inspector.message.text()
    assert window.inspector.message.isVisible()
    assert {n: field_top(window, n) for n in before} == before
    # A long reason is cut to the slot (all of it in the tooltip), never taller.
    height = window.inspector.message.height()
    window.inspector.edit("base_width_mm", "wide " * 40)
    settle()
    assert window.inspector.message.height() == height
    assert window.inspector.message.shown().endswith("…")
    assert window.inspector.message.toolTip().startswith("Base width (mm): refused")
    assert {n: field_top(window, n) for n in before} == before


def test_the_refused_status_text_clears_when_a_later_edit_succeeds(qtbot):
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    select(window, "a-peasants")
    window.inspector.edit("x", "nan")
    assert window.statusBar().currentMessage().startswith("Refused:")
    window.inspector.edit("x", "30")
    assert window.doc.state.scene.units["a-peasants"].x == 30
    assert window.statusBar().currentMessage() == ""
    assert window.inspector.message.text() == ""


def test_the_inspectors_refusal_names_the_piece_by_its_name(qtbot):
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    select(window, "a-duke")
    window.inspector.edit("base_width_mm", "0")
    text = window.inspector.message.text()
    assert text.startswith("Base width (mm): refused, must be > 0")  # trial 3: the label's words
    assert window.statusBar().currentMessage().startswith("Refused: Duke (a-duke): Base width")
    assert "a-duke." not in window.statusBar().currentMessage()


# -- 9: the stream PNG folder ---------------------------------------------------------


def test_the_stream_png_dialog_opens_in_the_data_folder_which_it_creates(
    qtbot, monkeypatch, tmp_path
):
    data = tmp_path / "fresh" / "tabletop_gui"
    monkeypatch.setenv("TABLETOP_GUI_DATA_DIR", str(data))
    asked: list[str] = []

    def save_dialog(_parent, _caption, start, _filter, *args, **kwargs):
        asked.append(start)
        assert Path(start).parent.is_dir()  # the dialog can open there
        return "", ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_dialog)
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    assert not data.exists()
    window.stream_action.trigger()
    assert asked == [str(data / "stream.png")]
    assert data.is_dir()
    assert not window.stream_action.isChecked()  # cancelled: no output started


# -- 9: New board of this kind -----------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "deployment", "kinds"),
    [
        ("t9a/dawn_assault/t9a.secure_target", "dawn_assault", ["t9a.secure_target"]),
        ("t9a/refused_flank/t9a.spoils_of_war", "refused_flank", ["t9a.spoils_of_war"]),
        ("t9a/encircle/none", "encircle", []),
    ],
)
def test_new_board_of_this_kind_keeps_the_deployment_type_and_objective(
    qtbot, key, deployment, kinds
):
    window = new_board(qtbot, key)
    first = window.doc.committed.setup
    choose_side(window, "player-a")
    drop(window, window.palette.mime_for("unit", "t9a-20x20"), 36, 24)
    assert window.doc.state.scene.units  # something placed: the new board is empty again
    window.activateWindow()
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    setup = window.doc.committed.setup
    assert setup is not first
    assert setup.family == "t9a"
    assert setup.deployment == deployment
    assert [o.kind for o in setup.objectives] == kinds
    assert setup.name == first.name
    assert not window.doc.state.scene.units
    assert window.doc.path is None


def test_new_board_of_this_kind_from_a_file_keeps_its_objectives(qtbot):
    path = SCENARIOS / "t9a_frontline_clash_secure_target.json"
    window = open_file(qtbot, path)
    old = window.doc.committed.setup
    assert window.new_same_kind()
    setup = window.doc.committed.setup
    assert setup.deployment == old.deployment == "frontline_clash"
    assert [o.kind for o in setup.objectives] == [o.kind for o in old.objectives]
    assert not setup.scene.markers  # the players place their own markers


def test_new_board_of_this_kind_on_hex_and_carnevale_boards(qtbot):
    window = open_file(qtbot, HEX)
    window.new_same_kind()
    setup = window.doc.committed.setup
    assert setup.family == "hex" and isinstance(setup.scene.board, HexBoard)
    assert setup.scene.board.rows == 9 and not setup.scene.units
    window.new_game("hex-11", ask=False)
    window.new_same_kind()
    assert window.doc.committed.setup.scene.board.rows == 11
    window.open_path(str(CARNEVALE), ask=False)
    window.new_same_kind()
    setup = window.doc.committed.setup
    assert setup.family == "carnevale" and not setup.scene.units
    assert (setup.scene.board.width, setup.scene.board.height) == (36, 36)


# -- 9: each family's Inspector fields ---------------------------------------------------

T9A_ONLY = {"models_per_rank", "height", "fleeing", "scoring_lost"}
CARNEVALE_ONLY = {"life_points", "mindless", "pickpocket"}


def test_the_hex_inspector_offers_only_the_fields_hex_rules_use(qtbot):
    window = open_file(qtbot, HEX)
    select(window, "b-musk")
    fields = set(window.inspector.widgets)
    assert not fields & (T9A_ONLY | CARNEVALE_ONLY | {"scoring", "elevation"})
    assert {"name", "side", "hex", "facing", "leader", "models"} <= fields  # trial 3: a hex
    rows = window.inspector.form.rowCount()
    assert rows == len(fields)


def test_the_carnevale_inspector_offers_characters_and_objective_fields(qtbot):
    window = open_file(qtbot, CARNEVALE)
    unit = next(iter(window.doc.state.scene.units))
    select(window, unit)
    fields = set(window.inspector.widgets)
    assert fields >= CARNEVALE_ONLY and "elevation" in fields
    assert not fields & (T9A_ONLY | {"models", "scoring", "leader"})
    select(window, "obj-relic")
    fields = set(window.inspector.widgets)
    assert {"value", "hidden", "mobile", "claimable", "destructible", "revealed"} <= fields


def test_the_ninth_age_inspector_keeps_its_fields_and_drops_carnevales(qtbot):
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    select(window, "a-peasants")
    fields = set(window.inspector.widgets)
    assert T9A_ONLY | {"models", "scoring", "leader"} <= fields
    assert not fields & CARNEVALE_ONLY


# -- 9: a dropped Carnevale objective gets a readable name -------------------------------


def test_a_carnevale_objective_dropped_from_the_palette_gets_a_readable_name(qtbot):
    window = new_board(qtbot, "carnevale")
    mime = window.palette.mime_for("marker", "objective-hidden")
    assert drop(window, mime, 10, 18)
    assert drop(window, window.palette.mime_for("marker", "objective-hidden"), 26, 18)
    assert drop(window, window.palette.mime_for("marker", "objective"), 18, 10)
    labels = sorted(m.label for m in window.doc.state.scene.markers.values())
    assert labels == ["Hidden objective 1", "Hidden objective 2", "Objective 1"]
    names = [r.name for r in window.doc.scoreboard().results]
    assert "Hidden objective 1" in names and "objective-hidden" not in names
    panel = window.score_panel
    panel_text = " ".join(panel.cell(i, COL_NAME) for i in range(panel.table.rowCount() // 2))
    assert "Hidden objective 1" in panel_text and "objective-hidden" not in panel_text
    item = window.scene.pieces["objective-hidden"]
    assert item.caption.startswith("Hidden objective 1")
    assert window.inspector.title.text() == "Marker: Objective 1"
    assert window.doc.undo_stack.undoText() == "Place Objective 1"


# -- 9: a broken file names its line -------------------------------------------------------


def test_a_broken_json_file_says_which_line(qtbot, dialogs, tmp_path):
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    text = json.dumps(json.loads(Path(DEMO_BOARD).read_text()), indent=1)
    broken = tmp_path / "broken.json"
    broken.write_text(text.replace('"units"', '"units" "oops"', 1))
    assert not window.open_path(str(broken), ask=False)
    _title, message = dialogs.warnings[-1]
    assert "Where in the file: line " in message and "(file)" not in message


# -- 9: a settled objective nobody holds does not say "yet" ------------------------------


def test_after_the_hex_battle_is_won_a_row_nobody_holds_reads_nobody_final(qtbot):
    window = open_file(qtbot, HEX)
    panel = window.score_panel
    shown = [panel.cell(i, COL_LEADER) for i in range(len(panel.rows))]
    rows = {r.name: text for r, text in zip(panel.rows, shown, strict=True)}
    assert rows["Ridge (majority)"] == "nobody (final)"
    assert not any("nobody yet" in text for text in rows.values())
