"""Memory of a game's timeline (every state kept, for look-back and undo): peak
memory of opening a game of N units and E events (moves, spread over the game's
six Game Turns: a move after the sixth is refused, the game being over) into a
``rules.engine.Timeline``, next to a baseline in the same run:
the same timeline plus one copy of the unit map per state, which is what the
timeline cost when each move copied the whole map.

A case ``NxE:eval`` plays the events one by one and scores after each, as the
window does; its baseline keeps every state's derived data (footprint arrays),
as the timeline did before it kept only the last few states' (WARM_STATES).

    .venv/bin/python benchmarks/bench_memory.py [--repeat 3]
        [--cases 100x10000,4000x20000,1000x2000:eval]

Each measurement runs in a fresh process and reads its peak resident memory
(``ru_maxrss``); the figure printed is the median over ``--repeat`` runs, and the
growth is the peak less the memory of the process with the setup built and no
event played. Target (issue 13): at most 300 MB for 4,000 units x 20,000 events.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


def child(units: int, events: int, copies: bool, scored: bool = False) -> dict[str, float]:
    """One measurement, in this (fresh) process. ``scored``: push the events one
    by one and evaluate after each (``copies`` then keeps every state's derived data)."""
    import gc

    from bench_core import army, placed, setup_with

    from tabletop_gui.model import ObjectiveSpec
    from tabletop_gui.model.events import Event, MovePiece, TurnEnd, TurnStart
    from tabletop_gui.model.game import Game
    from tabletop_gui.rules import engine
    from tabletop_gui.rules.engine import Timeline, evaluate

    rng = random.Random(11)
    pieces = army(units, rng)
    setup = setup_with(pieces, (ObjectiveSpec("htg", "t9a.hold_the_ground"),))
    log: list[Event] = []
    turn = 1
    every = max(500, -(-events // 6))  # six Game Turns at most
    while len(log) < events:
        if len(log) % every == 0:
            log += ([TurnEnd(turn - 1)] if turn > 1 else []) + [TurnStart(turn)]
            turn += 1
        u = placed(pieces[rng.randrange(units)], rng)
        log.append(MovePiece(u.id, u.x, u.y))
    game = Game(setup, tuple(log[:events]))
    gc.collect()
    base = _rss_now()
    t0 = time.perf_counter()
    if scored:
        if copies and hasattr(engine, "WARM_STATES"):
            engine.WARM_STATES = 10**9  # type: ignore[attr-defined]
        timeline = Timeline(Game(setup))
        for event in game.events:
            timeline.push(event)
            evaluate(timeline.current)
    else:
        timeline = Timeline(game)
    seconds = time.perf_counter() - t0
    kept = [dict(s.scene.units) for s in timeline.states] if copies and not scored else []
    assert len(timeline) == events and len(kept) in (0, events + 1)
    return {"peak_mb": _peak_mb(), "base_mb": base, "seconds": seconds}


def _rss_now() -> float:
    with open("/proc/self/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return _peak_mb()


def measure(case: str, copies: bool) -> dict[str, float]:
    cmd = [sys.executable, __file__, "--child", case]
    cmd += ["--copies"] if copies else []
    out = subprocess.run(cmd, capture_output=True, text=True, check=True)
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--cases", default="100x10000,4000x20000,1000x2000:eval")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--copies", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--no-baseline", action="store_true", help="skip the copying baseline")
    args = parser.parse_args()
    if args.child:
        size, _, how = args.child.partition(":")
        n, e = (int(v) for v in size.split("x"))
        print(json.dumps(child(n, e, args.copies, scored=how == "eval")))
        return
    print(f"{'case':42} {'peak MB':>9} {'growth MB':>10} {'open s':>7} "
          f"{'baseline growth MB':>19} {'ratio':>6}")  # fmt: skip
    for case in args.cases.split(","):
        size, _, how = case.partition(":")
        n, e = (int(v) for v in size.split("x"))
        runs = [measure(case, copies=False) for _ in range(args.repeat)]
        peak = statistics.median(r["peak_mb"] for r in runs)
        growth = statistics.median(r["peak_mb"] - r["base_mb"] for r in runs)
        secs = statistics.median(r["seconds"] for r in runs)
        name = f"timeline, {n:,} units x {e:,} events" + (", scored" if how else "")
        if args.no_baseline:
            print(f"{name:42} {peak:9.1f} {growth:10.1f} {secs:7.2f}")
            continue
        base_runs = [measure(case, copies=True) for _ in range(args.repeat)]
        base = statistics.median(r["peak_mb"] - r["base_mb"] for r in base_runs)
        print(f"{name:42} {peak:9.1f} {growth:10.1f} {secs:7.2f} {base:19.1f} "
              f"{base / max(growth, 0.1):5.1f}x")  # fmt: skip


if __name__ == "__main__":
    main()
