"""Russian and English words for everything the program says.

A catalogue is a dict ``{key: {"en": text, "ru": text}}``; modules register theirs with
``register`` so that one test can walk every catalogue for missing translations. ``t(key, **kw)``
formats the text in the current language. The language comes from ``--lang``, else
``$TERTS_LANG``, else the locale (``ru*`` / ``uk*`` -> Russian), else English. This module
imports no catalogue: ``messages`` and the output modules import it to register theirs.
"""

from __future__ import annotations

import os
from contextlib import contextmanager

LANGS = ("en", "ru")
CATALOGUES: list[dict[str, dict[str, str]]] = []
_state = {"lang": None}


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
    }
)


def lang_from_env(env=None) -> str:
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
        from .errors import NotationError

        raise NotationError(t("err.lang", lang=lang))
    _state["lang"] = lang


def lang() -> str:
    return _state["lang"] or lang_from_env()


@contextmanager
def pinned():
    """Choose the language once for a block that builds many messages (a replay): reading the
    environment for each message would cost more than the rest of the replay. Restores after."""
    saved = _state["lang"]
    _state["lang"] = lang()
    try:
        yield
    finally:
        _state["lang"] = saved


def t(key: str, lang_: str | None = None, **kwargs) -> str:
    """The text for ``key`` in the current (or given) language, formatted with ``kwargs``."""
    chosen = lang_ or lang()
    for catalogue in CATALOGUES:
        if key in catalogue:
            entry = catalogue[key]
            text = entry.get(chosen) or entry["en"]
            return text.format(**kwargs) if kwargs else text
    raise KeyError(f"no message {key!r} in any catalogue")
