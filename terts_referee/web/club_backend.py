"""A club night's tables behind one lobby: what ``terts serve --club DIR`` knows of the evening.

``Club`` holds the tables of the club folder (``library.evening.tables_in``), a ``Table`` each:
its ``TableBackend`` (the phone's ``GameBackend``, its ``api/ui`` naming the table) and the
phone's own side of a game built over it (``make_app``: an ``app.Phone``, as the single-game
server's), so that every route, check and limit of that server holds per table.
The lobby's watcher (``club_app.ClubApp.watch``) refreshes it from the folder whenever the
folder changes: a game file put there by ``terts new`` in a terminal becomes a table, one moved away
stops being one.

``LobbyBackend`` is the lobby's ``Backend`` (``backend.py``): ``version()`` changes whenever a
table's file does, a table comes or goes, or the library changes; ``state()`` is what the lobby
shows (the tables, the standings, the rounds); ``act`` takes ``tables`` (``POST api/tables``, a
new table) and ``round`` (``POST api/round``, the next round's tables).

Threads: the lobby's calls run in the lobby's workers, each table's in its own two (its taps',
its reads'). A table's game is read for the lobby in that table's reading worker
(``Table.read``), through the backend's own reading ``GameFile``, never the one a tap writes
through, so that the lobby does not wait for a tap waiting for the lock. The registry of tables
is replaced whole under a lock, never changed in place: the event loop reads it without one.
"""

from __future__ import annotations

import hashlib
import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from ..errors import RefereeError
from ..game.requests import NUMBER, TEXT, Field
from ..i18n import speaking, t
from ..i18n.sentences import say
from ..library.evening import MAX_TABLES, move_finished, open_table, round_to_open, tables_in
from . import club_catalogue, fields
from .backend import GameBackend, refused

if TYPE_CHECKING:
    import asyncio
    from collections.abc import Callable
    from concurrent.futures import Future
    from datetime import datetime

    from ..library.ratings import Ratings
    from ..library.shapes import TableView
    from .app import Phone

ROUND = (Field("round", NUMBER, True), Field("rules", TEXT))
"""``POST api/round``: the round's number (the lobby shows the next one) and the ruleset of its
tables (a bundled ruleset's name; classic by default)."""

READ_WAIT = 10.0  # seconds the lobby waits for a table's worker (a tap waiting on the lock)


class TableBackend(GameBackend):
    """A table's backend: the phone page's, whose ``api/ui`` also says which table of the club
    it is and where the lobby is, so that the page shows the table's name and a way back."""

    def __init__(self, name: str, path: str, lang: str, library: str) -> None:
        super().__init__(path, lang, library)
        self.name = name

    def ui(self) -> dict[str, Any]:
        ui = super().ui()
        keys = ("club.ui.lobby", "club.ui.table_name", "club.ui.table_closed")
        words = {key: t(key, self.lang) for key in keys}
        ui["words"] = {**ui["words"], **words}
        ui["club"] = {"table": self.name, "lobby": "../../"}  # t/NAME/ is two folders down
        try:  # a table is named by its players (its file's name is for the folder)
            ui["club"]["title"] = " — ".join(self.file.game().players)
        except RefereeError:
            pass  # a file that cannot be read: its name, and the page says why
        return ui


class Table:
    """One table: its name, its game file, the backend and the phone's app over it, the task
    that watches its file (started on the event loop), and what the lobby last read of it."""

    def __init__(self, name: str, path: Path, backend: GameBackend, app: Phone) -> None:
        self.name, self.path, self.backend, self.app = name, path, backend, app
        self.task: asyncio.Task[None] | None = None
        self._read: tuple[str, TableView, dict[str, Any] | None] | None = None

    def read(self) -> tuple[TableView, dict[str, Any] | None]:
        """The table as the lobby lists it, and its game's summary (None when its file cannot
        be read), once per version of the file; run in the table's own worker."""
        from ..library.evening import table_summary, table_view

        version = self.backend.version()
        if self._read is not None and self._read[0] == version:
            return self._read[1], self._read[2]
        summary = None
        with speaking(self.backend.lang):
            try:
                now = self.backend.reader.snapshot()
                view = table_view(self.name, now.game, now.sheet)
                summary = table_summary(self.name, self.path, now.game, now.sheet)
            except RefereeError as exc:
                view = _unreadable(self.name, say(exc.verdict, self.backend.lang))
        self._read = (version, view, summary)
        return view, summary


def table_url(name: str) -> str:
    """A table's address below the server's root: ``t/NAME/``, the name percent-encoded."""
    return f"t/{quote(name)}/"


def _unreadable(name: str, error: str) -> TableView:
    return {
        "name": name,
        "players": [],
        "totals": {},
        "finished": False,
        "winner": None,
        "dealer": None,
        "deals": 0,
        "rules": None,
        "started": None,
        "id": None,
        "error": error,
    }


