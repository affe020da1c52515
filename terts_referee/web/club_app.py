"""``terts serve --club DIR``: a club night's tables and its lobby, served by one process.

Routes (under ``/TOKEN/`` when a token is set, else under ``/``; docs/http.md has them all):

- ``GET  ``, ``index.html``  the lobby; ``standings.html`` the standings page; ``club.js``,
  ``club.css`` their assets
- ``GET  api/ui``, ``api/state``, ``api/events``  the lobby's words, state and live stream (a
  new version whenever any table's file, the set of tables or the library changes)
- ``GET  api/tables``, ``api/standings``, ``api/rounds``  parts of the lobby's state
- ``POST api/tables``, ``api/round``  a new table; the next round's tables
- ``GET  sheet.html?game=KEY``  the printable sheet of one of the evening's finished games
- ``GET  api/history``, ``api/stats``, ``api/game``  the club's library, as at every table; the
  icons (the lobby's own is ``icon.svg``); no ``api/next`` and no manifest (no game of its own)
- ``t/NAME/…``  table NAME: the phone's page and every route of ``terts serve`` below it (the
  next game, the club's library, the printable sheet, the manifest: the phone's whole app)

``ClubApp`` sends a request for a table to that table's own ``PhoneApp`` (the single-game
server's application, one per table, built by the same constructor), its path cut to what is
below the table: so every check and limit of the single-game server (the Host, Origin and token
checks, the body cap, the JSON depth, the timeouts, the security headers) holds per table, and
the table's page is the phone's page, unchanged. The path keeps the token in front, so that the
table's own check of it decides. Everything else goes to ``LobbyApp``, a ``PhoneApp`` over the
lobby's backend (``club.LobbyBackend``) with the lobby's own pages (``own_route``). One process,
one event loop, a worker thread per table and one for the lobby.
"""

from __future__ import annotations

import asyncio
from importlib import resources
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote, urlsplit

from starlette.responses import Response

from ..i18n import t
from . import club_texts  # noqa: F401 - registers the club.* words
from .app import SECURITY_HEADERS, SHEET_HEADERS, Limits, PhoneApp, one_line, refusal
from .app import STATIC as PHONE_STATIC
from .club import Club, LobbyBackend, TableBackend, table_url
from .reads import Reads
from .server import Bound, allowed_hosts, bind_address, token_for
from .transport import bind

if TYPE_CHECKING:
    import socket
    from datetime import datetime
    from pathlib import Path

    from starlette.requests import Request
    from starlette.types import Receive, Scope, Send

    from ..domain.verdicts import Verdict
    from .backend import GameBackend
    from .club import Table

STATIC = {
    "club.js": "text/javascript; charset=utf-8",
    "club.css": "text/css; charset=utf-8",
}
PAGES = {"": "lobby", "index.html": "lobby", "standings.html": "standings"}
READS = ("api/tables", "api/standings", "api/rounds", "sheet.html")
# The lobby's routes the phone's application answers itself (over the lobby's backend), and
# the library's (the club's library, as at every table) and the icons (the lobby's favicon).
PHONE_READS = ("api/ui", "api/state", "api/events", "api/history", "api/stats", "api/game")
ICONS = tuple(name for name in PHONE_STATIC if name.startswith(("icon", "apple-touch")))
KEY_CHARS = frozenset("0123456789abcdef-:digest")  # a game's key: ``id:UUID`` or ``digest:HEX``


