"""Mobile objectives: picked up, carried (Move actions only), dropped when the
carrier loses 3 or more Life Points in one go or leaves the board, dropped at
will, handed to a friend, stolen by a Pickpocket (docs/carnevale.md, Carrying)."""

from __future__ import annotations

import pytest
from carnevale_helpers import R30, A, B, activation, char, east_of, in_round, obj, play, start

from tabletop_gui.geometry.outline import distance_3d, marker_outline, unit_outline
from tabletop_gui.model.events import MovePiece, RemoveCasualty, TurnEnd, TurnStart, UpdatePiece
from tabletop_gui.play import actions
from tabletop_gui.rules.carnevale.events import (
    ActivationEnd,
    ActivationStart,
    CharacterRemoved,
    DestroyObjective,
    DropObjective,
    HandOverObjective,
    LifePointsLost,
    PickUpObjective,
    StealObjective,
)
from tabletop_gui.rules.carnevale.fields import LIFE_POINTS
from tabletop_gui.rules.carnevale.measure import gap
from tabletop_gui.rules.engine import RuleError, evaluate
from tabletop_gui.rules.scoreboard import PieceMark, Role, Status

TOUCH = east_of(18, 18, 0.0, R30)


def carrying(units=(), settings=None, carrier_kw=None):
    """Character 'c' of gang A carrying mobile objective 'o' (value 2), round 1."""
    c = char("c", A, *TOUCH, **(carrier_kw or {}))
    state = in_round(start([c, *units], [obj("o", 18, 18, rules=["mobile"])], settings))
    return play(state, *activation("c"), PickUpObjective("c", "o"))


def assert_dropped_in_contact(state, carrier_id="c"):
    m = state.scene.markers["o"]
    assert m.carried_by is None and m.on_table
    carrier = state.scene.units[carrier_id]
    assert distance_3d(unit_outline(carrier), marker_outline(m)) <= 0.02 + 1e-6
    assert m.elevation == carrier.elevation


def test_carrier_is_flagged_move_actions_only():
    r = evaluate(carrying()).result("o")
    marks = [h for h in r.highlights if isinstance(h, PieceMark) and h.role is Role.CARRIED]
    assert [(m.piece_id, m.label) for m in marks] == [("c", "Move actions only")]
    assert r.details["carried_by"] == "c" and r.details["carrier_move_actions_only"]
    assert r.details["state"] == "carried" and r.details["in_play"] is False


def test_carried_marker_travels_with_its_carrier():
    state = play(carrying(), MovePiece("c", 10, 10))
    m = state.scene.markers["o"]
    assert (m.x, m.y, m.carried_by) == (10, 10, "c")


def test_a_carried_marker_cannot_be_moved_on_its_own():
    with pytest.raises(RuleError, match="moves with its carrier"):
        play(carrying(), MovePiece("o", 5, 5))


def test_carrier_losing_3_life_points_in_one_event_drops_the_marker_in_base_contact():
    state = play(carrying(), MovePiece("c", 10, 10), LifePointsLost("c", 3))
    assert LIFE_POINTS.of(state.scene.units["c"]) == 7
    assert_dropped_in_contact(state)


def test_carrier_losing_2_life_points_keeps_the_marker():
    state = play(carrying(), LifePointsLost("c", 2))
    assert state.scene.markers["o"].carried_by == "c"


def test_two_losses_of_2_life_points_do_not_add_up_to_a_drop():
    state = play(carrying(), LifePointsLost("c", 2), LifePointsLost("c", 2))
    assert state.scene.markers["o"].carried_by == "c"


def test_drop_counting_since_pick_up_setting_adds_up_two_losses_of_2():
    state = carrying(settings={"drop_counting": "since_pick_up"})
    state = play(state, LifePointsLost("c", 2))
    assert state.scene.markers["o"].carried_by == "c"
    state = play(state, LifePointsLost("c", 2))
    assert_dropped_in_contact(state)


def test_drop_threshold_is_a_scenario_setting():
    state = play(carrying(settings={"drop_life_points": 2}), LifePointsLost("c", 2))
    assert state.scene.markers["o"].carried_by is None


def test_drop_on_a_roof_puts_the_marker_at_the_carriers_height():
    state = carrying()
    state = play(state, UpdatePiece("c", {"elevation": 2.5}), LifePointsLost("c", 4))
    assert_dropped_in_contact(state)
    assert state.scene.markers["o"].elevation == 2.5


