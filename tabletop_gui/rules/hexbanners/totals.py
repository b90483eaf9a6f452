"""Banner totals per side, the target and the instant winner.

Totals add every banner objective's banners and the banners for eliminated
enemy units and leaders. The game ends the instant a side's total reaches its
target: the family's settle step marks the clock over, and the engine then refuses
every further event (to go on, undo the winning event or continue from a moment before it).
"""

from __future__ import annotations

from tabletop_gui.model.state import GameState
from tabletop_gui.rules.engine import objectives_of
from tabletop_gui.rules.hexbanners import settings
from tabletop_gui.rules.hexbanners.base import BannerObjective
from tabletop_gui.rules.hexbanners.records import losses


def elimination_banners(state: GameState) -> dict[str, int]:
    """One banner to the opponent for each eliminated unit or leader (unless the
    ``elimination_banners`` setting gives a unit another worth)."""
    out = {s: 0 for s in state.scene.side_ids}
    for loss in losses(state):
        try:
            gainer = state.scene.opponent(loss.side)
        except ValueError:
            continue
        out[gainer] = out.get(gainer, 0) + settings.elimination_worth(state.setup, loss.unit_id)
    return out


def banner_totals(state: GameState) -> dict[str, int]:
    totals = elimination_banners(state)
    for side, n in settings.banners_before(state.setup).items():
        totals[side] = totals.get(side, 0) + n
    for obj in objectives_of(state.setup):
        if isinstance(obj, BannerObjective):
            for side, n in obj.banners(state).items():
                totals[side] = totals.get(side, 0) + n
    return totals


def targets(state: GameState) -> dict[str, int | None]:
    out: dict[str, int | None] = {}
    for side in state.scene.side_ids:
        out[side] = settings.target(state.setup, side)
    return out


def win_blocks(state: GameState, side: str) -> list[str]:
    """Why ``side`` cannot win yet though its banners reach its target (a medal it
    must hold, docs/hex.md); none once an objective gives it the battle outright."""
    objectives = [o for o in objectives_of(state.setup) if isinstance(o, BannerObjective)]
    if any(o.decided(state) == side for o in objectives):
        return []
    return [why for o in objectives if (why := o.win_blocked(state, side))]


def winner(state: GameState, totals: dict[str, int] | None = None) -> str | None:
    """The side that has reached its target (and holds what it needs to win), if
    any. Two at once (one event cannot normally do it): the side whose turn it
    is, else the first listed."""
    totals = banner_totals(state) if totals is None else totals
    tgt = targets(state)
    reached = [
        s
        for s in state.scene.side_ids
        if (t := tgt[s]) is not None and totals.get(s, 0) >= t and not win_blocks(state, s)
    ]
    if not reached:
        return None
    if len(reached) > 1 and state.clock.side in reached:
        return state.clock.side
    return reached[0]
