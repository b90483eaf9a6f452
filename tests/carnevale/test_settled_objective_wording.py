"""What a score says about an objective the characters no longer decide, and about
the objective marker itself (docs/carnevale.md, Scoring): a claimed objective
scores for the claimant wherever the characters are, so a character in base
contact with it is not counted, and the counts say so instead of a 0-0; a
destroyed one is out of the game, final at once; a contested objective's marker
is drawn contested but is not listed as a piece that contests
(docs/canvas.md, Score panel)."""

from __future__ import annotations

from carnevale_helpers import (
    R30,
    A,
    B,
    activation,
    char,
    east_of,
    in_round,
    obj,
    play,
    start,
    west_of,
)

from tabletop_gui.cli import score_text
from tabletop_gui.model.events import MovePiece
from tabletop_gui.model.game import Game
from tabletop_gui.play import wording
from tabletop_gui.play.turns import finished
from tabletop_gui.rules.carnevale.events import (
    ActivationEnd,
    ActivationStart,
    ClaimObjective,
    DestroyObjective,
    PickUpObjective,
)
from tabletop_gui.rules.engine import evaluate, family_of
from tabletop_gui.rules.scoreboard import PieceMark, Role, Status


def touching_east(x: float = 18.0, y: float = 18.0) -> tuple[float, float]:
    return east_of(x, y, 0.0, R30)


def test_an_enemy_in_base_contact_with_a_claimed_objective_is_not_counted_and_the_counts_say_why():
    # Gang A claims it; Gang B's character then stands in base contact with it.
    units = [char("c", A, *touching_east()), char("e", B, 30, 30)]
    state = in_round(start(units, [obj("o", 18, 18, value=1, rules=["claimable"])]))
    state = play(state, *activation("c"), ClaimObjective("c", "o"))
    state = play(state, MovePiece("c", 2, 2), MovePiece("e", *west_of(18, 18, 0, R30)))
    r = evaluate(state).result("o")
    assert r.leader == A and r.points == {A: 1.0}
    # Nobody is counted, and the counts say so: the 0-0 is no miscount of "e" at
    # 0.00 in. Each gang keeps its entry (docs/score-json.md: indexed by side).
    assert r.counts == {A: 0, B: 0}
    assert r.counting == ()
    assert r.counted == "no characters count (claimed)"
    assert (
        wording.counted_text(state.scene, r) == "no characters count (claimed): Gang A 0 · Gang B 0"
    )
    assert r.to_json()["counts"] == {A: 0, B: 0}


def test_a_destroyed_objective_is_final_at_once_and_never_reads_nobody_yet():
    state = in_round(
        start([char("c", A, *touching_east())], [obj("o", 18, 18, rules=["destructible"])])
    )
    state = play(state, ActivationStart("c"), DestroyObjective("c", "o"), ActivationEnd("c"))
    r = evaluate(state).result("o")
    assert r.status is Status.NONE and r.final  # round 1, yet settled for good
    standing = wording.standing(state.scene, r, over=finished(state, evaluate(state)))
    assert standing.text == "nobody (final)"
    assert "yet" not in standing.text
    assert r.counts == {A: 0, B: 0} and r.counted == "no characters count (destroyed)"
    assert r.reason == "Destroyed: out of the game for good, scores for nobody."
    # The stream's score bar says the same, not a '0–0' of characters that no longer count.
    assert (
        wording.tile_text(state.scene, family_of(state.setup).words, r, over=False)
        == "nobody (final)"
    )
    # The game itself is not over: the summary still reads as if it ended now.
    assert "as if the game ended now" in evaluate(state).summary


def test_a_carried_objective_that_scores_for_nobody_counts_no_characters():
    state = in_round(start([char("c", A, *touching_east())], [obj("o", 18, 18, rules=["mobile"])]))
    state = play(state, *activation("c"), PickUpObjective("c", "o"))
    r = evaluate(state).result("o")
    assert r.counts == {A: 0, B: 0} and r.counted == "no characters count (carried)"


def test_an_objective_in_play_still_counts_each_gang_even_at_nought():
    state = in_round(start([char("c", A, 30, 30)], [obj("o", 18, 18)]))
    r = evaluate(state).result("o")
    assert r.counts == {A: 0, B: 0}
    assert wording.counted_text(state.scene, r) == "characters within 3 in: Gang A 0 · Gang B 0"


def test_a_contested_objective_lists_the_contesting_characters_not_its_own_marker():
    fx, fy = east_of(18, 18, 0.0, R30)
    ex, ey = west_of(18, 18, 0.56, R30)
    state = start([char("f", A, fx, fy), char("e", B, ex, ey)], [obj("o", 18, 18, label="Relic")])
    r = evaluate(state).result("o")
    assert r.status is Status.TIE
    # The board still draws the marker contested...
    assert PieceMark("o", Role.CONTESTED, None) in r.highlights
    # ...but the marker is not a contestant: only the characters are listed.
    assert [pid for pid, _ in wording.piece_lines(state.scene, r)] == ["f", "e"]
    text = score_text(Game(state.setup, ()), state, evaluate(state))
    assert "contests" not in text
    assert "- f [Gang A]  0.00 in  margin +3.00 in  (contested)" in text


def test_a_marker_that_breaks_its_placement_rule_is_still_listed():
    # Two objectives 1 in apart (4 in required): each marker is named as breaking it.
    state = start([], [obj("o", 18, 18), obj("p", 18 + 2 * R30 + 1, 18)])
    r = evaluate(state).result("o")
    lines = dict(wording.piece_lines(state.scene, r))
    assert "breaks its placement rule" in lines["o"]
