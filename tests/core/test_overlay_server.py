"""The overlay server on its own (no Qt): where it listens, whom it answers, what
it refuses, its limits, and the push channel. Requests go to this machine's
loopback addresses only."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time

import pytest

from tabletop_gui.overlay import server as server_module
from tabletop_gui.overlay.hub import Hub, clamp_size
from tabletop_gui.overlay.server import (
    MAX_EVENT_CLIENTS,
    MAX_HEADER_BYTES,
    OverlayServer,
    check_bind_address,
)

BAR = {"title": "A game", "clock": "Turn 1", "result": "", "sides": [], "tiles": []}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def served():
    hub = Hub()
    hub.publish({"name": "A game", "totals": {"a": 1}}, BAR, "players", {})
    server = OverlayServer(hub, port=free_port())
    server.start()
    yield server
    server.stop()


def request(server: OverlayServer, method: str, path: str, host: str | None = None,
            headers: dict[str, str] | None = None, body: bytes | None = None):  # fmt: skip
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    conn.putrequest(method, path, skip_host=True)
    conn.putheader("Host", host if host is not None else f"127.0.0.1:{server.port}")
    for k, v in (headers or {}).items():
        conn.putheader(k, v)
    if body is not None:
        conn.putheader("Content-Length", str(len(body)))
    conn.endheaders(body)
    resp = conn.getresponse()
    data = resp.read() if method != "HEAD" else b""
    conn.close()
    return resp, data


def refusal(server: OverlayServer, method: str, path: str, **kw) -> int | None:
    """The status of a request the server must refuse, None when it closed the
    connection unanswered (with a body or headers unread, the system may reset
    the connection before the refusal is read); never an answer with the game."""
    try:
        resp, body = request(server, method, path, **kw)
    except (ConnectionResetError, http.client.RemoteDisconnected):
        return None
    assert b"A game" not in body
    return resp.status


def test_it_listens_on_the_loopback_address_only_and_not_on_another(served):
    assert served.addresses == [("127.0.0.1", served.port)]
    assert served.url == f"http://127.0.0.1:{served.port}/"
    assert not served.lan
    # 127.0.0.2 reaches this machine too, but nothing listens there for it.
    with pytest.raises(OSError), socket.create_connection(("127.0.0.2", served.port), 2):
        pass


def test_every_network_at_once_is_refused_and_one_address_must_be_named():
    for everywhere in ("0.0.0.0", "::"):
        with pytest.raises(ValueError, match="every network"):
            check_bind_address(everywhere)
    with pytest.raises(ValueError, match="IP address"):
        check_bind_address("my-laptop.local")
    with pytest.raises(ValueError, match="every network"):
        OverlayServer(Hub(), host="0.0.0.0")


def test_another_address_named_explicitly_is_listened_on_and_answers_its_own_host():
    hub = Hub()
    hub.publish({"name": "x"}, BAR, "players", {})
    server = OverlayServer(hub, port=free_port(), host="127.0.0.2")
    server.start()
    try:
        assert server.addresses == [("127.0.0.2", server.port)]
        conn = http.client.HTTPConnection("127.0.0.2", server.port, timeout=10)
        conn.request("GET", "/score.json", headers={"Host": f"127.0.0.2:{server.port}"})
        assert conn.getresponse().status == 200
        conn.close()
    finally:
        server.stop()


@pytest.mark.parametrize(
    "host",
    ["evil.example", "evil.example:{port}", "127.0.0.1.evil.example:{port}", "127.0.0.1:1", ""],
)
def test_a_request_naming_another_host_is_refused_against_dns_rebinding(served, host):
    """A web page elsewhere can point its own name at 127.0.0.1; its requests
    still carry its name in the Host header."""
    resp, body = request(served, "GET", "/score.json", host=host.format(port=served.port))
    assert resp.status == 403
    assert b"A game" not in body


@pytest.mark.parametrize("host", ["127.0.0.1:{port}", "localhost:{port}", "LOCALHOST:{port}"])
def test_its_own_address_is_answered(served, host):
    resp, body = request(served, "GET", "/score.json", host=host.format(port=served.port))
    assert resp.status == 200
    assert json.loads(body)["name"] == "A game"


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"])
def test_only_get_is_answered(served, method):
    resp, body = request(served, method, "/score.json")
    assert resp.status == 405
    assert b"A game" not in body
    if method != "HEAD":  # with a body: refused before it is read
        body = b'{"totals": {}}'
        assert refusal(served, method, "/score.json", body=body) in (400, 405, 413, None)


@pytest.mark.parametrize(
    "path",
    [
        "/../../etc/passwd",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/assets/page.html",
        "/overlay.js/../server.py",
        "/tabletop_gui/overlay/server.py",
        "/overlay/",
        "/score.json/x",
        "/favicon.ico",
        "//etc/passwd",
    ],
)
def test_nothing_outside_its_own_pages_is_served(served, path):
    resp, body = request(served, "GET", path)
    assert resp.status == 404
    assert body.startswith(b"404 ")


def test_its_pages_are_served_with_a_policy_that_loads_nothing_from_elsewhere(served):
    for path in ("/", "/overlay", "/bar", "/board", "/overlay?theme=opaque"):
        resp, body = request(served, "GET", path)
        assert resp.status == 200, path
        assert body.startswith(b"<!doctype html>")
        assert resp.getheader("Content-Type").startswith("text/html")
        assert "default-src 'none'" in resp.getheader("Content-Security-Policy")
        assert resp.getheader("X-Content-Type-Options") == "nosniff"
    resp, _ = request(served, "GET", "/overlay?theme=<script>")
    assert resp.status == 400
    resp, _ = request(served, "GET", "/overlay.js")
    assert resp.status == 200 and resp.getheader("Content-Type").startswith("text/javascript")


def test_a_request_too_large_or_with_a_body_is_refused(served):
    big = {"X-Big": "x" * MAX_HEADER_BYTES}
    assert refusal(served, "GET", "/score.json", headers=big) in (400, 413, 431, None)
    assert refusal(served, "GET", "/score.json", body=b"x" * 1000) in (400, 413, None)


def test_pages_listening_are_bounded(served):
    conns = []
    try:
        for _ in range(MAX_EVENT_CLIENTS):
            conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
            conn.request("GET", "/events", headers={"Host": f"127.0.0.1:{served.port}"})
            resp = conn.getresponse()
            assert resp.status == 200
            conns.append((conn, resp))
        resp, _ = request(served, "GET", "/events")
        assert resp.status == 503
    finally:
        for conn, _ in conns:
            conn.close()


def test_when_every_slot_is_taken_by_connections_that_say_nothing_the_oldest_goes(
    served, monkeypatch
):
    monkeypatch.setattr(server_module, "MAX_DATA_CONNECTIONS", 3)
    held = [socket.create_connection(("127.0.0.1", served.port), 5) for _ in range(3)]
    try:
        time.sleep(0.2)  # accepted, in this order
        resp, _ = request(served, "GET", "/score.json")  # a fourth: served
        assert resp.status == 200
        held[0].settimeout(5)
        assert held[0].recv(100) == b"", "the oldest silent connection was closed"
    finally:
        for s in held:
            s.close()


def test_when_every_slot_is_busy_a_new_connection_is_closed_unanswered(served, monkeypatch):
    monkeypatch.setattr(server_module, "MAX_DATA_CONNECTIONS", 2)
    monkeypatch.setattr(server_module, "BOARD_WAIT_S", 3.0)
    busy = []
    for _ in range(2):  # a board picture nobody draws: each waits its 3 s
        s = socket.create_connection(("127.0.0.1", served.port), 5)
        s.sendall(f"GET /board.svg?w=800&h=600 HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\n\r\n"
                  .encode())  # fmt: skip
        busy.append(s)
    time.sleep(0.3)
    try:
        extra = socket.create_connection(("127.0.0.1", served.port), 5)
        extra.settimeout(2)
        extra.sendall(f"GET /score.json HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\n\r\n".encode())
        try:
            answer = extra.recv(100)
        except (ConnectionResetError, TimeoutError):
            answer = b""
        assert answer == b"", "closed without an answer"
        extra.close()
    finally:
        for s in busy:
            s.close()


class Trickler(threading.Thread):
    """A careless (or hostile) client: it keeps ``count`` connections open, each
    sending one header line every ``every`` seconds and never finishing; a
    connection the server drops is opened again at once."""

    def __init__(self, port: int, count: int, every: float) -> None:
        super().__init__(daemon=True)
        self.port, self.count, self.every = port, count, every
        self.stop = threading.Event()
        self.dropped = 0

    def open(self) -> socket.socket:
        s = socket.create_connection(("127.0.0.1", self.port), 5)
        s.sendall(f"GET /score.json HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n".encode())
        return s

    def run(self) -> None:
        conns = [self.open() for _ in range(self.count)]
        while not self.stop.wait(self.every):
            for i, s in enumerate(conns):
                try:
                    s.sendall(b"X-Slow: 1\r\n")
                except OSError:
                    self.dropped += 1
                    s.close()
                    conns[i] = self.open()
        for s in conns:
            s.close()


def test_a_normal_client_is_served_while_32_slow_ones_trickle(served):
    slow = Trickler(served.port, 32, 2.0)
    slow.start()
    try:
        time.sleep(0.5)  # all 32 connected
        answered = 0
        for _ in range(15):
            try:
                resp, body = request(served, "GET", "/score.json")
                answered += resp.status == 200 and b"A game" in body
            except (ConnectionError, http.client.RemoteDisconnected, TimeoutError):
                pass
            time.sleep(0.1)
        assert answered == 15
    finally:
        slow.stop.set()
        slow.join(10)


def test_a_client_slower_than_the_header_deadline_is_dropped(served):
    s = socket.create_connection(("127.0.0.1", served.port), 5)
    s.sendall(f"GET /score.json HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\n".encode())
    start = time.monotonic()
    closed = None
    while time.monotonic() - start < server_module.HEADER_TIMEOUT_S + 5:
        try:
            s.sendall(b"X-Slow: 1\r\n")
            s.settimeout(1)
            if s.recv(100) == b"":
                closed = time.monotonic() - start
                break
        except TimeoutError:
            continue
        except OSError:
            closed = time.monotonic() - start
            break
    s.close()
    assert closed is not None and closed <= server_module.HEADER_TIMEOUT_S + 2


def test_a_page_closed_frees_its_place_at_once(served):
    conns = []
    for _ in range(MAX_EVENT_CLIENTS):
        conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
        conn.request("GET", "/events", headers={"Host": f"127.0.0.1:{served.port}"})
        resp = conn.getresponse()
        assert resp.status == 200
        read_event(resp)  # listening
        conns.append(conn)
    for conn in conns:  # OBS reloading its browser sources
        conn.close()
    start = time.monotonic()
    while True:
        resp, _ = request_head(served, "/events")
        if resp.status == 200 or time.monotonic() - start > 1.0:
            break
        time.sleep(0.05)
    assert resp.status == 200, f"refused {time.monotonic() - start:.1f} s after the pages closed"


def request_head(server: OverlayServer, path: str):
    """Open a stream and read only its status line and headers."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    conn.request("GET", path, headers={"Host": f"127.0.0.1:{server.port}"})
    resp = conn.getresponse()
    status = resp.status
    conn.close()
    return resp, status


