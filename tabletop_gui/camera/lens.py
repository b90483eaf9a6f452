"""A camera's lens: the pinhole intrinsics and OpenCV's radial and tangential
distortion model (k1, k2, p1, p2, k3), so a calibration made by OpenCV can be
typed in and ours read by OpenCV (docs/camera.md, Lens calibration)."""

from __future__ import annotations

import numpy as np

from tabletop_gui.lazy_dataclass import dataclass


@dataclass(frozen=True)
class Lens:
    fx: float
    fy: float
    cx: float
    cy: float
    k1: float = 0.0
    k2: float = 0.0
    p1: float = 0.0
    p2: float = 0.0
    k3: float = 0.0
    #: The frame size the intrinsics were measured at (a frame of another size
    #: is scaled to it).
    width: int = 0
    height: int = 0
    #: Fitted from a photo of the table itself (camera/self_calibration.py),
    #: not measured by a lens calibration: kept with the board's alignment.
    fitted: bool = False

    def distort(self, normalised: np.ndarray) -> np.ndarray:
        """Ideal normalised image points (N, 2) -> distorted pixels."""
        x, y = normalised[:, 0], normalised[:, 1]
        r2 = x * x + y * y
        radial = 1 + r2 * (self.k1 + r2 * (self.k2 + r2 * self.k3))
        xd = x * radial + 2 * self.p1 * x * y + self.p2 * (r2 + 2 * x * x)
        yd = y * radial + self.p1 * (r2 + 2 * y * y) + 2 * self.p2 * x * y
        return np.column_stack((self.fx * xd + self.cx, self.fy * yd + self.cy))

    def normalise(self, pixels: np.ndarray, iterations: int = 8) -> np.ndarray:
        """Distorted pixels (N, 2) -> ideal normalised points (fixed-point
        inversion of ``distort``, as OpenCV's undistortPoints does)."""
        xd = (pixels[:, 0] - self.cx) / self.fx
        yd = (pixels[:, 1] - self.cy) / self.fy
        x, y = xd.copy(), yd.copy()
        for _ in range(iterations):
            r2 = x * x + y * y
            radial = 1 + r2 * (self.k1 + r2 * (self.k2 + r2 * self.k3))
            dx = 2 * self.p1 * x * y + self.p2 * (r2 + 2 * x * x)
            dy = self.p1 * (r2 + 2 * y * y) + 2 * self.p2 * x * y
            x = (xd - dx) / radial
            y = (yd - dy) / radial
        return np.column_stack((x, y))

    def undistort(self, pixels: np.ndarray) -> np.ndarray:
        """Distorted pixels -> the pixels an ideal (distortion-free) lens with the
        same intrinsics would have seen."""
        n = self.normalise(pixels)
        return np.column_stack((self.fx * n[:, 0] + self.cx, self.fy * n[:, 1] + self.cy))

    def redistort(self, pixels: np.ndarray) -> np.ndarray:
        """Ideal pixels -> the distorted pixels of the real lens (``undistort``'s inverse)."""
        n = np.column_stack(
            ((pixels[:, 0] - self.cx) / self.fx, (pixels[:, 1] - self.cy) / self.fy)
        )
        return self.distort(n)

    def scaled_to(self, width: int, height: int) -> Lens:
        """The same lens for a frame of ``width`` x ``height`` (the camera's
        other resolution of the same field of view)."""
        if not self.width or (width, height) == (self.width, self.height):
            return self
        sx, sy = width / self.width, height / self.height
        return Lens(self.fx * sx, self.fy * sy, self.cx * sx, self.cy * sy,
                    self.k1, self.k2, self.p1, self.p2, self.k3, width, height,
                    self.fitted)  # fmt: skip

    @property
    def coefficients(self) -> tuple[float, float, float, float, float]:
        return (self.k1, self.k2, self.p1, self.p2, self.k3)
