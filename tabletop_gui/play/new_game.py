"""File > New: the boards a game can start from, as each family offers them
(no Qt), and a new board of the same kind as the one open."""

from __future__ import annotations

from tabletop_gui.model.scene import Setup
from tabletop_gui.rules.engine import family_of
from tabletop_gui.rules.play_types import NewPreset
from tabletop_gui.rules.registry import loaded_families

__all__ = ["NewPreset", "not_offered", "preset", "presets", "same_kind"]


def presets() -> list[NewPreset]:
    """Every installed family's new-game presets, the families by name; a family
    whose package does not load offers none (``not_offered`` says why)."""
    return [p for cls in loaded_families()[0] for p in cls().new_presets()]


def not_offered() -> list[str]:
    """Why each installed family that does not load offers no new game, one line
    each ("the rule family 'x' (x_family.family:X) could not be loaded: ...")."""
    return loaded_families()[1]


def preset(key: str) -> NewPreset:
    for p in presets():
        if p.key == key:
            return p
    raise KeyError(key)


def same_kind(setup: Setup) -> Setup:
    """File > New board of this kind: an empty board like the one ``setup`` is on
    (the family's answer; sides are the new board's own). A family with no
    presets gets the first preset of any family."""
    made = family_of(setup).same_kind(setup)
    return made if made is not None else presets()[0].build()
