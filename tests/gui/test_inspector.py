"""The Inspector: the refusal slot that never moves the fields, refusals worded by
the field's label and the piece's name, and each family's own fields."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication

from tabletop_gui.app.windows.main_window import MainWindow
from tabletop_gui.examples import DEMO_BOARD
from tabletop_gui.io import load_game

from .helpers import open_window

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


def field_top(window: MainWindow, name: str) -> int:
    w = window.inspector.widgets[name]
    return w.mapTo(window.inspector, QPoint(0, 0)).y()


T9A_ONLY = {"models_per_rank", "height", "fleeing", "scoring_lost"}
CARNEVALE_ONLY = {"life_points", "mindless", "pickpocket"}


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


def test_a_refusal_is_taken_down_once_the_piece_changes_in_the_game(qtbot):
    # The refusal speaks of a value the piece never took: once the piece moves
    # (a drag, an undo, an import), it no longer describes what is shown.
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    select(window, "a-peasants")
    window.inspector.edit("x", "200")
    assert "x (in): refused" in window.inspector.message.text()
    assert window.editor.commit_move(["a-peasants"], 1.0, 0.0) is None
    settle()
    assert window.inspector.message.text() == ""
    window.inspector.edit("x", "200")
    assert "refused" in window.inspector.message.text()
    window.doc.undo_stack.undo()  # the move, undone
    settle()
    assert window.inspector.message.text() == ""


def test_escape_in_a_field_takes_down_its_refusal(qtbot):
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    select(window, "a-peasants")
    window.inspector.edit("x", "200")
    assert "refused" in window.inspector.message.text()
    field = window.inspector.widgets["x"]
    field.setFocus()
    qtbot.keyClick(field, Qt.Key.Key_Escape)
    assert window.inspector.message.text() == ""
    assert window.doc.state.scene.units["a-peasants"].x != 200


def test_a_unit_moved_by_its_x_field_is_flagged_as_a_drag_of_it_would_be(qtbot):
    # The demo's present: Equitaine's Player Turn. Orc Boyz moved by typing its
    # x is a move of the side not acting, and the log flags it as it flags a drag.
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    select(window, "b-boyz")
    before = len(window.doc.timeline.events)
    window.inspector.edit("x", "30")
    assert window.doc.state.scene.units["b-boyz"].x == 30
    row = before + 1  # the log numbers events from 1
    assert window.log_panel.flagged_rows()[-1] == row
    assert "Orc Boyz (Orcs) moved in Equitaine's turn" in window.log_panel.row_text(row)


def test_the_hex_field_refuses_a_hex_another_unit_holds_as_a_drag_does(qtbot):
    # Hochkirch after event 19: Musketeers on F5, Grenadiers on G5; one unit per
    # hex (docs/hex.md), whether the unit is dragged or its hex typed.
    game = load_game(str(HEX))
    window = open_window(qtbot, game.truncated(19), None)
    select(window, "b-musk")
    x, y = (window.doc.state.scene.units["b-musk"].x, window.doc.state.scene.units["b-musk"].y)
    window.inspector.edit("hex", "G5")
    assert "cannot enter hex G5" in window.inspector.message.text()
    assert (window.doc.state.scene.units["b-musk"].x, window.doc.state.scene.units["b-musk"].y) == (
        x,
        y,
    )
    assert len(window.doc.timeline.events) == 19


def test_the_inspectors_refusal_names_the_piece_by_its_name(qtbot):
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    select(window, "a-duke")
    window.inspector.edit("base_width_mm", "0")
    text = window.inspector.message.text()
    assert text.startswith("Base width (mm): refused, must be > 0")
    assert window.statusBar().currentMessage().startswith("Refused: Duke: Base width")
    assert "a-duke." not in window.statusBar().currentMessage()


def test_the_hex_inspector_offers_only_the_fields_hex_rules_use(qtbot):
    window = open_file(qtbot, HEX)
    select(window, "b-musk")
    fields = set(window.inspector.widgets)
    assert not fields & (T9A_ONLY | CARNEVALE_ONLY | {"scoring", "elevation"})
    assert {"name", "side", "hex", "leader", "figures", "special"} <= fields
    # A hex unit fills its hex: no millimetres, models or facing to edit.
    assert not fields & {"base_width_mm", "base_depth_mm", "models", "facing", "base_shape"}
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


def test_an_objectives_value_below_zero_is_refused_by_its_field(qtbot):
    # An objective is worth Victory Points (docs/carnevale.md): -2 scores nothing
    # and would take points off the side holding it.
    window = open_file(qtbot, CARNEVALE)
    select(window, "obj-mask")
    window.inspector.edit("value", "-2")
    assert window.inspector.message.text().startswith("Value: refused, must be >= 0, got -2")
    assert window.doc.state.scene.markers["obj-mask"].value == 3


def test_renaming_a_piece_renames_the_inspectors_title(qtbot):
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    select(window, "forest")
    assert window.inspector.title.text() == "Terrain: Forest"
    window.inspector.edit("name", "Old Mill")
    assert window.doc.state.scene.terrain["forest"].name == "Old Mill"
    assert window.inspector.title.text() == "Terrain: Old Mill"


def test_a_refusal_made_while_looking_back_comes_down_once_the_game_continues(qtbot):
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    window.doc.look_at(10)
    select(window, "a-knights")
    window.inspector.edit("x", "30")
    assert "refused" in window.inspector.message.text()
    assert window.doc.continue_from_here() is None
    settle()
    assert window.inspector.message.text() == ""
    window.inspector.edit("x", "30")  # now an edit of the game from that moment
    assert window.doc.state.scene.units["a-knights"].x == 30


def test_several_pieces_selected_are_counted_and_named_not_called_nothing(qtbot):
    window = open_file(qtbot, DEMO_BOARD)
    window.scene.clearSelection()
    for piece_id in ("a-knights", "a-duke"):
        window.scene.pieces[piece_id].setSelected(True)
    settle()
    title = window.inspector.title.text()
    assert title.startswith("2 pieces selected: ")
    assert "Knights of the Realm" in title and "Duke" in title
    assert "select one alone to edit it" in title


def test_the_inspectors_words_wrap_in_a_narrow_panel_without_a_sideways_scrollbar(qtbot):
    """What a pinned ruler offers was cut ("Delete rem…") with a horizontal
    scrollbar; the title wraps to the panel's width."""
    from tabletop_gui.app.windows.edit_actions import RULER_SELECTED

    window = open_file(qtbot, DEMO_BOARD)
    window.scene.clearSelection()
    window.inspector.set_piece(None, window.doc.state.scene, RULER_SELECTED)
    dock = window.panels.docks["Inspector"]
    window.resizeDocks([dock], [220], Qt.Orientation.Horizontal)
    settle()
    scroll = window.inspector.parentWidget().parentWidget()
    assert not scroll.horizontalScrollBar().isVisible()
    assert window.inspector.title.width() <= scroll.viewport().width()
