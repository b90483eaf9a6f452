"""Core benchmarks: evaluate() at 100 and 1,000 units and replaying a 10,000-event
log, each next to a naive per-pair baseline measured in the same run.

    .venv/bin/python benchmarks/bench_core.py [--repeat 15] [--clock cpu|wall]

Times are the process's CPU time by default (``time.process_time``): on a
machine shared with other work, wall time also counts other processes' turns.

Prints medians; targets (issue 2): evaluate <= 1 ms at 100 units, <= 4 ms at 1,000;
replay of 10,000 events <= 0.5 s. The T9A full-game case activates every Secondary
Objective The Ninth Age declares.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import replace

from shapely.geometry import Point

from tabletop_gui.geometry.outline import unit_outline, within
from tabletop_gui.model import (
    InchBoard,
    Marker,
    ObjectiveSpec,
    Scene,
    Setup,
    Side,
    Terrain,
    Unit,
    Zone,
)  # fmt: skip
from tabletop_gui.model.bounds import half_extents
from tabletop_gui.model.copying import evolve
from tabletop_gui.model.events import MovePiece, TurnEnd, TurnStart
from tabletop_gui.model.pieces import unit_numbers
from tabletop_gui.rules import apply, evaluate, replay
from tabletop_gui.rules.registry import find_family
from tabletop_gui.rules.t9a.deployments import DEPLOYMENT_TYPES
from tabletop_gui.rules.t9a.fields import FLEEING
from tabletop_gui.rules.t9a.spoils_of_war import spoils_positions

#: The clock samples are read from (``--clock``).
clock = time.process_time


def median_ms(fn: Callable[[], object], repeat: int, warm: int = 1) -> float:
    for _ in range(warm):
        fn()  # warm up
    times = []
    for _ in range(repeat):
        t0 = clock()
        fn()
        times.append((clock() - t0) * 1000)
    return statistics.median(times)


def cold_median_ms(state, repeat: int) -> float:
    """evaluate() on fresh copies of ``state`` (made before the clock starts)."""
    copies = [fresh(state) for _ in range(repeat + 1)]
    evaluate(copies.pop())  # warm up the code, not the data
    times = []
    for s in copies:
        t0 = clock()
        evaluate(s)
        times.append((clock() - t0) * 1000)
    return statistics.median(times)


def army(n: int, rng: random.Random) -> list[Unit]:
    """Units of random bases, ranks and facings, each standing wholly on the
    72 x 48 in table (a unit at most 12 in deep, as real ones are)."""
    units = []
    for i in range(n):
        side = "a" if i % 2 == 0 else "b"
        unit = Unit(f"u{i}", f"Unit {i}", side, 0, 0, facing=rng.uniform(0, 360),
                    base_width_mm=rng.choice([20, 25, 50]),
                    base_depth_mm=rng.choice([20, 25, 50, 75]), models=rng.randint(1, 30),
                    models_per_rank=rng.choice([1, 3, 5]), scoring=rng.random() > 0.2)  # fmt: skip
        while unit.depth_in > 12:
            unit = replace(unit, models=unit.models - unit.models_per_rank)
        units.append(placed(unit, rng))
    return units


def placed(unit: Unit, rng: random.Random) -> Unit:
    """``unit`` at a random spot where its whole base is on the table."""
    hx, hy = half_extents(unit)
    return replace(unit, x=rng.uniform(hx, 72 - hx), y=rng.uniform(hy, 48 - hy))


def setup_with(units: list[Unit], objectives: tuple[ObjectiveSpec, ...]) -> Setup:
    zones = {
        "za": Zone("za", "a", ((0, 0), (72, 0), (72, 12), (0, 12))),
        "zb": Zone("zb", "b", ((0, 36), (72, 36), (72, 48), (0, 48))),
    }
    scene = Scene(board=InchBoard(), sides=(Side("a", "A", "#0072b2"), Side("b", "B", "#d55e00")),
                  units={u.id: u for u in units}, zones=zones)  # fmt: skip
    return Setup("t9a", scene, objectives=objectives)


def full_t9a_setup(units: list[Unit]) -> Setup:
    """A whole Ninth Age game: Frontline Clash zones, three Spoils of War markers on
    the Centre Line, two Secure Target markers, terrain picks, all six objectives."""
    board = InchBoard()
    dt = DEPLOYMENT_TYPES["frontline_clash"]
    terrain = {
        "hill": Terrain("hill", "Hill", ((30, 26), (42, 26), (42, 32), (30, 32))),
        "wood": Terrain("wood", "Wood", ((50, 14), (58, 14), (58, 20), (50, 20))),
        "rock": Terrain("rock", "Rock", ((10, 20), (14, 20), (14, 28), (10, 28)), impassable=True),
    }
    scene = Scene(board=board, sides=(Side("a", "A", "#0072b2"), Side("b", "B", "#d55e00")),
                  units={u.id: u for u in units}, terrain=terrain,
                  zones={z.id: z for z in dt.zones(board, "a", "b")})  # fmt: skip
    markers = [
        Marker(f"spoils-{i}", "t9a.spoils", x, y)
        for i, (x, y) in enumerate(spoils_positions(scene, dt.dividing_line(board)))
    ]
    markers += [Marker("st-a", "t9a.secure_target", 20, 30, side="a"),
                Marker("st-b", "t9a.secure_target", 52, 18, side="b")]  # fmt: skip
    scene = scene.with_pieces(markers)
    objectives = (
        ObjectiveSpec("htg", "t9a.hold_the_ground"),
        ObjectiveSpec("bt", "t9a.breakthrough"),
        ObjectiveSpec("sow", "t9a.spoils_of_war"),
        ObjectiveSpec("koth", "t9a.king_of_the_hill", {"picks": {"a": "wood", "b": "hill"}}),
        ObjectiveSpec("ctf", "t9a.capture_the_flags"),
        ObjectiveSpec("st", "t9a.secure_target"),
    )
    return Setup("t9a", scene, objectives=objectives, deployment="frontline_clash")


def naive_hold_the_ground(scene: Scene) -> dict[str, int]:
    """Baseline: one shapely polygon and one distance per unit, in a Python loop."""
    centre = Point(36, 24)
    counts = {"a": 0, "b": 0}
    for u in scene.units.values():
        scoring = u.scoring and not FLEEING.of(u) and not u.removed
        if scoring and within(unit_outline(u).polygon().distance(centre), 6):
            counts[u.side] += 1
    return counts


def fresh(state):
    """The same state as new objects with empty caches, as just after loading a
    file: nothing derived from these units has been measured yet (cold). Each
    unit packs its numbers when it is made (``Unit._numbers``), as a file's
    units do when read: ``numbers_ms`` times that part of the load."""
    units = {uid: replace(u) for uid, u in state.scene.units.items()}
    return replace(state, scene=replace(state.scene, units=units, cache={}))


def numbers_ms(state, repeat: int) -> float:
    """Packing every unit's numbers (``unit_numbers``), which making a unit does:
    the part of reading a file that a cold evaluate no longer does."""
    units = list(state.scene.units.values())
    copies = [[evolve(u) for u in units] for _ in range(repeat + 1)]  # none packed
    for u in copies.pop():
        unit_numbers(u)
    times = []
    for batch in copies:
        t0 = clock()
        for u in batch:
            unit_numbers(u)
        times.append((clock() - t0) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    args = parser.parse_args()
    global clock
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    print(f"({args.clock} time)")
    rng = random.Random(7)
    htg = (ObjectiveSpec("htg", "t9a.hold_the_ground"),)
    kinds = sorted(find_family("t9a").objective_kinds())
    t9a_all = tuple(ObjectiveSpec(k.split(".")[1], k) for k in kinds)
    print(f"{'case':48} {'median ms':>10} {'baseline ms':>12} {'ratio':>7}")
    for n in (100, 1000):
        state = replay(setup_with(army(n, rng), htg), [])
        ours = cold_median_ms(state, args.repeat)
        base = median_ms(lambda s=state: naive_hold_the_ground(s.scene), args.repeat)
        packing = numbers_ms(state, args.repeat)
        name = f"evaluate, Hold the Ground, {n} units (cold cache)"
        print(f"{name:48} {ours:10.3f} {base:12.3f} {base / ours:6.1f}x")
        name = "  + packing the units' numbers (when read)"
        both = ours + packing
        print(f"{name:48} {both:10.3f} {base:12.3f} {base / both:6.1f}x")
    for n in (100, 1000):
        state = replay(setup_with(army(n, rng), t9a_all), [])
        ours = cold_median_ms(state, args.repeat)
        print(f"{f'evaluate, {len(t9a_all)} T9A objectives, {n} units':48} {ours:10.3f}")
    for per_side in (40, 500):
        setup = full_t9a_setup(army(2 * per_side, rng))
        state = replay(setup, [TurnStart(1), TurnStart(1, "a")])
        assert len(evaluate(state).results) == 6
        ours = cold_median_ms(state, args.repeat)
        name = f"evaluate, full T9A game (6 obj.), {per_side} a side, cold"
        print(f"{name:48} {ours:10.3f}")
        # While dragging: one unit moved, everything else as before.
        moved = [state]

        def drag(moved: list = moved) -> None:
            u = moved[0].scene.units["u0"]
            step = 0.1 if u.x < 36 else -0.1  # towards the middle: the base stays on the table
            moved[0] = apply(moved[0], MovePiece("u0", u.x + step, u.y), checked=False)
            evaluate(moved[0])

        # Warmed up by more drags than the evaluations memo holds states
        # (rules.engine._BOARDS, 16): the first ones free the cold case's copies.
        ours = median_ms(drag, args.repeat, warm=20)
        name = f"  one unit dragged + evaluate, {per_side} a side"
        print(f"{name:48} {ours:10.3f}")
    units = army(100, rng)
    setup = setup_with(units, htg)
    events = []
    turn = 1
    for i in range(10_000):
        if i % 1_700 == 0:  # moves inside six Game Turns (the game ends with the sixth)
            events += [TurnEnd(turn - 1)] if turn > 1 else []
            events.append(TurnStart(turn))
            turn += 1
        u = placed(units[i % len(units)], rng)
        events.append(MovePiece(u.id, u.x, u.y))
    events = events[:10_000]
    ours = median_ms(lambda: replay(setup, events), max(3, args.repeat // 5))

    def naive_replay() -> None:
        # Baseline: the same log with deep-copied piece lists and per-pair measuring
        # at each end of a Game Turn.
        units = {u.id: u for u in setup.scene.units.values()}
        for e in events:
            if isinstance(e, MovePiece):
                units = {k: (replace(v, x=e.x, y=e.y) if k == e.piece_id else replace(v))
                         for k, v in units.items()}  # fmt: skip
            elif isinstance(e, TurnEnd):
                naive_hold_the_ground(Scene(units=units))

    base = median_ms(naive_replay, 3)
    print(f"{'replay, 10,000 events, 100 units':48} {ours:10.3f} {base:12.3f} {base / ours:6.1f}x")


if __name__ == "__main__":
    main()
