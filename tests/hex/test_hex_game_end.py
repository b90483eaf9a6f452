"""The instant win ends the battle on the clock: the game state's Clock is over
from the event that reaches the banner target, never before, and undo brings the
running clock back."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hexkit import BLUE, RED, Play, end, setup, turn, unit

from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import FileFormatError, load_game, loads
from tabletop_gui.model.game import Game
from tabletop_gui.rules import Timeline, evaluate, replay
from tabletop_gui.rules.hexbanners.events import Eliminate, HexMove

DEMO = SCENARIOS / "hex_hochkirch_ridge_demo.json"
P = "prussia"
WINNING_EVENT = 39  # Line Infantry eliminated: Prussia's sixth banner (target 6)


@pytest.fixture(scope="module")
def demo():
    return load_game(DEMO)


def test_the_clock_is_over_after_the_winning_event_of_the_demo_and_not_before(demo):
    assert len(demo.events) == WINNING_EVENT
    tl = Timeline(Game(demo.setup))
    assert not tl.current.clock.over
    for n, event in enumerate(demo.events, start=1):
        tl.push(event)
        won = evaluate(tl.current).winner
        assert tl.current.clock.over == (n == WINNING_EVENT), f"after event {n} ({event.type})"
        assert (won is not None) == tl.current.clock.over, f"after event {n}"
    assert won == P


def test_undo_of_the_winning_event_brings_back_the_running_clock(demo):
    tl = Timeline(demo)
    assert tl.current.clock.over
    tl.pop()
    running = replay(demo.setup, demo.events, WINNING_EVENT - 1).clock
    assert tl.current.clock == running and not running.over
    assert (running.turn, running.side) == (3, P)
    # The battle goes on: a different event is accepted, and the clock keeps running.
    tl.push(HexMove("b-musk", (6, 4)))
    assert not tl.current.clock.over
    # Redoing the winning elimination after the undo ends it again.
    tl.pop()
    tl.push(demo.events[WINNING_EVENT - 1])
    assert tl.current.clock.over and evaluate(tl.current).winner == P


def test_a_win_by_a_permanent_capture_ends_the_battle_with_the_entering_move():
    """The capture is folded by the objective after the family's fold: the win is
    still seen on the move that makes it, not one event later."""
    objectives = [("p", "permanent", {"side": BLUE, "hexes": [[6, 4]]})]
    p = Play(setup([unit("b1", BLUE, (6, 3)), unit("r1", RED, (5, 6))], objectives,
                   banner_target={BLUE: 1, RED: 3}))  # fmt: skip
    p(*turn(1, BLUE))
    assert not p.tl.current.clock.over
    p(HexMove("b1", (6, 4)))
    assert p.board.winner == BLUE
    assert p.tl.current.clock.over


def test_a_win_by_clearing_a_sector_ends_the_battle_at_the_start_of_the_turn():
    """Two sector banners win (target 2): the second comes at the start of Blue's
    turn 2, so the clock is over from that turn start, not during turn 1."""
    objectives = [("c", "clearing_sector", {"side": BLUE, "section": "left"})]
    p = Play(setup([unit("b1", BLUE, (1, 0)), unit("r1", RED, (6, 8))], objectives,
                   banner_target=2))  # fmt: skip
    p(*turn(1, BLUE), *end(1, BLUE), *turn(1, RED), *end(1, RED))
    assert p.banners("c") == {BLUE: 1} and not p.tl.current.clock.over
    p(*turn(2, BLUE)[:1])
    assert p.banners("c") == {BLUE: 2}
    assert p.board.winner == BLUE and p.tl.current.clock.over


def test_without_a_banner_target_the_clock_never_ends_on_banners():
    p = Play(setup([unit("b1", BLUE, (1, 1)), unit("r1", RED, (5, 6)), unit("r2", RED, (6, 6))]))
    p(*turn(1, BLUE), Eliminate("r1"), Eliminate("r2"), *end(1, BLUE))
    assert p.totals()[BLUE] == 2
    assert p.board.winner is None and not p.tl.current.clock.over


def test_a_file_with_an_event_after_the_win_is_refused_naming_that_event():
    data = json.loads(DEMO.read_text(encoding="utf-8"))
    data["events"].append({"type": "turn_end", "turn": 3, "side": P})
    with pytest.raises(FileFormatError) as exc:
        loads(json.dumps(data))
    assert exc.value.path == f"events[{WINNING_EVENT}]"
    assert "The battle is over: Prussia reached 6 Victory Banners" in exc.value.problem


def test_score_json_on_the_command_line_says_the_clock_is_over_only_at_the_end():
    def clock(*args):
        out = subprocess.run(
            [sys.executable, "-m", "tabletop_gui", "score", str(DEMO), "--json", *args],
            capture_output=True, text=True, check=True,
        )  # fmt: skip
        return json.loads(out.stdout)["clock"]

    assert clock()["over"] is True
    assert clock("--at", str(WINNING_EVENT - 1))["over"] is False
