"""Where-it-scores overlay speed: 40 units a side with all six Ninth Age Secondary
Objectives active (two Secure Target markers, three Spoils of War markers, King
of the Hill picks on an ellipse and a rectangle, the Frontline Clash zones).

For each run it opens the real main window offscreen and prints:

- on selection: the overlay computed for a unit (a fresh facing: nothing the
  rules cached holds) and its items made; the rules' share
  (``rules.engine.scoring_regions`` alone); a viewport paint with the overlay and
  without it; and the whole selection (the Inspector's form too);
- per drag frame: the time from one mouse move to the board, score panel and
  overlay up to date and painted, with the overlay on, and with it off (the
  baseline, same run), their ratio, and the overlay's own work in a frame.

Medians of several runs; nothing is asserted.

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/bench_overlay.py
"""

from __future__ import annotations

import math
import os
import random
import statistics
import sys
import time
from dataclasses import replace

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication
from window_driving import close, mouse

from tabletop_gui.app.windows.main_window import MainWindow
from tabletop_gui.geometry.outline import distance, unit_outline
from tabletop_gui.model import InchBoard, Marker, ObjectiveSpec, Scene, Setup, Side, Terrain, Unit
from tabletop_gui.model.game import Game
from tabletop_gui.rules.engine import scoring_regions
from tabletop_gui.rules.t9a.deployments import DEPLOYMENT_TYPES

PER_SIDE = 40
RUNS = 5
SELECTIONS = 12
MOVES = 30
TARGET_SELECT_MS = 16.0
TARGET_FRAME_MS = 8.0
A, B = "a", "b"


def make_game(seed: int = 1) -> Game:
    rng = random.Random(seed)
    board = InchBoard(72, 48)
    dragged = Unit("u0", "Dragged", A, 10.0, 24.0, base_width_mm=25, base_depth_mm=25,
                   models=20, models_per_rank=5)  # fmt: skip
    units = {"u0": dragged}
    for i in range(1, 2 * PER_SIDE):
        side = A if i % 2 == 0 else B
        w, d = rng.choice(((20, 20), (25, 25), (25, 50), (40, 40), (50, 50)))
        models = rng.choice((1, 3, 5, 10, 20))
        per_rank = min(models, rng.choice((1, 3, 5)))
        while True:  # clear of the dragged unit's start: the press picks it, not another
            unit = Unit(f"u{i}", f"Unit {i}", side, rng.uniform(4, 68), rng.uniform(4, 44),
                        facing=rng.uniform(0, 360), base_width_mm=w, base_depth_mm=d,
                        models=models, models_per_rank=per_rank)  # fmt: skip
            if distance(unit_outline(unit), unit_outline(dragged)) > 1.0:
                break
        units[unit.id] = unit
    ellipse = tuple(
        (36 + 8 * math.cos(t * math.pi / 24), 30 + 5 * math.sin(t * math.pi / 24))
        for t in range(48)
    )
    terrain = {
        "hill": Terrain("hill", "Hill", ellipse),
        "wood": Terrain("wood", "Wood", ((10, 18), (20, 18), (20, 28), (10, 28))),
    }
    markers = {
        "ta": Marker("ta", "t9a.secure_target", 20, 26, side=A, label="Blue's target"),
        "tb": Marker("tb", "t9a.secure_target", 52, 22, side=B, label="Red's target"),
    }
    for i, x in enumerate((12.0, 36.0, 60.0)):
        markers[f"s{i}"] = Marker(f"s{i}", "t9a.spoils", x, 24.0, label=f"Spoils {i + 1}")
    zones = DEPLOYMENT_TYPES["frontline_clash"].zones(board, A, B)
    scene = Scene(
        board=board,
        sides=(Side(A, "Blue", "#0072b2"), Side(B, "Red", "#d55e00")),
        units=units,
        markers=markers,
        terrain=terrain,
        zones={z.id: z for z in zones},
    )
    kinds = ("hold_the_ground", "breakthrough", "spoils_of_war", "king_of_the_hill",
             "capture_the_flags", "secure_target")  # fmt: skip
    picks = {"picks": {A: "wood", B: "hill"}}
    objectives = tuple(
        ObjectiveSpec(k, f"t9a.{k}", picks if k == "king_of_the_hill" else {}) for k in kinds
    )
    return Game(Setup("t9a", scene, "bench overlay", objectives, deployment="frontline_clash"))


def select(window: MainWindow, uid: str) -> None:
    window.scene.clearSelection()
    window.scene.pieces[uid].setSelected(True)


