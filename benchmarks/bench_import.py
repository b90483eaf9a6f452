"""Import and place a 4,000-point list of 12 units (The Ninth Age text export):
parse, plan bases, lay out in the Deployment Zone, build the game.

    .venv/bin/python benchmarks/bench_import.py [--runs N]

Prints the median of N runs of the whole import (a new game, then the same list
for the opposing side into it), and, as a baseline in the same run, the layout
done the naive way (one shapely test per candidate spot instead of vectorised
batches) for the ratio; then lists of 100, 400 and 1,600 units, most of which
do not fit their zone, with the time per unit (the same for each: linear).
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections.abc import Callable

import shapely
from shapely.geometry import box

from tabletop_gui.io.armylists import placement
from tabletop_gui.io.importers import ImportRequest, import_bytes

LIST = b"""Nefer - Undying Dynasties
455 - Pharaoh, General, Light Armour, Shield
260 - Death Cult Hierarch, Wizard Adept, Divination
215 - Nomarch, Battle Standard Bearer
480 - 40 Skeleton Warriors, Spears, Standard Bearer (Banner of the Sands, Icon), Musician
300 - 25 Skeleton Archers, Musician
270 - 10 Skeleton Cavalry, Standard Bearer
180 - 5 Skeleton Scouts
410 - 25 Necropolis Guard, Halberds, Full Command
390 - 6 Shabtis, Standard Bearer
330 - 3 Sand Stalkers
380 - Battle Sphinx
330 - Colossus
4000
"""


def _import_both() -> None:
    first = import_bytes(LIST, ImportRequest(source="bench.txt"))
    import_bytes(LIST, ImportRequest(source="bench.txt", into=first.game, side="player-b"))


def _naive_free_spot(self, fw, fd, taken, forward):  # type: ignore[no-untyped-def]
    """The same answer as placement.Region.free_spot, one candidate at a time."""
    region = self.geom
    if region.is_empty:
        return None
    x0, y0, x1, y1 = region.bounds
    xs = placement._steps(x0 + fw / 2, x1 - fw / 2)
    ys = placement._steps(y0 + fd / 2, y1 - fd / 2)
    front = y1 if forward > 0 else y0
    cands = sorted(
        ((x, y) for x in xs for y in ys),
        key=lambda c: (
            int(abs(front - (c[1] + forward * fd / 2)) / placement.STEP + 1e-9),
            abs(c[0] - (x0 + x1) / 2),
            abs(front - (c[1] + forward * fd / 2)),
        ),
    )
    geoms = taken.geometries()
    blocked = shapely.union_all(geoms) if geoms else None
    for x, y in cands:
        b = box(x - fw / 2, y - fd / 2, x + fw / 2, y + fd / 2)
        if region.covers(b) and (blocked is None or not blocked.intersects(b)):
            return float(x), float(y)
    return None


def _long_list(units: int) -> bytes:
    """A list of ``units`` lines, five names (the format allows 2,000 lines)."""
    names = ["Skeleton Warriors", "Skeleton Archers", "Shabtis", "Skeleton Cavalry", "Colossus"]
    lines = [f"100 - {5 + i % 20} {names[i % 5]}, Musician" for i in range(units)]
    return "\n".join(["Nefer - Undying Dynasties", *lines]).encode()


def _median(fn: Callable[[], None], runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["TABLETOP_GUI_DATA_DIR"] = tmp  # no user table of the person running it
        _import_both()  # warm-up: imports, the bundled table read once
        both = _median(_import_both, args.runs)
        one = _median(lambda: import_bytes(LIST, ImportRequest(source="b.txt")), args.runs)
        long = {
            n: _median(lambda n=n: import_bytes(_long_list(n), ImportRequest(source="l.txt")), 3)
            for n in (100, 400, 1600)
        }
        fast = placement.Region.free_spot
        placement.Region.free_spot = _naive_free_spot  # type: ignore[method-assign]
        try:
            naive = _median(lambda: import_bytes(LIST, ImportRequest(source="b.txt")), args.runs)
        finally:
            placement.Region.free_spot = fast  # type: ignore[method-assign]
    print(f"4,000-point list, 12 units, 119 models (median of {args.runs} runs)")
    print(f"  import and place into a new game:          {one * 1000:8.1f} ms")
    print(f"  both sides (new game, then --into):        {both * 1000:8.1f} ms")
    print(f"  baseline, naive layout (one test a spot):  {naive * 1000:8.1f} ms"
          f"  ({naive / one:.1f}x the import)")  # fmt: skip
    print("long lists, most units beside the zone (median of 3 runs): time per unit")
    for n, t in long.items():
        print(f"  {n:5,} units: {t:6.2f} s  ({t / n * 1000:5.2f} ms a unit)")


if __name__ == "__main__":
    main()
