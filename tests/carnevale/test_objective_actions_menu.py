"""What the objective-actions menu lists (play.actions.menu, no Qt): the selected
character's actions then the side's, each with the engine's answer now, for the
bundled game after the Cutpurse has walked to the Smuggler's Chest (event 3 of
carnevale_drowned_quarter.json, docs/carnevale.md)."""

from __future__ import annotations

from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game
from tabletop_gui.play import actions
from tabletop_gui.rules import replay
from tabletop_gui.rules.carnevale.fields import LIFE_POINTS


def cutpurse_at_the_chest():  # type: ignore[no-untyped-def]
    game = load_game(SCENARIOS / "carnevale_drowned_quarter.json")
    return replay(game.setup, list(game.events), 3)


def test_picking_up_during_the_activation_is_listed_with_the_reason_it_waits():
    offered = {a.label: why for a, why in actions.menu(cutpurse_at_the_chest(), ["g-cutpurse"])}
    assert offered["End Cutpurse's activation"] is None
    assert offered["Cutpurse picks up Smuggler's Chest"] == (
        "Cutpurse can pick up an objective only as it ends its activation "
        "(record it after its activation ends)"
    )


def test_life_point_losses_are_grouped_by_the_family_and_allowed():
    listed = actions.menu(cutpurse_at_the_chest(), ["g-cutpurse"])
    losses = [(a.label, why) for a, why in listed if a.group == "Life Points"]
    # Every loss up to the Life Points it has left: a big hit is one event.
    state = cutpurse_at_the_chest()
    left = LIFE_POINTS.of(state.scene.units["g-cutpurse"])
    assert left is not None and left > 5
    assert losses == [(f"Cutpurse loses {n} Life Point{'s' * (n > 1)}", None)
                      for n in range(1, left + 1)]  # fmt: skip
    assert all(not a.takes_input for a, _why in listed)
