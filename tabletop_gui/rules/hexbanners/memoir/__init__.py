"""Memoir '44 objectives on the hex Victory Banner engine: medals on hexes and
groups, exit markers and sudden death, scored by Memoir's rules (docs/hex.md,
"Memoir '44 scenarios"). The seed's banner kinds keep the seed's rules."""

from tabletop_gui.rules.hexbanners.memoir import exit_markers, medal, sudden_death

__all__ = ["exit_markers", "medal", "sudden_death"]
