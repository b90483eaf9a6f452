"""From a unit set down on the real table to its move on the board, measured
through the window's own live path (docs/camera.md, Accuracy and speed).

A synthetic table (40 tagged units, 1920 x 1080, 55 degrees of tilt, 1.5 in
tags, the lens calibrated: bench_camera.py's hardest 1080p view) is filmed at
FPS frames a second: QVideoFrames pushed into the camera part's QVideoSink, as
a camera's frames arrive, so the worker thread drops the frames it has no time
for, reads the others (camera/live.py), and the UI thread follows the table
(camera/follow.py) and records moves, as in the window. Following is on.

Each trial: the table as the game has it for WARM_S seconds, then from frame k
on one unit stands elsewhere (set down at once: the hand that carried it is
not drawn). The time is taken from frame k's arrival to the move committed to
the game (the board changed). A short move (0.6 in) stays inside its tag's
tracking box; a medium one (3 in) leaves it but stays within the wider box a
lost tag is looked for in; a long one (10 in) is found again only by the sweep
(camera/live.py). A long move is also made carried: the unit off the table (its
tag out of sight) for CARRY_S seconds before it is set down, so that the sweep
is not at its start when the unit comes back; its time is taken from the
set-down. Prints the median and the slowest of each, and the worker's time a
frame (wall and its thread's CPU). Asserts nothing.

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/bench_camera_follow.py [--trials N]
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtWidgets import QApplication

APP = QApplication.instance() or QApplication([])
os.environ.setdefault("TABLETOP_GUI_SETTINGS", str(Path(tempfile.mkdtemp()) / "settings.ini"))

from PySide6.QtGui import QImage  # noqa: E402

from tabletop_gui.app.camera.camera_part import multimedia_problem  # noqa: E402
from tabletop_gui.app.camera.capture import FrameResult  # noqa: E402
from tabletop_gui.app.camera.photo import to_qimage  # noqa: E402
from tabletop_gui.app.windows.main_window import MainWindow  # noqa: E402
from tabletop_gui.camera import synthetic  # noqa: E402
from tabletop_gui.camera.follow import REST_SECONDS  # noqa: E402
from tabletop_gui.camera.records import lens_record  # noqa: E402
from tabletop_gui.model.camera import TableCamera  # noqa: E402
from tabletop_gui.model.game import Game, Setup  # noqa: E402
from tabletop_gui.model.scene import Scene  # noqa: E402

FPS = 30
WARM_S = 1.5
TIMEOUT_S = 8.0
SIZE, TILT, TAG = (1920, 1080), 55.0, 1.5
CARRY_S = 0.6
#: (name, inches, seconds carried: the unit off the table, its tag out of sight)
MOVES = (("short", 0.6, 0.0), ("medium", 3.0, 0.0), ("long", 10.0, 0.0),
         ("long, carried", 10.0, CARRY_S))  # fmt: skip


def moved(truth: Scene, index: int, distance: float) -> tuple[str, Scene]:
    """``truth`` with one unit carried ``distance`` in toward the board's
    centre, to a place clear of the other units' tags."""
    w, h = truth.board.extent
    units = sorted(truth.units.values(), key=lambda u: u.id)
    for u in units[index:] + units[:index]:
        dx, dy = w / 2 - u.x, h / 2 - u.y
        d = math.hypot(dx, dy) or 1.0
        x, y = u.x + dx / d * distance, u.y + dy / d * distance
        clear = all(math.hypot(o.x - x, o.y - y) > 4.0 for o in units if o.id != u.id)
        if clear or distance < 1:
            units_now = dict(truth.units)
            units_now[u.id] = replace(u, x=x, y=y)
            return u.id, replace(truth, units=units_now)
    raise SystemExit(f"no clear place for a {distance} in move")


def frame_of(scene: Scene, camera: synthetic.Camera) -> QImage:
    """A camera's frame: RGB32, as decoded video frames come."""
    image = synthetic.render(scene, camera, tag_size=TAG, seed=1)
    return to_qimage(image).convertToFormat(QImage.Format.Format_RGB32)


