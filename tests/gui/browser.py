"""A real browser engine for the overlay tests: Qt WebEngine (Chromium) in a
QWebEngineView, offscreen. ``tests/gui/conftest.py`` imports it before the
QApplication exists (WebEngine requires that) and turns Chromium's sandbox off,
which refuses to run as root."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import QUrl
from PySide6.QtGui import QColor
from PySide6.QtWebEngineCore import QWebEnginePage
from PySide6.QtWebEngineWidgets import QWebEngineView


class ConsolePage(QWebEnginePage):
    """Keeps what the page logs (the overlay logs 'overlay shown N')."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.console: list[str] = []

    def javaScriptConsoleMessage(self, level: Any, message: str, line: int, source: str) -> None:
        self.console.append(message)


class Browser:
    def __init__(self, qtbot: Any, width: int, height: int) -> None:
        self.qtbot = qtbot
        self.view = QWebEngineView()
        self.page = ConsolePage(self.view)
        self.view.setPage(self.page)
        self.page.setBackgroundColor(QColor(0, 0, 0, 0))
        self.view.resize(width, height)
        self.view.show()
        qtbot.addWidget(self.view)

    def load(self, url: str) -> None:
        # A first page starts the browser engine's processes: slow on a loaded machine.
        with self.qtbot.waitSignal(self.view.loadFinished, timeout=90000) as blocker:
            self.view.load(QUrl(url))
        assert blocker.args == [True], f"{url} did not load"

    def js(self, expr: str, timeout: int = 10000) -> Any:
        """The value of the JavaScript expression ``expr`` in the page (via JSON)."""
        box: list[Any] = []
        self.page.runJavaScript(f"JSON.stringify({expr})", 0, box.append)
        self.qtbot.waitUntil(lambda: bool(box), timeout=timeout)
        return None if box[0] in (None, "undefined") else json.loads(box[0])

    def wait_for(self, expr: str, timeout: int = 15000) -> Any:
        """Wait until ``expr`` is truthy in the page; returns its value."""
        seen: list[Any] = []

        def check() -> bool:
            seen.append(self.js(expr))
            return bool(seen[-1])

        self.qtbot.waitUntil(check, timeout=timeout)
        return seen[-1]

    def shown(self) -> int:
        """The version of the last moment the page showed."""
        return int(self.js("window.overlayShown ? window.overlayShown.version : 0") or 0)

    def text(self, selector: str) -> str:
        return str(self.js(f"document.querySelector({json.dumps(selector)}).textContent"))

    def texts(self, selector: str) -> list[str]:
        sel = json.dumps(selector)
        return list(self.js(f"[...document.querySelectorAll({sel})].map(e => e.textContent)"))
