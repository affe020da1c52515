"""The phone's page as an ASGI application, composed from Starlette's parts: a ``Route`` for each
route below, the package's ``static/`` folder served by ``StaticFiles``, and ``guard.Guard``,
the one middleware of every check and common header; ``transport`` serves it with Uvicorn.

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

GET never changes the file. Every refusal is one line of JSON, ``{"ok": false, "error":
"..."}``, in the server's language. What a request may be (sizes, depth, times) is ``Limits``;
what it does to the game is the ``Backend``'s.

``Phone`` is one game's side of the server (its backend, its live version, its two workers, its
routes); ``PhoneApp`` serves one phone behind the guard. A club night mounts a ``Phone`` per
table (``club_app``).
"""

from __future__ import annotations

import asyncio
import json
import re
from concurrent.futures import ThreadPoolExecutor
from functools import cached_property
from importlib import resources
from typing import TYPE_CHECKING, Any, TypeVar

from sse_starlette.sse import EventSourceResponse
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.responses import Response
from starlette.routing import BaseRoute, Route, Router
from starlette.staticfiles import StaticFiles

from ..i18n import t
from .guard import (
    BODY_READ,
    CLOSE,
    JSON_TYPE,
    SECURITY_HEADERS,
    Access,
    Guard,
    Limits,
    failed,
    http_error,
    not_allowed,
    not_found,
    one_line,
    refusal,
)
from .reads import Reads

if TYPE_CHECKING:
    from collections.abc import AsyncIterator, Callable, Sequence

    from starlette.requests import Request
    from starlette.types import Receive, Scope, Send

    from .backend import Backend

__all__ = ["JSON_TYPE", "SECURITY_HEADERS", "Limits", "Phone", "PhoneApp", "one_line", "refusal"]

T = TypeVar("T")

#: The phone's files of ``static/``, served as they are (``StaticFiles``).
ASSETS = ("app.js", "app.css")
#: The icons the manifest names (tools/make_icons.py draws them) and the page links.
ICONS = ("icon.svg", "icon-192.png", "icon-512.png", "icon-maskable.png", "apple-touch-icon.png")
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
MAX_DIGITS = 18  # a JSON integer of more digits is refused before Python converts it
HTML_TYPE = "text/html; charset=utf-8"


def static_files() -> StaticFiles:
    """The package's ``static/`` folder (found from an install or a checkout alike)."""
    return StaticFiles(packages=[(__package__ or "terts_referee.web", "static")])


def asset_routes(static: StaticFiles, names: Sequence[str]) -> list[BaseRoute]:
    """Each of ``names`` served from ``static`` as it is; a file of the folder not named here
    is no route (the lobby and the phone offer different ones)."""
    return [Route(f"/{name}", static, methods=["GET"]) for name in names]


def application(routes: list[BaseRoute], access: Access) -> Starlette:
    """The routes behind the guard, every refusal Starlette makes (no route, a method the
    route does not take, a bug) answered as one line of JSON."""
    app = Starlette(
        routes=routes,
        middleware=[Middleware(Guard, access=access)],
        exception_handlers={
            404: not_found,
            405: not_allowed,
            HTTPException: http_error,
            Exception: failed,
        },
    )
    app.router.redirect_slashes = False  # ``api/state/`` is no page, not a redirect to one
    return app


# --- request bodies ----------------------------------------------------------------------


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
    """The body as a JSON value (an empty body is ``{}``); BadBody (400) otherwise: not UTF-8,
    too deep, not JSON (``NaN`` and ``Infinity`` are not), an integer longer than
    ``MAX_DIGITS`` (never handed to ``int``, whose own limit would raise), a text holding half
    of a surrogate pair (no character: it could not even be written back)."""
    if not raw.strip():
        return {}
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadBody(400, t("web.err.json", lang, detail=t("web.err.utf8", lang))) from None
    if json_depth(raw) > max_depth:
        raise BadBody(400, t("web.err.deep", lang, limit=max_depth))

    def whole(digits: str) -> int:
        if len(digits.lstrip("-")) > MAX_DIGITS:
            count = len(digits.lstrip("-"))
            raise BadBody(400, t("web.err.big_number", lang, digits=count, limit=MAX_DIGITS))
        return int(digits)

    def constant(name: str) -> object:
        raise BadBody(400, t("web.err.json", lang, detail=name))

    try:
        value = json.loads(text, parse_int=whole, parse_constant=constant)
    except json.JSONDecodeError as exc:
        raise BadBody(400, t("web.err.json", lang, detail=f"{exc.msg} at {exc.pos}")) from None
    except RecursionError:  # pragma: no cover - the depth is checked first
        raise BadBody(400, t("web.err.deep", lang, limit=max_depth)) from None
    half = _half_pair(value)
    if half is not None:
        raise BadBody(400, t("web.err.surrogate", lang, escape=f"\\u{ord(half):04x}"))
    return value


