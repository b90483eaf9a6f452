"""A lens measured from several photos of a flat printed target (no Qt): the
intrinsics and OpenCV's distortion coefficients (docs/camera.md, Lens
calibration). Zhang's closed-form start from each view's homography ("A
flexible new technique for camera calibration", 2000), then Levenberg-Marquardt
over the intrinsics, the distortion and every view's pose, in numpy.

The target is a grid of AprilTag 36h11 markers (``GRID``): every marker's four
corners are calibration points, each known by its id."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tabletop_gui.camera import homography
from tabletop_gui.camera.detect import Seen
from tabletop_gui.camera.errors import CameraError
from tabletop_gui.camera.lens import Lens
from tabletop_gui.camera.markers import UNIT_SQUARE
from tabletop_gui.lazy_dataclass import dataclass


@dataclass(frozen=True)
class Grid:
    """A printed calibration grid: ``cols`` x ``rows`` markers of ``size`` inches,
    ``pitch`` inches apart, ids from ``first`` along the rows from the top left."""

    cols: int = 4
    rows: int = 5
    size: float = 1.2
    pitch: float = 1.6
    first: int = 500

    def ids(self) -> range:
        return range(self.first, self.first + self.cols * self.rows)

    def corners(self, tag_id: int) -> np.ndarray:
        """The target-plane inches of marker ``tag_id``'s corners (tl, tr, br, bl)."""
        i = tag_id - self.first
        cx = (i % self.cols) * self.pitch
        cy = -(i // self.cols) * self.pitch
        return UNIT_SQUARE * self.size + (cx, cy)


GRID = Grid()
#: Fewest views, and fewest markers in a view, a calibration uses.
MIN_VIEWS = 3
MIN_MARKERS = 4


@dataclass(frozen=True)
class Calibration:
    lens: Lens
    rms_px: float
    views: int


def points(seen: Sequence[Seen], grid: Grid = GRID) -> tuple[np.ndarray, np.ndarray]:
    """(target points (N, 2), image points (N, 2)) of the grid's markers in ``seen``."""
    obj, img = [], []
    for s in seen:
        if s.tag_id in grid.ids() and s.sure:
            obj.append(grid.corners(s.tag_id))
            img.append(s.corners)
    if not obj:
        return np.zeros((0, 2)), np.zeros((0, 2))
    return np.vstack(obj), np.vstack(img)


def _v(h: np.ndarray, i: int, j: int) -> np.ndarray:
    return np.array([h[0, i] * h[0, j], h[0, i] * h[1, j] + h[1, i] * h[0, j],
                     h[1, i] * h[1, j], h[2, i] * h[0, j] + h[0, i] * h[2, j],
                     h[2, i] * h[1, j] + h[1, i] * h[2, j], h[2, i] * h[2, j]])  # fmt: skip


def _intrinsics(hs: list[np.ndarray], size: tuple[int, int]) -> np.ndarray:
    """Zhang's closed form (no skew); the principal point at the frame's centre
    when the views do not pin it down."""
    rows = []
    for hom in hs:
        rows.append(_v(hom, 0, 1))
        rows.append(_v(hom, 0, 0) - _v(hom, 1, 1))
    b = np.linalg.svd(np.array(rows))[2][-1]
    b11, b12, b22, b13, b23, b33 = (float(v) for v in b)
    w, h = size
    fx = fy = u0 = v0 = float("nan")
    with np.errstate(all="ignore"):
        den = b11 * b22 - b12 * b12
        if abs(den) > 0 and abs(b11) > 0:
            v0 = (b12 * b13 - b11 * b23) / den
            lam = b33 - (b13 * b13 + v0 * (b12 * b13 - b11 * b23)) / b11
            fx = float(np.sqrt(lam / b11))
            fy = float(np.sqrt(lam * b11 / den))
            u0 = -b13 * fx * fx / lam if lam else float("nan")
    if not (np.isfinite(fx) and np.isfinite(fy) and 0 < fx < 20 * w and 0 < fy < 20 * w):
        fx = fy = float(w)
        u0, v0 = w / 2.0, h / 2.0
    if not (0 < u0 < w and 0 < v0 < h):
        u0, v0 = w / 2.0, h / 2.0
    return np.array([[fx, 0, u0], [0, fy, v0], [0, 0, 1.0]])


def _rodrigues(r: np.ndarray) -> np.ndarray:
    theta = float(np.linalg.norm(r))
    if theta < 1e-12:
        return np.eye(3)
    k = r / theta
    kx = np.array([[0, -k[2], k[1]], [k[2], 0, -k[0]], [-k[1], k[0], 0]])
    return np.eye(3) + np.sin(theta) * kx + (1 - np.cos(theta)) * kx @ kx


def _vector(rot: np.ndarray) -> np.ndarray:
    """The rotation vector of ``rot`` (Rodrigues' inverse)."""
    angle = np.arccos(np.clip((np.trace(rot) - 1) / 2, -1, 1))
    if angle < 1e-12:
        return np.zeros(3)
    axis = np.array([rot[2, 1] - rot[1, 2], rot[0, 2] - rot[2, 0], rot[1, 0] - rot[0, 1]])
    return axis / (2 * np.sin(angle)) * angle


def _pose(k: np.ndarray, h: np.ndarray) -> np.ndarray:
    a = np.linalg.inv(k) @ h
    lam = 1 / np.linalg.norm(a[:, 0])
    r1, r2, t = a[:, 0] * lam, a[:, 1] * lam, a[:, 2] * lam
    if t[2] < 0:
        r1, r2, t = -r1, -r2, -t
    u, _, vt = np.linalg.svd(np.column_stack((r1, r2, np.cross(r1, r2))))
    rot = u @ vt
    return np.concatenate((_vector(rot), t))


#: Solved: fx, fy, cx, cy, k1, k2, p1, p2. k3 stays 0, as OpenCV's
#: CALIB_FIX_K3: photos of a flat target rarely pin it down, and a wrong one
#: swings the frame's corners by pixels.
LENS_PARAMS = 8


def _project(params: np.ndarray, views: list[np.ndarray], size: tuple[int, int]) -> np.ndarray:
    fx, fy, cx, cy, k1, k2, p1, p2 = params[:LENS_PARAMS]
    lens = Lens(fx, fy, cx, cy, k1, k2, p1, p2, 0.0, *size)
    out = []
    for i, obj in enumerate(views):
        pose = params[LENS_PARAMS + 6 * i : LENS_PARAMS + 6 + 6 * i]
        world = np.column_stack((obj, np.zeros(len(obj))))
        cam = world @ _rodrigues(pose[:3]).T + pose[3:]
        out.append(lens.distort(cam[:, :2] / cam[:, 2:3]))
    return np.vstack(out)


def calibrate(
    views: Sequence[Sequence[Seen]], size: tuple[int, int], grid: Grid = GRID
) -> Calibration:
    """The lens from the grid's markers seen in several photos of ``size``; refuses
    by name too few views or markers."""
    objs, imgs = [], []
    for seen in views:
        obj, img = points(seen, grid)
        if len(obj) >= 4 * MIN_MARKERS:
            objs.append(obj)
            imgs.append(img)
    if len(objs) < MIN_VIEWS:
        raise CameraError(f"the lens needs at least {MIN_VIEWS} photos showing {MIN_MARKERS} or "
                          f"more markers of the calibration grid each, got {len(objs)} "
                          "(tilt the grid differently in each)")  # fmt: skip
    hs = [homography.dlt(o, i) for o, i in zip(objs, imgs, strict=True)]
    k = _intrinsics(hs, size)
    params = np.concatenate(([k[0, 0], k[1, 1], k[0, 2], k[1, 2]], np.zeros(4),
                             *[_pose(k, h) for h in hs]))  # fmt: skip
    target = np.vstack(imgs)
    params = _levenberg_marquardt(params, objs, target, size)
    residual = _project(params, objs, size) - target
    rms = float(np.sqrt((residual**2).sum(axis=1).mean()))
    fx, fy, cx, cy, k1, k2, p1, p2 = (float(v) for v in params[:LENS_PARAMS])
    lens = Lens(fx, fy, cx, cy, k1, k2, p1, p2, 0.0, *size)
    return Calibration(lens, rms, len(objs))


def _levenberg_marquardt(params: np.ndarray, objs: list[np.ndarray], target: np.ndarray,
                         size: tuple[int, int], iterations: int = 60) -> np.ndarray:  # fmt: skip
    def residual(p: np.ndarray) -> np.ndarray:
        return (_project(p, objs, size) - target).ravel()

    r = residual(params)
    cost = float(r @ r)
    damping = 1e-3
    scale = np.maximum(np.abs(params), 1e-3)
    for _ in range(iterations):
        jac = np.empty((len(r), len(params)))
        for j in range(len(params)):  # forward differences, relative steps
            step = 1e-6 * scale[j]
            moved = params.copy()
            moved[j] += step
            jac[:, j] = (residual(moved) - r) / step
        a = jac.T @ jac
        g = jac.T @ r
        while True:
            lhs = a + damping * np.diag(np.diag(a) + 1e-12)
            delta = np.linalg.solve(lhs, -g)
            trial = params + delta
            rt = residual(trial)
            new = float(rt @ rt)
            if np.isfinite(new) and new < cost:
                params, r, damping = trial, rt, max(damping / 3, 1e-9)
                improved = cost - new
                cost = new
                break
            damping *= 4
            if damping > 1e8:
                return params
        if improved < 1e-10 * max(cost, 1e-12):
            break
    return params
