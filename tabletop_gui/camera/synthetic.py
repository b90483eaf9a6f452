"""Synthetic photos of a tagged table through a known camera (no Qt), for the
tests and ``benchmarks/bench_camera.py``: where every tag lies is known exactly,
so what the reading finds can be measured. A pinhole camera with OpenCV's lens
distortion looks at the board from a chosen tilt; each pixel is traced back to
the table's plane, and the markers are drawn with 4 x 4 samples a pixel; then
blur and sensor noise."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from tabletop_gui.camera.lens import Lens
from tabletop_gui.camera.markers import (
    CORNER_IDS,
    CORNER_SIZE_IN,
    PRINTED_CELLS,
    TAG_SIZE_IN,
    corner_marker_corners,
    pattern,
)
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model import InchBoard, Scene, Side, Unit

PAPER = np.array([238.0, 238.0, 232.0])
INK = np.array([28.0, 28.0, 30.0])
TABLE = np.array([92.0, 70.0, 52.0])
BOARD_GREEN = np.array([96.0, 128.0, 76.0])
SIDE_COLOURS = {"red": np.array([170.0, 70.0, 40.0]), "blue": np.array([50.0, 90.0, 160.0])}


@dataclass(frozen=True)
class Camera:
    """A camera: its lens and its pose (``rotation`` world -> camera rows; the
    camera's centre ``centre`` in board inches, z up from the table)."""

    lens: Lens
    rotation: np.ndarray
    centre: np.ndarray

    @property
    def size(self) -> tuple[int, int]:
        return (self.lens.width, self.lens.height)

    def project(self, points: np.ndarray, z: float = 0.0) -> np.ndarray:
        """Board points (N, 2) at height ``z`` -> image pixels (distorted)."""
        world = np.column_stack((points, np.full(len(points), z)))
        cam = (world - self.centre) @ self.rotation.T
        return self.lens.distort(cam[:, :2] / cam[:, 2:3])

    def trace(self, pixels: np.ndarray, z: float = 0.0) -> np.ndarray:
        """Image pixels (N, 2) -> where their rays meet the plane at height ``z``."""
        n = self.lens.normalise(pixels, iterations=6)
        rays = np.column_stack((n, np.ones(len(n)))) @ self.rotation
        t = (z - self.centre[2]) / rays[:, 2]
        return self.centre[:2] + rays[:, :2] * t[:, None]


def camera_for(
    board: tuple[float, float],
    size: tuple[int, int],
    tilt_deg: float,
    *,
    hfov_deg: float = 65.0,
    k1: float = -0.04,
    k2: float = 0.01,
    roll_deg: float = 2.0,
    fill: float = 0.92,
) -> Camera:
    """A camera looking at the board's centre from side A's side, ``tilt_deg``
    from straight down, as close as lets the board (and the corner markers'
    quiet zones) fill ``fill`` of the frame."""
    width, height = size
    f = width / 2 / math.tan(math.radians(hfov_deg) / 2)
    lens = Lens(f, f, width / 2, height / 2, k1, k2, width=width, height=height)
    t, r = math.radians(tilt_deg), math.radians(roll_deg)
    forward = np.array([0.0, math.sin(t), -math.cos(t)])
    right = np.array([1.0, 0.0, 0.0])
    down = np.cross(forward, right)
    base = np.vstack((right, down, forward))
    roll = np.array([[math.cos(r), -math.sin(r), 0], [math.sin(r), math.cos(r), 0], [0, 0, 1]])
    rotation = roll @ base
    target = np.array([board[0] / 2, board[1] / 2, 0.0])
    m = 0.5
    corners = np.array([(-m, -m), (board[0] + m, -m), (board[0] + m, board[1] + m),
                        (-m, board[1] + m)])  # fmt: skip
    lo, hi = 1.0, 10_000.0
    for _ in range(60):
        d = math.sqrt(lo * hi)
        cam = Camera(lens, rotation, target - d * forward)
        p = cam.project(corners)
        inside = (
            (p[:, 0] >= width * (1 - fill) / 2).all()
            and (p[:, 0] <= width * (1 + fill) / 2).all()
            and (p[:, 1] >= height * (1 - fill) / 2).all()
            and (p[:, 1] <= height * (1 + fill) / 2).all()
        )
        lo, hi = (lo, d) if inside else (d, hi)
    return Camera(lens, rotation, target - hi * forward)


def random_table(
    seed: int, units: int = 40, board: tuple[float, float] = (72.0, 48.0), first_tag: int = 4
) -> Scene:
    """``units`` tagged units at random places and facings, none overlapping and
    none on a corner marker; ids ``u<tag>``, tags from ``first_tag``."""
    rng = np.random.default_rng(seed)
    sides = (Side("red", "Red", "#aa4628"), Side("blue", "Blue", "#325aa0"))
    placed: dict[str, Unit] = {}
    keep_out = 2 * CORNER_SIZE_IN + 3
    while len(placed) < units:
        w_mm, d_mm = rng.choice([40.0, 50.0, 60.0]), rng.choice([40.0, 50.0])
        x = rng.uniform(3, board[0] - 3)
        y = rng.uniform(3, board[1] - 3)
        near_corner = (min(x, board[0] - x) < keep_out) and (min(y, board[1] - y) < keep_out)
        clear = all(math.hypot(x - u.x, y - u.y) > 3.2 for u in placed.values())
        if near_corner or not clear:
            continue
        tag = first_tag + len(placed)
        side = "red" if y < board[1] / 2 else "blue"
        placed[f"u{tag}"] = Unit(f"u{tag}", f"Unit {tag}", side, round(x, 3), round(y, 3),
                                 facing=round(rng.uniform(0, 360), 2), base_width_mm=w_mm,
                                 base_depth_mm=d_mm, tag=tag)  # fmt: skip
    return Scene(board=InchBoard(*board), sides=sides, units=placed)


def moved_table(scene: Scene, seed: int, count: int) -> Scene:
    """``scene`` with ``count`` units moved a few inches and turned (for the
    tests of recorded moves)."""
    rng = np.random.default_rng(seed)
    ids = sorted(scene.units)[:count]
    width, height = scene.board.extent
    units = dict(scene.units)
    for uid in ids:
        u = units[uid]
        x = float(np.clip(u.x + rng.uniform(-4, 4), 4, width - 4))
        y = float(np.clip(u.y + rng.uniform(-4, 4), 4, height - 4))
        units[uid] = replace(u, x=round(x, 3), y=round(y, 3),
                             facing=round((u.facing + rng.uniform(10, 90)) % 360, 2))  # fmt: skip
    return Scene(board=scene.board, sides=scene.sides, units=units)


def _texture(board: tuple[float, float], seed: int, ppi: int = 8) -> np.ndarray:
    """The board's cloth: mottled green with two darker terrain patches, ``ppi`` pixels an inch."""
    rng = np.random.default_rng(seed)
    h, w = int(board[1] * ppi) + 2, int(board[0] * ppi) + 2
    noise = rng.normal(0, 1, (h // ppi + 2, w // ppi + 2))
    big = np.kron(noise, np.ones((ppi, ppi)))[:h, :w]
    tex = BOARD_GREEN + 10 * big[..., None]
    yy, xx = np.mgrid[0:h, 0:w] / ppi
    for cx, cy, rx, ry, shade in ((board[0] * 0.3, board[1] * 0.55, 7, 4, 0.7),
                                   (board[0] * 0.7, board[1] * 0.4, 5, 6, 0.8)):  # fmt: skip
        inside = ((xx - cx) / rx) ** 2 + ((yy - cy) / ry) ** 2 < 1
        tex[inside] *= shade
    return tex


def _sample(tex: np.ndarray, xy: np.ndarray, ppi: int) -> np.ndarray:
    """The texture's nearest texel at board points; the table where off the board."""
    h, w = tex.shape[:2]
    fx = (xy[:, 0] * ppi).astype(np.int64)
    fy = (xy[:, 1] * ppi).astype(np.int64)
    off = (fx < 0) | (fy < 0) | (fx >= w) | (fy >= h)
    idx = np.clip(fy, 0, h - 1) * w + np.clip(fx, 0, w - 1)
    out = tex.reshape(-1, 3)[idx]
    out[off] = TABLE
    return out


def _local(xy: np.ndarray, cx: float, cy: float, facing: float) -> np.ndarray:
    """Board points in the frame of a piece at (cx, cy) turned ``facing`` degrees."""
    a = math.radians(facing)
    d = xy - (cx, cy)
    return np.column_stack((d[:, 0] * math.cos(a) + d[:, 1] * math.sin(a),
                            -d[:, 0] * math.sin(a) + d[:, 1] * math.cos(a)))  # fmt: skip


def tag_centre(unit: Unit) -> tuple[float, float]:
    a = math.radians(unit.facing)
    ox, oy = unit.tag_offset
    return (
        unit.x + ox * math.cos(a) - oy * math.sin(a),
        unit.y + ox * math.sin(a) + oy * math.cos(a),
    )


def render(
    scene: Scene,
    camera: Camera,
    *,
    corner_size: float = CORNER_SIZE_IN,
    tag_size: float = TAG_SIZE_IN,
    blur: float = 0.7,
    noise: float = 2.0,
    seed: int = 0,
    supersample: int = 4,
    corners: tuple[int, ...] = CORNER_IDS,
    extra: tuple[tuple[int, float, float, float], ...] = (),
) -> np.ndarray:
    """The photo (H, W, 3) uint8 of ``scene``'s tagged units on its board, with
    the corner markers ``corners`` and ``extra`` loose tags (id, x, y, facing)."""
    width, height = camera.size
    board = scene.board.extent
    ppi = 16
    tex = _texture(board, seed, ppi).astype(np.float32)
    xy = _traced_grid(camera).reshape(-1, 2)
    img = _sample(tex, xy, ppi).reshape(height, width, 3)
    units = [u for u in scene.units.values() if u.on_table]
    for u in units:  # the bases, one sample a pixel
        box = _box(camera, u.x, u.y, max(u.width_in, u.depth_in) * 0.75, width, height)
        if box is None:
            continue
        x0, y0, x1, y1 = box
        sub = xy.reshape(height, width, 2)[y0:y1, x0:x1].reshape(-1, 2)
        loc = _local(sub, u.x, u.y, u.facing)
        inside = (np.abs(loc[:, 0]) <= u.width_in / 2) & (np.abs(loc[:, 1]) <= u.depth_in / 2)
        patch = img[y0:y1, x0:x1].reshape(-1, 3)
        patch[inside] = SIDE_COLOURS.get(u.side, np.array([120.0, 120.0, 120.0]))
        img[y0:y1, x0:x1] = patch.reshape(y1 - y0, x1 - x0, 3)
    marks: list[tuple[int, float, float, float, float]] = []
    for i in corners:
        c = corner_marker_corners(i, board[0], board[1], corner_size).mean(axis=0)
        marks.append((i, float(c[0]), float(c[1]), 0.0, corner_size))
    for u in units:
        if u.tag is not None:
            tx, ty = tag_centre(u)
            marks.append((u.tag, tx, ty, u.facing, tag_size))
    marks += [(t, x, y, f, tag_size) for t, x, y, f in extra]
    for tag_id, cx, cy, facing, size in marks:
        _draw_marker(img, camera, tag_id, cx, cy, facing, size, supersample)
    img = _vignette(img)
    if blur > 0:
        img = _blur(img, blur)
    if noise > 0:
        rng = np.random.default_rng(seed + 1)
        img += rng.standard_normal(img.shape, dtype=np.float32) * np.float32(noise)
    return np.clip(np.rint(img), 0, 255).astype(np.uint8)


def _traced_grid(camera: Camera, step: int = 8) -> np.ndarray:
    """Where every pixel's centre meets the table, (H, W, 2): traced exactly on a
    grid every ``step`` pixels and bilinear between (the map is smooth; the
    markers are traced exactly, sample by sample)."""
    width, height = camera.size
    gx = np.arange(0, width + step, step, dtype=float)
    gy = np.arange(0, height + step, step, dtype=float)
    mx, my = np.meshgrid(gx, gy)
    coarse = camera.trace(np.column_stack((mx.ravel(), my.ravel()))).reshape(len(gy), len(gx), 2)
    px = (np.arange(width) + 0.5) / step
    py = (np.arange(height) + 0.5) / step
    ix, iy = px.astype(np.int64), py.astype(np.int64)
    ax, ay = (px - ix)[None, :, None], (py - iy)[:, None, None]
    c = coarse.astype(np.float32)
    top = c[iy][:, ix] * (1 - ax) + c[iy][:, ix + 1] * ax
    bottom = c[iy + 1][:, ix] * (1 - ax) + c[iy + 1][:, ix + 1] * ax
    return (top * (1 - ay) + bottom * ay).astype(np.float32)


def _box(camera: Camera, cx: float, cy: float, half: float, width: int, height: int
         ) -> tuple[int, int, int, int] | None:  # fmt: skip
    sq = np.array([(cx - half, cy - half), (cx + half, cy - half), (cx + half, cy + half),
                   (cx - half, cy + half)])  # fmt: skip
    p = camera.project(sq)
    x0, y0 = np.floor(p.min(axis=0)).astype(int) - 2
    x1, y1 = np.ceil(p.max(axis=0)).astype(int) + 2
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, width), min(y1, height)
    return None if x0 >= x1 or y0 >= y1 else (int(x0), int(y0), int(x1), int(y1))


def _draw_marker(img: np.ndarray, camera: Camera, tag_id: int, cx: float, cy: float,
                 facing: float, size: float, ss: int) -> None:  # fmt: skip
    height, width = img.shape[:2]
    cell = size / 8
    half = cell * PRINTED_CELLS / 2
    box = _box(camera, cx, cy, half * math.sqrt(2), width, height)
    if box is None:
        return
    x0, y0, x1, y1 = box
    ys, xs = np.mgrid[y0:y1, x0:x1]
    offs = (np.arange(ss) + 0.5) / ss
    ox, oy = np.meshgrid(offs, offs)
    px = (xs[..., None] + ox.ravel()).ravel()
    py = (ys[..., None] + oy.ravel()).ravel()
    loc = _local(camera.trace(np.column_stack((px, py))), cx, cy, facing)
    col = np.floor(loc[:, 0] / cell + PRINTED_CELLS / 2).astype(np.int64)
    row = np.floor(PRINTED_CELLS / 2 - loc[:, 1] / cell).astype(np.int64)
    on = (col >= 0) & (col < PRINTED_CELLS) & (row >= 0) & (row < PRINTED_CELLS)
    cells = pattern(tag_id)
    white = np.zeros(len(loc), dtype=bool)
    white[on] = cells[row[on], col[on]]
    under = np.repeat(img[y0:y1, x0:x1].reshape(-1, 3), ss * ss, axis=0)
    value = np.where(on[:, None], np.where(white[:, None], PAPER, INK), under)
    img[y0:y1, x0:x1] = value.reshape(y1 - y0, x1 - x0, ss * ss, 3).mean(axis=2)


def _vignette(img: np.ndarray) -> np.ndarray:
    h, w = img.shape[:2]
    yy, xx = np.ogrid[0:h, 0:w]
    r2 = ((xx - w / 2) / (w / 2)) ** 2 + ((yy - h / 2) / (h / 2)) ** 2
    img *= (1 - 0.12 * r2).astype(np.float32)[..., None]
    return img


def _blur(img: np.ndarray, sigma: float) -> np.ndarray:
    """A separable Gaussian blur (the lens's softness and focus)."""
    radius = max(1, math.ceil(3 * sigma))
    k = np.exp(-0.5 * (np.arange(-radius, radius + 1) / sigma) ** 2)
    k = (k / k.sum()).astype(np.float32)
    out = np.zeros_like(img)
    pad = np.pad(img, ((radius, radius), (0, 0), (0, 0)), mode="edge")
    for i, w in enumerate(k):
        out += w * pad[i : i + img.shape[0]]
    pad = np.pad(out, ((0, 0), (radius, radius), (0, 0)), mode="edge")
    out = np.zeros_like(img)
    for i, w in enumerate(k):
        out += w * pad[:, i : i + img.shape[1]]
    return out
