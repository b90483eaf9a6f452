"""Frames from a camera or a video file (QtMultimedia; both reach the same
QVideoSink) read in a worker thread: the UI thread only hands the newest frame
over (replacing a frame not read yet: the frames that come while one is read
are dropped); converting it, finding the tags (camera/live.py: tracked from
frame to frame) and reading the table happen in the worker, which sends the
reading back (docs/camera.md, The window)."""

from __future__ import annotations

import threading
import time

from PySide6.QtCore import QObject, QThread, Signal
from PySide6.QtGui import QImage, QTransform

from tabletop_gui.app.camera.photo import to_array
from tabletop_gui.app.camera.underlay import prepared
from tabletop_gui.camera.board_fit import BoardFit
from tabletop_gui.camera.errors import CameraError
from tabletop_gui.camera.lens import Lens
from tabletop_gui.camera.live import LiveReader
from tabletop_gui.camera.table_read import TableReading
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.scene import Scene


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
    #: What reading the frame took in the worker: wall-clock and the thread's CPU seconds.
    seconds: tuple[float, float] = (0.0, 0.0)


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
        self._restart = False
        #: The tags' tracking from frame to frame (camera/live.py); used in the worker only.
        self._live = LiveReader()
        self.frames_read = 0
        self._reading = False

    def idle(self) -> bool:
        """No frame waiting and none being read."""
        with self._cond:
            return self._frame is None and not self._reading

    def set_context(self, context: ReadContext) -> None:
        with self._cond:
            self._context = context

    def offer(self, frame: object, at: float) -> None:
        """A new frame (a QVideoFrame or a QImage) at ``at`` seconds: replaces
        any frame not read yet. Called in the UI thread; returns at once."""
        with self._cond:
            self._frame = (frame, at)
            self._cond.notify()

    def restart(self) -> None:
        """The next frame is read whole, as a photo is (a new camera or video, the
        board aligned again): what was tracked from the last frames is forgotten."""
        with self._cond:
            self._restart = True

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
                self._reading = context is not None
            if context is None:
                continue
            try:
                result = self._read(frame, at, context)
                if result is not None:
                    self.frames_read += 1
                    self.read_done.emit(result)
            except CameraError as exc:
                self.failed.emit(str(exc))
            finally:
                with self._cond:
                    self._reading = False

    def _read(self, frame: object, at: float, ctx: ReadContext) -> FrameResult | None:
        wall, cpu = time.perf_counter(), time.thread_time()
        image = frame if isinstance(frame, QImage) else frame.toImage()  # type: ignore[attr-defined]
        if image.isNull():
            return None
        with self._cond:
            if self._restart:
                self._restart = False
                self._live.forget()
        array = to_array(image)
        reading = self._live.read(ctx.scene, array, fit=ctx.fit, lens=ctx.lens,
                                  corner_size=ctx.corner_size, tag_size=ctx.tag_size)  # fmt: skip
        picture, transform = prepared(array, reading.fit, ctx.scene.board.extent, smooth=False)
        took = (time.perf_counter() - wall, time.thread_time() - cpu)
        return FrameResult(reading, picture, transform, at, took)


def now() -> float:
    return time.monotonic()
