"""Carnevale: the Primary Objective and its Hidden, Mobile, Claimable and
Destructible rules, measured edge to edge in 3D."""

from tabletop_gui.rules.carnevale import family, objective, presets
from tabletop_gui.rules.carnevale.presets import new_carnevale_setup

__all__ = ["family", "new_carnevale_setup", "objective", "presets"]
