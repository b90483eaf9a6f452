"""While a unit is dragged or edited, each Ninth Age objective keeps what it read
of the other units (their counting rows, marks and margins, per scene) and
measures the changed unit alone (rules/unit_rows.py): after any sequence of
one-unit changes, the standing must be the one evaluated cold, from new unit
objects with nothing kept."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_gui.model import InchBoard, Marker, ObjectiveSpec, Scene, Setup, Side, Terrain, Unit
from tabletop_gui.model import scene as scene_module
from tabletop_gui.model.events import (
    DiceRoll,
    Event,
    MovePiece,
    RemoveCasualty,
    TurnEnd,
    TurnStart,
    UpdatePiece,
)
from tabletop_gui.model.pieces import BaseShape
from tabletop_gui.model.state import GameState
from tabletop_gui.rules import apply, evaluate, replay
from tabletop_gui.rules.scoreboard import Scoreboard
from tabletop_gui.rules.t9a.deployments import DEPLOYMENT_TYPES
from tabletop_gui.rules.t9a.events import SpoilsDrop, SpoilsPickUp
from tabletop_gui.rules.t9a.fields import FLEEING
from tabletop_gui.rules.t9a.spoils_of_war import spoils_positions

BOARD = InchBoard(72, 48)
SIDES = (Side("a", "Equitaine", "#0072b2"), Side("b", "Orcs", "#d55e00"))
#: Two Secure Target markers 10 in apart: a unit on x = 35 is equally near both
#: (a dice roll), one between them within 6 in of both counts for the nearer.
ST_A, ST_B = (30.0, 24.0), (40.0, 24.0)
#: Places a change moves a unit to: the centre (Hold the Ground), the tie line
#: between the Secure Target markers, the hill and the wood (King of the Hill),
#: each Deployment Zone (Breakthrough), anywhere.
SPOTS = ((36, 24), (35, 20), (35, 28), (36, 29), (54, 17), (36, 6), (36, 42))


def random_unit(rng: random.Random, i: int) -> Unit:
    side = "a" if i % 2 == 0 else "b"
    facing = rng.choice([0, 90, 45, rng.uniform(0, 360)])
    unit = Unit(f"u{i}", f"Unit {i}", side, 0, 0, facing=facing,
                base_width_mm=rng.choice([20, 25, 50]), base_depth_mm=rng.choice([20, 25, 50]),
                models=rng.randint(1, 10), models_per_rank=rng.choice([3, 5]),
                scoring=rng.random() < 0.85)  # fmt: skip
    if rng.random() < 0.15:
        unit = dataclasses.replace(unit, base_shape=BaseShape.ROUND, base_width_mm=40, models=1)
    return placed(rng, unit)


def placed(rng: random.Random, unit: Unit) -> Unit:
    """``unit`` near one of the SPOTS or anywhere, its centre at least 8 in from the edges
    (no unit here reaches 7 in from its centre, so its base stays on the table)."""
    if rng.random() < 0.7:
        x, y = rng.choice(SPOTS)
        x, y = x + rng.choice([0, 0, rng.uniform(-4, 4)]), y + rng.uniform(-4, 4)
    else:
        x, y = rng.uniform(8, 64), rng.uniform(8, 40)
    return dataclasses.replace(unit, x=min(max(x, 8), 64), y=min(max(y, 8), 40))


def game(rng: random.Random, n: int) -> GameState:
    """A whole Ninth Age game with all six objectives and ``n`` units."""
    dt = DEPLOYMENT_TYPES["frontline_clash"]
    terrain = {
        "hill": Terrain("hill", "Hill", ((30, 26), (42, 26), (42, 32), (30, 32))),
        "wood": Terrain("wood", "Wood", ((50, 14), (58, 14), (58, 20), (50, 20))),
        "rock": Terrain("rock", "Rock", ((10, 20), (14, 20), (14, 28), (10, 28)), impassable=True),
    }
    units = [random_unit(rng, i) for i in range(n)]
    scene = Scene(board=BOARD, sides=SIDES, units={u.id: u for u in units}, terrain=terrain,
                  zones={z.id: z for z in dt.zones(BOARD, "a", "b")})  # fmt: skip
    markers = [
        Marker(f"spoils-{i}", "t9a.spoils", x, y)
        for i, (x, y) in enumerate(spoils_positions(scene, dt.dividing_line(BOARD)))
    ]
    markers += [Marker("st-a", "t9a.secure_target", *ST_A, side="a"),
                Marker("st-b", "t9a.secure_target", *ST_B, side="b")]  # fmt: skip
    objectives = (
        ObjectiveSpec("htg", "t9a.hold_the_ground"),
        ObjectiveSpec("bt", "t9a.breakthrough"),
        ObjectiveSpec("sow", "t9a.spoils_of_war"),
        ObjectiveSpec("koth", "t9a.king_of_the_hill", {"picks": {"a": "wood", "b": "hill"}}),
        ObjectiveSpec("ctf", "t9a.capture_the_flags"),
        ObjectiveSpec("st", "t9a.secure_target", {"control_tie": "dice"}),
    )
    setup = Setup("t9a", scene.with_pieces(markers), objectives=objectives,
                  deployment="frontline_clash")  # fmt: skip
    return replay(setup, [TurnStart(1), TurnStart(1, "a")])


def cold(state: GameState) -> Scoreboard:
    """The standing evaluated from new unit objects, with nothing kept from before."""
    units = {uid: dataclasses.replace(u) for uid, u in state.scene.units.items()}
    fresh = dataclasses.replace(
        state, scene=dataclasses.replace(state.scene, units=units, cache={})
    )
    saved = dict(scene_module._LAST)  # nothing built before may feed it
    scene_module._LAST.clear()
    try:
        return evaluate(fresh)
    finally:
        scene_module._LAST.clear()
        scene_module._LAST.update(saved)


def turn_events() -> list[Event]:
    """The clock from Player A's first Player Turn to the end of the game."""
    out: list[Event] = [TurnEnd(1, "a"), TurnStart(1, "b"), TurnEnd(1, "b"), TurnEnd(1)]
    for turn in range(2, 7):
        out += [TurnStart(turn), TurnStart(turn, "a"), TurnEnd(turn, "a"), TurnStart(turn, "b"),
                TurnEnd(turn, "b"), TurnEnd(turn)]  # fmt: skip
    return out


