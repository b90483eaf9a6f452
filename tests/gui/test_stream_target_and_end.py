"""What a stream's viewer reads about the end of a game: each side's total with
the target the rules set for it ('4 banners (target 5)'), in the streamer
window, the stream PNG and the overlay's feed alike; and when the game ended
('during turn 3' when a side won with a move, 'after turn 6' when the last
turn ended), as the family's clock and winner say it."""

from __future__ import annotations

from tabletop_gui.model.game import Game
from tabletop_gui.play import turns, wording
from tabletop_gui.play.score_bar import bar_content
from tabletop_gui.rules.engine import Timeline, evaluate
from tabletop_gui.rules.play_types import Words
from tests.hex.m44kit import imported
from tests.hex.mill_ford import MILL_FORD, battle

from .helpers import open_window, streamer_at


def won_battle() -> Game:
    """Mill Ford fought to the Allies' win, with their fifth medal, in the middle
    of their third turn."""
    game = imported(MILL_FORD).game
    events = [e for _title, evs, _t, _f in battle(game) for e in evs]
    return Game(game.setup, tuple(events))


def test_a_total_says_the_target_when_the_rules_set_one():
    words = Words(total_one="banner", total_many="banners")
    assert wording.total_text(words, 1, target=4) == "1 banner (target 4)"
    assert wording.total_text(words, 4, target=4) == "4 banners (target 4 reached)"
    assert wording.total_text(words, 3) == "3 banners"


def test_a_battle_won_with_a_move_is_over_during_that_turn_not_after_it():
    game = won_battle()
    state = Timeline(game).state_at(len(game.events))
    board = evaluate(state)
    assert board.winner == "allies" and turns.game_over(state)
    assert turns.clock_text(state, game.events) == "Game over (during turn 3)"
    bar = bar_content(state, game.events, board, {})
    assert (bar.clock, bar.result) == ("Game over (during turn 3)", "United States wins")


def test_the_streamer_window_png_and_overlay_show_each_sides_target(qtbot, tmp_path):
    window = open_window(qtbot, won_battle())
    streamer = streamer_at(qtbot, window, 1920, 1080)
    info = streamer.bar.info
    assert [(s.name, s.total) for s in info.sides] == [
        ("United States", "5 banners (target 5 reached)"),
        ("Germany", "1 banner (target 4)"),
    ]
    assert info.clock == "Game over (during turn 3)"
    # The overlay's feed is this content as JSON; the PNG paints it.
    sides = info.to_json()["sides"]
    assert [s["total"] for s in sides] == ["5 banners (target 5 reached)", "1 banner (target 4)"]
    image = streamer.frame(streamer.size())
    assert image.save(str(tmp_path / "bar.png"))


def test_a_long_objective_name_is_shown_whole_in_the_bar_and_on_the_overlay_page(qtbot):
    """At 1920 x 1080 "Orchard Farm (F5): both sides' medal" was cut short in
    its tile ("… both sides' …"): it is drawn smaller, else on two lines."""
    from tabletop_gui.app.stream.score_bar import bar_layout

    from .browser import Browser
    from .test_hex_labels_where_there_is_room import MOMENTS, trial_board
    from .test_stream_overlay import served_window

    window, server = served_window(qtbot, trial_board(MOMENTS["armour on the farm"]))
    streamer = streamer_at(qtbot, window, 1920, 1080)
    info = streamer.bar.info
    long_name = "Orchard Farm (F5): both sides' medal"
    i = [t.name for t in info.tiles].index(long_name)
    lay = bar_layout(info, 1920, 1080)
    assert " ".join(lay.names[i]) == long_name  # whole, on one line or two
    browser = Browser(qtbot, 1920, 1080)
    browser.load(f"{server.url}overlay")
    browser.wait_for("window.overlayShown.version > 0")
    whole = browser.js(
        "[...document.querySelectorAll('.tile .name')].map(e => [e.textContent, "
        "e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight])"
    )
    assert [long_name, True] in whole
    assert all(fits for _name, fits in whole)
