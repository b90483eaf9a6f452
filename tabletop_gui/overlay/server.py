"""The overlay server (no Qt): a few read-only pages for a streaming program's
browser source, served with Tornado on a thread of its own.

Pages: ``/`` (what is here), ``/overlay`` (board and score bar), ``/bar`` (the
score bar alone), ``/board`` (the board alone), each ``?theme=transparent`` (the
default) or ``?theme=opaque``; ``/board.svg?w=W&h=H`` (the board picture at a
page's size), ``/score.json`` (the score document of the view served) and
``/events`` (server-sent events: a page hears of every new moment without
polling). Their scripts and styles are ``/overlay.js`` and ``/overlay.css``.

What it will not do: listen anywhere but the loopback address unless asked for
one address by name (``host``); answer a request whose Host header is not its
own address (a web page elsewhere cannot reach it through DNS rebinding);
accept any method but GET; serve a file, a path or anything besides these
pages; take a request larger than MAX_HEADER_BYTES, more than MAX_CONNECTIONS
connections or more than MAX_EVENT_CLIENTS pages listening at once.
"""

from __future__ import annotations

import asyncio
import errno
import ipaddress
import json
import socket
import threading
from collections.abc import Awaitable
from typing import Any

import tornado.httpserver
import tornado.iostream
import tornado.netutil
import tornado.web

from tabletop_gui import bundled
from tabletop_gui.overlay.hub import Hub, clamp_size

#: The port a server takes unless told otherwise (the next few are tried when busy).
DEFAULT_PORT = 8765
LOOPBACK = "127.0.0.1"
#: Requests are GETs with short URLs: a request line and headers past this are refused.
MAX_HEADER_BYTES = 8192
#: Open connections at most (browser sources, previews and a few tabs).
MAX_CONNECTIONS = 32
#: Pages listening for updates at most.
MAX_EVENT_CLIENTS = 16
#: A comment line sent to idle listeners this often (seconds) keeps them open.
HEARTBEAT_S = 15.0
#: How long a board picture request waits for a size not drawn yet (seconds).
BOARD_WAIT_S = 3.0
PAGES = ("overlay", "bar", "board")
THEMES = ("transparent", "opaque")

_SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Cache-Control": "no-store",
    "X-Frame-Options": "DENY",
}
_PAGE_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
_SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'"


def _asset(name: str) -> bytes:
    return bundled.read_bytes("overlay", name)


def is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def check_bind_address(host: str) -> str:
    """``host`` as an address to listen on: one address (not 0.0.0.0 or ::,
    which would listen on every network the machine is on). ValueError says why."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        raise ValueError(f"--host {host}: give one IP address of this machine") from None
    if address.is_unspecified:
        raise ValueError(
            f"--host {host}: listening on every network is refused; "
            "give the one address of this machine the other computers reach"
        )
    return str(address)


def allowed_hosts(host: str, port: int) -> frozenset[str]:
    """The Host header values a request may carry: the server's own address."""
    names = {"127.0.0.1", "localhost", "[::1]", f"[{host}]" if ":" in host else host}
    out = {f"{n}:{port}" for n in names}
    if port == 80:
        out |= names
    return frozenset(out)


class PortTaken(OSError):
    """The port is in use (another overlay, another program)."""


class _Handler(tornado.web.RequestHandler):
    """GET only, from the server's own address only; nothing cached, no referrer."""

    SUPPORTED_METHODS = ("GET",)

    def initialize(self, server: OverlayServer) -> None:
        self.overlay = server

    def set_default_headers(self) -> None:
        for name, value in _SECURITY_HEADERS.items():
            self.set_header(name, value)
        self.clear_header("Server")

    def prepare(self) -> Awaitable[None] | None:
        host = self.request.headers.get("Host", "").lower()
        if host not in self.overlay.allowed:
            raise tornado.web.HTTPError(403, reason="Unknown host")
        return None

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(f"{status_code} {self._reason}\n")

    def data_received(self, chunk: bytes) -> None:  # a GET has no body: refused
        raise tornado.web.HTTPError(413)


class _NotFound(_Handler):
    def prepare(self) -> None:
        super().prepare()
        raise tornado.web.HTTPError(404)


class _Index(_Handler):
    def get(self) -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Content-Security-Policy", _PAGE_CSP)
        self.finish(_asset("index.html"))


