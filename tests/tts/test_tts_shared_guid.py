"""Objects that share a GUID are never matched by it (docs/file-format.md,
Reading a save): a tester's save held "Knights of the Realm" and a copy renamed
"Scenery tree" 36 in to its right, both with the GUID the game remembered for
the Knights; the Knights were moved to the tree, unremarked, and the first object
of the GUID won. Now neither is found by the GUID: the Knights are found by
their name, and the GUID is named with both objects and where they stand."""

from __future__ import annotations

import json
from typing import Any

from tabletop_gui.io.importers import ImportRequest, import_bytes
from tabletop_gui.io.tts.memory import Remembered, game_key, remember
from tabletop_gui.io.tts.read import read_save
from tabletop_gui.io.tts.replay import read_into
from tabletop_gui.model.events.core import MovePiece
from tests.tts.tts_games import battle


def obj(guid: str, nickname: str, x: float, z: float) -> dict[str, Any]:
    return {"GUID": guid, "Name": "Custom_Model", "Nickname": nickname,
            "Transform": {"posX": x, "posY": 1.0, "posZ": z, "rotY": 180.0}}  # fmt: skip


def save(*objects: dict[str, Any]) -> bytes:
    return json.dumps({"SaveName": "dup guid", "ObjectStates": list(objects)}).encode()


KNIGHTS = obj("a00003", "Knights", 0.0, -2.0)  # (36, 22) on the 72 x 48 in board
TREE = obj("a00003", "Scenery tree", 20.0, -2.0)  # (56, 22): the copy, renamed


def remembered_knights() -> None:
    game = battle()
    remember([Remembered("a00003", "Knights", "knights", "Knights", game_key(game))])


def test_two_objects_with_one_guid_are_not_matched_by_it_in_either_order():
    remembered_knights()
    for data in (save(TREE, KNIGHTS), save(KNIGHTS, TREE)):
        result = import_bytes(data, ImportRequest(source="dup.json", into=battle()))
        # Found by its name (the remembered GUID is two objects): where the Knights stand.
        assert result.game.events == (MovePiece("knights", 36.0, 22.0, 180.0),)
        assert "1 piece found (1 by name)" in result.summary
        shared = [n for n in result.notes if n.startswith("2 objects have the GUID a00003")]
        assert len(shared) == 1
        assert "Scenery tree (Custom_Model, a00003) at (56, 22) in" in shared[0]
        assert "Knights (Custom_Model, a00003) at (36, 22) in" in shared[0]


def test_a_remembered_guid_two_unnamed_objects_share_leaves_its_piece_named():
    """Neither object has the unit's name: the piece is left where it was and
    named with both objects (not 'not in the save')."""
    remembered_knights()
    data = save(obj("a00003", "Horse 1", 0.0, -2.0), obj("a00003", "Horse 2", 20.0, -2.0))
    result = read_into(battle(), read_save(data), remembered=_recalled())
    assert result.events == ()
    assert set(result.matching.unremembered) == {"knights"}
    said = [n for n in result.notes if n.startswith("Knights: left where it was")]
    assert len(said) == 1 and "2 objects have that GUID" in said[0]
    assert "Horse 1 (Custom_Model, a00003)" in said[0]
    assert not any("not in the save" in n and "Knights" in n for n in result.notes)


def test_objects_that_share_a_guid_have_keys_of_their_own():
    both = read_save(save(KNIGHTS, TREE)).objects
    assert all(o.shared_guid for o in both)
    assert len({o.key for o in both}) == 2
    alone = read_save(save(KNIGHTS)).objects[0]
    assert not alone.shared_guid and alone.key == "a00003"


def _recalled() -> list[Remembered]:
    from tabletop_gui.io.tts.memory import recall

    return recall()


# -- the window's import dialog reads what the import command reads ----------------------


def _as_the_dialog_imports(game, data: bytes, remembered: list[Remembered]):
    """The import dialog's reading with every row as it found it (Import pressed
    at once): the mapping is the rows' (``only_chosen``), each kept as found."""
    from tabletop_gui.io.tts.match import match_save
    from tabletop_gui.io.tts.memory import for_game
    from tabletop_gui.rules import replay

    tts = read_save(data)
    scene = replay(game.setup, game.events).scene
    auto = match_save(tts, scene, remembered=for_game(remembered, game))
    chosen = {obj.key: pid for pid, (obj, _how) in auto.found.items()}
    kept = {obj.key: how for _pid, (obj, how) in auto.found.items()}
    return read_into(game, tts, chosen=chosen, remembered=remembered, only_chosen=True,
                     found_as=kept)  # fmt: skip


def test_the_dialogs_notes_on_two_named_objects_sharing_a_guid_are_the_commands():
    """Both objects have the Knights' name and one GUID: the command says the
    Knights are ambiguous (2 objects have its name); the dialog, Import pressed
    without a choice, said "no object has its name, but ... nearly has it" and
    called both objects no piece of the game."""
    twins = save(KNIGHTS, {**KNIGHTS, "Transform": {**KNIGHTS["Transform"], "posX": 20.0}})
    command = read_into(battle(), read_save(twins))
    dialog = _as_the_dialog_imports(battle(), twins, [])
    assert dialog.notes == command.notes
    assert any(
        n.startswith("Knights: ambiguous, left where it was: 2 objects") for n in dialog.notes
    )
    assert not any("nearly has it" in n or "no piece of the game" in n for n in dialog.notes)


def test_the_dialogs_notes_on_a_remembered_guid_two_objects_share_are_the_commands():
    """The GUID chosen before for the Knights is on two unnamed objects: the
    command names the Knights with both; the dialog said they were not in the save."""
    remembered_knights()
    horses = save(obj("a00003", "Horse 1", 0.0, -2.0), obj("a00003", "Horse 2", 20.0, -2.0))
    command = read_into(battle(), read_save(horses), remembered=_recalled())
    dialog = _as_the_dialog_imports(battle(), horses, _recalled())
    assert dialog.notes == command.notes
    said = [n for n in dialog.notes if n.startswith("Knights: left where it was")]
    assert len(said) == 1 and "2 objects have that GUID" in said[0]


def test_the_dialogs_notes_on_two_copies_claiming_one_piece_by_id_are_the_commands(tmp_path):
    """A piece copied in TTS with its GUID: both copies carry the piece's id and
    one GUID. The command says "Hero: 2 objects claim it"; the dialog said the
    Hero was nearly named by one and that both were pieces no longer on the table."""
    from tests.tts.tts_games import by_nickname, export

    game = battle()
    written = export(game, tmp_path / "ours.json")
    hero = by_nickname(written, "Hero")
    copy = json.loads(json.dumps(hero))
    copy["Transform"]["posX"] += 6.0
    written["ObjectStates"].append(copy)
    data = json.dumps(written).encode()
    command = read_into(game, read_save(data))
    dialog = _as_the_dialog_imports(game, data, [])
    assert dialog.notes == command.notes
    assert any(n.startswith("Hero: 2 objects claim it") for n in dialog.notes)
    assert not any("nearly has it" in n or "no longer on the table" in n for n in dialog.notes)
