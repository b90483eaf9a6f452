"""The Ninth Age: Secondary Objectives on the inch board."""

from tabletop_gui.rules.t9a import family, hold_the_ground

__all__ = ["family", "hold_the_ground"]
