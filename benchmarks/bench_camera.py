"""The table seen by a camera, measured (docs/camera.md, Accuracy and speed):
synthetic photos of a board with its corner markers and 40 tagged units at
random places and facings, through a known camera (tilts from overhead to a
strong oblique view; 1920x1080 with 1.5 in tags and 3840x2160 with 1 in tags;
mild lens distortion k1 = -0.04, k2 = 0.01; sensor noise and blur), read by the
program's own code (``camera.table_read.read_table``), so every error is
measured against where the tag truly lies.

    .venv/bin/python benchmarks/bench_camera.py [--runs N] [--quick] [--seed S]

For each photo it prints the tags found, the position error (median and max,
inches) and the facing error (median and max, degrees) with the lens's
calibration, self-calibrated (no lens calibration: the photo's own distortion
fitted from its markers, camera/self_calibration.py) and with the homography
alone, and the time to read one frame
(median of N runs, wall clock and CPU, detection included, rendering not): as
a first photo, and as a live frame (camera.live.LiveReader, the window's own
reader: after a first frame read whole, each tag looked for only around where
it was last seen, plus one band of the sweep; the median and the slowest of
2 x SWEEP_BANDS frames, so every band is in it). The baseline is a plain
OpenCV pipeline on the same photos (cv2.aruco's AprilTag 36h11 detector with
its AprilTag corner refinement, undistortPoints, findHomography on the 16 corner
marker corners, perspectiveTransform of every tag), timed the same way.
``--quick`` reads only the 1080p photos.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Callable
from functools import partial

import numpy as np

from tabletop_gui.camera import synthetic
from tabletop_gui.camera.detect import grey
from tabletop_gui.camera.lens import Lens
from tabletop_gui.camera.live import SWEEP_BANDS, LiveReader
from tabletop_gui.camera.markers import CORNER_IDS, CORNER_SIZE_IN, corner_marker_corners
from tabletop_gui.camera.table_read import TableReading, read_table
from tabletop_gui.model import Scene

#: (width, height, tag size in inches)
FRAMES = ((1920, 1080, 1.5), (3840, 2160, 1.0))
TILTS = (0.0, 30.0, 55.0)
Places = dict[str, tuple[float, float, float]]


def ours(
    scene: Scene, image: np.ndarray, lens: Lens | None, tag: float, self_calibrate: bool = True
) -> Places:
    return placed(read_table(scene, image, lens=lens, tag_size=tag, self_calibrate=self_calibrate))


def placed(reading: TableReading) -> Places:
    return {u.unit_id: (u.x, u.y, u.facing) for u in reading.units if u.seen and not u.problem}


def live(
    scene: Scene, image: np.ndarray, lens: Lens | None, tag: float
) -> tuple[Places, tuple[float, float], tuple[float, float]]:
    """The window's live reading of a still table: a first frame read whole
    (not timed), then 2 x SWEEP_BANDS frames; the last frame's places, and the
    median and the slowest (wall, CPU) seconds of a frame."""
    reader = LiveReader()
    reader.read(scene, image, lens=lens, tag_size=tag)
    walls, cpus = [], []
    reading = None
    for _ in range(2 * SWEEP_BANDS):
        t, c = time.perf_counter(), time.process_time()
        reading = reader.read(scene, image, lens=lens, tag_size=tag)
        walls.append(time.perf_counter() - t)
        cpus.append(time.process_time() - c)
    assert reading is not None
    median = (statistics.median(walls), statistics.median(cpus))
    return placed(reading), median, (max(walls), max(cpus))


def opencv(scene: Scene, image: np.ndarray, lens: Lens | None, tag: float) -> Places:
    """A plain OpenCV pipeline: the same convention, OpenCV's own calls."""
    import cv2

    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_APRILTAG
    detector = cv2.aruco.ArucoDetector(
        cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_APRILTAG_36h11), params
    )
    corners, ids, _ = detector.detectMarkers(grey(image))
    if ids is None:
        return {}
    found = {
        int(i): c.reshape(4, 2).astype(np.float64)
        for i, c in zip(ids.ravel(), corners, strict=True)
    }
    if lens is not None:
        k = np.array([[lens.fx, 0, lens.cx], [0, lens.fy, lens.cy], [0, 0, 1]])
        d = np.array(lens.coefficients)
        found = {i: cv2.undistortPoints(c.reshape(-1, 1, 2), k, d, P=k).reshape(4, 2)
                 for i, c in found.items()}  # fmt: skip
    if not all(i in found for i in CORNER_IDS):
        return {}
    w, h = scene.board.extent
    src = np.vstack([corner_marker_corners(i, w, h, CORNER_SIZE_IN) for i in CORNER_IDS])
    dst = np.vstack([found[i] for i in CORNER_IDS])
    hom, _ = cv2.findHomography(src, dst, 0)
    inv = np.linalg.inv(hom)
    out: Places = {}
    for u in scene.units.values():
        if u.tag not in found:
            continue
        c = cv2.perspectiveTransform(found[u.tag].reshape(-1, 1, 2), inv).reshape(4, 2)
        tl, tr, br, bl = c
        right, up = (tr + br - tl - bl) / 2, (tl + tr - bl - br) / 2
        v = right + np.array([up[1], -up[0]])
        centre = c.mean(axis=0)
        out[u.id] = (float(centre[0]), float(centre[1]), math.degrees(math.atan2(v[1], v[0])))
    return out