class Club:
    """The evening: the club folder and its tables, the library, when the evening began and
    its players (``--players``: the round robin's; empty without it)."""

    def __init__(
        self,
        folder: Path,
        library: Path,
        lang: str,
        since: datetime,
        players: tuple[str, ...],
        make_app: Callable[[GameBackend], Phone],
    ) -> None:
        self.folder, self.library, self.lang = folder, library, lang
        self.since, self.players = since, players
        self.make_app = make_app
        self.tables: dict[str, Table] = {}
        self.skipped: list[tuple[str, str]] = []
        # the tables that have closed this evening (their file gone, most often to the
        # library): a page still open on one is told so, not that no such table ever was
        self.closed: frozenset[str] = frozenset()
        self.generation = 0  # counts the changes of the set of tables
        self._lock = threading.Lock()
        self.refresh(remove=True)

    def refresh(self, remove: bool) -> tuple[list[Table], list[Table]]:
        """Read the folder again: (the tables that came, those that went). ``remove``: a table
        whose file is gone stops being one (only the event loop removes, for it ends the
        table's live streams; a worker thread adds what it has just opened)."""
        with self._lock:
            found = tables_in(self.folder)
            current = self.tables
            tables: dict[str, Table] = {}
            added: list[Table] = []
            for name, path in found.found.items():
                table = current.get(name)
                if table is None:
                    backend = TableBackend(name, str(path), self.lang, str(self.library))
                    table = Table(name, path, backend, self.make_app(backend))
                    added.append(table)
                tables[name] = table
            gone = [table for name, table in current.items() if name not in tables]
            if not remove:
                tables.update((table.name, table) for table in gone)
                gone = []
            if added or gone:
                self.generation += 1
                self.tables = dict(sorted(tables.items()))
                self.closed = (self.closed | {t.name for t in gone}) - tables.keys()
            self.skipped = found.skipped
        return added, gone

    def version(self) -> str:
        """A word that changes with any table's file, the set of tables and the library's
        folder (a ``stat`` each: cheap enough for the event loop)."""
        parts = [str(self.generation), library_mark(self.library)]
        parts += [f"{name}={table.backend.version()}" for name, table in self.tables.items()]
        return hashlib.blake2b("\n".join(parts).encode(), digest_size=8).hexdigest()

    def read_tables(self) -> list[tuple[TableView, dict[str, Any] | None]]:
        """Every table as the lobby lists it, with its summary: each read in its own worker,
        all at once."""
        asked: list[tuple[Table, Future[tuple[TableView, dict[str, Any] | None]]]] = []
        for table in self.tables.values():
            try:
                asked.append((table, table.app.reader.submit(table.read)))
            except RuntimeError:  # its worker has stopped: the table has just gone
                continue
        found = []
        for table, future in asked:
            try:
                found.append(future.result(READ_WAIT))
            except Exception as exc:  # cancelled, or busy past the wait: said, not raised
                found.append((_unreadable(table.name, type(exc).__name__), None))
        return found


def library_mark(library: Path) -> str:
    """A word that changes when a game goes into the library's folder (its time and size)."""
    try:
        st = os.stat(library)
    except OSError:
        return "none"
    return f"{st.st_mtime_ns}-{st.st_nlink}-{st.st_ino}"


