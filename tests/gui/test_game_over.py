"""The turn bar once the rules name a winner (finding 9): it says who won and
offers nothing; a refusal can no longer be provoked from the bar."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game
from tabletop_gui.play import turns
from tabletop_gui.rules.engine import Timeline
from tabletop_gui.rules.scoreboard import Scoreboard

from .helpers import open_window

HEX = SCENARIOS / "hex_hochkirch_ridge_demo.json"


def visible_buttons(bar) -> list[str]:
    buttons = (bar.advance_button, bar.second_button, bar.third_button, bar.input_button,
               *bar.side_buttons, bar.dice_button)  # fmt: skip
    return [b.text() for b in buttons if b.isVisibleTo(bar) and b.isEnabled()]


def test_hex_battle_won_by_prussia_says_so_and_offers_no_action(qtbot):
    """Event 39 gives Prussia its sixth banner (target 6): the battle ends there."""
    window = open_window(qtbot, load_game(str(HEX)), str(HEX))
    bar = window.turn_bar
    assert window.doc.scoreboard().winner == "prussia"
    assert bar.clock.text() == "Prussia has won the battle (6 banners)"
    assert visible_buttons(bar) == []
    assert not bar.input_box.isVisibleTo(bar)
    assert bar.steps == []
    # The keyboard advance records nothing either.
    count = window.doc.undo_stack.count()
    log = len(window.doc.timeline)
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    QApplication.processEvents()
    assert (window.doc.undo_stack.count(), len(window.doc.timeline)) == (count, log)
    assert bar.message.text() == ""


def test_one_event_before_the_win_the_bar_still_offers_the_turn(qtbot):
    window = open_window(qtbot, load_game(str(HEX)).truncated(38), str(HEX))
    bar = window.turn_bar
    assert window.doc.scoreboard().winner is None
    assert "has won" not in bar.clock.text()
    assert visible_buttons(bar)  # the turn goes on: something to press


def test_undoing_the_winning_event_brings_the_actions_back(qtbot):
    game = load_game(str(HEX))
    window = open_window(qtbot, game.truncated(38), str(HEX))
    bar = window.turn_bar
    assert window.play.perform((game.events[38],), "last event") is None
    assert bar.clock.text() == "Prussia has won the battle (6 banners)"
    assert visible_buttons(bar) == []
    window.doc.undo_stack.undo()
    assert "has won" not in bar.clock.text()
    assert visible_buttons(bar)


def test_looking_back_before_the_win_shows_the_turn_not_the_result(qtbot):
    window = open_window(qtbot, load_game(str(HEX)), str(HEX))
    window.doc.look_at(20)
    assert "has won" not in window.turn_bar.clock.text()
    window.doc.look_at(None)
    assert window.turn_bar.clock.text().startswith("Prussia has won")


def test_result_line_counts_in_the_family_s_terms():
    state = Timeline(load_game(str(HEX))).current
    one = Scoreboard(results=(), totals={"prussia": 1.0}, winner="prussia")
    assert turns.result_text(state, one) == "Prussia has won the battle (1 banner)"
    assert turns.result_text(state, Scoreboard(results=())) is None


def test_a_banner_held_when_the_battle_ended_reads_as_won_by_its_holder_not_leading(qtbot):
    # The bundled hex battle ends on Prussia's instant win while Austria holds the
    # Village's temporary banner: that row is settled, Austria's (docs/hex.md,
    # Won, final and the end of the battle).
    from tabletop_gui.examples import SCENARIOS
    from tabletop_gui.io import load_game
    from tabletop_gui.play.wording import score_rows

    from .helpers import open_window

    path = str(SCENARIOS / "hex_hochkirch_ridge_demo.json")
    window = open_window(qtbot, load_game(path), path)
    board = window.doc.scoreboard()
    rows = {r.name: r.leader for r in score_rows(window.doc.state.scene, board, over=True)}
    assert rows["Village (temporary)"] == "Austria wins (final)"
    assert not any("leads" in text for text in rows.values())