def test_drop_position_given_by_the_player_must_be_in_base_contact():
    state = play(carrying(), MovePiece("c", 10, 10))
    with pytest.raises(RuleError, match="must be dropped in base contact"):
        play(state, LifePointsLost("c", 3, drop_x=14, drop_y=10))
    state = play(state, LifePointsLost("c", 3, drop_x=10, drop_y=10 - 2 * R30))
    assert (state.scene.markers["o"].x, state.scene.markers["o"].y) == (10, 10 - 2 * R30)


def test_default_drop_spot_avoids_other_bases():
    # The carrier at (10, 10); a friend stands on the side facing the board centre.
    friend = char("f", A, 10 + 2 * R30 * 0.7071, 10 + 2 * R30 * 0.7071)
    state = play(carrying(units=[friend]), MovePiece("c", 10, 10), LifePointsLost("c", 3))
    assert_dropped_in_contact(state)
    m = state.scene.markers["o"]
    assert distance_3d(unit_outline(state.scene.units["f"]), marker_outline(m)) >= -1e-9
    gap = ((m.x - friend.x) ** 2 + (m.y - friend.y) ** 2) ** 0.5 - 2 * R30
    assert gap >= -1e-6


def test_carrier_removed_from_the_board_drops_the_marker():
    state = play(carrying(), CharacterRemoved("c", "Gateway"))
    assert state.scene.units["c"].removed
    assert_dropped_in_contact(state)


def test_carrier_removed_as_a_casualty_drops_the_marker():
    state = play(carrying(), RemoveCasualty("c"))
    assert_dropped_in_contact(state)


def test_drop_at_will_after_an_action():
    state = play(carrying(), DropObjective("c"))
    assert_dropped_in_contact(state)


def test_drop_refused_when_carrying_nothing():
    state = in_round(start([char("c", A, 5, 5)], []))
    with pytest.raises(RuleError, match="carries no objective"):
        play(state, DropObjective("c"))


def test_carrier_cannot_destroy_it_takes_move_actions_only():
    c = char("c", A, *TOUCH)
    markers = [
        obj("o", 18, 18, rules=["mobile"]),
        obj("d", TOUCH[0] + 2 * R30, 18, rules=["destructible"]),
    ]
    state = in_round(start([c], markers))
    state = play(state, *activation("c"), PickUpObjective("c", "o"), TurnEnd(1), TurnStart(2))
    state = play(state, ActivationStart("c"))
    with pytest.raises(RuleError, match="Move actions only"):
        play(state, DestroyObjective("c", "d"))


def test_a_carried_objective_does_not_score_by_default():
    r = evaluate(carrying()).result("o")
    assert r.status is Status.NONE and r.points == {}
    assert "does not score" in r.reason


def test_carried_scoring_setting_carrier_scores_for_the_carriers_gang():
    r = evaluate(carrying(settings={"carried_scoring": "carrier"})).result("o")
    assert r.leader == A and r.points == {A: 2.0}


def test_carried_scoring_setting_measure_is_contested_by_an_enemy_near_the_carrier():
    enemy = char("e", B, 30, 30)
    state = carrying(units=[enemy], settings={"carried_scoring": "measure"})
    assert evaluate(state).result("o").leader == A
    ex, ey = east_of(TOUCH[0], TOUCH[1], 2.5, R30, R30)
    state = play(state, MovePiece("e", ex, ey))
    assert evaluate(state).result("o").status is Status.TIE


def test_friendly_character_ending_its_activation_in_contact_takes_the_objective():
    friend = char("f", A, *east_of(*TOUCH, 0.0, R30, R30))
    state = play(carrying(units=[friend]), *activation("f"), HandOverObjective("f", "c"))
    assert state.scene.markers["o"].carried_by == "f"


NEXT_TO_CARRIER = east_of(*TOUCH, 0.0, R30, R30)


def test_an_enemy_cannot_take_the_objective_by_hand_over():
    state = carrying(units=[char("e", B, 30, 30)])
    state = play(state, ActivationStart("e"), MovePiece("e", *NEXT_TO_CARRIER), ActivationEnd("e"))
    with pytest.raises(RuleError, match="enemy"):
        play(state, HandOverObjective("e", "c"))


