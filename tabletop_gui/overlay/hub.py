"""What the overlay server serves, handed over between threads (no Qt).

The thread that draws the game (the window's, or ``tabletop-gui serve``'s)
``publish``-es each new moment: the score document, the score bar's content and
the board picture at every size a page asked for. The server's thread reads the
latest of each and is told (``listen``) when something new arrived, so a page
hears of an edit as soon as its picture exists. Pages ask for the board at
their own size (``want``): at most MAX_SIZES sizes are kept, the least recently
asked for dropped first.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import field
from typing import Any

from tabletop_gui.lazy_dataclass import dataclass

#: A board picture's size in CSS pixels (width, height).
Size = tuple[int, int]

#: Board pictures are drawn at this many sizes at most (one per distinct page size).
MAX_SIZES = 3
#: Sizes are rounded to this many pixels (a page being resized asks for few sizes).
SIZE_STEP = 8
MIN_SIZE: Size = (160, 90)
MAX_SIZE: Size = (3840, 2160)


def clamp_size(width: int, height: int) -> Size:
    """A page's board area, rounded to SIZE_STEP and kept within MIN_SIZE..MAX_SIZE."""
    w = min(MAX_SIZE[0], max(MIN_SIZE[0], round(width / SIZE_STEP) * SIZE_STEP))
    h = min(MAX_SIZE[1], max(MIN_SIZE[1], round(height / SIZE_STEP) * SIZE_STEP))
    return w, h


#: Where the board's own rectangle (0, 0)-(W, H) lies in a board picture:
#: left, top, width, height in the picture's pixels (side A's edge at the bottom).
Rect = tuple[float, float, float, float]


@dataclass(frozen=True)
class Board:
    """The board drawn at one size for one moment."""

    version: int
    svg: bytes
    rect: Rect = (0.0, 0.0, 0.0, 0.0)


@dataclass
class Moment:
    """The latest moment published: ``version`` counts publications."""

    version: int = 0
    score: bytes = b"{}"  # the score document as JSON
    bar: dict[str, Any] = field(default_factory=dict)
    view: str = "players"  # 'players' or 'referee'
    boards: dict[Size, Board] = field(default_factory=dict)
    #: How the camera frames the board (``camera.frame_view``), for /camera; None: no camera.
    camera: dict[str, Any] | None = None
    #: The /camera page's pictures: the overlays without the board itself, by size.
    camera_boards: dict[Size, Board] = field(default_factory=dict)


class Hub:
    """The latest moment and the sizes wanted, safe to use from any thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._moment = Moment()
        self._sizes: OrderedDict[Size, None] = OrderedDict()
        self._camera_sizes: OrderedDict[Size, None] = OrderedDict()
        self._listeners: list[Callable[[], object]] = []
        #: Called (from the asking thread) when a page asks for a size not drawn yet.
        self.on_new_size: Callable[[Size], None] | None = None

    # -- the drawing side -------------------------------------------------------------
    def sizes(self) -> list[Size]:
        """The sizes to draw the board at, most recently asked for first."""
        with self._lock:
            return list(reversed(self._sizes))

    def camera_sizes(self) -> list[Size]:
        """The sizes the /camera page shows its pictures at."""
        with self._lock:
            return list(reversed(self._camera_sizes))

    def publish(
        self,
        score: dict[str, Any],
        bar: dict[str, Any],
        view: str,
        boards: dict[Size, bytes],
        rects: dict[Size, Rect] | None = None,
        camera: dict[str, Any] | None = None,
        camera_boards: dict[Size, tuple[bytes, Rect]] | None = None,
    ) -> int:
        """A new moment: its score document, bar, view and board pictures (with
        where the board lies in each), and how the camera frames the board."""
        data = json.dumps(score, indent=1).encode("utf-8")
        rects = rects or {}
        with self._lock:
            version = self._moment.version + 1
            pictures = {s: Board(version, svg, rects.get(s, (0.0, 0.0, 0.0, 0.0)))
                        for s, svg in boards.items() if s in self._sizes}  # fmt: skip
            framed = {s: Board(version, svg, rect)
                      for s, (svg, rect) in (camera_boards or {}).items()
                      if s in self._camera_sizes}  # fmt: skip
            self._moment = Moment(version, data, bar, view, pictures, camera, framed)
        self._notify()
        return version

    # -- the serving side -------------------------------------------------------------
    def moment(self) -> Moment:
        with self._lock:
            return self._moment

    def want(self, size: Size, camera: bool = False) -> bool:
        """A page shows the board at ``size`` (``camera``: the /camera page's
        picture): keep drawing it (True: a new size, which the drawing side is
        told of through ``on_new_size``)."""
        with self._lock:
            sizes = self._camera_sizes if camera else self._sizes
            new = size not in sizes
            sizes[size] = None
            sizes.move_to_end(size)
            while len(sizes) > MAX_SIZES:
                gone, _ = sizes.popitem(last=False)
                if camera:
                    kept = self._moment.camera_boards
                    self._moment.camera_boards = {s: b for s, b in kept.items() if s != gone}
                else:
                    self._moment.boards = {
                        s: b for s, b in self._moment.boards.items() if s != gone
                    }
        if new and self.on_new_size is not None:
            self.on_new_size(size)
        return new

    def listen(self, callback: Callable[[], object]) -> Callable[[], None]:
        """Call ``callback`` (from the publishing thread) after each publication;
        returns the function that stops it."""
        with self._lock:
            self._listeners.append(callback)

        def stop() -> None:
            with self._lock:
                if callback in self._listeners:
                    self._listeners.remove(callback)

        return stop

    def _notify(self) -> None:
        with self._lock:
            listeners = list(self._listeners)
        for callback in listeners:
            callback()
