"""A Carnevale character moved outside its own activation is flagged (a rule may
move it then), never refused; overlapping bases too."""

from __future__ import annotations

from carnevale_helpers import R30, A, B, char, in_round, play, start

from tabletop_gui.model.events import AddPiece, MovePiece
from tabletop_gui.rules.carnevale.events import ActivationStart
from tabletop_gui.rules.engine import flags


def moved(state, event):
    return flags(state, event, play(state, event))


def test_a_character_moved_while_another_activates_is_flagged_naming_the_active_one():
    s = in_round(start([char("capo", A, 10, 10), char("doge", B, 25, 25)], []))
    s = play(s, ActivationStart("doge"))
    (flag,) = moved(s, MovePiece("capo", 12, 10))
    assert flag == "capo moved outside its own activation (doge is activating)"


def test_the_activating_character_moving_is_not_flagged():
    s = play(in_round(start([char("capo", A, 10, 10)], [])), ActivationStart("capo"))
    assert moved(s, MovePiece("capo", 12, 10)) == []


def test_a_move_between_activations_is_flagged():
    s = in_round(start([char("capo", A, 10, 10)], []))
    assert moved(s, MovePiece("capo", 12, 10)) == [
        "capo moved outside its own activation (no character is activating)"
    ]


def test_deployment_before_the_first_round_is_not_flagged():
    assert moved(start([char("capo", A, 10, 10)], []), MovePiece("capo", 12, 10)) == []


def test_a_base_moved_onto_another_characters_is_flagged():
    s = play(in_round(start([char("capo", A, 10, 10), char("doge", B, 20, 10)], [])),
             ActivationStart("capo"))  # fmt: skip
    assert moved(s, MovePiece("capo", 20 - R30, 10)) == ["capo's base overlaps doge"]


def test_a_character_added_onto_another_characters_base_is_flagged_as_a_move_onto_it_is():
    # A base added by the log (pasted, or imported into a game under way) on
    # another's is flagged in a move's words; one added clear of it is not
    # (docs/playing.md, The game log and the timeline).
    s = in_round(start([char("doge", B, 20, 10)], []))
    onto = AddPiece(unit=char("capo", A, 20 - R30, 10))
    assert moved(s, onto) == ["capo's base overlaps doge"]
    assert moved(s, AddPiece(unit=char("capo", A, 30, 10))) == []
