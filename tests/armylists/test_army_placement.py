"""Placing an imported list: footprints from bases, models and frontage; every
unit inside its side's Deployment Zone (or along its table edge), none
overlapping another or what was already there; a list too big for the zone says
so and the rest stands beside it; an existing game keeps everything it had."""

from __future__ import annotations

import itertools

import pytest
import shapely
from shapely.geometry import Polygon

from tabletop_gui.geometry.outline import unit_outline
from tabletop_gui.io.armylists.model import BaseSize
from tabletop_gui.io.armylists.plan import plan_army
from tabletop_gui.io.armylists.text import decode_text, parse_text_list
from tabletop_gui.io.armylists.to_game import (
    ArmyImportError,
    default_side,
    grouped_names,
    notes,
    place_army,
)
from tabletop_gui.model import InchBoard, Scene, Setup, Side, Unit
from tabletop_gui.model.events import MovePiece
from tabletop_gui.model.game import Game
from tabletop_gui.rules import replay
from tabletop_gui.rules.t9a.rulings import too_close

from .conftest import LISTS

MM = 25.4


def _plan(name: str, **kw):
    return plan_army(parse_text_list(decode_text((LISTS / name).read_bytes())), **kw)


def _footprint(u: Unit) -> Polygon:
    return Polygon(unit_outline(u).polygon())


def _assert_apart(units, gap=1.0):
    for a, b in itertools.combinations(units, 2):
        d = _footprint(a).distance(_footprint(b))
        assert d >= gap - 1e-6, f"{a.name} and {b.name} are {d:.2f} in apart"


def test_footprints_follow_bases_models_and_frontage():
    placed = place_army(_plan("equitaine_odd_spacing.txt"))
    u = {x.name: x for x in placed.units}
    men = u["Men-at-Arms"]  # 20 on 20x20, five wide: 4 ranks
    assert (men.base_width_mm, men.models, men.models_per_rank) == (20, 20, 5)
    assert men.width_in == pytest.approx(100 / MM) and men.depth_in == pytest.approx(80 / MM)
    knights = u["Knights of the Realm"]  # 8 on 25x50, five wide: 2 ranks
    assert knights.width_in == pytest.approx(125 / MM) and knights.depth_in == pytest.approx(
        100 / MM
    )
    duke = u["Duke"]  # on a Barded Warhorse
    assert (duke.base_width_mm, duke.base_depth_mm, duke.models) == (25, 50, 1)
    assert duke.scoring is False and men.scoring is True


def test_a_4000_point_list_fits_its_zone_without_overlaps():
    placed = place_army(_plan("undying_4000.txt"))
    scene = replay(placed.game.setup, placed.game.events).scene
    zone = Polygon(scene.zones[f"zone-{placed.side}"].polygon)
    assert len(placed.units) == 12 and placed.placement.outside == []
    for u in placed.units:
        assert zone.buffer(1e-6).covers(_footprint(u)), u.name
        assert u.side == placed.side == "player-a" and u.facing == 0.0
    _assert_apart(placed.units)
    assert (
        sum(u.models for u in placed.units) == 119
    )  # 3 characters, 40+25+10+5+25+6+3, two monsters


def test_the_largest_unit_takes_the_front_centre():
    placed = place_army(_plan("undying_4000.txt"))
    biggest = max(placed.units, key=lambda u: u.width_in * u.depth_in)
    assert biggest.name == "Skeleton Warriors"
    assert biggest.x == pytest.approx(36, abs=0.5)
    assert biggest.y + biggest.depth_in / 2 == pytest.approx(12, abs=0.5)  # at the zone's front


def test_two_opposing_lists_face_each_other_in_their_own_zones():
    first = place_army(_plan("undying_4000.txt"))
    second = place_army(_plan("equitaine_odd_spacing.txt"), into=first.game, side="player-b")
    scene = second.game.setup.scene
    assert scene.side("player-a").name == "Nefer (Undying Dynasties)"
    assert scene.side("player-b").name == "Anna (Kingdom of Equitaine)"
    zone_b = Polygon(scene.zones["zone-player-b"].polygon)
    for u in second.units:
        assert u.side == "player-b" and u.facing == 180.0
        assert zone_b.buffer(1e-6).covers(_footprint(u))
    assert len(scene.units) == 18
    assert scene.zones["zone-player-b"].name.endswith("Anna (Kingdom of Equitaine) zone")