class LobbyApp(PhoneApp):
    """The lobby: the phone's application over the lobby's backend, with its own pages."""

    backend: LobbyBackend

    async def own_route(self, request: Request, route: str) -> Response | None:
        method = request.method
        if route.startswith("t/"):  # only a name that is not a table's, or no slash after it
            return self._not_a_table(route)
        reading = route in PAGES or route in STATIC or route in READS
        if method not in ("GET", "HEAD"):
            if reading and route != "api/tables":  # POST api/tables: the backend's action
                return self._not_allowed(method, "GET")
            return None
        if route in PAGES:
            return self._lobby_page(PAGES[route])
        if route in STATIC:
            data = resources.files(__package__).joinpath("static", route).read_bytes()
            return Response(data, 200, SECURITY_HEADERS, STATIC[route])
        if route in READS:
            return await self._read(route, request)
        if route in PHONE_READS or route in ICONS or route[4:] in self.backend.actions:
            return None  # GET api/round: 405
        # Everything else is a 404, the phone's routes of one game among them: ``api/next``
        # (the lobby has no game to go on from) and ``manifest.webmanifest`` (a phone installs
        # its table's page, whose scope is ``t/NAME/``, not the lobby).
        return refusal(404, t("web.err.not_found", self.lang, path=route))

    def _not_a_table(self, route: str) -> Response:
        """``t/NAME`` of a table without its slash (301 to it), else 404: no such table."""
        raw, slash, _ = route[2:].partition("/")
        try:
            name = unquote(raw, errors="strict")
        except UnicodeDecodeError:
            name = raw
        from ..i18n.messages import clipped
        from ..library.evening import is_table_name

        club = self.backend.club
        if not is_table_name(name):
            return self._no_table("club.web.bad_name", clipped(name, 80))
        if name in club.tables and not slash:
            root = f"/{self.token}/" if self.token else "/"
            location = root + table_url(name)
            return Response(b"", 301, {**SECURITY_HEADERS, "Location": location})
        return self._no_table(
            "club.web.table_closed" if name in club.closed else "club.web.no_table", name
        )

    def _no_table(self, code: str, name: str) -> Response:
        """404, one line with its ``code``: a page still open on a closed table tells its
        players so (and stops trying), where a name that never was a table is only refused."""
        error = t(code, self.lang, name=name)
        return one_line(404, {"ok": False, "error": error, "code": code, "remedy": None})

    def _lobby_page(self, page: str) -> Response:
        from html import escape

        lang = self.lang
        title = t("club.ui.title" if page == "lobby" else "club.ui.standings_title", lang)
        html = resources.files(__package__).joinpath("static", "club.html").read_text("utf-8")
        html = html.replace("{{lang}}", escape(lang)).replace("{{title}}", escape(title))
        html = html.replace("{{page}}", page)
        return Response(html.encode("utf-8"), 200, SECURITY_HEADERS, "text/html; charset=utf-8")

    async def lobby_state(self) -> dict[str, Any]:
        """The lobby's state, computed once per version (as ``api/state``)."""
        return await self._state_now()

    async def _read(self, route: str, request: Request) -> Response:
        state = await self.lobby_state()
        if route == "api/tables":
            return one_line(200, {"tables": state["tables"]})
        if route == "api/standings":
            return one_line(200, state["standings"])
        if route == "api/rounds":
            return one_line(200, {"players": state["players"], "rounds": state["rounds"]})
        return await self._sheet(request)

    async def _sheet(self, request: Request) -> Response:
        """``sheet.html?game=KEY``: the printable sheet (``export --html``) of one of the
        evening's finished games, found by its key among those the standings list (never a
        path: the key names a game, the lobby knows its file)."""
        query = request.query_params.multi_items()
        key = query[0][1] if len(query) == 1 and query[0][0] == "game" else None
        if key is None:
            return refusal(400, t("club.web.game_param", self.lang))
        file = self.backend.files.get(key) if set(key) <= KEY_CHARS else None
        if file is None:
            return refusal(404, t("club.web.no_game", self.lang, game=key[:80]))
        status, page = await self._call(_sheet_html, file, self.lang)
        if status != 200:
            return refusal(status, page)
        return Response(page.encode("utf-8"), 200, SHEET_HEADERS, "text/html; charset=utf-8")


