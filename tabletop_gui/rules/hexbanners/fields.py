"""The field the hex game adds to units (docs/hex.md)."""

from __future__ import annotations

from tabletop_gui.model.fields import UnitField

LEADER: UnitField[bool] = UnitField(
    "leader", bool, False, "Leader",
    help="A leader, not a unit of troops: alone on a hex it does not occupy it unless "
    "the setting lone_leader_occupies says so; eliminated, it gives one banner.",
)  # fmt: skip

#: Every field (``HexBanners.piece_fields``).
FIELDS = (LEADER,)
