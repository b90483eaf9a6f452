"""The fields The Ninth Age adds to units (docs/t9a.md, Shared rules)."""

from __future__ import annotations

from tabletop_gui.model.fields import UnitField

FLEEING: UnitField[bool] = UnitField(
    "fleeing", bool, False, "Fleeing",
    help="The unit is Fleeing: not a Scoring Unit while it flees.",
)  # fmt: skip
SCORING_LOST: UnitField[bool] = UnitField(
    "scoring_lost", bool, False, "Lost Scoring",
    help="The unit has lost Scoring for a reason the board does not show (a rule, an effect).",
)  # fmt: skip
LEADER: UnitField[bool] = UnitField(
    "leader", bool, False, "Leader",
    help="Marks a character leading the army (no Secondary Objective reads it).",
)  # fmt: skip

#: Every field, in the Inspector's order (``NinthAge.piece_fields``).
FIELDS = (FLEEING, SCORING_LOST, LEADER)
