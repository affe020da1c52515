"""HTTP for the phone's page: Uvicorn (its pure-Python h11 protocol) serving ``app.PhoneApp``
on a socket bound beforehand, with what Uvicorn leaves to a proxy done here.

Uvicorn has no header timeout (a client trickling its request line is held as long as it keeps
trickling), answers a request it cannot parse with a plain-text body, and its own connection
cap (``limit_concurrency``) answers only once a request's headers are in. ``GuardedH11`` adds,
on Uvicorn's own h11 protocol class (the ``http`` class its ``Config`` takes):

- a header timeout: from connecting, or from the last answer on a kept-alive connection, a
  client has ``header_timeout`` seconds to finish its headers, or it is dropped (408 if it had
  started a request); Uvicorn's keep-alive timer only covers an idle connection, and data
  cancels it;
- a cap on open connections: one past ``max_connections`` gets a 503 at once and is closed;
- a request that is not HTTP/1.x (a bad request line, a TLS ClientHello, headers that go on
  past twice ``max_header`` bytes): a 400 with the security headers and one line of JSON,
  then closed;
- each of these refusals closes gently (``_refuse``): the answer, then the server's end shut
  for writing while what the client still sends is dropped, until it closes or ``LINGER``
  seconds pass, so that the client reads its answer instead of a reset.

The body timeout, the body and JSON limits, the framing and the HTTP version are the
application's (``guard``, ``app``). ``Server`` stops the live pages first when it shuts down,
so that Ctrl-C with pages open ends at once, and takes SIGINT/SIGTERM without raising them
again afterwards (Uvicorn re-raises them, which would end ``terts serve`` with a traceback
instead of exit code 0).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
import socket
import threading
from collections.abc import Generator
from typing import TYPE_CHECKING, ClassVar, Protocol

import uvicorn
from sse_starlette.sse import AppStatus
from starlette.types import Receive, Scope, Send

from ..compat import h11_protocol
from ..i18n import t
from .guard import JSON_TYPE, SECURITY_HEADERS, Limits

if TYPE_CHECKING:
    from uvicorn.protocols.http.h11_impl import H11Protocol
else:  # the one import of Uvicorn's internals, checked there (compat.py)
    H11Protocol = h11_protocol()


class Served(Protocol):
    """What ``Serving`` serves: an ASGI application with its limits and language, and what
    runs beside its routes (``app.PhoneApp``; ``club_app.ClubApp``, the tables of a club
    night behind one lobby)."""

    limits: Limits
    lang: str

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None: ...

    async def watch(self) -> None:
        """Runs until ``stop_streams``: what keeps the live pages up to date."""

    def stop_streams(self) -> None:
        """Every live page's stream ends (the server is stopping)."""

    def close(self) -> None:
        """The worker threads end (the server has stopped)."""


REASONS = {400: "Bad Request", 408: "Request Timeout", 503: "Service Unavailable"}
LINGER = 2.0  # seconds a refused client has to close after its answer


def raw_refusal(status: int, message: str) -> bytes:
    """A whole HTTP/1.1 answer with a one-line JSON body, written straight to the socket (the
    connection is closed right after it)."""
    body = json.dumps({"ok": False, "error": message}, ensure_ascii=False).encode("utf-8")
    head = [f"HTTP/1.1 {status} {REASONS[status]}", f"Content-Type: {JSON_TYPE}"]
    head += [f"Content-Length: {len(body)}", "Connection: close"]
    head += [f"{name}: {value}" for name, value in SECURITY_HEADERS.items()]
    return ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body


