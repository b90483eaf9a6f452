"""The game log panel and the timeline: look back at any moment (read-only),
step with the keyboard, return to the present; undo and redo stay consistent.

The game is t9a_marching_columns_hold_the_ground.json: 30 events to Game Turn
4; Hold the Ground's first counter (Equitaine's) is taken at the end of Game
Turn 2, event 19.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tabletop_gui.app.panels.score_panel import COL_COUNTS
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game
from tabletop_gui.model.events import TurnEnd
from tabletop_gui.rules.engine import evaluate

from .helpers import open_window


@pytest.fixture
def demo(qtbot):
    path = SCENARIOS / "t9a_marching_columns_hold_the_ground.json"
    return open_window(qtbot, load_game(path), str(path))


def counters(window) -> dict[str, float]:
    return dict(window.doc.scoreboard().result("hold").counts)


def end_of_game_turn_2(window) -> int:
    events = window.doc.timeline.events
    return next(i for i, e in enumerate(events) if e == TurnEnd(2)) + 1


def test_every_event_is_listed_in_words(demo):
    panel = demo.log_panel
    events = demo.doc.timeline.events
    assert panel.list.count() == len(events) + 1
    assert panel.row_text(0).startswith("0. Setup")
    flagged = panel.flagged_rows()
    for i, event in enumerate(events, start=1):
        words = f"{i}. {event.describe(demo.doc.timeline.state_at(i - 1))}"
        if i in flagged:  # marked, its flag after the words (Unit Spacing: event 14)
            assert panel.row_text(i).startswith(f"⚑ {words}  (")
        else:
            assert panel.row_text(i) == words
    assert any(" moved " in panel.row_text(i) and " in" in panel.row_text(i)
               for i in range(1, panel.list.count()))  # fmt: skip


def test_scrubbing_back_shows_the_board_and_score_then_and_forward_again(demo, qtbot):
    n = end_of_game_turn_2(demo)
    assert n == 19
    present = counters(demo)
    assert present == {"equitaine": 1, "orcs": 0}
    demo.log_panel.list.setCurrentRow(n - 1)  # just before the end of Game Turn 2
    assert demo.doc.looking_back and demo.doc.state.index == n - 1
    assert sum(counters(demo).values()) == 0, "no counter before the end of Game Turn 2"
    # The canvas shows the pieces where they stood then.
    then = demo.doc.timeline.state_at(n - 1).scene
    for uid, unit in then.units.items():
        item = demo.scene.piece_item(uid)
        assert item.piece is unit
    # The score panel shows that moment's scoreboard.
    expected = evaluate(demo.doc.timeline.state_at(n - 1)).result("hold")
    shown = demo.score_panel.cell(0, COL_COUNTS)
    for side, value in expected.counts.items():
        assert f"{demo.doc.state.scene.side(side).name} {int(value)}" in shown
    # One step forward with the slider: the counter appears.
    demo.log_panel.slider.setValue(n)
    assert demo.doc.state.index == n
    assert sum(counters(demo).values()) == 1
    # Alt+Left steps back, Alt+End returns to the present.
    qtbot.keyClick(demo, Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)
    assert demo.doc.state.index == n - 1
    qtbot.keyClick(demo, Qt.Key.Key_End, Qt.KeyboardModifier.AltModifier)
    assert not demo.doc.looking_back
    assert counters(demo) == present
    assert demo.log_panel.list.currentRow() == len(demo.doc.timeline)


def test_the_past_is_read_only(demo, qtbot):
    demo.log_panel.slider.setValue(3)
    unit = next(iter(demo.doc.state.scene.units.values()))
    refused = demo.editor.commit_move([unit.id], 1.0, 0.0)
    assert refused and "looking back" in refused
    assert len(demo.doc.timeline) == demo.log_panel.list.count() - 1
    assert not demo.turn_bar.advance_button.isEnabled()
    assert "read-only" in demo.turn_bar.message.text()
    menu = demo.play.build_context_menu()
    assert "read-only" in menu.actions()[0].text()
    demo.log_panel.present_button.click()
    assert demo.turn_bar.advance_button.isEnabled()
    assert demo.editor.commit_move([unit.id], 1.0, 0.0) is None


def test_undo_and_redo_return_to_the_present_and_keep_the_log_in_step(demo, qtbot):
    length = len(demo.doc.timeline)
    qtbot.mouseClick(demo.turn_bar.advance_button, Qt.MouseButton.LeftButton)
    added = len(demo.doc.timeline) - length
    assert added >= 1
    assert demo.log_panel.list.count() == length + added + 1
    demo.log_panel.slider.setValue(2)
    assert demo.doc.looking_back
    demo.edit.undo_action.trigger()
    assert not demo.doc.looking_back
    assert len(demo.doc.timeline) == length
    assert demo.log_panel.list.count() == length + 1
    assert demo.log_panel.list.currentRow() == length
    demo.edit.redo_action.trigger()
    assert demo.log_panel.list.count() == length + added + 1
    assert demo.log_panel.row_text(length + added).startswith(f"{length + added}. ")


def test_a_won_battle_goes_on_from_the_moment_looked_back_at_as_one_undo_step(qtbot):
    # The bundled hex battle ends on its 39th event (Prussia's sixth banner).
    from PySide6.QtGui import QAction

    from tabletop_gui.examples import SCENARIOS
    from tabletop_gui.io import load_game

    from .helpers import open_window

    path = str(SCENARIOS / "hex_hochkirch_ridge_demo.json")
    window = open_window(qtbot, load_game(path), path)
    doc = window.doc
    assert doc.scoreboard().winner == "prussia" and len(doc.timeline) == 39
    action = next(a for a in window.findChildren(QAction) if a.text().startswith("&Continue from"))
    action.trigger()  # at the present: nothing to drop
    assert len(doc.timeline) == 39
    assert "look back at an earlier moment first" in window.statusBar().currentMessage()
    doc.look_at(38)
    action.trigger()
    assert len(doc.timeline) == 38 and not doc.looking_back
    assert doc.scoreboard().winner is None and not doc.state.clock.over
    assert doc.undo_stack.undoText() == "Continue from event 38 (drop 1 later event)"
    doc.undo_stack.undo()
    assert len(doc.timeline) == 39 and doc.scoreboard().winner == "prussia"
    doc.undo_stack.redo()
    assert len(doc.timeline) == 38 and doc.scoreboard().winner is None
