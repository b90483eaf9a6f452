"""What a stream's score bar says (no Qt): the sides with their colours and
totals, each objective's standing, the title, the clock and the winner.

The streamer window, the stream PNG and the overlay pages all show this one
content; its words come from ``play.wording`` and the family's ``Words``.
Colours are ``#rrggbb`` strings (the board's side colours), so a web page and
a Qt painter can both use them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.events import Event
from tabletop_gui.model.state import GameState
from tabletop_gui.play import wording
from tabletop_gui.play.turns import clock_text, finished
from tabletop_gui.rules.engine import family_of
from tabletop_gui.rules.scoreboard import Scoreboard

#: A side with no colour of its own in the bar.
NEUTRAL = "#444444"


@dataclass(frozen=True)
class BarSide:
    id: str
    name: str
    colour: str
    total: str  # '3 VP', '3 VP + ? (1 hidden)', '1 banner (target 4)'


@dataclass(frozen=True)
class BarTile:
    """One objective: its name, the standing in words, the colour of the side
    that has or leads it (None: nobody), and the rule's reason."""

    name: str
    text: str
    colour: str | None
    detail: str = ""


@dataclass(frozen=True)
class BarContent:
    title: str
    clock: str
    sides: tuple[BarSide, ...]
    tiles: tuple[BarTile, ...]
    result: str  # 'Prussia wins' once the rules name a winner, else ''

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "clock": self.clock,
            "result": self.result,
            "sides": [
                {"id": s.id, "name": s.name, "colour": s.colour, "total": s.total}
                for s in self.sides
            ],
            "tiles": [
                {"name": t.name, "text": t.text, "colour": t.colour, "detail": t.detail}
                for t in self.tiles
            ],
        }


def bar_content(
    state: GameState,
    events: Sequence[Event],
    board: Scoreboard,
    colours: Mapping[str, str],
    total: int | None = None,
) -> BarContent:
    """The bar for ``state`` scored as ``board`` (the audience's scoreboard);
    ``events``: the log up to ``state``; ``colours``: side id to ``#rrggbb``;
    ``total``: the events of the whole log, when ``state`` may be an earlier
    moment looked back at (the audience is told it is a replay)."""
    scene = state.scene
    words = family_of(state.setup).words
    hidden = wording.hidden_by_side(board)
    sides = tuple(
        BarSide(
            s.id,
            s.name,
            colours.get(s.id, NEUTRAL),
            wording.total_text(
                words, board.totals.get(s.id, 0), hidden.get(s.id, 0), board.targets.get(s.id)
            ),
        )
        for s in scene.sides
    )
    tiles = []
    over = finished(state, board)
    for result in board.results:
        side = wording.standing(scene, result, over=over).side
        colour = colours.get(side) if side else None
        tiles.append(BarTile(result.name, wording.tile_text(scene, words, result, over=over),
                             colour, result.reason))  # fmt: skip
    winner = wording.winner_name(scene, board)
    clock = clock_text(state, events)
    if total is not None and state.index < total:
        clock = f"Replay, event {state.index} of {total} · {clock}"
    return BarContent(
        title=state.setup.name or "tabletop_gui",
        clock=clock,
        sides=sides,
        tiles=tuple(tiles),
        result=f"{winner} wins" if winner else "",
    )
