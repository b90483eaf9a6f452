"""The fields a family adds to its pieces (model/fields.py): declared on the family
with their type, default, limits, label and help, kept in the piece's ``extra``,
read and written under their own JSON keys beside the shared ones, checked by
the game's family when a file is read and when an event changes them."""

from __future__ import annotations

import dataclasses
import json
import pickle

import pytest

from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import FileFormatError, dumps, loads
from tabletop_gui.io.clipboard import copy_text, read
from tabletop_gui.model.events import EventError, UpdatePiece
from tabletop_gui.model.fields import NO_VALUES, FieldValues, UnitField
from tabletop_gui.model.pieces import Marker, Unit
from tabletop_gui.play.clipboard import paste_events
from tabletop_gui.rules.carnevale.fields import CLAIMED_BY, LIFE_POINTS, MINDLESS, REVEALED
from tabletop_gui.rules.engine import apply, initial_state
from tabletop_gui.rules.family import Family
from tabletop_gui.rules.t9a.fields import FLEEING

from .scenario_files import scenario_data

T9A = "t9a_frontline_clash_demo.json"
CARNEVALE = "carnevale_drowned_quarter.json"


def load(data: dict) -> object:
    return loads(json.dumps(data))


def test_a_family_field_reads_and_writes_under_its_own_key_beside_the_shared_ones():
    data = scenario_data(T9A)
    data["units"][0]["fleeing"] = True
    game = load(data)
    unit = game.setup.scene.units[data["units"][0]["id"]]
    assert FLEEING.of(unit) is True
    assert dict(unit.extra) == {"fleeing": True}
    saved = json.loads(dumps(game))["units"][0]
    assert saved["fleeing"] is True and "extra" not in saved
    assert loads(dumps(game)) == game


def test_a_value_equal_to_the_default_is_not_kept_so_equal_pieces_are_equal():
    unit = Unit("u", "U", "a", 10, 10)
    assert FLEEING.set(FLEEING.set(unit, True), False) == unit
    assert FLEEING.set(unit, False).extra is NO_VALUES
    assert hash(FLEEING.set(unit, True)) == hash(FLEEING.set(unit, True))


def test_field_values_cannot_change_in_place_and_survive_a_copy():
    values = FieldValues({"fleeing": True})
    with pytest.raises(TypeError):
        values["fleeing"] = False  # type: ignore[index]
    with pytest.raises(TypeError):
        values.update(leader=True)
    assert pickle.loads(pickle.dumps(values)) == values


def test_another_familys_field_in_a_file_is_refused_naming_the_familys_own():
    data = scenario_data(T9A)
    data["units"][0]["mindless"] = True
    with pytest.raises(FileFormatError) as err:
        load(data)
    assert err.value.path == "units[0].mindless"
    assert err.value.problem.startswith("unknown field (known: id, name, side")
    assert err.value.problem.endswith("tag_offset, fleeing, scoring_lost, leader)")


def test_a_family_field_of_the_wrong_type_is_refused_by_its_path():
    data = scenario_data(CARNEVALE)
    data["markers"][0]["revealed"] = "yes"
    with pytest.raises(FileFormatError) as err:
        load(data)
    assert (err.value.path, err.value.problem) == (
        "markers[0].revealed",
        "expected true or false, got 'yes'",
    )


def test_an_update_beyond_a_fields_limit_is_refused_naming_the_field():
    game = load(scenario_data(CARNEVALE))
    state = initial_state(game.setup)
    uid = next(iter(state.scene.units))
    with pytest.raises(EventError) as err:
        apply(state, UpdatePiece(uid, {"life_points": -1}))
    assert (err.value.field, err.value.problem) == ("life_points", "must be >= 0, got -1")
    after = apply(state, UpdatePiece(uid, {"life_points": 4, "mindless": True}))
    assert LIFE_POINTS.of(after.scene.units[uid]) == 4
    assert MINDLESS.of(after.scene.units[uid]) is True


def test_an_update_of_a_field_this_family_does_not_add_is_refused():
    game = load(scenario_data(T9A))
    state = initial_state(game.setup)
    uid = next(iter(state.scene.units))
    with pytest.raises(EventError, match="Unit has no editable field 'mindless'"):
        apply(state, UpdatePiece(uid, {"mindless": True}))


def test_the_game_log_names_the_side_a_side_field_holds():
    game = load(scenario_data(CARNEVALE))
    state = initial_state(game.setup)
    marker = next(iter(state.scene.markers))
    side = state.scene.sides[1]
    line = UpdatePiece(marker, {"claimed_by": side.id}).describe(state)
    assert line.endswith(f"claimed by {side.name}")


def test_a_pasted_copy_leaves_behind_what_its_family_does_not_share_or_this_game_lacks():
    carnevale = initial_state(load(scenario_data(CARNEVALE)).setup)
    marker = next(iter(carnevale.scene.markers.values()))
    side = carnevale.scene.side_ids[0]
    claimed = REVEALED.set(CLAIMED_BY.set(marker, side), True)
    scene = carnevale.scene.with_piece(claimed)
    (copy,) = paste_events(carnevale, read(copy_text(scene, [marker.id]), carnevale.terms), 9, 9)
    assert copy.piece.extra == {"revealed": True}  # who claimed it is not copied
    t9a = initial_state(load(scenario_data(T9A)).setup)
    unit = next(iter(carnevale.scene.units.values()))
    assert LIFE_POINTS.of(unit) is not None
    pieces = read(copy_text(carnevale.scene, [unit.id]), t9a.terms)
    (pasted,) = paste_events(t9a, pieces, 30, 20)
    assert pasted.piece.extra == {}  # Carnevale's Life Points mean nothing here
    apply(t9a, pasted)


def test_a_family_field_must_hold_a_plain_value_and_keep_clear_of_the_shared_fields():
    with pytest.raises(TypeError, match="holds bool, int, float or str"):
        UnitField("orders", list, [], "Orders")

    class Clashing(Family):
        name = "clash"
        piece_fields = (UnitField("models", int, 1, "Models"),)

    assert Clashing.declaration_problem() == (
        "its unit field 'models' is declared twice or is a shared one"
    )


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.json")), ids=lambda p: p.stem)
def test_each_examples_family_values_are_read_from_the_keys_the_file_has(path):
    raw = json.loads(path.read_text(encoding="utf-8"))
    game = loads(path.read_bytes())
    for key, cls in (("units", Unit), ("markers", Marker)):
        shared = {f.name for f in dataclasses.fields(cls)}
        for item in raw.get(key, []):
            piece = getattr(game.setup.scene, key)[item["id"]]
            own = {k: v for k, v in item.items() if k not in shared}
            assert dict(piece.extra) == own, item["id"]
