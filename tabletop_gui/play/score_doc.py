"""The score document (no Qt): what ``tabletop-gui score --json`` prints and the
overlay's ``/score.json`` serves, the same keys and values for the same view."""

from __future__ import annotations

from typing import Any

from tabletop_gui.model.scene import Setup
from tabletop_gui.model.state import GameState
from tabletop_gui.play.turns import game_over
from tabletop_gui.rules.scoreboard import Scoreboard


def clock_json(state: GameState) -> dict[str, Any]:
    """The clock; ``over`` is the family's answer (``Family.game_over``), the one
    the turn bar, ``render``'s title and the overlay read too: a Ninth Age game is
    over once its last Game Turn has ended, before any ``game_end`` is logged."""
    c = state.clock
    return {
        "turn": c.turn,
        "side": c.side,
        "phase": c.phase,
        "activation": c.activation,
        "over": game_over(state),
    }


#: The version of this document (docs/score-json.md): a key is only ever added,
#: and a changed meaning gets a new version. 2: a hex result at the end of a
#: battle is ``won``, never ``leading`` with ``final`` true (1 had no key).
SCORE_JSON_VERSION = 2


def score_document(
    setup: Setup, events: int, state: GameState, board: Scoreboard, view: str | None = None
) -> dict[str, Any]:
    """The standings of ``state`` (after ``state.index`` of ``events`` events) as
    ``board`` scores them; ``view``: the side whose view it is, None the referee's.
    Names no file: the command line adds the path it read."""
    return {
        "version": SCORE_JSON_VERSION,
        "name": setup.name,
        "family": setup.family,
        "events": events,
        "at": state.index,
        "clock": clock_json(state),
        "sides": [{"id": s.id, "name": s.name, "colour": s.colour} for s in state.scene.sides],
        "view": view or "referee",
        **board.to_json(),
    }
