"""Files: New from each preset, save and reopen the same game, recent files, the
title's unsaved mark and the prompt, autosave and recovery after a crash, and a
corrupt file refused with the place in the file while the open board stays."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from tabletop_gui.app import session
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import dumps, load_game
from tabletop_gui.model.game import Game
from tabletop_gui.play.new_game import presets
from tabletop_gui.rules.engine import evaluate

from .helpers import open_window

HEX = SCENARIOS / "hex_hochkirch_ridge_demo.json"


def advance(qtbot, window, times: int = 1) -> None:
    for _ in range(times):
        qtbot.mouseClick(window.turn_bar.advance_button, Qt.MouseButton.LeftButton)


def test_save_and_reopen_give_the_same_game_and_standings(qtbot, tmp_path):
    window = open_window(qtbot, Game(load_game(HEX).setup))
    advance(qtbot, window, 3)
    window.turn_bar.input_box.setEditText("Scout")
    qtbot.mouseClick(window.turn_bar.input_button, Qt.MouseButton.LeftButton)
    assert window.windowTitle().startswith("not saved yet *")
    path = tmp_path / "game.json"
    assert window.files.save_to(str(path))
    assert window.windowTitle().startswith("game.json — ")
    assert not window.doc.dirty
    again = open_window(qtbot, load_game(HEX))
    assert again.files.open_path(str(path))
    assert dumps(again.doc.game) == dumps(window.doc.game)
    assert again.doc.scoreboard().to_json() == window.doc.scoreboard().to_json()
    assert again.turn_bar.clock.text() == window.turn_bar.clock.text()
    assert session.recent_files()[0] == str(path.resolve())
    again.files.recent_menu.aboutToShow.emit()
    assert str(path.resolve()) in [a.text() for a in again.files.recent_menu.actions()]


def test_recent_files_from_a_hand_edited_settings_file_are_the_first_eight_good_names(
    qtbot, tmp_path
):
    # 100,000 names made the File menu 100,000 entries long (a minute to start);
    # a name with a control character is no file's.
    names = [f"/tmp/x{i}.json" for i in range(100_000)]
    ini = tmp_path / "settings.ini"  # the GUI conftest's settings file
    ini.write_text(
        "[General]\nrecent_files=/tmp/a\\x1b[2J.json, " + ", ".join(names) + "\n",
        encoding="utf-8",
    )
    assert session.recent_files() == names[: session.RECENT_MAX]
    window = open_window(qtbot, load_game(HEX))
    window.files.recent_menu.aboutToShow.emit()
    assert [a.text() for a in window.files.recent_menu.actions()] == names[: session.RECENT_MAX]


def test_a_corrupt_file_is_refused_with_its_place_and_the_board_stays(qtbot, tmp_path, dialogs):
    window = open_window(qtbot, load_game(HEX), str(HEX))
    before_game, before_path = dumps(window.doc.game), window.doc.path
    timeline = window.doc.timeline
    data = json.loads(HEX.read_text(encoding="utf-8"))
    data["units"][2]["base_width_mm"] = "wide"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert not window.files.open_path(str(bad))
    _title, text = dialogs.warnings[-1]
    assert "units[2].base_width_mm" in text and str(bad) in text
    assert window.doc.timeline is timeline
    assert dumps(window.doc.game) == before_game and window.doc.path == before_path
    # Broken JSON: the line and column.
    bad.write_text('{"format": "tabletop-gui", "version": 1,\n "sides": [}', encoding="utf-8")
    assert not window.files.open_path(str(bad))
    assert "Where in the file: line 2, column 12" in dialogs.warnings[-1][1]
    assert window.doc.timeline is timeline


def test_unsaved_changes_mark_the_title_and_prompt_before_they_are_lost(qtbot, tmp_path, dialogs):
    own = tmp_path / HEX.name  # a file of the user's (an example would open as a copy)
    own.write_bytes(HEX.read_bytes())
    window = open_window(qtbot, Game(load_game(own).setup), str(own))
    assert "*" not in window.windowTitle()
    advance(qtbot, window)
    assert window.windowTitle().startswith("hex_hochkirch_ridge_demo.json * — ")
    dialogs.answer = QMessageBox.StandardButton.Cancel
    assert not window.files.new_game("carnevale")
    assert window.doc.committed.setup.family == "hex", "Cancel keeps the game"
    assert "Save the changes" in dialogs.questions[-1][1]
    dialogs.answer = QMessageBox.StandardButton.Discard
    assert window.files.new_game("carnevale")
    assert window.doc.committed.setup.family == "carnevale"
    assert window.windowTitle().startswith("not saved yet — New Carnevale board")


NEW_KEYS = [p.key for p in presets() if p.key.endswith("/none")] + [
    "t9a/frontline_clash/t9a.spoils_of_war",
    "hex",
    "hex-11",
    "carnevale",
]


@pytest.mark.parametrize("key", NEW_KEYS)
def test_new_from_each_preset_opens_a_board_the_rules_accept(qtbot, key):
    window = open_window(qtbot, load_game(HEX))
    assert window.files.new_game(key, ask=False)
    state = window.doc.committed
    assert len(state.scene.sides) == 2
    evaluate(state)  # the rules run on it
    assert window.turn_bar.advance_button.isEnabled()
    if key.startswith("t9a/"):
        assert state.setup.deployment == key.split("/")[1]
        assert len(state.scene.zones) == 2
    if key.endswith("spoils_of_war"):
        board = window.doc.scoreboard().result("spoils-of-war")
        assert len(state.scene.markers) == 3 and not board.problems


def test_autosave_writes_the_unsaved_game_and_a_new_session_recovers_it(
    qtbot, private_data, dialogs
):
    window = open_window(qtbot, Game(load_game(HEX).setup), None)
    window.autosaver.timer.setInterval(50)
    window.autosaver.timer.start()
    assert session.autosave_dir() == private_data / "autosave"
    advance(qtbot, window, 2)
    qtbot.waitUntil(lambda: window.autosaver.file.exists(), timeout=2000)
    qtbot.waitUntil(lambda: window.autosaver.saved_log is not None
                    and len(window.autosaver.saved_log[1]) == 2, timeout=2000)  # fmt: skip
    assert load_game(window.autosaver.file).events == window.doc.game.events
    # No leftovers while the window lives (it holds the lock).
    assert session.leftovers() == []
    # The session dies without closing.
    window.autosaver.abandon()
    found = session.leftovers()
    assert len(found) == 1 and found[0].file == window.autosaver.file
    other = open_window(qtbot, load_game(HEX), str(HEX))
    dialogs.answer = QMessageBox.StandardButton.Yes
    assert other.files.offer_recovery() == 1
    assert "did not close normally" in dialogs.questions[-1][1]
    assert dumps(other.doc.game) == dumps(window.doc.game)
    assert other.doc.dirty and "*" in other.windowTitle()
    assert not found[0].file.exists(), "the recovered autosave is not offered again"
    other.autosaver.close()
    window.doc.undo_stack.setClean()


def test_a_normal_close_removes_the_autosave(qtbot, dialogs):
    window = open_window(qtbot, Game(load_game(HEX).setup), str(HEX))
    advance(qtbot, window)
    assert window.autosaver.autosave()
    assert window.autosaver.file.exists()
    dialogs.answer = QMessageBox.StandardButton.Discard
    window.close()
    assert not window.autosaver.file.exists()
    assert session.leftovers() == []


def test_discarding_the_changes_for_another_game_removes_their_autosave(
    qtbot, private_data, dialogs
):
    """Discard means the changes are gone: a crash after it must not offer them back."""
    window = open_window(qtbot, Game(load_game(HEX).setup), str(HEX))
    advance(qtbot, window)
    assert window.autosaver.autosave() and window.autosaver.file.exists()
    dialogs.answer = QMessageBox.StandardButton.Discard
    assert window.files.new_game("carnevale")
    assert not window.autosaver.file.exists()
    window.autosaver.abandon()  # the program dies with the new, unchanged game open
    assert session.leftovers() == []


def test_undoing_back_to_the_saved_game_removes_its_autosave(qtbot, private_data, dialogs):
    window = open_window(qtbot, Game(load_game(HEX).setup), str(HEX))
    advance(qtbot, window)
    assert window.autosaver.autosave() and window.autosaver.file.exists()
    window.doc.undo_stack.undo()
    assert not window.doc.dirty
    assert not window.autosaver.file.exists(), "nothing unsaved is left to recover"
    window.autosaver.abandon()
    assert session.leftovers() == []


def test_a_game_opened_by_a_relative_path_is_named_by_its_whole_path_when_recovered(
    qtbot, private_data, dialogs, tmp_path, monkeypatch
):
    """`tabletop-gui game.json` started in a folder: the recovery must still say
    which file the game was, from whatever folder the next start is in."""
    (tmp_path / "game.json").write_bytes(HEX.read_bytes())
    monkeypatch.chdir(tmp_path)
    window = open_window(qtbot, Game(load_game("game.json").setup), "game.json")
    advance(qtbot, window)
    assert window.autosaver.autosave(), (window.doc.dirty, window.autosaver.last_error)
    window.autosaver.abandon()
    monkeypatch.chdir(private_data)
    (found,) = session.leftovers()
    assert found.original == str(tmp_path / "game.json")
    window.doc.undo_stack.setClean()
