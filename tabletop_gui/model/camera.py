"""What a game keeps of the camera that looks at its table (the file's
``camera`` key, docs/file-format.md and docs/camera.md): the printed marker
sizes, the last good alignment of the board in the camera's frame, and the
lens's calibration. Plain data: the camera package does the arithmetic."""

from __future__ import annotations

import math

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model import limits

#: The marker convention's version these records follow (docs/camera.md).
MARKER_CONVENTION = 1


@dataclass(frozen=True)
class LensRecord:
    """A lens calibration: pinhole intrinsics (pixels) and OpenCV's distortion
    coefficients, measured on ``width`` x ``height`` frames."""

    fx: float
    fy: float
    cx: float
    cy: float
    width: int
    height: int
    k1: float = 0.0
    k2: float = 0.0
    p1: float = 0.0
    p2: float = 0.0
    k3: float = 0.0
    #: The calibration's reprojection error (pixels, RMS); 0 when typed in.
    rms_px: float = 0.0

    def validate(self) -> list[tuple[str, str]]:
        problems = _finite(self, ("fx", "fy", "cx", "cy", "k1", "k2", "p1", "p2", "k3", "rms_px"))
        for name in ("fx", "fy"):  # in pixels: under one is no lens (its arithmetic fails)
            if not getattr(self, name) >= 1:
                problems.append((name, f"must be 1 pixel or more, got {getattr(self, name)}"))
        problems += _frame(self.width, self.height)
        return problems


@dataclass(frozen=True)
class Alignment:
    """The board in one camera frame: ``homography`` (9 numbers, row by row)
    takes board inches to the frame's undistorted pixels."""

    homography: tuple[float, ...]
    width: int
    height: int
    #: The corner markers it was fitted to (empty: the corners were given by hand).
    markers: tuple[int, ...] = ()
    rms_in: float = 0.0
    #: The lens distortion fitted from the photo itself with this alignment
    #: when the game had no lens calibration (docs/camera.md, The lens): the
    #: homography is in its undistorted pixels. None: the game's ``lens``, or none.
    lens: LensRecord | None = None

    def validate(self) -> list[tuple[str, str]]:
        problems = _frame(self.width, self.height)
        if len(self.homography) != 9 or not all(math.isfinite(v) for v in self.homography):
            problems.append(("homography", "must be 9 finite numbers"))
        elif abs(self.homography[8]) < 1e-12:
            problems.append(("homography", "its last number must not be 0"))
        elif _singular(self.homography):
            problems.append(("homography", "takes the board onto a line or a point (singular)"))
        return problems


def _singular(h: tuple[float, ...]) -> bool:
    """The 3 x 3 matrix of ``h`` (row by row) has no inverse, as far as floating
    point tells: its determinant is nothing beside the size of its numbers."""
    a, b, c, d, e, f, g, i, j = h
    det = a * (e * j - f * i) - b * (d * j - f * g) + c * (d * i - e * g)
    scale = max(abs(v) for v in h) ** 3
    return not abs(det) > 1e-15 * scale


@dataclass(frozen=True)
class TableCamera:
    corner_size: float = 2.0
    tag_size: float = 1.0
    alignment: Alignment | None = None
    lens: LensRecord | None = None
    #: The camera's name as the system gives it, to offer it first next time.
    device: str = ""

    def validate(self) -> list[tuple[str, str]]:
        problems = _finite(self, ("corner_size", "tag_size"))
        for name in ("corner_size", "tag_size"):
            value = getattr(self, name)
            if math.isfinite(value) and not 0.2 <= value <= 24:
                problems.append((name, f"must be from 0.2 to 24 in, got {value}"))
        text = limits.text_problem(self.device)
        if text:
            problems.append(("device", text))
        return problems


def _finite(record: object, names: tuple[str, ...]) -> list[tuple[str, str]]:
    return [(n, "must be a finite number") for n in names if not math.isfinite(getattr(record, n))]


def _frame(width: int, height: int) -> list[tuple[str, str]]:
    if not (0 < width <= 100_000 and 0 < height <= 100_000):
        return [
            ("width", f"the frame must be 1 to 100,000 pixels each way, got {width} x {height}")
        ]
    return []
