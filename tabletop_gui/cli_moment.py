"""The commands' moment of a game file: its game and its state after ``--at N``
events (shared by the commands that take ``--at``)."""

from __future__ import annotations

from tabletop_gui.io import FileFormatError, load_game
from tabletop_gui.io.errors import LogRefusal
from tabletop_gui.model.events import Event
from tabletop_gui.model.game import Game
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.engine import initial_state


class UsageError(ValueError):
    """A command asked for something its file cannot give (``--at`` past the log)."""


def load_moment(path: str, at: int | None) -> tuple[Game, GameState]:
    """The file's game and its state after ``at`` events (default: all), from the
    loader's one replay. With ``--at N``, a log refused at event N or later still
    reads (the moments before the refusal are what a referee looks at)."""
    kept: list[GameState] = []

    def step(i: int, before: GameState, event: Event, after: GameState) -> None:
        if at is None or i + 1 == at:
            kept[:] = [after]

    try:
        game = load_game(path, step)
    except LogRefusal as exc:
        if at is None or at > exc.index or not isinstance(exc.game, Game):
            hint = f" (--at {exc.index} or less shows the moment before it)" if at is None else ""
            raise FileFormatError(exc.path, exc.problem + hint, exc.source) from None
        game = exc.game.truncated(exc.index)
    if at is not None and not 0 <= at <= len(game.events):
        raise UsageError(
            f"--at {at}: the log has {len(game.events)} events (use 0 to {len(game.events)})"
        )
    return game, kept[0] if kept and at != 0 else initial_state(game.setup)
