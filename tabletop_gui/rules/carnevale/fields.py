"""The fields Carnevale adds to characters and objective markers (docs/carnevale.md)."""

from __future__ import annotations

from tabletop_gui.model import limits
from tabletop_gui.model.fields import MarkerField, UnitField

LIFE_POINTS: UnitField[int | None] = UnitField(
    "life_points", int | None, None, "Life Points", low=0, high=limits.MAX_POINTS,
    help="Life Points left; a carrier losing drop_life_points or more at once drops "
    "its objective. Empty: not counted.",
)  # fmt: skip
MINDLESS: UnitField[bool] = UnitField(
    "mindless", bool, False, "Mindless",
    help="A Mindless character neither scores nor contests an objective.",
)  # fmt: skip
PICKPOCKET: UnitField[bool] = UnitField(
    "pickpocket", bool, False, "Pickpocket",
    help="May disengage from an enemy carrier and steal its objective.",
)  # fmt: skip
CLAIMED_BY: MarkerField[str | None] = MarkerField(
    "claimed_by", str | None, None, "Claimed by", kind="opt_side", copied=False,
    help="The gang that claimed this Claimable objective (it scores for them).",
)  # fmt: skip
REVEALED: MarkerField[bool] = MarkerField(
    "revealed", bool, False, "Revealed",
    help="A Hidden objective turned face up: players see its value.",
)  # fmt: skip

#: Every field, in the Inspector's order (``Carnevale.piece_fields``).
FIELDS = (LIFE_POINTS, MINDLESS, PICKPOCKET, CLAIMED_BY, REVEALED)