def test_without_zones_units_line_up_along_their_table_edge():
    sides = (Side("a", "A"), Side("b", "B"))
    game = Game(Setup("t9a", Scene(InchBoard(72, 48), sides)))
    placed = place_army(_plan("equitaine_odd_spacing.txt"), into=game, side="b")
    assert "table edge (y = 48)" in placed.placement.area


def test_the_area_is_named_with_the_sides_possessive():
    # "Imported 4 units into Undying Dynasties' Deployment Zone" (it said
    # "Undying Dynasties's").
    sides = (Side("a", "Kingdom of Equitaine"), Side("b", "Undying Dynasties"))
    game = Game(Setup("t9a", Scene(InchBoard(72, 48), sides)))
    placed = place_army(_plan("equitaine_odd_spacing.txt"), into=game, side="b")
    assert placed.placement.area == "Undying Dynasties' table edge (y = 48)"
    for u in placed.units:
        assert u.y - u.depth_in / 2 >= 36 - 1e-6 and u.y + u.depth_in / 2 <= 48 + 1e-6


def test_a_list_that_cannot_fit_says_so_and_stands_beside_the_zone():
    text = "P - Horde\n" + "".join(f"100 - 50 Goblin Horde {i}\n" for i in range(14))
    plan = plan_army(parse_text_list(text), overrides={
        f"Goblin Horde {i}": BaseSize.rect(25, 25) for i in range(14)
    })  # fmt: skip
    placed = place_army(plan)
    scene = placed.game.setup.scene
    zone = Polygon(scene.zones["zone-player-a"].polygon)
    outside = placed.placement.outside
    assert outside, "50 models on 25 mm bases, 14 times, cannot fit a 72 x 12 in zone"
    msg = next(n for n in notes(placed) if "does not fit" in n)
    assert all(plan.units[i].name in msg for i in outside)
    board = shapely.box(0, 0, 72, 48)
    for i, u in enumerate(placed.units):
        assert board.covers(_footprint(u))
        assert zone.buffer(1e-6).covers(_footprint(u)) == (i not in outside)
    _assert_apart(placed.units)


def test_units_of_one_name_that_do_not_fit_are_named_once_with_their_count():
    """(docs/army-lists.md, Placement and Scoring): 40 blocks of Goblin Horde
    beside the zone are "Goblin Horde ×N", not the name N times."""
    text = "P - Horde\n100 - Shaman\n" + "100 - 50 Goblin Horde\n" * 40
    plan = plan_army(parse_text_list(text), overrides={"Goblin Horde": BaseSize.rect(25, 25)})
    placed = place_army(plan)
    beside = [plan.units[i].name for i in placed.placement.outside]
    assert len(beside) > 2 and set(beside) == {"Goblin Horde"}
    msg = next(n for n in notes(placed) if "does not fit" in n)
    assert msg.endswith(f": Goblin Horde ×{len(beside)} placed beside it")
    assert grouped_names(["A", "B", "A", "C", "A"]) == "A ×3, B, C"


def test_importing_into_a_game_with_a_log_keeps_the_log_and_adds_events():
    first = place_army(_plan("undying_4000.txt"))
    moved = first.units[0]
    game = first.game.pushed(MovePiece(moved.id, 36.0, 30.0))
    second = place_army(_plan("equitaine_odd_spacing.txt"), into=game, side="player-b")
    assert second.game.events[0] == game.events[0]
    assert len(second.game.events) == 1 + 6
    state = replay(second.game.setup, second.game.events)
    assert (state.scene.units[moved.id].x, state.scene.units[moved.id].y) == (36.0, 30.0)
    _assert_apart([state.scene.units[moved.id], *second.units])


