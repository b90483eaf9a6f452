"""A camera's frames read one after another (no Qt; the window's worker thread
and benchmarks/bench_camera.py run this same code). The first frame is read
whole, as a photo is. After it, each marker seen is looked for only in a small
box around where it was last seen, and the board's part of the frame is
searched whole a band at a time, one band a frame, for the markers not tracked
(a unit set down while a hand hid its tag, a tag uncovered, a new one): a frame
costs the boxes and one band instead of the whole frame (docs/camera.md,
Accuracy and speed)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from tabletop_gui.camera.board_fit import BoardFit
from tabletop_gui.camera.detect import REDUCED, Box, Detector, Seen
from tabletop_gui.camera.lens import Lens
from tabletop_gui.camera.markers import (
    CORNER_IDS,
    CORNER_SIZE_IN,
    TAG_SIZE_IN,
    corner_marker_corners,
)
from tabletop_gui.camera.table_read import TableReading, check_image, read_table
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.scene import Scene

#: A tracked marker is looked for in the box around its last corners grown by
#: this many of its sides on every side: a unit carried less than that between
#: two frames read is followed frame to frame; one carried faster is found
#: again by the sweep.
TRACK_MARGIN = 0.75
#: The board's part of the frame is searched whole in this many bands, one a
#: frame: a marker not tracked is found within this many frames.
SWEEP_BANDS = 8
#: While a unit tag is lost (a unit carried), LOST_SWEEP bands a frame, the
#: bands nearest where the tag was last seen first: a unit set down far away
#: is found within SWEEP_BANDS / LOST_SWEEP frames, most often in the first or
#: second (a band costs about 13 ms of CPU on a 1080p frame at 55 degrees).
LOST_SWEEP = 2
#: A marker not found in its box is still looked for there for this many frames
#: (a hand over it, a unit carried: a few seconds), then only by the sweep.
LOST_FRAMES = 90
#: A unit tag lost is also looked for this many of its sides around where it was
#: last seen (6 in for a 1.5 in tag), at once in the frame it is lost in and
#: then in turn: a unit carried and set down that near is found in the first
#: frame that shows it, one set down further by the sweep. LOST_WIDE lost tags
#: a frame, so that an arm over the table costs little.
LOST_REACH = 4.0
LOST_WIDE = 2
#: A band of the sweep is searched at 1/1.5 of the resolution (edges still
#: refined at full resolution) where every tag in it is at least this many
#: pixels on its shorter side, else at full resolution: on a 1080p frame at 55
#: degrees of tilt the reduced pass misses some 1.5 in tags 15 to 20 pixels
#: wide (benchmarks/bench_camera.py).
REDUCED_SIDE = 28.0
#: A tracked marker at least this many pixels on its shorter side is looked for
#: in its box at 1/1.5 of the resolution first, and at full resolution when not
#: found there: a quarter of the time for most tags, as accurate.
TRACK_REDUCED_SIDE = 16.0


@dataclass
class _Tracked:
    corners: np.ndarray
    missed: int = 0


class LiveReader:
    """Reads the frames of one camera in turn, keeping where each marker was."""

    def __init__(self) -> None:
        self._detector = Detector()
        self._tracked: dict[int, list[_Tracked]] = {}
        self._size: tuple[int, int] | None = None
        self._fit: BoardFit | None = None
        #: The bands of the sweep's round not searched yet, the next first.
        self._bands: list[int] = []
        self._frames = 0
        #: The lens distortion fitted on the first frame read whole when the game
        #: has no lens calibration (camera/self_calibration.py), used after it.
        self._own_lens: Lens | None = None
        #: How many frames were read whole (the first, and after the markers were lost).
        self.whole_frames = 0

    def forget(self) -> None:
        """Start afresh: the next frame is read whole (a new camera or video)."""
        self._tracked.clear()
        self._size = None
        self._fit = None
        self._own_lens = None

    def read(
        self,
        scene: Scene,
        image: np.ndarray,
        *,
        fit: BoardFit | None = None,
        lens: Lens | None = None,
        corner_size: float = CORNER_SIZE_IN,
        tag_size: float = TAG_SIZE_IN,
        where: str = "the camera's frame",
    ) -> TableReading:
        """The reading of the next frame, as ``table_read.read_table`` reads a
        photo (the same fit, checks and problems), its markers found as above.
        Raises CameraError when the board cannot be found."""
        check_image(image.shape, where)
        size = (int(image.shape[1]), int(image.shape[0]))
        whole = size != self._size or not self._tracked
        if whole:
            expect = set(CORNER_IDS) | {u.tag for u in scene.units.values() if u.tag is not None}
            found = self._detector.detect(image, expect)
            self.whole_frames += 1
            self._bands = []
        else:
            # The last frame's own fit first: a kept alignment may be from before
            # the camera was moved.
            found = self._follow(image, self._fit or fit, corner_size, tag_size)
        self._size = size
        self._frames += 1
        self._keep(found)
        # The lens's distortion is fitted once, on a frame read whole, and kept:
        # the camera's lens does not change from frame to frame.
        calibrate = lens is None and whole
        # A frame whose corner markers are not all seen is checked against, and
        # read with, the last frame's fit before the alignment the game kept:
        # the camera may have moved since that was kept.
        last = self._fit if self._fit is not None and self._fit.image_size == size else None
        reading = read_table(scene, image, fit=last or fit, lens=lens or self._own_lens,
                             corner_size=corner_size, tag_size=tag_size, where=where, seen=found,
                             self_calibrate=calibrate)  # fmt: skip
        if calibrate:
            own = reading.fit.lens
            self._own_lens = own if own is not None and own.fitted else None
        self._fit = reading.fit
        return reading

    def _follow(
        self, image: np.ndarray, fit: BoardFit | None, corner_size: float, tag_size: float
    ) -> list[Seen]:
        found: dict[int, list[Seen]] = {}

        def add(seen: Sequence[Seen], only: int | None = None) -> bool:
            new = False
            for s in seen:
                if only is None or s.tag_id == only:
                    same = found.setdefault(s.tag_id, [])
                    if not any(_same_place(s, f) for f in same):
                        same.append(s)
                        new = True
            return new

        lost = sorted((t, i) for t, ps in self._tracked.items() for i, p in enumerate(ps)
                      if p.missed and t not in CORNER_IDS)  # fmt: skip
        start = self._frames % len(lost) if lost else 0
        wide = set((lost[start:] + lost[:start])[:LOST_WIDE])
        boxes = [(tag_id, *_around(p.corners, LOST_REACH if (tag_id, i) in wide else TRACK_MARGIN))
                 for tag_id, ps in self._tracked.items() for i, p in enumerate(ps)]  # fmt: skip
        if fit is not None:
            # A corner marker not tracked is looked for where the board's fit puts it:
            # the sweep's bands overlap by a unit tag's height, not a corner marker's.
            w, h = fit.board
            for i in CORNER_IDS:
                if i not in self._tracked:
                    where = fit.to_image(corner_marker_corners(i, w, h, corner_size))
                    boxes.append((i, *_around(where, TRACK_MARGIN)))

        def look(tag_id: int, box: Box, side: float) -> None:
            if side >= TRACK_REDUCED_SIDE and add(self._detector.look(image, box, REDUCED), tag_id):
                return
            add(self._detector.look(image, box), tag_id)

        for tag_id, box, side in boxes:
            look(tag_id, box, side)
        # A unit tag lost in this frame (a unit picked up, or carried and set
        # down already) is looked for in the wide box at once.
        just_lost = [(t, p.corners) for t, ps in self._tracked.items() for p in ps
                     if not p.missed and t not in CORNER_IDS and t not in found]  # fmt: skip
        for tag_id, corners in just_lost[:LOST_WIDE]:
            look(tag_id, *_around(corners, LOST_REACH))
        # The sweep: a band a frame, LOST_SWEEP while a unit tag is lost; a tag
        # lost in this frame starts a round from the bands nearest where it was.
        bands = _bands(image.shape, fit, tag_size)
        still_lost = [corners for t, corners in just_lost if t not in found]
        if still_lost:
            row = float(still_lost[0][:, 1].mean())
            middle = [(box[1] + box[3]) / 2 for box, _ in bands]
            self._bands = sorted(range(SWEEP_BANDS), key=lambda i: abs(middle[i] - row))
        missing = any(t not in CORNER_IDS and t not in found for t in self._tracked)
        for _ in range(LOST_SWEEP if missing else 1):
            if not self._bands:
                self._bands = list(range(SWEEP_BANDS))
            box, decimate = bands[self._bands.pop(0)]
            add(self._detector.look(image, box, decimate))
        return [s for same in found.values() for s in same]

    def _keep(self, found: Sequence[Seen]) -> None:
        """Track what was found; a marker lost stays tracked where it was for a
        while unless it was found elsewhere."""
        kept: dict[int, list[_Tracked]] = {}
        for s in found:
            kept.setdefault(s.tag_id, []).append(_Tracked(s.corners))
        for tag_id, places in self._tracked.items():
            if tag_id in kept:
                continue
            for place in places:
                if place.missed + 1 < LOST_FRAMES:
                    kept.setdefault(tag_id, []).append(_Tracked(place.corners, place.missed + 1))
        self._tracked = kept


def _side(corners: np.ndarray) -> float:
    """A marker's shortest side in pixels."""
    d = corners - corners[[1, 2, 3, 0]]
    return float(np.sqrt((d * d).sum(axis=1).min()))


