"""Frames from a camera or a video file (QtMultimedia; both reach the same
QVideoSink) read in a worker thread: the UI thread only hands the newest frame
over; converting it, finding the tags and reading the table happen in the
worker, which sends the reading back (docs/camera.md, The window)."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

from PySide6.QtCore import QObject, QThread, Signal
from PySide6.QtGui import QImage, QTransform

from tabletop_gui.app.camera.photo import to_array
from tabletop_gui.app.camera.underlay import prepared
from tabletop_gui.camera.board_fit import BoardFit
from tabletop_gui.camera.errors import CameraError
from tabletop_gui.camera.lens import Lens
from tabletop_gui.camera.markers import CORNER_IDS
from tabletop_gui.camera.table_read import TableReading, read_table
from tabletop_gui.model.scene import Scene

#: One frame in this many is searched whole at full resolution (see FrameReader._read).
FULL_EVERY = 10


@dataclass(frozen=True)
class ReadContext:
    """What a frame is read against: the game's scene now and its camera."""

    scene: Scene
    fit: BoardFit | None
    lens: Lens | None
    corner_size: float
    tag_size: float


@dataclass(frozen=True)
class FrameResult:
    reading: TableReading
    picture: QImage
    transform: QTransform
    at: float


class FrameReader(QThread):
    """The worker: reads the newest frame offered, drops the ones it had no time for."""

    read_done = Signal(object)  # FrameResult
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._cond = threading.Condition()
        self._frame: tuple[object, float] | None = None
        self._context: ReadContext | None = None
        self._stopping = False
        self.frames_read = 0

    def set_context(self, context: ReadContext) -> None:
        with self._cond:
            self._context = context

    def offer(self, frame: object, at: float) -> None:
        """A new frame (a QVideoFrame or a QImage) at ``at`` seconds: replaces
        any frame not read yet. Called in the UI thread; returns at once."""
        with self._cond:
            self._frame = (frame, at)
            self._cond.notify()

    def stop(self) -> None:
        with self._cond:
            self._stopping = True
            self._cond.notify()
        self.wait(5000)

    def run(self) -> None:
        while True:
            with self._cond:
                while self._frame is None and not self._stopping:
                    self._cond.wait()
                if self._stopping:
                    return
                frame, at = self._frame  # type: ignore[misc]
                self._frame = None
                context = self._context
            if context is None:
                continue
            try:
                result = self._read(frame, at, context)
            except CameraError as exc:
                self.failed.emit(str(exc))
                continue
            if result is not None:
                self.frames_read += 1
                self.read_done.emit(result)

    def _read(self, frame: object, at: float, ctx: ReadContext) -> FrameResult | None:
        image = frame if isinstance(frame, QImage) else frame.toImage()  # type: ignore[attr-defined]
        if image.isNull():
            return None
        array = to_array(image)
        tags = {u.tag for u in ctx.scene.units.values() if u.tag is not None}
        # Every FULL_EVERY-th frame looks at the whole frame at full resolution for
        # a tag it missed (a unit carried far while its tag was not seen).
        near = None
        if ctx.fit is not None and self.frames_read % FULL_EVERY:
            near = _near(ctx.fit, ctx.scene, tags, ctx.corner_size)
        reading = read_table(ctx.scene, array, fit=ctx.fit, lens=ctx.lens,
                             corner_size=ctx.corner_size, tag_size=ctx.tag_size,
                             where="the camera's frame", near=near)  # fmt: skip
        picture, transform = prepared(array, reading.fit, ctx.scene.board.extent, smooth=False)
        return FrameResult(reading, picture, transform, at)


def _near(fit: BoardFit, scene: Scene, tags: set[int], corner_size: float
          ) -> dict[int, tuple[int, int, int, int]]:  # fmt: skip
    """Image boxes 4 in around each tagged unit's place and each corner marker:
    where a live frame looks again at full resolution for a tag it missed."""
    import numpy as np

    from tabletop_gui.camera.markers import corner_marker_corners

    w, h = scene.board.extent
    places = [(u.tag, u.x, u.y) for u in scene.units.values() if u.tag in tags]
    places += [(i, *corner_marker_corners(i, w, h, corner_size).mean(axis=0)) for i in CORNER_IDS]
    out = {}
    for tag, x, y in places:
        r = 4.0
        p = fit.to_image(np.array([(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)]))
        x0, y0 = p.min(axis=0)
        x1, y1 = p.max(axis=0)
        out[int(tag)] = (int(x0), int(y0), int(x1) + 1, int(y1) + 1)
    return out


def now() -> float:
    return time.monotonic()
