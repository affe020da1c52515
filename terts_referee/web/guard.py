"""What every request of ``terts serve`` passes before any route: one ASGI middleware (``Guard``)
for the HTTP version, the size of the request line and headers, the request target, the body's
framing, the ``Host`` and ``Origin`` checks, the token, and the headers of every answer; the
limits (``Limits``) and the one-line JSON answers the whole server gives.

The checks, in order (each refusal one line of JSON in the server's language):

- not HTTP/1.x: 400, closed (h11 reads any digit.digit as a version);
- the request line, query string included, and headers over ``max_header``: 431, closed (h11
  bounds only what has not ended yet);
- ``Content-Length`` together with ``Transfer-Encoding``: 400, closed (RFC 9112 section 6.1:
  such a message may be smuggling, and its length must not be trusted);
- a request target that is neither a path nor an ``http://`` address: 400. An absolute target
  (``GET http://HOST/PATH``, which RFC 9112 section 3.2.2 has a server accept) names its host
  itself: the ``Host`` header is then ignored, as that section says, and the target's host is
  checked in its place;
- without a token, a ``Host`` that is not this server's; anywhere, an ``Origin`` that is not
  ``http://`` and the host: 403;
- with a token, a first path segment that is not it: 403 (compared in constant time); ``/TOKEN``
  without its slash: 301 to ``/TOKEN/``. Below the token, the routes see the path without it
  (the token is the ``root_path``, as Starlette's routing reads it).

Every answer then gets the security headers (an answer that sets its own policy keeps it), and
a body the route did not read is read and dropped before the answer starts (``_drain``).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
from typing import TYPE_CHECKING, Any, NamedTuple
from urllib.parse import urlsplit

from starlette.responses import Response

from ..i18n import t

if TYPE_CHECKING:
    from starlette.requests import Request
    from starlette.types import ASGIApp, Message, Receive, Scope, Send

JSON_TYPE = "application/json; charset=utf-8"
SECURITY_HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'; "
        "frame-ancestors 'none'"
    ),
}
_RAW_HEADERS = [(k.lower().encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]
# A refusal of a request's body, framing or version: the connection is closed after it.
CLOSE = {"Connection": "close"}
BODY_READ = "terts.body_read"  # in the request's scope: a route read (or timed out on) its body


class Limits(NamedTuple):
    """What the server allows a client, in bytes, seconds and connections. The defaults suit a
    table on a home network; the tests run with short times."""

    max_body: int = 16 * 1024  # a POST body (413 above): the biggest action is well under 1 KiB
    max_depth: int = 8  # JSON nesting (400 above): the page sends an object holding lists
    max_header: int = 16 * 1024  # the request line, query string and headers together (431)
    header_timeout: float = 10.0  # from connecting (or the last answer) to the headers' end
    body_timeout: float = 10.0  # from the headers' end to the body's end (408 after)
    keep_alive: float = 5.0  # an idle connection between two requests is closed after this
    max_connections: int = 100  # open at once, live pages included (503 above)
    poll: float = 0.1  # seconds between two looks at the game file's version
    ping: float = 15.0  # a comment on an idle event stream, so a dead connection is noticed
    send_timeout: float = 30.0  # a page that stops reading its event stream is dropped
    max_drain: int = 1024 * 1024  # a refused body read and dropped so the answer arrives whole
    drain_idle: float = 0.5  # ... until it pauses this long: the answer is not held back more
    shutdown: float = 3.0  # Ctrl-C: the longest wait for answers under way


class Access(NamedTuple):
    """Who may ask: the server's language, its token (None on loopback without ``--lan``), the
    ``Host`` headers it answers without a token, and the limits."""

    lang: str
    token: str | None
    hosts: frozenset[str]
    limits: Limits


def one_line(status: int, data: dict[str, Any], extra: dict[str, str] | None = None) -> Response:
    """A JSON answer on one line, with the security headers. A lone surrogate a request put in
    a text is written as JSON's own ``\\ud800`` escape (it is no character UTF-8 can hold)."""
    text = json.dumps(data, ensure_ascii=False)
    body = text.encode("utf-8", "backslashreplace")
    return Response(body, status, {**SECURITY_HEADERS, **(extra or {})}, JSON_TYPE)


def refusal(status: int, message: str, extra: dict[str, str] | None = None) -> Response:
    return one_line(status, {"ok": False, "error": message}, extra)


def route_of(scope: Scope) -> str:
    """The path a route sees (below the token, below a club's table), without its first slash:
    what a refusal names."""
    path: str = scope["path"]
    root: str = scope.get("root_path", "")
    if root and path.startswith(root):
        path = path[len(root) :]
    return path.lstrip("/")


def not_found(request: Request, exc: Exception) -> Response:
    """Starlette's 404 (no route), as the server's one line."""
    lang = request.scope["terts.lang"]
    return refusal(404, t("web.err.not_found", lang, path=route_of(request.scope)))


_ORDER = {"GET": 0, "HEAD": 1, "POST": 2}


def not_allowed(request: Request, exc: Exception) -> Response:
    """Starlette's 405 (a route that takes other methods), as one line naming them."""
    given = dict(getattr(exc, "headers", None) or {}).get("Allow", "GET, HEAD")
    methods = {m.strip() for m in given.split(",")}
    allowed = ", ".join(sorted(methods, key=lambda m: (_ORDER.get(m, len(_ORDER)), m)))
    lang = request.scope["terts.lang"]
    message = t("web.err.method", lang, method=request.method, allowed=allowed)
    return refusal(405, message, {"Allow": allowed})


