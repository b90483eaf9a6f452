"""Opening a file that is not valid JSON says which line and column are wrong."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from tabletop_gui.examples import DEMO_BOARD
from tabletop_gui.io import load_game

from .helpers import open_window


def test_a_broken_json_file_says_which_line(qtbot, dialogs, tmp_path):
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    text = json.dumps(json.loads(Path(DEMO_BOARD).read_text()), indent=1)
    broken = tmp_path / "broken.json"
    broken.write_text(text.replace('"units"', '"units" "oops"', 1))
    assert not window.files.open_path(str(broken), ask=False)
    _title, message = dialogs.warnings[-1]
    assert "Where in the file: line " in message and "(file)" not in message


def test_a_file_with_several_problems_lists_every_one_and_keeps_the_open_board(
    qtbot, dialogs, tmp_path
):
    """The loader stops at the first problem; the message lists what ``validate``
    finds, so the user fixes the file in one go."""
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    data = json.loads(Path(DEMO_BOARD).read_text())
    data["units"][2]["models"] = -3
    data["units"][4]["base_width_mm"] = 0
    bad = tmp_path / "two_problems.json"
    bad.write_text(json.dumps(data))
    assert not window.files.open_path(str(bad), ask=False)
    _title, message = dialogs.warnings[-1]
    assert "2 problems:" in message
    assert "• units[2].models: must be >= 1, got -3" in message
    assert "• units[4].base_width_mm: must be > 0" in message
    assert "The open board was left as it was." in message
    assert window.doc.opened_from == str(DEMO_BOARD)


def refused_log(tmp_path) -> Path:
    """The demo with a 13th event the rules refuse (Game Turn 1 starting again)."""
    data = json.loads(Path(DEMO_BOARD).read_text())
    data["events"].insert(12, {"type": "turn_start", "turn": 1})
    path = tmp_path / "disputed.json"
    path.write_text(json.dumps(data))
    return path


def test_a_log_the_rules_refuse_opens_up_to_the_event_before_it_as_an_unsaved_copy(
    qtbot, dialogs, tmp_path
):
    """A referee's file with a refused event: the window offers the game as it
    stood before it; the file is never written with the shorter log."""
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    path = refused_log(tmp_path)
    before = path.read_bytes()
    dialogs.answer = QMessageBox.StandardButton.Open
    assert window.files.open_path(str(path), ask=False)
    title, question = dialogs.questions[-1]
    assert title == "Open up to the refused event?"
    assert "Where in the file: events[12]" in question
    assert "turn 1 cannot start now" in question
    assert "refuse event 13 of its log of 23" in question  # the log's numbering
    assert "before it, after event 12," in question
    assert len(window.doc.timeline.events) == 12
    assert window.doc.path is None and window.doc.dirty  # Save asks where
    assert "disputed.json (a copy, not saved yet) *" in window.windowTitle()
    assert "up to event 12 of 23: event 13 (events[12])" in window.statusBar().currentMessage()
    assert window.files.game_name() == "the copy of disputed.json"
    assert window.files.suggested_path() == str(tmp_path / "disputed-to-event-12.json")
    assert path.read_bytes() == before


def test_declining_to_open_up_to_the_refused_event_keeps_the_open_board(qtbot, dialogs, tmp_path):
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    events = window.doc.timeline.events
    dialogs.answer = QMessageBox.StandardButton.Cancel
    assert not window.files.open_path(str(refused_log(tmp_path)), ask=False)
    assert window.doc.timeline.events == events
    assert "events[12]" in window.statusBar().currentMessage()


def test_tabletop_gui_started_on_a_refused_log_offers_it_up_to_the_event_before(
    qtbot, dialogs, tmp_path, monkeypatch
):
    """`tabletop-gui disputed.json` printed the refusal and exited 2; the window
    now makes the same offer as File > Open (declined: the demo board stays)."""
    from PySide6.QtWidgets import QApplication

    from tabletop_gui.app.windows import launch
    from tabletop_gui.app.windows.file_actions import FilesController

    monkeypatch.setattr(QApplication, "exec", lambda *_a: 0)
    monkeypatch.setattr(FilesController, "offer_recovery", lambda *_a, **_k: 0)
    path = refused_log(tmp_path)
    for answer, events in (
        (QMessageBox.StandardButton.Open, 12),
        (QMessageBox.StandardButton.Cancel, 22),
    ):
        monkeypatch.setattr(launch, "_WINDOWS", [])
        dialogs.answer = answer
        assert launch.run_app(str(path)) == 0
        (window,) = launch._WINDOWS
        qtbot.addWidget(window)
        assert dialogs.questions[-1][0] == "Open up to the refused event?"
        assert len(window.doc.timeline.events) == events
        assert window.doc.path is None


@pytest.mark.parametrize(
    "name, text, where, problem",
    [
        (
            "broken.json",
            '{"format": "tabletop-gui", oops',
            "Where in the file: line 1, column 28",
            "not valid JSON",
        ),
        ("missing.json", None, "Where in the file: the file as a whole", "cannot read"),
        # Every problem listed, the first the loader stopped at among them.
        ("sides.json", "SIDES", "• sides: expected a list", "• units[0..3].side: unknown side"),
    ],
    ids=["not-json", "missing", "bad-field"],
)
def test_starting_on_a_bad_file_opens_the_window_on_the_demo_and_names_the_problem(
    qtbot, dialogs, tmp_path, monkeypatch, capsys, name, text, where, problem
):
    """`tabletop-gui bad.json` printed the error and exited 2 with no window:
    started from the desktop entry or the bundle, nothing was seen at all."""
    from PySide6.QtWidgets import QApplication

    from tabletop_gui.app.windows import launch
    from tabletop_gui.app.windows.file_actions import FilesController

    monkeypatch.setattr(QApplication, "exec", lambda *_a: 0)
    monkeypatch.setattr(FilesController, "offer_recovery", lambda *_a, **_k: 0)
    monkeypatch.setattr(launch, "_WINDOWS", [])
    path = tmp_path / name
    if text == "SIDES":
        data = json.loads(Path(DEMO_BOARD).read_text())
        data["sides"] = "two"
        text = json.dumps(data)
    if text is not None:
        path.write_text(text)
    assert launch.run_app(str(path)) == 0
    (window,) = launch._WINDOWS
    qtbot.addWidget(window)
    assert window.isVisible()
    assert window.doc.opened_from == str(DEMO_BOARD)  # the demo, as an unsaved copy
    title, message = dialogs.warnings[-1]
    assert title == "Cannot open this file"
    assert message.startswith(str(path))
    assert where in message and problem in message
    assert "The demo board is open instead" in message
    assert f"error: {path}" in capsys.readouterr().err


def test_the_command_line_commands_keep_their_exit_code_on_a_bad_file(tmp_path, capsys):
    from tabletop_gui.cli import main

    bad = tmp_path / "bad.json"
    bad.write_text("{oops")
    for command in (["score"], ["validate"], ["render", "-o", str(tmp_path / "x.png")]):
        args = [command[0], str(bad), *command[1:]]
        assert main(args) == 2, command
