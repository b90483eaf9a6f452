"""The measure tool's arithmetic (no Qt): closest points, distance, and margins
to the thresholds on the board ("5.97 in, 0.03 in inside 6")."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop_gui.geometry.outline import (
    EPS,
    Outline,
    closest_points,
    distance_3d,
    outline_of,
    point_outline,
)
from tabletop_gui.model.scene import Scene
from tabletop_gui.rules.scoreboard import Circle, Scoreboard


@dataclass(frozen=True)
class Measurement:
    a: tuple[float, float]  # closest point on the first outline (board inches)
    b: tuple[float, float]
    distance: float  # edge to edge, 3D when the two differ in elevation
    dz: float
    thresholds: tuple[float, ...]

    @property
    def text(self) -> str:
        return measure_text(self.distance, self.thresholds, self.dz)


def outline_for(scene: Scene, piece_id: str | None, point: tuple[float, float]) -> Outline:
    """The outline of a unit or marker on the table, or the bare point."""
    if piece_id is not None:
        piece = scene.units.get(piece_id) or scene.markers.get(piece_id)
        if piece is not None:
            return outline_of(piece)
    return point_outline(*point)


def thresholds_of(board: Scoreboard | None) -> tuple[float, ...]:
    """The distances the rules on this board measure against: its Circles' radii."""
    if board is None:
        return ()
    radii = {
        round(h.radius, 6) for r in board.results for h in r.highlights if isinstance(h, Circle)
    }
    return tuple(sorted(radii))


def measure(a: Outline, b: Outline, thresholds: tuple[float, ...] = ()) -> Measurement:
    pa, pb = closest_points(a, b)
    return Measurement(pa, pb, distance_3d(a, b), b.elevation - a.elevation, thresholds)


def measure_text(d: float, thresholds: tuple[float, ...] = (), dz: float = 0.0) -> str:
    """'5.97 in, 0.03 in inside 6'; several thresholds are listed; 'within' is
    inclusive with the core's tolerance, so exactly 6.00 reads 'exactly 6'."""
    text = f"{d:.2f} in"
    if abs(dz) > EPS:
        text += f" (3D, {abs(dz):.2f} in height difference)"
    parts = []
    for t in thresholds:
        margin = t - d
        if abs(margin) <= EPS:
            parts.append(f"exactly {t:g} (within)")
        elif margin > 0:
            parts.append(f"{margin:.2f} in inside {t:g}")
        else:
            parts.append(f"{-margin:.2f} in outside {t:g}")
    return ", ".join([text, *parts])
