"""Memoir '44 units: read by name (type and nation), Armor a hex unit kind, named
by nation, placed on their hexes; eliminations score as Memoir scores them."""

from __future__ import annotations

from tabletop_gui.rules.hexbanners.events import Eliminate
from tests.hex.hexkit import Play
from tests.hex.m44kit import ALLIES, AXIS, game_of, hexagon, scenario, unit_on


def test_unit_names_give_side_kind_and_a_name_by_nation():
    game = game_of(
        scenario(
            hexagon("A9", unit="infger"),
            hexagon("C9", unit="inf2ger"),
            hexagon("E9", unit="tankger"),
            hexagon("G9", unit="tank2ger"),
            hexagon("I9", unit="gunger"),
            hexagon("A1", unit="infus"),
            hexagon("C1", unit="tankbrit"),
            hexagon("E1", unit="gunru"),
            hexagon("G1", unit={"name": "infus", "badge": "badge29"}),
        )
    )
    units = game.setup.scene.units

    def of(name: str) -> tuple[str, str, str]:
        u = units[unit_on(game, name)]
        return (u.side, u.kind, u.name)

    assert of("A9") == (AXIS, "infantry", "German Infantry 1")
    assert of("C9") == (AXIS, "infantry", "German Elite Infantry 1")
    assert of("E9") == (AXIS, "armor", "German Armor 1")
    assert of("G9") == (AXIS, "armor", "German Elite Armor 1")
    assert of("I9") == (AXIS, "artillery", "German Artillery 1")
    assert of("A1") == (ALLIES, "infantry", "US Infantry 1")
    assert of("C1") == (ALLIES, "armor", "British Armor 1")
    assert of("E1") == (ALLIES, "artillery", "Soviet Artillery 1")
    assert of("G1") == (ALLIES, "infantry", "US Cavalry 1")


def test_units_stand_on_their_hex_centres_and_take_most_of_the_hex():
    game = game_of(scenario(hexagon("E5", unit="tankus")))
    board = game.setup.scene.board
    u = game.setup.scene.units[unit_on(game, "E5")]
    assert (u.x, u.y) == board.hex_to_point((4, 4))
    assert u.base_width_mm == u.base_depth_mm == 20.3


def test_destroyers_and_trains_placed_as_terrain_belong_to_player_2():
    game = game_of(scenario(hexagon("A1", rect_terrain="pdestroyer")))
    u = game.setup.scene.units[unit_on(game, "A1")]
    assert (u.side, u.kind, u.name) == (ALLIES, "destroyer", "Destroyer 1")


def test_each_eliminated_unit_gives_its_enemy_one_banner():
    game = game_of(scenario(hexagon("E9", unit="tankger"), hexagon("E1", unit="infus")))
    play = Play(game.setup)
    play(Eliminate(unit_on(game, "E9")))
    assert play.totals() == {ALLIES: 1, AXIS: 0}
    play(Eliminate(unit_on(game, "E1")))
    assert play.totals() == {ALLIES: 1, AXIS: 1}


def test_an_eliminated_sniper_gives_no_banner_as_in_memoir():
    sniper = {"name": "infger", "badge": "badge26"}
    game = game_of(scenario(hexagon("E9", unit=sniper), hexagon("G9", unit="infger")))
    sniper_id = unit_on(game, "E9")
    assert game.setup.scene.units[sniper_id].name == "German Sniper 1"
    assert game.setup.settings["elimination_banners"] == {sniper_id: 0}
    play = Play(game.setup)
    play(Eliminate(sniper_id))
    assert play.totals() == {ALLIES: 0, AXIS: 0}
    assert "German Sniper 1 (no banner)" in play.reason("hex.eliminations")
    play(Eliminate(unit_on(game, "G9")))
    assert play.totals() == {ALLIES: 1, AXIS: 0}


def test_armor_joins_the_hex_units_of_the_palette_with_its_kind():
    from tabletop_gui.play.presets import make_unit, palette_of

    game = game_of(scenario())
    presets = {p.key: p for p in palette_of(game.setup).units}
    assert presets["hex-armor"].title == "Armor (one hex)"
    kinds = {key: p.kind for key, p in presets.items()}
    assert kinds == {
        "hex-infantry": "infantry",
        "hex-cavalry": "cavalry",
        "hex-armor": "armor",
        "hex-artillery": "artillery",
        "hex-leader": "",
    }
    tank = make_unit(presets["hex-armor"].for_board(game.setup.scene.board), "t", "T", AXIS, 1, 1)
    assert tank.kind == "armor" and tank.base_width_mm == 20.3
