"""What the phone's server asks of the game: the seam between HTTP and the referee.

The HTTP side (``app``, ``transport``) knows requests, headers, limits and live updates; it
knows nothing of games. Everything it needs of one goes through an object with this shape
(``Backend``), so that a backend calling the referee's Python API directly can replace
today's in one class, the routes, the checks and the tests unchanged:

- ``path``: the game file, for the terminal's first line;
- ``actions``: the action names ``POST api/ACTION`` accepts (any other is a 404);
- ``version()``: a word that changes whenever the game file does; called on the event loop
  several times a second, so it must be cheap and never block (a ``stat``);
- ``ui()``: ``GET api/ui``, the page's words in the server's language;
- ``state()``: ``GET api/state`` without its ``version`` (the server adds it), computed at
  most once per version however many pages ask;
- ``act(action, body, page)``: ``POST api/ACTION`` with the request's JSON value (any JSON
  value: judging its shape is the backend's) and whether the page sent it (its ``Terts-Page:
  1`` header: a missing field is then said in the page's words), returning ``(status,
  answer)``: 200 with
  ``{"ok": true, "message": ...}``, or a refusal with ``{"ok": false, "error": ..., "code":
  ..., "remedy": ...}`` (400 a malformed field, 422 the referee's refusal, 500 a failure),
  every message in the page's language.

The server calls ``ui`` and ``state`` in its reading worker thread and ``act`` in its writing
one, never on the event loop, so that a slow one does not hold up the live updates, and a tap
waiting for the game file's lock does not hold up a read: ``state`` reads the file as last
written, with no lock (each write replaces it whole). ``GameBackend`` calls the game API
(``game.game_file.GameFile``, kept between calls: each tap judges its event alone) and words
its answers itself; the game file's lock keeps a ``terts`` command in a terminal in step.
"""

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING, Any, Protocol

from ..errors import RefereeError
from ..i18n import speaking, t
from . import catalogue, fields

if TYPE_CHECKING:
    from ..game.game_file import GameFile
    from ..game.model import Game
    from ..output.report.events import Said


class Backend(Protocol):
    path: str
    actions: frozenset[str]

    def version(self) -> str: ...

    def ui(self) -> dict[str, Any]: ...

    def state(self) -> dict[str, Any]: ...

    def act(self, action: str, body: object, page: bool = False) -> tuple[int, dict[str, Any]]: ...


def file_version(path: str) -> str:
    """A word that changes whenever the game file is written (it is replaced atomically, so
    its inode changes even when its time and size would not)."""
    try:
        st = os.stat(path)
    except OSError:
        return "none"
    return f"{st.st_mtime_ns}-{st.st_size}-{st.st_ino}"


def refused(exc: RefereeError) -> dict[str, Any]:
    """The page's answer to a refusal of the game or the referee: its words, its code and the
    remedy (the one place the page words what the game refuses). The words are the verdict's
    sentence in the language this thread speaks (``speaking``): no command in it; the remedy
    is data, ``{"action", "fields"}`` or None, for the page to offer as a button."""
    from ..i18n import lang
    from ..i18n.sentences import say
    from ..output.verdicts import remedy_json

    verdict = exc.verdict
    words = say(verdict, lang())
    return {
        "ok": False,
        "error": words,
        "code": verdict.code,
        "remedy": remedy_json(verdict.remedy),
    }


def malformed(exc: fields.BadRequest) -> dict[str, Any]:
    """The page's answer to a request it cannot take (a field missing or of the wrong kind);
    a missing field is also named as data (``field``), for the page to mark it."""
    answer: dict[str, Any] = {"ok": False, "error": str(exc), "code": exc.code, "remedy": None}
    if exc.field is not None:
        answer["field"] = exc.field
    return answer


def _message(lines: list[Said]) -> str:
    """A report's lines as the page's one message (the lines the terminal would show)."""
    from ..output.safe_text import visible

    # The terminal's «! » before a notice is its mark for a coloured line: the page styles the
    # message itself, so the mark is left out (it read as part of the sentence there).
    return "\n".join(_UNMARKED.sub(r"\1", visible(text, keep="\n\t")) for text, _ in lines).strip()


_UNMARKED = re.compile(r"^(\s*)! ", re.MULTILINE)


