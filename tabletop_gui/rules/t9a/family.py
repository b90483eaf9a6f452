"""The Ninth Age family: Secondary Objectives add up to who won how many."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop_gui.model.events import Event, TurnEnd
from tabletop_gui.model.scene import Setup
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.scoreboard import ObjectiveResult, Scoreboard, Status
from tabletop_gui.rules.t9a import rulings
from tabletop_gui.rules.t9a.breakthrough import Breakthrough
from tabletop_gui.rules.t9a.capture_the_flags import CaptureTheFlags
from tabletop_gui.rules.t9a.events import EVENTS
from tabletop_gui.rules.t9a.fields import FIELDS
from tabletop_gui.rules.t9a.hold_the_ground import HoldTheGround
from tabletop_gui.rules.t9a.king_of_the_hill import KingOfTheHill
from tabletop_gui.rules.t9a.play import NinthAgePlay
from tabletop_gui.rules.t9a.scoring import (
    ENDED,
    GAME_TURNS,
    game_ended,
    game_turns,
    settings_problems,
)
from tabletop_gui.rules.t9a.secure_target import SecureTarget
from tabletop_gui.rules.t9a.spoils_of_war import SpoilsOfWar

__all__ = ["NinthAge", "game_ended", "summary_line"]


def _titles(results: Sequence[ObjectiveResult]) -> str:
    return ", ".join(r.name for r in results)


def summary_line(state: GameState, results: Sequence[ObjectiveResult]) -> str:
    """One line a referee can read out, e.g. 'As if the game ended now: Equitaine
    would win Hold the Ground; nobody would win Breakthrough.'"""
    if not results:
        return ""
    ended = game_ended(state)
    verb = "won" if ended else "would win"
    scene = state.scene
    parts = []
    for side in scene.side_ids:
        won = [r for r in results if r.leader == side and r.status in (Status.LEADING, Status.WON)]
        if won:
            parts.append(f"{scene.side(side).name} {verb} {_titles(won)}")
    undecided = [r for r in results if r.leader is None and r.details.get("undecided")]
    nobody = [r for r in results if r.leader is None and r not in undecided]
    if nobody:
        parts.append(f"nobody {verb} {_titles(nobody)}")
    if undecided:
        parts.append(f"{_titles(undecided)} undecided until a dice roll is recorded")
    prefix = "Final" if ended else "As if the game ended now"
    line = f"{prefix}: " + "; ".join(parts) + "."
    problems = NinthAge.settings_problems(state.setup)
    return line + (" Settings: " + "; ".join(problems) + "." if problems else "")


class NinthAge(NinthAgePlay):
    name = "t9a"
    title = "The Ninth Age"
    setting_names = (GAME_TURNS, *rulings.SETTING_NAMES)
    #: A two-player game: the loader refuses a file with any other number of sides.
    side_count = 2
    objectives = (
        Breakthrough, CaptureTheFlags, SpoilsOfWar, HoldTheGround, KingOfTheHill, SecureTarget,
    )  # fmt: skip
    events = EVENTS
    piece_fields = FIELDS

    @classmethod
    def settings_problems(cls, setup: Setup) -> list[str]:
        return settings_problems(setup) + rulings.settings_problems(setup)

    def fold(self, before: GameState, event: Event, after: GameState) -> GameState:
        if (
            isinstance(event, TurnEnd)
            and event.side is None
            and event.turn >= game_turns(after.setup)
        ):
            return after.with_record(ENDED, True)
        return after

    def summarize(self, state: GameState, results: Sequence[ObjectiveResult]) -> Scoreboard:
        """Totals: how many Secondary Objectives each side wins (or would win now)."""
        totals = dict.fromkeys(state.scene.side_ids, 0.0)
        for r in results:
            if r.leader is not None and r.status in _WINNING:
                totals[r.leader] = totals.get(r.leader, 0.0) + 1
        # The summary line is worded when first read (``Scoreboard.later``).
        kept = tuple(results)
        return Scoreboard.later_given((_SUMMARY, _summary, (state, kept)), _TOTALS, (kept, totals))


_SUMMARY = ("summary",)
_TOTALS = ("results", "totals")


def _summary(state: GameState, results: Sequence[ObjectiveResult]) -> dict[str, str]:
    return {"summary": summary_line(state, results)}


#: The statuses whose leader a total counts.
_WINNING = (Status.LEADING, Status.WON)
