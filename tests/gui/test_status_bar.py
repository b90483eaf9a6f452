"""The status bar never cuts a message mid-word (docs/canvas.md, Status bar)."""

from __future__ import annotations

import socket

from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game

from .helpers import open_window

HEX = SCENARIOS / "hex_hochkirch_ridge_demo.json"
RESTART = (
    "The stream overlay and the PNG for streaming (stream.png) were on when the program "
    "last closed; they are off now (View ▸ Stream overlay (browser source), View ▸ "
    "Output for streaming (PNG)… to start them again)"
)


def _streaming_window(qtbot, tmp_path, width: int):
    window = open_window(qtbot, load_game(str(HEX)))
    window.resize(width, 700)
    window.stream.start_stream_output(str(tmp_path / "stream.png"))
    with socket.socket() as s:  # a free port, not the usual one another test may hold
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    assert window.stream.start_overlay(port=port) is not None
    qtbot.waitUntil(lambda: window.statusBar().message_room() < width // 2, timeout=2000)
    return window


def test_a_short_message_shows_beside_the_stream_boxes(qtbot, tmp_path):
    window = _streaming_window(qtbot, tmp_path, 1024)
    bar = window.statusBar()
    window.stream.status("Path copied", 3000)
    assert bar.shown_message() == "Path copied"
    assert not bar.cover.isVisible() and window.stream.stream_box.isVisible()


def test_a_message_too_long_beside_the_boxes_shows_whole_over_them_until_it_goes(qtbot, tmp_path):
    window = _streaming_window(qtbot, tmp_path, 1024)
    bar = window.statusBar()
    text = RESTART[:120]
    window.stream.status(text, 300)
    assert bar.fontMetrics().horizontalAdvance(text) > bar.message_room()
    assert bar.shown_message() == text and bar.cover.isVisible()
    assert bar.cover.geometry().right() >= window.stream.overlay_box.geometry().right() - 8
    qtbot.waitUntil(lambda: bar.currentMessage() == "", timeout=2000)
    assert not bar.cover.isVisible()  # the boxes show again


def test_a_message_longer_than_the_whole_bar_ends_at_a_word_with_all_of_it_in_the_tooltip(
    qtbot, tmp_path
):
    window = _streaming_window(qtbot, tmp_path, 800)
    bar = window.statusBar()
    window.stream.status(RESTART, 3000)
    shown = bar.shown_message()
    assert shown != RESTART and shown.endswith(" …")
    assert RESTART.startswith(shown[:-2]) and RESTART[len(shown) - 2] == " "  # a whole word
    assert bar.fontMetrics().horizontalAdvance(shown) <= bar.cover.width()
    assert bar.toolTip() == RESTART

    window.resize(2400, 700)  # room enough now: the whole message
    qtbot.waitUntil(lambda: bar.shown_message() == RESTART, timeout=2000)
    assert bar.toolTip() == ""