class GameBackend:
    """The page's backend over one game file, through the game API: a request's fields become
    a request's values (``fields.asked``), the request is recorded in the kept game
    (``GameFile(keep=True)``), and the answer is worded from the typed values it returns, as
    the terminal's command would say it; ``state()`` is the sheet, the status and the log."""

    actions = frozenset(fields.ACTIONS)

    def __init__(self, path: str, lang: str, library: str | None = None) -> None:
        from ..game.game_file import GameFile

        self.path = path
        self.lang = lang
        self.library = library  # where a finished game moves before the next (``--library``)
        self.file: GameFile = GameFile(path, keep=True)
        # What ``state`` reads through: a file object of its own, so that a read never waits
        # for the object a tap holds while it waits for the game file's lock.
        self.reader: GameFile = GameFile(path, keep=True)

    def version(self) -> str:
        return file_version(self.path)

    def ui(self) -> dict[str, Any]:
        from ..domain.rules import bundled_names

        return {
            "lang": self.lang,
            "words": catalogue.page_words(self.lang),
            "rulesets": bundled_names(),
        }

    def state(self) -> dict[str, Any]:
        from ..output.report.log import log_json
        from ..output.report.sheet import sheet_json
        from ..output.report.status import status_json

        result: dict[str, Any] = {"exists": os.path.exists(self.path)}
        with speaking(self.lang):
            try:
                now = self.reader.snapshot()
                sheet = sheet_json(now.game, now.sheet)
                status, log = status_json(now.status()), log_json(now.log())
            except RefereeError as exc:
                result["error"] = refused(exc)["error"]
                return result
        return {**result, "sheet": sheet, "status": status, "log": log}

    def act(self, action: str, body: object, page: bool = False) -> tuple[int, dict[str, Any]]:
        with speaking(self.lang):
            try:
                said = self._do(fields.asked(action, body, self.lang, page=page))
            except fields.BadRequest as exc:  # the page's own words: a field of the wrong kind
                return exc.status, malformed(exc)
            except RefereeError as exc:
                return 422, refused(exc)
        return 200, {"ok": True, "message": _message(said)}

    def _do(self, asked: fields.Asked) -> list[Said]:
        """Do what the page asked through the game API; what the terminal would say of it."""
        from ..game.views import Recorded
        from ..output.report.corrections import correction_lines
        from ..output.report.events import event_lines, undo_lines

        file, request = self.file, asked.request
        if asked.action == "new":
            return self._new(asked.fields)
        if asked.action == "undo":
            return undo_lines(file.undo())
        if asked.action == "drop":
            assert asked.number is not None  # a required field
            return correction_lines(file.drop(asked.number))
        assert request is not None  # every other action records one
        done = file.apply(request, replace=asked.replace, before=asked.before)
        return event_lines(done) if isinstance(done, Recorded) else correction_lines(done)

    def _new(self, given: dict[str, object]) -> list[Said]:
        """A new game in the file (never over an unfinished one: a finished one moves to the
        library first, as ``terts new`` does)."""
        from pathlib import Path

        from ..game.game_file import GameFile
        from ..library.archive import set_aside

        players = given["players"]
        rules, dealer, quick = given.get("rules"), given.get("dealer"), given.get("quick")
        assert isinstance(players, list)  # the fields were checked (``fields.asked``)
        assert rules is None or isinstance(rules, str)
        assert dealer is None or isinstance(dealer, str)
        moved: list[Path] = []

        def to_library(where: Path) -> Path | None:
            went = set_aside(Path(where), self.library, False)
            if went is not None:
                moved.append(went)
            return went  # the new game is written over the file: it is never missing

        created = GameFile.create(
            self.path,
            [str(p) for p in players],
            rules=rules or "classic",
            dealer=dealer,
            quick=True if quick is None else bool(quick),
            keep=True,
            set_aside=to_library,
        )
        self.file = created
        return _new_lines(created.game(), bool(moved))


def _new_lines(game: Game, moved: bool) -> list[Said]:
    """What the page says of a game it started: the players and the rules, and where the
    finished game went (the history); never a path of the server's machine, as the
    terminal's ``new game FILE: …`` would show it on a phone."""
    a, b = game.players
    rules, target = game.rules.name, game.rules.game.target
    said: list[Said] = [(t("web.new", a=a, b=b, rules=rules, target=target), None)]
    if moved:
        said.append((t("web.new_moved"), None))
    return said
