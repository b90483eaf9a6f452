"""The main window's stream part: the streamer view (F10), the PNG output for
streaming software, with the "Streaming to <path> [Copy path]" box in the
status bar, and the stream overlay (a local web page for a browser source),
with its "Overlay at <address> [Copy address]" box.

The stream modules are imported when a stream is first opened, not at start."""

from __future__ import annotations

import contextlib
import os
import sys
import weakref
from pathlib import Path
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QSizePolicy,
    QStyle,
    QStyleOptionFrame,
    QToolButton,
    QWidget,
)

from tabletop_gui.app import session, window_memory
from tabletop_gui.app.document import Document
from tabletop_gui.app.part import Part

if TYPE_CHECKING:
    from tabletop_gui.app.stream.overlay_feed import OverlayFeed
    from tabletop_gui.app.stream.png_output import StreamOutput
    from tabletop_gui.app.stream.window import StreamerWindow
    from tabletop_gui.overlay.server import OverlayServer


#: Settings: whether the overlay and the PNG output were on (turned on, not yet
#: turned off), as the id of the process that turned them on; read at the next
#: start (``say_what_was_on``).
OVERLAY_ON_KEY = "overlay_on"
PNG_ON_KEY = "stream_png_on"


def _pid(value: object) -> int:
    """The process id a settings value holds, else 0 (a settings file edited by
    hand may hold anything: '²', or more digits than any process id has)."""
    text = str(value)
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 10 else 0


def _was_on(value: object) -> bool:
    """A settings value says "on": a process id, or (older versions) true."""
    return value is True or str(value).lower() == "true" or _pid(value) > 0


#: The stream controllers of this process's windows (a window of this process
#: streaming now is not to be told "off now" by another's start).
_CONTROLLERS: weakref.WeakSet[StreamController] = weakref.WeakSet()


def _streaming_now(key: str, value: object) -> bool:
    """The value names a program running now whose stream ``key`` is on (another
    window still streaming): not off, and not to be said so. Another process is
    asked without a signal, so not on Windows (the notice is given as before)."""
    pid = _pid(value)
    if pid == os.getpid():
        return any(c.is_on(key) for c in list(_CONTROLLERS))
    if sys.platform == "win32" or pid == 0:
        return False
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):  # OverflowError: past any pid_t
        return False
    except OSError:  # another user's process: alive
        return True
    return True


