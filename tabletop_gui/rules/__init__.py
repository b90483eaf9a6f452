"""The objective engine: one package per rule family, pure functions of a game state."""

from tabletop_gui.rules.engine import (
    RuleError,
    Timeline,
    apply,
    check,
    evaluate,
    family_of,
    objectives_of,
    replay,
)
from tabletop_gui.rules.scoreboard import ObjectiveResult, Scoreboard, Status

__all__ = [
    "ObjectiveResult",
    "RuleError",
    "Scoreboard",
    "Status",
    "Timeline",
    "apply",
    "check",
    "evaluate",
    "family_of",
    "objectives_of",
    "replay",
]
