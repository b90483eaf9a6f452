"""Carnevale measurement: edge to edge in 3D (docs/measurement.md, docs/carnevale.md).

Characters are round bases with an elevation; objective markers are 30 mm
circles with theirs. Distances from one point to every character go through the
vectorised ``geometry.arrays``; pairs through ``geometry.outline``.
"""

from __future__ import annotations

import numpy as np

from tabletop_gui.geometry.arrays import distances_to_point, unit_arrays
from tabletop_gui.geometry.outline import (
    distance_3d,
    in_base_contact,
    marker_outline,
    unit_outline,
)
from tabletop_gui.model.pieces import Marker, Unit
from tabletop_gui.model.scene import Scene
from tabletop_gui.rules.carnevale.fields import MINDLESS


def mindless_mask(scene: Scene) -> np.ndarray:
    """Per unit (``unit_arrays`` order): is it Mindless?"""
    cached = scene.cache.get("carnevale_mindless")
    if cached is None:
        mindless = MINDLESS.key
        units = scene.units.values()
        cached = np.fromiter((bool(u.extra.get(mindless)) for u in units), bool, len(units))
        scene.cache["carnevale_mindless"] = cached
    return cached


def distances_to_circle(scene: Scene, x: float, y: float, z: float, radius: float) -> np.ndarray:
    """3D edge-to-edge distance from every character to a circle at elevation ``z``."""
    return distances_to_point(unit_arrays(scene), x, y, pz=z, radius=radius)


def distances_to_character(scene: Scene, unit: Unit) -> np.ndarray:
    """3D edge-to-edge distance from every character to ``unit``'s base."""
    arrays = unit_arrays(scene)
    return distances_to_point(arrays, unit.x, unit.y, pz=unit.elevation, radius=unit.width_in / 2)


def enemies_in_contact(scene: Scene, unit: Unit, tolerance: float) -> list[str]:
    """Ids of enemy characters on the table in base contact with ``unit``."""
    arrays = unit_arrays(scene)
    if len(arrays) == 0:
        return []
    d = distances_to_character(scene, unit)
    hit = (d <= tolerance + 1e-6) & arrays.on_table & (arrays.sides != unit.side)
    return [arrays.ids[i] for i in np.flatnonzero(hit)]


def gap(a: Unit, b: Unit | Marker) -> float:
    """The 3D edge-to-edge distance between a character and a character or marker."""
    other = unit_outline(b) if isinstance(b, Unit) else marker_outline(b)
    return distance_3d(unit_outline(a), other)


def touching(a: Unit, b: Unit | Marker, tolerance: float) -> bool:
    """Base contact between a character and a character or marker (3D)."""
    other = unit_outline(b) if isinstance(b, Unit) else marker_outline(b)
    return in_base_contact(unit_outline(a), other, tolerance)


def markers_in_contact(scene: Scene, unit: Unit, tolerance: float) -> frozenset[str]:
    """Objective markers on the table in base contact with ``unit``."""
    return frozenset(
        m.id for m in scene.markers.values() if m.on_table and touching(unit, m, tolerance)
    )
