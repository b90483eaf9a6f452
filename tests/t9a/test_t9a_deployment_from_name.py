"""A T9A file that names its Deployment Type and leaves out the zones gets that
type's Deployment Zones (Breakthrough then has a zone to measure)."""

from __future__ import annotations

import json

from tabletop_gui.io import loads
from tabletop_gui.rules import evaluate, replay


def file(**extra):
    return json.dumps({
        "version": 1, "family": "t9a", "deployment": "frontline_clash",
        "sides": [{"id": "a", "name": "Equitaine"}, {"id": "b", "name": "Orcs"}],
        "units": [{"id": "k", "name": "Knights", "side": "a", "x": 30, "y": 40}],
        "objectives": [{"id": "bt", "kind": "t9a.breakthrough"}], **extra,
    })  # fmt: skip


def test_a_named_deployment_type_without_zones_gets_its_zones():
    game = loads(file())
    zones = game.setup.scene.zones
    assert {z.side for z in zones.values()} == {"a", "b"}
    r = evaluate(replay(game.setup, game.events)).result("bt")
    assert not any("no Deployment Zone" in p for p in r.problems)
    assert r.leader == "a"  # the Knights stand in the Orcs' zone (y > 36)


def test_zones_given_in_the_file_are_kept():
    zone = {"id": "z", "side": "a", "polygon": [[0, 0], [72, 0], [72, 6], [0, 6]]}
    game = loads(file(zones=[zone]))
    assert list(game.setup.scene.zones) == ["z"]
