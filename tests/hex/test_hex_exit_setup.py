"""Leaving the board before any side's turn has started (docs/hex.md, Leaving the
battlefield): a unit leaves only ordered, in its side's turn. In set-up (no
`turn_start` yet) it is nobody's turn, so the window does not offer an exit;
a file's log that holds one (a game recorded from its middle, which a setup may
say with `banners_before`, or a file written before this rule) still opens as it
did: the exit is taken, for no banner, and flagged for the referee's review."""

from __future__ import annotations

from hexkit import BLUE, RED, Play, setup, turn, unit

from tabletop_gui.io import dumps
from tabletop_gui.io.file_problems import problems_of
from tabletop_gui.model.game import Game
from tabletop_gui.play.actions import menu
from tabletop_gui.rules.engine import flags
from tabletop_gui.rules.hexbanners.events import ExitBoard

SET_UP = "cannot leave the board in set-up: no side's turn has started"
EXIT = "B1 exits the board (ordered)"


def on_reds_baseline(**settings) -> Play:
    """B1 stands on Red's baseline (row 9), where a Breakthrough exit leaves from."""
    objectives = [("bt", "breakthrough", {"side": BLUE})]
    units = [unit("b1", BLUE, (4, 8)), unit("r1", RED, (6, 6))]
    return Play(setup(units, objectives, **settings))


def test_an_exit_in_set_up_is_read_from_a_file_for_no_banner_and_flagged():
    """A log written before the window stopped offering it still opens."""
    p = on_reds_baseline()
    p(ExitBoard("b1"))
    assert p.tl.current.scene.units["b1"].removed
    assert p.banners("bt") == {}
    (flag,) = flags(p.tl.state_at(0), p.tl.events[0], p.tl.state_at(1))
    assert flag.startswith("B1 (Blue) left the board before the log's first turn start")


def test_the_same_exit_is_taken_for_its_banner_once_blue_s_first_turn_has_started():
    p = on_reds_baseline()
    p(*turn(1, BLUE), ExitBoard("b1"))
    assert p.tl.current.scene.units["b1"].removed
    assert p.banners("bt") == {BLUE: 1}


def test_in_set_up_the_menu_offers_the_exit_as_refused_now_with_the_reason():
    """The window's right-click menu asks the family: the exit is listed, refused."""
    p = on_reds_baseline()
    offered = {a.label: why for a, why in menu(p.tl.current, ["b1"])}
    assert SET_UP in (offered[EXIT] or "")
    p(*turn(1, BLUE))
    offered = {a.label: why for a, why in menu(p.tl.current, ["b1"])}
    assert offered[EXIT] is None


def test_a_file_whose_first_event_is_an_exit_validates_with_that_event_flagged():
    p = on_reds_baseline()
    raw = dumps(Game(p.tl.current.setup, (ExitBoard("b1"),)))
    report = problems_of(raw)
    assert report.ok and [i for i, _ in report.flagged] == [0]


def test_a_log_recorded_from_its_middle_takes_an_exit_before_its_first_turn_start_flagged():
    """`banners_before` (here none won yet) says the log starts in the middle of a
    battle: a turn is under way that the log does not name, so the exit is
    taken, earns no banner (its turn is unknown) and is flagged for review."""
    p = on_reds_baseline(banners_before={BLUE: 0, RED: 0})
    p(ExitBoard("b1"))
    assert p.tl.current.scene.units["b1"].removed
    assert p.banners("bt") == {}
    (flag,) = flags(p.tl.state_at(0), p.tl.events[0], p.tl.state_at(1))
    assert flag.startswith("B1 (Blue) left the board before the log's first turn start")
    report = problems_of(dumps(Game(p.tl.current.setup, p.tl.events)))
    assert report.ok and [i for i, _ in report.flagged] == [0]


def test_a_recorded_exit_after_the_log_s_first_turn_start_is_not_flagged():
    p = on_reds_baseline(banners_before={BLUE: 0, RED: 0})
    p(*turn(4, BLUE), ExitBoard("b1"))
    n = len(p.tl.events)
    assert flags(p.tl.state_at(n - 1), p.tl.events[-1], p.tl.state_at(n)) == []
    assert p.banners("bt") == {BLUE: 1}
