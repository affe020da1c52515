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

``ClubApp`` is one Starlette application behind the same guard as the single-game server's (the
Host, Origin and token checks, the security headers): the lobby's routes (``Lobby``, over a
``Phone`` of the lobby's backend, ``club_backend.LobbyBackend``), and ``t/{name}`` mounted on
the table of that name, whose routes are the phone's own (``app.Phone.routes``, one ``Phone``
per table, built by the same constructor): so every route, check and limit of the single-game
server (the body cap, the JSON depth, the timeouts, the refusals' shape) holds per table, and
the table's page is the phone's page, unchanged. One process, one event loop, two worker
threads per table (its writes, its reads) and two for the lobby.
"""

from __future__ import annotations

import asyncio
import os
import time
from importlib import resources
from typing import TYPE_CHECKING

from starlette.responses import Response
from starlette.routing import BaseRoute, Mount, Route

from ..i18n import t
from .app import SHEET_HEADERS, Phone, application, asset_routes, static_files
from .club_backend import Club, LobbyBackend, TableBackend, table_url
from .guard import SECURITY_HEADERS, Access, Limits, one_line, refusal
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
    from .club_backend import Table

ASSETS = ("club.js", "club.css")
KEY_CHARS = frozenset("0123456789abcdef-:digest")  # a game's key: ``id:UUID`` or ``digest:HEX``
ANY_METHOD = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
# The folder's listing is read again when its own ``stat`` changes (an entry added, removed or
# renamed: a game written in place changes only its own file, which its table watches), while
# its time is this recent (a file system whose times are coarse cannot hide a second change in
# the same tick), and at the latest after ``FOLDER_REREAD`` seconds whatever it says.
FOLDER_RECENT = 2.0
FOLDER_REREAD = 10.0


class Lobby:
    """The lobby's routes: its pages, its parts of the state, its sheets, and the tables."""

    def __init__(self, phone: Phone, club: Club, token: str | None) -> None:
        self.phone, self.club, self.token, self.lang = phone, club, token, phone.lang
        self.backend: LobbyBackend = phone.backend  # type: ignore[assignment]

    def routes(self) -> list[BaseRoute]:
        phone = self.phone
        return [
            Route("/", self.lobby_page, methods=["GET"]),
            Route("/index.html", self.lobby_page, methods=["GET"]),
            Route("/standings.html", self.standings_page, methods=["GET"]),
            *asset_routes(phone.static, ASSETS),
            *phone.live_routes(),
            Route("/api/tables", self.tables, methods=["GET"]),
            Route("/api/standings", self.standings, methods=["GET"]),
            Route("/api/rounds", self.rounds, methods=["GET"]),
            Route("/sheet.html", self.sheet, methods=["GET"]),
            *phone.action_routes(),  # POST api/tables, POST api/round
            Mount("/t/{name}", app=self.table),
            Route("/t/{name}", self.not_a_table, methods=ANY_METHOD),
        ]

    # --- the tables -----------------------------------------------------------------------

    async def table(self, scope: Scope, receive: Receive, send: Send) -> None:
        """``t/NAME/…``: table NAME's own routes, or 404 (no such table)."""
        name = _name_as_sent(scope)
        table = self.club.tables.get(name) if name == scope["path_params"]["name"] else None
        if table is None:
            await self._no_table(name)(scope, receive, send)
            return
        await table.app.router(scope, receive, send)

    async def not_a_table(self, request: Request) -> Response:
        """``t/NAME`` of a table without its slash (301 to it), else 404: no such table."""
        name = _name_as_sent(request.scope)
        if name == request.path_params["name"] and name in self.club.tables:
            root = f"/{self.token}/" if self.token else "/"
            location = root + table_url(name)
            return Response(b"", 301, {**SECURITY_HEADERS, "Location": location})
        return self._no_table(name)

    def _no_table(self, name: str) -> Response:
        """404, one line with its code: a page still open on a closed table tells its players
        so (and stops trying), where a name that never was a table is only refused."""
        from ..i18n.messages import clipped
        from ..library.evening import is_table_name

        if not is_table_name(name):
            code, name = "club.web.bad_name", clipped(name, 80)
        elif name in self.club.closed:
            code = "club.web.table_closed"
        else:
            code = "club.web.no_table"
        error = t(code, self.lang, name=name)
        return one_line(404, {"ok": False, "error": error, "code": code, "remedy": None})

    # --- the lobby's own pages ------------------------------------------------------------

    async def lobby_page(self, request: Request) -> Response:
        return self._page("lobby")

    async def standings_page(self, request: Request) -> Response:
        return self._page("standings")

    def _page(self, page: str) -> Response:
        from html import escape

        lang = self.lang
        title = t("club.ui.title" if page == "lobby" else "club.ui.standings_title", lang)
        html = resources.files(__package__).joinpath("static", "club.html").read_text("utf-8")
        html = html.replace("{{lang}}", escape(lang)).replace("{{title}}", escape(title))
        html = html.replace("{{page}}", page)
        return Response(html.encode("utf-8"), 200, SECURITY_HEADERS, "text/html; charset=utf-8")

    async def tables(self, request: Request) -> Response:
        return one_line(200, {"tables": (await self.phone.state_now())["tables"]})

    async def standings(self, request: Request) -> Response:
        return one_line(200, (await self.phone.state_now())["standings"])

    async def rounds(self, request: Request) -> Response:
        state = await self.phone.state_now()
        return one_line(200, {"players": state["players"], "rounds": state["rounds"]})

    async def sheet(self, request: Request) -> Response:
        """``sheet.html?game=KEY``: the printable sheet (``export --html``) of one of the
        evening's finished games, found by its key among those the standings list (never a
        path: the key names a game, the lobby knows its file)."""
        await self.phone.state_now()  # the keys of the evening's games, as the lobby shows them
        query = request.query_params.multi_items()
        key = query[0][1] if len(query) == 1 and query[0][0] == "game" else None
        if key is None:
            return refusal(400, t("club.web.game_param", self.lang))
        file = self.backend.files.get(key) if set(key) <= KEY_CHARS else None
        if file is None:
            return refusal(404, t("club.web.no_game", self.lang, game=key[:80]))
        status, page = await self.phone.read(_sheet_html, file, self.lang)
        if status != 200:
            return refusal(status, page)
        return Response(page.encode("utf-8"), 200, SHEET_HEADERS, "text/html; charset=utf-8")


def _name_as_sent(scope: Scope) -> str:
    """The table's name as the request wrote it (``t/NAME``, percent-decoded from the raw
    path): a ``%2F`` in it is part of the name, which no table's is, not a separator."""
    from urllib.parse import unquote

    raw: bytes = scope.get("raw_path") or scope["path"].encode("utf-8")
    parts = raw.decode("latin-1").split("/")
    at = parts.index("t") if "t" in parts else -1
    name = parts[at + 1] if 0 <= at < len(parts) - 1 else ""
    try:
        return unquote(name, errors="strict")
    except UnicodeDecodeError:
        return name


def _sheet_html(file: str, lang: str) -> tuple[int, str]:
    """The printable sheet of the game in ``file``, or (422, why it cannot be read)."""
    from ..errors import RefereeError
    from ..game.game_file import GameFile
    from ..i18n import speaking
    from ..i18n.sentences import say
    from ..output.export import sheet_html
    from ..output.report.sheet import sheet_json

    with speaking(lang):
        try:
            now = GameFile(file).snapshot()
            return 200, sheet_html(sheet_json(now.game, now.sheet), lang)
        except RefereeError as exc:
            return 422, say(exc.verdict, lang)


class ClubApp:
    """The club's ASGI application (see the module's doc); ``watch`` keeps the tables and every
    live page up to date."""

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
        static = static_files()

        def table_app(backend: GameBackend) -> Phone:
            # a table's history and statistics are the club's library, where its games go
            reads = Reads(backend.path, lang, str(library))
            table = backend.name if isinstance(backend, TableBackend) else None
            return Phone(backend, lang, limits, reads, table, static)

        self.club = Club(folder, library, lang, since, players, table_app)
        lobby_reads = Reads(str(folder), lang, str(library))
        phone = Phone(LobbyBackend(self.club), lang, limits, lobby_reads, static=static)
        self.lobby = Lobby(phone, self.club, token)
        access = Access(lang, token, frozenset(hosts), limits)
        self.asgi = application(self.lobby.routes(), access)
        self.moved: list[tuple[str, Path]] = []  # what ``close`` moved to the library
        self.not_moved: list[tuple[str, Verdict]] = []
        self._stopped = False
        self._folder: tuple[object, float] | None = None  # the folder's stat, when last read

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.asgi(scope, receive, send)

    # --- what the transport runs beside the routes (``transport.Served``) ------------------

    async def watch(self) -> None:
        """Every table's file watched by its own phone, the lobby's version by the lobby's,
        and the club folder's listing read again when the folder changes (``folder_changed``):
        a table that came gets its watcher, one whose file went has its live streams ended and
        its workers stopped."""
        lobby = asyncio.create_task(self.lobby.phone.watch())
        try:
            self._start()
            while not self._stopped:
                await asyncio.sleep(self.limits.poll)
                if not self.folder_changed():
                    continue
                _, gone = self.club.refresh(remove=True)
                for table in gone:
                    self._end(table)
                self._start()
        finally:
            lobby.cancel()
            for table in self.club.tables.values():
                if table.task is not None:
                    table.task.cancel()

    def folder_changed(self) -> bool:
        """Whether the club folder's listing may have changed since it was last read: one
        ``stat`` of the folder, however many files it holds."""
        now = time.time()
        try:
            st = os.stat(self.club.folder)
            mark: object = (st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_nlink)
            recent = now - st.st_mtime < FOLDER_RECENT
        except OSError as exc:
            mark, recent = exc.errno, False
        last = self._folder
        if last is not None and last[0] == mark and not recent and now - last[1] < FOLDER_REREAD:
            return False
        self._folder = (mark, now)
        return True

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
        self.lobby.phone.stop_streams()
        for table in self.club.tables.values():
            table.app.stop_streams()

    def close(self) -> None:
        """The workers end, and the finished tables go to the library (the evening is over;
        a table still being played stays)."""
        from ..library.evening import move_finished

        self.lobby.phone.close()
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
        from ..i18n.sentences import say

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
    from ..library.evening import check_club_folder, evening_start, parse_since
    from ..library.location import check_library, library_dir
    from ..library.pairings import round_robin

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