def _sheet_html(file: str, lang: str) -> tuple[int, str]:
    """The printable sheet of the game in ``file``, or (422, why it cannot be read)."""
    from ..errors import RefereeError
    from ..game.session import GameFile
    from ..i18n import speaking
    from ..i18n.words import say
    from ..output.export import sheet_html
    from ..output.report.sheet import sheet_json

    with speaking(lang):
        try:
            now = GameFile(file).snapshot()
            return 200, sheet_html(sheet_json(now.game, now.sheet), lang)
        except RefereeError as exc:
            return 422, say(exc.verdict, lang)


class ClubApp:
    """The club's ASGI application: a table's requests to its ``PhoneApp``, the rest to the
    lobby (see the module's doc); ``watch`` keeps the tables and every live page up to date."""

    def __init__(
        self,
        folder: Path,
        library: Path,
        lang: str,
        token: str | None,
        hosts: set[str],
        limits: Limits,
        since: datetime,
        players: tuple[str, ...] = (),
    ) -> None:
        self.lang, self.token, self.limits = lang, token, limits

        def table_app(backend: GameBackend) -> PhoneApp:
            # a table's history and statistics are the club's library, where its games go
            reads = Reads(backend.path, lang, str(library))
            table = backend.name if isinstance(backend, TableBackend) else None
            return PhoneApp(backend, lang, token, hosts, limits, reads, table)

        self.club = Club(folder, library, lang, since, players, table_app)
        lobby_reads = Reads(str(folder), lang, str(library))
        self.lobby = LobbyApp(LobbyBackend(self.club), lang, token, hosts, limits, lobby_reads)
        self.moved: list[tuple[str, Path]] = []  # what ``close`` moved to the library
        self.not_moved: list[tuple[str, Verdict]] = []
        self._stopped = False

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            found = self._table(scope)
            if found is not None:
                table, below = found
                await table.app(below, receive, send)
                return
        await self.lobby(scope, receive, send)

    def _table(self, scope: Scope) -> tuple[Table, Scope] | None:
        """The table a request is for (``[/TOKEN]/t/NAME/REST``, NAME one of the tables) and
        the request as that table's app sees it (``[/TOKEN]/REST``); None for the lobby."""
        raw: bytes = scope.get("raw_path") or scope["path"].encode("utf-8")
        path = urlsplit(raw.decode("latin-1")).path
        parts = path.split("/", 4 if self.token else 3)
        if self.token:
            if len(parts) < 5:
                return None
            _, first, here, name, rest = parts
            front = f"/{first}/"
        else:
            if len(parts) < 4:
                return None
            _, here, name, rest = parts
            front = "/"
        if here != "t":
            return None
        try:
            name = unquote(name, errors="strict")
        except UnicodeDecodeError:
            return None
        table = self.club.tables.get(name)
        if table is None:
            return None
        below = front + rest  # a wrong token stays in front: the table's app refuses it (403)
        return table, {
            **scope,
            "path": unquote(below),
            "raw_path": below.encode("latin-1"),
        }

    # --- what the transport runs beside the routes (``transport.Served``) ------------------

    async def watch(self) -> None:
        """Every table's file watched by its own app, the lobby's version by the lobby's, and
        the club folder read again every ``poll`` seconds: a table that came gets its watcher,
        one whose file went has its live streams ended and its worker stopped."""
        lobby = asyncio.create_task(self.lobby.watch())
        try:
            self._start()
            while not self._stopped:
                await asyncio.sleep(self.limits.poll)
                _, gone = self.club.refresh(remove=True)
                for table in gone:
                    self._end(table)
                self._start()
        finally:
            lobby.cancel()
            for table in self.club.tables.values():
                if table.task is not None:
                    table.task.cancel()

    def _start(self) -> None:
        for table in self.club.tables.values():
            if table.task is None:
                table.task = asyncio.create_task(table.app.watch())

    @staticmethod
    def _end(table: Table) -> None:
        table.app.stop_streams()
        if table.task is not None:
            table.task.cancel()
        table.app.close()

    def stop_streams(self) -> None:
        self._stopped = True
        self.lobby.stop_streams()
        for table in self.club.tables.values():
            table.app.stop_streams()

    def close(self) -> None:
        """The workers end, and the finished tables go to the library (the evening is over;
        a table still being played stays)."""
        from ..library.evening import move_finished

        self.lobby.close()
        for table in self.club.tables.values():
            table.app.close()
        tables = {name: table.path for name, table in self.club.tables.items()}
        self.moved, self.not_moved = move_finished(tables, self.club.library)


