"""A lens measured from photos of the printed calibration grid
(camera/lens_calibration.py, docs/camera.md, Lens calibration): synthetic photos
through a known lens, so the lens found can be checked against it."""

import math

import numpy as np
import pytest

from tabletop_gui.camera import synthetic
from tabletop_gui.camera.detect import detect
from tabletop_gui.camera.errors import CameraError
from tabletop_gui.camera.lens_calibration import GRID, calibrate
from tabletop_gui.model import InchBoard, Scene

SIZE = (1280, 720)
BOARD = (24.0, 14.0)


def grid_photo(tilt: float, turn: float, at: tuple[float, float]
               ) -> tuple[np.ndarray, synthetic.Camera]:  # fmt: skip
    """The grid lying turned ``turn`` degrees at ``at`` on a 24 x 14 in table
    filling the frame, seen from ``tilt``: the views together cover the frame."""
    camera = synthetic.camera_for(BOARD, SIZE, tilt, hfov_deg=60, k1=-0.12, k2=0.05,
                                  roll_deg=0, fill=1.0)  # fmt: skip
    a = math.radians(turn)
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    middle = np.mean([GRID.corners(i).mean(axis=0) for i in GRID.ids()], axis=0)
    extra = []
    for tag in GRID.ids():
        c = rot @ (GRID.corners(tag).mean(axis=0) - middle) + at
        extra.append((tag, float(c[0]), float(c[1]), turn))
    scene = Scene(board=InchBoard(*BOARD), sides=(), units={})
    image = synthetic.render(scene, camera, tag_size=GRID.size, corners=(), extra=tuple(extra))
    return image, camera


@pytest.fixture(scope="module")
def views():
    shots = [
        grid_photo(t, turn, at)
        for t, turn, at in [
            (0, 0, (12, 7)),
            (30, 20, (6, 4.5)),
            (40, -35, (18, 9.5)),
            (35, 60, (6, 9.5)),
            (25, 110, (18, 4.5)),
            (45, 160, (12, 7)),
            (20, 80, (4.5, 7)),
            (20, -80, (19.5, 7)),
        ]
    ]
    return [detect(image) for image, _ in shots], shots[0][1].lens  # fmt: skip


def test_the_lens_found_puts_every_pixel_where_the_real_lens_does(views):
    seen, truth = views
    found = calibrate(seen, SIZE)
    assert found.views == 8 and found.rms_px < 0.3
    # Across the whole frame, the calibrated lens undistorts as the real one does.
    xs, ys = np.meshgrid(np.linspace(20, SIZE[0] - 20, 9), np.linspace(20, SIZE[1] - 20, 7))
    pixels = np.column_stack((xs.ravel(), ys.ravel()))
    ideal_true = truth.normalise(pixels)
    ideal_found = found.lens.normalise(pixels)
    # In pixels at the true focal length: under half a pixel anywhere.
    assert np.abs(ideal_true - ideal_found).max() * truth.fx < 0.5
    assert found.lens.fx == pytest.approx(truth.fx, rel=0.02)


def test_too_few_views_are_refused_naming_what_is_needed(views):
    seen, _ = views
    with pytest.raises(CameraError, match="at least 3 photos showing 4 or more markers"):
        calibrate(seen[:2], SIZE)
