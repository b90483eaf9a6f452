"""The overlay server (no Qt): a few read-only pages for a streaming program's
browser source, served with Tornado on a thread of its own.

Pages: ``/`` (what is here), ``/overlay`` (board and score bar), ``/bar`` (the
score bar alone), ``/board`` (the board alone), each ``?theme=transparent`` (the
default) or ``?theme=opaque``; ``/board.svg?w=W&h=H`` (the board picture at a
page's size), ``/score.json`` (the score document of the view served) and
``/live`` (a WebSocket: a page hears of every new moment without polling). Their
scripts and styles are ``/overlay.js`` and ``/overlay.css``. ``/events`` says
the same as ``/live`` as server-sent events, for a page loaded before ``/live``
existed; a page listening over HTTP/1.1 holds one of the six connections a
browser opens to an address, so a seventh page in one browser (OBS shares one
among its browser sources) could not load: the pages listen on ``/live``.

What it will not do: listen anywhere but the loopback address unless asked for
one address by name (``host``); answer a request whose Host header is not its
own address (a web page elsewhere cannot reach it through DNS rebinding), or a
WebSocket whose Origin is not one of its own pages' (a page elsewhere cannot
listen); accept any method but GET; serve a file, a path or anything besides these
pages; take a request larger than MAX_HEADER_BYTES or slower than
HEADER_TIMEOUT_S to arrive, more than MAX_DATA_CONNECTIONS connections besides
the pages listening (the one silent longest is closed for a new one), or more
than MAX_EVENT_CLIENTS pages listening at once; a page that closes frees its
place at once.
"""

from __future__ import annotations

import asyncio
import errno
import ipaddress
import json
import socket
import threading
from collections import OrderedDict
from collections.abc import Awaitable
from typing import Any

import tornado.httpserver
import tornado.httputil
import tornado.iostream
import tornado.netutil
import tornado.web
import tornado.websocket

from tabletop_gui import bundled
from tabletop_gui.overlay.hub import Board, Hub, clamp_size

#: The port a server takes unless told otherwise (the next few are tried when busy).
DEFAULT_PORT = 8765
LOOPBACK = "127.0.0.1"
#: Requests are GETs with short URLs: a request line and headers past this are refused.
MAX_HEADER_BYTES = 8192
#: A request's line and headers must arrive within this many seconds of its
#: connection (or of the previous answer on it); a slower client is dropped.
HEADER_TIMEOUT_S = 5.0
#: Connections at most besides the pages listening: those asking for a page, a
#: picture or the score, and those that have not said what they want yet. When
#: all are taken, a new connection closes the one silent longest (a client that
#: trickles its headers cannot hold them all); when every one is being answered,
#: the new one is closed.
MAX_DATA_CONNECTIONS = 32
#: Pages listening for updates at most: their own slots, which data never takes.
MAX_EVENT_CLIENTS = 16
#: Idle listeners hear from the server this often (seconds): a comment line on
#: /events, a ping on /live (a page that does not answer it within as long is closed).
HEARTBEAT_S = 15.0
#: A page sends nothing on /live: a message longer than this closes it.
MAX_PAGE_MESSAGE = 1024
#: How long a board picture request waits for a size not drawn yet (seconds).
BOARD_WAIT_S = 3.0
PAGES = ("overlay", "bar", "board", "camera")
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
    "connect-src 'self' ws://{host}; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'"
)


def _page_csp(handler: tornado.web.RequestHandler) -> str:
    """The pages' policy: ``connect-src`` names the page's own WebSocket address
    (``'self'`` covers ``ws:`` only in newer browsers). The Host header was
    checked to be one of the server's own addresses."""
    return _PAGE_CSP.format(host=handler.request.headers["Host"].lower())


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


def free_port(host: str = LOOPBACK, after: int = DEFAULT_PORT, tries: int = 20) -> int:
    """A port ``host`` can listen on now: the first free one of the ``tries`` after
    ``after`` (each bound as the server binds it and let go at once), else one the
    system picks. Another program may take it before it is used: a suggestion."""
    ports = [p for p in range(after + 1, after + 1 + tries) if p < 65536]
    for port in [*ports, 0]:
        try:
            sockets = tornado.netutil.bind_sockets(port, host, reuse_port=False)
        except OSError:
            continue
        found = int(sockets[0].getsockname()[1])
        for s in sockets:
            s.close()
        return found
    raise OSError(f"{host}: no port to listen on")


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
        self.set_header("Content-Security-Policy", _page_csp(self))
        self.finish(_asset("index.html"))


