"""What a result's `status` and `final` say while the battle goes on and once it
is over (docs/hex.md, Won, final and the end of the battle) (docs/score-json.md,
Won, final and the end of the game): a banner held when the battle ends is its
holder's (`won`), never `leading`; banners that add up are kept for good but not
final while the battle goes on, and never read "has it for good"."""

from __future__ import annotations

import pytest
from hexkit import BLUE, RED, Play, end, setup, turn, unit

from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game
from tabletop_gui.play.wording import standing
from tabletop_gui.rules import evaluate, replay
from tabletop_gui.rules.hexbanners.events import Eliminate, HexMove
from tabletop_gui.rules.scoreboard import Status

VILLAGE = (2, 4)
BRIDGE = (6, 4)


def status(p: Play, oid: str) -> tuple[str, str | None, bool]:
    r = p.board.result(oid)
    return r.status.value, r.leader, r.final


def words(p: Play, oid: str) -> str:
    state = p.tl.current
    return standing(state.scene, p.board.result(oid), over=state.clock.over).text


def village_battle(target: int) -> Play:
    """Red stands on a Village open to both sides (a temporary banner, held from
    setup); Blue's first elimination is worth its target's first banner."""
    objectives = [("village", "temporary", {"hexes": [list(VILLAGE)]})]
    units = [unit("b1", BLUE, (6, 2)), unit("r1", RED, VILLAGE), unit("r2", RED, (6, 3))]
    return Play(setup(units, objectives, banner_target={BLUE: target, RED: 5}))


def test_a_temporary_banner_is_only_leading_while_the_battle_goes_on_it_may_be_lost():
    p = village_battle(target=2)
    p(*turn(1, BLUE), Eliminate("r2"))
    assert not p.tl.current.clock.over
    assert status(p, "village") == ("leading", RED, False)
    assert words(p, "village") == "Red leads (if the game ended now)"


def test_a_temporary_banner_held_when_the_battle_ends_is_won_by_its_holder_for_good():
    """Blue's elimination reaches its target of 1: the battle is over with Red on
    the Village, so the Village is Red's, won and final, as every family words a
    result once its game is over; the totals count it as before."""
    p = village_battle(target=1)
    p(*turn(1, BLUE), Eliminate("r2"))
    assert p.tl.current.clock.over and p.board.winner == BLUE
    assert status(p, "village") == ("won", RED, True)
    assert words(p, "village") == "Red wins (final)"
    assert p.totals() == {BLUE: 1, RED: 1}
    assert all(r.final for r in p.board.results)
    assert not any(r.status is Status.LEADING for r in p.board.results)


def test_a_battle_ended_by_game_end_before_any_target_makes_every_result_final():
    """Time is called (game_end) with nobody at their target: the battle is
    over all the same, so the Village Red holds is Red's, won and final, and no
    result is left leading (docs/score-json.md, Won, final and the end of the
    game)."""
    from tabletop_gui.model.events import GameEnd

    p = village_battle(target=5)
    p(*turn(1, BLUE), Eliminate("r2"), GameEnd())
    assert p.tl.current.clock.over and p.board.winner is None
    assert status(p, "village") == ("won", RED, True)
    assert all(r.final for r in p.board.results)
    assert not any(r.status is Status.LEADING for r in p.board.results)


def test_at_the_end_a_level_result_stays_a_tie_and_an_empty_one_nobody_s_both_final():
    """Blue wins by the Bridge (permanent) with one elimination each: the
    eliminations are level (a tie), and the Village nobody holds stays nobody's."""
    objectives = [
        ("bridge", "permanent", {"side": BLUE, "hexes": [list(BRIDGE)]}),
        ("village", "temporary", {"hexes": [list(VILLAGE)]}),
    ]
    units = [unit("b1", BLUE, (6, 3)), unit("b2", BLUE, (1, 1)), unit("r1", RED, (8, 7))]
    units.append(unit("r2", RED, (9, 7)))
    p = Play(setup(units, objectives, banner_target={BLUE: 2, RED: 5}))
    p(*turn(1, BLUE), Eliminate("r2"), *end(1, BLUE), *turn(1, RED), Eliminate("b2"))
    p(*end(1, RED), *turn(2, BLUE), HexMove("b1", BRIDGE))
    assert p.board.winner == BLUE
    assert status(p, "hex.eliminations") == ("tie", None, True)
    assert words(p, "hex.eliminations") == "tied at 1 (banners count for each side)"
    assert status(p, "village") == ("none", None, True)
    assert words(p, "village") == "nobody (final)"
    assert status(p, "bridge") == ("won", BLUE, True)


