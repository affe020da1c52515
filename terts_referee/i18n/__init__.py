"""Russian and English words for everything the program says.

A catalogue is a dict ``{key: {"en": text, "ru": text}}``; modules register theirs with
``register`` so that one test can walk every catalogue for missing translations. ``t(key, **kw)``
formats the text in the current language. The language comes from ``--lang``, else
``$TERTS_LANG``, else the locale (``ru*`` / ``uk*`` -> Russian), else English. This module
imports no catalogue: ``messages`` and the output modules import it to register theirs.

The i18n package: this module (languages, ``t``, plurals), ``messages`` (the domain's
catalogue), ``vocabulary`` (the table's shared words: deal phases, declaration statuses,
penalty names), ``words`` (``say``: the sentence of a verdict in a language) and ``ruledocs``
(the ruleset keys' meanings). The domain, the referee and the game import nothing from here:
they return verdicts, and the faces word them. May import ``errors`` and the domain (the types
of a verdict's parameters).

The current language (``lang``, set by ``--lang`` once per command) is the faces' and the
output's: nothing below them reads it.
"""

from __future__ import annotations

import os
import threading
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterator, Mapping
    from typing import Any

LANGS = ("en", "ru")
CATALOGUES: list[dict[str, dict[str, str]]] = []
_state: dict[str, str | None] = {"lang": None}
# A thread's own language, over the process's (``speaking``): the page's server
# answers in its language from its worker thread while the process may speak another.
_thread = threading.local()


def register(catalogue: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
    """Add a catalogue; returns it, for ``X = register({...})``."""
    CATALOGUES.append(catalogue)
    return catalogue


#: The one message about languages themselves; every other text is in ``messages`` (which
#: imports this module, never the other way round) or beside the module that says it.
OWN = register(
    {
        "err.lang": {
            "en": "unknown language {lang!r}: expected en or ru",
            "ru": "неизвестный язык {lang!r}: ожидается en или ru",
        },
        # verdicts of punctuation only, the same in every language: a refusal of a part of what
        # was written, naming the whole (``'терц:8ч': …``)
        "err.in": {"en": "{text!r}: {reason}", "ru": "{text!r}: {reason}"},
        "rule.in_extends": {
            "en": "{path}: extends = {parent!r}: {reason}",
            "ru": "{path}: extends = {parent!r}: {reason}",
        },
        "rule.suggested": {"en": "{expected}{suggest}", "ru": "{expected}{suggest}"},
        "note.effects": {"en": "{parts}", "ru": "{parts}"},  # several effects of one penalty
        "store.rules_of": {"en": "{origin} [rules]", "ru": "{origin} [rules]"},  # a file's table
    }
)


def lang_from_env(env: Mapping[str, str] | None = None) -> str:
    """``$TERTS_LANG``, else the locale (LC_ALL, LC_MESSAGES, LANG): ru/uk -> "ru", else "en"."""
    env = os.environ if env is None else env
    explicit = env.get("TERTS_LANG", "").strip().lower()
    if explicit:
        return "ru" if explicit.startswith(("ru", "uk")) else "en"
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "").strip().lower()
        if value:
            return "ru" if value.startswith(("ru", "uk")) else "en"
    return "en"


def set_lang(lang: str | None) -> None:
    """``--lang``; None resets to the environment's choice."""
    if lang is not None and lang not in LANGS:
        from ..domain.verdicts import Verdict
        from ..errors import NotationError

        raise NotationError(Verdict("err.lang", {"lang": lang}))
    _state["lang"] = lang


def lang() -> str:
    return getattr(_thread, "lang", None) or _state["lang"] or lang_from_env()


@contextmanager
def speaking(lang_: str) -> Iterator[None]:
    """This thread speaks ``lang_`` inside the block, whatever the process's language (the
    page's server answers in its own). Restores after."""
    saved = getattr(_thread, "lang", None)
    _thread.lang = lang_
    try:
        yield
    finally:
        _thread.lang = saved


def plural_index(n: int, lang_: str) -> int:
    """Which form of a noun goes with ``n`` (CLDR plural rules for integers).

    English: one (1) / other. Russian: one (1, 21, 101; not 11) / few (2-4, 22-24; not 12-14)
    / many (0, 5-20, 25-30, 11-14, ...): 1 ход, 2 хода, 5 ходов, 11 ходов, 21 ход.
    """
    n = abs(int(n))
    if lang_ == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return 0
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return 1
        return 2
    return 0 if n == 1 else 1


def plural(n: int, forms: str, lang_: str | None = None) -> str:
    """``n`` and the form of the noun that goes with it: ``plural(5, "ход|хода|ходов", "ru")``
    is "5 ходов". ``forms`` lists the language's forms in CLDR order (en: one|other; ru:
    one|few|many). Messages write it as a format spec: ``{n:#ход|хода|ходов}``."""
    words = forms.split("|")
    index = min(plural_index(n, lang_ or lang()), len(words) - 1)
    return f"{n} {words[index]}"


class _Counted:
    """A number in a message field ``{n:#FORM|FORM…}``: ``str.format`` hands the spec to this
    ``__format__``, which writes the number with its noun (``plural``); any other spec formats
    the number as it would alone. (A ``string.Formatter`` would do the same, but importing
    ``string`` costs about 0.5 ms of the commands whose output counts something; issue 13.)"""

    __slots__ = ("lang", "value")

    def __init__(self, value: Any, lang_: str) -> None:  # any field's value: int() may fail
        self.value = value
        self.lang = lang_

    def __format__(self, spec: str) -> str:
        if spec.startswith("#"):
            try:
                return plural(int(self.value), spec[1:], self.lang)
            except (TypeError, ValueError):
                return str(self.value)
        return format(self.value, spec)

    def __str__(self) -> str:
        return str(self.value)

    def __repr__(self) -> str:
        return repr(self.value)


def _counted(text: str, kwargs: dict[str, Any], lang_: str) -> dict[str, Any]:
    """``kwargs`` with each value named in a plural field of ``text`` wrapped in ``_Counted``."""
    counted = dict(kwargs)
    for part in text.split(":#")[:-1]:
        name = part[part.rfind("{") + 1 :]
        if name in counted:
            counted[name] = _Counted(counted[name], lang_)
    return counted


def t(key: str, lang_: str | None = None, **kwargs: Any) -> str:
    """The text for ``key`` in the current (or given) language, formatted with ``kwargs``; a
    field ``{n:#trick|tricks}`` gives the number with its noun in the language's plural."""
    chosen = lang_ or lang()
    for catalogue in CATALOGUES:
        if key in catalogue:
            entry = catalogue[key]
            text = entry.get(chosen) or entry["en"]
            if not kwargs:
                return text
            if ":#" in text:
                return text.format(**_counted(text, kwargs, chosen))
            return text.format(**kwargs)
    raise KeyError(f"no message {key!r} in any catalogue")
