"""Boards: an inch board of any size, or a hex grid (see ``hexgrid``)."""

from __future__ import annotations

import math
from typing import ClassVar

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model import limits
from tabletop_gui.model.names import moved


@dataclass(frozen=True, slots=True)
class InchBoard:
    """A rectangular board measured in inches; (0, 0) is a corner on side A's long edge."""

    kind: ClassVar[str] = "inch"
    width: float = 72.0
    height: float = 48.0

    @property
    def centre(self) -> tuple[float, float]:
        return (self.width / 2, self.height / 2)

    @property
    def extent(self) -> tuple[float, float]:
        return (self.width, self.height)

    def distance_words(self, a: tuple[float, float], b: tuple[float, float]) -> str:
        """How far a piece moved, in the board's own units: '4.58 in' (as
        ``names.moved`` writes it: a move is never '0.00 in' unless it is within
        the rules' tolerance of none). A hex board counts hexes."""
        return moved(math.hypot(b[0] - a[0], b[1] - a[1]))

    def validate(self) -> list[tuple[str, str]]:
        errors = []
        for name in ("width", "height"):
            value = getattr(self, name)
            if not (math.isfinite(value) and value > 0):
                errors.append((name, f"must be > 0, got {value}"))
            elif value < limits.MIN_BOARD_INCHES:
                errors.append((name, f"must be >= {limits.MIN_BOARD_INCHES:g} in, got {value:g}"))
            elif value > limits.MAX_BOARD_INCHES:
                errors.append((name, limits.above(value, limits.MAX_BOARD_INCHES, " in") or ""))
        return errors
