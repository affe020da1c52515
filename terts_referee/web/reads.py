"""What the page reads besides the game's live state: the library and the printable sheets.

``Reads`` answers the read-only routes, each with ``(status, answer)``:

- ``history(query)``: ``GET api/history``, the JSON of ``terts history --json``;
- ``stats(query)``: ``GET api/stats``, the JSON of ``terts stats --json``;
- ``game(query)``: ``GET api/game?file=F``, the sheet (``sheet --json``) of a game the history
  lists, so that the page can open it;
- ``sheet_html(query)``: ``GET sheet.html``, the printable sheet of the current game (as
  ``terts export --html``), or with ``?file=F`` of a game the history lists;
- ``next_game()``: ``GET api/next``, what the next game would be once this one is finished:
  the same players and ruleset, quick, and the dealer by the rules.

The filters are query parameters named as the CLI's options (``player``, ``vs``, ``since``,
``until``, ``rules``) and judged as the CLI judges them (a date that is not one, a player the
library does not hold); a parameter the route does not take, or one given twice, is refused.
Each call reads through the library's functions (its index, read-only) and the game API
(``GameFile.snapshot``, a game read once); nothing here writes a file. Like the backend's
calls, these run in the game's reading worker thread, each in the server's language
(``speaking``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import RefereeError
from ..i18n import speaking, t

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..game.views import Snapshot
    from ..library.scan import Scan

# A query string as the server read it: (name, value) pairs in order, names repeated as sent.
Query = list[tuple[str, str]]
Answer = tuple[int, Any]

MAX_PARAM = 200  # a parameter's value, in characters (a player's name, a date, a file)
HISTORY = ("player", "since", "until", "rules")
STATS = ("player", "vs", "since", "until", "rules")


class BadQuery(Exception):
    """A query the route cannot take: the ``code`` of its words (a ``web.err.*`` key), the
    one-line message and the HTTP ``status``."""

    def __init__(self, code: str, lang: str, status: int = 400, **params: object):
        super().__init__(t(code, lang, **params))
        self.code = code
        self.status = status


def _params(query: Query, route: str, names: Iterable[str], lang: str) -> dict[str, str | None]:
    """The route's parameters (an empty value is one not given), every other name refused."""
    taken = tuple(names)
    found: dict[str, str | None] = dict.fromkeys(taken)
    seen: set[str] = set()
    for name, value in query:
        if name not in taken:
            expected = ", ".join(taken) or "—"
            raise BadQuery("web.err.unknown_param", lang, name=name, route=route, names=expected)
        if name in seen:
            raise BadQuery("web.err.repeated_param", lang, name=name)
        seen.add(name)
        if len(value) > MAX_PARAM:
            raise BadQuery("web.err.long_param", lang, name=name, limit=MAX_PARAM)
        found[name] = value.strip() or None
    return found


def _refused(exc: RefereeError | BadQuery, status: int = 400) -> Answer:
    """A refusal's answer: a bad query's own status and words; a refusal of the library's or
    the game's code ``status`` (400 a filter it cannot take, 422 a game file it cannot read),
    worded as the backend words every verdict (its sentence, code and remedy)."""
    if isinstance(exc, BadQuery):
        return exc.status, {"ok": False, "error": str(exc), "code": exc.code, "remedy": None}
    from .backend import refused

    return status, refused(exc)


