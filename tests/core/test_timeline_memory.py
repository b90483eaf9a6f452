"""The Timeline keeps every state but the derived data (footprint arrays, areas)
of only the few last made or looked at: a long game evaluated after every edit,
or scrubbed through, does not keep arrays for every moment, and a moment looked at
again is scored the same."""

from __future__ import annotations

import random

from tabletop_gui.model import InchBoard, ObjectiveSpec, Scene, Setup, Side, Unit
from tabletop_gui.model.events import MovePiece
from tabletop_gui.model.game import Game
from tabletop_gui.rules import evaluate, replay
from tabletop_gui.rules.engine import WARM_STATES, Timeline


def _game(units: int = 200, moves: int = 120) -> Game:
    rng = random.Random(5)
    pieces = {f"u{i}": Unit(f"u{i}", "U", "ab"[i % 2], rng.uniform(2, 70), rng.uniform(2, 46))
              for i in range(units)}  # fmt: skip
    scene = Scene(board=InchBoard(), sides=(Side("a", "A"), Side("b", "B")), units=pieces)
    objectives = (ObjectiveSpec("htg", "t9a.hold_the_ground"),)
    setup = Setup("t9a", scene, objectives=objectives)
    events = tuple(
        MovePiece(f"u{rng.randrange(units)}", rng.uniform(2, 70), rng.uniform(2, 46))
        for _ in range(moves)
    )
    return Game(setup, events)


def _warm(timeline: Timeline) -> int:
    scenes = {id(s.scene): s.scene for s in timeline.states}
    return sum(1 for s in scenes.values() if any(k != "_parent" for k in s.cache))


def test_scoring_after_every_edit_keeps_derived_data_for_a_few_states_only():
    game = _game()
    timeline = Timeline(Game(game.setup))
    for event in game.events:
        timeline.push(event)
        evaluate(timeline.current)  # as the window does after each edit
    assert _warm(timeline) <= WARM_STATES
    assert timeline.current.scene.cache  # the present keeps its own


def test_scrubbing_back_through_the_log_keeps_a_few_and_scores_each_moment_right():
    game = _game()
    timeline = Timeline(game)
    boards = {}
    for n in range(0, len(game.events) + 1, 3):
        boards[n] = evaluate(timeline.state_at(n))
    assert _warm(timeline) <= WARM_STATES
    for n in (0, 30, 90, len(game.events)):  # looked at again: rebuilt, the same
        assert evaluate(timeline.state_at(n)) == boards[n]
        assert evaluate(replay(game.setup, game.events, n)) == boards[n]
