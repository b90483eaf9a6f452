"""Full Ranks (The Ninth Age; docs/t9a.md, Shared rules): a rank counts as full
when it is at least as wide as the unit's height class asks."""

from __future__ import annotations

from tabletop_gui.model.pieces import HeightClass, Unit

#: Models a rank needs to be a Full Rank, by height class.
FULL_RANK_WIDTH = {HeightClass.STANDARD: 5, HeightClass.LARGE: 3, HeightClass.GIGANTIC: 1}


def full_ranks(unit: Unit) -> int:
    """Complete ranks at least as wide as the height class asks (5 / 3 / 1 models).
    A ``models_per_rank`` above the unit's models is one rank of all its models,
    as its footprint is drawn (``Unit.width_in``): 30 models at 31 per rank stand
    in one rank of 30."""
    width = min(unit.models, unit.models_per_rank)
    if width < FULL_RANK_WIDTH[unit.height]:
        return 0
    return unit.models // width
