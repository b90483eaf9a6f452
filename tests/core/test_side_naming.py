"""Naming the armies without a window: names and colours checked, and a game's
sides renamed with the markers called after their owner following them, in the
setup and in the pieces the log places; the log names sides, never their ids."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tabletop_gui.model.events import AddPiece, UpdatePiece
from tabletop_gui.model.pieces import Marker, Side, Zone
from tabletop_gui.play.new_game import preset, presets
from tabletop_gui.play.sides import problems, renamed
from tabletop_gui.rules import replay
from tabletop_gui.rules.t9a.play import new_setup


def test_names_must_be_given_and_differ_and_colours_be_rrggbb() -> None:
    sides = (Side("a", " "), Side("b", "Orcs", "red"), Side("c", "ORCS"))
    assert problems(sides) == [
        "Side 1: the name is empty",
        "Side 2 (Orcs): colour must be '#rrggbb', got 'red'",
        "Side 3: 'ORCS' is side 2's name too",
    ]


def test_renaming_relabels_the_owners_markers_in_the_setup_and_the_log() -> None:
    setup = new_setup("frontline_clash", "t9a.secure_target")
    a, b = setup.scene.sides
    mine = Marker("t1", "t9a.secure_target", 30, 30, side=a.id, label="Player A's target")
    setup = replace(setup, scene=setup.scene.with_piece(mine))
    theirs = Marker("t2", "t9a.secure_target", 40, 20, side=b.id, label="Player B's target 2")
    own = Marker("t3", "t9a.secure_target", 50, 20, side=b.id, label="Ford")
    events = (AddPiece(marker=theirs), AddPiece(marker=own))
    new, log = renamed(setup, events, (replace(a, name="Equitaine "), replace(b, name="Orcs")))
    assert [s.name for s in new.scene.sides] == ["Equitaine", "Orcs"]
    assert new.scene.markers["t1"].label == "Equitaine's target"
    labels = [e.marker.label for e in log if isinstance(e, AddPiece) and e.marker]
    assert labels == ["Orcs' target 2", "Ford"]  # the user's own label stays


def test_the_log_names_a_side_change_by_the_sides_name() -> None:
    setup = new_setup("frontline_clash", "t9a.secure_target")
    a, b = setup.scene.sides
    mine = Marker("t1", "t9a.secure_target", 30, 30, side=a.id, label="Mine")
    state = replay(replace(setup, scene=setup.scene.with_piece(mine)), [])
    assert UpdatePiece("t1", {"side": b.id}).describe(state) == "Setup: Mine: side Player B"


@pytest.mark.parametrize("key", [p.key for p in presets()])
def test_every_new_boards_zones_named_after_a_side_follow_its_new_name(key: str) -> None:
    """Renaming a side renames what the program called after it (docs/canvas.md,
    Editing): a new Carnevale board's "Gang A deployment" was left behind."""
    setup = preset(key).build()
    a, b = setup.scene.sides
    new, _ = renamed(setup, (), (replace(a, name="Guild"), replace(b, name="Doctors")))
    for zone in setup.scene.zones.values():
        before = setup.scene.side(zone.side).name
        assert before in zone.name  # every preset names its zones after their side
        name = new.scene.zones[zone.id].name
        after = new.scene.side(zone.side).name
        assert name == zone.name.replace(before, after), (key, name)


def test_zones_the_log_places_follow_the_new_name_and_a_players_own_name_stays() -> None:
    setup = preset("carnevale").build()
    a, b = setup.scene.sides
    square = ((10.0, 10.0), (12.0, 10.0), (12.0, 12.0))
    events = (
        AddPiece(zone=Zone("z1", a.id, square, "Gang A deployment (drawn)")),  # Draw zone's name
        AddPiece(zone=Zone("z2", b.id, square, "Gang B's camp")),  # the player's own
    )
    _, log = renamed(setup, events, (replace(a, name="Guild"), replace(b, name="Doctors")))
    names = [e.zone.name for e in log if isinstance(e, AddPiece) and e.zone]
    assert names == ["Guild deployment (drawn)", "Gang B's camp"]