class ClubServer(Bound):
    """The server of a club night: the tables of ``folder`` behind one lobby."""

    def __init__(
        self,
        sock: socket.socket,
        folder: Path,
        library: Path,
        lang: str,
        token: str | None,
        since: datetime,
        players: tuple[str, ...] = (),
        limits: Limits | None = None,
    ):
        host, port = sock.getsockname()[:2]
        self.folder, self.library = folder, library
        hosts = allowed_hosts(host, port)
        limits = limits or Limits()
        self.app = ClubApp(folder, library, lang, token, hosts, limits, since, players)
        super().__init__(sock, self.app, lang, token)

    def heading(self, url: str) -> str:
        n = len(self.app.club.tables)
        return t("club.web.listening", self.lang, path=self.folder, n=n, url=url)

    def notes(self) -> list[str]:
        club = self.app.club
        lines = [t("club.web.skipped", self.lang, file=n, reason=r) for n, r in club.skipped]
        when = club.since.strftime("%Y-%m-%d %H:%M")
        lines.append(t("club.web.library", self.lang, path=self.library, since=when))
        return lines

    def closing(self) -> list[str]:
        from ..i18n.words import say

        lines = [
            t("club.web.not_moved", self.lang, name=name, reason=say(why, self.lang))
            for name, why in self.app.not_moved
        ]
        if self.app.moved:
            lines.append(t("club.web.moved", self.lang, n=len(self.app.moved), path=self.library))
        return lines


def prepare(
    folder: str, library: str | None, players: str | None, since: str | None, lang: str
) -> tuple[Path, Path, tuple[str, ...], datetime, bool]:
    """The club night's options, checked before anything is bound: the folder (made when
    missing; raises GameFileError for one that is not a folder or is inside the library), the
    library, the evening's players (``--players A,B,C``, checked as ``club pairs`` checks
    them), when the evening began (``--since``, else ``evening.evening_start``) and whether the
    folder was made. Raises a RefereeError, one line."""
    from pathlib import Path

    from ..game.model import now
    from ..library.club import round_robin
    from ..library.evening import check_club_folder, evening_start, parse_since
    from ..library.location import check_library, library_dir

    names: tuple[str, ...] = ()
    if players is not None:
        round_robin(players.split(","))  # refuses what the schedule would
        names = tuple(p.strip() for p in players.split(","))
    moment = now()
    start = parse_since(since, moment) if since is not None else evening_start(moment)
    where = library_dir(library)
    check_library(where)
    made = check_club_folder(Path(folder), where)  # last: nothing is made for a refusal
    return Path(folder).resolve(), where, names, start, made


def serve_club(
    folder: str,
    port: int,
    lan: bool,
    lang: str,
    host: str | None = None,
    library: str | None = None,
    players: str | None = None,
    since: str | None = None,
) -> int:
    """Run ``terts serve --club DIR`` until Ctrl-C; returns the exit code."""
    from ..output.safe_text import visible
    from .server import serve_until_stopped

    path, where, names, start, made = prepare(folder, library, players, since, lang)
    if made:
        print(visible(t("club.web.made", lang, path=path)), flush=True)

    def opening() -> ClubServer:
        sock = bind(bind_address(lan, host), port)
        return ClubServer(sock, path, where, lang, token_for(sock, lan), start, names)

    return serve_until_stopped(opening, bind_address(lan, host), port, lang)
