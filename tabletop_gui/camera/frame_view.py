"""The board as the camera frames it, for the ``/camera`` overlay page (no Qt):
a homography from board inches to the camera frame's pixels that a browser can
apply to the board picture (CSS ``matrix3d``), so the overlay lies on the real
table in a video stacked under it (docs/streaming.md, The camera page)."""

from __future__ import annotations

from typing import Any

import numpy as np

from tabletop_gui.camera import homography
from tabletop_gui.camera.records import kept_fit
from tabletop_gui.model.camera import TableCamera


def frame_view(camera: TableCamera | None, board: tuple[float, float]) -> dict[str, Any] | None:
    """``{"frame": [w, h], "board": [W, H], "homography": [9 numbers]}`` (board
    inches -> frame pixels, row by row), or None without an alignment. A browser
    applies a homography only, not a lens's distortion: with a lens it is fitted
    to where the real lens puts the board's four corners (they line up exactly);
    between them it is off by the distortion left (a few pixels for an ordinary
    lens)."""
    fit = kept_fit(camera, board)
    if fit is None:
        return None
    w, h = board
    corners = np.array([(0, 0), (w, 0), (w, h), (0, h)], dtype=float)
    # Without a lens the fit's homography is the frame's; with one, the corners
    # where the lens puts them.
    exact = fit.homography if fit.lens is None else homography.dlt(corners, fit.to_image(corners))
    matrix = exact / exact[2, 2]
    return {
        "frame": [fit.image_size[0], fit.image_size[1]],
        "board": [w, h],
        "homography": [round(float(v), 9) for v in matrix.flatten()],
    }