class _Page(_Handler):
    def get(self, kind: str) -> None:
        theme = self.get_query_argument("theme", THEMES[0])
        if theme not in THEMES:
            raise tornado.web.HTTPError(400, reason="theme is transparent or opaque")
        html = _asset("page.html").decode("utf-8")
        html = html.replace("{kind}", kind).replace("{theme}", theme)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Content-Security-Policy", _PAGE_CSP)
        self.finish(html)


_ASSET_TYPES = {"overlay.js": "text/javascript; charset=utf-8", "overlay.css": "text/css"}


class _Static(_Handler):
    def get(self, name: str) -> None:
        self.set_header("Content-Type", _ASSET_TYPES[name])
        self.finish(_asset(name))


class _Score(_Handler):
    def get(self) -> None:
        self.set_header("Content-Type", "application/json")
        self.finish(self.overlay.hub.moment().score)


def _size_argument(handler: _Handler) -> tuple[int, int]:
    try:
        w = int(handler.get_query_argument("w", "0"))
        h = int(handler.get_query_argument("h", "0"))
    except ValueError:
        raise tornado.web.HTTPError(400, reason="w and h are whole numbers") from None
    return clamp_size(w, h)


class _BoardSvg(_Handler):
    async def get(self) -> None:
        size = _size_argument(self)
        hub = self.overlay.hub
        hub.want(size)
        board = hub.moment().boards.get(size)
        if board is None:
            ready = asyncio.Event()
            loop = asyncio.get_running_loop()
            stop = hub.listen(lambda: loop.call_soon_threadsafe(ready.set))
            try:
                deadline = loop.time() + BOARD_WAIT_S
                while board is None and loop.time() < deadline:
                    ready.clear()
                    board = hub.moment().boards.get(size)
                    if board is None:
                        try:
                            await asyncio.wait_for(ready.wait(), deadline - loop.time())
                        except TimeoutError:
                            break
                        board = hub.moment().boards.get(size)
            finally:
                stop()
        if board is None:
            raise tornado.web.HTTPError(503, reason="The board is being drawn")
        self.set_header("Content-Type", "image/svg+xml")
        self.set_header("Content-Security-Policy", _SVG_CSP)
        self.finish(board.svg)


class _Events(_Handler):
    """Server-sent events: an 'update' with the bar and the board picture (its
    address, and the picture itself) whenever either changed for this page's size."""

    async def get(self) -> None:
        server = self.overlay
        if server.listeners >= MAX_EVENT_CLIENTS:
            raise tornado.web.HTTPError(503, reason="Too many pages listening")
        size = _size_argument(self) if self.get_query_argument("w", "") else None
        server.listeners += 1
        self.set_header("Content-Type", "text/event-stream; charset=utf-8")
        self.set_header("X-Accel-Buffering", "no")
        loop = asyncio.get_running_loop()
        wake = asyncio.Event()
        stop = server.hub.listen(lambda: loop.call_soon_threadsafe(wake.set))
        server.closing.add(wake)
        try:
            if size is not None:
                server.hub.want(size)
            sent: tuple[int, int] | None = None
            self.write("retry: 1000\n\n")
            await self.flush()
            while not server.stopping:
                wake.clear()
                moment = server.hub.moment()
                board = moment.boards.get(size) if size is not None else None
                board_version = board.version if board is not None else 0
                key = (moment.version, board_version)
                if moment.version and key != sent and (size is None or board is not None):
                    data = {"version": moment.version, "view": moment.view, "bar": moment.bar}
                    if size is not None:
                        w, h = size
                        data["board"] = f"/board.svg?w={w}&h={h}&v={board_version}"
                        data["size"] = [w, h]
                        if board is not None:  # with the update: no second request
                            data["svg"] = board.svg.decode("utf-8")
                    self.write(f"event: update\ndata: {json.dumps(data)}\n\n")
                    await self.flush()
                    sent = key
                try:
                    await asyncio.wait_for(wake.wait(), HEARTBEAT_S)
                except TimeoutError:
                    self.write(": still here\n\n")
                    await self.flush()
        except tornado.iostream.StreamClosedError:
            pass
        finally:
            stop()
            server.closing.discard(wake)
            server.listeners -= 1


