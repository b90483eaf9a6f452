"""Where a character would score a Carnevale objective (docs/carnevale.md): within
3 in of the objective's edge in 3D, at the character's elevation; a Claimable
objective's base-contact region; none for a carried or claimed one."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from tabletop_gui.model.pieces import MM_PER_INCH, Marker, Side, Unit
from tabletop_gui.model.state import GameState
from tabletop_gui.rules import evaluate
from tabletop_gui.rules.carnevale.fields import CLAIMED_BY
from tabletop_gui.rules.carnevale.measure import enemies_in_contact, touching
from tabletop_gui.rules.carnevale.presets import (
    character,
    new_carnevale_setup,
    objective_marker,
    with_objective,
)
from tabletop_gui.rules.engine import initial_state, scoring_regions
from tabletop_gui.rules.region import Region

from .probes import probes

A, B = "a", "b"
R30 = 30 / MM_PER_INCH / 2  # a 30 mm base's or marker's radius, in
R40 = 40 / MM_PER_INCH / 2


def start(units: list[Unit], markers: list[Marker]) -> GameState:
    setup = new_carnevale_setup(sides=(Side(A, "Gang A"), Side(B, "Gang B", "#d55e00")))
    setup = replace(setup, scene=replace(setup.scene, zones={}))
    for m in markers:
        setup = with_objective(setup, m)
    return initial_state(replace(setup, scene=setup.scene.with_pieces(units)))


def region(state: GameState, unit_id: str) -> Region:
    (answer,) = scoring_regions(state, unit_id)
    assert answer.region is not None
    return answer.region


def moved(state: GameState, unit_id: str, x: float, y: float) -> GameState:
    unit = state.scene.units[unit_id]
    return state.with_scene(state.scene.with_piece(replace(unit, x=x, y=y)))


def scores_at(state: GameState, unit_id: str, x: float, y: float) -> bool:
    (result,) = evaluate(moved(state, unit_id, x, y)).results
    return any(c.piece_id == unit_id for c in result.counting)


def test_a_round_base_on_a_rooftop_scores_within_3_in_in_3d() -> None:
    # A 40 mm base 2 in up on a rooftop, the objective in the street: in 3D the
    # plan gap may be sqrt(3^2 - 2^2) = 2.24 in, so its centre counts up to
    # 0.79 + 0.59 + 2.24 = 3.62 in from the objective's centre.
    bravo = character("bravo", "Bravo", A, 5, 5, base_mm=40, elevation=2.0)
    chest = objective_marker("chest", 18, 18, 3)
    state = start([bravo], [chest])
    r = region(state, "bravo")
    reach = R40 + R30 + math.sqrt(9 - 4)
    assert r.distance(18 + reach - 0.02, 18) == 0
    assert r.distance(18 + reach + 0.02, 18) == pytest.approx(0.02, abs=0.003)
    inside, outside = probes(r.shape, state.scene.board.extent, step=0.1)
    assert [p for p in inside if not scores_at(state, "bravo", *p)] == []
    assert [p for p in outside if scores_at(state, "bravo", *p)] == []
    (answer,) = scoring_regions(state, "bravo")
    assert answer.text(5, 5).endswith("in short")


def test_a_rooftop_more_than_3_in_up_scores_nowhere_and_says_why() -> None:
    bravo = character("bravo", "Bravo", A, 5, 5, base_mm=40, elevation=3.5)
    state = start([bravo], [objective_marker("chest", 18, 18, 3)])
    r = region(state, "bravo")
    assert r.empty
    assert r.why == "3.50 in above it: more than 3 in away at any spot"


def test_an_enemy_within_3_in_now_contests_the_region() -> None:
    bravo = character("bravo", "Bravo", A, 5, 5)
    thug = character("thug", "Thug", B, 18, 20)
    state = start([bravo, thug], [objective_marker("chest", 18, 18, 3)])
    (part,) = region(state, "bravo").parts
    assert part.contested and part.note == "contested now by Thug"


def test_a_claimable_objective_adds_where_it_could_be_claimed() -> None:
    # Base contact (0.02 in, 3D) with the marker, and not in contact with an enemy.
    bravo = character("bravo", "Bravo", A, 5, 5)
    thug = character("thug", "Thug", B, 18 + R30 + 2 * R30 + 0.3, 18)
    shrine = objective_marker("shrine", 18, 18, 2, ("claimable",))
    state = start([bravo, thug], [shrine])
    _, claim = region(state, "bravo").parts
    assert claim.label == "claim it here (base contact, no enemy in contact)"

    def may_claim(x: float, y: float) -> bool:
        here = moved(state, "bravo", x, y)
        unit = here.scene.units["bravo"]
        return touching(unit, shrine, 0.02) and not enemies_in_contact(here.scene, unit, 0.02)

    inside, outside = probes(claim.shape, state.scene.board.extent, offset=0.005, step=0.02)
    assert inside and outside
    assert [p for p in inside if not may_claim(*p)] == []
    assert [p for p in outside if may_claim(*p)] == []


def test_a_carried_objective_shows_no_region() -> None:
    bravo = character("bravo", "Bravo", A, 5, 5)
    thug = character("thug", "Thug", B, 18, 18)
    chest = objective_marker("chest", 18, 18, 3, ("mobile",))
    state = start([bravo, thug], [replace(chest, carried_by="thug")])
    r = region(state, "bravo")
    assert r.empty and r.why == "carried by Thug: a carried objective shows no region"


def test_a_claimed_objective_scores_wherever_the_characters_stand() -> None:
    bravo = character("bravo", "Bravo", A, 5, 5)
    shrine = objective_marker("shrine", 18, 18, 2, ("claimable",))
    state = start([bravo], [CLAIMED_BY.set(shrine, A)])
    r = region(state, "bravo")
    assert r.empty
    assert r.why == "claimed by Gang A: scores for Gang A wherever the characters stand"


def test_a_mindless_character_neither_scores_nor_contests() -> None:
    zombie = character("zombie", "Zombie", A, 5, 5, mindless=True)
    state = start([zombie], [objective_marker("chest", 18, 18, 3)])
    assert region(state, "zombie").why == "Zombie is Mindless: neither scores nor contests"