class _Page(_Handler):
    def get(self, kind: str) -> None:
        theme = self.get_query_argument("theme", THEMES[0])
        if theme not in THEMES:
            raise tornado.web.HTTPError(400, reason="theme is transparent or opaque")
        html = _asset("page.html").decode("utf-8")
        html = html.replace("{kind}", kind).replace("{theme}", theme)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Content-Security-Policy", _page_csp(self))
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
        framed = self.get_query_argument("page", "") == "camera"
        hub = self.overlay.hub
        hub.want(size, camera=framed)

        def picture() -> Board | None:
            moment = hub.moment()
            return (moment.camera_boards if framed else moment.boards).get(size)

        board = picture()
        if board is None:
            ready = asyncio.Event()
            loop = asyncio.get_running_loop()
            stop = hub.listen(lambda: loop.call_soon_threadsafe(ready.set))
            try:
                deadline = loop.time() + BOARD_WAIT_S
                while board is None and loop.time() < deadline:
                    ready.clear()
                    board = picture()
                    if board is None:
                        try:
                            await asyncio.wait_for(ready.wait(), deadline - loop.time())
                        except TimeoutError:
                            break
                        board = picture()
            finally:
                stop()
        if board is None:
            raise tornado.web.HTTPError(503, reason="The board is being drawn")
        self.set_header("Content-Type", "image/svg+xml")
        self.set_header("Content-Security-Policy", _SVG_CSP)
        self.finish(board.svg)


class _Listening:
    """What a page listening is sent: an update with the bar and the board picture
    (its address, and the picture itself) whenever either changed for the page's
    size. ``size`` None: the score bar's page, which shows no board."""

    def __init__(self, server: OverlayServer, size: tuple[int, int] | None, framed: bool) -> None:
        self.server, self.size, self.framed = server, size, framed
        self.sent: tuple[int, int] | None = None

    def want(self) -> None:
        if self.size is not None:
            self.server.hub.want(self.size, camera=self.framed)

    def update(self) -> dict[str, Any] | None:
        """The next update to send, None when the page has the latest already
        (or its picture is not drawn yet)."""
        size, framed = self.size, self.framed
        moment = self.server.hub.moment()
        pictures = moment.camera_boards if framed else moment.boards
        board = pictures.get(size) if size is not None else None
        board_version = board.version if board is not None else 0
        key = (moment.version, board_version)
        # The camera page of a game without a camera alignment has no picture
        # to wait for: it hears of each moment all the same.
        no_camera = framed and moment.camera is None
        if not moment.version or key == self.sent:
            return None
        if size is not None and board is None and not no_camera:
            return None
        data = {"version": moment.version, "view": moment.view, "bar": moment.bar,
                "camera": moment.camera}  # fmt: skip
        if size is not None:
            w, h = size
            data["size"] = [w, h]
            if board is not None:
                page = "&page=camera" if framed else ""
                data["board"] = f"/board.svg?w={w}&h={h}{page}&v={board_version}"
                # With the update: no second request.
                data["svg"] = board.svg.decode("utf-8")
                data["rect"] = list(board.rect)
        self.sent = key
        return data


def _listening(handler: _Handler, server: OverlayServer) -> _Listening:
    """The page's size (``w``, ``h``; none for the score bar) and whether it is
    the /camera page, from its address; 400 for a size that is not a number."""
    size = _size_argument(handler) if handler.get_query_argument("w", "") else None
    framed = handler.get_query_argument("page", "") == "camera"
    return _Listening(server, size, framed)


class _Events(_Handler):
    """Server-sent events (``event: update``), for a page loaded before /live:
    the same updates as /live. A page that closes frees its place at once (its
    connection's close wakes the loop), not at the next heartbeat."""

    closed = False
    wake: asyncio.Event | None = None

    def on_connection_close(self) -> None:
        self.closed = True
        if self.wake is not None:
            self.wake.set()

    async def get(self) -> None:
        server = self.overlay
        if server.listeners >= MAX_EVENT_CLIENTS:
            raise tornado.web.HTTPError(503, reason="Too many pages listening")
        page = _listening(self, server)
        server.listeners += 1
        server.listening(self.request.connection)
        self.set_header("Content-Type", "text/event-stream; charset=utf-8")
        self.set_header("X-Accel-Buffering", "no")
        loop = asyncio.get_running_loop()
        wake = self.wake = asyncio.Event()
        stop = server.hub.listen(lambda: loop.call_soon_threadsafe(wake.set))
        server.closing.add(wake)
        try:
            page.want()
            self.write("retry: 1000\n\n")
            await self.flush()
            while not server.stopping and not self.closed:
                wake.clear()
                data = page.update()
                if data is not None:
                    self.write(f"event: update\ndata: {json.dumps(data)}\n\n")
                    await self.flush()
                try:
                    await asyncio.wait_for(wake.wait(), HEARTBEAT_S)
                except TimeoutError:
                    if not self.closed:
                        self.write(": still here\n\n")
                        await self.flush()
        except tornado.iostream.StreamClosedError:
            pass
        finally:
            stop()
            server.closing.discard(wake)
            server.listeners -= 1


