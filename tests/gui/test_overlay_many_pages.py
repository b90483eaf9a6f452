"""Many overlay pages open at once in one browser, as OBS has them (its browser
sources, across every scene, share one browser): each loads and follows every
new moment (docs/streaming.md, How many pages at once). A browser opens at most
six ordinary connections to one address, and a page that held one of them
open to hear of new moments kept the seventh page from loading at all. Pages
in a real browser engine (Qt WebEngine), all in its one default profile."""

from __future__ import annotations

import time

from PySide6.QtCore import QUrl
from PySide6.QtWidgets import QApplication

from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game
from tabletop_gui.model.game import Game
from tabletop_gui.overlay.server import MAX_EVENT_CLIENTS

from .browser import Browser
from .helpers import open_window
from .test_stream_overlay import free_port

HEX = SCENARIOS / "hex_hochkirch_ridge_demo.json"
#: Every page in both themes, twice (two scenes with the same sources): as many
#: pages as the server lets listen at once.
ADDRESSES = [
    f"{page}?theme={theme}"
    for page in ("overlay", "bar", "board", "camera")
    for theme in ("transparent", "opaque")
] * 2


def until(qtbot, read, done, seconds: float) -> list[int]:
    """``read()`` once ``done`` with it, or when ``seconds`` have passed."""
    deadline = time.monotonic() + seconds
    value = read()
    while not done(value) and time.monotonic() < deadline:
        qtbot.wait(200)
        value = read()
    return value


def test_sixteen_pages_open_at_once_all_load_and_all_follow_a_new_moment(qtbot, tmp_path):
    window = open_window(qtbot, Game(load_game(HEX).setup))
    server = window.stream.start_overlay(port=free_port())
    assert server is not None
    browsers = [Browser(qtbot, 480, 300) for _ in ADDRESSES]
    # All at once, as OBS opens its sources when it starts.
    for browser, address in zip(browsers, ADDRESSES, strict=True):
        browser.view.load(QUrl(f"{server.url}{address}"))

    def versions() -> list[int]:
        return [b.shown() for b in browsers]

    seen = until(qtbot, versions, lambda vs: all(v > 0 for v in vs), 60)
    assert all(v > 0 for v in seen), f"the moment each page shows (0: none): {seen}"
    for browser, address in zip(browsers, ADDRESSES, strict=True):
        assert browser.js("window.overlayShown.reconnecting") is False, address
        if not address.startswith(("board", "camera")):
            assert browser.text("#side-a .name") == "Prussia", address
    # Looked at: one of each.
    for browser, address in zip(browsers[:8], ADDRESSES[:8], strict=True):
        browser.view.grab().save(str(tmp_path / f"{address.replace('?', '_')}.png"))

    # A new moment: every page shows it.
    before = max(seen)
    window.editor.commit_move(["b-gren"], 0, 1.5)
    QApplication.processEvents()
    after = until(qtbot, versions, lambda vs: all(v > before for v in vs), 30)
    assert all(v > before for v in after), f"shown after moment {before}: {after}"
    assert len(ADDRESSES) == MAX_EVENT_CLIENTS


OPEN_LIVE = """(() => {
  window.heard = "pending";
  const ws = new WebSocket("ws://127.0.0.1:%d/live");
  ws.onmessage = (e) => { window.heard = "update " + JSON.parse(e.data).bar.title; };
  ws.onclose = () => { if (window.heard === "pending") window.heard = "refused"; };
  return true;
})()"""


def test_a_page_of_another_site_cannot_listen_and_the_servers_own_page_can(qtbot):
    """Browsers let any page open a WebSocket to 127.0.0.1: the server refuses
    one whose page is not its own (docs/streaming.md, What the server will and
    will not do)."""
    window = open_window(qtbot, Game(load_game(HEX).setup))
    server = window.stream.start_overlay(port=free_port())
    assert server is not None
    elsewhere = Browser(qtbot, 400, 300)
    with qtbot.waitSignal(elsewhere.view.loadFinished, timeout=90_000):
        elsewhere.view.setHtml("<p>another site</p>", QUrl("http://evil.example/"))
    assert elsewhere.js("location.origin") == "http://evil.example"
    elsewhere.js(OPEN_LIVE % server.port)
    assert elsewhere.wait_for("window.heard !== 'pending' && window.heard") == "refused"
    own = Browser(qtbot, 400, 300)
    own.load(f"{server.url}bar")
    own.js(OPEN_LIVE % server.port)
    assert own.wait_for("window.heard !== 'pending' && window.heard").startswith("update ")
