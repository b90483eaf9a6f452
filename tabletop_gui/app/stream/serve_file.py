"""``tabletop-gui serve FILE``: the overlay server on a game file, without a
window. The file is read again whenever it changes on disk (a save from the
window, another program, a copy over it): each moment read is one line (the
time, where the game is), and a file that now holds another game (another rule
family or title) says so; a file that cannot be read is reported and the last
good moment stays on the pages until it reads again.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path
from typing import TextIO

from PySide6.QtCore import QTimer

from tabletop_gui.app.headless import ensure_app
from tabletop_gui.app.stream.overlay_feed import GameMoment, OverlayFeed, game_moment
from tabletop_gui.io import FileFormatError, load_game
from tabletop_gui.overlay.hub import Hub
from tabletop_gui.overlay.server import DEFAULT_PORT, LOOPBACK, OverlayServer
from tabletop_gui.play.turns import clock_text

#: How often the file is looked at for a change, milliseconds.
WATCH_MS = 100

Stamp = tuple[int, int, int] | None


def _stamp(path: Path) -> Stamp:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size, st.st_ino)


def which_game(moment: GameMoment) -> str:
    """The game as its title and rule family: '"Hochkirch" (hex)'."""
    setup = moment.state.setup
    return f'"{setup.name or "untitled"}" ({setup.family})'


def where(moment: GameMoment) -> str:
    """Where the game is, as the score bar's clock says it, and its log's length."""
    n = moment.total_events
    return f"{clock_text(moment.state, moment.events)}, {n} event{'' if n == 1 else 's'}"


class FileWatch:
    """The game in ``path``, read again when the file's time, size or inode change.
    Problems go to ``out``; each moment read is a line on ``log`` (standard
    output when None)."""

    def __init__(self, path: Path, out: TextIO = sys.stderr, log: TextIO | None = None) -> None:
        self.path = path
        self.out = out
        self.log = log
        self.stamp = _stamp(path)
        self.current: GameMoment = game_moment(load_game(str(path)))
        self.reads = 0

    def say(self, text: str) -> None:
        print(f"{time.strftime('%H:%M:%S')} {text}", file=self.log or sys.stdout, flush=True)

    def moment(self) -> GameMoment:
        return self.current

    def check(self) -> bool:
        """Read the file again if it changed; True when a new moment was read."""
        stamp = _stamp(self.path)
        if stamp == self.stamp:
            return False
        self.stamp = stamp
        if stamp is None:
            print(f"{self.path}: the file is gone; still showing the last moment read",
                  file=self.out)  # fmt: skip
            return False
        try:
            game = load_game(str(self.path))
        except (FileFormatError, OSError) as exc:
            print(f"error: {exc}; still showing the last moment read", file=self.out)
            return False
        before, self.current = self.current, game_moment(game)
        self.reads += 1
        was, now = which_game(before), which_game(self.current)
        if now != was:
            self.say(f"{self.path.name} is now another game: {now}, was {was}; "
                     f"{where(self.current)}")  # fmt: skip
        else:
            self.say(f"{self.path.name} read: {where(self.current)}")
        return True


def run_serve(path: str, port: int = DEFAULT_PORT, host: str = LOOPBACK,
              referee: bool = False) -> int:  # fmt: skip
    """Serve ``path`` until Ctrl+C. Raises FileFormatError (a bad file) and
    OSError/ValueError (the address) for the command line to report."""
    app = ensure_app()
    watch = FileWatch(Path(path))
    hub = Hub()
    feed = OverlayFeed(hub, watch.moment, referee=referee)
    server = OverlayServer(hub, port=port, host=host)
    server.start()
    view = "referee's view: every value shown" if referee else "players' view: hidden values '?'"
    print(f"Serving {Path(path).name} ({view}) at {server.url}")
    print(f"  {which_game(watch.current)}: {where(watch.current)}")
    print(f"  OBS browser source: {server.url}overlay  (score bar alone: {server.url}bar)")
    if server.lan:
        print(
            f"warning: listening on {server.host}: every computer that can reach this address "
            "can see the board. Use the default (127.0.0.1) unless another computer streams.",
            file=sys.stderr,
        )
    print("Ctrl+C stops.")
    sys.stdout.flush()

    def poll() -> None:
        if watch.check():
            feed.changed()

    timer = QTimer()
    timer.timeout.connect(poll)
    timer.start(WATCH_MS)
    # Ctrl+C: Qt's loop does not return to Python by itself; the timer above
    # lets the handler run.
    signal.signal(signal.SIGINT, lambda *_: app.quit())
    signal.signal(signal.SIGTERM, lambda *_: app.quit())
    try:
        app.exec()
    finally:
        timer.stop()
        server.stop()
        feed.stop()
    print("stopped")
    return 0