class GuardedH11(H11Protocol):
    """Uvicorn's h11 protocol with a header timeout, a connection cap and JSON 400s."""

    limits: ClassVar[Limits]
    lang: ClassVar[str]
    _timer: asyncio.TimerHandle | None = None
    _heard = False  # bytes arrived since the timer was set: a request had begun
    _lingering = False  # refused and answered: waiting for the client to close

    # Uvicorn's own signature (a TCP transport, not asyncio.Protocol's any BaseTransport).
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if len(self.connections) > self.limits.max_connections:
            message = t("web.err.busy", self.lang, limit=self.limits.max_connections)
            self._refuse(503, message)
            return
        self._set_timer()

    def data_received(self, data: bytes) -> None:
        if self._lingering:
            return  # refused: what still arrives is read and dropped
        self._heard = True
        super().data_received(data)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._set_timer()  # the next request's headers, on a kept-alive connection

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_timer()
        super().connection_lost(exc)

    def send_400_response(self, msg: str) -> None:
        self._refuse(400, t("web.err.bad_request", self.lang, limit=self.limits.max_header))

    def _set_timer(self) -> None:
        self._cancel_timer()
        self._heard = False
        self._timer = self.loop.call_later(self.limits.header_timeout, self._headers_late)

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _headers_late(self) -> None:
        self._timer = None
        if self.transport.is_closing() or self._lingering:
            return
        if self.cycle is not None and not self.cycle.response_complete:
            return  # a request is being answered: its body has the application's timeout
        if self._heard:
            seconds = f"{self.limits.header_timeout:g}"
            self._refuse(408, t("web.err.timeout", self.lang, seconds=seconds))
        else:
            self.transport.close()  # an idle connection: nothing to answer

    def _refuse(self, status: int, message: str) -> None:
        """Answer and close gently: the answer, then our end shut for writing while what the
        client still sends is read and dropped, until it closes too or ``LINGER`` seconds
        pass. Closing with its data unread would make the system reset the connection, and
        the client could lose the answer."""
        cycle = self.cycle
        if cycle is not None and cycle.response_started and not cycle.response_complete:
            self.transport.close()  # an answer already under way: nothing else can be said
            return
        self._cancel_timer()
        self.transport.write(raw_refusal(status, message))
        if not self.transport.can_write_eof():
            self.transport.close()
            return
        self._lingering = True
        self.transport.write_eof()
        self._timer = self.loop.call_later(LINGER, self.transport.close)


class Server(uvicorn.Server):
    """Uvicorn's server, stopping the live pages first, and keeping Ctrl-C to itself."""

    def __init__(self, config: uvicorn.Config, app: Served):
        super().__init__(config)
        self.phone_app = app

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self.phone_app.stop_streams()  # every event stream ends, so its connection can close
        await super().shutdown(sockets)

    @contextlib.contextmanager
    def capture_signals(self) -> Generator[None, None, None]:
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        handled = (signal.SIGINT, signal.SIGTERM)
        original = {sig: signal.signal(sig, self.handle_exit) for sig in handled}
        try:
            yield
        finally:
            for sig, handler in original.items():
                signal.signal(sig, handler)


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host`` (an address or a name) and ``port``; raises OSError
    (``socket.gaierror`` when the name does not resolve)."""
    family, kind, proto, _, address = socket.getaddrinfo(
        host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    sock.setblocking(False)
    return sock


class Serving:
    """One application (``Served``) on one bound socket until ``stop()`` (or Ctrl-C)."""

    def __init__(self, sock: socket.socket, app: Served):
        quiet_logs()
        # sse-starlette would cut every event stream when Uvicorn starts to stop (a process-wide
        # switch it sets from the signal): the streams end themselves instead (Server.shutdown
        # stops the versions they wait on), each with its last chunk, so a page sees a clean end.
        # (unannotated in sse-starlette: the call is checked by the Ctrl-C tests instead)
        AppStatus.disable_automatic_graceful_drain()  # type: ignore[no-untyped-call]
        self.sock = sock
        self.app = app
        limits = app.limits
        protocol = type("TertsH11", (GuardedH11,), {"limits": limits, "lang": app.lang})
        config = uvicorn.Config(
            app,
            http=protocol,
            loop="asyncio",
            ws="none",
            lifespan="off",
            interface="asgi3",
            log_config=None,
            access_log=False,
            proxy_headers=False,
            server_header=False,
            timeout_keep_alive=max(1, round(limits.keep_alive)),
            timeout_graceful_shutdown=max(1, round(limits.shutdown)),
            # Headers that have not ended yet may grow to twice the limit before the
            # connection is refused (400): ones that end under that are answered whole, 431
            # past the limit (``app``), however the network cut them into pieces.
            h11_max_incomplete_event_size=2 * limits.max_header,
        )
        self.server = Server(config, app)

    async def serve(self) -> None:
        watcher = asyncio.create_task(self.app.watch())
        try:
            await self.server.serve(sockets=[self.sock])
        finally:
            self.app.stop_streams()
            watcher.cancel()
            self.app.close()
            self.sock.close()

    def stop(self) -> None:
        """Ask the server to stop (from any thread): it stops within a tenth of a second."""
        self.server.should_exit = True


def quiet_logs() -> None:
    """Uvicorn's loggers say nothing on the terminal (it is the operator's, as before): every
    refusal is answered to the client, and no traceback is ever printed."""
    import logging

    for name in ("uvicorn", "uvicorn.error", "uvicorn.access", "sse_starlette"):
        logger = logging.getLogger(name)
        logger.handlers[:] = [logging.NullHandler()]
        logger.propagate = False
