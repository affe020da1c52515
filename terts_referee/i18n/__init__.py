"""The languages of the program: English in the code, every other one in a gettext catalogue.

English is the source language: each module keeps its English templates beside the code that
says them, marked for extraction (``N_p(code, text)``; ``N_np(code, one, other, count)`` for a
sentence whose words depend on a number) and registered with ``register``. Every code is known
without importing the module that says it: ``english.tsv`` beside this module is the index of
every template the sources hold (generated from them, ``python -m tests.i18n.test_english_index``;
a test keeps it so), and ``t`` looks a code up there when no module imported so far registered
it, so that a face asks for any word as the first thing it does. Every other language
is a gettext catalogue, ``locale/<lang>/LC_MESSAGES/terts.po`` beside this module, compiled to
``terts.mo`` (docs/development.md, "Translating"); the code of a message is its ``msgctxt``,
so two equal English texts of different meaning stay apart. ``t(code, lang, **params)``
formats the text of a code in a language; the language comes from ``--lang``, else
``$TERTS_LANG``, else the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``: ``uk_UA.UTF-8``
chooses Ukrainian), else English.

A language is a folder with a compiled catalogue: adding one touches no Python (``languages``
lists what is there). A catalogue is read once, on the first message of its language; English
reads no file at all (start-up: benchmarks/bench_tty.py).

Plurals are gettext's: a counted message has the English singular and plural in the code and
as many forms in a catalogue as its ``Plural-Forms`` header says (CLDR's rules, written by
Babel). A message that counts two things counts each in a sub-entry ``code#field`` whose
phrase is put into the message's ``{field}``. A fractional value takes the form a fraction has
in the language (``fraction_count``: «4,2 сдачи», «2,4 minutes»), and is written with the
language's decimal separator (``number``).

The i18n package: this module (languages, ``t``, plurals, numbers), ``messages`` (the domain's
catalogue, declaration names), ``terms`` (the shared terms of every output: deal phases,
declaration statuses, penalty names), ``sentences`` (``say``: the sentence of a verdict in
a language) and ``ruledocs`` (the ruleset keys' meanings). The domain, the referee and the game
import nothing from here: they return verdicts, and the faces word them. May import ``errors``
and the domain (the types of a verdict's parameters).

The current language (``lang``, set by ``--lang`` once per command) is the faces' and the
output's: nothing below them reads it.
"""

from __future__ import annotations

import os
import threading
from contextlib import contextmanager
from typing import TYPE_CHECKING, NamedTuple, Protocol

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator, Mapping
    from typing import Any

    from ..domain.cards import Card, Rank


class Catalogue(Protocol):
    """What a language's compiled catalogue answers (``gettext.GNUTranslations``, or
    ``startup.IndexedCatalogue``, which reads the same file faster)."""

    def pgettext(self, context: str, message: str) -> str: ...

    def npgettext(self, context: str, one: str, other: str, n: int) -> str: ...


#: The source language: its words are the templates in the code, read from no file.
SOURCE = "en"
#: The gettext domain: ``locale/<lang>/LC_MESSAGES/terts.mo``.
DOMAIN = "terts"
#: Where the catalogues are (a test points it at a copy to add a language).
LOCALE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")
#: The index of every English template (``_indexed``): a line a code, ``code<TAB>text``, or
#: ``code<TAB>one<TAB>other<TAB>field`` for a counted one; ``\\``, ``\\n``, ``\\t`` escaped.
INDEX = os.path.join(os.path.dirname(os.path.abspath(__file__)), "english.tsv")


class Plural(NamedTuple):
    """A counted message in English: the text for one and for many, and the field whose
    number chooses the form."""

    one: str
    other: str
    field: str


#: Every registered catalogue (one per module that speaks), for the tests that walk them all.
CATALOGUES: list[dict[str, str | Plural]] = []
#: Every English template by code, all catalogues together.
ENGLISH: dict[str, str | Plural] = {}
#: The fields of a message that sub-entries count: ``{"out.best": ("n", "p")}``.
_COUNTED: dict[str, tuple[str, ...]] = {}
_state: dict[str, str | None] = {"lang": None}
_LOADED: dict[str, Catalogue | None] = {}
_ENV: dict[tuple[str, ...], str] = {}
_FRACTION: dict[str, int] = {}
_INDEX: list[str] = []  # the index's text, read on the first code no module registered
# A thread's own language, over the process's (``speaking``): the page's server
# answers in its language from its worker thread while the process may speak another.
_thread = threading.local()


