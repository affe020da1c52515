"""The phone's page as an ASGI application (Starlette's requests and responses, sse-starlette's
event stream); ``transport`` serves it with Uvicorn.

Routes (under ``/TOKEN/`` when a token is set, else under ``/``; docs/http.md has them all):

- ``GET  ``            the page; ``GET app.js``, ``GET app.css`` its assets (shipped in the package)
- ``GET  api/ui``      the page's words in the server's language
- ``GET  api/state``   the sheet, the status and the log of the game, and the file's version
- ``GET  api/events``  server-sent events: the game file's version whenever it changes
- ``POST api/ACTION``  one action from a JSON object (``Backend.actions``)
- ``GET  manifest.webmanifest`` the web app manifest; the icons it names beside the page
- ``GET  api/history``, ``api/stats`` the library (``history --json``, ``stats --json``), the
  filters as query parameters; ``api/game?file=F`` a library game's sheet; ``api/next`` the next
  game once this one is finished; ``sheet.html`` the printable sheet (``export --html``): all
  ``reads.Reads``'

GET never changes the file. Every answer carries the security headers; every refusal is one
line of JSON, ``{"ok": false, "error": "..."}``, in the server's language. What a request may
be (sizes, depth, times) is ``Limits``; what it does to the game is the ``Backend``'s.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import re
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from importlib import resources
from typing import Any, NamedTuple, TypeVar
from urllib.parse import urlsplit

from sse_starlette.sse import EventSourceResponse
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

from ..i18n import t
from . import texts  # noqa: F401 - registers the web.* and ui.* words
from .backend import Backend
from .reads import Reads

T = TypeVar("T")

STATIC = {
    "app.js": "text/javascript; charset=utf-8",
    "app.css": "text/css; charset=utf-8",
    # the icons the manifest names (tools/make_icons.py draws them) and the page links
    "icon.svg": "image/svg+xml",
    "icon-192.png": "image/png",
    "icon-512.png": "image/png",
    "icon-maskable.png": "image/png",
    "apple-touch-icon.png": "image/png",
}
# The read-only routes of ``reads.Reads``: the library, a library game, the next game.
READS = ("api/history", "api/stats", "api/game", "api/next")
PAGES = (
    *("", "index.html", "api/ui", "api/state", "api/events"),
    *("manifest.webmanifest", "sheet.html", *READS, *STATIC),
)
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
# The printable sheet (``export --html``): its style is in the page, and it runs no script.
SHEET_HEADERS = {
    **SECURITY_HEADERS,
    "Content-Security-Policy": (
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; "
        "form-action 'none'; frame-ancestors 'none'"
    ),
}
THEME = "#1f5f3f"  # the page's accent (app.css --accent): the manifest's theme colour
BACKGROUND = "#f6f4ee"  # the page's background (app.css --bg)


class Limits(NamedTuple):
    """What the server allows a client, in bytes, seconds and connections. The defaults suit a
    table on a home network; the tests run with short times."""

    max_body: int = 16 * 1024  # a POST body (413 above): the biggest action is well under 1 KiB
    max_depth: int = 8  # JSON nesting (400 above): the page sends an object holding lists
    max_header: int = 16 * 1024  # the request line and headers together (431 above)
    header_timeout: float = 10.0  # from connecting (or the last answer) to the headers' end
    body_timeout: float = 10.0  # from the headers' end to the body's end (408 after)
    keep_alive: float = 5.0  # an idle connection between two requests is closed after this
    max_connections: int = 100  # open at once, live pages included (503 above)
    poll: float = 0.1  # seconds between two looks at the game file's version
    ping: float = 15.0  # a comment on an idle event stream, so a dead connection is noticed
    send_timeout: float = 30.0  # a page that stops reading its event stream is dropped
    max_drain: int = 1024 * 1024  # a refused body read and dropped so the answer arrives whole
    shutdown: float = 3.0  # Ctrl-C: the longest wait for answers under way


def one_line(status: int, data: dict[str, Any], extra: dict[str, str] | None = None) -> Response:
    """A JSON answer on one line, with the security headers."""
    body = json.dumps(data, ensure_ascii=False).encode("utf-8")
    return Response(body, status, {**SECURITY_HEADERS, **(extra or {})}, JSON_TYPE)


def refusal(status: int, message: str, extra: dict[str, str] | None = None) -> Response:
    return one_line(status, {"ok": False, "error": message}, extra)


class BadBody(Exception):
    """A request body the server will not read or parse: ``status`` and a one-line message."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(rb"[\[\]{}]")


