"""Save, load, save gives the same bytes from the first save, and the reloaded
game equals the live one, whatever shapes the live game's values were made in
(ints where floats belong, tuples where a file gives lists)."""

from __future__ import annotations

from tabletop_gui.io import dumps, loads
from tabletop_gui.model import Marker, ObjectiveSpec, Terrain
from tabletop_gui.model.events import AddPiece, MovePiece, TurnStart, UpdatePiece
from tabletop_gui.model.game import Game
from tabletop_gui.rules import evaluate, replay

from .helpers import t9a_setup
from .scenario_files import scenario_paths


def live_game() -> Game:
    """A game as the window makes one: palette presets give whole numbers for
    float fields, a terrain drag gives its corners as tuples."""
    from tabletop_gui.model import Unit

    knights = Unit("k", "Knights", "red", 20, 10, base_width_mm=30, base_depth_mm=50, models=6,
                   models_per_rank=3, facing=90)  # fmt: skip
    setup = t9a_setup(
        [knights],
        (ObjectiveSpec("htg", "t9a.hold_the_ground", {"centre": (36, 24)}),),
    )
    wood = Terrain("wood", "Wood", ((30, 20), (40, 20), (40, 28), (30, 28)))
    events = (
        AddPiece(terrain=wood),
        AddPiece(marker=Marker("m", "objective", 36, 24, diameter_mm=40, value=3)),
        TurnStart(1),
        MovePiece("k", 22, 12),
        UpdatePiece("wood", {"polygon": ((31, 21), (41, 21), (41, 29), (31, 29))}),
        UpdatePiece("k", {"models": 5, "base_width_mm": 20}),
    )
    return Game(setup, events)


def test_a_live_game_saves_the_same_bytes_after_a_reload():
    game = live_game()
    first = dumps(game)
    again = loads(first)
    assert dumps(again) == first


def test_a_reloaded_live_game_equals_it_and_scores_the_same():
    game = live_game()
    again = loads(dumps(game))
    assert again == game
    assert again.events[4] == game.events[4]  # the dragged corners: lists both ways
    assert evaluate(replay(again.setup, again.events)) == evaluate(replay(game.setup, game.events))


def test_whole_numbers_are_written_without_a_decimal_point():
    text = dumps(live_game())
    assert '"base_width_mm": 30,' in text and "30.0" not in text


def test_every_bundled_scenario_saves_byte_identical_after_a_reload():
    for path in scenario_paths():
        first = dumps(loads(path.read_bytes()))
        assert dumps(loads(first)) == first, path.name
