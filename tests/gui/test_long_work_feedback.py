"""Work that can take a second or more in the window's thread (a photo, a large
Tabletop Simulator save, a large game) shows the wait cursor and says what it
reads, and gives the normal cursor back before any dialog asks the user
something, and after a failure."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tabletop_gui.app.windows.tts_import import SaveMappingDialog, import_save
from tabletop_gui.examples import DEMO_BOARD
from tabletop_gui.io.tts import mapping


def _cursor() -> Qt.CursorShape | None:
    cursor = QApplication.overrideCursor()
    return None if cursor is None else cursor.shape()


def test_busy_work_shows_the_wait_cursor_and_its_message_then_clears_both(demo):
    bar = demo.statusBar()
    with demo.files.busy("Reading big.json…"):
        assert _cursor() == Qt.CursorShape.WaitCursor
        assert bar.currentMessage() == "Reading big.json…"
    assert _cursor() is None and bar.currentMessage() == ""


def test_busy_work_that_says_something_keeps_its_words(demo):
    with demo.files.busy("Reading big.json…"):
        demo.files.status("Imported big.json: 3 units moved")
    assert demo.statusBar().currentMessage() == "Imported big.json: 3 units moved"


def test_busy_work_that_fails_gives_the_cursor_back(demo):
    with pytest.raises(OSError), demo.files.busy("Writing board.json…"):
        raise OSError("disk full")
    assert _cursor() is None


def test_a_save_that_needs_the_mapping_dialog_shows_it_with_the_normal_cursor(demo, tmp_path):
    """The save is read under the wait cursor; the dialog that asks which object
    is which unit is not."""
    px, pz = mapping.to_tts((72, 48), 30.0, 20.0)
    obj = {"GUID": "aa0001", "Name": "Custom_Model", "Nickname": "Somebody",
           "Transform": {"posX": px, "posY": 1.0, "posZ": pz, "rotY": 180.0}}  # fmt: skip
    path = tmp_path / "club.json"
    path.write_text(json.dumps({"SaveName": "Club table", "ObjectStates": [obj]}))
    seen: list[Qt.CursorShape | None] = []

    def user(dialog: SaveMappingDialog) -> bool:
        seen.append(_cursor())
        return False

    assert import_save(demo.files, str(path), demo, choose=user) is None
    assert seen == [None] and _cursor() is None


def test_opening_a_game_ends_with_the_normal_cursor_and_says_what_opened(demo, tmp_path):
    path = tmp_path / "copy.json"
    path.write_bytes(DEMO_BOARD.read_bytes())
    assert demo.files.open_path(str(path), ask=False)
    assert _cursor() is None
    assert demo.statusBar().currentMessage() == f"Opened {path}"
