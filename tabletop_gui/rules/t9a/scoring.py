"""Scoring Units and the Ninth Age settings every objective reads."""

from __future__ import annotations

from itertools import islice

import numpy as np

from tabletop_gui.geometry.arrays import unit_arrays
from tabletop_gui.model.pieces import Unit
from tabletop_gui.model.scene import Scene, Setup, derived
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.t9a.fields import FLEEING, SCORING_LOST

#: The game lasts this many Game Turns; "the end of the game" is the end of the last.
DEFAULT_GAME_TURNS = 6


GAME_TURNS = "game_turns"
#: Record key: the last Game Turn has ended.
ENDED = "t9a.ended"


def _whole_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def game_turns(setup: Setup) -> int:
    """The ``game_turns`` setting, or 6 where it is not a whole number >= 1
    (``settings_problems`` says so)."""
    value = setup.setting(GAME_TURNS, DEFAULT_GAME_TURNS)
    return value if _whole_number(value) else DEFAULT_GAME_TURNS


def settings_problems(setup: Setup) -> list[str]:
    """Settings that cannot be used (their defaults apply), naming the setting."""
    value = setup.settings.get(GAME_TURNS)
    if value is not None and not _whole_number(value):
        return [
            f"settings.{GAME_TURNS}: expected a whole number >= 1, got {value!r} "
            f"({DEFAULT_GAME_TURNS} apply)"
        ]
    return []


def is_scoring(unit: Unit) -> bool:
    """Scoring: has the Scoring property, not Fleeing, not destroyed, not marked lost."""
    return unit.scoring and not unit.removed and not FLEEING.of(unit) and not SCORING_LOST.of(unit)


#: Why a unit without the Scoring property does not count.
NOT_A_SCORING_UNIT = "not a Scoring Unit"


def why_not_scoring(unit: Unit) -> str:
    if unit.removed:
        return "destroyed"
    if not unit.scoring:
        return NOT_A_SCORING_UNIT
    if FLEEING.of(unit):
        return "Fleeing"
    if SCORING_LOST.of(unit):
        return "lost Scoring"
    return ""


def scoring_mask(scene: Scene) -> np.ndarray:
    """Per unit (in ``unit_arrays`` order): does it score now?"""
    return derived(scene, "t9a_scoring", _build_scoring, _patch_scoring)


def _build_scoring(scene: Scene) -> np.ndarray:
    # ``is_scoring`` of every unit: the Scoring flag and the table from the unit
    # arrays, then Fleeing and lost Scoring asked only of the units with a field
    # of the family set (none has either otherwise).
    a = unit_arrays(scene)
    mask = a.scoring & a.on_table
    ask = np.flatnonzero(mask & a.family_fields).tolist()
    if ask:
        units = list(scene.units.values())
        for i in ask:
            mask[i] = is_scoring(units[i])
    return mask


def _patch_scoring(parent: np.ndarray, scene: Scene, i: int) -> np.ndarray:
    """The parent's mask with unit ``i`` (the one that changed) asked again."""
    scores = is_scoring(next(islice(scene.units.values(), i, None)))
    if parent[i] == scores:
        return parent  # never written to: shared
    mask = parent.copy()
    mask[i] = scores
    return mask


def game_ended(state: GameState) -> bool:
    """The end of the game: the last Game Turn has ended (or a game_end event)."""
    return state.clock.over or bool(state.records.get(ENDED, False))
