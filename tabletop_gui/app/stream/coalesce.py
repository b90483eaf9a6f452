"""Run a piece of stream work soon after a change, once for a burst of changes.

The first change after a quiet spell runs the work on the next turn of the
event loop (no fixed delay: a click shows at once). Changes that arrive while
it runs, or during the rest after it, run it once more when the rest is over;
the rest lasts as long as the last run took, so a drag that changes the game
on every mouse move spends at most about half the time on the stream and the
window stays responsive.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer


class Coalescer(QObject):
    def __init__(self, work: Callable[[], object], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.work = work
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self.run)
        #: Monotonic time until which the next run waits (the rest after the last).
        self.rest_until = 0.0
        self.running = False
        self.again = False
        #: How long the last run took, seconds.
        self.last_cost = 0.0

    def poke(self) -> None:
        """Something changed: run the work soon (once, however often poked)."""
        if self.running:
            self.again = True
            return
        if self.timer.isActive():
            return
        wait = max(0.0, self.rest_until - time.monotonic())
        self.timer.start(round(wait * 1000))

    def run(self) -> None:
        """Do the work now (a pending run is folded into this one)."""
        self.timer.stop()
        self.running = True
        self.again = False
        start = time.monotonic()
        try:
            self.work()
        finally:
            end = time.monotonic()
            self.last_cost = end - start
            self.rest_until = end + self.last_cost
            self.running = False
        if self.again:
            self.poke()

    def stop(self) -> None:
        self.timer.stop()
        self.again = False
