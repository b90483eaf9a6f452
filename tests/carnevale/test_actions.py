"""The objective actions, checked when recorded (docs/carnevale.md, Events): reveal,
pick up and claim at the end of an activation in base contact and not in base
contact with an enemy; destroy for 1 AP by a character that started its
activation in base contact."""

from __future__ import annotations

import pytest
from carnevale_helpers import (
    R30,
    R40,
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

from tabletop_gui.model.events import MovePiece, TurnEnd, TurnStart
from tabletop_gui.rules.carnevale.events import (
    ActivationEnd,
    ActivationStart,
    ClaimObjective,
    DestroyObjective,
    PickUpObjective,
    RevealObjective,
)
from tabletop_gui.rules.carnevale.fields import REVEALED
from tabletop_gui.rules.engine import RuleError, evaluate
from tabletop_gui.rules.scoreboard import Status


def touching_east(x=18.0, y=18.0, r=R30):
    return east_of(x, y, 0.0, r)


# -- reveal -------------------------------------------------------------------


def test_reveal_at_end_of_activation_in_base_contact_turns_the_marker_face_up():
    state = in_round(start([char("c", A, *touching_east())], [obj("o", 18, 18, rules=["hidden"])]))
    state = play(state, *activation("c"), RevealObjective("c", "o"))
    assert REVEALED.of(state.scene.markers["o"])


def test_reveal_refused_in_base_contact_with_an_enemy():
    units = [char("c", A, *touching_east()), char("e", B, *east_of(18, 18, 2 * R30, R30))]
    state = in_round(start(units, [obj("o", 18, 18, rules=["hidden"])]))
    state = play(state, *activation("c"))
    with pytest.raises(RuleError, match="base contact with an enemy"):
        play(state, RevealObjective("c", "o"))


def test_reveal_refused_during_the_activation_it_happens_as_the_activation_ends():
    state = in_round(start([char("c", A, *touching_east())], [obj("o", 18, 18, rules=["hidden"])]))
    state = play(state, ActivationStart("c"))
    with pytest.raises(RuleError, match="ends its activation"):
        play(state, RevealObjective("c", "o"))


def test_reveal_refused_for_an_objective_without_the_hidden_rule():
    state = in_round(start([char("c", A, *touching_east())], [obj("o", 18, 18)]))
    state = play(state, *activation("c"))
    with pytest.raises(RuleError, match="Hidden"):
        play(state, RevealObjective("c", "o"))


def test_reveal_refused_0_05_in_away_beyond_the_contact_tolerance():
    state = in_round(
        start([char("c", A, *east_of(18, 18, 0.05, R30))], [obj("o", 18, 18, rules=["hidden"])])
    )
    state = play(state, *activation("c"))
    # The refusal says how far apart, so the referee need not measure again.
    with pytest.raises(
        RuleError,
        match=r"not in base contact with o \(0\.05 in apart; contact is within 0\.02 in\)",
    ):
        play(state, RevealObjective("c", "o"))


def test_contact_tolerance_setting_widens_base_contact():
    state = in_round(
        start(
            [char("c", A, *east_of(18, 18, 0.05, R30))],
            [obj("o", 18, 18, rules=["hidden"])],
            settings={"contact_tolerance": 0.1},
        )
    )
    state = play(state, *activation("c"), RevealObjective("c", "o"))
    assert REVEALED.of(state.scene.markers["o"])


def test_base_contact_is_3d_a_character_on_a_roof_above_the_marker_is_not_touching():
    state = in_round(
        start([char("c", A, *touching_east(), elevation=2.5)], [obj("o", 18, 18, rules=["hidden"])])
    )
    state = play(state, *activation("c"))
    with pytest.raises(RuleError, match="not in base contact"):
        play(state, RevealObjective("c", "o"))


# -- pick up ------------------------------------------------------------------


def test_pick_up_refused_while_in_base_contact_with_an_enemy():
    units = [char("c", A, *touching_east()), char("e", B, *east_of(18, 18, 2 * R30, R30))]
    state = in_round(start(units, [obj("o", 18, 18, rules=["mobile"])]))
    state = play(state, *activation("c"))
    with pytest.raises(RuleError, match="base contact with an enemy"):
        play(state, PickUpObjective("c", "o"))
    assert state.scene.markers["o"].carried_by is None


def test_pick_up_allowed_when_the_enemy_is_0_1_in_away():
    units = [char("c", A, *touching_east()), char("e", B, *east_of(18, 18, 2 * R30 + 0.1, R30))]
    state = in_round(start(units, [obj("o", 18, 18, rules=["mobile"])]))
    state = play(state, *activation("c"), PickUpObjective("c", "o"))
    assert state.scene.markers["o"].carried_by == "c"


def test_pick_up_refused_without_the_mobile_rule():
    state = in_round(start([char("c", A, *touching_east())], [obj("o", 18, 18)]))
    state = play(state, *activation("c"))
    with pytest.raises(RuleError, match="Mobile"):
        play(state, PickUpObjective("c", "o"))


def test_a_character_carries_one_objective_at_most():
    c = touching_east()
    markers = [obj("o1", 18, 18, rules=["mobile"]), obj("o2", c[0] + 2 * R30, 18, rules=["mobile"])]
    state = in_round(start([char("c", A, *c)], markers))
    state = play(state, *activation("c"), PickUpObjective("c", "o1"))
    with pytest.raises(RuleError, match="one objective at most"):
        play(state, PickUpObjective("c", "o2"))


# -- claim ----------------------------------------------------------------------


def test_claimed_objective_scores_for_the_claimant_with_nobody_near_it():
    state = in_round(
        start([char("c", A, *touching_east())], [obj("o", 18, 18, value=3, rules=["claimable"])])
    )
    state = play(state, *activation("c"), ClaimObjective("c", "o"))
    state = play(state, MovePiece("c", 2, 2))
    r = evaluate(state).result("o")
    assert r.counting == ()
    assert r.leader == A and r.points == {A: 3.0}
    assert r.details["claimed_by"] == A


def test_claimed_objective_scores_for_the_claimant_even_with_an_enemy_on_it():
    units = [char("c", A, *touching_east()), char("e", B, 30, 30)]
    state = in_round(start(units, [obj("o", 18, 18, value=3, rules=["claimable"])]))
    state = play(state, *activation("c"), ClaimObjective("c", "o"))
    state = play(state, MovePiece("c", 2, 2), MovePiece("e", *west_of(18, 18, 0, R30)))
    assert evaluate(state).result("o").leader == A


def test_reclaim_refused_by_default_then_allowed_by_the_scenario_setting():
    units = [char("c", A, *touching_east()), char("e", B, *west_of(18, 18, 0, R30))]
    for reclaim, expect in ((False, None), (True, B)):
        state = in_round(
            start(units, [obj("o", 18, 18, rules=["claimable"])], {"claimable_reclaim": reclaim})
        )
        state = play(state, MovePiece("e", 30, 30), *activation("c"), ClaimObjective("c", "o"))
        state = play(state, MovePiece("c", 2, 2), MovePiece("e", *west_of(18, 18, 0, R30)))
        state = play(state, *activation("e"))
        if expect is None:
            with pytest.raises(RuleError, match="does not allow reclaiming"):
                play(state, ClaimObjective("e", "o"))
        else:
            state = play(state, ClaimObjective("e", "o"))
            assert evaluate(state).result("o").leader == B


def test_claim_refused_in_base_contact_with_an_enemy():
    units = [char("c", A, *touching_east()), char("e", B, *east_of(18, 18, 2 * R30, R30))]
    state = in_round(start(units, [obj("o", 18, 18, rules=["claimable"])]))
    state = play(state, *activation("c"))
    with pytest.raises(RuleError, match="base contact with an enemy"):
        play(state, ClaimObjective("c", "o"))


# -- destroy ----------------------------------------------------------------------


def test_destroy_by_a_character_that_started_its_activation_in_base_contact():
    state = in_round(
        start([char("c", A, *touching_east())], [obj("o", 18, 18, rules=["destructible"])])
    )
    state = play(state, ActivationStart("c"), DestroyObjective("c", "o"), ActivationEnd("c"))
    assert state.scene.markers["o"].destroyed


def test_destroy_refused_when_the_character_only_moved_into_contact_this_activation():
    state = in_round(start([char("c", A, 5, 5)], [obj("o", 18, 18, rules=["destructible"])]))
    state = play(state, ActivationStart("c"), MovePiece("c", *touching_east()))
    with pytest.raises(RuleError, match="did not start its activation in base contact"):
        play(state, DestroyObjective("c", "o"))


def test_destroy_refused_outside_the_characters_activation():
    state = in_round(
        start([char("c", A, *touching_east())], [obj("o", 18, 18, rules=["destructible"])])
    )
    with pytest.raises(RuleError, match="during its own activation"):
        play(state, DestroyObjective("c", "o"))


def test_destroy_refused_without_the_destructible_rule():
    state = in_round(start([char("c", A, *touching_east())], [obj("o", 18, 18)]))
    state = play(state, ActivationStart("c"))
    with pytest.raises(RuleError, match="Destructible"):
        play(state, DestroyObjective("c", "o"))


def test_destroyed_objective_scores_for_nobody_even_with_a_friendly_on_it():
    state = in_round(
        start([char("c", A, *touching_east())], [obj("o", 18, 18, value=5, rules=["destructible"])])
    )
    state = play(state, ActivationStart("c"), DestroyObjective("c", "o"), ActivationEnd("c"))
    r = evaluate(state).result("o")
    assert r.status is Status.NONE and r.leader is None and r.points == {}
    assert r.details["state"] == "destroyed" and r.details["destroyed"] is True
    assert evaluate(state).totals[A] == 0.0


def test_destroyed_claimed_objective_scores_for_nobody():
    m = obj("o", 18, 18, value=5, rules=["destructible", "claimable"])
    state = in_round(start([char("c", A, *touching_east()), char("e", B, 30, 30)], [m]))
    state = play(state, *activation("c"), ClaimObjective("c", "o"))
    state = play(state, MovePiece("e", *west_of(18, 18, 0, R30)), TurnEnd(1), TurnStart(2))
    state = play(state, ActivationStart("e"), DestroyObjective("e", "o"))
    assert evaluate(state).result("o").points == {}


# -- activations ------------------------------------------------------------------


def test_an_activation_needs_a_round_in_progress():
    state = start([char("c", A, 5, 5)], [])
    with pytest.raises(RuleError, match="no round is in progress"):
        play(state, ActivationStart("c"))


def test_one_character_activates_at_a_time_and_once_a_round():
    state = in_round(start([char("c", A, 5, 5), char("d", A, 9, 5, base_mm=40)], []))
    state = play(state, ActivationStart("c"))
    with pytest.raises(RuleError, match="still activating"):
        play(state, ActivationStart("d"))
    state = play(state, ActivationEnd("c"))
    with pytest.raises(RuleError, match="already activated this round"):
        play(state, ActivationStart("c"))
    state = play(state, TurnEnd(1), TurnStart(2), ActivationStart("c"))
    assert state.clock.activation == "c"


def test_timing_checks_can_be_switched_off_for_a_referee_recording_by_hand():
    state = start(
        [char("c", A, *touching_east(r=R40), base_mm=40)],
        [obj("o", 18, 18, rules=["hidden", "destructible"])],
        settings={"check_activation_timing": False},
    )
    state = play(state, RevealObjective("c", "o"), DestroyObjective("c", "o"))
    assert state.scene.markers["o"].destroyed


def test_pick_up_refused_when_the_character_was_moved_into_contact_after_its_activation_ended():
    # The rule looks at where the character ENDS its activation: 5 in away, it
    # may not be dragged into contact afterwards and then pick up.
    c = char("c", A, *east_of(18, 18, 5.0, R30))
    state = in_round(start([c], [obj("o", 18, 18, rules=["mobile"])]))
    state = play(state, *activation("c"), MovePiece("c", *touching_east()))
    with pytest.raises(
        RuleError,
        match=r"not in base contact with o \(5\.00 in apart; contact is within 0\.02 in\) "
        r"as it ended its activation",
    ):
        play(state, PickUpObjective("c", "o"))


def test_a_character_in_contact_as_its_activation_ended_may_still_reveal_after_a_nudge_away():
    state = in_round(start([char("c", A, *touching_east())], [obj("o", 18, 18, rules=["hidden"])]))
    state = play(state, *activation("c"), MovePiece("c", 30, 30), RevealObjective("c", "o"))
    assert REVEALED.of(state.scene.markers["o"])


@pytest.mark.parametrize("bad", ["no", 0, "false"])
def test_a_reclaim_setting_that_is_not_true_or_false_keeps_the_default_refusal(bad):
    units = [char("c", A, *touching_east()), char("e", B, *west_of(18, 18, 0, R30))]
    state = in_round(
        start(units, [obj("o", 18, 18, rules=["claimable"])], {"claimable_reclaim": bad})
    )
    state = play(state, MovePiece("e", 30, 30), *activation("c"), ClaimObjective("c", "o"))
    state = play(state, MovePiece("c", 2, 2), MovePiece("e", *west_of(18, 18, 0, R30)))
    state = play(state, *activation("e"))
    with pytest.raises(RuleError, match="does not allow reclaiming"):
        play(state, ClaimObjective("e", "o"))
    assert "settings.claimable_reclaim: expected true or false" in evaluate(state).summary


def test_a_timing_setting_of_no_in_text_keeps_the_timing_checks_on():
    settings = {"check_activation_timing": "no"}
    state = in_round(
        start([char("c", A, *touching_east())], [obj("o", 18, 18, rules=["hidden"])], settings)
    )
    with pytest.raises(RuleError, match="only as it ends its activation"):
        play(state, RevealObjective("c", "o"))


def test_a_round_count_that_is_not_a_whole_number_is_named_and_6_rounds_apply():
    state = start([char("c", A, 2, 2)], [obj("o", 18, 18)], {"rounds": 2.5})
    for n in (1, 2):
        state = play(state, TurnStart(n), TurnEnd(n))
    board = evaluate(state)
    assert "settings.rounds: expected a whole number >= 1, got 2.5" in board.summary
    assert not board.results[0].final
