"""An overlay page never stays blank for want of its server: after any error of
its stream (the server stopped or restarted, a refusal) it shows a small
"reconnecting" note and tries again with a growing wait, and recovers by itself
once the server answers. Pages in a real browser engine (Qt WebEngine)."""

from __future__ import annotations

import pytest

from tabletop_gui.overlay import server as server_module
from tabletop_gui.overlay.hub import Hub
from tabletop_gui.overlay.server import OverlayServer

from .browser import Browser
from .test_stream_overlay import free_port


def bar(title: str) -> dict:
    side = {"name": "Prussia", "total": "1 banner", "colour": "#0072b2"}
    return {"title": title, "clock": "Turn 1", "result": "", "sides": [side, side], "tiles": []}


def serving(port: int, title: str) -> OverlayServer:
    hub = Hub()
    hub.publish({"name": title}, bar(title), "players", {})
    server = OverlayServer(hub, port=port)
    server.start()
    return server


@pytest.fixture
def servers():
    started: list[OverlayServer] = []
    yield started
    for s in started:
        s.stop()


def test_a_page_whose_server_restarted_recovers_by_itself(qtbot, servers, tmp_path):
    port = free_port()
    servers.append(serving(port, "Before"))
    browser = Browser(qtbot, 1280, 240)
    browser.load(f"http://127.0.0.1:{port}/bar")
    browser.wait_for("window.overlayShown.version > 0")
    assert browser.text(".title") == "Before"
    assert browser.js("document.getElementById('status').hidden") is True

    servers[0].stop()  # the program closed, OBS's page stays open
    browser.wait_for("window.overlayShown.reconnecting")
    assert browser.js("document.getElementById('status').hidden") is False
    assert browser.text("#status") == "reconnecting…"
    browser.view.grab().save(str(tmp_path / "reconnecting.png"))
    assert browser.text(".title") == "Before"  # what it showed stays meanwhile

    servers.append(serving(port, "After the restart"))  # started again on its port
    browser.wait_for("document.querySelector('.title').textContent === 'After the restart'",
                     timeout=20000)  # fmt: skip
    assert browser.js("window.overlayShown.reconnecting") is False
    assert browser.js("document.getElementById('status').hidden") is True


def test_a_page_refused_for_want_of_a_place_tries_again_and_gets_in(qtbot, servers, monkeypatch):
    port = free_port()
    servers.append(serving(port, "Crowded"))
    monkeypatch.setattr(server_module, "MAX_EVENT_CLIENTS", 0)  # every place taken: 503
    browser = Browser(qtbot, 1280, 240)
    browser.load(f"http://127.0.0.1:{port}/bar")
    browser.wait_for("window.overlayShown.reconnecting")
    assert browser.js("window.overlayShown.version") == 0
    monkeypatch.setattr(server_module, "MAX_EVENT_CLIENTS", 16)  # a place freed
    browser.wait_for("window.overlayShown.version > 0", timeout=20000)
    assert browser.text(".title") == "Crowded"
    assert browser.js("window.overlayShown.reconnecting") is False
    assert any("overlay reconnecting in" in m for m in browser.page.console)