def test_units_keep_clear_of_units_already_on_the_board():
    sides = (Side("a", "A"), Side("b", "B"))
    blocker = Unit("rock", "Rock", "b", 36.0, 6.0, base_width_mm=600, base_depth_mm=200)
    game = Game(Setup("t9a", Scene(InchBoard(72, 48), sides, units={"rock": blocker})))
    placed = place_army(_plan("equitaine_odd_spacing.txt"), into=game, side="a")
    _assert_apart([blocker, *placed.units])
    assert "rock" in placed.game.setup.scene.units


def test_wrong_side_family_or_options_are_named():
    plan = _plan("equitaine_odd_spacing.txt")
    with pytest.raises(ArmyImportError, match="--side green: the sides are player-a, player-b"):
        place_army(plan, side="green")
    with pytest.raises(ArmyImportError, match="--deployment 'moon'"):
        place_army(plan, deployment="moon")
    hexgame = Game(Setup("hex", Scene(InchBoard(), (Side("a", "A"), Side("b", "B")))))
    with pytest.raises(ArmyImportError, match="army lists go into The Ninth Age games"):
        place_army(plan, into=hexgame)
    full = place_army(plan)
    full = place_army(plan, into=full.game)
    with pytest.raises(ArmyImportError, match="every side already has units"):
        place_army(plan, into=full.game)


@pytest.mark.parametrize(
    "deployment", ["frontline_clash", "dawn_assault", "counterthrust", "encircle",
                   "refused_flank", "marching_columns"],
)  # fmt: skip
def test_every_deployment_type_takes_both_lists_inside_their_zones(deployment):
    a = place_army(_plan("undying_4000.txt"), deployment=deployment)
    b = place_army(_plan("equitaine_odd_spacing.txt"), into=a.game)
    scene = b.game.setup.scene
    for placed in (a, b):
        zone = Polygon(scene.zones[f"zone-{placed.side}"].polygon).buffer(1e-6)
        inside = [u for i, u in enumerate(placed.units) if i not in placed.placement.outside]
        assert all(zone.covers(_footprint(u)) for u in inside)
    _assert_apart(list(scene.units.values()))


def test_a_list_goes_to_the_first_side_without_units_else_not_where_the_last_one_went():
    """(docs/army-lists.md, In the window)"""
    sides = (Side("a", "A", "#0072b2"), Side("b", "B", "#d55e00"))
    empty = Scene(board=InchBoard(), sides=sides)
    assert default_side(empty) == "a" and default_side(empty, last="a") == "a"
    one = empty.with_pieces([Unit("u", "U", "a", 10, 5)])
    assert default_side(one) == "b" and default_side(one, last="b") == "b"  # b is empty
    both = one.with_pieces([Unit("v", "V", "b", 10, 40)])
    assert default_side(both) == "a"
    assert default_side(both, last="a") == "b"  # the other side than the last list's
    assert default_side(both, last="b") == "a"


@pytest.mark.parametrize("deployment", ["frontline_clash", "dawn_assault", "encircle"])
def test_placed_units_keep_more_than_the_unit_spacing_apart(deployment):
    """(docs/t9a.md, Unit Spacing): 1.00 in is within the 1 in units keep apart, so
    units an import places side by side stand further apart than that, by the
    rule's own measure: no placed unit is flagged too close to another."""
    a = place_army(_plan("undying_4000.txt"), deployment=deployment)
    b = place_army(_plan("equitaine_odd_spacing.txt"), into=a.game)
    state = replay(b.game.setup, b.game.events)
    _assert_none_too_close(state)


def test_units_whose_bases_fit_the_placement_grid_keep_more_than_1_in_apart():
    """Whole-inch bases on the half-inch grid of spots would stand exactly 1 in
    apart, which is within Unit Spacing (docs/t9a.md, Unit Spacing)."""
    text = "P - Inches\n" + "100 - 10 Block\n" * 8
    plan = plan_army(parse_text_list(text), overrides={"Block": BaseSize.rect(MM, MM)})
    game = place_army(plan).game
    state = replay(game.setup, game.events)
    _assert_none_too_close(state)


def _assert_none_too_close(state) -> None:
    crowded = {u.id: too_close(state, u.id) for u in state.scene.units.values()}
    assert {k: v for k, v in crowded.items() if v} == {}
    _assert_apart(list(state.scene.units.values()), gap=1.0 + 0.01)