def _around(corners: np.ndarray, margin: float) -> tuple[Box, float]:
    """The image box around a marker's corners grown by ``margin`` of its side, and that side."""
    side = _side(corners)
    grow = margin * max(side, 8.0)
    x0, y0 = corners.min(axis=0) - grow
    x1, y1 = corners.max(axis=0) + grow
    return (math.floor(x0), math.floor(y0), math.ceil(x1), math.ceil(y1)), side


def _same_place(a: Seen, b: Seen) -> bool:
    """Whether two detections of one id are one marker found twice (their
    centres within half a side), not the same tag printed twice."""
    d = a.corners.mean(axis=0) - b.corners.mean(axis=0)
    return float(np.hypot(d[0], d[1])) < _side(b.corners) / 2


def _bands(shape: Sequence[int], fit: BoardFit | None, tag_in: float) -> list[tuple[Box, float]]:
    """The sweep's SWEEP_BANDS bands of rows over the board's part of the frame
    (the whole frame without a fit), overlapping by a unit tag's height so that
    every tag lies whole in one band, each as wide as the board is in its rows;
    and the resolution each is searched at (reduced only where every tag in it
    is large)."""
    h, w = int(shape[0]), int(shape[1])
    if fit is None:
        step = math.ceil(h / SWEEP_BANDS)
        return [((0, i * step, w, min(h, (i + 1) * step + 48)), 1.0) for i in range(SWEEP_BANDS)]
    bw, bh = fit.board
    # Board points every 1.5 in down the board (a band holds several rows of
    # them), every 3 in across, the board's edges included.
    gx, gy = np.meshgrid(np.linspace(0, bw, 25), np.linspace(0, bh, 33))
    points = np.column_stack((gx.ravel(), gy.ravel()))
    at = fit.to_image(points)
    step_x = fit.to_image(points + np.array([tag_in, 0.0])) - at
    step_y = fit.to_image(points + np.array([0.0, tag_in])) - at
    # A tag turned 45 degrees spans up to both steps' sum; its quiet zone a cell more.
    extent = (np.abs(step_x) + np.abs(step_y)) * 1.25
    overlap = math.ceil(float(extent[:, 1].max())) + 2
    y0 = max(0, math.floor(float((at[:, 1] - extent[:, 1]).min())))
    y1 = min(h, math.ceil(float((at[:, 1] + extent[:, 1]).max())))
    step = max(1, math.ceil((y1 - y0) / SWEEP_BANDS))
    smaller = np.minimum(np.hypot(*step_x.T), np.hypot(*step_y.T))
    out: list[tuple[Box, float]] = []
    for index in range(SWEEP_BANDS):
        top = y0 + index * step
        bottom = min(y1, top + step + overlap)
        inside = (at[:, 1] + extent[:, 1] >= top) & (at[:, 1] - extent[:, 1] <= bottom)
        if not inside.any():
            out.append(((0, top, w, bottom), 1.0))
            continue
        x0 = max(0, math.floor(float((at[inside, 0] - extent[inside, 0]).min())))
        x1 = min(w, math.ceil(float((at[inside, 0] + extent[inside, 0]).max())))
        decimate = REDUCED if float(smaller[inside].min()) >= REDUCED_SIDE else 1.0
        out.append(((x0, top, x1, bottom), decimate))
    return out