class LobbyBackend:
    """The lobby's backend: the club's state and its two actions (see the module's doc)."""

    actions = frozenset({"tables", "round"})

    def __init__(self, club: Club) -> None:
        self.club = club
        self.path = str(club.folder)
        self.lang = club.lang
        self._library: tuple[str, list[dict[str, Any]], list[str]] | None = None
        self._ratings: tuple[tuple[Any, ...], Ratings] | None = None
        self.files: dict[str, str] = {}  # a finished game's key: its file (``sheet.html``)

    def version(self) -> str:
        return self.club.version()

    def ui(self) -> dict[str, Any]:
        from ..domain.rules import bundled_names

        return {
            "lang": self.lang,
            "words": club_catalogue.lobby_words(self.lang),
            "rulesets": bundled_names(),
            "players": list(self.club.players),
            "since": self.club.since.isoformat(),
        }

    # --- the lobby's state ----------------------------------------------------------------

    def _library_games(self) -> tuple[list[dict[str, Any]], list[str]]:
        """The library's games (``scan_library``, through its index), read again only when the
        library's folder changed; and what could not be read, in one line."""
        from ..library.scan import scan_library

        mark = library_mark(self.club.library)
        if self._library is None or self._library[0] != mark:
            try:
                scan = scan_library(self.club.library)
                games = scan.games
                notes = [
                    t("club.web.conflict", self.lang, files=", ".join(c.files))
                    for c in scan.conflicts
                ]
            except RefereeError as exc:
                why = say(exc.verdict, self.lang)
                games, notes = [], [t("club.web.library_bad", self.lang, reason=why)]
            self._library = (mark, games, notes)
        return self._library[1], self._library[2]

    def _rated(self, everything: list[dict[str, Any]]) -> Ratings:
        """The ratings over every finished game, worked out again only when those change."""
        from ..library.evening import rate_games

        key = tuple(sorted((g["key"], g["winner"], g["date"]) for g in everything if g["finished"]))
        if self._ratings is None or self._ratings[0] != key:
            self._ratings = (key, rate_games(everything))
        return self._ratings[1]

    def state(self) -> dict[str, Any]:
        """The lobby's page: the tables, the standings, the rounds (with ``--players``), the
        files passed over; computed once per version however many lobbies ask."""
        from ..library.evening import evening_games, rounds, standings

        club = self.club
        with speaking(self.lang):
            read = club.read_tables()
            games, notes = self._library_games()
            evening, everything = evening_games([s for _, s in read if s], games, club.since)
            ranked = standings(evening, self._rated(everything), club.since, club.players)
            schedule = rounds(club.players, evening) if club.players else None
        self.files = {g["key"]: g["file"] for g in evening if g["finished"]}
        tables = [{**view, "url": table_url(view["name"])} for view, _ in read]
        return {
            "tables": tables,
            "standings": ranked,
            "players": list(club.players),
            "rounds": schedule,
            "since": club.since.isoformat(),
            "skipped": [{"file": name, "reason": why} for name, why in club.skipped],
            "notes": notes,
        }

    # --- the actions ----------------------------------------------------------------------

    def act(self, action: str, body: object, page: bool = False) -> tuple[int, dict[str, Any]]:
        with speaking(self.lang):
            try:
                if action == "tables":
                    new = fields.ACTIONS["new"]
                    return self._open(fields.asked("tables", body, self.lang, new, page=page))
                return self._round(fields.asked("round", body, self.lang, ROUND, page=page))
            except fields.BadRequest as exc:
                return exc.status, _refusal(str(exc), exc.code)
            except RefereeError as exc:
                return 422, refused(exc)

    def _room(self, more: int) -> tuple[int, dict[str, Any]] | None:
        """A refusal (409) when ``more`` tables would be past ``MAX_TABLES``, else None."""
        if len(tables_in(self.club.folder).found) + more <= MAX_TABLES:
            return None
        return 409, _refusal(
            t("club.web.too_many", self.lang, most=MAX_TABLES), "club.web.too_many"
        )

    def _open(self, asked: fields.Asked) -> tuple[int, dict[str, Any]]:
        """``POST api/tables``: a new table (``evening.open_table``), answered with its name."""
        full = self._room(1)
        if full is not None:
            return full
        given = asked.fields
        players, rules = given["players"], given.get("rules")
        dealer, quick = given.get("dealer"), given.get("quick")
        assert isinstance(players, list)  # the fields were checked (``fields.asked``)
        assert rules is None or isinstance(rules, str)
        assert dealer is None or isinstance(dealer, str)
        name, _ = open_table(
            self.club.folder,
            [str(p) for p in players],
            rules=rules or "classic",
            dealer=dealer,
            quick=True if quick is None else bool(quick),
        )
        self.club.refresh(remove=False)
        message = t("club.web.opened", self.lang, name=name)
        return 200, {"ok": True, "name": name, "url": table_url(name), "message": message}

    def _round(self, asked: fields.Asked) -> tuple[int, dict[str, Any]]:
        """``POST api/round``: the round's pairs without a game yet get their tables, once the
        finished tables have gone to the library (``evening.move_finished``)."""
        number, rules = asked.fields["round"], asked.fields.get("rules")
        assert isinstance(number, int)  # the fields were checked (``fields.asked``)
        assert rules is None or isinstance(rules, str)
        club = self.club
        pairs, waiting = round_to_open(self.state()["rounds"] or [], number, bool(club.players))
        if not pairs:
            if waiting:
                who = ", ".join(waiting)
                message = t("club.web.round_waits", self.lang, number=number, names=who)
                return 409, _refusal(message, "club.web.round_waits")
            message = t("club.web.round_open", self.lang, number=number)
            return 409, _refusal(message, "club.web.round_open")
        moved, _ = move_finished({n: table.path for n, table in club.tables.items()}, club.library)
        full = self._room(len(pairs))
        if full is not None:
            return full
        names = [open_table(club.folder, pair, rules=rules or "classic")[0] for pair in pairs]
        club.refresh(remove=False)
        message = t("club.web.round_opened", self.lang, n=number, k=len(names))
        if moved:
            message += " " + t("club.web.moved_now", self.lang, k=len(moved))
        return 200, {
            "ok": True,
            "round": number,
            "tables": names,
            "moved": [name for name, _ in moved],
            "message": message,
        }


def _refusal(message: str, code: str) -> dict[str, Any]:
    """A refusal of the lobby's own, shaped as the page's are (``backend.refused``)."""
    return {"ok": False, "error": message, "code": code, "remedy": None}
