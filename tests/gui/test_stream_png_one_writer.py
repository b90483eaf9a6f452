"""One stream PNG, one writer: a second window is never offered, nor allowed,
the file another window's output writes (docs/streaming.md, The PNG for streaming)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog

from tabletop_gui.app.stream.png_output import StreamFileTaken
from tabletop_gui.examples import DEMO_BOARD, SCENARIOS
from tabletop_gui.io import load_game

from .helpers import open_window

CARNEVALE = SCENARIOS / "carnevale_drowned_quarter.json"


@pytest.fixture
def data(monkeypatch, tmp_path) -> Path:
    monkeypatch.setenv("TABLETOP_GUI_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def _dialog(monkeypatch, answers: list[str]) -> list[tuple[str, str]]:
    """The file dialog answers ``answers`` in turn (then cancels); returns
    what it was asked: (caption, suggested file)."""
    asked: list[tuple[str, str]] = []

    def save_dialog(_parent, caption, start, _filter, *args, **kwargs):
        asked.append((caption, start))
        return (answers.pop(0) if answers else ""), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_dialog)
    return asked


def test_a_second_window_is_offered_its_own_file_not_the_one_the_first_streams_to(
    qtbot, monkeypatch, data
):
    first = open_window(qtbot, load_game(str(CARNEVALE)), str(CARNEVALE))
    second = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    stream = data / "stream.png"
    first.stream.start_stream_output(str(stream))

    asked = _dialog(monkeypatch, [str(data / "stream-2.png")])
    second.stream.stream_action.trigger()

    caption, suggested = asked[0]
    assert suggested == str(data / "stream-2.png")
    assert "stream.png is being written by another window" in caption
    assert second.stream.stream_output is not None
    assert second.stream.stream_output.path == data / "stream-2.png"
    assert first.stream.stream_output is not None
    assert first.stream.stream_output.path == stream


def test_choosing_the_file_another_window_writes_is_refused_and_the_dialog_asks_again(
    qtbot, monkeypatch, data
):
    first = open_window(qtbot, load_game(str(CARNEVALE)), str(CARNEVALE))
    second = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    stream = data / "stream.png"
    first.stream.start_stream_output(str(stream))
    before = stream.read_bytes()

    asked = _dialog(monkeypatch, [str(stream)])  # the user insists, then cancels
    second.stream.stream_action.trigger()

    assert len(asked) == 2
    assert "stream.png is being written by another window of this run" in asked[1][0]
    assert second.stream.stream_output is None
    assert not second.stream.stream_action.isChecked()
    assert stream.read_bytes() == before  # the demo board never went over the stream


def test_the_file_is_free_again_once_the_first_window_stops_streaming(qtbot, data):
    first = open_window(qtbot, load_game(str(CARNEVALE)), str(CARNEVALE))
    second = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    stream = data / "stream.png"
    first.stream.start_stream_output(str(stream))
    with pytest.raises(StreamFileTaken):
        second.stream.start_stream_output(str(stream))

    first.stream.stop_stream_output()
    output = second.stream.start_stream_output(str(stream))
    assert output.path == stream
    assert not (data / "stream.png.lock").exists() or output.lock.isLocked()


def test_a_program_killed_while_streaming_does_not_hold_the_file(qtbot, data):
    """A crash leaves the lock beside the PNG; its process is gone, so the file
    is free to the next window."""
    stream = data / "stream.png"
    data.mkdir(parents=True)
    hold_and_die = (
        "import os, sys\n"
        "from PySide6.QtCore import QLockFile\n"
        "lock = QLockFile(sys.argv[1] + '.lock'); lock.setStaleLockTime(0)\n"
        "assert lock.tryLock(0)\n"
        "os._exit(0)  # no clean-up: the lock file stays, as after a crash\n"
    )
    subprocess.run([sys.executable, "-c", hold_and_die, str(stream)], check=True)
    assert (data / "stream.png.lock").exists()

    window = open_window(qtbot, load_game(str(CARNEVALE)), str(CARNEVALE))
    output = window.stream.start_stream_output(str(stream))
    assert output.path == stream and stream.exists()
