"""The field the toy family adds to its units."""

from __future__ import annotations

from tabletop_gui.model.fields import UnitField

LANTERN: UnitField[bool] = UnitField(
    "lantern", bool, False, "Lantern lit",
    help="The scout's lantern is lit: it counts twice near the beacon.",
)  # fmt: skip
