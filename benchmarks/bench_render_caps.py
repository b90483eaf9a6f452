"""`tabletop-gui render` of files at and below the piece cap (20,000 units, the
limit of docs/file-format.md): time and peak memory of the whole command.

    .venv/bin/python benchmarks/bench_render_caps.py [--runs N]

Each size is rendered N times by the command line in a process of its own (as a
user runs it); prints the median wall time, the median CPU time and the peak
resident memory, and the CPU time per 1,000 units against the 2,000-unit file
of the same run (the same: the time grows with the pieces, no faster).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def cap_file(path: Path, units: int) -> None:
    """``units`` units on a 72 x 48 in board, two sides, scattered (they overlap:
    the board is crowded at the cap), a Secondary Objective to score."""
    rng = random.Random(units)
    data = {
        "format": "tabletop-gui", "version": 1, "family": "t9a", "name": "At the caps",
        "board": {"kind": "inch", "width": 72, "height": 48},
        "sides": [{"id": "a", "name": "Equitaine"},
                  {"id": "b", "name": "Orcs", "colour": "#d55e00"}],
        "units": [{"id": f"u{i}", "name": f"Unit {i}", "side": "ab"[i % 2],
                   "x": round(rng.uniform(1, 71), 2), "y": round(rng.uniform(1, 47), 2),
                   "base_width_mm": 20, "base_depth_mm": 20,
                   "facing": rng.choice([0, 45, 90, 180])} for i in range(units)],
        "objectives": [{"id": "hold", "kind": "t9a.hold_the_ground"}],
    }  # fmt: skip
    path.write_text(json.dumps(data), encoding="utf-8")


def render(source: Path, out: Path) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and the peak memory so far (MB) of one render."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    subprocess.run(
        [sys.executable, "-m", "tabletop_gui.cli", "render", str(source), "-o", str(out)],
        check=True, capture_output=True, env=env,
    )  # fmt: skip
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, after.ru_maxrss / 1024  # Linux: kilobytes


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(f"render to PNG, 1600 px wide (median of {args.runs} runs, each its own process)")
    per_k = {}
    with tempfile.TemporaryDirectory() as tmp:
        for units in (2_000, 20_000):  # ascending: the peak memory is the children's so far
            source = Path(tmp) / f"units{units}.json"
            cap_file(source, units)
            runs = [render(source, Path(tmp) / "out.png") for _ in range(args.runs)]
            wall = statistics.median(r[0] for r in runs)
            cpu = statistics.median(r[1] for r in runs)
            peak = max(r[2] for r in runs)
            per_k[units] = cpu / units * 1000
            print(f"  {units:6,} units: {wall:6.2f} s wall, {cpu:6.2f} s CPU, peak {peak:5.0f} MB"
                  f"  ({per_k[units]:.3f} s CPU per 1,000 units,"
                  f" {per_k[units] / per_k[2_000]:.2f}x the 2,000-unit file's)")  # fmt: skip


if __name__ == "__main__":
    main()
