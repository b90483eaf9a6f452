"""What a game keeps of its camera (``model.camera``) to and from the camera
package's working values: the lens, the board's fit."""

from __future__ import annotations

import numpy as np

from tabletop_gui.camera.board_fit import BoardFit
from tabletop_gui.camera.lens import Lens
from tabletop_gui.model.camera import Alignment, LensRecord, TableCamera


def lens_of(camera: TableCamera | None) -> Lens | None:
    """The game's lens calibration."""
    return _lens(camera.lens if camera is not None else None)


def _lens(r: LensRecord | None, fitted: bool = False) -> Lens | None:
    if r is None:
        return None
    return Lens(r.fx, r.fy, r.cx, r.cy, r.k1, r.k2, r.p1, r.p2, r.k3, r.width, r.height, fitted)


def lens_record(lens: Lens, rms_px: float = 0.0) -> LensRecord:
    return LensRecord(lens.fx, lens.fy, lens.cx, lens.cy, lens.width, lens.height,
                      lens.k1, lens.k2, lens.p1, lens.p2, lens.k3, rms_px)  # fmt: skip


def kept_fit(camera: TableCamera | None, board: tuple[float, float]) -> BoardFit | None:
    """The alignment the game kept (used when a frame's corner markers are
    hidden), with the lens it was fitted through: its own fitted distortion,
    else the game's lens calibration."""
    a = camera.alignment if camera is not None else None
    if a is None:
        return None
    h = np.array(a.homography, dtype=float).reshape(3, 3)
    lens = _lens(a.lens, fitted=True) if a.lens is not None else lens_of(camera)
    return BoardFit(h, (a.width, a.height), a.markers, a.rms_in, lens, board)


def alignment_of(fit: BoardFit) -> Alignment:
    """What the game keeps of ``fit``: with the photo's own fitted distortion,
    if any (a calibrated lens is kept as the game's ``lens``)."""
    h = fit.homography / fit.homography[2, 2]
    own = fit.lens if fit.lens is not None and fit.lens.fitted else None
    return Alignment(tuple(float(v) for v in h.flatten()), fit.image_size[0], fit.image_size[1],
                     tuple(fit.markers), round(fit.rms_in, 5),
                     None if own is None else lens_record(own))  # fmt: skip
