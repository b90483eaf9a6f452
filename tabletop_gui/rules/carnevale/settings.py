"""The Carnevale choices the rules leave open, as named scenario settings
(``Setup.settings``), with their defaults. docs/carnevale.md lists them."""

from __future__ import annotations

from enum import StrEnum

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
#: Whether a gang may claim an objective another gang has already claimed.
RECLAIM = "claimable_reclaim"
DEFAULT_RECLAIM = False
#: How a carried Mobile objective scores (see CarriedScoring).
CARRIED_SCORING = "carried_scoring"
#: Check when objective actions happen (end of the character's own activation,
#: destroy during it): off lets a referee record actions without activations.
CHECK_TIMING = "check_activation_timing"
DEFAULT_CHECK_TIMING = True


class CarriedScoring(StrEnum):
    NONE = "none"  # default: a carried objective scores for nobody
    CARRIER = "carrier"  # it scores for the carrier's gang
    MEASURE = "measure"  # measured from the carrier's base as if it stood there


def rounds(setup: Setup) -> int:
    return int(setup.setting(ROUNDS, DEFAULT_ROUNDS))


def contact_tolerance(setup: Setup) -> float:
    return float(setup.setting(CONTACT_TOLERANCE, DEFAULT_CONTACT_TOLERANCE))


def scoring_range(setup: Setup) -> float:
    return float(setup.setting(SCORING_RANGE, DEFAULT_SCORING_RANGE))


def placement_spacing(setup: Setup) -> float:
    return float(setup.setting(PLACEMENT_SPACING, DEFAULT_PLACEMENT_SPACING))


def drop_life_points(setup: Setup) -> int:
    return int(setup.setting(DROP_LIFE_POINTS, DEFAULT_DROP_LIFE_POINTS))


def reclaim(setup: Setup) -> bool:
    return bool(setup.setting(RECLAIM, DEFAULT_RECLAIM))


def carried_scoring(setup: Setup) -> CarriedScoring:
    value = setup.setting(CARRIED_SCORING, CarriedScoring.NONE.value)
    try:
        return CarriedScoring(value)
    except ValueError:
        allowed = ", ".join(repr(c.value) for c in CarriedScoring)
        raise ValueError(f"settings.{CARRIED_SCORING}: {value!r} is not one of {allowed}") from None


def check_timing(setup: Setup) -> bool:
    return bool(setup.setting(CHECK_TIMING, DEFAULT_CHECK_TIMING))


def settings_problems(setup: Setup) -> list[str]:
    """Settings that cannot be read, each naming the setting and the reason."""
    problems = []
    for name, reader in (
        (ROUNDS, rounds),
        (CONTACT_TOLERANCE, contact_tolerance),
        (SCORING_RANGE, scoring_range),
        (PLACEMENT_SPACING, placement_spacing),
        (DROP_LIFE_POINTS, drop_life_points),
    ):
        try:
            value = reader(setup)
        except (TypeError, ValueError):
            problems.append(f"settings.{name}: expected a number, got {setup.settings.get(name)!r}")
            continue
        if value < 0:
            problems.append(f"settings.{name}: must be >= 0, got {value}")
    try:
        carried_scoring(setup)
    except ValueError as exc:
        problems.append(str(exc))
    return problems
