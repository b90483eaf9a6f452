"""The pages' WebSocket, /live, on its own (no Qt): a page hears of each new
moment on it; it is refused to a page of another site (its Origin) and to a
request naming another host, bounded with /events, freed when a page closes or
stops answering the server's pings, and closed when the server stops
(docs/streaming.md, What the server will and will not do). A real WebSocket
client (Tornado's) against the real server, on this machine's loopback address."""

from __future__ import annotations

import asyncio
import base64
import http.client
import json
import os
import socket
import time
from collections.abc import Iterator

import pytest
import tornado.httpclient
import tornado.websocket

from tabletop_gui.overlay import server as server_module
from tabletop_gui.overlay.hub import Hub, clamp_size
from tabletop_gui.overlay.server import MAX_EVENT_CLIENTS, OverlayServer

from .test_overlay_server import BAR, free_port, request

Socket = tornado.websocket.WebSocketClientConnection


@pytest.fixture
def served() -> Iterator[OverlayServer]:
    hub = Hub()
    hub.publish({"name": "A game"}, BAR, "players", {})
    server = OverlayServer(hub, port=free_port())
    server.start()
    yield server
    server.stop()


@pytest.fixture
def loop() -> Iterator[asyncio.AbstractEventLoop]:
    """The client's own event loop (the server runs its own on its thread)."""
    loop = asyncio.new_event_loop()
    yield loop
    loop.close()


def connect(loop, server: OverlayServer, query: str = "", origin: str | None = "own",
            host: str | None = None) -> Socket:  # fmt: skip
    """A page's WebSocket to /live; ``origin`` 'own' is the server's own page's."""
    headers = {"Host": host or f"127.0.0.1:{server.port}"}
    if origin == "own":
        origin = f"http://127.0.0.1:{server.port}"
    if origin is not None:
        headers["Origin"] = origin
    url = f"ws://127.0.0.1:{server.port}/live{query}"
    req = tornado.httpclient.HTTPRequest(url, headers=headers, request_timeout=10)

    async def opened() -> Socket:
        return await tornado.websocket.websocket_connect(req)

    return loop.run_until_complete(opened())


def close(loop, *sockets: Socket) -> None:
    """Close the pages' WebSockets as a browser does (a close frame, sent)."""

    async def closed() -> None:
        for ws in sockets:
            ws.close()
        await asyncio.sleep(0.05)

    loop.run_until_complete(closed())


def refused(loop, server: OverlayServer, **kw) -> int:
    """The status a WebSocket the server refuses is answered with."""
    with pytest.raises(tornado.httpclient.HTTPClientError) as refusal:
        connect(loop, server, **kw)
    return refusal.value.code


def message(loop, ws: Socket, timeout: float = 10) -> dict | None:
    """The next update (None: the connection closed)."""

    async def read() -> str | bytes | None:
        return await asyncio.wait_for(ws.read_message(), timeout)

    text = loop.run_until_complete(read())
    return None if text is None else json.loads(text)


def test_a_page_hears_of_each_new_moment_and_gets_the_board_at_its_size(served, loop):
    ws = connect(loop, served, "?w=1000&h=500")
    hub, size = served.hub, clamp_size(1000, 500)
    deadline = time.monotonic() + 10
    while size not in hub.sizes() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert hub.sizes() == [size], "the page's size is wanted"
    svg = b'<svg xmlns="http://www.w3.org/2000/svg" width="1000px" height="500px"></svg>'
    hub.publish({"name": "Turn 2"}, {**BAR, "clock": "Turn 2"}, "players", {size: svg})
    data = message(loop, ws)
    assert data["bar"]["clock"] == "Turn 2" and data["view"] == "players"
    assert data["svg"] == svg.decode() and data["size"] == list(size)
    board, body = request(served, "GET", data["board"])
    assert board.status == 200 and body == svg
    hub.publish({"name": "Turn 3"}, {**BAR, "clock": "Turn 3"}, "players", {size: svg})
    assert message(loop, ws)["bar"]["clock"] == "Turn 3"
    close(loop, ws)


def test_the_score_bars_page_hears_the_moment_at_once(served, loop):
    ws = connect(loop, served)
    assert message(loop, ws)["bar"]["title"] == "A game"
    close(loop, ws)


@pytest.mark.parametrize(
    "origin",
    [
        "http://evil.example",
        "http://evil.example:{port}",
        "https://127.0.0.1:{port}",
        "http://127.0.0.1:1",
        "http://127.0.0.1.evil.example:{port}",
        "null",
        "file://",
    ],
)
def test_a_websocket_from_a_page_of_another_site_is_refused(served, loop, origin):
    """A page on any other site may open a WebSocket to 127.0.0.1 (browsers
    apply no same-origin rule to them): its Origin says where it is from."""
    assert refused(loop, served, origin=origin.format(port=served.port)) == 403
    assert served.listeners == 0