class StreamController(Part):
    """View ▸ Show/hide streamer view, Output for streaming (PNG), the stream
    settings, Stream overlay and its referee's view; the status-bar boxes naming
    where the stream goes."""

    def __init__(self, doc: Document, host: QMainWindow) -> None:
        super().__init__(doc, host)
        self.stream_output: StreamOutput | None = None
        self.streamer: StreamerWindow | None = None
        self.overlay_server: OverlayServer | None = None
        self.overlay_feed: OverlayFeed | None = None
        _CONTROLLERS.add(self)
        self._build_stream_box()
        self._build_overlay_box()
        self.streamer_action = self.action(None, "Show/hide &streamer view",
                                           self.toggle_streamer, "F10")  # fmt: skip
        out = self.action(None, "&Output for streaming (PNG)…", self.toggle_stream_output)
        out.setCheckable(True)
        #: Checked while the PNG is being written.
        self.stream_action = out
        from tabletop_gui.app.stream.audience import stream_settings

        self.settings_action = stream_settings().action(self.host)
        overlay = self.action(None, "Stream o&verlay (browser source)", self.toggle_overlay)
        overlay.setCheckable(True)
        overlay.setToolTip(
            "Serve the board and score to a streaming program's browser source at "
            "http://127.0.0.1:8765/overlay (this computer only), following every edit"
        )
        #: Checked while the overlay server runs.
        self.overlay_action = overlay
        referee = QAction("Overlay shows hidden values (referee's view)", self.host)
        referee.setCheckable(True)
        referee.setEnabled(False)
        referee.toggled.connect(self.set_overlay_referee)
        #: Off whenever a server starts.
        self.overlay_referee_action = referee

    def add_entries(self, menu: QMenu) -> None:
        """View ▸ the streamer view, the PNG output, the overlay and its view."""
        for action in (self.streamer_action, self.stream_action, self.settings_action,
                       self.overlay_action, self.overlay_referee_action):  # fmt: skip
            menu.addAction(action)

    def _build_stream_box(self) -> None:
        """The status-bar box naming the file streamed to, hidden until a stream starts."""
        self.stream_path = QLineEdit()
        self.stream_path.setObjectName("streamPath")
        self.stream_path.setReadOnly(True)
        # Narrow enough that the status bar keeps room for its messages (a
        # refusal, a failed write) in a 1024 px window with both boxes showing;
        # the end of the path shows, the whole of it is the tooltip.
        self.stream_path.setMinimumWidth(120)
        self.stream_path.setMaximumWidth(240)
        self.stream_path.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.stream_copy = QToolButton()
        self.stream_copy.setText("Copy")
        self.stream_copy.setToolTip("Copy the path of the streamed PNG")
        self.stream_copy.clicked.connect(self.copy_stream_path)
        self.stream_box = QWidget()
        box = QHBoxLayout(self.stream_box)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(QLabel("Streaming to"))
        box.addWidget(self.stream_path)
        box.addWidget(self.stream_copy)
        self.stream_box.setVisible(False)
        self.host.statusBar().addPermanentWidget(self.stream_box)

    def _build_overlay_box(self) -> None:
        """The status-bar box with the overlay's address, hidden until it is served."""
        self.overlay_address = QLineEdit()
        self.overlay_address.setObjectName("overlayAddress")
        self.overlay_address.setReadOnly(True)
        # As wide as its address, always: the whole of it shows (a cut
        # "http://127.0.0.1:876" reads as the documented 8765), see _fit_address.
        self.overlay_address.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        copy = QToolButton()
        copy.setText("Copy")
        copy.setToolTip("Copy the overlay's address (for a browser source)")
        copy.clicked.connect(self.copy_overlay_address)
        self.overlay_box = QWidget()
        box = QHBoxLayout(self.overlay_box)
        box.setContentsMargins(0, 0, 0, 0)
        self.overlay_label = QLabel("Overlay at")
        #: Shown when the usual port was taken and the overlay listens on another.
        self.overlay_moved = QLabel()
        self.overlay_moved.setObjectName("overlayPortMoved")
        self.overlay_moved.setStyleSheet("color: #a00000; font-weight: bold")
        self.overlay_moved.setVisible(False)
        box.addWidget(self.overlay_label)
        box.addWidget(self.overlay_address)
        box.addWidget(copy)
        box.addWidget(self.overlay_moved)
        self.overlay_box.setVisible(False)
        self.host.statusBar().addPermanentWidget(self.overlay_box)

    def open_streamer(self) -> StreamerWindow:
        from tabletop_gui.app.stream.window import StreamerWindow

        if self.streamer is None or not shiboken6.isValid(self.streamer):
            self.streamer = StreamerWindow(self.doc)
            if getattr(self.host, "remember_layout", False):  # the program, not a script
                self.streamer.kept_size = True
                window_memory.restore_size(self.streamer, window_memory.STREAMER_KEY)
                # Not full screen again: the screen it filled may be gone (a projector).
                state = self.streamer.windowState()
                self.streamer.setWindowState(state & ~Qt.WindowState.WindowFullScreen)
        self.streamer.show()
        self.streamer.raise_()
        return self.streamer

    def toggle_streamer(self) -> StreamerWindow | None:
        """F10: open the streamer view, or close it when it is showing."""
        streamer = self.streamer
        if streamer is not None and shiboken6.isValid(streamer) and streamer.isVisible():
            streamer.close()
            return None
        return self.open_streamer()

    def start_stream_output(self, path: str) -> StreamOutput:
        from tabletop_gui.app.stream.png_output import StreamOutput

        self.stop_stream_output()
        output = StreamOutput(self.doc, path, parent=self)
        self.stream_output = output
        output.failed.connect(lambda t: self.status(t, 10000))
        self.stream_path.setText(str(Path(path).resolve()))
        self.stream_path.setToolTip(self.stream_path.text())
        self.stream_path.end(False)
        self.stream_box.setVisible(True)
        self.stream_action.setChecked(True)
        s = session.settings()
        s.setValue("stream_path", str(path))
        s.setValue(PNG_ON_KEY, os.getpid())
        return output

    def stop_stream_output(self) -> None:
        if self.stream_output is not None:
            self.stream_output.stop()
            self.stream_output.deleteLater()
            self.stream_output = None
        self.stream_box.setVisible(False)
        self.stream_action.setChecked(False)

    def toggle_stream_output(self) -> None:
        if self.stream_output is not None:
            self.stop_stream_output()
            session.settings().setValue(PNG_ON_KEY, False)
            return
        from tabletop_gui.app.stream.png_output import (
            StreamFileTaken,
            default_stream_path,
            free_stream_path,
        )

        default = Path(str(session.settings().value("stream_path", "") or default_stream_path()))
        # A dialog given a folder that does not exist opens wherever it was last;
        # the data folder is made first so it opens there.
        with contextlib.suppress(OSError):  # then the dialog opens elsewhere: still usable
            default.parent.mkdir(parents=True, exist_ok=True)
        refused = ""  # why the file chosen last was not taken
        while True:
            # Another window's file is never offered: a second window would
            # otherwise write over the first one's stream.
            suggested = free_stream_path(default)
            caption = "PNG for streaming (rewritten on every change)"
            if refused:
                caption = f"PNG for streaming: {refused}; choose another file"
            elif suggested != default:
                caption = (f"PNG for streaming: {default.name} is being written by another "
                           f"window, so this window gets a file of its own")  # fmt: skip
            path, _ = QFileDialog.getSaveFileName(self.host, caption, str(suggested), "PNG (*.png)")
            if not path:
                self.stream_action.setChecked(False)
                return
            if not path.lower().endswith(".png"):
                path += ".png"
            try:
                self.start_stream_output(path)
                return
            except StreamFileTaken as exc:
                default, refused = Path(path), str(exc)
            except OSError as exc:
                self.stream_action.setChecked(False)
                self.status(f"Output for streaming: {exc}", 10000)
                return

    def copy_stream_path(self) -> None:
        QGuiApplication.clipboard().setText(self.stream_path.text())
        self.status("Path copied", 3000)

    # -- the overlay ------------------------------------------------------------------
    def start_overlay(self, port: int | None = None) -> OverlayServer | None:
        """Serve the open game to browser sources at http://127.0.0.1:PORT/ (the
        players' view), following every edit; None (and a message) when no port
        is free."""
        from tabletop_gui.app.stream.overlay_feed import OverlayFeed, doc_moment
        from tabletop_gui.overlay.hub import Hub
        from tabletop_gui.overlay.server import DEFAULT_PORT, OverlayServer

        self.stop_overlay()
        hub = Hub()
        feed = OverlayFeed(hub, lambda: doc_moment(self.doc), parent=self)
        server = OverlayServer(hub, port=port or DEFAULT_PORT)
        try:
            server.start(tries=1 if port else 20)
        except OSError as exc:
            feed.stop()
            feed.deleteLater()
            self.overlay_action.setChecked(False)
            self.status(f"Stream overlay: {exc}", 10000)
            return None
        self.doc.changed.connect(feed.changed)
        self.doc.annotations_changed.connect(feed.changed)
        self.doc.camera_changed.connect(feed.changed)
        self.overlay_server, self.overlay_feed = server, feed
        self.overlay_referee_action.setChecked(False)
        self.overlay_referee_action.setEnabled(True)
        address = f"{server.url}overlay"
        self.overlay_address.setText(address)
        self._fit_address()
        self.overlay_address.setToolTip(address)
        self.overlay_address.setCursorPosition(0)
        self._overlay_label()
        self._port_moved(server)
        self.overlay_box.setVisible(True)
        self.overlay_action.setChecked(True)
        session.settings().setValue(OVERLAY_ON_KEY, os.getpid())
        return server

    def _fit_address(self) -> None:
        """The address box as wide as its text (never cut, never padded)."""
        edit = self.overlay_address
        opt = QStyleOptionFrame()
        edit.initStyleOption(opt)
        text = edit.fontMetrics().horizontalAdvance(edit.text())
        margins = edit.textMargins()
        # QLineEdit's own horizontal margin (2 px a side) and a pixel for the cursor.
        inner = QSize(text + margins.left() + margins.right() + 2 * 2 + 1, edit.height())
        size = edit.style().sizeFromContents(QStyle.ContentsType.CT_LineEdit, opt, inner, edit)
        edit.setFixedWidth(size.width())

    def _port_moved(self, server: OverlayServer) -> None:
        """Say plainly when the port asked for was taken: a browser source set to
        the documented address shows the other program's pages, not this game."""
        if not server.moved:
            self.overlay_moved.setVisible(False)
            return
        asked = server.url.replace(f":{server.port}/", f":{server.asked}/") + "overlay"
        self.overlay_moved.setText(f"port {server.asked} in use elsewhere")
        self.overlay_moved.setToolTip(
            f"Port {server.asked} is in use by another program (a 'tabletop-gui serve' "
            f"or another window serving its overlay). A browser source set to {asked} "
            "shows that program's pages, not this game: set it to this address, or "
            "close the other program and start the overlay again."
        )
        self.overlay_moved.setVisible(True)
        # The new address first: a narrow window's status bar shows the start.
        self.status(
            f"Stream overlay at {server.url}overlay: port {server.asked} is in use "
            "(another overlay?); point the browser source there, or close the other one",
            30000,
        )

    def stop_overlay(self) -> None:
        server, feed = self.overlay_server, self.overlay_feed
        self.overlay_server = self.overlay_feed = None
        if feed is not None:
            with contextlib.suppress(RuntimeError, TypeError):
                self.doc.changed.disconnect(feed.changed)
            with contextlib.suppress(RuntimeError, TypeError):
                self.doc.annotations_changed.disconnect(feed.changed)
            feed.stop()
            feed.deleteLater()
        if server is not None:
            server.stop()
        self.overlay_box.setVisible(False)
        self.overlay_action.setChecked(False)
        self.overlay_referee_action.setChecked(False)
        self.overlay_referee_action.setEnabled(False)

    def toggle_overlay(self) -> None:
        if self.overlay_server is not None:
            self.stop_overlay()
            session.settings().setValue(OVERLAY_ON_KEY, False)
        else:
            self.start_overlay()

    def set_overlay_referee(self, referee: bool) -> None:
        """The person at the machine switches the overlay's view (players' or referee's)."""
        if self.overlay_feed is None:
            return
        self.overlay_feed.set_referee(referee)
        self._overlay_label()

    def _overlay_label(self) -> None:
        feed = self.overlay_feed
        view = feed.view_name if feed is not None else ""
        self.overlay_label.setText(f"Overlay ({view}) at")

    def copy_overlay_address(self) -> None:
        QGuiApplication.clipboard().setText(self.overlay_address.text())
        self.status("Overlay address copied", 3000)

    def is_on(self, key: str) -> bool:
        """Whether this window's stream ``key`` (OVERLAY_ON_KEY, PNG_ON_KEY) runs."""
        running = self.overlay_server if key == OVERLAY_ON_KEY else self.stream_output
        return running is not None

    def say_what_was_on(self) -> str | None:
        """At start: the overlay and the PNG start off, whatever they were. When
        either was on as the program last closed (turned on, never turned off:
        closing the window stops them but leaves that), the status bar says
        they are off now, so an OBS source does not go stale unnoticed; said
        once, until they are turned on again. Returns what it said."""
        s = session.settings()
        png = Path(str(s.value("stream_path", "") or "stream.png")).name
        entries = {
            OVERLAY_ON_KEY: ("the stream overlay", "View ▸ Stream overlay (browser source)"),
            PNG_ON_KEY: (f"the PNG for streaming ({png})", "View ▸ Output for streaming (PNG)…"),
        }
        # What another window is streaming right now is not off: not said, and
        # kept for when that window closes.
        ended = [
            key
            for key in entries
            if _was_on(s.value(key, False)) and not _streaming_now(key, s.value(key, False))
        ]
        was = [entries[key] for key in ended]
        if not was:
            return None
        for key in ended:
            s.setValue(key, False)
        names = " and ".join(name for name, _ in was)
        menus = ", ".join(menu for _, menu in was)
        text = (
            f"{names[0].upper()}{names[1:]} {'were' if len(was) > 1 else 'was'} on when the "
            f"program last closed; {'they are' if len(was) > 1 else 'it is'} off now "
            f"({menus} to start {'them' if len(was) > 1 else 'it'} again)"
        )
        self.status(text, 30000)
        return text

    def close_streams(self) -> None:
        """When the window closes: the PNG output and the overlay stop, the
        streamer view closes."""
        if self.stream_output is not None:
            self.stream_output.stop()
            self.stream_output = None  # off: a later start in this process says so
        self.stop_overlay()
        if self.streamer is not None:
            self.streamer.close()
