"""Moves legal only in some circumstances are flagged for the referee, never
refused: in The Ninth Age a flee reaction, a pursuit or a reform moves the other
side's units in a Player Turn; bases that overlap."""

from __future__ import annotations

import pytest
import shapely
from t9a_helpers import A, B, crowd, setup, state, unit

from tabletop_gui.geometry.outline import EPS, unit_outline
from tabletop_gui.model.events import Event, MovePiece, TurnStart
from tabletop_gui.model.game import Game
from tabletop_gui.model.pieces import Terrain
from tabletop_gui.rules import Timeline
from tabletop_gui.rules.engine import flags
from tabletop_gui.rules.flags import OVERLAP_AREA, overlaps


def flagged(units, events: list[Event]) -> list[list[str]]:
    tl = Timeline(Game(setup([], units), tuple(events)))
    return [flags(tl.state_at(i), e, tl.state_at(i + 1)) for i, e in enumerate(tl.events)]


def test_the_orcs_moving_in_equitaines_player_turn_is_played_and_flagged_with_the_cases():
    units = [unit("knights", A, 20, 6), unit("boyz", B, 30, 40, name="Orc Boyz")]
    out = flagged(units, [TurnStart(1), TurnStart(1, A), MovePiece("boyz", 30, 36)])
    assert out[:2] == [[], []]
    (flag,) = out[2]
    assert flag.startswith("Orc Boyz (Orcs) moved in Equitaine's turn")
    assert "flee reaction, pursuit or reform" in flag


def test_the_acting_side_moving_clear_of_everyone_is_not_flagged():
    units = [unit("knights", A, 20, 6), unit("boyz", B, 30, 40)]
    assert flagged(units, [TurnStart(1), TurnStart(1, A), MovePiece("knights", 20, 12)])[2] == []


def test_a_base_moved_onto_another_is_flagged_bases_in_contact_are_not():
    # 25 mm bases: 0.98 in wide. Centres 0.5 in apart overlap; 0.98 in apart touch.
    units = [unit("knights", A, 20, 6), unit("squires", A, 24, 6)]
    start = [TurnStart(1), TurnStart(1, A)]
    over = flagged(units, [*start, MovePiece("squires", 20.5, 6)])[2]
    assert over == ["squires' base overlaps knights"]
    touch = flagged(units, [*start, MovePiece("squires", 20 + 25 / 25.4, 6)])[2]
    assert touch == []


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_bases_found_overlapping_from_the_arrays_are_those_intersected_pair_by_pair(seed):
    # A crowded board of every base kind, some on another's very spot, some in
    # contact: the overlaps settled from the arrays or intersected are those
    # found by intersecting every pair at the same level.
    units = crowd(seed)
    st = state(setup([], units))
    found = 0
    for u in units:
        shape = unit_outline(u).polygon()
        expected = [
            v.name for v in units
            if v.id != u.id and abs(v.elevation - u.elevation) <= EPS
            and shapely.area(shapely.intersection(shape, unit_outline(v).polygon())) > OVERLAP_AREA
        ]  # fmt: skip
        assert overlaps(st, u.id) == expected
        found += len(expected)
    assert found > 0


def test_the_games_start_is_flagged_with_each_unit_still_outside_its_deployment_zone():
    # Frontline Clash: Equitaine deploys within 12 in of the bottom edge, the
    # Orcs of the top (docs/t9a.md, Deployment check). A flag, never a refusal.
    units = [
        unit("knights", A, 20, 6, name="Knights"),
        unit("levy", A, 30, 20, name="Peasant Levy"),
        unit("boyz", B, 30, 42, name="Orc Boyz"),
    ]
    out = flagged(units, [MovePiece("boyz", 30, 43), TurnStart(1), TurnStart(1, A)])
    assert out[0] == []  # a move in set-up is no start
    (flag,) = out[1]
    assert flag.startswith("Peasant Levy is 8.49 in outside")
    assert flag.endswith("outside Equitaine's Deployment Zone as the game starts: "
                         "units deploy wholly inside it")  # fmt: skip
    assert out[2] == []  # the game has started: set-up is over


def test_a_base_moved_into_impassable_terrain_is_flagged_one_against_its_edge_is_not():
    # A 25 mm base is 0.98 in wide; the rock spans x 30-34. Centre at 30.6: its
    # base reaches 0.11 in into the rock; at 30 - 0.49: it touches the edge.
    rock = Terrain("rock", "Rock", ((30, 20), (34, 20), (34, 26), (30, 26)), impassable=True)
    wood = Terrain("wood", "Wood", ((40, 20), (44, 20), (44, 26), (40, 26)))
    st = setup([], [unit("knights", A, 20, 6), unit("boyz", B, 50, 40)], terrain=[rock, wood])
    tl = Timeline(Game(st, (TurnStart(1), TurnStart(1, A))))
    for event, expected in [
        (MovePiece("knights", 30.6, 23), ["knights stands in Impassable Terrain: Rock (rock)"]),
        (MovePiece("knights", 30 - 25 / 25.4 / 2, 23), []),
        (MovePiece("knights", 42, 23), []),  # a wood is no obstacle to standing
    ]:
        before = tl.current
        tl.push(event)
        assert flags(before, event, tl.current) == expected
