"""The PNG for streaming: the streamer picture rewritten whenever the game
changes, written whole (a temp file renamed over the target) so a reader (OBS's
Image source) never sees half a file.
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path

from PySide6.QtCore import (
    QLockFile,
    QObject,
    QRectF,
    QSize,
    QStandardPaths,
    Signal,
)
from PySide6.QtGui import QImage, QPainter

from tabletop_gui.app import session
from tabletop_gui.app.canvas.annotation_items import show_annotations
from tabletop_gui.app.document import Document
from tabletop_gui.app.stream.audience import stream_scoreboard, stream_settings
from tabletop_gui.app.stream.board_picture import StreamScene, label_px, paint_frame
from tabletop_gui.app.stream.coalesce import Coalescer
from tabletop_gui.app.stream.png_encode import encode_png, rgb_pixels
from tabletop_gui.app.stream.score_bar import bar_height
from tabletop_gui.app.stream.window import doc_bar
from tabletop_gui.io.atomic import write_atomic

#: Default picture size of the stream output.
STREAM_SIZE = (1920, 1080)
STREAM_FILE = "stream.png"


def default_stream_path() -> Path:
    """``stream.png`` in the user's data folder: ``~/.local/share/tabletop_gui/``
    on Linux (the generic data location plus the program's name once), or
    ``TABLETOP_GUI_DATA_DIR`` when set."""
    override = os.environ.get("TABLETOP_GUI_DATA_DIR")
    if override:
        return Path(override) / STREAM_FILE
    where = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericDataLocation)
    base = Path(where) if where else Path.home()
    return base / session.APPLICATION / STREAM_FILE


class StreamFileTaken(OSError):
    """The PNG asked for is being written by another stream output."""


def _lock_for(path: Path) -> QLockFile:
    # Stale only when the process holding it is gone (a crash), never by age: an
    # evening's stream holds its lock for hours.
    lock = QLockFile(f"{path}.lock")
    lock.setStaleLockTime(0)
    return lock


def claim_stream_file(path: Path) -> QLockFile:
    """Hold ``path`` for one stream output (``path.lock`` beside it, holding the
    process id); StreamFileTaken, naming the holder, when another output (another
    window, of this run or another) writes it: two outputs on one file would show
    both games by turns on air."""
    path.parent.mkdir(parents=True, exist_ok=True)
    lock = _lock_for(path)
    if lock.tryLock(0):
        return lock
    if lock.error() != QLockFile.LockError.LockFailedError:
        raise OSError(f"{path}.lock: cannot be made, so the PNG cannot be held for this window")
    pid = lock.getLockInfo()[0]
    holder = (
        "another window of this run" if pid == os.getpid() else f"another window (process {pid})"
    )
    raise StreamFileTaken(f"{path.name} is being written by {holder}")


def stream_file_free(path: Path) -> bool:
    """Whether no stream output writes ``path`` now."""
    lock = _lock_for(path)
    if not lock.tryLock(0):
        return lock.error() != QLockFile.LockError.LockFailedError
    lock.unlock()
    return True


def free_stream_path(path: Path) -> Path:
    """``path`` when no output writes it, else the first free ``stem-2.png``,
    ``stem-3.png``... beside it (what a second window is offered)."""
    n = 2
    found = path
    while not stream_file_free(found):
        found = path.with_name(f"{path.stem}-{n}{path.suffix}")
        n += 1
    return found


class StreamOutput(QObject):
    """Rewrite ``path`` (PNG) with the streamer picture after every change.

    A change is drawn on the next turn of the event loop, encoded by the quick
    encoder (``png_encode``) and written whole; a burst of changes (a drag) is
    folded into as few pictures as keep the window responsive (``Coalescer``).
    The file is held while the output runs (``claim_stream_file``: raises
    StreamFileTaken when another output writes it)."""

    written = Signal(str)
    failed = Signal(str)

    def __init__(
        self,
        doc: Document,
        path: str | Path,
        size: tuple[int, int] = STREAM_SIZE,
        parent: QObject | None = None,
    ) -> None:
        lock = claim_stream_file(Path(path))  # before anything is made: may refuse
        super().__init__(parent)
        self.doc = doc
        self.path = Path(path)
        self.lock = lock
        self.size = QSize(*size)
        self.settings = stream_settings()
        self.scene = StreamScene(self, public=not self.settings.show_hidden)
        self.writes = 0
        self.last_write = 0.0
        #: Where the board's scene went in the last picture (pixels).
        self.board_rect = QRectF()
        self.coalescer = Coalescer(self.write, self)
        doc.changed.connect(self.schedule)
        doc.annotations_changed.connect(self.schedule)
        self.settings.changed.connect(self._view_changed)
        self.write()

    def schedule(self) -> None:
        self.coalescer.poke()

    def _view_changed(self, show_hidden: bool) -> None:
        self.scene.set_public(not show_hidden)
        self.schedule()

    def stop(self) -> None:
        self.coalescer.stop()
        self.lock.unlock()
        with contextlib.suppress(RuntimeError, TypeError):
            self.doc.changed.disconnect(self.schedule)
        with contextlib.suppress(RuntimeError, TypeError):
            self.doc.annotations_changed.disconnect(self.schedule)
        with contextlib.suppress(RuntimeError, TypeError):
            self.settings.changed.disconnect(self._view_changed)

    def image(self) -> QImage:
        board = stream_scoreboard(self.doc, self.settings.show_hidden)
        self.scene.sync(self.doc.state, board)
        info = doc_bar(self.doc, board, self.scene)
        w, h = self.size.width(), self.size.height()
        self.scene.fit_labels(w, h - bar_height(info, w, h), label_px(h))
        # After the labels are fitted to the picture: the text scale is the picture's.
        show_annotations(self.scene, self.doc.annotations, self.doc.state, board,
                         scene_at=self.doc.scene_at)  # fmt: skip
        image = QImage(self.size, QImage.Format.Format_RGB32)
        painter = QPainter(image)
        self.board_rect = paint_frame(painter, self.size, self.scene, info)
        painter.end()
        return image

    def write(self) -> None:
        """Draw the picture and write it now."""
        data = encode_png(rgb_pixels(self.image()))
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(self.path, data)
        except OSError as exc:  # write_atomic's errors name the file
            self.failed.emit(str(exc) if exc.strerror is None else f"{self.path}: {exc.strerror}")
            return
        self.writes += 1
        self.last_write = time.monotonic()
        self.written.emit(str(self.path))
