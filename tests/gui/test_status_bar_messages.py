"""The status bar keeps room for its messages (a refused edit's reason, a stream
write that failed) when the PNG stream and the overlay boxes show in it, down to
a 1024 x 640 window (docs/canvas.md, small windows)."""

from __future__ import annotations

import socket

from PySide6.QtWidgets import QApplication

from tabletop_gui.examples import DEMO_BOARD
from tabletop_gui.io import load_game

from .helpers import open_window


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_1024_px_window_streaming_and_serving_still_has_room_for_a_message(qtbot, tmp_path):
    window = open_window(qtbot, load_game(DEMO_BOARD))
    window.resize(1024, 640)
    window.stream.start_stream_output(str(tmp_path / "a folder with a long name" / "stream.png"))
    assert window.stream.start_overlay(port=free_port()) is not None
    QApplication.processEvents()
    bar = window.statusBar()
    assert window.stream.stream_box.isVisible() and window.stream.overlay_box.isVisible()
    # Messages are drawn left of the boxes: nearly a third of the bar stays theirs
    # (the boxes took all of it: a refused bow tie said nothing). It was over a
    # third while the overlay's address could be cut short; it is shown whole
    # now (a cut "http://127.0.0.1:876" read as the usual port), 314 px are left.
    room = min(
        window.stream.stream_box.geometry().left(), window.stream.overlay_box.geometry().left()
    )
    assert room >= 0.30 * bar.width(), (room, bar.width())
    # The whole path is one hover away; the address is shown whole, from its start.
    assert window.stream.stream_path.toolTip() == window.stream.stream_path.text()
    assert window.stream.overlay_address.toolTip().endswith("/overlay")
    assert window.stream.overlay_address.cursorPosition() == 0
    window.stream.stop_overlay()
    window.stream.stop_stream_output()
