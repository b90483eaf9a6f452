"""A photo's own lens distortion, fitted from what the photo holds when the game
has no lens calibration (docs/camera.md, The lens without a calibration): the
homography alone cannot bend, and an ordinary lens's mild barrel distortion
puts the board's edges a tenth of an inch off.

Radial distortion k1, k2 about the frame's centre, normalised by its
half-diagonal (OpenCV's model, so it is a ``Lens`` like a calibrated one), is
fitted jointly with the board's homography (and the detector's edge offset)
by Levenberg-Marquardt to two kinds of evidence, both measured on the board's
plane and weighted by the pixels an inch there:

- the 16 corners of the four corner markers, whose board places are known;
- each unit tag's 4 corners, which must make a square of the tag's printed
  side: its place and turn are unknown, so the best rigid square is found in
  closed form (2-D Procrustes) and what is left is the residual. Tags spread
  over the board measure how the lens bends the board's scale, which no
  homography can.

The fit is kept only when it is clearly better than the best homography fitted
to the same evidence and its distortion is sane (small, the radial map
increasing over the whole frame); else the homography alone is used, so a
photo with too few tags, or through a lens without distortion, reads as
before."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace

import numpy as np

from tabletop_gui.camera import homography
from tabletop_gui.camera.board_fit import BoardFit
from tabletop_gui.camera.detect import Seen
from tabletop_gui.camera.lens import Lens
from tabletop_gui.camera.markers import CORNER_IDS, corner_marker_corners
from tabletop_gui.lazy_dataclass import dataclass

#: Fewer unit tags than this (sure, of the printed size, seen once): not fitted.
MIN_TAGS = 4
#: The distortion is kept only when it brings the residual (RMS, pixels) below
#: this fraction of the best homography's on the same evidence: noise alone
#: takes off a percent or two (2 parameters of hundreds of residuals); on the
#: benchmark's photos the fitted distortion leaves 5 to 84 percent of it.
ACCEPT_RATIO = 0.9
#: The largest |k1|, |k2| kept (normalised by the half-diagonal), and the
#: largest radial displacement at the frame's corners (a fraction of the
#: half-diagonal): an ordinary lens is far inside these.
MAX_K = 0.3
MAX_BEND = 0.12
#: A tag whose residual (RMS, pixels) is this many times the median tag's, and
#: over OUTLIER_FLOOR_PX, is left out of the fit (a tag raised on a hill, bent,
#: or printed at another size).
OUTLIER_RATIO = 4.0
OUTLIER_FLOOR_PX = 0.3
#: A tag's corners (tl, tr, br, bl) in its own frame, for a side of 1, centred.
_SQUARE = np.array([(-0.5, 0.5), (0.5, 0.5), (0.5, -0.5), (-0.5, -0.5)])


@dataclass(frozen=True)
class SelfCalibration:
    """What the fit found, kept or not (for the benchmark and the tests)."""

    fit: BoardFit
    kept: bool
    k1: float = 0.0
    k2: float = 0.0
    #: The unit tags the fit used.
    tags: int = 0
    #: RMS residual (pixels) of the best homography and of the fitted model.
    rms_homography_px: float = 0.0
    rms_fitted_px: float = 0.0
    why: str = ""


def self_calibrate(
    fit: BoardFit,
    seen: Sequence[Seen],
    corner_size: float,
    tag_size: float,
    size_tolerance: float = 0.2,
) -> SelfCalibration:
    """The board's fit with the photo's own radial distortion when it is clearly
    better than ``fit`` (a homography fitted without a lens to the corner
    markers in ``seen``), else ``fit``. Unit tags measuring more than
    ``size_tolerance`` off ``tag_size`` are left out."""
    by_id: dict[int, list[Seen]] = {}
    for s in seen:
        by_id.setdefault(s.tag_id, []).append(s)
    if not all(len(by_id.get(i, ())) == 1 for i in CORNER_IDS):
        return SelfCalibration(fit, False, why="the corner markers are not each seen once")
    width, height = fit.board
    known = np.vstack([corner_marker_corners(i, width, height, corner_size) for i in CORNER_IDS])
    corners_px = np.stack([by_id[i][0].corners for i in CORNER_IDS])
    tags_px = _usable_tags(fit, by_id, tag_size, size_tolerance)
    if len(tags_px) < MIN_TAGS:
        return SelfCalibration(fit, False, tags=len(tags_px),
                               why=f"{len(tags_px)} unit tags (at least {MIN_TAGS})")  # fmt: skip
    try:
        return _fitted(fit, _Problem(fit, known, corners_px, tags_px, tag_size))
    except np.linalg.LinAlgError:  # degenerate markers: a quad with parallel edges
        return SelfCalibration(fit, False, tags=len(tags_px), why="the fit is degenerate")


def _fitted(fit: BoardFit, problem: _Problem) -> SelfCalibration:
    start = np.append(problem.g0, (0.0, 0.0, 0.0))
    p = _levenberg_marquardt(problem.residuals, start)
    # Leave out the tags that disagree with everything else, then fit again.
    per_tag = problem.per_tag(p)
    bad = per_tag > max(OUTLIER_RATIO * float(np.median(per_tag)), OUTLIER_FLOOR_PX)
    if bad.any():
        if (~bad).sum() < MIN_TAGS:
            return SelfCalibration(fit, False, tags=int((~bad).sum()),
                                   why="too many tags disagree with the others")  # fmt: skip
        problem.keep = ~bad
        p = _levenberg_marquardt(problem.residuals, p)
    # The best homography on the same evidence (k1 = k2 = 0).
    plain = _levenberg_marquardt(problem.plain_residuals, np.append(problem.g0, 0.0))
    rms_plain = _rms(problem.plain_residuals(plain))
    rms_fitted = _rms(problem.residuals(p))
    k1, k2 = float(p[8]), float(p[9])
    tags = int(problem.keep.sum())
    found = SelfCalibration(fit, False, k1, k2, tags, rms_plain, rms_fitted)
    if not rms_fitted < ACCEPT_RATIO * rms_plain:
        return replace(found, why=f"no clear gain ({rms_fitted:.3f} px against {rms_plain:.3f})")
    if not _sane(k1, k2):
        return replace(found, why=f"a distortion out of bounds (k1 {k1:.3f}, k2 {k2:.3f})")
    iw, ih = fit.image_size
    lens = Lens(problem.scale, problem.scale, iw / 2.0, ih / 2.0, k1, k2, width=iw, height=ih,
                fitted=True)  # fmt: skip
    # The homography as every later frame fits it (board_fit.fit_board with this lens).
    ideal = lens.undistort(problem.corners_px.reshape(-1, 2))
    h = homography.fit(problem.known, ideal)
    back = homography.apply(np.linalg.inv(h), ideal)
    rms_in = float(np.sqrt(((back - problem.known) ** 2).sum(axis=1).mean()))
    kept = BoardFit(h, fit.image_size, fit.markers, rms_in, lens, fit.board)
    return replace(found, fit=kept, kept=True, why="kept")


def _usable_tags(
    fit: BoardFit, by_id: dict[int, list[Seen]], tag_size: float, tolerance: float
) -> np.ndarray:
    """(T, 4, 2) pixel corners of the unit tags read surely, seen once and
    measuring their printed size within ``tolerance`` on the homography."""
    out = []
    for tag_id, found in sorted(by_id.items()):
        if tag_id in CORNER_IDS or len(found) != 1 or not found[0].sure:
            continue
        board = fit.to_board(found[0].corners)
        side = float(np.linalg.norm(board - np.roll(board, -1, axis=0), axis=1).mean())
        if abs(side - tag_size) <= tolerance * tag_size:
            out.append(found[0].corners)
    return np.array(out, dtype=float).reshape(-1, 4, 2)


class _Problem:
    """The residuals, in pixels: each marker's board-plane residuals (inches)
    times its pixels per inch, so that a far tag's few pixels weigh as little
    as they tell. Parameters: the 8 free numbers of G (normalised ideal image
    -> board inches), k1, k2 and the detector's edge offset (pixels: blur and
    the threshold put the edges found a fraction of a pixel inside the printed
    ones, which shrinks every marker by as many pixels, far ones by more
    inches; fitted with the rest so that it is not taken for distortion)."""

    def __init__(self, fit: BoardFit, known: np.ndarray, corners_px: np.ndarray,
                 tags_px: np.ndarray, tag_size: float) -> None:  # fmt: skip
        iw, ih = fit.image_size
        self.centre = np.array([iw / 2.0, ih / 2.0])
        self.scale = math.hypot(iw, ih) / 2.0
        self.known = known
        self.corners_px, self.tags_px = corners_px, tags_px
        self.corner_moves, self.tag_moves = _edge_offsets(corners_px), _edge_offsets(tags_px)
        self.template = _SQUARE * tag_size
        self.corner_weight = np.repeat(_pixels_per_inch(fit, corners_px), 8)
        self.tag_weight = _pixels_per_inch(fit, tags_px)
        self.keep = np.ones(len(tags_px), dtype=bool)
        # Board <- normalised ideal image: G = H^-1 N^-1 (N: pixels -> normalised).
        to_pixels = np.array([[self.scale, 0, self.centre[0]], [0, self.scale, self.centre[1]],
                              [0, 0, 1.0]])  # fmt: skip
        g = np.linalg.inv(fit.homography) @ to_pixels
        self.g0 = (g / g[2, 2]).flatten()[:8]

    def _board(self, px: np.ndarray, moves: np.ndarray, p: np.ndarray) -> np.ndarray:
        grown = px + p[10] / 2 * moves
        n = (grown.reshape(-1, 2) - self.centre) / self.scale
        g = np.append(p[:8], 1.0).reshape(3, 3)
        return homography.apply(g, _undistort(n, p[8], p[9])).reshape(px.shape)

    def residuals(self, p: np.ndarray) -> np.ndarray:
        k = self.keep
        corners = (self._board(self.corners_px, self.corner_moves, p).reshape(-1, 2)
                   - self.known).ravel() * self.corner_weight  # fmt: skip
        board = self._board(self.tags_px[k], self.tag_moves[k], p)
        tags = _square_residuals(board, self.template) * self.tag_weight[k, None, None]
        return np.concatenate((corners, tags.ravel()))

    def plain_residuals(self, p: np.ndarray) -> np.ndarray:
        """The residuals of a homography alone (parameters: G's 8, the edge offset)."""
        return self.residuals(np.concatenate((p[:8], (0.0, 0.0), p[8:])))

    def per_tag(self, p: np.ndarray) -> np.ndarray:
        """Each kept tag's RMS residual (pixels)."""
        r = self.residuals(p)[len(self.known) * 2 :].reshape(-1, 4, 2)
        return np.sqrt((r**2).sum(axis=2).mean(axis=1))


def _pixels_per_inch(fit: BoardFit, quads: np.ndarray) -> np.ndarray:
    return np.array([fit.pixels_per_inch(tuple(fit.to_board(q).mean(axis=0))) for q in quads])


def _sane(k1: float, k2: float) -> bool:
    if abs(k1) > MAX_K or abs(k2) > MAX_K or abs(k1 + k2) > MAX_BEND:
        return False
    r2 = np.linspace(0.0, 1.0, 41)
    # d/dr of r (1 + k1 r^2 + k2 r^4): the radial map must keep increasing.
    return bool((1 + 3 * k1 * r2 + 5 * k2 * r2 * r2 > 0.5).all())


def _undistort(n: np.ndarray, k1: float, k2: float, iterations: int = 12) -> np.ndarray:
    """Distorted normalised points -> ideal ones (``Lens.normalise`` for k1, k2)."""
    if k1 == 0.0 and k2 == 0.0:
        return n
    x = n.copy()
    for _ in range(iterations):
        r2 = (x * x).sum(axis=1, keepdims=True)
        x = n / (1 + r2 * (k1 + r2 * k2))
    return x


def _square_residuals(board: np.ndarray, template: np.ndarray) -> np.ndarray:
    """Each tag's (T, 4, 2) corners less the best rigid square placed on them
    (the rotation that best takes ``template`` onto the centred corners)."""
    q = board - board.mean(axis=1, keepdims=True)
    tx, ty = template[:, 0], template[:, 1]
    dot = (q[..., 0] * tx + q[..., 1] * ty).sum(axis=1)
    cross = (q[..., 1] * tx - q[..., 0] * ty).sum(axis=1)
    a = np.arctan2(cross, dot)
    c, s = np.cos(a)[:, None], np.sin(a)[:, None]
    placed = np.stack((c * tx - s * ty, s * tx + c * ty), axis=2)
    return q - placed


def _edge_offsets(quads: np.ndarray) -> np.ndarray:
    """(Q, 4, 2): how each corner moves when every edge of its quad moves outward
    by one pixel (the corner solves v . n_a = v . n_b = 1 for its two edges'
    outward normals)."""
    edge = np.roll(quads, -1, axis=1) - quads  # edge i: corner i -> i + 1
    normal = np.stack((edge[..., 1], -edge[..., 0]), axis=-1)
    normal /= np.linalg.norm(normal, axis=-1, keepdims=True)
    centre = quads.mean(axis=1, keepdims=True)
    mid = (quads + np.roll(quads, -1, axis=1)) / 2
    outward = np.sign(((mid - centre) * normal).sum(axis=-1, keepdims=True))
    normal = normal * outward
    a = normal  # edge i touches corners i and i + 1
    b = np.roll(normal, 1, axis=1)  # corner i: edges i - 1 and i
    m = np.stack((a, b), axis=-2)  # (Q, 4, 2 rows, 2)
    return np.linalg.solve(m, np.ones((*m.shape[:-1], 1)))[..., 0]


def _rms(r: np.ndarray) -> float:
    return float(np.sqrt((r.reshape(-1, 2) ** 2).sum(axis=1).mean()))


def _levenberg_marquardt(
    f: Callable[[np.ndarray], np.ndarray], p0: np.ndarray, iterations: int = 30
) -> np.ndarray:
    """Minimise |f(p)|^2 from ``p0`` (forward-difference Jacobian, Marquardt's
    scaling of the damping)."""
    p = p0.astype(float).copy()
    r = f(p)
    cost = float(r @ r)
    damping = 1e-3
    for _ in range(iterations):
        j = np.empty((len(r), len(p)))
        for i in range(len(p)):
            step = 1e-7 * max(abs(p[i]), 1e-2)
            q = p.copy()
            q[i] += step
            j[:, i] = (f(q) - r) / step
        a = j.T @ j
        g = j.T @ r
        diag = np.diag(a).copy()
        diag[diag == 0] = 1.0
        while True:
            try:
                delta = np.linalg.solve(a + damping * np.diag(diag), -g)
            except np.linalg.LinAlgError:
                damping *= 10
                continue
            q = p + delta
            rq = f(q)
            cq = float(rq @ rq)
            if np.isfinite(cq) and cq < cost:
                p, r, cost = q, rq, cq
                damping = max(damping / 10, 1e-12)
                break
            damping *= 10
            if damping > 1e8:
                return p
        if float(np.abs(delta).max()) < 1e-10 * max(1.0, float(np.abs(p).max())):
            break
    return p
