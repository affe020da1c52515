"""The HTTP server of ``terts serve``: the page, its state, live changes, and the actions.

Routes (under ``/TOKEN/`` when a token is set, else under ``/``):

- ``GET  ``            the page; ``GET app.js``, ``GET app.css`` its assets (shipped in the package)
- ``GET  api/ui``      the page's words in the server's language
- ``GET  api/state``   ``sheet --json``, ``status --json``, ``log --json`` and the file's version
- ``GET  api/events``  server-sent events: the game file's version whenever it changes
- ``POST api/ACTION``  one ``terts ACTION`` from a JSON object (``api.ACTIONS``)

GET never changes the file. A request without the right token gets 403 (constant-time compare);
bodies over ``MAX_BODY`` get 413; a malformed body gets 400 with a message, never a traceback.
"""

from __future__ import annotations

import hmac
import json
import os
import secrets
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from ..i18n import t
from . import actions, api, texts

if TYPE_CHECKING:
    from .api import Runner

MAX_BODY = 16 * 1024
POLL_SECONDS = 0.1
PING_SECONDS = 15.0
STATIC = {
    "app.js": "text/javascript; charset=utf-8",
    "app.css": "text/css; charset=utf-8",
}
SECURITY_HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
}


def file_version(path: str) -> str:
    """A word that changes whenever the game file is written (it is replaced atomically)."""
    try:
        st = os.stat(path)
    except OSError:
        return "none"
    return f"{st.st_mtime_ns}-{st.st_size}-{st.st_ino}"


def new_token() -> str:
    return secrets.token_urlsafe(16)


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(
        self,
        address: tuple[str, int],
        game: str,
        lang: str,
        token: str | None,
        run: Runner = actions.run,
    ) -> None:
        self.game = game
        self.lang = lang
        self.token = token
        self.run = run
        self.stopping = threading.Event()
        self.state_lock = threading.Lock()
        self.state_cache: tuple[str, dict[str, Any]] | None = None  # (file version, state)
        super().__init__(address, Handler)
        host, port = self.server_address[:2]
        assert isinstance(host, str)  # an IP address: typeshed allows bytes for other families
        self.allowed_hosts = {f"{host}:{port}"}
        if host in ("127.0.0.1", "::1"):
            self.allowed_hosts |= {f"localhost:{port}", f"127.0.0.1:{port}", f"[::1]:{port}"}

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        assert isinstance(host, str)  # an IP address: typeshed allows bytes for other families
        return f"http://{host}:{port}/" + (f"{self.token}/" if self.token else "")

    def handle_error(self, request: object, client_address: object) -> None:
        pass  # no traceback on the terminal

    def stop(self) -> None:
        self.stopping.set()
        self.shutdown()
        self.server_close()


