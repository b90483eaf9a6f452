"""Who occupies which hex, and which events are ordered moves.

A hex is occupied by a side when a unit of that side stands on it; a leader
standing alone occupies only under the ``lone_leader_occupies`` setting.
"""

from __future__ import annotations

from collections.abc import Iterable

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.events import Event, MovePiece
from tabletop_gui.model.hexgrid import Hex, HexBoard
from tabletop_gui.model.pieces import Unit
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.hexbanners import settings
from tabletop_gui.rules.hexbanners.events import ExitBoard, HexMove
from tabletop_gui.rules.hexbanners.fields import LEADER


@dataclass(frozen=True)
class Occupant:
    side: str
    unit_ids: tuple[str, ...]  # the units that occupy (a lone leader only by setting)


def board_of(state: GameState) -> HexBoard | None:
    board = state.scene.board
    return board if isinstance(board, HexBoard) else None


def hex_of(board: HexBoard, unit: Unit) -> Hex | None:
    """The hex a unit stands on, None when off the board or removed."""
    if unit.removed:
        return None
    h = board.point_to_hex(unit.x, unit.y)
    return h if board.contains(h) else None


def occupancy(state: GameState) -> dict[Hex, Occupant]:
    """Every occupied hex with its side (cached on the scene)."""
    lone = settings.lone_leader_occupies(state.setup)
    key = f"hex.occupancy.{lone}"
    cached = state.scene.cache.get(key)
    if cached is not None:
        return cached
    board = board_of(state)
    out: dict[Hex, Occupant] = {}
    if board is not None:
        units: dict[Hex, list[Unit]] = {}
        for unit in state.scene.units.values():
            h = hex_of(board, unit)
            if h is not None:
                units.setdefault(h, []).append(unit)
        for h, here in units.items():
            troops = [u for u in here if not LEADER.of(u)] or (here if lone else [])
            if troops:
                out[h] = Occupant(troops[0].side, tuple(u.id for u in troops))
    state.scene.cache[key] = out
    return out


def occupied_by(state: GameState, side: str, hexes: Iterable[Hex]) -> list[Hex]:
    occ = occupancy(state)
    return [h for h in hexes if h in occ and occ[h].side == side]


@dataclass(frozen=True)
class OrderedMove:
    """An ordered unit leaving ``from_hex`` for ``to_hex`` (None: off the board)
    in its side's movement phase."""

    unit_id: str
    side: str
    from_hex: Hex | None
    to_hex: Hex | None


def ordered_move(before: GameState, event: Event) -> OrderedMove | None:
    """The ordered move ``event`` is, if any: a ``hex_move`` or ``hex_exit`` with
    ``ordered`` true, or a plain ``move`` of a unit of the side whose turn it is,
    made during the movement phase."""
    board = board_of(before)
    if board is None or before.clock.phase != settings.movement_phase(before.setup):
        return None
    unit_id = getattr(event, "unit_id", None) or getattr(event, "piece_id", None)
    unit = before.scene.units.get(unit_id) if isinstance(unit_id, str) else None
    if unit is None or unit.removed or before.clock.side not in (None, unit.side):
        return None  # only the side whose turn it is orders units
    if isinstance(event, HexMove) and event.ordered:
        to: Hex | None = (int(event.to[0]), int(event.to[1]))
    elif isinstance(event, ExitBoard) and event.ordered:
        to = None
    elif isinstance(event, MovePiece) and before.clock.side is not None:
        to = board.point_to_hex(event.x, event.y)
    else:
        return None
    return OrderedMove(unit.id, unit.side, hex_of(board, unit), to)


def acting_side(before: GameState, event: Event) -> str | None:
    """The side of the unit an event moves or removes, if any."""
    unit_id = getattr(event, "unit_id", None) or getattr(event, "piece_id", None)
    unit = before.scene.units.get(unit_id) if isinstance(unit_id, str) else None
    return unit.side if unit is not None else None
