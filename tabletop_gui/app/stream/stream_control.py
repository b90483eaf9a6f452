"""The main window's stream controls: the streamer view (F10) and the PNG
output for streaming software, with the "Streaming to <path> [Copy path]" box
in the status bar. A mixin on ``MainWindow``: it declares the parts it uses.

The stream modules are imported when a stream is first opened, not at start."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QToolButton,
    QWidget,
)

from tabletop_gui.app import session
from tabletop_gui.app.document import Document

if TYPE_CHECKING:
    from tabletop_gui.app.stream.png_output import StreamOutput
    from tabletop_gui.app.stream.window import StreamerWindow


class StreamControl(QMainWindow):
    """View ▸ Show/hide streamer view and View ▸ Output for streaming (PNG)."""

    doc: Document
    #: View ▸ Output for streaming, checked while the PNG is being written.
    stream_action: QAction
    stream_output: StreamOutput | None
    streamer: StreamerWindow | None

    def _build_stream_box(self) -> None:
        """The status-bar box naming the file streamed to, hidden until a stream starts."""
        self.stream_output = None
        self.streamer = None
        self.stream_path = QLineEdit()
        self.stream_path.setObjectName("streamPath")
        self.stream_path.setReadOnly(True)
        self.stream_path.setMinimumWidth(320)
        self.stream_copy = QToolButton()
        self.stream_copy.setText("Copy path")
        self.stream_copy.clicked.connect(self.copy_stream_path)
        self.stream_box = QWidget()
        box = QHBoxLayout(self.stream_box)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(QLabel("Streaming to"))
        box.addWidget(self.stream_path)
        box.addWidget(self.stream_copy)
        self.stream_box.setVisible(False)
        self.statusBar().addPermanentWidget(self.stream_box)

    def open_streamer(self) -> StreamerWindow:
        from tabletop_gui.app.stream.window import StreamerWindow

        if self.streamer is None or not shiboken6.isValid(self.streamer):
            self.streamer = StreamerWindow(self.doc)
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
        output.failed.connect(lambda t: self.statusBar().showMessage(t, 10000))
        self.stream_path.setText(str(Path(path).resolve()))
        self.stream_box.setVisible(True)
        self.stream_action.setChecked(True)
        s = session.settings()
        s.setValue("stream_path", str(path))
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
            return
        from tabletop_gui.app.stream.png_output import default_stream_path

        default = str(session.settings().value("stream_path", "") or default_stream_path())
        # A dialog given a folder that does not exist opens wherever it was last;
        # the data folder is made first so it opens there.
        with contextlib.suppress(OSError):  # then the dialog opens elsewhere: still usable
            Path(default).parent.mkdir(parents=True, exist_ok=True)
        path, _ = QFileDialog.getSaveFileName(
            self, "PNG for streaming (rewritten on every change)", default, "PNG (*.png)"
        )
        if not path:
            self.stream_action.setChecked(False)
            return
        if not path.lower().endswith(".png"):
            path += ".png"
        self.start_stream_output(path)

    def copy_stream_path(self) -> None:
        QGuiApplication.clipboard().setText(self.stream_path.text())
        self.statusBar().showMessage("Path copied", 3000)

    def close_streams(self) -> None:
        """When the window closes: the PNG output stops, the streamer view closes."""
        if self.stream_output is not None:
            self.stream_output.stop()
        if self.streamer is not None:
            self.streamer.close()
