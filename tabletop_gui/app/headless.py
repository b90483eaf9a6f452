"""The Qt application a headless command draws with (render, export, print
markers, serve): the running one, or an offscreen one made for it."""

from __future__ import annotations

import os

from PySide6.QtWidgets import QApplication


def ensure_app() -> QApplication:
    app = QApplication.instance()
    if app is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        app = QApplication([])
    return app  # type: ignore[return-value]
