"""Event types are named ``<family>.<event>`` and each family lists its own
(``Family.events``). Files of version 1 named Carnevale's and the hex game's
events ``carnevale_reveal``, ``hex_move``...: they still open, and a save writes
version 2 with the new names (docs/file-format.md, Versions)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from tabletop_gui.io import FileFormatError, dumps, loads
from tabletop_gui.model.events import CORE_EVENTS, Event
from tabletop_gui.rules.family import Family
from tabletop_gui.rules.registry import families, find_family

#: The bundled Carnevale and hex examples as version 1 wrote them (the bundled
#: ones are version 2 now: a user learning the format from them copies its names).
VERSION_1 = Path(__file__).parent / "version1"
OLD_FILES = ("carnevale_drowned_quarter_v1.json", "hex_hochkirch_ridge_demo_v1.json")


def test_every_family_event_is_named_family_dot_event_and_core_events_keep_their_names():
    core = {e.type for e in CORE_EVENTS}
    assert {"move", "update", "turn_start", "add_piece", "dice_roll"} <= core
    for family in families():
        assert family.declaration_problem() is None
        for event in family.events:
            assert event.type.startswith(f"{family.name}."), event.type
            assert event.type not in core


@pytest.mark.parametrize("name", OLD_FILES)
def test_a_version_1_file_with_the_old_event_names_opens_and_saves_the_new_names(name):
    text = (VERSION_1 / name).read_text(encoding="utf-8")
    old = json.loads(text)
    assert old["version"] == 1
    old_types = [e["type"] for e in old["events"]]
    game = loads(text)
    family = find_family(game.setup.family)
    renamed = {a: e.type for e in family.events for a in e.aliases}
    assert set(old_types) & set(renamed), "the file logs events under their old names"
    saved = json.loads(dumps(game))
    assert saved["version"] == 2
    assert [e["type"] for e in saved["events"]] == [renamed.get(t, t) for t in old_types]
    assert loads(dumps(game)) == game  # the new names read back as the same events


def test_an_unknown_event_type_is_refused_naming_the_nearest_of_the_familys_types():
    data = json.loads((VERSION_1 / OLD_FILES[0]).read_text(encoding="utf-8"))
    data["events"].append({"type": "carnevale.revael", "character": "x", "marker": "y"})
    with pytest.raises(FileFormatError) as err:
        loads(json.dumps(data))
    assert err.value.path == f"events[{len(data['events']) - 1}].type"
    assert "did you mean 'carnevale.reveal'?" in err.value.problem
    assert "Carnevale games log: " in err.value.problem


def test_another_familys_event_is_not_one_this_family_logs():
    data = json.loads((VERSION_1 / OLD_FILES[0]).read_text(encoding="utf-8"))
    data["events"].append({"type": "hex.move", "unit_id": "x", "to": [1, 1]})
    with pytest.raises(FileFormatError, match=re.escape("unknown event type 'hex.move'")):
        loads(json.dumps(data))


def test_a_family_declaring_an_event_outside_its_name_is_refused_when_loaded():
    @dataclass(frozen=True)
    class Shout(Event):
        type = "shout"

    class Loud(Family):
        name = "loud"
        events = (Shout,)

    assert Loud.declaration_problem() == "its event type 'shout' is not named 'loud.<event>'"
