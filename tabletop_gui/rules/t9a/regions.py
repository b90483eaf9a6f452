"""What the Ninth Age objectives share to answer "where would this unit count"
(``Objective.scoring_region``): the answer for a unit that is not Scoring,
regions kept on the board, and the enemies present now."""

from __future__ import annotations

from collections.abc import Mapping

from shapely.geometry.base import BaseGeometry

from tabletop_gui.geometry.minkowski import board_box
from tabletop_gui.model.names import piece_label
from tabletop_gui.model.pieces import Unit
from tabletop_gui.model.scene import Scene
from tabletop_gui.rules.region import Region
from tabletop_gui.rules.t9a.common import side_name
from tabletop_gui.rules.t9a.scoring import is_scoring, why_not_scoring


def not_scoring(unit: Unit) -> Region | None:
    """The empty region of a unit that is not a Scoring Unit, or None if it is one."""
    if is_scoring(unit):
        return None
    return Region(why=f"{piece_label(unit)} does not count: {why_not_scoring(unit)}")


def on_board(scene: Scene, shape: BaseGeometry) -> BaseGeometry:
    """The centre positions of ``shape`` that lie on the board."""
    width, height = scene.board.extent
    x0, y0, x1, y1 = shape.bounds
    if x0 >= 0 and y0 >= 0 and x1 <= width and y1 <= height:
        return shape
    return shape.intersection(board_box(width, height))


def enemies_note(scene: Scene, side: str, counts: Mapping[str, float], what: str) -> str:
    """'Player B: 2 Scoring Units there now' for the enemies of ``side`` with any
    count, '' when there are none."""
    parts = []
    for s, n in counts.items():
        if s == side or not n:
            continue
        noun = "Scoring Unit" if n == 1 else "Scoring Units"
        parts.append(f"{side_name(scene, s)}: {n:g} {noun} {what}")
    return "; ".join(parts)
