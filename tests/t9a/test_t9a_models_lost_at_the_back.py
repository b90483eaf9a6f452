"""Editing a unit's models (docs/t9a.md, Editing a unit's models): models lost as
casualties come off the back rank and models returned join it, so the unit's
front stays where it was and a unit in base contact stays in it; a change of
models per rank (a reform) keeps the centre. Not a move: no "moved in the other
side's turn" flag."""

from __future__ import annotations

import pytest
from t9a_helpers import A, B, setup, state, unit

from tabletop_gui.geometry.arcs import front_centre
from tabletop_gui.geometry.outline import in_base_contact, unit_outline
from tabletop_gui.model.events import TurnStart, UpdatePiece
from tabletop_gui.model.game import Game
from tabletop_gui.model.pieces import BaseShape
from tabletop_gui.rules import Timeline
from tabletop_gui.rules.engine import family_of, flags

START = [TurnStart(1), TurnStart(1, A)]
# Knights: 10 models on 25 x 50 mm, 5 wide (2 ranks: 4.92 x 3.94 in), facing +y,
# their front at y = 24.97 against the Orcs' front at y = 24.97 (0.00 in).
KNIGHTS = unit("knights", B, 36, 23, w=25, d=50, models=10, per_rank=5, name="Knights")
ORCS = unit("orcs", A, 36, 25.9685, w=25, d=50, models=1, facing=180, name="Orcs")


def edited(changes: dict, knights=KNIGHTS):
    s = setup([], [knights, ORCS])
    before = state(s, START)
    follows = family_of(s).edit_changes(before, knights, changes)
    event = UpdatePiece("knights", follows)
    tl = Timeline(Game(s, (*START, event)))
    return (
        follows,
        tl.state_at(3).scene.units["knights"],
        flags(tl.state_at(2), event, tl.state_at(3)),
    )


def test_the_two_units_start_in_base_contact():
    assert in_base_contact(unit_outline(KNIGHTS), unit_outline(ORCS))


def test_casualties_come_off_the_back_so_the_unit_stays_in_base_contact():
    _, after, found = edited({"models": 5})  # one rank left
    assert front_centre(unit_outline(after)) == pytest.approx(front_centre(unit_outline(KNIGHTS)))
    assert after.y == pytest.approx(KNIGHTS.y + 50 / 25.4 / 2)  # the back rank went
    assert in_base_contact(unit_outline(after), unit_outline(ORCS))
    assert found == []  # not a move in Equitaine's turn: the front did not move


def test_models_returned_join_the_back_rank():
    _, after, _ = edited({"models": 15})
    assert front_centre(unit_outline(after)) == pytest.approx(front_centre(unit_outline(KNIGHTS)))
    assert after.y == pytest.approx(KNIGHTS.y - 50 / 25.4 / 2)


def test_a_turned_unit_keeps_its_front_too():
    turned = unit("knights", B, 30, 10, w=25, d=50, models=10, per_rank=5, facing=123)
    _, after, _ = edited({"models": 4}, turned)
    assert after.facing == 123
    assert front_centre(unit_outline(after)) == pytest.approx(front_centre(unit_outline(turned)))


def test_a_reform_to_more_models_per_rank_keeps_the_centre():
    follows, after, _ = edited({"models_per_rank": 10})
    assert follows == {"models_per_rank": 10}
    assert (after.x, after.y) == (KNIGHTS.x, KNIGHTS.y)


def test_an_edit_that_places_the_unit_itself_is_left_as_given():
    follows, after, _ = edited({"models": 5, "y": 20.0})
    assert follows == {"models": 5, "y": 20.0} and after.y == 20.0


def test_a_round_base_keeps_its_centre():
    round_ = unit("knights", B, 30, 10, w=60, d=60, base_shape=BaseShape.ROUND, models=3)
    follows, after, _ = edited({"models": 1}, round_)
    assert "x" not in follows and (after.x, after.y) == (30, 10)


def test_a_value_the_model_refuses_is_passed_on_for_it_to_refuse():
    s = setup([], [KNIGHTS])
    assert family_of(s).edit_changes(state(s), KNIGHTS, {"models": 0}) == {"models": 0}


def test_the_game_log_says_the_models_went_from_the_back_not_a_move():
    s = setup([], [KNIGHTS, ORCS])
    before = state(s, START)
    event = UpdatePiece("knights", family_of(s).edit_changes(before, KNIGHTS, {"models": 5}))
    text = event.describe(before)
    assert text.endswith("Knights: models 5 (5 off the back; the front stays)")
    back = UpdatePiece("knights", family_of(s).edit_changes(before, KNIGHTS, {"models": 12}))
    assert back.describe(before).endswith("models 12 (2 joined at the back; the front stays)")
    moved = UpdatePiece("knights", {"models": 5, "x": 30.0, "y": 20.0})
    assert "x 30.0, y 20.0" in moved.describe(before)  # a place typed is a place
