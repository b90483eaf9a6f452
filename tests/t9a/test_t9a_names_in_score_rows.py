"""The score panel's rows, and ``score``, name a piece as a player knows it: a
terrain feature King of the Hill finds breaking its placement rule by its name,
not its id; by its name and id where two features share the name
(docs/canvas.md, Score panel)."""

from __future__ import annotations

from t9a_helpers import A, B, ObjectiveSpec, Terrain, rect, setup, state

from tabletop_gui.play.wording import piece_lines
from tabletop_gui.rules import evaluate

# Fully inside Equitaine's own Frontline Clash zone: Equitaine may not pick it.
HOME = Terrain("terrain-2", "Building", rect(30, 2, 36, 8))
FOREST = Terrain("terrain-3", "Forest", rect(50, 20, 60, 28))
OTHER_BUILDING = Terrain("terrain-4", "Building", rect(10, 20, 16, 26))


def lines(terrain: list[Terrain]) -> dict[str, str]:
    spec = ObjectiveSpec("obj", "t9a.king_of_the_hill", {"picks": {A: "terrain-2", B: "terrain-3"}})
    s = state(setup([spec], [], terrain=terrain))
    return dict(piece_lines(s.scene, evaluate(s).result("obj")))


def test_a_pick_that_breaks_its_placement_rule_is_named_by_its_name():
    line = lines([HOME, FOREST])["terrain-2"]
    assert line.startswith("Building [Equitaine]  breaks its placement rule")
    assert "terrain-2" not in line


def test_two_features_of_the_same_name_are_told_apart_by_their_ids():
    line = lines([HOME, FOREST, OTHER_BUILDING])["terrain-2"]
    assert line.startswith("Building (terrain-2) [Equitaine]  breaks its placement rule")