def _half_pair(value: object) -> str | None:
    """The first lone surrogate in a JSON value's texts (its keys too), else None."""
    stack = [value]
    while stack:
        item = stack.pop()
        texts: list[str] = []
        if isinstance(item, str):
            texts = [item]
        elif isinstance(item, dict):
            texts = list(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        for text in texts:
            if not text.isascii():
                found = next((c for c in text if "\ud800" <= c <= "\udfff"), None)
                if found is not None:
                    return found
    return None


async def read_body(request: Request, limits: Limits, lang: str) -> bytes:
    """The body, at most ``max_body`` bytes, in at most ``body_timeout`` seconds; BadBody
    otherwise. A body without ``Content-Length`` (chunked) is refused, and one that comes in
    longer than it said stops being read at the limit."""
    limit = limits.max_body
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":  # also keeps other sites' plain form posts out
        raise BadBody(415, t("web.err.content_type", lang))
    length = request.headers.get("content-length", "")
    # ASCII digits only, as HTTP writes them (``int`` would take " 12", "+12", "1_2", "١٢")
    size = int(length) if length.isascii() and length.isdigit() and len(length) < 20 else -1
    if size < 0 or "transfer-encoding" in request.headers:
        raise BadBody(411, t("web.err.length", lang))
    if size > limit:
        raise BadBody(413, t("web.err.too_large", lang, size=size, limit=limit))
    chunks: list[bytes] = []
    got = 0
    request.scope[BODY_READ] = True  # whole, or given up on: nothing to drain after
    try:
        async with asyncio.timeout(limits.body_timeout):
            async for chunk in request.stream():
                got += len(chunk)
                if got > limit:
                    raise BadBody(413, t("web.err.too_large", lang, size=got, limit=limit))
                chunks.append(chunk)
    except TimeoutError:
        seconds = f"{limits.body_timeout:g}"
        raise BadBody(408, t("web.err.timeout", lang, seconds=seconds)) from None
    return b"".join(chunks)


# --- one game ----------------------------------------------------------------------------


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


class Phone:
    """One game's side of the server: its backend, its reads, the live version, and two
    worker threads, one for what writes (the actions, one at a time, each waiting for the game
    file's lock as long as it must) and one for what reads (``api/state``, the library, the
    sheets): a read answers from the file as last written while a write waits for the lock."""

    def __init__(
        self,
        backend: Backend,
        lang: str,
        limits: Limits,
        reads: Reads | None = None,
        table: str | None = None,
        static: StaticFiles | None = None,
    ):
        self.backend = backend
        self.table = table  # a club night's table: named in its manifest (installed ones differ)
        self.reads = reads or Reads(backend.path, lang)
        self.lang = lang
        self.limits = limits
        self.static = static or static_files()
        self.versions = Versions(backend, limits.poll)
        self.writer = ThreadPoolExecutor(1, thread_name_prefix="terts-write")
        self.reader = ThreadPoolExecutor(1, thread_name_prefix="terts-read")
        self._state: tuple[str, dict[str, Any]] | None = None  # (version, state)

    async def read(self, function: Callable[..., T], *args: object) -> T:
        """A read in the reading worker, never on the event loop."""
        return await asyncio.get_running_loop().run_in_executor(self.reader, function, *args)

    async def write(self, function: Callable[..., T], *args: object) -> T:
        """An action in the writing worker (one at a time), never on the event loop."""
        return await asyncio.get_running_loop().run_in_executor(self.writer, function, *args)

    # --- the routes -----------------------------------------------------------------------

    def live_routes(self) -> list[BaseRoute]:
        """What the phone and the lobby both answer: the words, the state and its stream, the
        library, the icons."""
        return [
            Route("/api/ui", self.ui, methods=["GET"]),
            Route("/api/state", self.state, methods=["GET"]),
            Route("/api/events", self.events, methods=["GET"]),
            Route("/api/history", self.history, methods=["GET"]),
            Route("/api/stats", self.stats, methods=["GET"]),
            Route("/api/game", self.library_game, methods=["GET"]),
            *asset_routes(self.static, ICONS),
        ]

    def action_routes(self) -> list[BaseRoute]:
        return [
            Route(f"/api/{action}", self.act, methods=["POST"], name=action)
            for action in sorted(self.backend.actions)
        ]

    def routes(self) -> list[BaseRoute]:
        """Every route of the phone's server, below its root."""
        return [
            Route("/", self.page, methods=["GET"]),
            Route("/index.html", self.page, methods=["GET"]),
            *asset_routes(self.static, ASSETS),
            Route("/manifest.webmanifest", self.manifest, methods=["GET"]),
            *self.live_routes(),
            Route("/api/next", self.next_game, methods=["GET"]),
            Route("/sheet.html", self.sheet, methods=["GET"]),
            *self.action_routes(),
        ]

    @cached_property
    def router(self) -> Router:
        """The routes as a router of their own: a club's table, mounted at ``t/NAME``."""
        return Router(self.routes(), redirect_slashes=False)

    # --- the endpoints --------------------------------------------------------------------

    async def page(self, request: Request) -> Response:
        from html import escape

        lang = self.lang
        page = resources.files(__package__).joinpath("static", "index.html").read_text("utf-8")
        page = page.replace("{{lang}}", escape(lang))
        page = page.replace("{{title}}", escape(t("ui.title", lang)))
        page = page.replace("{{theme}}", THEME)
        return Response(page.encode("utf-8"), 200, SECURITY_HEADERS, HTML_TYPE)

    async def manifest(self, request: Request) -> Response:
        """The web app manifest (``manifest``), under the table's name on a club night."""
        body = json.dumps(manifest(self.lang, self.table), ensure_ascii=False).encode("utf-8")
        return Response(body, 200, SECURITY_HEADERS, "application/manifest+json; charset=utf-8")

    async def ui(self, request: Request) -> Response:
        return one_line(200, await self.read(self.backend.ui))

    async def state(self, request: Request) -> Response:
        return one_line(200, await self.state_now())

    async def state_now(self) -> dict[str, Any]:
        """Computed once per version of the file, however many pages ask after a change (the
        reading worker runs one call at a time, so the pages after the first find it here)."""

        def compute() -> tuple[str, dict[str, Any]]:
            version = self.backend.version()
            if self._state is None or self._state[0] != version:
                self._state = (version, self.backend.state())
            return self._state

        version, data = await self.read(compute)
        return {"version": version, **data}

    async def events(self, request: Request) -> Response:
        headers = {**SECURITY_HEADERS, "X-Accel-Buffering": "no"}
        if request.method == "HEAD":
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

    async def history(self, request: Request) -> Response:
        return one_line(*await self.read(self.reads.history, request.query_params.multi_items()))

    async def stats(self, request: Request) -> Response:
        return one_line(*await self.read(self.reads.stats, request.query_params.multi_items()))

    async def library_game(self, request: Request) -> Response:
        return one_line(*await self.read(self.reads.game, request.query_params.multi_items()))

    async def next_game(self, request: Request) -> Response:
        return one_line(*await self.read(self.reads.next_game))

    async def sheet(self, request: Request) -> Response:
        query = request.query_params.multi_items()
        status, page = await self.read(self.reads.sheet_html, query)
        if status != 200:
            return one_line(status, page)
        return Response(page.encode("utf-8"), 200, SHEET_HEADERS, HTML_TYPE)

    async def act(self, request: Request) -> Response:
        """``POST api/ACTION``: the body read and checked, the action done by the backend."""
        action = request.url.path.rsplit("/", 1)[-1]
        try:
            raw = await read_body(request, self.limits, self.lang)
            body = decode_json(raw, self.lang, self.limits.max_depth)
        except BadBody as exc:
            return refusal(exc.status, str(exc), CLOSE)
        page = request.headers.get("terts-page") == "1"  # the page's own form (docs/http.md)
        status, answer = await self.write(self.backend.act, action, body, page)
        self.versions.look()  # every live page hears of the change now, not at the next poll
        return one_line(status, answer)

    # --- what runs beside the routes ------------------------------------------------------

    async def watch(self) -> None:
        """Look at the game file's version every ``poll`` seconds, until ``stop_streams``."""
        await self.versions.run()

    def stop_streams(self) -> None:
        """Every live page's stream ends (the server is stopping)."""
        self.versions.stop()

    def close(self) -> None:
        """The worker threads end; a call still waiting for one is cancelled."""
        self.writer.shutdown(wait=False, cancel_futures=True)
        self.reader.shutdown(wait=False, cancel_futures=True)


class PhoneApp:
    """The single-game server's application (``transport.Served``): one ``Phone``'s routes
    behind the guard."""

    def __init__(
        self,
        backend: Backend,
        lang: str,
        token: str | None,
        allowed_hosts: set[str],
        limits: Limits,
        reads: Reads | None = None,
    ):
        self.lang, self.limits, self.token = lang, limits, token
        self.phone = Phone(backend, lang, limits, reads)
        access = Access(lang, token, frozenset(allowed_hosts), limits)
        self.asgi = application(self.phone.routes(), access)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.asgi(scope, receive, send)

    async def watch(self) -> None:
        await self.phone.watch()

    def stop_streams(self) -> None:
        self.phone.stop_streams()

    def close(self) -> None:
        self.phone.close()
