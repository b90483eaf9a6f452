"""The set-up marks (no Qt): during set-up (Game Turn 0), each unit the family
flags as deployed where its rules do not let it (outside its Deployment Zone),
as a placement-error mark with the distance it is out by. The board draws them
beside the Scoreboard's marks."""

from __future__ import annotations

from tabletop_gui.model.state import GameState
from tabletop_gui.rules.engine import family_of
from tabletop_gui.rules.scoreboard import PieceMark, Role

#: The mark made for each deployment flag, by the flag's identity (kept with the
#: flag, so the id is not reused while the entry lives): a family keeps the flags
#: of the units a drag does not move, so they keep their marks too (the board
#: compares marks by identity). A plain dict keyed by ``id``, as the family's own
#: flags are (rules/deployment_check.py): this runs over every flagged unit on
#: every mouse move of a set-up drag.
_MARKS: dict[int, tuple[object, PieceMark]] = {}
_MARKS_LIMIT = 20_000


def setup_marks(state: GameState) -> tuple[PieceMark, ...]:
    """The placement errors to draw on ``state`` (none once the game has begun)."""
    if state.clock.turn != 0:
        return ()
    flags = family_of(state.setup).deployment_flags(state)
    units = state.scene.units
    memo = _MARKS
    out = []
    for flag in flags:
        known = memo.get(id(flag))
        if known is not None and known[0] is flag:
            out.append(known[1])
            continue
        unit = units.get(flag.unit_id)
        if unit is None:
            continue
        mark = PieceMark(flag.unit_id, Role.PLACEMENT_ERROR, unit.side, flag.note)
        if len(memo) >= _MARKS_LIMIT:
            memo.clear()
        memo[id(flag)] = (flag, mark)
        out.append(mark)
    return tuple(out)
