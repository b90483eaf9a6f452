"""The board found in a photo: the homography from board inches to image
pixels, fitted to all 16 corners of the four corner markers (or to the four
board corners given by hand), checked before it is trusted."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import field

import numpy as np

from tabletop_gui.camera import homography
from tabletop_gui.camera.detect import Seen
from tabletop_gui.camera.errors import CameraError
from tabletop_gui.camera.lens import Lens
from tabletop_gui.camera.markers import CORNER_IDS, corner_marker_corners
from tabletop_gui.lazy_dataclass import dataclass

#: A fit whose corners disagree by more than this (inches, RMS) is refused: a
#: corner marker moved off its corner, a sheet not flat, a wrong board size.
MAX_RMS_IN = 0.15
#: The corner markers are printed square: on a board fitted at the wrong size
#: they measure wider than tall (or narrower) by up to the size's error (72 in
#: taken for 70: 1.5-2.9% narrower, as the lens's fitted distortion absorbs
#: some of it). Beyond this fraction the reading is refused (docs/camera.md,
#: A wrong board size: 0.6% at most on boards of the right size).
MAX_SQUEEZE = 0.012
#: Refused when the board's near edge is this many times larger in the image
#: than its far edge: tags at the far side would be a few pixels wide.
MAX_OBLIQUE = 5.0


@dataclass(frozen=True)
class BoardFit:
    """Board inches <-> image pixels for one camera position."""

    #: 3 x 3, board inches -> ideal (undistorted) image pixels.
    homography: np.ndarray
    image_size: tuple[int, int]
    markers: tuple[int, ...] = ()
    rms_in: float = 0.0
    lens: Lens | None = None
    board: tuple[float, float] = (0.0, 0.0)
    inverse: np.ndarray = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "inverse", np.linalg.inv(self.homography))

    @property
    def lens_source(self) -> str:
        """``"calibrated"`` (the game's lens calibration), ``"fitted"`` (the
        photo's own distortion, camera/self_calibration.py) or ``"none"``."""
        if self.lens is None:
            return "none"
        return "fitted" if self.lens.fitted else "calibrated"

    def ideal(self, pixels: np.ndarray) -> np.ndarray:
        lens = self._lens()
        return pixels if lens is None else lens.undistort(pixels)

    def _lens(self) -> Lens | None:
        return None if self.lens is None else self.lens.scaled_to(*self.image_size)

    def to_board(self, pixels: np.ndarray) -> np.ndarray:
        """Image pixels (N, 2) -> board inches on the board's plane."""
        return homography.apply(self.inverse, self.ideal(np.asarray(pixels, dtype=float)))

    def to_image(self, board: np.ndarray) -> np.ndarray:
        """Board inches (N, 2) -> image pixels (with the lens's distortion)."""
        ideal = homography.apply(self.homography, np.asarray(board, dtype=float))
        lens = self._lens()
        return ideal if lens is None else lens.redistort(ideal)

    def pixels_per_inch(self, at: tuple[float, float]) -> float:
        """How many image pixels an inch of board spans at board point ``at``."""
        x, y = at
        p = self.to_image(np.array([(x, y), (x + 0.5, y), (x, y + 0.5)]))
        return float(np.sqrt(abs(_cross(p[1] - p[0], p[2] - p[0])) / 0.25))


def corner_markers(seen: Sequence[Seen], where: str = "the photo") -> dict[int, Seen]:
    """The corner markers in ``seen`` by id; refuses a corner marker seen twice."""
    by_id: dict[int, list[Seen]] = {}
    for s in seen:
        if s.tag_id in CORNER_IDS:
            by_id.setdefault(s.tag_id, []).append(s)
    twice = [i for i, found in sorted(by_id.items()) if len(found) > 1]
    if twice:
        raise CameraError(f"{where}: corner marker {_ids(twice)} seen more than once: "
                          "each corner marker must be printed once")  # fmt: skip
    return {i: found[0] for i, found in sorted(by_id.items())}


def missing_corners(where: str, found: Sequence[int], why: str = "") -> CameraError:
    """The refusal of a photo whose corner markers are not all seen (``why``:
    what else was tried, said after the ids)."""
    missing = [i for i in CORNER_IDS if i not in found]
    return CameraError(
        f"{where}: corner marker {_ids(missing)} not found"
        + (f" (found {_ids(found)})" if found else "")
        + (f"; {why}" if why else "")
        + ": the whole board must be in the photo, sharp, lit and not too oblique"
        + CORNERS_HINT
    )


#: The end of ``missing_corners``' refusal that only the command line can act on
#: (the window leaves it out).
CORNERS_HINT = "; or give the board's corners in image pixels (--corners X0,Y0,...,X3,Y3)"


def fit_board(
    seen: Sequence[Seen],
    board: tuple[float, float],
    image_size: tuple[int, int],
    corner_size: float,
    lens: Lens | None = None,
    where: str = "the photo",
) -> BoardFit:
    """The fit of the four corner markers in ``seen``; refuses naming the ids
    missing, seen twice, or a fit that cannot be trusted."""
    by_id = corner_markers(seen, where)
    if len(by_id) < len(CORNER_IDS):
        raise missing_corners(where, sorted(by_id))
    width, height = board
    src = np.vstack([corner_marker_corners(i, width, height, corner_size) for i in CORNER_IDS])
    dst = np.vstack([by_id[i].corners for i in CORNER_IDS])
    ideal = dst if lens is None else lens.scaled_to(*image_size).undistort(dst)
    h = homography.fit(src, ideal)
    back = homography.apply(np.linalg.inv(h), ideal)
    rms = float(np.sqrt(((back - src) ** 2).sum(axis=1).mean()))
    fit = BoardFit(h, image_size, CORNER_IDS, rms, lens, board)
    _check(fit, where)
    return fit


def markers_off(fit: BoardFit, markers: dict[int, Seen], corner_size: float) -> float:
    """How far (inches, RMS over their corners) the corner markers ``markers``
    seen in a picture lie from where ``fit`` puts their board places: how well
    a kept alignment agrees with a picture whose other corners are hidden."""
    width, height = fit.board
    ids = sorted(markers)
    src = np.vstack([corner_marker_corners(i, width, height, corner_size) for i in ids])
    back = fit.to_board(np.vstack([markers[i].corners for i in ids]))
    return float(np.sqrt(((back - src) ** 2).sum(axis=1).mean()))


def fit_corners(
    corners: Sequence[float],
    board: tuple[float, float],
    image_size: tuple[int, int],
    lens: Lens | None = None,
    where: str = "--corners",
) -> BoardFit:
    """The fit of the board's four corners (0,0), (W,0), (W,H), (0,H) given in
    image pixels (``X0, Y0, ..., X3, Y3``): the fallback when markers are missing."""
    if len(corners) != 8:
        raise CameraError(f"{where}: needs 8 numbers X0,Y0,X1,Y1,X2,Y2,X3,Y3 (the "
                          f"image pixels of the board corners (0,0), (W,0), (W,H), (0,H)),"
                          f" got {len(corners)}")  # fmt: skip
    pts = np.array(corners, dtype=float).reshape(4, 2)
    if not np.isfinite(pts).all():
        raise CameraError(f"{where}: the corners must be finite numbers")
    w, h = image_size
    outside = [i for i, (x, y) in enumerate(pts) if not (0 <= x <= w and 0 <= y <= h)]
    if outside:
        raise CameraError(f"{where}: corner {_ids(outside)} lies outside the {w} x {h} photo")
    width, height = board
    src = np.array([(0, 0), (width, 0), (width, height), (0, height)], dtype=float)
    ideal = pts if lens is None else lens.scaled_to(*image_size).undistort(pts)
    if _crossed(ideal):
        raise CameraError(f"{where}: the four corners do not make a board outline (they "
                          "must go round the board: (0,0), (W,0), (W,H), (0,H))")  # fmt: skip
    fit = BoardFit(homography.dlt(src, ideal), image_size, (), 0.0, lens, board)
    _check(fit, where)
    return fit


def corner_squeeze(fit: BoardFit, markers: dict[int, Seen]) -> float:
    """How much wider than tall (negative: narrower) the corner markers
    ``markers`` measure on the board's plane through ``fit``, as a fraction
    (the mean of their width / height - 1; width: the mean of a marker's top
    and bottom edges). Printed square, they measure square on a board fitted at
    its true size."""
    ratios = []
    for seen in markers.values():
        tl, tr, br, bl = fit.to_board(seen.corners)
        width = (np.linalg.norm(tr - tl) + np.linalg.norm(br - bl)) / 2
        height = (np.linalg.norm(bl - tl) + np.linalg.norm(br - tr)) / 2
        ratios.append(width / height)
    return float(np.mean(ratios)) - 1.0 if ratios else 0.0


def squeeze_words(squeeze: float, board: tuple[float, float]) -> str:
    """What a corner squeeze says of the board's size, in words."""
    width, height = board
    how = "narrower" if squeeze < 0 else "wider"
    return (
        f"the corner markers measure {abs(squeeze) * 100:.1f}% {how} than tall on the board "
        f"(at most {MAX_SQUEEZE * 100:g}%): is the board {width:g} x {height:g} in, as the "
        f"game says? They fit a board of {width / (1 + squeeze):.1f} x {height:g} in or "
        f"{width:g} x {height * (1 + squeeze):.1f} in"
    )


def _crossed(quad: np.ndarray) -> bool:
    """True unless ``quad`` is a convex quadrilateral taken in order."""
    signs = []
    for i in range(4):
        a, b, c = quad[i], quad[(i + 1) % 4], quad[(i + 2) % 4]
        signs.append(np.sign(_cross(b - a, c - b)))
    return not (all(s > 0 for s in signs) or all(s < 0 for s in signs))


def _check(fit: BoardFit, where: str) -> None:
    if fit.rms_in > MAX_RMS_IN:
        raise CameraError(
            f"{where}: the corner markers disagree by {fit.rms_in:.2f} in (RMS; at most "
            f"{MAX_RMS_IN} in): is a marker off its corner, a sheet not flat, or the board "
            "not the size the game says?"
        )
    width, height = fit.board
    scales = [fit.pixels_per_inch(p) for p in ((0, 0), (width, 0), (width, height), (0, height))]
    if min(scales) <= 0 or max(scales) / min(scales) > MAX_OBLIQUE:
        raise CameraError(
            f"{where}: the photo is too oblique: the board's near corner is "
            f"{max(scales) / max(min(scales), 1e-9):.1f} times larger than its far corner (at "
            f"most {MAX_OBLIQUE:g}); raise the camera or look down more steeply"
        )


def _cross(a: np.ndarray, b: np.ndarray) -> float:
    return float(a[0] * b[1] - a[1] * b[0])


def _ids(ids: Sequence[int]) -> str:
    return ", ".join(str(i) for i in ids)
