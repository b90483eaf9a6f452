"""What the benchmarks that drive the real main window share: a mouse event on
the board and closing a window for good. Imported by ``bench_canvas.py`` and
``bench_overlay.py`` (run as scripts from any folder: this file sits beside them).
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from tabletop_gui.app.windows.main_window import MainWindow


def mouse(window: MainWindow, kind: QEvent.Type, x: float, y: float) -> None:
    """A left-button mouse event of ``kind`` at board inches (x, y)."""
    view = window.view
    pos = view.viewport_pos(x, y)
    ev = QMouseEvent(kind, QPointF(pos), QPointF(view.viewport().mapToGlobal(pos)),
                     Qt.MouseButton.LeftButton, Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier)  # fmt: skip
    QApplication.sendEvent(view.viewport(), ev)


def close(app: QApplication, window: MainWindow) -> None:
    """Close and destroy the window now: windows left alive (a ``deleteLater`` is
    only carried out by an event loop) made every later run slower."""
    window.doc.undo_stack.setClean()
    window.close()
    window.deleteLater()
    app.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    app.processEvents()
    gc.collect()
