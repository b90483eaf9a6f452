"""The fields the hex game adds to units (docs/hex.md, Units and figures)."""

from __future__ import annotations

from tabletop_gui.model.fields import UnitField

LEADER: UnitField[bool] = UnitField(
    "leader", bool, False, "Leader",
    help="A leader, not a unit of troops: alone on a hex it does not occupy it unless "
    "the setting lone_leader_occupies says so; eliminated, it gives one banner.",
)  # fmt: skip

FIGURES: UnitField[int | None] = UnitField(
    "figures", int | None, None, "Figures", low=0, high=99,
    help="The figures the unit has left (Memoir '44: infantry 4, armour 3, artillery 2; "
    "elite armour 4, a sniper 1). A hit takes figures away (hex.lose_figures); losing "
    "the last eliminates the unit. Empty: the unit is not counted in figures.",
)  # fmt: skip
SPECIAL: UnitField[str] = UnitField(
    "special", str, "", "Special",
    help="What makes the unit special, as its scenario names it (Elite, Sniper, Combat "
    "Engineers...): the board marks it with a star. No rule reads it.",
)  # fmt: skip

#: Every field (``HexBanners.piece_fields``).
FIELDS = (LEADER, FIGURES, SPECIAL)