def drag_frames(app: QApplication, window: MainWindow) -> list[float]:
    """Mouse moves dragging u0 across the board (released and undone after)."""
    select(window, "u0")
    app.processEvents()
    mouse(window, QEvent.Type.MouseButtonPress, 10.0, 24.0)
    assert window.scene.selected_ids() == ["u0"], "the press picks the dragged unit"
    out = []
    for i in range(1, MOVES + 1):
        x = 10.0 + 40.0 * i / MOVES
        t0 = time.perf_counter()
        mouse(window, QEvent.Type.MouseMove, x, 24.0 + 4 * math.sin(i / 3))
        app.processEvents()
        out.append((time.perf_counter() - t0) * 1000)
    mouse(window, QEvent.Type.MouseButtonRelease, 50.0, 24.0)
    app.processEvents()
    window.doc.undo_stack.undo()
    app.processEvents()
    return out


def one_run(app: QApplication, seed: int) -> dict[str, float]:
    window = MainWindow(make_game(seed))
    window.resize(1600, 950)
    window.show()
    app.processEvents()
    window.view.fit_board()
    app.processEvents()
    off = drag_frames(app, window)
    window.tools.scores_action.setChecked(True)
    window.tools.update_regions()
    app.processEvents()
    ids = [f"u{i}" for i in range(1, 2 * PER_SIDE)]
    random.Random(seed).shuffle(ids)
    selections, rules, overlay, repaint_off, repaint_on = [], [], [], [], []
    state = window.doc.committed
    viewport = window.view.viewport()
    for uid in ids[:SELECTIONS]:
        # A fresh facing: nothing the rules cached for this footprint holds.
        unit = state.scene.units[uid]
        t0 = time.perf_counter()
        scoring_regions(state, uid, replace(unit, facing=(t0 * 1000) % 360))
        rules.append((time.perf_counter() - t0) * 1000)
        # The whole selection: the Inspector's form, the panels, the overlay, painted.
        t0 = time.perf_counter()
        select(window, uid)
        app.processEvents()
        viewport.repaint()
        selections.append((time.perf_counter() - t0) * 1000)
        # The overlay alone: computed and drawn again (nothing kept), then painted.
        window.tools.scores_action.setChecked(False)
        window.tools.update_regions()
        t0 = time.perf_counter()
        viewport.repaint()
        repaint_off.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        window.tools.scores_action.setChecked(True)
        window.tools.update_regions()
        overlay.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        viewport.repaint()
        repaint_on.append((time.perf_counter() - t0) * 1000)
    spent: list[float] = []
    update = window.tools.update_regions

    def timed() -> None:
        t0 = time.perf_counter()
        update()
        spent.append((time.perf_counter() - t0) * 1000)

    window.tools.update_regions = timed  # type: ignore[method-assign]
    on = drag_frames(app, window)
    window.tools.update_regions = update  # type: ignore[method-assign]
    assert window.tools.regions.items or window.tools.regions.shown, "the overlay is drawn"
    close(app, window)
    return {
        "select": statistics.median(selections),
        "overlay": statistics.median(overlay),
        "repaint_off": statistics.median(repaint_off),
        "repaint_on": statistics.median(repaint_on),
        "rules": statistics.median(rules),
        "frame_on": statistics.median(on),
        "frame_work": statistics.median(spent),
        "frame_off": statistics.median(off),
    }


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    assert isinstance(app, QApplication)
    print(f"Where-it-scores overlay: {PER_SIDE} units a side, all six T9A objectives, "
          f"{RUNS} runs (offscreen, 1600x950)")  # fmt: skip
    runs = [one_run(app, seed) for seed in range(1, RUNS + 1)]

    def med(key: str) -> float:
        return statistics.median(r[key] for r in runs)

    def each(key: str) -> str:
        return " ".join(f"{r[key]:.2f}" for r in runs)

    print(f"overlay on selection:       {med('overlay'):6.2f} ms [{each('overlay')}] "
          f"(computed and its items made; target <= {TARGET_SELECT_MS:g})")  # fmt: skip
    print(f"  of which the rules:       {med('rules'):6.2f} ms [{each('rules')}]")
    print(
        f"viewport paint, on / off:   {med('repaint_on'):6.2f} / {med('repaint_off'):.2f} ms "
        f"(+{med('repaint_on') - med('repaint_off'):.2f} ms for the overlay)"
    )
    print(
        f"whole selection, overlay on:{med('select'):6.2f} ms [{each('select')}] "
        "(the Inspector's form, panels and all)"
    )
    print(f"drag frame, overlay on:     {med('frame_on'):6.2f} ms [{each('frame_on')}] "
          f"(target <= {TARGET_FRAME_MS:g})")  # fmt: skip
    print(f"drag frame, overlay off:    {med('frame_off'):6.2f} ms [{each('frame_off')}]")
    print(f"  the overlay's own work:   {med('frame_work'):6.2f} ms a frame [{each('frame_work')}] "
          "(the words and the cross; the regions are kept)")  # fmt: skip
    print(f"on / off:                   {med('frame_on') / med('frame_off'):6.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