def json_depth(raw: bytes) -> int:
    """How deep the JSON text nests (brackets outside strings), without parsing it: a text
    nested a thousand deep must be refused before the parser recurses into it."""
    depth = deepest = 0
    for bracket in _BRACKET.findall(_STRING.sub(b'""', raw)):
        if bracket in b"[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def decode_json(raw: bytes, lang: str, max_depth: int) -> object:
    """The body as a JSON value (an empty body is ``{}``); BadBody (400) otherwise."""
    if not raw.strip():
        return {}
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadBody(400, t("web.err.json", lang, detail=t("web.err.utf8", lang))) from None
    if json_depth(raw) > max_depth:
        raise BadBody(400, t("web.err.deep", lang, limit=max_depth))
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadBody(400, t("web.err.json", lang, detail=f"{exc.msg} at {exc.pos}")) from None
    except RecursionError:  # pragma: no cover - the depth is checked first
        raise BadBody(400, t("web.err.deep", lang, limit=max_depth)) from None


class Versions:
    """The game file's version, looked at every ``poll`` seconds (and right after each action)
    by one task for every page: each live page waits for the next change here."""

    def __init__(self, backend: Backend, poll: float):
        self.backend = backend
        self.poll = poll
        self.current = backend.version()
        self.stopped = False
        self._changed = asyncio.Event()

    def look(self) -> None:
        version = self.backend.version()
        if version != self.current:
            self.current = version
            self._changed.set()
            self._changed = asyncio.Event()

    async def run(self) -> None:
        while not self.stopped:
            await asyncio.sleep(self.poll)
            self.look()

    def stop(self) -> None:
        """Every live page's stream ends (the server is stopping)."""
        self.stopped = True
        self._changed.set()

    async def after(self, seen: str | None) -> str | None:
        """The version once it differs from ``seen``; None when the server stops."""
        while self.current == seen and not self.stopped:
            await self._changed.wait()
        return None if self.stopped else self.current


