"""Lists of the other army builders, each told by its content through the
importer registry: New Recruit's JSON export (the roster schema as JSON) and
9th Builder's text export (army categories as section lines)."""

from __future__ import annotations

import json

import pytest

from tabletop_gui.io import FileFormatError
from tabletop_gui.io.armylists.formats import read_army
from tabletop_gui.io.armylists.model import BaseSize
from tabletop_gui.io.armylists.plan import plan_army
from tabletop_gui.io.importers import ImportRequest, find_importer, import_bytes
from tabletop_gui.model.pieces import HeightClass

from .conftest import LISTS

NR_JSON = (LISTS / "dwarven_holds_nr.json").read_bytes()
NINTH = (LISTS / "equitaine_9thbuilder.txt").read_bytes()


def test_new_recruit_json_is_told_by_its_content_whatever_its_name():
    assert find_importer(NR_JSON, "list.txt").key == "newrecruit-json"
    with pytest.raises(FileFormatError, match=r"it reads: .*New Recruit JSON export"):
        find_importer(b'{"units": []}', "list.json")


def test_new_recruit_json_reads_like_a_roster():
    army = read_army(NR_JSON, "list.json")
    assert (army.player, army.army, army.edition) == ("Bram", "Dwarven Holds", "3rd")
    assert army.format == "New Recruit JSON export" and army.total_points == 1290
    got = [(u.name, u.models, u.points, u.character) for u in army.units]
    assert got == [
        ("Thane", 1, 260, True), ("Greybeards", 25, 420, None),
        ("Field Artillery", 1, 210, None),
    ]  # fmt: skip
    thane = army.units[0]
    assert thane.base == BaseSize.rect(40, 40) and thane.height is HeightClass.STANDARD
    assert "Battle Standard Bearer" in thane.options


def test_new_recruit_json_units_take_the_table_bases_and_characters_lose_scoring():
    plan = plan_army(read_army(NR_JSON))
    thane, greybeards, artillery = plan.units
    assert thane.character and thane.scoring is False and thane.base_from == "the list"
    assert greybeards.base == BaseSize.rect(20, 20) and greybeards.models_per_rank == 5
    assert artillery.known and artillery.base.width_mm > 0
    result = import_bytes(NR_JSON, ImportRequest(source="list.json"))
    assert "New Recruit JSON export" in result.summary and "3 units, 27 models" in result.summary


def test_a_json_model_without_a_number_is_one_model_with_a_note_naming_it():
    """(docs/army-lists.md, Formats): a model selection with no ``number`` is one
    model, said with its place, never silently."""
    doc = json.loads(NR_JSON)
    del doc["roster"]["forces"][0]["selections"][1]["selections"][0]["number"]
    data = json.dumps(doc).encode()
    army = read_army(data, "list.json")
    assert [u.models for u in army.units] == [1, 1, 1]
    where = "roster.forces[0].selections[1].selections[0]"
    (note,) = [n for n in army.notes if where in n]
    assert "'Greybeard' of unit 'Greybeards'" in note and "1 assumed" in note
    result = import_bytes(data, ImportRequest(source="list.json"))
    assert any(where in n and "1 assumed" in n for n in result.notes)
    assert not [n for n in read_army(NR_JSON).notes if "assumed" in n]


@pytest.mark.parametrize(
    ("data", "where"),
    [
        (b'{"roster": {"forces": [', "line 1, column"),
        (b'{"roster": []}', "(file)"),
        (b'{"roster": {"forces": [{"selections": [{"name": "X", "type": "unit", '
         b'"number": "many"}]}]}}', "roster.forces[0].selections[0]"),
    ],
)  # fmt: skip
def test_bad_new_recruit_json_is_named_by_its_place(data, where):
    with pytest.raises(FileFormatError) as err:
        read_army(data, "bad.json")
    assert where in str(err.value)


def test_deep_json_is_refused_not_crashed_on():
    deep = b'{"roster": {"forces": [' + b'{"forces": [' * 80 + b"]}" * 80 + b"]}}"
    with pytest.raises(FileFormatError, match="nested more than"):
        read_army(deep, "deep.json")


def test_ninth_builder_text_gives_player_army_and_its_characters_section():
    assert find_importer(NINTH, "list.txt").key == "9thbuilder-text"
    army = read_army(NINTH, "list.txt")
    assert (army.player, army.army, army.total_points) == ("Anna", "Kingdom of Equitaine", 1420)
    got = [(u.name, u.models, u.character) for u in army.units]
    assert got == [
        ("Duke", 1, True), ("Damsel", 1, True), ("Knights of the Realm", 8, None),
        ("Lowborn Levies", 30, None), ("Men-at-Arms", 20, None),
    ]  # fmt: skip
    assert army.units[0].options == ("General", "Destrier", "Great Weapon")
    assert army.units[0].where == "line 3"


def test_ninth_builder_units_stand_on_their_mounts():
    plan = plan_army(read_army(NINTH))
    duke, damsel = plan.units[:2]
    assert duke.base == BaseSize.rect(25, 50) and duke.scoring is False  # on its Destrier
    assert damsel.base == BaseSize.rect(50, 75) and damsel.height is HeightClass.LARGE


def test_a_new_recruit_text_list_is_not_taken_for_9th_builder():
    text = (LISTS / "undying_4000.txt").read_bytes()
    assert find_importer(text, "list.txt").key == "t9a-text"
    assert json.loads(NR_JSON)["roster"]["name"] == "Bram"