def errors(truth: Scene, places: Places) -> tuple[int, list[float], list[float]]:
    pos, turn = [], []
    for uid, (x, y, f) in places.items():
        u = truth.units[uid]
        pos.append(math.hypot(x - u.x, y - u.y))
        turn.append(abs((f - u.facing + 180) % 360 - 180))
    return len(places), pos, turn


def timed(fn: Callable[[], Places], runs: int) -> tuple[Places, tuple[float, float]]:
    """The result and the median wall-clock and CPU seconds of ``runs`` calls (the
    reading runs on one thread, so its CPU time is its time on one core, whatever
    else the machine is doing)."""
    walls, cpus, result = [], [], {}
    for _ in range(runs):
        t, c = time.perf_counter(), time.process_time()
        result = fn()
        walls.append(time.perf_counter() - t)
        cpus.append(time.process_time() - c)
    return result, (statistics.median(walls), statistics.median(cpus))


def row(name: str, truth: Scene, places: Places, seconds: tuple[float, float] | None) -> str:
    n, pos, turn = errors(truth, places)
    if not pos:
        return f"  {name:<24} found  0/{len(truth.units)}"
    ms = "" if seconds is None else f"  {seconds[0] * 1000:5.0f} ms ({seconds[1] * 1000:.0f} cpu)"
    return (f"  {name:<24} found {n:>2}/{len(truth.units)}  position median "
            f"{statistics.median(pos):.4f} max {max(pos):.4f} in  facing median "
            f"{statistics.median(turn):.2f} max {max(turn):.2f} deg{ms}")  # fmt: skip


def report(
    truth: Scene, image: np.ndarray, camera: synthetic.Camera, tag: float, runs: int
) -> None:
    lens = camera.lens
    places, t = timed(partial(ours, truth, image, lens, tag), runs)
    print(row("ours, lens calibrated", truth, places, t))
    places, t, slowest = live(truth, image, lens, tag)
    print(row("ours, live frame", truth, places, t)
          + f"; slowest {slowest[0] * 1000:.0f} ms ({slowest[1] * 1000:.0f} cpu)")  # fmt: skip
    reading = read_table(truth, image, tag_size=tag)
    places, t = timed(partial(ours, truth, image, None, tag), runs)
    fitted = reading.fit.lens
    how = (f"; k1 {fitted.k1:.4f}, k2 {fitted.k2:.4f}" if fitted is not None
           else "; not kept: the homography alone")  # fmt: skip
    print(row("ours, self-calibrated", truth, places, t) + how)
    places, t, slowest = live(truth, image, None, tag)
    print(row("ours, live, self-cal.", truth, places, t)
          + f"; slowest {slowest[0] * 1000:.0f} ms ({slowest[1] * 1000:.0f} cpu)")  # fmt: skip
    plain = ours(truth, image, None, tag, self_calibrate=False)
    print(row("ours, homography alone", truth, plain, None))
    try:
        places, t = timed(partial(opencv, truth, image, lens, tag), runs)
        print(row("OpenCV, lens calibrated", truth, places, t))
    except ImportError:
        print("  OpenCV baseline: not installed (pip install -e '.[test]')")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    truth = synthetic.random_table(args.seed)
    frames = FRAMES[:1] if args.quick else FRAMES
    for width, height, tag in frames:
        for tilt in TILTS:
            camera = synthetic.camera_for(truth.board.extent, (width, height), tilt)
            image = synthetic.render(truth, camera, tag_size=tag, seed=args.seed)
            print(f"{width}x{height}, {tag:g} in tags, tilt {tilt:g} deg "
                  f"(board {camera.lens.width} px wide frame)")  # fmt: skip
            ppi = [camera.project(np.array([[x, y], [x + 1, y]])) for x, y in ((36, 2), (36, 46))]
            near, far = (float(np.linalg.norm(p[1] - p[0])) for p in ppi)
            print(f"  pixels per inch: near edge {near:.1f}, far edge {far:.1f}")
            report(truth, image, camera, tag, args.runs)


if __name__ == "__main__":
    main()
