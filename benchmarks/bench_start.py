"""Start-up: whole processes, each next to a bare import measured in the same run.

- ``tabletop-gui score FILE --json`` against ``python -c "import numpy, shapely"``;
- the window's start to its first painted board (the demo, offscreen) against
  ``python -c "import PySide6.QtWidgets, numpy, shapely"``: a child runs the
  program as ``tabletop-gui`` does (``cli.main([])``) and says when the board
  view has painted for the first time, then quits.

The runs alternate (A B A B ...) and each ratio is taken pair by pair, so a
machine whose speed drifts moves both. Each figure is the median of the runs:
CPU (user + system of the child, what the machine spent) and wall time (what a
user waits; on a shared machine it also counts other processes' turns). The
package's bytecode is compiled first (``compileall``), as an installed copy
has it: a checkout run with PYTHONDONTWRITEBYTECODE compiles every module from
source at each start.

    .venv/bin/python benchmarks/bench_start.py [--runs 7] [--file GAME.json]
    .venv/bin/python benchmarks/bench_start.py --loads

``--loads`` prints instead what each command has imported when it ends (the
window: at its first painted board): how many of the package's modules, which
libraries and which Qt modules (docs/performance.md, Start).
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

import tabletop_gui

ROOT = Path(tabletop_gui.__file__).parent
EXAMPLE = ROOT.parent / "assets" / "examples" / "t9a_frontline_clash_demo.json"
TARGET_SCORE_RATIO = 1.3
TARGET_WINDOW_S = 0.6

#: The child that starts the window and reports its first painted board.
FIRST_PAINT = """
import os, sys
from tabletop_gui.app.canvas.view import BoardView

_paint = BoardView.paintEvent

def first_paint(self, event):
    _paint(self, event)
    sys.stdout.write("painted\\n")
    sys.stdout.flush()
    os._exit(0)

BoardView.paintEvent = first_paint
from tabletop_gui.cli import main
main([])
"""


#: Said at exit by a child of ``--loads``: what it imported.
LOADS = """
import sys
def loads():
    names = [m for m in sys.modules if "." not in m or m.startswith("tabletop_gui.")]
    ours = sum(m.startswith("tabletop_gui.") for m in names)
    libs = sorted(m for m in names if m in ("numpy", "shapely", "pyrsistent", "pvectorc", "PySide6",
                  "cv2", "tornado", "platformdirs", "defusedxml", "pupil_apriltags"))
    qt = sorted(m.split(".")[1] for m in sys.modules if m.startswith("PySide6.Qt"))
    return f"{ours} package modules; {', '.join(libs)}; Qt: {', '.join(qt) or '-'}"
"""


#: (what, the child's code) of ``--loads``: each command run as ``tabletop-gui``
#: runs it, saying what it loaded as it ends.
def loads_children(file: str, out: str) -> list[tuple[str, str]]:
    exit_hook = LOADS + "import atexit; atexit.register(lambda: print(loads()))\n"
    commands = {
        "score --json": ["score", file, "--json"],
        "validate": ["validate", file],
        "examples": ["examples"],
        "render (PNG)": ["render", file, "-o", f"{out}/board.png"],
        "export --tts": ["export", file, "--tts", "-o", f"{out}/save.json"],
        "markers": ["markers", "-o", f"{out}/markers.pdf"],
    }
    children = [
        (name, exit_hook + f"from tabletop_gui.cli import main\nmain({args!r})\n")
        for name, args in commands.items()
    ]
    window = LOADS + FIRST_PAINT.replace('sys.stdout.write("painted\\n")',
                                         'sys.stdout.write(loads() + "\\n")')  # fmt: skip
    return [*children, ("the window (first paint)", window)]


#: The children's settings: a file of their own, so the window starts at its
#: default size and panels, not at the layout a user kept (window_memory).
SETTINGS = os.path.join(os.environ.get("TMPDIR", "/tmp"), "tabletop_gui_bench_start.ini")


def show_loads(file: str) -> None:
    import tempfile

    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "TABLETOP_GUI_SETTINGS": SETTINGS}
    with tempfile.TemporaryDirectory() as out:
        for name, code in loads_children(file, out):
            done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                  env=env, timeout=300)  # fmt: skip
            said = done.stdout.strip().splitlines()
            print(f"{name}: {said[-1] if said else done.stderr.strip()[-300:]}")


def run(cmd: list[str], until: str | None = None) -> tuple[float, float]:
    """Wall and CPU seconds of one child, to its exit (or to the line ``until``)."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "TABLETOP_GUI_SETTINGS": SETTINGS}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    child = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    assert child.stdout is not None
    if until is not None:
        line = child.stdout.readline().decode().strip()
        wall = time.perf_counter() - t0
        if line != until:
            child.kill()
            raise SystemExit(f"{cmd[:3]}: said {line!r}, not {until!r}")
        child.wait()
    else:
        child.stdout.read()
        if child.wait() != 0:
            raise SystemExit(f"{cmd}: exit {child.returncode}")
        wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def paired(a: list[str], b: list[str], runs: int, until: str | None = None) -> dict[str, float]:
    """Medians of A, B and A/B (wall and CPU), A and B run in turn."""
    run(a, until), run(b)  # warm the file cache
    walls_a, walls_b, cpus_a, cpus_b, r_wall, r_cpu = [], [], [], [], [], []
    for _ in range(runs):
        wa, ca = run(a, until)
        wb, cb = run(b)
        walls_a.append(wa)
        walls_b.append(wb)
        cpus_a.append(ca)
        cpus_b.append(cb)
        r_wall.append(wa / wb)
        r_cpu.append(ca / cb)
    m = statistics.median
    return {
        "wall_a": m(walls_a), "wall_b": m(walls_b), "cpu_a": m(cpus_a), "cpu_b": m(cpus_b),
        "ratio_wall": m(r_wall), "ratio_cpu": m(r_cpu),
    }  # fmt: skip


def show(name: str, base: str, r: dict[str, float], target: str) -> None:
    print(f"{name}: wall {r['wall_a']:.3f} s, CPU {r['cpu_a']:.3f} s")
    print(f"  {base}: wall {r['wall_b']:.3f} s, CPU {r['cpu_b']:.3f} s")
    ratios = f"wall {r['ratio_wall']:.2f}x, CPU {r['ratio_cpu']:.2f}x"
    print(f"  ratio (pair by pair): {ratios}; {target}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--file", default=str(EXAMPLE))
    parser.add_argument("--only", choices=("score", "window"), help="one of the two")
    parser.add_argument("--loads", action="store_true", help="what each command imports")
    args = parser.parse_args(argv)
    compileall.compile_dir(str(ROOT), quiet=1)
    if args.loads:
        show_loads(args.file)
        return 0
    py = sys.executable
    print(f"Start-up, {args.runs} runs each, A and B in turn (medians)")
    if args.only != "window":
        r = paired(
            [py, "-m", "tabletop_gui", "score", args.file, "--json"],
            [py, "-c", "import numpy, shapely"],
            args.runs,
        )
        show(f"score {Path(args.file).name} --json", "bare import numpy, shapely", r,
             f"target <= {TARGET_SCORE_RATIO}x")  # fmt: skip
    if args.only != "score":
        r = paired(
            [py, "-c", FIRST_PAINT],
            [py, "-c", "import PySide6.QtWidgets, numpy, shapely"],
            args.runs,
            until="painted",
        )
        show("start to the first painted board (the demo)",
             "bare import PySide6.QtWidgets, numpy, shapely", r,
             f"target <= {TARGET_WINDOW_S} s")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