def test_pickpocket_disengaging_from_the_enemy_carrier_steals_the_objective():
    state = carrying(units=[char("t", B, 30, 30, pickpocket=True)])
    state = play(state, ActivationStart("t"), MovePiece("t", *NEXT_TO_CARRIER), ActivationEnd("t"))
    state = play(state, TurnEnd(1), TurnStart(2))
    state = play(state, ActivationStart("t"), StealObjective("t", "c", 30, 30))
    assert state.scene.markers["o"].carried_by == "t"
    assert (state.scene.units["t"].x, state.scene.units["t"].y) == (30, 30)
    assert (state.scene.markers["o"].x, state.scene.markers["o"].y) == (30, 30)


def _menu_steal(state, thief_id):
    """The steal the objective-actions menu offers for ``thief_id``."""
    (steal,) = [a for a in actions.offer(state, [thief_id]) if "steals" in a.label]
    return steal


def test_the_menus_steal_moves_the_pickpocket_half_an_inch_clear_of_the_carrier_with_its_loot():
    # The Pickpocket disengages from the enemy carrier, moving to x, y
    # (docs/carnevale.md, Events): the menu gives the move, straight away from the carrier.
    state = carrying(units=[char("t", B, 30, 30, pickpocket=True)])
    state = play(state, TurnEnd(1), TurnStart(2))
    state = play(state, ActivationStart("t"), MovePiece("t", *NEXT_TO_CARRIER))
    steal = _menu_steal(state, "t")
    assert steal.label == "t disengages (0.50 in clear) and steals from c (Pickpocket)"
    (event,) = steal.events
    assert event.describe(state).startswith("Round 2: t disengages (moved 0.50 in) and steals ")
    after = play(state, *steal.events)
    thief, carrier = after.scene.units["t"], after.scene.units["c"]
    assert gap(thief, carrier) == pytest.approx(0.5, abs=1e-3)
    assert thief.y == pytest.approx(carrier.y) and thief.x > carrier.x  # straight away
    m = after.scene.markers["o"]
    assert m.carried_by == "t" and (m.x, m.y) == (thief.x, thief.y)


def test_the_menus_steal_turns_aside_from_a_base_standing_where_the_pickpocket_would_go():
    # Straight away from the carrier stands the thief's friend: the spot turns until
    # it touches no base (a disengage does not end in base contact with anyone).
    tx, ty = NEXT_TO_CARRIER
    friend = char("f", B, tx + 2 * R30 + 0.3, ty)
    state = carrying(units=[char("t", B, 30, 30, pickpocket=True), friend])
    state = play(state, TurnEnd(1), TurnStart(2))
    state = play(state, ActivationStart("t"), MovePiece("t", tx, ty))
    after = play(state, *_menu_steal(state, "t").events)
    thief = after.scene.units["t"]
    assert gap(thief, after.scene.units["c"]) == pytest.approx(0.5, abs=1e-3)
    assert gap(thief, after.scene.units["f"]) > 0.02
    assert thief.y != pytest.approx(ty)


def test_a_character_without_pickpocket_cannot_steal():
    state = carrying(units=[char("e", B, 30, 30)])
    state = play(state, MovePiece("e", *NEXT_TO_CARRIER), ActivationStart("e"))
    with pytest.raises(RuleError, match="Pickpocket"):
        play(state, StealObjective("e", "c"))


def test_a_pickpocket_must_be_in_base_contact_to_disengage_and_steal():
    thief = char("t", B, 30, 30, pickpocket=True)
    state = play(carrying(units=[thief]), ActivationStart("t"))
    with pytest.raises(RuleError, match="cannot disengage"):
        play(state, StealObjective("t", "c"))


def test_the_log_says_a_carrier_losing_enough_life_points_drops_its_objective():
    """The log row of the loss names the drop, as the rules make it
    (docs/carnevale.md, Carrying); two points do not drop it, and say nothing."""
    state = carrying()
    name = state.scene.markers["o"].label or "o"
    three, two = LifePointsLost("c", 3), LifePointsLost("c", 2)
    assert three.describe(state).endswith(f"loses 3 Life Points and drops {name}")
    assert two.describe(state).endswith("loses 2 Life Points")
    assert LifePointsLost("c", 1).describe(state).endswith("loses 1 Life Point")
    added = carrying(settings={"drop_counting": "since_pick_up"})
    assert two.describe(play(added, two)).endswith(f"and drops {name}")  # 2 + 2 since pick-up
