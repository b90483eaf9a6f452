"""The streamer view (a second window that follows the main one) and the PNG
output for streaming (rewritten atomically on every change)."""

from __future__ import annotations

import threading
import time

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QGuiApplication, QImage
from PySide6.QtWidgets import QApplication

from tabletop_gui import SCENARIOS
from tabletop_gui.app.streamer import StreamerWindow, bar_height, bar_unit
from tabletop_gui.io import load_game
from tabletop_gui.model.game import Game

from .helpers import open_window

CARNEVALE = SCENARIOS / "carnevale_drowned_quarter.json"
HEX = SCENARIOS / "hex_hochkirch_ridge_demo.json"


def test_streamer_view_shows_sides_totals_standings_and_turn_and_follows_live(qtbot):
    window = open_window(qtbot, Game(load_game(HEX).setup))
    streamer = window.open_streamer()
    qtbot.addWidget(streamer)
    streamer.resize(1920, 1080)
    qtbot.waitExposed(streamer)
    info = streamer.bar.info
    assert [s[0] for s in info.sides] == ["Prussia", "Austria"]
    assert [s[2] for s in info.sides] == ["0 banners", "0 banners"]
    assert len(info.standings) == len(window.doc.scoreboard().results)
    assert info.clock == "Setup (before the first turn)"
    assert not streamer.findChildren(type(window.turn_bar)), "no editing chrome"
    # The main window advances: the streamer follows within its throttle.
    qtbot.mouseClick(window.turn_bar.advance_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: streamer.bar.info.clock.startswith("Turn 1 · Prussia"), timeout=1000)
    # Pieces follow too: move a unit in the main window.
    unit = window.doc.committed.scene.units["b-gren"]
    window.editor.commit_move(["b-gren"], 0, 1.5)
    moved = window.doc.committed.scene.units["b-gren"]
    assert moved is not unit
    qtbot.waitUntil(lambda: streamer.scene.piece_item("b-gren").piece is moved, timeout=1000)
    # Full screen and back.
    qtbot.keyClick(streamer, Qt.Key.Key_F11)
    assert streamer.isFullScreen()
    qtbot.keyClick(streamer, Qt.Key.Key_Escape)
    assert not streamer.isFullScreen()


def test_score_bar_text_is_large_enough_to_read_at_1920_by_1080(qtbot):
    """26 px base text (objective names 23 px, side names 32 px) at stream size;
    the bar leaves most of the height to the board."""
    window = open_window(qtbot, load_game(HEX))
    streamer = StreamerWindow(window.doc)
    qtbot.addWidget(streamer)
    assert bar_unit(1920, 1080) == 26
    h = bar_height(streamer.bar.info, 1920, 1080)
    assert h < 1080 * 0.4
    image = streamer.frame(QSize(1920, 1080))
    assert (image.width(), image.height()) == (1920, 1080)


def test_hidden_values_stay_hidden_in_the_streamer_view(qtbot):
    window = open_window(qtbot, Game(load_game(CARNEVALE).setup))
    streamer = StreamerWindow(window.doc)
    qtbot.addWidget(streamer)
    mask = streamer.scene.piece_item("obj-mask")
    assert "hidden" in mask.marker.rules and not mask.marker.revealed
    assert mask.text == "?", "face down: no value"
    assert window.scene.piece_item("obj-mask").text == "3?", "the referee's board shows it"


def _complete_png(data: bytes) -> bool:
    return data.startswith(b"\x89PNG\r\n\x1a\n") and data.endswith(b"IEND\xaeB`\x82")


def test_stream_png_is_rewritten_within_a_second_and_never_read_half_written(qtbot, tmp_path):
    window = open_window(qtbot, Game(load_game(HEX).setup))
    path = tmp_path / "stream" / "board.png"
    out = window.start_stream_output(str(path))
    assert window.stream_box.isVisible()
    assert window.stream_path.text() == str(path.resolve())
    window.copy_stream_path()
    assert QGuiApplication.clipboard().text() == str(path.resolve())
    assert path.exists() and _complete_png(path.read_bytes())
    first = out.writes
    stop = threading.Event()
    bad: list[int] = []
    reads = [0]

    def reader() -> None:
        while not stop.is_set():
            try:
                data = path.read_bytes()
            except FileNotFoundError:
                bad.append(-1)
                continue
            reads[0] += 1
            if not _complete_png(data):
                bad.append(len(data))

    thread = threading.Thread(target=reader)
    thread.start()
    try:
        latencies = []
        for _ in range(4):
            n = out.writes
            t0 = time.monotonic()
            qtbot.mouseClick(window.turn_bar.advance_button, Qt.MouseButton.LeftButton)
            qtbot.waitUntil(lambda n=n: out.writes > n, timeout=1000)  # within one second
            latencies.append(time.monotonic() - t0)
    finally:
        stop.set()
        thread.join()
    print(f"stream PNG rewritten after {', '.join(f'{s * 1000:.0f}' for s in latencies)} ms")
    assert out.writes >= first + 4
    assert reads[0] > 0 and bad == []
    assert [p.name for p in path.parent.iterdir()] == ["board.png"], "no temp file left"
    image = QImage(str(path))
    assert (image.width(), image.height()) == (1920, 1080)
    window.stop_stream_output()
    assert not window.stream_box.isVisible()
    n = path.stat().st_mtime_ns
    qtbot.mouseClick(window.turn_bar.advance_button, Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    qtbot.wait(350)
    assert path.stat().st_mtime_ns == n, "stopped: no more rewrites"