def read_event(resp: http.client.HTTPResponse) -> dict:
    """The next 'update' event's data."""
    event = None
    while True:
        line = resp.fp.readline().decode("utf-8")
        if line.startswith("event: "):
            event = line[7:].strip()
        elif line.startswith("data: ") and event == "update":
            return json.loads(line[6:])
        elif not line:
            raise EOFError("the stream ended")


def test_a_page_hears_of_each_new_moment_and_gets_the_board_at_its_size(served):
    hub = served.hub
    conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
    conn.request("GET", "/events?w=1000&h=500", headers={"Host": f"127.0.0.1:{served.port}"})
    resp = conn.getresponse()
    assert resp.getheader("Content-Type").startswith("text/event-stream")
    size = clamp_size(1000, 500)
    deadline = time.monotonic() + 10
    while size not in hub.sizes() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert hub.sizes() == [size], "the page's size is wanted"
    svg = b'<svg xmlns="http://www.w3.org/2000/svg" width="1000px" height="500px"></svg>'
    hub.publish({"name": "Turn 2"}, {**BAR, "clock": "Turn 2"}, "players", {size: svg})
    data = read_event(resp)
    assert data["bar"]["clock"] == "Turn 2"
    assert data["view"] == "players"
    board, body = request(served, "GET", data["board"])
    assert board.status == 200 and board.getheader("Content-Type") == "image/svg+xml"
    assert body == svg
    hub.publish({"name": "Turn 3"}, {**BAR, "clock": "Turn 3"}, "players", {size: svg})
    assert read_event(resp)["bar"]["clock"] == "Turn 3"
    conn.close()


