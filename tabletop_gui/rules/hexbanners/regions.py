"""Where a unit would gain a Victory Banner (``Objective.scoring_region`` for the
hex kinds): the objective's hexes a unit of its side may stand on, as the
shapes of those hexes (a unit stands on the hex its centre is in). A hex an
enemy holds now is contested; a hex a friendly unit holds already counts."""

from __future__ import annotations

import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from tabletop_gui.model.hexgrid import Hex, HexBoard, hex_label
from tabletop_gui.model.names import piece_label
from tabletop_gui.model.pieces import Unit
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.hexbanners import settings
from tabletop_gui.rules.hexbanners.fields import LEADER
from tabletop_gui.rules.hexbanners.occupancy import board_of, hex_of, occupancy
from tabletop_gui.rules.objective import Objective
from tabletop_gui.rules.region import Region, RegionPart


def hex_shape(board: HexBoard, hexes: list[Hex]) -> BaseGeometry:
    shape: BaseGeometry = shapely.union_all([Polygon(board.corners(h)) for h in hexes])
    return shape


def side_names(state: GameState, sides: list[str]) -> str:
    return " or ".join(state.scene.side(s).name if s in state.scene.side_ids else s for s in sides)


def refusal(obj: Objective, state: GameState, unit: Unit, sides: list[str]) -> Region | None:
    """The empty region of a unit that cannot gain the objective at all, or None."""
    board = board_of(state)
    if board is None:
        return Region(why="needs a hex board")
    if unit.side not in sides:
        return Region(why=f"only {side_names(state, sides)} may gain it")
    if LEADER.of(unit) and not settings.lone_leader_occupies(state.setup):
        return Region(why=f"{piece_label(unit)} is a leader: alone, a leader holds no hex")
    return None


def hex_region(
    state: GameState, unit: Unit, hexes: list[Hex], label: str, why_none: str = ""
) -> Region:
    """The hexes of ``hexes`` on the board, in parts: free or the unit's own,
    held by a friendly unit (it counts already), held by the enemy (contested)."""
    board = board_of(state)
    assert board is not None
    occ = occupancy(state)
    own = hex_of(board, unit)
    free: list[Hex] = []
    friendly: list[Hex] = []
    enemy: list[Hex] = []
    for h in hexes:
        holder = occ.get(h)
        if holder is None or h == own:
            free.append(h)
        elif holder.side == unit.side:
            friendly.append(h)
        else:
            enemy.append(h)
    parts = []
    if free:
        parts.append(RegionPart(hex_shape(board, free), label, hexes=tuple(free)))
    if friendly:
        where = ", ".join(hex_label(h) for h in friendly)
        note = f"a friendly unit holds {where} already"
        parts.append(RegionPart(hex_shape(board, friendly), f"{label} ({note})", note=note,
                                hexes=tuple(friendly)))  # fmt: skip
    if enemy:
        where = ", ".join(hex_label(h) for h in enemy)
        note = f"the enemy holds {where} now"
        parts.append(RegionPart(hex_shape(board, enemy), label, contested=True, note=note,
                                hexes=tuple(enemy)))  # fmt: skip
    why = "" if parts else why_none or "none of its hexes is on the board"
    return Region(tuple(parts), why=why, hex_board=board)
