"""The set-up marks (no Qt): during set-up (Game Turn 0), each unit the family
flags as deployed where its rules do not let it (outside its Deployment Zone),
as a placement-error mark with the distance it is out by. The board draws them
beside the Scoreboard's marks."""

from __future__ import annotations

from tabletop_gui.model.memo import IdentityMemo
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.engine import family_of
from tabletop_gui.rules.scoreboard import PieceMark, Role

#: The mark made for each deployment flag, by the flag's identity: a family keeps
#: the flags of the units a drag does not move, so they keep their marks too (the
#: board compares marks by identity).
_MARKS: IdentityMemo[PieceMark] = IdentityMemo(20_000)


def setup_marks(state: GameState) -> tuple[PieceMark, ...]:
    """The placement errors to draw on ``state`` (none once the game has begun)."""
    if state.clock.turn != 0:
        return ()
    units = state.scene.units
    out = []
    for flag in family_of(state.setup).deployment_flags(state):
        mark = _MARKS.get((flag,))
        if mark is None:
            unit = units.get(flag.unit_id)
            if unit is None:
                continue
            mark = PieceMark(flag.unit_id, Role.PLACEMENT_ERROR, unit.side, flag.note)
            _MARKS.put((flag,), mark)
        out.append(mark)
    return tuple(out)
