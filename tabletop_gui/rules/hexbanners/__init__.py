"""Hex Victory Banners (Commands & Colors style): the family and every banner kind.
Importing this package registers them (see docs/hex.md)."""

from tabletop_gui.rules.hexbanners import (
    exits,
    family,
    memoir,
    permanent,
    sector,
    temporary,
    time_pressure,
)

__all__ = ["exits", "family", "memoir", "permanent", "sector", "temporary", "time_pressure"]