def changed(rng: random.Random, state: GameState, uid: str, clock: list[Event]) -> GameState:
    """``state`` with one change to unit ``uid``: mostly a drag step, else an edit;
    now and then the clock moves on (``clock``: its next events) or a marker moves."""
    u = state.scene.units[uid]
    kind = rng.random()
    if kind < 0.2 and clock:  # a Player Turn or Game Turn ends or starts: checks are made
        return apply(state, clock.pop(0))
    if kind < 0.23:
        marker = state.scene.markers[rng.choice(["st-a", "st-b", "spoils-1"])]
        x = min(max(marker.x + rng.uniform(-2, 2), 1), 71)
        return apply(state, MovePiece(marker.id, x, marker.y), checked=False)
    if kind < 0.28:  # a Spoils of War marker picked up by the unit, or dropped
        spoils = state.scene.markers[rng.choice(["spoils-0", "spoils-1", "spoils-2"])]
        if spoils.carried_by is None:
            return apply(state, SpoilsPickUp(spoils.id, uid), checked=False)
        return apply(state, SpoilsDrop(spoils.id, u.x, u.y), checked=False)
    kind = rng.random()
    if kind < 0.55:  # a drag step, or a jump to a spot
        if rng.random() < 0.5:
            x = min(max(u.x + rng.uniform(-1.5, 1.5), 8), 64)
            y = min(max(u.y + rng.uniform(-1.5, 1.5), 8), 40)
        else:
            x, y = placed(rng, u).x, placed(rng, u).y
        return apply(state, MovePiece(uid, x, y), checked=False)
    if kind < 0.65:
        return apply(state, MovePiece(uid, u.x, u.y, facing=rng.uniform(0, 360)), checked=False)
    if kind < 0.72:
        return apply(state, UpdatePiece(uid, {"fleeing": not FLEEING.of(u)}), checked=False)
    if kind < 0.78:
        return apply(state, UpdatePiece(uid, {"scoring": not u.scoring}), checked=False)
    if kind < 0.83:
        return apply(
            state, UpdatePiece(uid, {"side": "b" if u.side == "a" else "a"}), checked=False
        )
    if kind < 0.88:
        return apply(state, UpdatePiece(uid, {"name": f"{u.name}'"}), checked=False)
    if kind < 0.92 and not u.removed:
        return apply(state, RemoveCasualty(uid), checked=False)
    # A dice roll for a unit on the tie line (or a marker's tie): the key changes.
    subject = rng.choice([uid, "st-a", "st-b"])
    return apply(
        state,
        DiceRoll("tie", winner=rng.choice("ab"), objective="st", subject=subject),
        checked=False,
    )


@settings(max_examples=25, deadline=None, derandomize=True)
@given(st.randoms(use_true_random=False), st.integers(min_value=1, max_value=30))
def test_standing_after_one_unit_changes_equals_the_standing_evaluated_cold(rng, n):
    state = game(rng, n)
    states = [state]  # each parent stays alive, as a drag's does
    clock = turn_events()
    boards = [evaluate(state)]
    for _ in range(60):
        # Now and then a unit carrying a Spoils of War marker, or that dropped one
        # (what that rule reads of the units).
        carriers = [m.carried_by for m in state.scene.markers.values() if m.carried_by]
        carriers += [c for _, c in getattr(state.records.get("sow"), "dropped", ())]
        uid = rng.choice(carriers) if carriers and rng.random() < 0.3 else f"u{rng.randrange(n)}"
        state = changed(rng, state, uid, clock)
        states.append(state)
        boards.append(evaluate(state))
    # Cold only now: evaluating in between would leave nothing to reuse.
    for step, (state, board) in enumerate(zip(states, boards, strict=True)):
        assert board == cold(state), step


@settings(max_examples=10, deadline=None, derandomize=True)
@given(st.randoms(use_true_random=False))
def test_a_long_drag_of_one_unit_evaluates_as_cold_at_every_step(rng):
    """The benchmark's case: one unit dragged in small steps across the board,
    into and out of every objective's reach, among many others."""
    state = game(rng, 60)
    states = [state]
    boards = [evaluate(state)]
    uid = "u0"
    for target in rng.sample(SPOTS, len(SPOTS)):
        for _ in range(6):
            u = state.scene.units[uid]
            x, y = u.x + (target[0] - u.x) / 3, u.y + (target[1] - u.y) / 3
            state = apply(state, MovePiece(uid, x, y), checked=False)
            states.append(state)
            boards.append(evaluate(state))
    for step, (state, board) in enumerate(zip(states, boards, strict=True)):
        assert board == cold(state), step