def test_a_websocket_naming_another_host_is_refused_against_dns_rebinding(served, loop):
    evil = f"evil.example:{served.port}"
    assert refused(loop, served, host=evil, origin=f"http://{evil}") == 403


@pytest.mark.parametrize("origin", ["http://127.0.0.1:{port}", "http://localhost:{port}", None])
def test_its_own_pages_and_a_client_without_a_browser_are_answered(served, loop, origin):
    ws = connect(loop, served, origin=origin.format(port=served.port) if origin else None)
    assert message(loop, ws)["bar"]["title"] == "A game"
    close(loop, ws)


def test_its_pages_may_connect_to_their_own_websocket_address(served):
    for host in (f"127.0.0.1:{served.port}", f"localhost:{served.port}"):
        resp, _ = request(served, "GET", "/overlay", host=host)
        assert f"connect-src 'self' ws://{host};" in resp.getheader("Content-Security-Policy")


def test_a_bad_size_or_a_plain_request_is_refused(served, loop):
    assert refused(loop, served, query="?w=wide&h=1") == 400
    resp, body = request(served, "GET", "/live")  # not a WebSocket
    assert resp.status == 400 and b"A game" not in body


def test_pages_listening_are_bounded_on_live_and_events_together(served, loop):
    pages = [connect(loop, served) for _ in range(MAX_EVENT_CLIENTS // 2)]
    streams = []
    for _ in range(MAX_EVENT_CLIENTS - len(pages)):
        conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
        conn.request("GET", "/events", headers={"Host": f"127.0.0.1:{served.port}"})
        assert conn.getresponse().status == 200
        streams.append(conn)
    try:
        assert refused(loop, served) == 503
        resp, _ = request(served, "GET", "/events")
        assert resp.status == 503
    finally:
        for conn in streams:
            conn.close()
        for ws in pages:
            close(loop, ws)


def test_pages_listening_take_none_of_the_places_kept_for_everything_else(
    served, loop, monkeypatch
):
    monkeypatch.setattr(server_module, "MAX_DATA_CONNECTIONS", 2)
    pages = [connect(loop, served) for _ in range(4)]
    try:
        for ws in pages:
            assert message(loop, ws) is not None
        for _ in range(3):
            resp, body = request(served, "GET", "/score.json")
            assert resp.status == 200 and b"A game" in body
    finally:
        close(loop, *pages)


def test_a_page_closed_frees_its_place_at_once(served, loop):
    pages = [connect(loop, served) for _ in range(MAX_EVENT_CLIENTS)]
    for ws in pages:
        assert message(loop, ws) is not None  # listening
    assert refused(loop, served) == 503
    for ws in pages:  # OBS reloading its browser sources
        close(loop, ws)
    loop.run_until_complete(asyncio.sleep(0.05))
    start = time.monotonic()
    while True:
        try:
            ws = connect(loop, served)
            break
        except tornado.httpclient.HTTPClientError:
            assert time.monotonic() - start < 1.0, "refused a second after the pages closed"
            time.sleep(0.05)
    close(loop, ws)


def handshake(port: int) -> socket.socket:
    """A WebSocket opened by hand that then says nothing, not even to a ping (a
    page on a machine gone to sleep, a cable pulled)."""
    s = socket.create_connection(("127.0.0.1", port), 5)
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall(
        f"GET /live HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://127.0.0.1:{port}\r\n"
        f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    s.settimeout(5)
    assert s.recv(12) == b"HTTP/1.1 101"
    return s


def test_a_page_that_stops_answering_the_servers_pings_loses_its_place(monkeypatch, loop):
    monkeypatch.setattr(server_module, "HEARTBEAT_S", 0.3)
    monkeypatch.setattr(server_module, "MAX_EVENT_CLIENTS", 1)
    hub = Hub()
    hub.publish({}, BAR, "players", {})
    server = OverlayServer(hub, port=free_port())
    server.start()
    silent = handshake(server.port)
    try:
        assert refused(loop, server) == 503, "its one place is taken"
        # A ping every 0.3 s, unanswered for 0.3 s: closed (with the 5 s a
        # WebSocket is given to close cleanly).
        start = time.monotonic()
        while True:
            try:
                ws = connect(loop, server)
                break
            except tornado.httpclient.HTTPClientError:
                assert time.monotonic() - start < 10, "the silent page kept its place"
                time.sleep(0.2)
        assert message(loop, ws)["bar"]["title"] == "A game"
        close(loop, ws)
    finally:
        silent.close()
        server.stop()


def test_stopping_closes_the_pages_websockets_and_frees_the_port(loop):
    hub = Hub()
    hub.publish({}, BAR, "players", {})
    server = OverlayServer(hub, port=free_port())
    server.start()
    ws = connect(loop, server)
    assert message(loop, ws)["bar"]["title"] == "A game"
    server.stop()
    assert message(loop, ws, timeout=5) is None, "the page hears that its server went"
    with pytest.raises(OSError), socket.create_connection(("127.0.0.1", server.port), 2):
        pass
