"""A soak of the open game (app.document.Document): thousands of random edits
(moves, turns, flags, the family's actions, pieces added and deleted, a bow tie
drawn), undos, redos, look-backs, "continue from here" and objective changes.
After every block: undo to the start restores the game exactly (and redo brings
it all back), and the saved file, reloaded and replayed, equals the live game,
its state and its scoreboard, and saves the same bytes again."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tabletop_gui.app.document import Document
from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import dumps, load_game, loads
from tabletop_gui.model import Marker, Terrain, Unit
from tabletop_gui.model.events import (
    AddPiece,
    DeletePiece,
    Event,
    MovePiece,
    RotatePiece,
    UpdatePiece,
)
from tabletop_gui.model.state import GameState
from tabletop_gui.play import actions, turns
from tabletop_gui.play.naming import free_name
from tabletop_gui.rules import evaluate, replay
from tabletop_gui.rules.engine import objectives_of

#: Operations per family in the test suite, checked every BLOCK operations.
OPERATIONS = 1_500
BLOCK = 150


def _random_edit(rng: random.Random, doc: Document) -> tuple[list[Event], str]:
    state = doc.committed
    scene = state.scene
    units = list(scene.units.values())
    w, h = scene.board.extent
    pick = rng.randrange(10)
    if pick <= 2 and units:
        u = rng.choice(units)
        return [MovePiece(u.id, rng.uniform(0, w), rng.uniform(0, h))], "move"
    if pick == 3:
        steps = turns.steps(state, doc.timeline.events)
        if steps:
            return list(rng.choice(steps).events), "turn"
    if pick == 4 and units:
        u = rng.choice(units)
        offered = actions.offer(state, [u.id], (u.x, u.y))
        if offered:
            return list(rng.choice(offered).events), "action"
        return [RotatePiece(u.id, rng.uniform(-720, 720))], "rotate"
    if pick == 5 and units:
        u = rng.choice(units)
        # The shared fields and those the game's family adds (Fleeing, Leader...).
        own = state.terms.fields_of(Unit)
        field = rng.choice(["scoring", "removed", "models", "base_width_mm", *own])
        now = own[field].of(u) if field in own else getattr(u, field)
        value = (not now) if isinstance(now, bool) else rng.choice(
            [0, 1, 5, 20, 50.5, 12000])  # fmt: skip
        return [UpdatePiece(u.id, {field: value})], "update"
    if pick == 6:
        mid = doc.new_id("m")
        marker = Marker(mid, "objective", rng.uniform(0, w), rng.uniform(0, h), value=3)
        return [AddPiece(marker=marker)], "add marker"
    if pick == 7:
        x, y = rng.uniform(0, w - 6), rng.uniform(0, h - 6)
        corners = ((x, y), (x + 5, y), (x + 5, y + 4), (x, y + 4))
        if rng.random() < 0.3:  # four clicks that cross: a bow tie
            corners = ((x, y), (x + 5, y + 4), (x + 5, y), (x, y + 4))
        return [AddPiece(terrain=Terrain(doc.new_id("t"), "Wood", corners))], "terrain"
    if pick == 8:
        terrain = list(scene.terrain.values())
        if terrain:
            t = rng.choice(terrain)
            dx = rng.uniform(-2, 2)
            moved = tuple((x + dx, y) for x, y in t.polygon)  # a drag: tuples
            return [UpdatePiece(t.id, {"polygon": moved})], "drag terrain"
    ids = [*scene.markers, *scene.terrain]
    if ids:
        return [DeletePiece(rng.choice(ids))], "delete"
    return [], "nothing"


def _objectives_change(rng: random.Random, doc: Document) -> None:
    specs = list(doc.timeline.setup.objectives)
    if len(specs) > 1 and rng.random() < 0.5:
        specs.pop(rng.randrange(len(specs)))
    elif specs:
        spec = rng.choice(specs)
        taken = {s.id for s in specs}
        fresh = free_name(spec.id, taken) if rng.random() < 0.8 else spec.id  # a clash refused
        specs.append(replace(spec, id=fresh, name=f"{spec.name} again"))
    refused = doc.replace_objectives(specs, "Objectives")
    if len({s.id for s in specs}) < len(specs):
        assert refused is not None and "unique" in refused


def _same_state(a: GameState, b: GameState) -> None:
    assert a.scene == b.scene
    assert a.clock == b.clock
    assert a.records == b.records
    assert a.index == b.index


def _check(doc: Document, start_text: str) -> None:
    # The saved file replays to the live game, state and scoreboard.
    text = dumps(doc.game)
    again = loads(text)
    assert again == doc.game
    assert dumps(again) == text
    replayed = replay(again.setup, again.events)
    _same_state(replayed, doc.committed)
    assert evaluate(replayed) == evaluate(doc.committed)
    # Undo to the start restores it exactly; redo brings everything back.
    stack = doc.undo_stack
    top = stack.index()
    stack.setIndex(0)
    assert dumps(doc.game) == start_text
    assert doc.game == loads(start_text)
    stack.setIndex(top)
    assert dumps(doc.game) == text


@pytest.mark.parametrize(
    "name",
    ["t9a_frontline_clash_demo.json", "hex_hochkirch_ridge_demo.json",
     "carnevale_drowned_quarter.json", "t9a_refused_flank_spoils_of_war.json"],
)  # fmt: skip
def test_thousands_of_random_edits_undos_and_look_backs_keep_undo_and_the_file_true(qapp, name):
    rng = random.Random(name)
    doc = Document(load_game(SCENARIOS / name))
    start_text = dumps(doc.game)
    done = {"commit": 0, "refused": 0, "undo": 0, "redo": 0, "look": 0, "continue": 0,
            "objectives": 0}  # fmt: skip
    for n in range(1, OPERATIONS + 1):
        roll = rng.random()
        if roll < 0.6:
            events, text = _random_edit(rng, doc)
            refusal = doc.commit(events, text)
            done["refused" if refusal else "commit"] += 1
        elif roll < 0.72:
            doc.undo_stack.undo()
            done["undo"] += 1
        elif roll < 0.8:
            doc.undo_stack.redo()
            done["redo"] += 1
        elif roll < 0.92:
            doc.look_at(rng.randrange(len(doc.timeline) + 1))
            evaluate(doc.state)
            done["look"] += 1
            if rng.random() < 0.2 and doc.continue_from_here() is None:
                done["continue"] += 1
            doc.look_at(None)
        else:
            _objectives_change(rng, doc)
            done["objectives"] += 1
        objectives_of(doc.committed.setup)
        if n % BLOCK == 0:
            _check(doc, start_text)
    # Every kind of operation happened, and edits were both taken and refused.
    assert all(v > 0 for v in done.values()), done