def failed(request: Request, exc: Exception) -> Response:
    """A bug: one line naming the error's kind, never a traceback."""
    lang = request.scope["terts.lang"]
    return refusal(500, t("web.err.failed", lang, kind=type(exc).__name__))


def http_error(request: Request, exc: Exception) -> Response:
    status = getattr(exc, "status_code", 500)
    if status == 404:
        return not_found(request, exc)
    if status == 405:
        return not_allowed(request, exc)
    return failed(request, exc)


class Guard:
    """The middleware: every check of the module's doc, then the route; the common headers on
    every answer, and a body left unread drained before it."""

    def __init__(self, app: ASGIApp, access: Access) -> None:
        self.app = app
        self.access = access

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":  # no lifespan, no websockets: nothing to do
            return
        scope["terts.lang"] = self.access.lang
        checked = self._check(scope)
        if isinstance(checked, Response):
            await self._answer(checked, scope, receive, send)
            return
        scope.update(checked)
        finished = False

        async def receiving() -> Message:
            nonlocal finished
            message = await receive()
            if message["type"] != "http.request" or not message.get("more_body", False):
                finished = True
            return message

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                if not finished:
                    await self._drain(scope, receive)
                present = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in _RAW_HEADERS if k not in present]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receiving, sending)

    async def _answer(self, response: Response, scope: Scope, receive: Receive, send: Send) -> None:
        await self._drain(scope, receive)
        await response(scope, receive, send)

    def _check(self, scope: Scope) -> Response | dict[str, Any]:
        """A refusal, or what the routes' scope becomes (the token's ``root_path``, the path of
        an absolute target)."""
        lang, limits, token = self.access.lang, self.access.limits, self.access.token
        version = scope.get("http_version", "1.1")
        if not version.startswith("1."):
            return refusal(400, t("web.err.http_version", lang, version=version), CLOSE)
        raw: bytes = scope.get("raw_path") or scope["path"].encode("utf-8")
        query: bytes = scope.get("query_string", b"")
        headers: list[tuple[bytes, bytes]] = scope["headers"]
        size = len(raw) + len(query) + sum(len(k) + len(v) for k, v in headers)
        if size > limits.max_header:
            message = t("web.err.headers_large", lang, size=size, limit=limits.max_header)
            return refusal(431, message, CLOSE)
        names = {name for name, _ in headers}
        if b"content-length" in names and b"transfer-encoding" in names:
            return refusal(400, t("web.err.framing", lang), CLOSE)
        changed: dict[str, Any] = {}
        host = next((v for k, v in headers if k == b"host"), b"").decode("latin-1")
        path = raw.decode("latin-1")
        if not path.startswith("/"):  # absolute form: the target names the host
            target = urlsplit(path)
            if target.scheme.lower() != "http" or not target.netloc:
                return refusal(400, t("web.err.target", lang))
            host, path = target.netloc, target.path or "/"
            changed = {"path": _unquoted(path), "raw_path": path.encode("latin-1")}
        origin = next((v for k, v in headers if k == b"origin"), None)
        unknown_host = token is None and host not in self.access.hosts
        if unknown_host or (origin is not None and not _same_origin(origin, host)):
            return refusal(403, t("web.err.host", lang))
        if token is None:
            return changed
        first, slash, _ = path[1:].partition("/")
        if not hmac.compare_digest(first.encode("utf-8"), token.encode("utf-8")):
            return refusal(403, t("web.err.forbidden", lang))
        if not slash:
            return Response(b"", 301, {**SECURITY_HEADERS, "Location": f"/{token}/"})
        return {**changed, "root_path": scope.get("root_path", "") + f"/{token}"}

    async def _drain(self, scope: Scope, receive: Receive) -> None:
        """Read what is left of a body the answer did not need (a refusal before it was read:
        too large, a wrong token, no such action), up to ``max_drain`` bytes in
        ``body_timeout``. Closing a connection with a body still arriving makes the system
        reset it, and the client may lose the answer sent just before; read, the answer
        arrives whole. A client that waits for ``100 Continue`` is not invited to send, and one
        that stops sending for ``drain_idle`` gets its answer then (a chunked body that never
        ends held it back ``body_timeout``, 10 s)."""
        names = {name: value for name, value in scope["headers"]}
        has_body = names.get(b"content-length", b"0") != b"0" or b"transfer-encoding" in names
        if scope.get(BODY_READ) or not has_body or b"expect" in names:
            return
        limits = self.access.limits
        left = limits.max_drain
        loop = asyncio.get_running_loop()
        deadline = loop.time() + limits.body_timeout
        with contextlib.suppress(TimeoutError):
            while left >= 0:
                async with asyncio.timeout(min(limits.drain_idle, deadline - loop.time())):
                    message = await receive()
                if message["type"] != "http.request":
                    return
                left -= len(message.get("body", b""))
                if not message.get("more_body", False):
                    return


def _same_origin(origin: bytes, host: str) -> bool:
    """Whether an ``Origin`` is this server's page: ``http://`` (the server speaks no TLS) and
    the host, nothing else (no path, no ``null``)."""
    parts = urlsplit(origin.decode("latin-1"))
    return (parts.scheme == "http" and parts.netloc == host and parts.path in ("", "/")) and not (
        parts.query or parts.fragment
    )


def _unquoted(path: str) -> str:
    from urllib.parse import unquote

    return unquote(path)