def wait(ms: int) -> None:
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--trials", type=int, default=4, help="trials of each move (default 4)")
    args = ap.parse_args()
    problem = multimedia_problem()
    if problem:
        sys.exit(problem)
    from PySide6.QtMultimedia import QVideoFrame

    truth = synthetic.random_table(1)
    camera = synthetic.camera_for(truth.board.extent, SIZE, TILT)
    print(f"{SIZE[0]}x{SIZE[1]}, {TAG:g} in tags, tilt {TILT:g} deg, {len(truth.units)} units, "
          f"{FPS} frames a second offered; rendering the frames...")  # fmt: skip
    still = frame_of(truth, camera)
    trials = []
    for name, distance, carry in MOVES:
        for i in range(args.trials):
            uid, scene = moved(truth, 7 * i + round(distance) % 7 + (3 if carry else 0), distance)
            off = replace(truth, units={k: u for k, u in truth.units.items() if k != uid})
            hidden = frame_of(off, camera) if carry else None
            trials.append((name, uid, scene.units[uid], frame_of(scene, camera), hidden, carry))

    game = Game(Setup("t9a", truth, name="followed"),
                camera=TableCamera(tag_size=TAG, lens=lens_record(camera.lens)))  # fmt: skip
    window = MainWindow(game, None)
    window.resize(1400, 900)
    window.show()
    part = window.camera
    part.set_following(True)
    part._begin()  # the window's start of a camera, without a device
    sink = part._ensure_sink()
    reader = part.reader
    assert reader is not None
    times: list[tuple[float, float]] = []
    trial: dict = {}

    def frame_read(result: FrameResult) -> None:
        """Counts the frames read from the set-down on, and when the unit is found."""
        times.append(result.seconds)
        if not trial or result.at < trial["start"] or "found" in trial:
            return
        trial["frames"] += 1
        u = next((u for u in result.reading.units if u.unit_id == trial["uid"]), None)
        if u is not None and u.seen and math.hypot(u.x - trial["x"], u.y - trial["y"]) < 0.1:
            trial["found"] = (trial["frames"], time.monotonic() - trial["start"])

    reader.read_done.connect(frame_read)

    shown = {"image": still}
    offer = QTimer()
    offer.setInterval(round(1000 / FPS))
    offer.timeout.connect(lambda: sink.setVideoFrame(QVideoFrame(shown["image"])))
    offer.start()
    results: dict[str, list[float]] = {name: [] for name, _, _ in MOVES}
    finds: dict[str, list[int]] = {name: [] for name, _, _ in MOVES}
    for name, uid, where, image, hidden, carry in trials:
        part.set_following(False)
        part.set_following(True)
        shown["image"] = still
        wait(round(WARM_S * 1000))
        if hidden is not None:  # picked up and carried: out of sight for a while
            shown["image"] = hidden
            wait(round(carry * 1000))
        changed: list[float] = []

        def check(uid: str = uid, changed: list[float] = changed) -> None:
            u = window.doc.committed.scene.units[uid]
            if not changed and u != truth.units[uid]:
                changed.append(time.monotonic())

        window.doc.changed.connect(check)
        shown["image"] = image
        start = time.monotonic()
        trial.clear()
        trial.update(uid=uid, x=where.x, y=where.y, start=start, frames=0)
        sink.setVideoFrame(QVideoFrame(image))
        offer.start()  # the next frames a frame's time apart from this one
        while not changed and time.monotonic() - start < TIMEOUT_S:
            wait(20)
        window.doc.changed.disconnect(check)
        if changed:
            u = window.doc.committed.scene.units[uid]
            off = math.hypot(u.x - where.x, u.y - where.y)
            results[name].append(changed[0] - start)
            frames, found = trial.get("found", (0, math.nan))
            finds[name].append(frames)
            print(f"  {name} move of {uid}: found in the {frames}. frame read after it "
                  f"({found:.2f} s), on the board after {changed[0] - start:.2f} s (placed "
                  f"within {off:.3f} in)")  # fmt: skip
            window.doc.undo_stack.undo()
        else:
            print(f"  {name} move of {uid}: not recorded within {TIMEOUT_S:g} s")
    offer.stop()
    part.shutdown()
    print(f"a unit is recorded once still for {REST_SECONDS:g} s (camera/follow.py)")
    for name, distance, carry in MOVES:
        got = results[name]
        if got:
            print(f"{name} move ({distance:g} in{f', {carry:g} s in the hand' if carry else ''}): "
                  f"on the board after median "
                  f"{statistics.median(got):.2f} s, slowest {max(got):.2f} s ({len(got)} of "
                  f"{args.trials} recorded); found in frame read {min(finds[name])} to "
                  f"{max(finds[name])} after it")  # fmt: skip
    steady = times[5:]  # the first frames are read whole (camera/live.py)
    if steady:
        walls, cpus = (sorted(t * 1e3 for t in ts) for ts in zip(*steady, strict=True))
        p90 = int(0.9 * (len(steady) - 1))
        print(f"worker, a frame (converted, read, its picture made), {len(steady)} frames: "
              f"CPU median {statistics.median(cpus):.0f} ms, 90% {cpus[p90]:.0f}, slowest "
              f"{cpus[-1]:.0f}; wall median {statistics.median(walls):.0f} ms, slowest "
              f"{walls[-1]:.0f}")  # fmt: skip
    window.doc.undo_stack.setClean()
    window.close()


if __name__ == "__main__":
    main()
