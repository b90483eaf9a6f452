"""The character the turn bar offers by default (docs/playing.md, The turn bar):
one of the gang that did not act last, within a round and from one round into
the next (docs/carnevale.md, Choices where the rules are open)."""

from __future__ import annotations

from carnevale_helpers import A, B, activation, char, in_round, play, start

from tabletop_gui.model.events import TurnEnd, TurnStart
from tabletop_gui.rules.carnevale.play import CarnevalePlay, suggested_character


def two_gangs():
    # Gang A's characters come first on the board: the plain default is "a1".
    units = [char("a1", A, 5, 5), char("a2", A, 8, 5), char("b1", B, 5, 30), char("b2", B, 8, 30)]
    return in_round(start(units, []))


def test_within_a_round_the_default_is_of_the_gang_that_did_not_act_last():
    state = play(two_gangs(), *activation("a1"))
    assert suggested_character(state) == "b1"


def test_gang_b_acting_last_in_round_1_makes_gang_a_the_default_at_the_start_of_round_2():
    state = play(two_gangs(), *activation("a1"), *activation("b1"))
    state = play(state, *activation("a2"), *activation("b2"), TurnEnd(1), TurnStart(2))
    assert suggested_character(state) == "a1"


def test_gang_a_acting_last_in_round_1_makes_gang_b_the_default_at_the_start_of_round_2():
    # Zombie (Doctors) acted last in the trial, yet round 2 offered the Zombie again.
    state = play(two_gangs(), *activation("b1"), *activation("a1"))
    state = play(state, *activation("b2"), *activation("a2"), TurnEnd(1), TurnStart(2))
    assert suggested_character(state) == "b1"
    steps = CarnevalePlay().turn_steps(state, (), None, None)
    assert steps[0].label == "Activate b1"
    assert CarnevalePlay().turn_controls(state, ()).chooser.suggested == "b1"


def test_in_round_1_before_anyone_acted_the_default_is_the_first_character():
    assert suggested_character(two_gangs()) == "a1"