def manifest(lang: str, table: str | None = None) -> dict[str, Any]:
    """The web app manifest: the page opens full screen from the home screen, under its name
    in ``lang`` (a club night's ``table`` named in it). Paths are relative to the manifest, so
    that they stay under the token's folder (and the offline app's own folder)."""
    icon = [("icon-192.png", "192x192"), ("icon-512.png", "512x512")]
    name, short = t("ui.title", lang), t("ui.short_name", lang)
    if table is not None:  # tables added to one home screen must not look alike
        short = t("club.ui.table_name", lang, name=table)
        name = f"{name} · {short}"
    data: dict[str, Any] = {
        "name": name,
        "short_name": short,
        "description": t("ui.description", lang),
        "lang": lang,
        "dir": "ltr",
        "id": "./",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "orientation": "portrait",
        "background_color": BACKGROUND,
        "theme_color": THEME,
        "icons": [
            *({"src": src, "sizes": size, "type": "image/png"} for src, size in icon),
            {
                "src": "icon-maskable.png",
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
            {"src": "icon.svg", "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    return data


class PhoneApp:
    """The ASGI application: checks, routes and answers; the game is the ``backend``'s."""

    def __init__(
        self,
        backend: Backend,
        lang: str,
        token: str | None,
        allowed_hosts: set[str],
        limits: Limits,
        reads: Reads | None = None,
        table: str | None = None,
    ):
        self.backend = backend
        self.table = table  # a club night's table: named in its manifest (installed ones differ)
        self.reads = reads or Reads(backend.path, lang)
        self.lang = lang
        self.token = token
        self.allowed_hosts = allowed_hosts
        self.limits = limits
        self.versions = Versions(backend, limits.poll)
        # One worker thread: the backend's calls run one at a time, off the event loop.
        self.worker = ThreadPoolExecutor(1, thread_name_prefix="terts-backend")
        self._state: tuple[str, dict[str, Any]] | None = None  # (version, state)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":  # no lifespan, no websockets: nothing to do
            return
        request = Request(scope, receive)
        try:
            response = await self.respond(request)
            await self._drain(request)
        except ClientDisconnect:
            return
        except Exception as exc:  # a bug: one line, never a traceback
            response = refusal(500, t("web.err.failed", self.lang, kind=type(exc).__name__))
        await response(scope, receive, send)

    async def _drain(self, request: Request) -> None:
        """Read what is left of a body the answer did not need (a refusal before it was read:
        too large, a wrong token, no such action), up to ``max_drain`` bytes in
        ``body_timeout``. Closing a connection with a body still arriving makes the system
        reset it, and the client may lose the answer sent just before; read, the answer
        arrives whole. A client that waits for ``100 Continue`` is not invited to send."""
        scope = request.scope
        headers = request.headers
        has_body = headers.get("content-length", "0") != "0" or "transfer-encoding" in headers
        if scope.get(_BODY_READ) or not has_body or "expect" in headers:
            return
        left = self.limits.max_drain
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(self.limits.body_timeout):
                async for chunk in request.stream():
                    left -= len(chunk)
                    if left < 0:
                        return

    async def _call(self, function: Callable[..., T], *args: object) -> T:
        """A backend call in the worker thread (one at a time), never on the event loop."""
        return await asyncio.get_running_loop().run_in_executor(self.worker, function, *args)

    # --- what the transport runs beside the routes (``transport.Served``) ------------------

    async def watch(self) -> None:
        """Look at the game file's version every ``poll`` seconds, until ``stop_streams``."""
        await self.versions.run()

    def stop_streams(self) -> None:
        """Every live page's stream ends (the server is stopping)."""
        self.versions.stop()

    def close(self) -> None:
        """The worker thread ends; a call still waiting for it is cancelled."""
        self.worker.shutdown(wait=False, cancel_futures=True)

    async def own_route(self, request: Request, route: str) -> Response | None:
        """A route of a server built on this one, asked before this app's own (``route`` is
        below the token, every check passed); None: not one of its routes. The phone's server
        has none; the club's lobby answers its pages here (``club_app.LobbyApp``)."""
        return None

    # --- checks and routes ----------------------------------------------------------------

    def _below_token(self, request: Request) -> str | Response:
        """The path below the token, or the refusal (403, or 301 to the token's folder)."""
        raw: bytes = request.scope.get("raw_path") or request.scope["path"].encode("utf-8")
        path = urlsplit(raw.decode("latin-1")).path
        host = request.headers.get("host", "")
        origin = request.headers.get("origin")
        unknown_host = self.token is None and host not in self.allowed_hosts
        if unknown_host or (origin is not None and urlsplit(origin).netloc != host):
            return refusal(403, t("web.err.host", self.lang))
        if self.token is None:
            return path.lstrip("/")
        first, _, rest = path.lstrip("/").partition("/")
        if not hmac.compare_digest(first.encode("utf-8"), self.token.encode("utf-8")):
            return refusal(403, t("web.err.forbidden", self.lang))
        if path.rstrip("/") == f"/{first}" and not path.endswith("/"):
            return Response(b"", 301, {**SECURITY_HEADERS, "Location": f"/{self.token}/"})
        return rest

    async def respond(self, request: Request) -> Response:
        version = request.scope.get("http_version", "1.1")
        if not version.startswith("1."):  # h11 reads any digit.digit as a version
            return refusal(400, t("web.err.http_version", self.lang, version=version), _CLOSE)
        scope = request.scope
        size = len(scope.get("raw_path") or b"") + sum(len(k) + len(v) for k, v in scope["headers"])
        if size > self.limits.max_header:  # arrived whole: h11 bounds only what is incomplete
            message = t("web.err.headers_large", self.lang, size=size, limit=self.limits.max_header)
            return refusal(431, message, _CLOSE)
        route = self._below_token(request)
        if isinstance(route, Response):
            return route
        if (own := await self.own_route(request, route)) is not None:
            return own
        method = request.method
        action = route[4:] if route.startswith("api/") else ""
        if method in ("GET", "HEAD"):
            if action in self.backend.actions:
                return self._not_allowed(method, "POST")
            return await self._get(route, method == "HEAD", request.query_params.multi_items())
        if method == "POST":
            if action in self.backend.actions:
                return await self._act(action, request)
            if route in PAGES:
                return self._not_allowed(method, "GET")
            return refusal(404, t("web.err.not_found", self.lang, path=route))
        return self._not_allowed(method, "GET, POST")

    def _not_allowed(self, method: str, allowed: str) -> Response:
        message = t("web.err.method", self.lang, method=method, allowed=allowed)
        return refusal(405, message, {"Allow": allowed})

    async def _get(self, route: str, head: bool, query: list[tuple[str, str]]) -> Response:
        if route in ("", "index.html"):
            return self._page()
        if route in STATIC:
            data = resources.files(__package__).joinpath("static", route).read_bytes()
            return Response(data, 200, SECURITY_HEADERS, STATIC[route])
        if route == "manifest.webmanifest":
            return self._manifest()
        if route == "api/ui":
            return one_line(200, await self._call(self.backend.ui))
        if route == "api/state":
            return one_line(200, await self._state_now())
        if route == "api/events":
            return self._events(head)
        if route in READS:
            reads = self.reads
            read: dict[str, Callable[..., tuple[int, Any]]] = {
                "api/history": reads.history,
                "api/stats": reads.stats,
                "api/game": reads.game,
            }
            if route == "api/next":
                status, answer = await self._call(reads.next_game)
            else:
                status, answer = await self._call(read[route], query)
            return one_line(status, answer)
        if route == "sheet.html":
            status, page = await self._call(self.reads.sheet_html, query)
            if status != 200:
                return one_line(status, page)
            return Response(page.encode("utf-8"), 200, SHEET_HEADERS, "text/html; charset=utf-8")
        return refusal(404, t("web.err.not_found", self.lang, path=route))

    def _manifest(self) -> Response:
        """The web app manifest (``manifest``), under the table's name on a club night."""
        body = json.dumps(manifest(self.lang, self.table), ensure_ascii=False).encode("utf-8")
        return Response(body, 200, SECURITY_HEADERS, "application/manifest+json; charset=utf-8")

    # --- the endpoints --------------------------------------------------------------------

    def _page(self) -> Response:
        from html import escape

        lang = self.lang
        page = resources.files(__package__).joinpath("static", "index.html").read_text("utf-8")
        page = page.replace("{{lang}}", escape(lang))
        page = page.replace("{{title}}", escape(t("ui.title", lang)))
        page = page.replace("{{theme}}", THEME)
        return Response(page.encode("utf-8"), 200, SECURITY_HEADERS, "text/html; charset=utf-8")

    async def _state_now(self) -> dict[str, Any]:
        """Computed once per version of the file, however many pages ask after a change (the
        worker runs one call at a time, so the pages after the first find it here)."""

        def compute() -> tuple[str, dict[str, Any]]:
            version = self.backend.version()
            if self._state is None or self._state[0] != version:
                self._state = (version, self.backend.state())
            return self._state

        version, data = await self._call(compute)
        return {"version": version, **data}

    def _events(self, head: bool) -> Response:
        headers = {**SECURITY_HEADERS, "X-Accel-Buffering": "no"}
        if head:
            return Response(b"", 200, headers, "text/event-stream")

        async def versions() -> AsyncIterator[dict[str, str]]:
            seen = None
            while (version := await self.versions.after(seen)) is not None:
                yield {"data": version}
                seen = version

        return EventSourceResponse(
            versions(),
            headers=headers,
            ping=self.limits.ping,
            send_timeout=self.limits.send_timeout,
        )

    async def _act(self, action: str, request: Request) -> Response:
        try:
            raw = await self._body(request)
            body = decode_json(raw, self.lang, self.limits.max_depth)
        except BadBody as exc:
            return refusal(exc.status, str(exc), _CLOSE)
        page = request.headers.get("terts-page") == "1"  # the page's own form (docs/http.md)
        status, answer = await self._call(self.backend.act, action, body, page)
        self.versions.look()  # every live page hears of the change now, not at the next poll
        return one_line(status, answer)

    async def _body(self, request: Request) -> bytes:
        """The body, at most ``max_body`` bytes, in at most ``body_timeout`` seconds."""
        lang, limit = self.lang, self.limits.max_body
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":  # also keeps other sites' plain form posts out
            raise BadBody(415, t("web.err.content_type", lang))
        length = request.headers.get("content-length", "")
        # ASCII digits only, as HTTP writes them (``int`` would take " 12", "+12", "1_2", "١٢")
        size = int(length) if length.isascii() and length.isdigit() else -1
        if size < 0:
            raise BadBody(411, t("web.err.length", lang))
        if size > limit:
            raise BadBody(413, t("web.err.too_large", lang, size=size, limit=limit))
        chunks: list[bytes] = []
        request.scope[_BODY_READ] = True  # whole, or given up on: nothing to drain after
        try:
            async with asyncio.timeout(self.limits.body_timeout):
                async for chunk in request.stream():
                    chunks.append(chunk)
        except TimeoutError:
            seconds = f"{self.limits.body_timeout:g}"
            raise BadBody(408, t("web.err.timeout", lang, seconds=seconds)) from None
        return b"".join(chunks)


# A refusal of a request's body or version: the connection is closed after it.
_CLOSE = {"Connection": "close"}
_BODY_READ = "terts.body_read"  # in the request's scope: the action read (or timed out on) it