class _Live(_Handler, tornado.websocket.WebSocketHandler):
    """The pages' push channel: a WebSocket, each update one JSON message. A
    browser does not count WebSockets among the six connections it opens to one
    address, so any number of pages (up to MAX_EVENT_CLIENTS) load and listen in
    one browser. Refused (before the handshake) for a foreign Host or Origin, a
    bad size or a full house; the server pings it every HEARTBEAT_S and closes it
    when the page does not answer; a page that closes frees its place at once."""

    page: _Listening | None = None
    wake: asyncio.Event | None = None
    counted = False

    def own_origin(self, origin: str) -> bool:
        """Whether ``origin`` is one of the server's own pages (http://ITS-ADDRESS)."""
        scheme, _, netloc = origin.lower().partition("://")
        return scheme == "http" and netloc in self.overlay.allowed

    def prepare(self) -> None:
        super().prepare()  # the Host header
        origin = self.request.headers.get("Origin")
        if origin is not None and not self.own_origin(origin):
            raise tornado.web.HTTPError(403, reason="Not one of this server's pages")
        if self.overlay.listeners >= MAX_EVENT_CLIENTS or self.overlay.stopping:
            raise tornado.web.HTTPError(503, reason="Too many pages listening")
        self.page = _listening(self, self.overlay)

    def check_origin(self, origin: str) -> bool:
        return self.own_origin(origin)

    def open(self, *args: str, **kwargs: str) -> None:
        server = self.overlay
        if server.listeners >= MAX_EVENT_CLIENTS or server.stopping or self.page is None:
            self.close(1013, "Too many pages listening")
            return
        # Its connection left the data slots when the handshake handed it over
        # (the server saw its HTTP connection close).
        server.listeners += 1
        self.counted = True
        server.live.add(self)
        self.set_nodelay(True)
        loop = asyncio.get_running_loop()
        self.wake = wake = asyncio.Event()
        self.stop_hearing = server.hub.listen(lambda: loop.call_soon_threadsafe(wake.set))
        self.sending = loop.create_task(self.send(self.page, wake))

    async def send(self, page: _Listening, wake: asyncio.Event) -> None:
        server = self.overlay
        try:
            page.want()
            while not server.stopping and self.ws_connection is not None:
                wake.clear()
                data = page.update()
                if data is not None:
                    await self.write_message(json.dumps(data))
                await wake.wait()
        except tornado.websocket.WebSocketClosedError:
            pass
        finally:
            self.forget()

    def forget(self) -> None:
        if self.counted:
            self.counted = False
            self.stop_hearing()
            self.overlay.live.discard(self)
            self.overlay.listeners -= 1

    def on_message(self, message: str | bytes) -> None:
        """A page sends nothing: anything it sends is ignored."""

    def on_close(self) -> None:
        if self.wake is not None:
            self.wake.set()
        else:
            self.forget()

    def end(self) -> None:
        """The server stops: close the page's connection now (the page hears
        of it and says it is reconnecting)."""
        connection = self.ws_connection
        self.close(1001, "The server stopped")
        if connection is not None and connection.stream is not None:
            connection.stream.close()


def _no_access_log(handler: tornado.web.RequestHandler) -> None:
    """Requests are not logged (every board picture a page loads would be a line)."""


