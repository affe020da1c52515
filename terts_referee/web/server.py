"""``terts serve``: bind, say where, serve until Ctrl-C.

The pieces: ``app`` (the routes, the checks and the limits, as an ASGI application),
``transport`` (Uvicorn and what it leaves undone), ``backend`` (the game, behind one small
interface). Loopback (127.0.0.1, ``::1``) without ``--lan`` is served without a token, and
there only requests naming this server in ``Host`` (and ``Origin``) are answered; any other
bind address, or ``--lan``, puts a fresh random token in every path.
"""

from __future__ import annotations

import asyncio
import errno
import ipaddress
import secrets
import socket
import sys
from collections.abc import Callable

from ..i18n import t
from .app import PhoneApp
from .backend import Backend, GameBackend
from .guard import Limits
from .reads import Reads
from .transport import Served, Serving, bind


def new_token() -> str:
    return secrets.token_urlsafe(16)


def is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _netloc(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def allowed_hosts(host: str, port: int) -> set[str]:
    """The ``Host`` headers a page of this server sends when it has no token."""
    hosts = {_netloc(host, port)}
    if is_loopback(host):
        hosts |= {f"localhost:{port}", f"127.0.0.1:{port}", f"[::1]:{port}"}
    return hosts


class Bound:
    """A server bound to ``sock`` serving ``app``: its address, token and URL; ``run()`` serves
    until Ctrl-C, ``serve()`` is the same as a coroutine, ``stop()`` ends it from any thread.
    ``PhoneServer`` serves one game; ``club_app.ClubServer`` the tables of a club night."""

    def __init__(self, sock: socket.socket, app: Served, lang: str, token: str | None):
        host, port = sock.getsockname()[:2]
        self.server_address = (host, port)
        self.lang = lang
        self.token = token
        self.serving = Serving(sock, app)

    def heading(self, url: str) -> str:
        """The terminal's first line: what is served at ``url``."""
        raise NotImplementedError

    def notes(self) -> list[str]:
        """What the terminal hears after the first line."""
        return []

    def closing(self) -> list[str]:
        """What the terminal hears once the server has stopped, before ``stopped``."""
        return []

    @property
    def url(self) -> str:
        host, port = self.server_address
        return f"http://{_netloc(host, port)}/" + (f"{self.token}/" if self.token else "")

    async def serve(self) -> None:
        await self.serving.serve()

    def run(self) -> None:
        try:
            asyncio.run(self.serve())
        except KeyboardInterrupt:  # Ctrl-C before the server took the signal for itself
            pass

    def stop(self) -> None:
        self.serving.stop()

    def close(self) -> None:
        """Give the address back without serving (a server never run)."""
        self.serving.sock.close()


class PhoneServer(Bound):
    """The server of one game file (``backend``); its page reads the library ``library`` (as
    ``--library``: None is ``$TERTS_LIBRARY``, else the user data directory)."""

    def __init__(
        self,
        sock: socket.socket,
        backend: Backend,
        lang: str,
        token: str | None,
        limits: Limits | None = None,
        library: str | None = None,
    ):
        host, port = sock.getsockname()[:2]
        self.backend = backend
        hosts, reads = allowed_hosts(host, port), Reads(backend.path, lang, library)
        self.app = PhoneApp(backend, lang, token, hosts, limits or Limits(), reads)
        super().__init__(sock, self.app, lang, token)

    @property
    def game(self) -> str:
        return self.backend.path

    def heading(self, url: str) -> str:
        return t("web.listening", self.lang, path=self.game, url=url)


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


def bind_address(lan: bool, host: str | None) -> str:
    """``--host`` when given; else with ``--lan`` the network address; else 127.0.0.1."""
    if host is not None:
        return host
    return lan_address() if lan else "127.0.0.1"


def open_server(
    game: str | None,
    port: int,
    lan: bool,
    lang: str,
    host: str | None = None,
    limits: Limits | None = None,
    library: str | None = None,
) -> PhoneServer:
    """The server, bound (raises OSError): a token whenever ``--lan`` says so or the address is
    not loopback, for then other machines can reach it."""
    from ..game.storage import resolve_game_path

    path = str(resolve_game_path(game).resolve())
    sock = bind(bind_address(lan, host), port)
    backend = GameBackend(path, lang, library)
    return PhoneServer(sock, backend, lang, token_for(sock, lan), limits, library)


def token_for(sock: socket.socket, lan: bool) -> str | None:
    """A fresh token whenever ``--lan`` says so or the address is not loopback, for then other
    machines can reach the server; None on loopback."""
    return new_token() if lan or not is_loopback(sock.getsockname()[0]) else None


def announce(server: Bound) -> None:
    """The address (and with a token, its QR code) on the terminal."""
    url = server.url
    host, port = server.server_address
    if server.token and host in ("0.0.0.0", "::"):  # every interface: the machine's name
        url = url.replace(_netloc(host, port), _netloc(socket.gethostname(), port), 1)
    lang = server.lang
    from ..output.safe_text import visible

    print(visible(server.heading(url)), flush=True)
    for line in server.notes():
        print(visible(line), flush=True)
    if server.token:
        print_qr(url, lang)
        print(t("web.lan_note", lang))
    print(t("web.stop", lang), flush=True)


def serve(
    game: str | None,
    port: int,
    lan: bool,
    lang: str,
    host: str | None = None,
    library: str | None = None,
) -> int:
    """Run ``terts serve`` until Ctrl-C; returns the exit code."""

    def opening() -> Bound:
        return open_server(game, port, lan, lang, host, library=library)

    return serve_until_stopped(opening, bind_address(lan, host), port, lang)


def serve_until_stopped(opening: Callable[[], Bound], address: str, port: int, lang: str) -> int:
    """Open the server (``opening`` binds it), say where, serve until Ctrl-C; returns the exit
    code: 2 with one line when the address cannot be listened on."""
    from ..output import console
    from ..output.safe_text import visible

    try:
        server = opening()
    except (socket.gaierror, UnicodeError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        console.error_line(t("web.bad_host", lang, host=address, reason=reason))
        return 2
    except OSError as exc:
        key = "web.cannot_bind" if exc.errno == errno.EADDRINUSE else "web.cannot_bind_host"
        reason = exc.strerror or str(exc)
        console.error_line(t(key, lang, host=address, port=port, reason=reason))
        return 2
    except ValueError as exc:  # a host with a NUL in it
        console.error_line(t("web.bad_host", lang, host=address, reason=str(exc)))
        return 2
    announce(server)
    server.run()
    for line in server.closing():
        print(visible(line), flush=True)
    print(t("web.stopped", lang), flush=True)
    return 0
