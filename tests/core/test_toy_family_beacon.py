"""The reference family of CONTRIBUTING.md (tests/toy_family) scores its Beacon
with each counting scout's distance from the centre and its margin (the radius
less the distance), in CountingPiece's order (margin, distance) as the built-in
families give them: it gave them swapped, so `score` printed a scout 1 in from
the centre as "3.00 in, margin +1.00 in"."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import pytest

from tabletop_gui.model.pieces import BaseShape, Unit
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.scoreboard import CountingPiece

TOY = Path(__file__).resolve().parents[1] / "toy_family"


@pytest.fixture
def toy() -> Iterator[ModuleType]:
    """The toy family's module, read from its source (not installed here)."""
    sys.path.insert(0, str(TOY))
    try:
        import toy_family.family

        yield toy_family.family
    finally:
        sys.path.remove(str(TOY))
        for name in [m for m in sys.modules if m.split(".")[0] == "toy_family"]:
            del sys.modules[name]


def test_a_scout_1_in_from_the_beacon_counts_at_1_in_with_a_margin_of_3_in(toy):
    setup = toy.toy_setup()  # a 24 x 24 in board, the Beacon 4 in around its centre
    scouts = (
        Unit(id="a1", name="Scout A", side="player-a", x=13, y=12, base_shape=BaseShape.ROUND),
        Unit(id="b1", name="Scout B", side="player-b", x=12, y=15, base_shape=BaseShape.ROUND),
        Unit(id="b2", name="Far", side="player-b", x=20, y=20, base_shape=BaseShape.ROUND),
    )
    scene = replace(setup.scene, units={u.id: u for u in scouts}, cache={})
    state = GameState.initial(replace(setup, scene=scene), toy.Toy().terms())
    (spec,) = setup.objectives
    result = toy.Beacon(spec).evaluate(state)
    assert result.counting == (
        CountingPiece("a1", "player-a", margin=3.0, distance=1.0, note="near the beacon"),
        CountingPiece("b1", "player-b", margin=1.0, distance=3.0, note="near the beacon"),
    )
    assert result.counts == {"player-a": 1.0, "player-b": 1.0}