def N_p(code: str, text: str) -> tuple[str, str]:
    """Marks an English template for extraction (``pybabel extract -k N_p:1c,2``): the code is
    the message's context."""
    return code, text


def N_np(code: str, one: str, other: str, count: str) -> tuple[str, Plural]:
    """Marks a counted English template (``-k N_np:1c,2,3``): ``count`` names the field whose
    number chooses the form."""
    return code, Plural(one, other, count)


def register(*entries: tuple[str, str | Plural]) -> dict[str, str | Plural]:
    """Add a module's catalogue (``X = register(N_p(...), ...)``); returns it as a dict."""
    catalogue = dict(entries)
    CATALOGUES.append(catalogue)
    for code, entry in catalogue.items():
        _known(code, entry)
    return catalogue


def _known(code: str, entry: str | Plural) -> None:
    if code not in ENGLISH and "#" in code:
        parent, _, field = code.partition("#")
        _COUNTED[parent] = (*_COUNTED.get(parent, ()), field)
    ENGLISH[code] = entry


_ESCAPES = {"n": "\n", "t": "\t", "\\": "\\"}


def _unescape(text: str) -> str:
    if "\\" not in text:
        return text
    out, chars = [], iter(text)
    for char in chars:
        out.append(_ESCAPES.get(next(chars, ""), "") if char == "\\" else char)
    return "".join(out)


def _indexed(code: str) -> str | Plural | None:
    """The English of ``code`` from the index (``INDEX``), or None: the index is read once, and
    only a code looked up in it is decoded (a search in its text, no parse of the rest). What it
    finds is registered, with the sub-entries of a counted message."""
    if not _INDEX:
        try:
            with open(INDEX, encoding="utf-8") as fp:
                _INDEX.append("\n" + fp.read())
        except OSError:
            _INDEX.append("")
    text = _INDEX[0]
    start = text.find(f"\n{code}\t")
    if start < 0 or not code or "\n" in code or "\t" in code:
        return None
    end = text.find("\n", start + 1)
    parts = [_unescape(p) for p in text[start + 1 : end if end >= 0 else None].split("\t")[1:]]
    entry: str | Plural = parts[0] if len(parts) == 1 else Plural(*parts)
    _known(code, entry)
    marker = f"\n{code}#"
    at = text.find(marker)
    while at >= 0:  # a counted message's sub-entries follow it (the index is sorted)
        sub = text[at + 1 : text.find("\t", at)]
        if sub not in ENGLISH:
            _indexed(sub)
        at = text.find(marker, at + 1)
    return entry


#: The one message about languages themselves; every other text is in ``messages`` (which
#: imports this module, never the other way round) or beside the module that says it.
OWN = register(
    N_p("err.lang", "unknown language {lang!r}: expected {langs}"),
    # verdicts of punctuation only, the same in every language: a refusal of a part of what
    # was written, naming the whole (``'терц:8ч': …``)
    N_p("err.in", "{text!r}: {reason}"),
    N_p("rule.in_extends", "{path}: extends = {parent!r}: {reason}"),
    N_p("rule.suggested", "{expected}{suggest}"),
    N_p("note.effects", "{parts}"),  # several effects of one penalty
    N_p("store.rules_of", "{origin} [rules]"),  # a file's table
)

#: How the language writes numbers, dates and a CSV file: settings of a catalogue, not verdicts.
WAYS = register(
    # TRANSLATORS: the decimal separator of your language (CLDR): "," in Russian, Ukrainian.
    N_p("number.decimal", "."),
    # TRANSLATORS: the whole number whose plural form a fraction takes in your language, as
    # CLDR says: 2 in English (4.2 deals, like 2 deals) and in Russian and Ukrainian (4,2 сдачи,
    # the form of 2 сдачи); 1 where a fraction takes the form of one.
    N_p("plural.fraction", "2"),
    # TRANSLATORS: the separator of a CSV file your language's spreadsheets open by default:
    # ";" where the decimal separator is "," (Russian, Ukrainian).
    N_p("csv.delimiter", ","),
    # TRANSLATORS: how a date and time are written (strftime): "%d.%m.%Y %H:%M" in Russian.
    N_p("date.minute", "%Y-%m-%d %H:%M"),
    N_p("date.second", "%Y-%m-%d %H:%M:%S"),
)


