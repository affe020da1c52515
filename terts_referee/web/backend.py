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
- ``act(action, body)``: ``POST api/ACTION`` with the request's JSON value (any JSON value:
  judging its shape is the backend's), returning ``(status, answer)``: 200 with
  ``{"ok": true, "message": ...}``, or a refusal with ``{"ok": false, "error": ...}`` (400 a
  malformed field, 422 the referee's refusal, 500 a failure), every message in the page's
  language.

The server calls ``ui``, ``state`` and ``act`` in one worker thread, one call at a time, never
on the event loop: today's backend swaps the process's ``sys.stdout`` while a command runs, so
two calls must never overlap, and a slow one must not hold up the live updates. The game file's
own lock keeps a ``terts`` command in a terminal in step with either.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Any, Protocol

from ..i18n import t
from . import actions as in_process
from . import api, texts

# runs one ``terts`` command line: (exit code, stdout, stderr), as ``actions.run``
Runner = Callable[[list[str]], tuple[int, str, str]]


class Backend(Protocol):
    path: str
    actions: frozenset[str]

    def version(self) -> str: ...

    def ui(self) -> dict[str, Any]: ...

    def state(self) -> dict[str, Any]: ...

    def act(self, action: str, body: object) -> tuple[int, dict[str, Any]]: ...


def file_version(path: str) -> str:
    """A word that changes whenever the game file is written (it is replaced atomically, so
    its inode changes even when its time and size would not)."""
    try:
        st = os.stat(path)
    except OSError:
        return "none"
    return f"{st.st_mtime_ns}-{st.st_size}-{st.st_ino}"


class ArgvBackend:
    """Today's backend: each request as the ``terts`` command line it stands for, run
    in-process (``actions.run``), so the page gets exactly the CLI's checks, lock and one-line
    refusals; the state is ``sheet --json``, ``status --json`` and ``log --json``."""

    actions = frozenset(api.ACTIONS)

    def __init__(self, path: str, lang: str, run: Runner = in_process.run) -> None:
        self.path = path
        self.lang = lang
        self.run = run

    def version(self) -> str:
        return file_version(self.path)

    def ui(self) -> dict[str, Any]:
        from ..domain.rules import bundled_names

        return {
            "lang": self.lang,
            "words": texts.page_words(self.lang),
            "rulesets": bundled_names(),
        }

    def state(self) -> dict[str, Any]:
        lang, game = self.lang, self.path
        result: dict[str, Any] = {"exists": os.path.exists(game)}
        for name in ("sheet", "status", "log"):
            code, out, err = self.run(["--lang", lang, name, "--game", game, "--json"])
            if code != 0:
                result["error"] = err.strip() or t("web.err.internal", lang, code=code)
                return result
            result[name] = json.loads(out)
        return result

    def act(self, action: str, body: object) -> tuple[int, dict[str, Any]]:
        lang = self.lang
        try:
            argv = api.argv_for(action, api.fields_of(body, action, lang), self.path, lang)
        except api.BadRequest as exc:
            return exc.status, {"ok": False, "error": str(exc)}
        code, out, err = self.run(argv)
        if code == 0:
            return 200, {"ok": True, "message": out.strip()}
        if code == 2:
            return 422, {"ok": False, "error": err.strip()}
        return 500, {"ok": False, "error": err.strip() or t("web.err.internal", lang, code=code)}