def _no_access_log(handler: tornado.web.RequestHandler) -> None:
    """Requests are not logged (every board picture a page loads would be a line)."""


class _BoundedHTTPServer(tornado.httpserver.HTTPServer):
    """Closes a new connection at once when MAX_CONNECTIONS are open."""

    open_connections = 0

    def handle_stream(self, stream: tornado.iostream.IOStream, address: tuple[Any, ...]) -> None:
        if self.open_connections >= MAX_CONNECTIONS:
            stream.close()
            return
        self.open_connections += 1
        super().handle_stream(stream, address)

    def on_close(self, server_conn: object) -> None:
        self.open_connections -= 1
        super().on_close(server_conn)


class OverlayServer:
    """Serves ``hub`` at http://HOST:PORT/ from a thread of its own.

    ``start`` binds (an OSError names the address when it is taken) and returns
    once the server answers; ``stop`` closes every connection and the thread."""

    def __init__(self, hub: Hub, port: int = DEFAULT_PORT, host: str = LOOPBACK) -> None:
        self.hub = hub
        self.host = check_bind_address(host)
        self.port = port
        self.allowed: frozenset[str] = frozenset()
        self.listeners = 0
        self.stopping = False
        self.closing: set[asyncio.Event] = set()
        #: The addresses listened on (host, port), once started.
        self.addresses: list[tuple[str, int]] = []
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._http: _BoundedHTTPServer | None = None

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/"

    @property
    def lan(self) -> bool:
        """Whether other machines may reach it (not bound to the loopback address)."""
        return not is_loopback(self.host)

    def application(self) -> tornado.web.Application:
        args = {"server": self}
        pages = "|".join(PAGES)
        return tornado.web.Application(
            [
                (r"/", _Index, args),
                (rf"/({pages})", _Page, args),
                (r"/(overlay\.js|overlay\.css)", _Static, args),
                (r"/score\.json", _Score, args),
                (r"/board\.svg", _BoardSvg, args),
                (r"/events", _Events, args),
            ],
            default_handler_class=_NotFound,
            default_handler_args=args,
            compress_response=False,
            xsrf_cookies=False,
            serve_traceback=False,
            log_function=_no_access_log,
        )

    def start(self, tries: int = 1) -> None:
        """Listen on ``port``, or the next of ``tries`` ports when it is taken."""
        sockets: list[socket.socket] = []
        error: OSError | None = None
        for port in range(self.port, self.port + max(1, tries)):
            try:
                sockets = tornado.netutil.bind_sockets(port, self.host, reuse_port=False)
            except OSError as exc:
                error = exc
                continue
            self.port = sockets[0].getsockname()[1]
            break
        if not sockets:
            reason = error.strerror if error is not None and error.strerror else str(error)
            taken = error is not None and error.errno == errno.EADDRINUSE
            raise (PortTaken if taken else OSError)(
                f"{self.host}:{self.port}: cannot listen there ({reason})"
            )
        self.allowed = allowed_hosts(self.host, self.port)
        self.addresses = [s.getsockname()[:2] for s in sockets]
        ready = threading.Event()
        self._thread = threading.Thread(
            target=self._serve, args=(sockets, ready), name="overlay-server", daemon=True
        )
        self._thread.start()
        ready.wait(10)

    def _serve(self, sockets: list[socket.socket], ready: threading.Event) -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        self._loop = loop
        http = _BoundedHTTPServer(
            self.application(),
            max_header_size=MAX_HEADER_BYTES,
            max_body_size=0,
            body_timeout=5.0,
            idle_connection_timeout=60.0,
        )
        http.add_sockets(sockets)
        self._http = http
        loop.call_soon(ready.set)
        try:
            loop.run_forever()
        finally:
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.close()

    def stop(self) -> None:
        """Stop listening, end every connection and the server's thread."""
        loop, thread = self._loop, self._thread
        if loop is None or thread is None:
            return
        self.stopping = True

        async def shut() -> None:
            if self._http is not None:
                self._http.stop()
                for wake in list(self.closing):
                    wake.set()
                await asyncio.sleep(0)
                await self._http.close_all_connections()
            loop.stop()

        loop.call_soon_threadsafe(lambda: loop.create_task(shut()))
        thread.join(5)
        self._loop = self._thread = self._http = None
