"""File > New: the boards a game can start from, as each family offers them
(no Qt), and a new board of the same kind as the one open."""

from __future__ import annotations

from tabletop_gui.model.scene import Setup
from tabletop_gui.rules.engine import family_of, load_families
from tabletop_gui.rules.family import FAMILIES
from tabletop_gui.rules.play_types import NewPreset

__all__ = ["NewPreset", "preset", "presets", "same_kind"]


def presets() -> list[NewPreset]:
    """Every family's new-game presets, the families in the order they registered."""
    load_families()
    return [p for cls in FAMILIES.values() for p in cls().new_presets()]


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
