"""Plane-to-plane homographies in numpy: the normalised DLT, then Gauss-Newton
on the image-side reprojection error (Hartley & Zisserman, "Multiple View
Geometry", 4.1 and 4.2)."""

from __future__ import annotations

import numpy as np


def apply(h: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Map (N, 2) points through the 3 x 3 homography ``h``."""
    p = np.column_stack((points, np.ones(len(points)))) @ h.T
    return p[:, :2] / p[:, 2:3]


def _normaliser(points: np.ndarray) -> np.ndarray:
    centre = points.mean(axis=0)
    spread = np.sqrt(((points - centre) ** 2).sum(axis=1)).mean()
    s = np.sqrt(2) / spread if spread > 0 else 1.0
    return np.array([[s, 0, -s * centre[0]], [0, s, -s * centre[1]], [0, 0, 1]])


def dlt(src: np.ndarray, dst: np.ndarray) -> np.ndarray:
    """The homography taking ``src`` to ``dst`` (each (N, 2), N >= 4), normalised DLT."""
    ts, td = _normaliser(src), _normaliser(dst)
    s = apply(ts, src)
    d = apply(td, dst)
    n = len(s)
    a = np.zeros((2 * n, 9))
    a[0::2, 0:2], a[0::2, 2] = s, 1
    a[0::2, 6:8] = -d[:, 0:1] * s
    a[0::2, 8] = -d[:, 0]
    a[1::2, 3:5], a[1::2, 5] = s, 1
    a[1::2, 6:8] = -d[:, 1:2] * s
    a[1::2, 8] = -d[:, 1]
    h = np.linalg.svd(a)[2][-1].reshape(3, 3)
    h = np.linalg.inv(td) @ h @ ts
    return h / h[2, 2]


def fit(src: np.ndarray, dst: np.ndarray, iterations: int = 10) -> np.ndarray:
    """``dlt`` refined to the least squares of the distances in ``dst``'s plane
    (the image, where the measurement noise is)."""
    h = dlt(src, dst)
    if len(src) == 4:
        return h
    p = h.flatten()[:8] / h[2, 2]
    x, y = src[:, 0], src[:, 1]
    one = np.ones_like(x)
    for _ in range(iterations):
        w = p[6] * x + p[7] * y + 1
        u = (p[0] * x + p[1] * y + p[2]) / w
        v = (p[3] * x + p[4] * y + p[5]) / w
        r = np.concatenate((u - dst[:, 0], v - dst[:, 1]))
        zero = np.zeros_like(x)
        ju = np.column_stack((x / w, y / w, one / w, zero, zero, zero, -u * x / w, -u * y / w))
        jv = np.column_stack((zero, zero, zero, x / w, y / w, one / w, -v * x / w, -v * y / w))
        j = np.vstack((ju, jv))
        step = np.linalg.lstsq(j, -r, rcond=None)[0]
        p = p + step
        if np.abs(step).max() < 1e-12 * max(1.0, np.abs(p).max()):
            break
    return np.append(p, 1.0).reshape(3, 3)
