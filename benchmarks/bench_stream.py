"""How soon an edit in the window reaches the stream.

- PNG: from an edit (a unit moved in the main window) to the stream PNG
  written, against the old output in the same run (rewritten at most every
  250 ms by a throttle timer);
- overlay: from the same edit to the overlay page showing it in a real browser
  engine (Qt WebEngine, from PySide6-Addons: ``pip install -e '.[test]'``),
  1920 x 1080: the page logs 'overlay shown N' once the new board picture is on
  screen, and the time is taken when that message reaches the program.

Edits come RUNS times, PAUSE_MS apart (a player's clicks, not a drag); each
figure is the median of the runs, with the slowest. Prints; asserts nothing.

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/bench_stream.py
"""

from __future__ import annotations

import os
import socket
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QTWEBENGINE_DISABLE_SANDBOX", "1")  # Chromium refuses root otherwise
os.environ.setdefault("QTWEBENGINE_CHROMIUM_FLAGS", "--no-sandbox")

from PySide6 import QtWebEngineWidgets  # noqa: F401  (before the QApplication)
from PySide6.QtCore import QBuffer, QEventLoop, QIODevice, QObject, QTimer, QUrl
from PySide6.QtGui import QColor
from PySide6.QtWebEngineCore import QWebEnginePage
from PySide6.QtWebEngineWidgets import QWebEngineView
from PySide6.QtWidgets import QApplication

APP = QApplication.instance() or QApplication([])
os.environ.setdefault("TABLETOP_GUI_SETTINGS", str(Path(tempfile.mkdtemp()) / "settings.ini"))

from tabletop_gui.app.stream.png_output import StreamOutput  # noqa: E402
from tabletop_gui.app.windows.main_window import MainWindow  # noqa: E402
from tabletop_gui.examples import SCENARIOS  # noqa: E402
from tabletop_gui.io import load_game  # noqa: E402
from tabletop_gui.io.atomic import write_atomic  # noqa: E402

RUNS = int(os.environ.get("BENCH_RUNS", "15"))
PAUSE_MS = 400
#: The games and the unit each edit moves (None: the first unit).
GAMES = {
    "T9A Frontline Clash": (SCENARIOS / "t9a_frontline_clash_demo.json", None),
    "Carnevale Drowned Quarter": (SCENARIOS / "carnevale_drowned_quarter.json", None),
}


def wait(ms: int) -> None:
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def wait_until(done: Callable[[], bool], timeout_s: float = 10.0) -> bool:
    end = time.perf_counter() + timeout_s
    while not done():
        if time.perf_counter() > end:
            return False
        APP.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 5)
    return True


def open_window(path: Path) -> MainWindow:
    window = MainWindow(load_game(str(path)), None)
    window.resize(1400, 900)
    window.show()
    wait(300)
    return window


def unit_to_move(window: MainWindow, wanted: str | None) -> str:
    units = window.doc.state.scene.units
    return wanted if wanted in units else next(iter(units))


#: When each edit was made (perf_counter), the last ``edits`` call's.
STARTS: list[float] = []


def edits(window: MainWindow, unit: str, measure: Callable[[], float | None]) -> list[float]:
    """RUNS edits (the unit a little forward, then back); ``measure`` waits for
    the stream to show each and returns when (perf_counter), None if it did not."""
    out = []
    STARTS.clear()
    for i in range(RUNS):
        wait(PAUSE_MS)
        start = time.perf_counter()
        STARTS.append(start)
        window.editor.commit_move([unit], 0.0, 0.7 if i % 2 == 0 else -0.7)
        end = measure()
        if end is not None:
            out.append((end - start) * 1000)
    return out


def figures(label: str, ms: list[float]) -> str:
    if not ms:
        return f"  {label:<34} no figure (nothing arrived)"
    return (f"  {label:<34} median {statistics.median(ms):6.1f} ms   slowest {max(ms):6.1f} ms"
            f"   ({len(ms)} edits)")  # fmt: skip


