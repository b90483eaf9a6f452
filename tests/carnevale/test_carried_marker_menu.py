"""The actions offered for a marker a character carries (docs/playing.md,
Objective actions (right-click)): the marker sits over its carrier, so a
right-click on the carrier mostly lands on the marker; the menu then offers the
carrier's actions too (drops, Life Points), not "No objective actions"."""

from __future__ import annotations

from carnevale_helpers import R30, A, activation, char, east_of, in_round, obj, play, start

from tabletop_gui.play.actions import offer
from tabletop_gui.rules.carnevale.events import PickUpObjective


def carrying():
    state = in_round(
        start([char("c", A, *east_of(18, 18, 0.0, R30))], [obj("o", 18, 18, rules=["mobile"])])
    )
    return play(state, *activation("c"), PickUpObjective("c", "o"))


def test_a_carried_marker_right_clicked_offers_its_carriers_drop_and_life_points():
    state = carrying()
    assert state.scene.markers["o"].carried_by == "c"
    on_marker = [a.label for a in offer(state, ["o"])]
    on_carrier = [a.label for a in offer(state, ["c"])]
    assert on_carrier and set(on_carrier) <= set(on_marker)
    assert any("drops" in label for label in on_marker)
    assert any("Life Point" in label for label in on_marker)


def test_carrier_and_marker_selected_together_offer_each_action_once():
    state = carrying()
    both = [a.label for a in offer(state, ["o", "c"])]
    assert len(both) == len(set(both)) and both == [a.label for a in offer(state, ["o", "c"])]
    assert sorted(both) == sorted(a.label for a in offer(state, ["c"]))
