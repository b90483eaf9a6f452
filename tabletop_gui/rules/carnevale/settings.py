"""The Carnevale choices the rules leave open, as named scenario settings
(``Setup.settings``), with their defaults. docs/carnevale.md lists them."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from tabletop_gui.model.scene import Setup

#: The game lasts this many rounds; the end of the game is the end of the last.
ROUNDS = "rounds"
DEFAULT_ROUNDS = 6
#: Base contact: edge-to-edge distance (3D) within this many inches.
CONTACT_TOLERANCE = "contact_tolerance"
DEFAULT_CONTACT_TOLERANCE = 0.02
#: A friendly character within this many inches (edge to edge, 3D) scores.
SCORING_RANGE = "scoring_range"
DEFAULT_SCORING_RANGE = 3.0
#: Objectives are placed at least this far from Deployment Zones and each other.
PLACEMENT_SPACING = "objective_spacing"
DEFAULT_PLACEMENT_SPACING = 4.0
#: A carrier losing at least this many Life Points in one event drops its objective.
DROP_LIFE_POINTS = "drop_life_points"
DEFAULT_DROP_LIFE_POINTS = 3
#: How the Life Points that make a carrier drop are counted (see DropCounting).
DROP_COUNTING = "drop_counting"
#: Whether a gang may claim an objective another gang has already claimed.
RECLAIM = "claimable_reclaim"
DEFAULT_RECLAIM = False
#: How a carried Mobile objective scores (see CarriedScoring).
CARRIED_SCORING = "carried_scoring"
#: Check when objective actions happen (end of the character's own activation,
#: destroy during it): off lets a referee record actions without activations.
CHECK_TIMING = "check_activation_timing"

#: Every setting the family reads.
NAMES = (
    ROUNDS,
    CONTACT_TOLERANCE,
    SCORING_RANGE,
    PLACEMENT_SPACING,
    DROP_LIFE_POINTS,
    DROP_COUNTING,
    RECLAIM,
    CARRIED_SCORING,
    CHECK_TIMING,
)
DEFAULT_CHECK_TIMING = True


class DropCounting(StrEnum):
    ONE_EVENT = "one_event"  # default (docs/carnevale.md): 3 or more lost in one event
    SINCE_PICK_UP = "since_pick_up"  # 3 or more lost in all since it took the objective


class CarriedScoring(StrEnum):
    NONE = "none"  # default: a carried objective scores for nobody
    CARRIER = "carrier"  # it scores for the carrier's gang
    MEASURE = "measure"  # measured from the carrier's base as if it stood there


def _number(setup: Setup, name: str, default: float) -> float:
    """The setting as a number >= 0; the default if it is not one (settings_problems says so)."""
    value = setup.setting(name, default)
    if isinstance(value, bool) or not isinstance(value, int | float) or not value >= 0:
        return default
    return value


def _choice(setup: Setup, name: str, enum: type[StrEnum], default: StrEnum) -> Any:
    try:
        return enum(setup.setting(name, default.value))
    except ValueError:
        return default


def _whole(setup: Setup, name: str, default: int) -> int:
    """The setting as a whole number >= 1; the default if it is not one."""
    value = setup.setting(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        return default
    return value


def _flag(setup: Setup, name: str, default: bool) -> bool:
    """A true/false setting; anything else (even the text "no") is the default."""
    value = setup.setting(name, default)
    return value if isinstance(value, bool) else default


def rounds(setup: Setup) -> int:
    return _whole(setup, ROUNDS, DEFAULT_ROUNDS)


def contact_tolerance(setup: Setup) -> float:
    return float(_number(setup, CONTACT_TOLERANCE, DEFAULT_CONTACT_TOLERANCE))


def scoring_range(setup: Setup) -> float:
    return float(_number(setup, SCORING_RANGE, DEFAULT_SCORING_RANGE))


def placement_spacing(setup: Setup) -> float:
    return float(_number(setup, PLACEMENT_SPACING, DEFAULT_PLACEMENT_SPACING))


def drop_life_points(setup: Setup) -> int:
    return _whole(setup, DROP_LIFE_POINTS, DEFAULT_DROP_LIFE_POINTS)


def reclaim(setup: Setup) -> bool:
    return _flag(setup, RECLAIM, DEFAULT_RECLAIM)


def carried_scoring(setup: Setup) -> CarriedScoring:
    return _choice(setup, CARRIED_SCORING, CarriedScoring, CarriedScoring.NONE)


def drop_counting(setup: Setup) -> DropCounting:
    return _choice(setup, DROP_COUNTING, DropCounting, DropCounting.ONE_EVENT)


def check_timing(setup: Setup) -> bool:
    return _flag(setup, CHECK_TIMING, DEFAULT_CHECK_TIMING)


def settings_problems(setup: Setup) -> list[str]:
    """Settings that cannot be used (their defaults apply), naming the setting and why."""
    problems = []
    for name in (ROUNDS, DROP_LIFE_POINTS):
        value = setup.settings.get(name)
        if value is not None and (
            isinstance(value, bool) or not isinstance(value, int) or value < 1
        ):
            problems.append(f"settings.{name}: expected a whole number >= 1, got {value!r}")
    for name in (CONTACT_TOLERANCE, SCORING_RANGE, PLACEMENT_SPACING):
        value = setup.settings.get(name)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int | float) or not value >= 0:
            problems.append(f"settings.{name}: expected a number >= 0, got {value!r}")
    for name, enum in ((CARRIED_SCORING, CarriedScoring), (DROP_COUNTING, DropCounting)):
        value = setup.settings.get(name)
        # A list or an object as the value: named as any wrong value (never hashed).
        if value is not None and not any(value == c.value for c in enum):
            allowed = ", ".join(repr(c.value) for c in enum)
            problems.append(f"settings.{name}: {value!r} is not one of {allowed}")
    for name in (RECLAIM, CHECK_TIMING):
        value = setup.settings.get(name)
        if value is not None and not isinstance(value, bool):
            problems.append(f"settings.{name}: expected true or false, got {value!r}")
    return problems
