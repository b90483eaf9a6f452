"""What The Ninth Age's objectives say to a player names things as the player
knows them: a piece by its name, never an internal id or event type."""

from __future__ import annotations

from t9a_helpers import A, B, ObjectiveSpec, Terrain, rect, result, setup, state, unit

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
    """The score panel's rows, and ``score``, name a terrain feature King of the
    Hill finds breaking its placement rule by its name (docs/canvas.md, Score
    panel)."""
    line = lines([HOME, FOREST])["terrain-2"]
    assert line.startswith("Building [Equitaine]  breaks its placement rule")
    assert "terrain-2" not in line


def test_two_features_of_the_same_name_are_told_apart_by_their_ids():
    """Where two features share the name, the id follows it (docs/canvas.md,
    Score panel)."""
    line = lines([HOME, FOREST, OTHER_BUILDING])["terrain-2"]
    assert line.startswith("Building (terrain-2) [Equitaine]  breaks its placement rule")


def test_a_missing_capture_the_flags_mark_is_asked_for_without_the_event_type():
    """Orcs have 2 Scoring Units: Equitaine must mark 1 more; the problem names no
    event type (docs/t9a.md, Capture the Flags (`t9a.capture_the_flags`))."""
    units = [unit(f"a{i}", A, 5 + 6 * i, 5) for i in range(3)]
    units += [unit(f"b{i}", B, 5 + 6 * i, 43) for i in range(2)]
    units += [unit("bx0", B, 50, 43, scoring=False)]
    r = result(setup([ObjectiveSpec("obj", "t9a.capture_the_flags")], units))
    assert r.problems == ("Orcs has 2 marked units: Equitaine must mark 1 more",)
