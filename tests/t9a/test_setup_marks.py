"""The set-up marks the board draws (play/setup_marks.py): during set-up a unit
outside its Deployment Zone is marked as a placement error with the distance it
is out by; once the game has begun nothing is marked."""

from __future__ import annotations

from t9a_helpers import A, B, ObjectiveSpec, setup, state, unit

from tabletop_gui.model.events import MovePiece, TurnStart
from tabletop_gui.play.setup_marks import setup_marks
from tabletop_gui.rules.engine import apply
from tabletop_gui.rules.scoreboard import Role

HOLD = [ObjectiveSpec("hold", "t9a.hold_the_ground")]


def test_a_unit_standing_on_the_centre_during_set_up_is_marked_with_its_side_and_distance():
    # Frontline Clash: Equitaine's zone is y < 12, so a 20 mm base at y = 20 is out.
    s = state(setup(HOLD, [unit("k", A, 20, 20), unit("in", A, 40, 5), unit("o", B, 30, 40)]))
    (mark,) = setup_marks(s)
    assert (mark.piece_id, mark.role, mark.side) == ("k", Role.PLACEMENT_ERROR, A)
    assert mark.label.endswith("in outside its zone")


def test_once_the_first_turn_has_begun_no_unit_is_marked():
    s = state(setup(HOLD, [unit("k", A, 20, 20)]), [TurnStart(1)])
    assert setup_marks(s) == ()


def test_moving_one_unit_keeps_the_other_units_mark_the_same_object():
    """The board compares marks by identity: a drag of one unit must not make
    every other flagged unit's mark anew."""
    s = state(setup(HOLD, [unit("k", A, 20, 20), unit("j", A, 50, 20)]))
    before = {m.piece_id: m for m in setup_marks(s)}
    after = {m.piece_id: m for m in setup_marks(apply(s, MovePiece("k", 22, 20)))}
    assert set(before) == set(after) == {"k", "j"}
    assert after["j"] is before["j"]