class Reads:
    """The read-only routes over the game file ``path`` and the library (``library``: as
    ``--library``; None is ``$TERTS_LIBRARY``, else the user data directory, as ``terts new``
    moves a finished game there)."""

    def __init__(self, path: str, lang: str, library: str | None = None) -> None:
        self.path = path
        self.lang = lang
        self.library = library

    # --- the library ----------------------------------------------------------------------

    def _scan(self) -> Scan:
        from ..library.location import check_library, library_dir
        from ..library.scan import scan_library

        where = library_dir(self.library)
        check_library(where)
        return scan_library(where, current=Path(self.path))

    def _answer(self, query: Query, route: str, names: tuple[str, ...]) -> Answer:
        """The document of ``history`` or ``stats`` over the library, the filters judged first
        (a bad date is refused before the library is read, as the CLI judges its options),
        kept beside the index as the CLI's answers are (``library.kept.answered``): asked
        again over the same files, the games are not read again, and after games are added,
        only those are. The game being played counts once it is won, as on the terminal."""
        import json
        import os
        import time
        from functools import partial

        from ..library.answers import Question
        from ..library.index import KeptRatings
        from ..library.kept import answered
        from ..library.location import check_library, library_dir
        from ..library.stats import parse_date

        with speaking(self.lang):
            try:
                found = _params(query, route, names, self.lang)
                player, vs = found.get("player"), found.get("vs")
                if vs and not player:
                    raise BadQuery("web.err.vs_alone", self.lang)
                parse_date(found.get("since")), parse_date(found.get("until"))
                where = library_dir(self.library)
                check_library(where)
                asked = Question(
                    route.removeprefix("api/"),
                    player,
                    vs,
                    found.get("since"),
                    found.get("until"),
                    found.get("rules"),
                )
                question = json.dumps(
                    [
                        "page",
                        route,
                        sorted(found.items()),
                        self.lang,
                        str(where),
                        os.path.abspath(self.path),
                        time.tzname,
                        time.timezone,
                        os.environ.get("TZ"),
                    ],
                    ensure_ascii=True,
                )
                _, text = answered(
                    where,
                    question,
                    asked,
                    current=Path(self.path),
                    memos=partial(KeptRatings, where),
                )
            except (RefereeError, BadQuery) as exc:
                return _refused(exc)
            return 200, json.loads(text)

    def history(self, query: Query) -> Answer:
        return self._answer(query, "api/history", HISTORY)

    def stats(self, query: Query) -> Answer:
        return self._answer(query, "api/stats", STATS)

    def _library_game(self, query: Query, route: str) -> tuple[Snapshot, str]:
        """The library's game named by ``file`` (exactly as the history gives it), read once:
        only a file the history lists is ever read, never a path a request makes up."""
        from ..game.game_file import GameFile

        file = _params(query, route, ("file",), self.lang)["file"]
        if file is None:
            raise BadQuery("web.err.missing_param", self.lang, name="file", route=route)
        if not any(g["file"] == file for g in self._scan().games):
            raise BadQuery("web.err.not_in_library", self.lang, 404, file=file)
        return GameFile(file).snapshot(), file

    def game(self, query: Query) -> Answer:
        from ..output.report.sheet import sheet_json

        with speaking(self.lang):
            try:
                now, file = self._library_game(query, "api/game")
            except (RefereeError, BadQuery) as exc:
                return _refused(exc, 422)
            return 200, {"file": file, "sheet": sheet_json(now.game, now.sheet)}

    # --- the current game -----------------------------------------------------------------

    def _current(self) -> Snapshot:
        """The game in the file, read once; BadQuery (404) without a file."""
        from ..game.game_file import GameFile

        if not Path(self.path).exists():
            raise BadQuery("web.err.no_game", self.lang, 404)
        return GameFile(self.path).snapshot()

    def sheet_html(self, query: Query) -> Answer:
        """(200, the page's text) or a refusal: the current game's sheet, or with ``file`` a
        library game's, exactly as ``terts export --html`` writes it."""
        from ..output.export import sheet_html
        from ..output.report.sheet import sheet_json

        with speaking(self.lang):
            try:
                now = self._library_game(query, "sheet.html")[0] if query else self._current()
            except (RefereeError, BadQuery) as exc:
                return _refused(exc, 422)
            return 200, sheet_html(sheet_json(now.game, now.sheet), self.lang)

    def next_game(self) -> Answer:
        """``{"finished": false}`` while the game runs; once it is finished, the next game:
        the same players in the same order, the same ruleset where the page may offer it (a
        bundled one; else null), quick, and the first dealer by the rules (null: by lot)."""
        from ..domain.rules import bundled_names
        from ..referee.deals import next_game_dealer

        with speaking(self.lang):
            try:
                now = self._current()
            except (RefereeError, BadQuery) as exc:
                return _refused(exc, 422)
        if not now.sheet.finished:
            return 200, {"finished": False}
        rules = now.game.rules.name
        return 200, {
            "finished": True,
            "players": list(now.game.players),
            "rules": rules if rules in bundled_names() else None,
            "quick": True,
            "dealer": next_game_dealer(now.sheet),
        }
