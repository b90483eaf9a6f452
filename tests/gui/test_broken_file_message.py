"""Opening a file that is not valid JSON says which line and column are wrong."""

from __future__ import annotations

import json
from pathlib import Path

from tabletop_gui.examples import DEMO_BOARD
from tabletop_gui.io import load_game

from .helpers import open_window


def test_a_broken_json_file_says_which_line(qtbot, dialogs, tmp_path):
    window = open_window(qtbot, load_game(str(DEMO_BOARD)), str(DEMO_BOARD))
    text = json.dumps(json.loads(Path(DEMO_BOARD).read_text()), indent=1)
    broken = tmp_path / "broken.json"
    broken.write_text(text.replace('"units"', '"units" "oops"', 1))
    assert not window.open_path(str(broken), ask=False)
    _title, message = dialogs.warnings[-1]
    assert "Where in the file: line " in message and "(file)" not in message
