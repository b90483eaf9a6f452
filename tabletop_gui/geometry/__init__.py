"""Footprints and measurement (shapely, numpy). No Qt here."""

from tabletop_gui.geometry.outline import (
    EPS,
    Outline,
    closest_points,
    contains_point,
    distance,
    distance_3d,
    distance_to_point,
    fully_inside,
    in_base_contact,
    inside,
    marker_outline,
    outline_of,
    point_outline,
    unit_outline,
    within,
)

__all__ = [
    "EPS",
    "Outline",
    "closest_points",
    "contains_point",
    "distance",
    "distance_3d",
    "distance_to_point",
    "fully_inside",
    "in_base_contact",
    "inside",
    "marker_outline",
    "outline_of",
    "point_outline",
    "unit_outline",
    "within",
]
