"""One evaluation per state and view: the window, the streamer window, the stream
PNG and the web overlay show the same state's Scoreboard without evaluating it again
(the engine keeps the last states' boards, and a player's view is the referee's
redacted)."""

from __future__ import annotations

import pytest

from tabletop_gui.app.stream import audience
from tabletop_gui.app.stream.audience import stream_scoreboard
from tabletop_gui.app.stream.overlay_feed import audience_board, doc_moment
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game
from tabletop_gui.rules.engine import evaluate, family_of

from .helpers import open_window

CARNEVALE = SCENARIOS / "carnevale_drowned_quarter.json"  # hidden values: a player's view differs


@pytest.fixture
def summaries(monkeypatch):
    """The states the family summed up (a spy: the real summary still runs)."""
    seen: list[object] = []
    game = load_game(CARNEVALE)
    family = type(family_of(game.setup))
    real = family.summarize

    def spy(self, state, results):
        seen.append(state)
        return real(self, state, results)

    monkeypatch.setattr(family, "summarize", spy)
    return game, seen


def test_every_view_of_a_state_shares_one_evaluation(qtbot, summaries):
    game, seen = summaries
    audience.forget_settings()
    window = open_window(qtbot, game)
    streamer = window.stream.open_streamer()
    qtbot.addWidget(streamer)
    unit = next(iter(window.doc.committed.scene.units))
    window.editor.commit_move([unit], 0.5, 0)
    qtbot.wait(200)  # the streamer follows within its throttle
    state = window.doc.state
    side = state.scene.side_ids[0]

    referee = window.doc.scoreboard()
    moment = doc_moment(window.doc)
    assert stream_scoreboard(window.doc, show_hidden=True) is referee
    assert moment.board is referee
    assert audience_board(moment, referee=True) is referee
    player = audience_board(moment, referee=False)
    assert evaluate(state, side) is player
    assert stream_scoreboard(window.doc, show_hidden=False) is player
    assert player is not referee and player.results != referee.results  # hidden values redacted

    assert seen.count(state) == 1, "the shown state was summed up once for every view"
    assert all(seen.count(s) == 1 for s in seen), "no state is evaluated twice"
    audience.forget_settings()
