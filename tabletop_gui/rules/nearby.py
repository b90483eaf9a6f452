"""Which pieces stand near a unit, for offering actions (no rule is decided here:
the engine checks contact when the action is recorded)."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop_gui.geometry.outline import distance_3d, marker_outline, unit_outline
from tabletop_gui.model.pieces import Marker, Unit

#: Markers and units this far (inches, edge to edge) from a selected unit are
#: offered for pick-up, reveal, claim, hand-over...
NEARBY_IN = 2.0


def markers_near(unit: Unit, markers: Sequence[Marker]) -> list[Marker]:
    """``markers`` within ``NEARBY_IN`` of ``unit``, nearest first."""
    outline = unit_outline(unit)
    scored = [(distance_3d(outline, marker_outline(m)), m.id, m) for m in markers]
    return [m for d, _i, m in sorted(scored) if d <= NEARBY_IN]


def units_near(unit: Unit, others: Sequence[Unit]) -> list[Unit]:
    """``others`` within ``NEARBY_IN`` of ``unit`` (edge to edge, in 3D)."""
    outline = unit_outline(unit)
    return [o for o in others if distance_3d(outline, unit_outline(o)) <= NEARBY_IN]
