"""Counts read as English: 'The present: 1 event' in the log panel, '1 object
is no piece of the game' and '1 object inside a bag...' in a save's import notes."""

from __future__ import annotations

import json

from tabletop_gui.examples import DEMO_BOARD
from tabletop_gui.io import load_game
from tabletop_gui.io.tts.read import read_save
from tabletop_gui.io.tts.replay import read_into
from tests.tts.tts_games import battle

from .helpers import open_window


def test_the_log_panel_counts_one_event_as_one_event(qtbot):
    game = load_game(str(DEMO_BOARD))
    for n, words in ((1, "The present: 1 event"), (2, "The present: 2 events")):
        window = open_window(qtbot, game.truncated(n))
        assert window.log_panel.where.text() == words


def test_a_saves_notes_count_one_object_as_one_object():
    save = {"ObjectStates": [{
        "GUID": "bag001", "Name": "Bag", "Nickname": "Casualties",
        "Transform": {"posX": 40.0, "posZ": 0.0},
        "ContainedObjects": [{"Name": "Die_6", "Transform": {}}],
    }]}  # fmt: skip
    notes = read_into(battle(), read_save(json.dumps(save).encode())).notes
    assert (
        "1 object is no piece of the game (not moved): Casualties (Bag, bag001), holding 1"
    ) in notes
    assert "1 object inside a bag, a deck or another object was skipped" in notes