# --- languages -------------------------------------------------------------------------------


def _mo(lang_: str) -> str:
    return os.path.join(LOCALE_DIR, lang_, "LC_MESSAGES", f"{DOMAIN}.mo")


def known(lang_: str) -> bool:
    """Whether ``lang_`` can be spoken: English, or a compiled catalogue is there."""
    return lang_ == SOURCE or (lang_.isidentifier() and os.path.isfile(_mo(lang_)))


def languages() -> tuple[str, ...]:
    """English and every language with a compiled catalogue, in alphabetical order after it."""
    try:
        found = sorted(name for name in os.listdir(LOCALE_DIR) if known(name))
    except OSError:
        found = []
    return (SOURCE, *(name for name in found if name != SOURCE))


def __getattr__(name: str) -> Any:
    if name == "LANGS":  # the languages, as a constant for the callers that read it so
        return languages()
    raise AttributeError(name)


def _language_of(value: str) -> str:
    """The language a ``$TERTS_LANG`` or locale value names: ``uk_UA.UTF-8`` -> ``uk``; English
    for ``C``, ``POSIX`` and a language without a catalogue."""
    code = value.strip().lower().replace("-", "_").split(".", 1)[0].split("@", 1)[0]
    for candidate in (code, code.split("_", 1)[0]):
        if candidate and known(candidate):
            return candidate
    return SOURCE


def lang_from_env(env: Mapping[str, str] | None = None) -> str:
    """``$TERTS_LANG``, else the locale (LC_ALL, LC_MESSAGES, LANG, the first one set): the
    language it names if there is a catalogue for it, else English."""
    env = os.environ if env is None else env
    values = tuple(env.get(var, "") for var in ("TERTS_LANG", "LC_ALL", "LC_MESSAGES", "LANG"))
    chosen = _ENV.get(values)  # asked for each message: the answer is kept per environment
    if chosen is None:
        value = next((v for v in values if v.strip()), "")
        chosen = _ENV[values] = _language_of(value) if value else SOURCE
    return chosen


def set_lang(lang_: str | None) -> None:
    """``--lang``; None resets to the environment's choice."""
    if lang_ is not None and not known(lang_):
        from ..domain.verdicts import Verdict
        from ..errors import NotationError

        raise NotationError(Verdict("err.lang", {"lang": lang_, "langs": ", ".join(languages())}))
    _state["lang"] = lang_


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


def forget() -> None:
    """Forget the catalogues read and the languages found in the environment (a test that
    points ``LOCALE_DIR`` elsewhere)."""
    _LOADED.clear()
    _ENV.clear()
    _FRACTION.clear()


def catalogue(lang_: str) -> Catalogue | None:
    """The compiled catalogue of ``lang_``, read on first use and kept; None for English (and
    for a language whose file has gone: its messages fall back to English)."""
    try:
        return _LOADED[lang_]
    except KeyError:
        pass
    found: Catalogue | None = None
    if lang_ != SOURCE:
        from terts_referee import startup

        try:
            with open(_mo(lang_), "rb") as fp:
                if startup.on("indexed_catalogue"):
                    found = startup.IndexedCatalogue(fp.read())
                else:
                    from gettext import GNUTranslations  # typer imports gettext already

                    found = GNUTranslations(fp)
        except OSError:
            found = None
    _LOADED[lang_] = found
    return found


# --- messages --------------------------------------------------------------------------------


def t(key: str, lang_: str | None = None, **kwargs: Any) -> str:
    """The text of ``key`` in the current (or given) language, formatted with ``kwargs``.

    A counted message takes the form its count's number needs; a field counted by a sub-entry
    (``key#field``) becomes that sub-entry's phrase; a float is written with the language's
    decimal separator."""
    try:
        entry = ENGLISH[key]
    except KeyError:
        found_entry = _indexed(key)
        if found_entry is None:
            raise KeyError(f"no message {key!r} in any catalogue") from None
        entry = found_entry
    chosen = lang_ or lang()
    found = catalogue(chosen) if chosen != SOURCE else None
    if type(entry) is str:
        text = entry if found is None else found.pgettext(key, entry)
    else:
        assert isinstance(entry, Plural)
        n = count_of(kwargs.get(entry.field), chosen)
        if found is None:
            text = entry.one if n == 1 else entry.other
        else:
            text = found.npgettext(key, entry.one, entry.other, n)
    if not kwargs:
        return text
    counted = _COUNTED.get(key)
    if counted is not None:
        for field in counted:
            if field in kwargs:
                kwargs[field] = t(f"{key}#{field}", chosen, **{field: kwargs[field]})
    for name, value in kwargs.items():
        kind = type(value)
        if kind is float:
            kwargs[name] = number(value, chosen)
        elif kind.__module__ == _CARDS and chosen != SOURCE and kind.__name__ in _RANKED:
            kwargs[name] = card(value, chosen) if kind.__name__ == "Card" else rank(value, chosen)
    return text.format(**kwargs)