class _BoundedHTTPServer(tornado.httpserver.HTTPServer):
    """Keeps MAX_DATA_CONNECTIONS slots for everything but the pages listening.
    A connection is *waiting* from when it opens (or its last answer went out)
    until its request's headers are in, then *busy* until it is answered; a page
    listening is moved out of both (the handler says so). A new connection past
    the limit closes the one waiting longest, or itself when all are busy."""

    def bounded(self) -> None:
        self.waiting: OrderedDict[tornado.iostream.IOStream, None] = OrderedDict()
        self.busy: set[tornado.iostream.IOStream] = set()

    def handle_stream(self, stream: tornado.iostream.IOStream, address: tuple[Any, ...]) -> None:
        if len(self.waiting) + len(self.busy) >= MAX_DATA_CONNECTIONS:
            if not self.waiting:
                stream.close()
                return
            oldest, _ = self.waiting.popitem(last=False)
            oldest.close()
        self.waiting[stream] = None
        super().handle_stream(stream, address)

    def start_request(
        self, server_conn: object, request_conn: tornado.httputil.HTTPConnection
    ) -> tornado.httputil.HTTPMessageDelegate:
        stream = _stream_of(server_conn)
        if stream is not None and stream in self.busy:  # the next request on it
            self.busy.discard(stream)
            self.waiting[stream] = None
        delegate = super().start_request(server_conn, request_conn)
        return _Watched(delegate, self, stream)

    def listening(self, stream: tornado.iostream.IOStream | None) -> None:
        """``stream`` is a page's (or gone): it no longer takes a data slot."""
        if stream is not None:
            self.waiting.pop(stream, None)
            self.busy.discard(stream)

    def on_close(self, server_conn: object) -> None:
        self.listening(_stream_of(server_conn))
        super().on_close(server_conn)


def _stream_of(connection: object) -> tornado.iostream.IOStream | None:
    stream = getattr(connection, "stream", None)
    return stream if isinstance(stream, tornado.iostream.IOStream) else None


class _Watched(tornado.httputil.HTTPMessageDelegate):
    """A request's delegate that tells the server when its headers are in."""

    def __init__(
        self,
        delegate: tornado.httputil.HTTPMessageDelegate,
        server: _BoundedHTTPServer,
        stream: tornado.iostream.IOStream | None,
    ) -> None:
        self.delegate, self.server, self.stream = delegate, server, stream

    def headers_received(
        self,
        start_line: tornado.httputil.RequestStartLine | tornado.httputil.ResponseStartLine,
        headers: tornado.httputil.HTTPHeaders,
    ) -> Awaitable[None] | None:
        stream, server = self.stream, self.server
        if stream is not None and stream in server.waiting:
            del server.waiting[stream]
            server.busy.add(stream)
        return self.delegate.headers_received(start_line, headers)

    def data_received(self, chunk: bytes) -> Awaitable[None] | None:
        return self.delegate.data_received(chunk)

    def finish(self) -> None:
        self.delegate.finish()

    def on_connection_close(self) -> None:
        self.delegate.on_connection_close()


class OverlayServer:
    """Serves ``hub`` at http://HOST:PORT/ from a thread of its own.

    ``start`` binds (an OSError names the address when it is taken) and returns
    once the server answers; ``stop`` closes every connection and the thread."""

    def __init__(self, hub: Hub, port: int = DEFAULT_PORT, host: str = LOOPBACK) -> None:
        self.hub = hub
        self.host = check_bind_address(host)
        self.port = port
        #: The port asked for; ``port`` is another when ``start`` found it taken.
        self.asked = port
        self.allowed: frozenset[str] = frozenset()
        self.listeners = 0
        self.stopping = False
        self.closing: set[asyncio.Event] = set()
        #: The pages listening on /live.
        self.live: set[_Live] = set()
        #: The addresses listened on (host, port), once started.
        self.addresses: list[tuple[str, int]] = []
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._http: _BoundedHTTPServer | None = None

    def listening(self, connection: object) -> None:
        """The connection of a page now listening: out of the data slots."""
        if self._http is not None:
            self._http.listening(_stream_of(connection))

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/"

    @property
    def moved(self) -> bool:
        """Whether the port asked for was taken and the server listens on another."""
        return self.port != self.asked

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
                (r"/live", _Live, args),
                (r"/events", _Events, args),
            ],
            default_handler_class=_NotFound,
            default_handler_args=args,
            compress_response=False,
            xsrf_cookies=False,
            serve_traceback=False,
            log_function=_no_access_log,
            websocket_ping_interval=HEARTBEAT_S,
            websocket_ping_timeout=HEARTBEAT_S,
            websocket_max_message_size=MAX_PAGE_MESSAGE,
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
            # Tornado's header deadline: a request's headers (the first, or the
            # next on a kept-alive connection) must be in within this.
            idle_connection_timeout=HEADER_TIMEOUT_S,
        )
        http.bounded()
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
                for page in list(self.live):
                    page.end()
                await asyncio.sleep(0)
                await self._http.close_all_connections()
            loop.stop()

        loop.call_soon_threadsafe(lambda: loop.create_task(shut()))
        thread.join(5)
        self._loop = self._thread = self._http = None
