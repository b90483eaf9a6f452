"""A player's view in the Inspector: a face-down value reads '?' and cannot be typed
over; revealed or open objectives keep their value."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication

from tabletop_gui.app.windows.main_window import MainWindow
from tabletop_gui.examples import DEMO_BOARD
from tabletop_gui.io import load_game

from .helpers import open_window

SCENARIOS = Path(DEMO_BOARD).parent
CARNEVALE = SCENARIOS / "carnevale_drowned_quarter.json"


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
    action = next(a for a in window.board.viewer_menu.actions() if a.text() == name)
    action.trigger()
    QApplication.processEvents()


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


def test_choosing_a_players_view_says_so_and_names_it_in_the_score_panels_title(qtbot):
    """(docs/canvas.md, Looking around) A Carnevale game hides a face-down value
    from a gang; The Ninth Age hides nothing, and the status bar says which."""
    window = open_file(qtbot, CARNEVALE)
    score = window.panels.docks["Score"]
    view_as(window, "Guild of Thieves")
    assert score.windowTitle() == "Score (Guild of Thieves' view)"
    assert window.panels.panel_actions["Score"].text() == "Score"  # the menu entry stays
    assert window.statusBar().currentMessage() == (
        "Score as seen by Guild of Thieves: what Guild of Thieves cannot know shows as '?'"
    )
    view_as(window, "Referee (everything)")
    assert score.windowTitle() == "Score"
    demo = open_file(qtbot, SCENARIOS / "t9a_frontline_clash_demo.json")
    view_as(demo, "Orcs")
    assert demo.statusBar().currentMessage() == (
        "Score as seen by Orcs: nothing in this game is hidden from a side"
    )


def test_a_players_view_of_the_game_log_hides_a_face_down_value_set_in_the_inspector(qtbot):
    """The referee sets the face-down Sunken Relic's value to 3: the log reads
    "value 3" in the referee's view and "value ?" in a gang's, as the Inspector
    and the score hide it there (docs/carnevale.md, Choices where the rules are open)."""
    window = open_file(qtbot, CARNEVALE)
    select(window, "obj-relic")
    window.inspector.edit("value", "3")
    settle()
    last = window.log_panel.list.count() - 1
    assert window.log_panel.row_text(last).endswith("value 3")
    view_as(window, "Guild of Thieves")
    assert window.log_panel.row_text(last).endswith("value ?")
    view_as(window, "Referee (everything)")
    assert window.log_panel.row_text(last).endswith("value 3")


def test_ctrl_shift_v_steps_the_score_through_the_referees_view_and_each_sides(qtbot):
    """(docs/canvas.md, Looking around) View ▸ Score as seen by ▸ Next view,
    Ctrl+Shift+V (H is the streamer view's own switch of hidden values): the
    referee's view, then each gang's in the game's order, then the referee's
    again; the menu ticks the view shown and the Inspector follows it."""
    from PySide6.QtCore import Qt

    window = open_file(qtbot, CARNEVALE)
    score = window.panels.docks["Score"]
    entries = {a.text(): a for a in window.board.viewer_menu.actions() if a.text()}
    assert entries["&Next view (referee, then each side)"].shortcut().toString() == "Ctrl+Shift+V"
    select(window, "obj-relic")  # Sunken Relic: hidden, value 2, not revealed
    window.view.setFocus()
    seen = []
    for _ in range(3):
        qtbot.keyClick(window.view, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier
                       | Qt.KeyboardModifier.ShiftModifier)  # fmt: skip
        settle()
        ticked = [a.text() for a in window.board.viewer_menu.actions() if a.isChecked()]
        seen.append((score.windowTitle(), ticked, window.inspector.widgets["value"].text()))
    assert seen == [
        ("Score (Guild of Thieves' view)", ["Guild of Thieves"], "?"),
        ("Score (The Rashaar's view)", ["The Rashaar"], "?"),
        ("Score", ["Referee (everything)"], "2"),
    ]
