"""A unit is never said to be "not in the save" when the save has it: inside a
bag (named with the bag), or under a name that differs by hyphens or
underscores (the same name: docs/file-format.md, Reading a save), or under a
name close to its own (named with that object). A tester's save held the
Goblins in its "Casualties" bag and "Peasant-Levy" among the objects that are
no piece, and both were said to be "not in the save"."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from tabletop_gui.io.importers import ImportRequest, import_bytes
from tabletop_gui.io.tts.match import norm
from tabletop_gui.model.game import Game
from tests.tts.tts_games import battle


def obj(nickname: str, guid: str, x: float = 0.0, z: float = 0.0, **kw: Any) -> dict[str, Any]:
    return {"GUID": guid, "Name": "Custom_Model", "Nickname": nickname,
            "Transform": {"posX": x, "posY": 1.0, "posZ": z, "rotY": 0.0}, **kw}  # fmt: skip


def game() -> Game:
    """The battle, its Spearmen named "Men-at-Arms"."""
    g = battle()
    scene = g.setup.scene
    units = {**scene.units, "spears": replace(scene.units["spears"], name="Men-at-Arms")}
    return replace(g, setup=replace(g.setup, scene=replace(scene, units=units)))


def notes_of(*objects: dict[str, Any]) -> tuple[tuple[str, ...], str]:
    data = json.dumps({"SaveName": "names", "ObjectStates": list(objects)}).encode()
    result = import_bytes(data, ImportRequest(source="names.json", into=game()))
    return result.notes, result.summary


def test_a_unit_in_a_bag_is_said_to_be_in_that_bag():
    bag = obj("Casualties", "g00001", 40, 30, Name="Bag")
    bag["ContainedObjects"] = [obj("Scouts", "b00003"), obj("Spare dice", "d1")]
    notes, _ = notes_of(bag, obj("Hero", "h1"), obj("Spearmen", "s1"), obj("Knights", "k1"))
    assert "Scouts: inside Casualties (Bag, g00001), not on the table; left where it was" in notes
    assert not any("not in the save" in n and "Scouts" in n for n in notes)


def test_a_unit_attached_to_a_tray_is_on_the_table_with_it_not_off_it():
    """A model attached to its movement tray (TTS ChildObjects) stands on the
    table where the tray is: the note names the tray to choose, and never says
    it is off the table (the review found "…, not on the table")."""
    tray = obj("Movement Tray", "t1", 40, 30)
    tray["ChildObjects"] = [obj("Scouts", "b00003")]
    notes, _ = notes_of(tray, obj("Hero", "h1"), obj("Spearmen", "s1"), obj("Knights", "k1"))
    said = next(n for n in notes if n.startswith("Scouts:"))
    assert said.startswith("Scouts: attached to Movement Tray (Custom_Model, t1)")
    assert "choose Movement Tray (Custom_Model, t1) for it" in said
    assert "not on the table" not in said


def test_hyphens_underscores_case_and_spaces_do_not_make_another_name():
    assert norm("Peasant-Levy") == norm("peasant levy") == norm(" PEASANT_LEVY ")
    assert norm("Men-at-Arms") == norm("Men at  Arms") == norm("men–at–arms")
    assert norm("Orc.Chief") != norm("Orc Chief")  # other punctuation is kept
    _, summary = notes_of(obj("MEN_AT ARMS", "s1"), obj("Hero", "h1"), obj("Knights", "k1"),
                          obj("scouts", "c1"), obj("w", "w1"))  # fmt: skip
    assert "4 pieces found (4 by name)" in summary


def test_a_name_the_save_nearly_has_names_that_object():
    notes, _ = notes_of(obj("Men.at.Arms", "s1", 1, 2), obj("Hero", "h1"), obj("Knights", "k1"),
                        obj("Scoutss", "c1", 3, 4))  # fmt: skip
    said = {n.split(":", 1)[0]: n for n in notes}
    near = "no object has its name, but Men.at.Arms (Custom_Model, s1) at (37, 26) in"
    assert near in said["Men-at-Arms"]
    assert "but Scoutss (Custom_Model, c1) at (39, 28) in nearly has it" in said["Scouts"]
    assert "not in the save, left where they were: Well" in notes
