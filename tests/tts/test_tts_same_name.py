"""Two objects of a community save with one unit's name (two blocks "Knights"):
which is the unit is not told by the name, so the unit is named as ambiguous
with both objects and where they stand (never "not in the save"), is left where
it was, and neither object is listed as no piece of the game. The same for one
object and two units of its name. The user's choice (the import dialog) settles
it. Saves written by hand for these tests."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from tabletop_gui.io.importers import ImportRequest, import_bytes
from tabletop_gui.io.tts.read import read_save
from tabletop_gui.io.tts.replay import read_into
from tabletop_gui.model.events.core import MovePiece
from tests.tts.tts_games import battle


def block(nickname: str, guid: str, x: float, z: float) -> dict[str, Any]:
    return {"GUID": guid, "Name": "Custom_Model", "Nickname": nickname,
            "Transform": {"posX": x, "posY": 1.0, "posZ": z, "rotY": 270.0}}  # fmt: skip


def club_save() -> bytes:
    return json.dumps({"SaveName": "Club", "ObjectStates": [
        block("Knights", "kn0001", -30, 10),
        block("Knights", "kn0002", 0, 10),
        block("Spearmen", "sp0001", 14, -16),
        block("", "dd0001", 40, 0) | {"Name": "Die_6"},
    ]}).encode()  # fmt: skip


def test_a_unit_whose_name_two_objects_have_is_named_ambiguous_with_both():
    result = import_bytes(club_save(), ImportRequest(source="club.json", into=battle()))
    notes = "\n".join(result.notes)
    assert (
        "Knights: ambiguous, left where it was: 2 objects have its name "
        "(Knights (Custom_Model, kn0001) at (6, 34) in; Knights (Custom_Model, kn0002) "
        "at (36, 34) in); choose which is which in the window (File ▸ Import…)"
    ) in notes
    assert "not in the save" not in notes.split("Knights: ambiguous")[0]
    missing = [n for n in result.notes if n.startswith("not in the save")]
    assert missing and "Knights" not in missing[0]
    others = [n for n in result.notes if "no piece of the game" in n]
    assert others and "kn000" not in others[0] and "Die_6" in others[0]
    assert "1 piece found (1 by name)" in result.summary  # the Spearmen
    assert all(e.piece_id != "knights" for e in result.game.events if hasattr(e, "piece_id"))


def test_one_object_with_the_name_of_two_units_is_ambiguous_for_both():
    game = battle()
    scene = game.setup.scene
    units = dict(scene.units)
    units["hero"] = replace(units["hero"], name="Knights")
    game = replace(game, setup=replace(game.setup, scene=replace(scene, units=units)))
    save = json.dumps({"ObjectStates": [block("Knights", "kn0001", -30, 10)]}).encode()
    matching = read_into(game, read_save(save)).matching
    assert set(matching.ambiguous) == {"knights", "hero"}
    notes = read_into(game, read_save(save)).notes
    assert any(n.startswith("Knights: ambiguous") and "1 object and 2 units" in n for n in notes)


def test_the_users_choice_settles_which_object_is_the_unit():
    save = read_save(club_save())
    chosen = read_into(battle(), save, chosen={"kn0002": "knights"})
    assert "knights" not in chosen.matching.ambiguous
    assert chosen.events[0] == MovePiece("knights", 36.0, 34.0, 90.0)