# --- cards ------------------------------------------------------------------------------------

_CARDS = "terts_referee.domain.cards"
_RANKED = frozenset({"Card", "Rank"})


def rank(value: Rank, lang_: str | None = None) -> str:
    """A rank as the language writes a card's (``Q`` / «Д»: the letters of the declarations'
    notation, ``notation.rank.*``); the numbers are the same in every language."""
    chosen = lang_ or lang()
    letter: str = value.value
    if chosen == SOURCE or letter not in ("A", "K", "Q", "J"):
        return letter
    found = catalogue(chosen)  # the notation's letters (``notation.rank.*`` of ``messages``)
    return found.pgettext(f"notation.rank.{letter}", letter) if found is not None else letter


def card(value: Card, lang_: str | None = None) -> str:
    """A card as the language writes it: ``Q♥`` / «Д♥», ``10♠`` (as the declarations are)."""
    return rank(value.rank, lang_) + value.suit.symbol


def cards(values: Iterable[Card], lang_: str | None = None) -> str:
    """Cards as the table writes them, in the given order, separated by spaces."""
    return " ".join(card(c, lang_) for c in values)


# --- numbers ---------------------------------------------------------------------------------


def number(value: float | int, lang_: str | None = None, spec: str = "") -> str:
    """``value`` as the language writes it: ``4.2`` -> ``4,2`` in Russian and Ukrainian;
    ``spec`` formats it first (``".1f"``, ``"g"``). No thousands separator: the program's
    numbers are small."""
    text = format(value, spec) if spec else str(value)
    if "." in text:
        separator = t("number.decimal", lang_)
        if separator != ".":
            text = text.replace(".", separator)
    return text


def fraction_count(lang_: str) -> int:
    """The whole number whose plural form a fractional value takes in ``lang_``.

    gettext's ``Plural-Forms`` speak of whole numbers only, while CLDR gives fractions a form
    of their own (Russian and Ukrainian "other": «4,2 сдачи», the genitive singular, which is
    also the form of 2; English "other": "4.2 deals", as "2 deals"). Each catalogue says which
    whole number shares that form (``plural.fraction``), so a new language needs no code."""
    n = _FRACTION.get(lang_)
    if n is None:
        try:
            n = int(t("plural.fraction", lang_))
        except ValueError:
            n = 2
        _FRACTION[lang_] = n
    return n


def count_of(value: object, lang_: str) -> int:
    """The whole number that chooses the plural form of ``value``: itself for an int, the
    language's ``fraction_count`` for a float (a float is written with its decimals, «5,0»,
    and CLDR gives every written fraction the fraction's form); 2 for anything else."""
    if type(value) is int:
        return abs(value)
    if isinstance(value, float):
        return fraction_count(lang_)
    try:
        return abs(int(str(value)))
    except ValueError:
        return fraction_count(lang_)


def plural_index(n: int, lang_: str) -> int:
    """Which of the catalogue's forms goes with the whole number ``n`` (its ``Plural-Forms``,
    CLDR's rule): English 0 for one, 1 otherwise; Russian and Ukrainian one (1, 21, 101; not
    11), few (2-4, 22-24; not 12-14), many (0, 5-20, 11-14, ...)."""
    found = catalogue(lang_) if lang_ != SOURCE else None
    if found is None:
        return 0 if abs(n) == 1 else 1
    return int(found.plural(abs(n)))  # type: ignore[attr-defined]  # set by GNUTranslations


def date(when: Any, kind: str = "minute", lang_: str | None = None) -> str:
    """A date and time as the language writes it: ``kind`` is ``minute`` or ``second``
    (``date.minute``, ``date.second`` in the catalogue: strftime patterns)."""
    return str(when.strftime(t(f"date.{kind}", lang_)))