def test_eliminations_kept_for_good_are_not_final_while_the_battle_goes_on_the_enemy_may_match():
    """One banner each: Blue's lead in eliminations becomes a tie, so `won` there
    says the banner is kept, and `final` false that the result may still change."""
    units = [unit("b1", BLUE, (6, 3)), unit("r1", RED, (8, 7)), unit("r2", RED, (9, 7))]
    p = Play(setup(units, banner_target=5))
    p(*turn(1, BLUE), Eliminate("r1"))
    assert status(p, "hex.eliminations") == ("won", BLUE, False)
    assert words(p, "hex.eliminations") == "Blue leads (banners kept for good)"
    p(*end(1, BLUE), *turn(1, RED), Eliminate("b1"))
    assert status(p, "hex.eliminations") == ("tie", None, False)
    # Each side keeps its banner: a tie takes nobody's away ("tie: nobody wins" said so).
    assert words(p, "hex.eliminations") == "tied at 1 (banners count for each side)"


def test_a_cleared_sector_gives_banners_for_good_that_may_still_grow_so_it_is_not_final():
    objectives = [("c", "clearing_sector", {"side": BLUE, "section": "left"})]
    p = Play(setup([unit("b1", BLUE, (1, 0)), unit("r1", RED, (6, 8))], objectives))
    p(*turn(1, BLUE))
    assert status(p, "c") == ("won", BLUE, False)
    assert words(p, "c") == "Blue leads (banners kept for good)"
    p(*end(1, BLUE), *turn(1, RED), *end(1, RED), *turn(2, BLUE))
    assert p.banners("c") == {BLUE: 2}


def test_a_permanent_banner_taken_while_the_battle_goes_on_is_had_for_good_won_and_final():
    objectives = [("bridge", "permanent", {"side": BLUE, "hexes": [list(BRIDGE)]})]
    p = Play(setup([unit("b1", BLUE, (6, 3)), unit("r1", RED, (8, 7))], objectives))
    p(*turn(1, BLUE), HexMove("b1", BRIDGE))
    assert not p.tl.current.clock.over
    assert status(p, "bridge") == ("won", BLUE, True)
    assert words(p, "bridge") == "Blue has it for good"


@pytest.mark.parametrize("at", [None, 38])
def test_the_demo_s_village_is_austria_s_when_prussia_s_sixth_banner_ends_the_battle(at):
    """The bundled battle ends on event 39 with Austria's Cuirassiers on the
    Village: won by Austria at the end; one event earlier it was only a lead."""
    game = load_game(SCENARIOS / "hex_hochkirch_ridge_demo.json")
    state = replay(game.setup, game.events, at)
    board = evaluate(state)
    village = board.result("village")
    if at is None:
        assert (village.status, village.leader, village.final) == (Status.WON, "austria", True)
        assert not any(r.status is Status.LEADING for r in board.results)
        assert {s: int(n) for s, n in board.totals.items()} == {"prussia": 6, "austria": 4}
        assert board.summary.endswith("Prussia reached its target and wins the battle.")
    else:
        assert (village.status, village.final) == (Status.LEADING, False)


def test_a_score_bar_tile_gives_the_other_sides_banners_too():
    """Two eliminations to one: the tile reads 'Blue leads · 2 banners to 1', not
    '2 banners' alone, which hid Red's (docs/streaming.md)."""
    from tabletop_gui.play.wording import tile_text
    from tabletop_gui.rules.engine import family_of

    units = [unit("b1", BLUE, (6, 3)), unit("b2", BLUE, (1, 1))]
    units += [unit("r1", RED, (8, 7)), unit("r2", RED, (9, 7)), unit("r3", RED, (10, 7))]
    p = Play(setup(units, banner_target=5))
    p(*turn(1, BLUE), Eliminate("r1"), Eliminate("r2"), *end(1, BLUE), *turn(1, RED))
    p(Eliminate("b1"))
    state = p.tl.current
    words = family_of(state.setup).words
    text = tile_text(state.scene, words, p.board.result("hex.eliminations"), over=False)
    assert text == "Blue leads · 2 banners to 1"