class Handler(BaseHTTPRequestHandler):
    server: Server
    protocol_version = "HTTP/1.1"
    server_version = "terts"
    sys_version = ""
    timeout = 30  # seconds a client may take to send its request: a stalled one frees its thread

    def log_message(self, format: str, *args: Any) -> None:  # quiet: the terminal is the operator's
        pass

    # --- replies --------------------------------------------------------------------------

    def _send(
        self, status: int, body: bytes, content_type: str, extra: dict[str, str] | None = None
    ) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in {**SECURITY_HEADERS, **(extra or {})}.items():
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(self, status: int, data: object, extra: dict[str, str] | None = None) -> None:
        body = json.dumps(data, ensure_ascii=False).encode("utf-8")
        self._send(status, body, "application/json; charset=utf-8", extra)

    def _error(self, status: int, message: str, extra: dict[str, str] | None = None) -> None:
        self._json(status, {"ok": False, "error": message}, extra)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """http.server's own refusals (a garbled request line, headers too long) as one line of
        JSON like every other error, not its HTML page."""
        self.close_connection = True
        short = self.responses.get(code, ("",))[0]
        self._error(code, f"{code} {message or short}")

    # --- routing --------------------------------------------------------------------------

    def _route(self) -> str | None:
        """The path below the token, or None after answering 403/400."""
        path = urlsplit(self.path).path
        host = self.headers.get("Host", "")
        origin = self.headers.get("Origin")
        unknown_host = self.server.token is None and host not in self.server.allowed_hosts
        if unknown_host or (origin is not None and urlsplit(origin).netloc != host):
            self._error(403, t("web.err.host", self.server.lang))
            return None
        token = self.server.token
        if token is None:
            return path.lstrip("/")
        first, _, rest = path.lstrip("/").partition("/")
        if not hmac.compare_digest(first.encode("utf-8"), token.encode("utf-8")):
            self._error(403, t("web.err.forbidden", self.server.lang))
            return None
        if path.rstrip("/") == f"/{first}" and not path.endswith("/"):
            self._send(301, b"", "text/plain", {"Location": f"/{token}/"})
            return None
        return rest

    def do_GET(self) -> None:
        self.close_connection = True  # one request a connection: simple and enough for a table
        route = self._route()
        if route is None:
            return
        if route in ("", "index.html"):
            self._page()
        elif route in STATIC:
            data = resources.files(__package__).joinpath("static", route).read_bytes()
            self._send(200, data, STATIC[route])
        elif route == "api/ui":
            from ..domain.rules import bundled_names

            lang = self.server.lang
            words = texts.page_words(lang)
            self._json(200, {"lang": lang, "words": words, "rulesets": bundled_names()})
        elif route == "api/state":
            self._state()
        elif route == "api/events":
            self._events()
        elif route.startswith("api/") and route[4:] in api.ACTIONS:
            self._not_allowed("POST")
        else:
            self._error(404, t("web.err.not_found", self.server.lang, path=route))

    do_HEAD = do_GET

    def do_POST(self) -> None:
        self.close_connection = True
        route = self._route()
        if route is None:
            return
        action = route[4:] if route.startswith("api/") else ""
        if action not in api.ACTIONS:
            if route in ("", "index.html", "api/ui", "api/state", "api/events", *STATIC):
                self._not_allowed("GET")
            else:
                self._error(404, t("web.err.not_found", self.server.lang, path=route))
            return
        self._action(action)

    def _other(self) -> None:
        self.close_connection = True
        if self._route() is not None:
            self._not_allowed("GET, POST")

    do_PUT = do_DELETE = do_PATCH = do_OPTIONS = _other

    def _not_allowed(self, allowed: str) -> None:
        message = t("web.err.method", self.server.lang, method=self.command, allowed=allowed)
        self._error(405, message, {"Allow": allowed})

    # --- the endpoints --------------------------------------------------------------------

    def _page(self) -> None:
        from html import escape

        lang = self.server.lang
        page = resources.files(__package__).joinpath("static", "index.html").read_text("utf-8")
        page = page.replace("{{lang}}", escape(lang)).replace(
            "{{title}}", escape(t("ui.title", lang))
        )
        self._send(200, page.encode("utf-8"), "text/html; charset=utf-8")

    def _state(self) -> None:
        """Computed once per version of the file, however many pages ask after a change."""
        server = self.server
        with server.state_lock:
            version = file_version(server.game)
            if server.state_cache is None or server.state_cache[0] != version:
                data = api.state(server.game, server.lang, server.run)
                server.state_cache = (version, data)
            data = server.state_cache[1]
        self._json(200, {"version": version, **data})

    def _events(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        for name, value in SECURITY_HEADERS.items():
            self.send_header(name, value)
        self.end_headers()
        if self.command == "HEAD":
            return
        last, beat = None, time.monotonic()
        try:
            while not self.server.stopping.is_set():
                version = file_version(self.server.game)
                now = time.monotonic()
                if version != last:
                    self.wfile.write(f"data: {version}\n\n".encode())
                    self.wfile.flush()
                    last, beat = version, now
                elif now - beat > PING_SECONDS:
                    self.wfile.write(b": ping\n\n")
                    self.wfile.flush()
                    beat = now
                self.server.stopping.wait(POLL_SECONDS)
        except OSError:  # the page went away
            return

    def _action(self, action: str) -> None:
        lang = self.server.lang
        try:
            raw = self._body()
            body = api.parse_body(raw, action, lang)
            argv = api.argv_for(action, body, self.server.game, lang)
        except api.BadRequest as exc:
            self._error(exc.status, str(exc))
            return
        code, out, err = self.server.run(argv)
        if code == 0:
            self._json(200, {"ok": True, "message": out.strip()})
        elif code == 2:
            self._error(422, err.strip())
        else:
            self._error(500, err.strip() or t("web.err.internal", lang, code=code))

    def _body(self) -> bytes:
        lang = self.server.lang
        kind = self.headers.get("Content-Type", "").split(";")[0].strip().lower()
        if kind != "application/json":  # also keeps other sites' plain form posts out
            raise api.BadRequest(t("web.err.content_type", lang), 415)
        length = self.headers.get("Content-Length")
        # ASCII digits only, as HTTP writes them (``int`` would take " 12", "+12", "1_2", "١٢")
        size = int(length) if length is not None and length.isascii() and length.isdigit() else -1
        if size < 0:
            raise api.BadRequest(t("web.err.length", lang), 411)
        if size > MAX_BODY:
            raise api.BadRequest(t("web.err.too_large", lang, size=size, limit=MAX_BODY), 413)
        return self.rfile.read(size)


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent: a UDP socket is only
    pointed at a private address to learn which interface would be used), else 0.0.0.0."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.254.254.254", 1))
            address = probe.getsockname()[0]
    except OSError:
        return "0.0.0.0"
    return address if not address.startswith("127.") else "0.0.0.0"


def print_qr(url: str, lang: str) -> None:
    try:
        import segno
    except ImportError:  # pragma: no cover - a dependency; the URL is printed anyway
        print(t("web.no_qr", lang))
        return
    segno.make(url, error="m").terminal(out=sys.stdout, compact=True)


def open_server(game: str | None, port: int, lan: bool, lang: str) -> Server:
    """The server, bound (raises OSError): 127.0.0.1, or with ``lan`` the network address and a
    fresh token."""
    from ..game.storage import resolve_game_path

    path = str(resolve_game_path(game).resolve())
    host = lan_address() if lan else "127.0.0.1"
    return Server((host, port), path, lang, new_token() if lan else None)


def announce(server: Server) -> None:
    """The address (and with a token, its QR code) on the terminal."""
    url = server.url
    if server.token and server.server_address[0] == "0.0.0.0":
        url = url.replace("0.0.0.0", socket.gethostname(), 1)
    lang = server.lang
    from ..output.safe_text import visible

    print(visible(t("web.listening", lang, path=server.game, url=url)), flush=True)
    if server.token:
        print_qr(url, lang)
        print(t("web.lan_note", lang))
    print(t("web.stop", lang), flush=True)


def serve(game: str | None, port: int, lan: bool, lang: str) -> int:
    """Run ``terts serve`` until Ctrl-C; returns the exit code."""
    from ..output import console

    try:
        server = open_server(game, port, lan, lang)
    except OSError as exc:
        host = "LAN" if lan else "127.0.0.1"
        console.error_line(t("web.cannot_bind", host=host, port=port, reason=exc.strerror))
        return 2
    announce(server)
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        server.stopping.set()
        server.server_close()
    print(t("web.stopped", lang), flush=True)
    return 0