def test_stopping_ends_the_connections_and_frees_the_port():
    hub = Hub()
    hub.publish({}, BAR, "players", {})
    server = OverlayServer(hub, port=free_port())
    server.start()
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    conn.request("GET", "/events", headers={"Host": f"127.0.0.1:{server.port}"})
    resp = conn.getresponse()
    assert read_event(resp)["bar"]["title"] == "A game"
    server.stop()
    with pytest.raises((EOFError, OSError)):
        read_event(resp)
    with pytest.raises(OSError), socket.create_connection(("127.0.0.1", server.port), 2):
        pass


def test_the_hub_draws_the_board_at_the_few_sizes_pages_show_newest_first():
    hub = Hub()
    asked: list[tuple[int, int]] = []
    hub.on_new_size = asked.append
    sizes = [clamp_size(w, 500) for w in (800, 1000, 1200, 1400)]
    for size in sizes:
        assert hub.want(size)
    assert not hub.want(sizes[-1]), "a size already drawn is not asked for again"
    assert asked == sizes
    assert hub.sizes() == sizes[:0:-1], "three at most, the least recently asked for dropped"
    hub.publish({}, BAR, "players", {size: b"<svg/>" for size in sizes})
    assert set(hub.moment().boards) == set(sizes[1:])
    assert clamp_size(5, 5) == (160, 90) and clamp_size(99999, 99999) == (3840, 2160)
    assert clamp_size(1283, 719) == (1280, 720)