class ThrottledBaseline(QObject):
    """The PNG output as it was: a change starts a 250 ms timer; when it fires
    the picture is drawn, encoded by Qt's PNG writer and written, all on the
    window's thread (changes meanwhile are folded in)."""

    def __init__(self, output: StreamOutput) -> None:
        super().__init__()
        self.output = output
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(250)
        self.timer.timeout.connect(self.write)
        output.doc.changed.disconnect(output.schedule)
        output.doc.changed.connect(self.schedule)

    def schedule(self) -> None:
        if not self.timer.isActive():
            self.timer.start()

    def write(self) -> None:
        out = self.output
        buf = QBuffer()
        buf.open(QIODevice.OpenModeFlag.WriteOnly)
        out.image().save(buf, "PNG")  # type: ignore[call-overload]
        write_atomic(out.path, bytes(buf.data().data()))
        out.written.emit(str(out.path))


def bench_png(name: str, path: Path, wanted: str | None) -> tuple[list[float], list[float]]:
    window = open_window(path)
    unit = unit_to_move(window, wanted)
    results = []
    for baseline in (True, False):
        with tempfile.TemporaryDirectory() as tmp:
            output = StreamOutput(window.doc, Path(tmp) / "stream.png", parent=window)
            throttle = ThrottledBaseline(output) if baseline else None
            written: list[float] = []
            output.written.connect(lambda _p, w=written: w.append(time.perf_counter()))
            wait(500)

            def landed(w: list[float] = written) -> float | None:
                n = len(w)
                return w[-1] if wait_until(lambda: len(w) > n) else None

            results.append(edits(window, unit, landed))
            output.stop()
            del throttle
    window.close()
    return results[0], results[1]


class ConsolePage(QWebEnginePage):
    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self.shown: list[tuple[int, float]] = []

    def javaScriptConsoleMessage(self, level: object, message: str, line: int, src: str) -> None:
        if message.startswith("overlay shown "):
            self.shown.append((int(message.split()[-1]), time.perf_counter()))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def bench_overlay(path: Path, wanted: str | None) -> tuple[list[float], list[float], list[float]]:
    """(edit to page shown, ms), (edit to the moment published, ms), (drawing one
    moment for the page, ms)."""
    window = open_window(path)
    unit = unit_to_move(window, wanted)
    server = window.stream.start_overlay(port=free_port())
    feed = window.stream.overlay_feed
    if server is None or feed is None:
        raise SystemExit("the overlay server did not start")
    view = QWebEngineView()
    page = ConsolePage(view)
    view.setPage(page)
    page.setBackgroundColor(QColor(0, 0, 0, 0))
    view.resize(1920, 1080)
    view.show()
    view.load(QUrl(f"{server.url}overlay"))
    if not wait_until(lambda: bool(page.shown), 30):
        raise SystemExit("the overlay page showed nothing")
    wait(1000)  # the page settles on its size
    published: list[int] = []
    feed.published.connect(published.append)
    cost: list[float] = []
    ready: list[float] = []

    def shown() -> float | None:
        n = len(published)
        if not wait_until(lambda: len(published) > n):
            return None
        ready.append((time.perf_counter() - STARTS[-1]) * 1000)
        cost.append(feed.coalescer.last_cost * 1000)
        version = published[-1]
        ok = wait_until(lambda: any(v >= version for v, _ in page.shown))
        return next(t for v, t in page.shown if v >= version) if ok else None

    latencies = edits(window, unit, shown)
    view.close()
    window.close()
    return latencies, ready, cost


def main() -> int:
    print(f"Stream latency: {RUNS} edits per figure, {PAUSE_MS} ms apart")
    for name, (path, unit) in GAMES.items():
        print(f"{name} ({path.name})")
        before, after = bench_png(name, path, unit)
        print(figures("edit -> PNG written, before", before))
        print(figures("edit -> PNG written", after))
        if before and after:
            ratio = statistics.median(after) / statistics.median(before)
            print(f"  {'ratio (now / before)':<34} {ratio:6.2f}")
        page, ready, cost = bench_overlay(path, unit)
        print(figures("edit -> overlay page shows it", page))
        print(figures("  edit -> moment published", ready))
        print(figures("  of which drawing the moment", cost))
    return 0


if __name__ == "__main__":
    sys.exit(main())
