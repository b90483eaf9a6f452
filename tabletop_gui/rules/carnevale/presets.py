"""Carnevale board presets and piece helpers for the GUI's "New" menu and tools.

``new_carnevale_setup()`` gives an empty 36 x 36 in board with two gangs and
their Deployment Zones (scenario data: edit or replace them freely).
``character()`` and ``objective_marker()`` build pieces with Carnevale's sizes;
``with_objective()`` adds a marker together with the objective that scores it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from tabletop_gui.model.board import InchBoard
from tabletop_gui.model.fields import field_values
from tabletop_gui.model.pieces import BaseShape, Marker, Side, Unit, Zone
from tabletop_gui.model.scene import ObjectiveSpec, Scene, Setup
from tabletop_gui.rules.carnevale.fields import LIFE_POINTS, MINDLESS, PICKPOCKET
from tabletop_gui.rules.carnevale.objective import RULE_NAMES
from tabletop_gui.rules.carnevale.placement import MARKER_KIND, OBJECTIVE_KIND

#: Round base diameters characters stand on, in mm.
BASE_SIZES_MM = (30, 40, 50, 60, 75)
#: Objective markers are 30 mm round.
OBJECTIVE_DIAMETER_MM = 30.0
#: Depth of the default Deployment Zones along two opposite edges (an editable guess:
#: each scenario gives its own deployment).
DEFAULT_ZONE_DEPTH = 6.0


def new_carnevale_setup(
    width: float = 36.0,
    height: float = 36.0,
    *,
    sides: tuple[Side, Side] | None = None,
    zone_depth: float = DEFAULT_ZONE_DEPTH,
    settings: Mapping[str, Any] | None = None,
    name: str = "New Carnevale board",
) -> Setup:
    """An empty Carnevale board: two gangs, a Deployment Zone strip ``zone_depth``
    deep along each of the two edges y = 0 and y = height, no characters or objectives."""
    board = InchBoard(float(width), float(height))
    errors = board.validate()
    if errors:
        field, problem = errors[0]
        raise ValueError(f"board {field}: {problem}")
    if not 0 < zone_depth < height / 2:
        raise ValueError(
            f"zone_depth must be between 0 and half the board ({height / 2:g} in), got {zone_depth}"
        )
    a, b = sides or (Side("gang-a", "Gang A", "#0072b2"), Side("gang-b", "Gang B", "#d55e00"))
    zones = {
        f"zone-{a.id}": Zone(
            f"zone-{a.id}", a.id, ((0, 0), (width, 0), (width, zone_depth), (0, zone_depth)),
            f"{a.name} deployment",
        ),
        f"zone-{b.id}": Zone(
            f"zone-{b.id}", b.id,
            ((0, height - zone_depth), (width, height - zone_depth), (width, height), (0, height)),
            f"{b.name} deployment",
        ),
    }  # fmt: skip
    scene = Scene(board=board, sides=(a, b), zones=zones)
    return Setup(family="carnevale", scene=scene, name=name, settings=dict(settings or {}))


def character(
    uid: str,
    name: str,
    side: str,
    x: float,
    y: float,
    *,
    base_mm: float = 30,
    life_points: int = 10,
    elevation: float = 0.0,
    mindless: bool = False,
    pickpocket: bool = False,
) -> Unit:
    """A character on a round base (30, 40, 50, 60 or 75 mm)."""
    if base_mm not in BASE_SIZES_MM:
        raise ValueError(f"{uid}: base_mm must be one of {BASE_SIZES_MM}, got {base_mm}")
    extra = field_values({LIFE_POINTS: life_points, MINDLESS: mindless, PICKPOCKET: pickpocket})
    return Unit(
        uid, name, side, float(x), float(y), base_shape=BaseShape.ROUND,
        base_width_mm=float(base_mm), base_depth_mm=float(base_mm), elevation=float(elevation),
        extra=extra,
    )  # fmt: skip


def objective_marker(
    mid: str,
    x: float,
    y: float,
    value: int,
    rules: Iterable[str] = (),
    *,
    label: str = "",
    elevation: float = 0.0,
) -> Marker:
    """A 30 mm objective marker with a Victory Point value and any of the rules
    hidden, mobile, claimable, destructible."""
    rule_set = frozenset(rules)
    unknown = rule_set - set(RULE_NAMES)
    if unknown:
        raise ValueError(
            f"{mid}: unknown objective rule(s) {sorted(unknown)} (known: {RULE_NAMES})"
        )
    return Marker(
        mid, MARKER_KIND, float(x), float(y), diameter_mm=OBJECTIVE_DIAMETER_MM, value=value,
        rules=rule_set, label=label, elevation=float(elevation),
    )  # fmt: skip


def with_objective(setup: Setup, marker: Marker, name: str = "") -> Setup:
    """The setup with ``marker`` placed and an objective scoring it (id = marker id)."""
    if any(o.id == marker.id for o in setup.objectives):
        raise ValueError(f"an objective with id {marker.id!r} already exists")
    spec = ObjectiveSpec(marker.id, OBJECTIVE_KIND, {"marker": marker.id}, name)
    return replace(
        setup, scene=setup.scene.with_piece(marker), objectives=(*setup.objectives, spec)
    )
