"""The rulings' figures (docs/t9a.md, Rulings) on the demo board, each against a
baseline in the same run:

- a drag frame: the Knights dragged against the Orc Boyz, each frame a new state;
  the arc with its margin and the charge's reach, against scoring the same
  states (``evaluate``, which every drag frame already pays); and the same for
  the Peasant Levy dragged against the Wolf Riders, whose charge needs a wheel
  (the wheels searched);
- whether one unit sees another: the exact test (tried from the front's ends and
  where lines through two corners cross it) against trying points every 0.01 in
  along the front (what sampling would need to be as sure to 0.01 in);
- a unit's whole line of sight (the region drawn from points 0.25 in apart, and
  every other unit), against the same region from points 0.05 in apart.

    .venv/bin/python benchmarks/bench_rulings.py [--repeat N]

Prints medians in milliseconds and the ratios.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from functools import partial

from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry

from tabletop_gui.examples import DEMO_BOARD
from tabletop_gui.geometry import sight
from tabletop_gui.io import load_game
from tabletop_gui.model.events import MovePiece
from tabletop_gui.model.state import GameState
from tabletop_gui.rules import apply, evaluate, replay
from tabletop_gui.rules.engine import family_of
from tabletop_gui.rules.t9a import rulings


def median_ms(fn: Callable[[], object], repeat: int) -> float:
    fn()  # warm-up
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return 1000 * statistics.median(times)


def sampled_sees(
    line: LineString, target: BaseGeometry, blockers: list[Polygon], step: float
) -> bool:
    """The baseline: try points ``step`` apart along the front, no events."""
    n = max(1, round(line.length / step))
    reach = 200.0
    for k in range(n + 1):
        p = line.interpolate(k / n, normalized=True)
        view = sight._in_view((p.x, p.y), target, blockers, reach)
        if view.area > sight.SEEN_AREA:
            return True
    return False


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=21)
    args = parser.parse_args()
    game = load_game(DEMO_BOARD)
    state = replay(game.setup, list(game.events))
    family = family_of(state.setup)
    print(f"Rulings on the demo board (median of {args.repeat} runs; shared machine)")

    def per_frame(
        work: Callable[[GameState], object], sign: float, uid: str = "a-knights"
    ) -> float:
        """Median ms of ``work`` on each of N new states, ``uid`` moved a little."""
        unit = state.scene.units[uid]
        frames = [apply(state, MovePiece(uid, unit.x + sign * 0.05 * k, unit.y))
                  for k in range(1, args.repeat + 1)]  # fmt: skip
        times = []
        for s in frames:
            t = time.perf_counter()
            work(s)
            times.append(time.perf_counter() - t)
        return 1000 * statistics.median(times)

    def ruling(s: GameState) -> object:
        return family.arc_ruling(s, "a-knights", "b-boyz"), family.charge_reach(
            s, "a-knights", "b-boyz"
        )

    score, ruled = per_frame(evaluate, 1), per_frame(ruling, -1)
    print(f"  drag frame: arc and charge reach {ruled:7.3f} ms, scoring the frame "
          f"{score:7.3f} ms ({ruled / score:.2f}x)")  # fmt: skip

    def wheeling(s: GameState) -> object:
        return family.arc_ruling(s, "a-peasants", "b-wolves"), family.charge_reach(
            s, "a-peasants", "b-wolves"
        )

    score, ruled = per_frame(evaluate, 1, "a-peasants"), per_frame(wheeling, -1, "a-peasants")
    print(f"  drag frame, a charge needing a wheel: {ruled:7.3f} ms, scoring the frame "
          f"{score:7.3f} ms ({ruled / score:.2f}x)")  # fmt: skip

    duke, shaman = state.scene.units["a-duke"], state.scene.units["b-shaman"]
    ov, ot = rulings.unit_outline(duke), rulings.unit_outline(shaman)
    line = rulings._source(ov)
    region = ot.polygon().intersection(rulings._field(ov, state.scene))
    blockers = [b for _, _, b in rulings._blockers(state, duke, shaman, (ov, ot))]
    exact = median_ms(lambda: sight.sees(line, region, blockers), args.repeat)
    sampled = median_ms(lambda: sampled_sees(line, region, blockers, 0.01), args.repeat)
    print(f"  Duke sees Shaman? (hidden) exact {exact:7.2f} ms, points every 0.01 in "
          f"{sampled:7.2f} ms ({exact / sampled:.2f}x)")  # fmt: skip

    for uid in ("a-knights", "a-archers"):
        whole = median_ms(partial(family.line_of_sight, state, uid), args.repeat)
        unit = state.scene.units[uid]
        o = rulings.unit_outline(unit)
        shapes = [b for _, _, b in rulings._blockers(state, unit, None, (o,))]
        src, fld = rulings._source(o), rulings._field(o, state.scene)
        fine = median_ms(partial(sight.seen_region, src, fld, shapes, 0.05), args.repeat)
        drawn = sight.seen_region(src, fld, shapes)
        finer = sight.seen_region(src, fld, shapes, 0.05)
        missed = finer.difference(drawn).area
        print(f"  {unit.name}: whole line of sight {whole:7.2f} ms; the region from "
              f"points 0.05 in apart {fine:7.2f} ms ({whole / fine:.2f}x); the 0.25 in "
              f"region misses {missed:.4f} sq in of it")  # fmt: skip


if __name__ == "__main__":
    main()
