"""AprilTag 36h11 markers found in a grey image, their corners in the marker
convention's order (docs/camera.md)."""

from __future__ import annotations

import threading
from typing import Any

import numpy as np

from tabletop_gui.camera import apriltag_lib
from tabletop_gui.lazy_dataclass import dataclass

#: Pixels above which the detector first looks for quads at 1/1.5 of the
#: resolution (edges are still refined at full resolution): at full resolution
#: a textured board costs 4 to 7 times the time (benchmarks/bench_camera.py). A
#: tag expected but not found is looked for again at full resolution.
REDUCED_ABOVE = 1_000_000
REDUCED = 1.5
Box = tuple[int, int, int, int]
#: A detection whose decision margin is below this is not sure enough to move a unit.
SURE_MARGIN = 30.0
#: The library's corner order (left-bottom, right-bottom, right-top, left-top of
#: the AprilTag project's upright) taken to ours (tl, tr, br, bl of OpenCV's
#: upright, which is the AprilTag project's turned 180°).
_TO_CONVENTION = [1, 0, 3, 2]


@dataclass(frozen=True)
class Seen:
    """One marker in an image: ``corners`` (4, 2) in pixels, tl, tr, br, bl."""

    tag_id: int
    corners: np.ndarray
    margin: float
    hamming: int

    @property
    def centre(self) -> tuple[float, float]:
        c = self.corners.mean(axis=0)
        return (float(c[0]), float(c[1]))

    @property
    def sure(self) -> bool:
        return self.hamming == 0 and self.margin >= SURE_MARGIN


def grey(image: np.ndarray) -> np.ndarray:
    """An (H, W) uint8 grey image from (H, W), (H, W, 3) RGB or (H, W, 4) RGBA."""
    if image.ndim == 2:
        return np.ascontiguousarray(image, dtype=np.uint8)
    # ITU-R BT.601 luma in integers: (77 R + 150 G + 29 B) / 256, in place
    # (a third less time than with temporaries: a live frame greys dozens of boxes).
    y = image[..., 0].astype(np.uint16)
    y *= 77
    for channel, weight in ((1, 150), (2, 29)):
        c = image[..., channel].astype(np.uint16)
        c *= weight
        y += c
    y >>= 8
    return y.astype(np.uint8)


class Detector:
    """A detector per thread (the library's detector keeps state per call)."""

    def __init__(self) -> None:
        self._local = threading.local()

    def _get(self, decimate: float) -> Any:
        cache: dict[float, Any] = self._local.__dict__.setdefault("detectors", {})
        if decimate not in cache:
            cache[decimate] = apriltag_lib.module().apriltag(
                "tag36h11", threads=1, maxhamming=1, decimate=decimate, refine_edges=True
            )
        return cache[decimate]

    def detect(self, image: np.ndarray, expect: set[int] | None = None) -> list[Seen]:
        """The markers in ``image``. Above REDUCED_ABOVE pixels quads are looked
        for at 1/REDUCED of the resolution first; when an ``expect``ed id is
        missing from that pass, the whole frame is searched again at full
        resolution (a live frame looks only around where each tag was:
        camera/live.py)."""
        g = grey(image)
        if g.size <= REDUCED_ABOVE:
            return self._pass(g, 1.0)
        found = self._pass(g, REDUCED)
        if (expect or set()) <= {s.tag_id for s in found}:
            return found
        return self._pass(g, 1.0)

    def look(self, image: np.ndarray, box: Box, decimate: float = 1.0) -> list[Seen]:
        """The markers inside ``box`` (pixels x0, y0, x1, y1, clipped to the
        image) of ``image`` (grey or colour: only the box is made grey), found
        at 1/``decimate`` of the resolution, their corners in the image's pixels."""
        h, w = image.shape[:2]
        # The box starts on a multiple of 12 pixels: the library's thresholding
        # tiles (4 pixels, at 1/1.5 of the resolution 6) and its decimation then
        # fall on the whole frame's, so a marker reads as in the whole frame.
        x0, y0 = max(0, box[0] - box[0] % 12), max(0, box[1] - box[1] % 12)
        x1, y1 = min(w, box[2]), min(h, box[3])
        if x1 - x0 < 16 or y1 - y0 < 16:
            return []
        return self._pass(grey(image[y0:y1, x0:x1]), decimate, (x0, y0))

    def _pass(self, g: np.ndarray, decimate: float, at: tuple[int, int] = (0, 0)) -> list[Seen]:
        found = []
        for d in self._get(decimate).detect(g):
            corners = np.asarray(d["lb-rb-rt-lt"], dtype=float)[_TO_CONVENTION] + at
            found.append(Seen(int(d["id"]), corners, float(d["margin"]), int(d["hamming"])))
        return found


_shared = Detector()


def detect(image: np.ndarray, expect: set[int] | None = None) -> list[Seen]:
    """Every AprilTag 36h11 marker in ``image`` (see ``Detector.detect``)."""
    return _shared.detect(image, expect)
