"""Where a unit would count, for each Ninth Age objective (docs/t9a.md): the region
the rules compute as a shape agrees with ``evaluate`` on the unit moved there,
0.02 in inside and outside its boundary, and hand-checked positions."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import pytest

from tabletop_gui.model import InchBoard, Marker, ObjectiveSpec, Scene, Setup, Side, Terrain, Unit
from tabletop_gui.model.events import TurnStart
from tabletop_gui.model.fields import take_values
from tabletop_gui.model.pieces import MM_PER_INCH
from tabletop_gui.model.state import GameState
from tabletop_gui.rules import evaluate, replay
from tabletop_gui.rules.engine import initial_state, objectives_of, scoring_regions
from tabletop_gui.rules.region import Region
from tabletop_gui.rules.scoreboard import PieceMark, Role
from tabletop_gui.rules.t9a.deployments import DEPLOYMENT_TYPES
from tabletop_gui.rules.t9a.fields import FIELDS

from .probes import probes

A, B = "a", "b"
BOARD = InchBoard(72, 48)
#: A 5 x 4 block of 20 mm bases: 5 models wide, 4 ranks.
BLOCK_W = 5 * 20 / MM_PER_INCH
BLOCK_D = 4 * 20 / MM_PER_INCH


def block(uid: str, side: str, x: float, y: float, facing: float = 0.0, **kw: Any) -> Unit:
    return Unit(uid, uid.title(), side, x, y, facing=facing, base_width_mm=20,
                base_depth_mm=20, models=20, models_per_rank=5,
                extra=take_values(FIELDS, kw), **kw)  # fmt: skip


def t9a_setup(
    objectives: tuple[ObjectiveSpec, ...],
    units: tuple[Unit, ...] = (),
    markers: tuple[Marker, ...] = (),
    terrain: tuple[Terrain, ...] = (),
) -> Setup:
    zones = DEPLOYMENT_TYPES["frontline_clash"].zones(BOARD, A, B)
    scene = Scene(
        board=BOARD,
        sides=(Side(A, "Equitaine", "#0072b2"), Side(B, "Orcs", "#d55e00")),
        units={u.id: u for u in units},
        markers={m.id: m for m in markers},
        terrain={t.id: t for t in terrain},
        zones={z.id: z for z in zones},
    )
    return Setup("t9a", scene, objectives=objectives, deployment="frontline_clash")


def region_of(state: GameState, objective: str, unit_id: str) -> Region:
    answer = {a.objective_id: a for a in scoring_regions(state, unit_id)}[objective]
    assert answer.region is not None
    return answer.region


def moved(state: GameState, unit_id: str, x: float, y: float) -> GameState:
    unit = state.scene.units[unit_id]
    return state.with_scene(state.scene.with_piece(replace(unit, x=x, y=y)))


def marks_of(state: GameState, objective: str, unit_id: str) -> list[PieceMark]:
    result = evaluate(state).result(objective)
    return [h for h in result.highlights if isinstance(h, PieceMark) and h.piece_id == unit_id]


def counts_at(state: GameState, objective: str, unit_id: str, x: float, y: float) -> bool:
    here = moved(state, unit_id, x, y)
    return any(m.role is Role.COUNTS for m in marks_of(here, objective, unit_id))


def assert_agrees(state: GameState, objective: str, unit_id: str, region: Region) -> int:
    """Every probe inside counts, every probe outside does not; returns how many."""
    inside, outside = probes(region.shape, BOARD.extent)
    assert inside and outside
    wrong_in = [p for p in inside if not counts_at(state, objective, unit_id, *p)]
    wrong_out = [p for p in outside if counts_at(state, objective, unit_id, *p)]
    assert not wrong_in, f"inside the region but not counting: {wrong_in[:5]}"
    assert not wrong_out, f"outside the region but counting: {wrong_out[:5]}"
    return len(inside) + len(outside)


HOLD = (ObjectiveSpec("hold", "t9a.hold_the_ground"),)


@pytest.mark.parametrize("facing", [0.0, 45.0])
def test_hold_the_ground_region_of_a_5x4_block_agrees_with_evaluate(facing: float) -> None:
    state = initial_state(t9a_setup(HOLD, (block("knights", A, 10, 6, facing),)))
    region = region_of(state, "hold", "knights")
    assert assert_agrees(state, "hold", "knights", region) > 200


def test_hold_the_ground_block_facing_0_reaches_6_in_beyond_its_half_width() -> None:
    # Facing 0 the block is 3.94 in wide along x: its edge reaches the centre's
    # 6 in while its centre is up to 6 + 1.97 in away along x, 6 + 1.57 along y,
    # and on the diagonal the corner's 6 in counts (a rounded rectangle).
    state = initial_state(t9a_setup(HOLD, (block("knights", A, 10, 6),)))
    region = region_of(state, "hold", "knights")
    cx, cy = 36.0, 24.0
    reach_x, reach_y = 6 + BLOCK_W / 2, 6 + BLOCK_D / 2
    assert region.distance(cx + reach_x - 0.02, cy) == 0
    assert region.distance(cx + reach_x + 0.02, cy) == pytest.approx(0.02, abs=0.003)
    assert region.distance(cx, cy - reach_y + 0.02) == 0
    assert region.distance(cx, cy - reach_y - 0.02) == pytest.approx(0.02, abs=0.003)
    corner = (cx + BLOCK_W / 2 + 6 / math.sqrt(2), cy + BLOCK_D / 2 + 6 / math.sqrt(2))
    assert region.distance(corner[0] - 0.02, corner[1] - 0.02) == 0
    assert region.distance(corner[0] + 0.02, corner[1] + 0.02) == pytest.approx(
        0.02 * math.sqrt(2), abs=0.003
    )


def test_hold_the_ground_block_at_45_degrees_reaches_6_in_beyond_its_far_corner() -> None:
    # Turned 45 degrees, the corner furthest along x stands (W + D) / 2 x cos 45
    # from the centre along x, (W - D) / 2 x sin 45 across: the region's far
    # point lies 6 in beyond it along x, on the corner's rounded arc.
    state = initial_state(t9a_setup(HOLD, (block("knights", A, 10, 6, 45.0),)))
    region = region_of(state, "hold", "knights")
    c45 = math.cos(math.radians(45))
    far_x, far_y = (BLOCK_W + BLOCK_D) / 2 * c45, (BLOCK_W - BLOCK_D) / 2 * c45
    for sign in (-1, 1):  # the footprint and its reflection about the centre
        x, y = 36 + sign * (far_x + 6), 24 + sign * far_y
        assert region.distance(x - sign * 0.02, y) == 0
        assert region.distance(x + sign * 0.02, y) == pytest.approx(0.02, abs=0.003)


def test_hold_the_ground_text_gives_the_distance_short() -> None:
    x = 36 + 6 + BLOCK_W / 2 + 2.3
    state = initial_state(t9a_setup(HOLD, (block("knights", A, x, 24),)))
    (answer,) = scoring_regions(state, "knights")
    unit = state.scene.units["knights"]
    assert answer.text(unit.x, unit.y) == "Hold the Ground: 2.30 in short"
    assert answer.text(36, 24) == "Hold the Ground: within 6 in of the centre"


def test_hold_the_ground_region_is_contested_where_enemies_stand_within_6_in() -> None:
    units = (block("knights", A, 10, 6), block("orcs", B, 36, 28))
    state = initial_state(t9a_setup(HOLD, units))
    (part,) = region_of(state, "hold", "knights").parts
    assert part.contested
    assert part.note == "Orcs: 1 Scoring Unit within 6 in now"


def test_a_fleeing_unit_counts_nowhere_and_says_why() -> None:
    state = initial_state(t9a_setup(HOLD, (block("knights", A, 10, 6, fleeing=True),)))
    region = region_of(state, "hold", "knights")
    assert region.empty
    assert "does not count" in region.why
    (answer,) = scoring_regions(state, "knights")
    assert answer.text(36, 24).startswith("Hold the Ground: Knights does not count")


# -- Secure Target: the nearer-marker split -----------------------------------

SECURE = (ObjectiveSpec("secure", "t9a.secure_target"),)
TARGETS = (
    Marker("ta", "t9a.secure_target", 30, 24, side=A, label="Equitaine's target"),
    Marker("tb", "t9a.secure_target", 40, 24, side=B, label="Orcs' target"),
)


@pytest.mark.parametrize("facing", [0.0, 45.0])
def test_secure_target_parts_split_at_the_bisector_and_agree_with_evaluate(facing: float) -> None:
    state = initial_state(t9a_setup(SECURE, (block("knights", A, 10, 6, facing),), TARGETS))
    region = region_of(state, "secure", "knights")
    assert [p.label for p in region.parts] == [
        "counts for Equitaine's target",
        "counts for Orcs' target",
    ]
    for part in region.parts:
        wanted = part.label

        def counts_for(x: float, y: float, wanted: str = wanted) -> bool:
            marks = marks_of(moved(state, "knights", x, y), "secure", "knights")
            return any(m.role is Role.COUNTS and m.label.startswith(wanted) for m in marks)

        inside, outside = probes(part.shape, BOARD.extent)
        assert [p for p in inside if not counts_for(*p)] == []
        assert [p for p in outside if counts_for(*p)] == []
    # Between the markers, the bisector x = 35 splits: 0.02 in either side.
    ta, tb = region.parts
    assert ta.shape.covers(_pt(34.98, 24)) and not ta.shape.covers(_pt(35.02, 24))
    assert tb.shape.covers(_pt(35.02, 24)) and not tb.shape.covers(_pt(34.98, 24))


def _pt(x: float, y: float):  # type: ignore[no-untyped-def]
    from shapely.geometry import Point

    return Point(x, y)


# -- Breakthrough and King of the Hill: areas summed with the footprint ---------


@pytest.mark.parametrize("facing", [0.0, 45.0])
def test_breakthrough_region_is_the_enemy_zone_grown_by_the_footprint(facing: float) -> None:
    objectives = (ObjectiveSpec("bt", "t9a.breakthrough"),)
    state = initial_state(t9a_setup(objectives, (block("knights", A, 10, 6, facing),)))
    region = region_of(state, "bt", "knights")
    assert region.parts[0].label == "inside Orcs' Deployment Zone"
    assert_agrees(state, "bt", "knights", region)
    if facing == 0:  # a corner in reaches 36 - depth/2
        assert region.distance(20, 36 - BLOCK_D / 2 + 0.02) == 0
        assert region.distance(20, 36 - BLOCK_D / 2 - 0.02) == pytest.approx(0.02, abs=1e-6)


@pytest.mark.parametrize("facing", [0.0, 45.0])
def test_king_of_the_hill_region_is_the_opponents_pick_grown_by_the_footprint(
    facing: float,
) -> None:
    # An L-shaped hill (not convex) picked by the Orcs, inside no zone.
    hill = Terrain("hill", "Hill", ((30, 20), (44, 20), (44, 24), (34, 24), (34, 30), (30, 30)))
    objectives = (ObjectiveSpec("koth", "t9a.king_of_the_hill", {"picks": {B: "hill"}}),)
    units = (block("knights", A, 10, 6, facing),)
    state = initial_state(t9a_setup(objectives, units, terrain=(hill,)))
    region = region_of(state, "koth", "knights")
    assert region.parts[0].label == "captures Orcs' pick Hill"
    assert assert_agrees(state, "koth", "knights", region) > 200


def test_king_of_the_hill_without_a_pick_says_so() -> None:
    objectives = (ObjectiveSpec("koth", "t9a.king_of_the_hill"),)
    state = initial_state(t9a_setup(objectives, (block("knights", A, 10, 6),)))
    region = region_of(state, "koth", "knights")
    assert region.empty and region.why == "Orcs has not picked a Terrain Feature yet"


# -- Spoils of War: contact with a marker's centre -----------------------------


@pytest.mark.parametrize("facing", [0.0, 45.0])
def test_spoils_region_is_where_the_footprint_covers_a_markers_centre(facing: float) -> None:
    spoils = tuple(
        Marker(f"s{i}", "t9a.spoils", x, 24, label=f"Spoils {i}")
        for i, x in enumerate((12.0, 36.0, 60.0), 1)
    )
    objectives = (ObjectiveSpec("spoils", "t9a.spoils_of_war"),)
    units = (block("knights", A, 10, 6, facing),)
    state = replay(t9a_setup(objectives, units, spoils), [TurnStart(1), TurnStart(1, A)])
    region = region_of(state, "spoils", "knights")
    assert len(region.parts) == 3

    def may_pick(x: float, y: float) -> bool:
        details = evaluate(moved(state, "knights", x, y)).result("spoils").details
        return any(p["unit"] == "knights" for p in details["can_pick_up"])

    inside, outside = probes(region.shape, BOARD.extent, step=0.1)
    assert [p for p in inside if not may_pick(*p)] == []
    assert [p for p in outside if may_pick(*p)] == []


def test_capture_the_flags_has_no_positional_part_and_says_so() -> None:
    objectives = (ObjectiveSpec("flags", "t9a.capture_the_flags"),)
    state = initial_state(t9a_setup(objectives, (block("knights", A, 10, 6),)))
    (answer,) = scoring_regions(state, "knights")
    assert answer.region is not None and answer.region.empty
    assert answer.text(10, 6) == (
        "Capture the Flags: no positional part: it counts marked units removed as casualties"
    )


def test_every_t9a_objective_kind_answers() -> None:
    kinds = ("hold_the_ground", "breakthrough", "spoils_of_war", "king_of_the_hill",
             "capture_the_flags", "secure_target")  # fmt: skip
    specs = tuple(ObjectiveSpec(k, f"t9a.{k}") for k in kinds)
    state = initial_state(t9a_setup(specs, (block("knights", A, 10, 6),), TARGETS))
    answers = scoring_regions(state, "knights")
    assert [a.objective_id for a in answers] == [o.id for o in objectives_of(state.setup)]
    assert all(a.region is not None for a in answers)
