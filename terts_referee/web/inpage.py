"""The phone's page with no server: the routes of ``terts serve`` answered in the page itself.

The offline app (``terts app build``, ``web.site``) runs this module in the browser, on
Pyodide in a Web Worker; the page's script hands it each request its HTTP transport would
have sent (``worker.js``, ``offline.js``) and gets back what the server would have answered.
The answers come from the very objects the server asks, ``backend.GameBackend`` (the game
API) and ``reads.Reads`` (the library, the printable sheet): only the transport differs. So
this module imports neither Starlette nor Uvicorn nor Typer nor rich, nor anything that does;
a test of the offline app reads the modules loaded in the browser to hold it to that.

The games live under ``root`` (in the browser: a folder the worker keeps in IndexedDB): the
current game in ``game/terts-game.toml``, the finished ones moved to ``library/`` before the
next, as ``terts new`` moves them, so that the history and the statistics are this phone's.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from ..errors import RefereeError
from ..i18n import speaking, t
from . import catalogue, offline_catalogue  # noqa: F401 - registers the web.*, ui.* and app.* words
from .backend import GameBackend, file_version, refused
from .reads import Query, Reads

GAME = "terts-game.toml"
# The read-only routes and the function of ``Reads`` each calls with the query.
READS = ("api/history", "api/stats", "api/game")
MAX_IMPORT = 4 * 1024 * 1024  # a game file opened on the phone (a long game is ~100 KiB)

Answer = tuple[int, str, str]  # status, body, content type
JSON = "application/json; charset=utf-8"


def _json(status: int, data: object) -> Answer:
    return status, json.dumps(data, ensure_ascii=False), JSON


class Page:
    """The page's routes over the games under ``root``, in the language ``lang``: ``request``
    answers what ``terts serve`` answers; ``game_file`` and ``import_game`` are the
    page's own (``window.terts``)."""

    def __init__(self, root: str, lang: str) -> None:
        self.root = Path(root)
        self.lang = lang
        (self.root / "game").mkdir(parents=True, exist_ok=True)
        self.library = str(self.root / "library")
        self.path = str(self.root / "game" / GAME)
        self.backend = GameBackend(self.path, lang, self.library)
        self.reads = Reads(self.path, lang, self.library)
        self.changes = 0  # every action and every game opened: the page's version moves on

    def version(self) -> str:
        # the file's own word and a count: a file system whose clock is coarse (the
        # browser's) could write twice in one tick
        return f"{self.changes}-{file_version(self.path)}"

    def request(self, method: str, route: str, query: Query, body: str | None) -> Answer:
        """One request as the server would answer it: (status, body, content type); a
        failure of the referee is one line (500), as the server says it, never a traceback."""
        try:
            return self._answer(method, route, query, body)
        except Exception as exc:  # a bug: one line, never a traceback
            return _json(
                500, {"ok": False, "error": t("web.err.failed", self.lang, kind=type(exc).__name__)}
            )

    def _answer(self, method: str, route: str, query: Query, body: str | None) -> Answer:
        lang = self.lang
        action = route[4:] if route.startswith("api/") else ""
        if method == "POST" and action in self.backend.actions:
            try:
                value: object = json.loads(body) if body and body.strip() else {}
            except ValueError as exc:
                return _json(400, {"ok": False, "error": t("web.err.json", lang, detail=str(exc))})
            status, answer = self.backend.act(action, value, True)
            self.changes += 1
            return _json(status, answer)
        if method not in ("GET", "HEAD"):
            message = t("web.err.method", lang, method=method, allowed="GET")
            return _json(405, {"ok": False, "error": message})
        if route == "api/ui":
            ui = self.backend.ui()
            return _json(
                200, {**ui, "words": {**ui["words"], **offline_catalogue.page_words(lang)}}
            )
        if route == "api/state":
            return _json(200, {"version": self.version(), **self.backend.state()})
        if route == "api/events":  # no stream in the page: every change is this page's own
            return 200, "", "text/event-stream"
        if route in READS:
            read = {"api/history": self.reads.history, "api/stats": self.reads.stats}
            return _json(*read.get(route, self.reads.game)(query))
        if route == "api/next":
            return _json(*self.reads.next_game())
        if route == "sheet.html":
            status, page = self.reads.sheet_html(query)
            if status != 200:
                return _json(status, page)
            return 200, page, "text/html; charset=utf-8"
        return _json(404, {"ok": False, "error": t("web.err.not_found", lang, path=route)})

    def game_file(self) -> str | None:
        """The current game's file as ``terts`` reads it (None: no game yet)."""
        try:
            return Path(self.path).read_bytes().decode("utf-8")
        except FileNotFoundError:
            return None

    def import_game(self, text: str) -> dict[str, Any]:
        """A game file opened on the phone becomes the current game: checked first as
        ``terts`` checks a game file (a damaged one is refused, nothing changed); the game it
        replaces moves to the library, finished or not (nothing is ever deleted)."""
        from ..game.game_file import GameFile
        from ..library.archive import set_aside

        data = text.encode("utf-8")
        with speaking(self.lang):
            if len(data) > MAX_IMPORT:
                message = t("web.err.too_large", self.lang, size=len(data), limit=MAX_IMPORT)
                return {"ok": False, "error": message, "code": "web.err.too_large"}
            incoming = self.root / "game" / ".opened.toml"
            incoming.write_bytes(data)
            try:
                game = GameFile(incoming).game()
                set_aside(Path(self.path), self.library, True)
            except RefereeError as exc:
                incoming.unlink()
                return refused(exc)
            os.replace(incoming, self.path)
            self.backend = GameBackend(self.path, self.lang, self.library)
            self.changes += 1
            a, b = game.players
            message = t("app.opened", self.lang, a=a, b=b, rules=game.rules.name)
        return {"ok": True, "message": message}
