"""`validate` against `score` on big files (the cases of a file at the caps):
5,000 and 20,000 units whose side is unknown (refused: every problem named), the
same 20,000 units on known sides, then with 20,000 moves of units of the side
not acting (each flagged for review, and each checked for overlapping bases and
Unit Spacing on a crowded board; also 5,000 moves on a board of 5,000 units), and
a 200,000-event log whose every move is flagged.

    .venv/bin/python benchmarks/bench_validate.py [--runs N] [--quick] [--only TEXT]

Prints the median of N runs of each command, in this process (the command
line's own functions, output thrown away), and validate's time as a ratio of
score's on the same file. ``--quick`` leaves out the 200,000-event log;
``--only TEXT`` runs the cases whose name holds TEXT ("moves": the crowded
boards). Run it on another tree (``PYTHONPATH=TREE``, from outside this one) for
a before and after.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from tabletop_gui.cli import main as cli


def _unit(i: int, side: str) -> dict[str, Any]:
    return {"id": f"u{i}", "name": f"Unit {i}", "side": side, "x": 1 + i % 70,
            "y": 1 + (i // 70) % 46, "base_width_mm": 20, "base_depth_mm": 20}  # fmt: skip


def _game(units: list[dict[str, Any]], events: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "format": "tabletop-gui", "version": 1, "family": "t9a",
        "board": {"kind": "inch", "width": 72, "height": 48},
        "sides": [{"id": "a", "name": "Equitaine"}, {"id": "b", "name": "Orcs"}],
        "units": units, "events": events,
    }  # fmt: skip


def files(folder: Path, quick: bool, only: str = "") -> list[tuple[str, Path]]:
    out = []
    for n in (5_000, 20_000):
        units = [_unit(i, "a" if i < 12 else "x") for i in range(n)]
        out.append((f"{n:,} units, {n - 12:,} of an unknown side", _game(units, [])))
    units = [_unit(i, "ab"[i % 2]) for i in range(20_000)]
    out.append(("20,000 units, no problem", _game(units, [])))
    moves = [{"type": "turn_start", "turn": 1, "side": "a"}]
    moves += [{"type": "move", "piece_id": f"u{2 * (i % 50)}", "x": 10 + i % 7, "y": 10 + i % 5}
              for i in range(20_000)]  # fmt: skip
    out.append(("20,000 units, 20,000 moves", _game(units, moves)))
    crowd = [_unit(i, "ab"[i % 2]) for i in range(5_000)]
    out.append(("5,000 units, 5,000 moves", _game(crowd, moves[: 1 + 5_000])))
    if not quick:
        events = [{"type": "turn_start", "turn": 1, "side": "a"}]
        events += [{"type": "move", "piece_id": "u1", "x": 10 + i % 2, "y": 10}
                   for i in range(199_999)]  # fmt: skip
        out.append(("200,000 events, each move flagged", _game([_unit(0, "a"), _unit(1, "b")],
                                                             events)))  # fmt: skip
    out = [(what, data) for what, data in out if only in what]
    paths = []
    for i, (what, data) in enumerate(out):
        path = folder / f"case{i}.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        paths.append((what, path))
    return paths


def _median(command: str, path: Path, runs: int) -> tuple[float, int]:
    times, code = [], 0
    for _ in range(runs):
        sink = io.StringIO()
        t = time.perf_counter()
        with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
            code = cli([command, str(path)])
        times.append(time.perf_counter() - t)
    return statistics.median(times), code


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="leave out the 200,000-event log")
    parser.add_argument("--only", default="", help="the cases whose name holds this text")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        cases = files(Path(tmp), args.quick, args.only)
        _median("score", cases[0][1], 1)  # warm-up: imports, families loaded
        print(f"validate vs score (median of {args.runs} runs; exit code in brackets)")
        for what, path in cases:
            v, vcode = _median("validate", path, args.runs)
            s, scode = _median("score", path, args.runs)
            print(f"  {what:38s} validate {v:7.2f} s [{vcode}]  score {s:7.2f} s [{scode}]"
                  f"  ({v / s:.2f}x)")  # fmt: skip


if __name__ == "__main__":
    main()
