"""The table mode's parser: one typed line -> what it asks for (``Line``): a short form
(``n 7ч``, ``d Аня терц:Дч``, ``s 54 Боря Аня``) or its full name with the command's options
(``deal --trump 7ч``, ``score 54 --by Боря --last-trick Аня``) read into a request of the game
API (``game.requests``: the words kept as words, read against the game when recorded), a
correction of the past, or a view of the game. The short forms and their words are named in
``forms``; the parser neither prompts nor runs anything (``session`` does both)."""

from __future__ import annotations

import os
import re
import shlex
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..domain.verdicts import Verdict
from ..errors import NotationError, RefereeError
from .forms import (
    BY_WORD,
    FORMS,
    HELP_WORDS,
    QUICK_WORDS,
    QUIT_WORDS,
    RECORDING,
    TERMINAL_COMMANDS,
    TRICKS_WORDS,
    VIEWS,
    Form,
    help_lines,
    norm,
)

if TYPE_CHECKING:
    from ..game.requests import Request

__all__ = [
    "BY_WORD",
    "FORMS",
    "Form",
    "HELP_WORDS",
    "Line",
    "QUICK_WORDS",
    "QUIT_WORDS",
    "RECORDING",
    "TERMINAL_COMMANDS",
    "TRICKS_WORDS",
    "TableError",
    "VALUE_OPTIONS",
    "VIEWS",
    "help_lines",
    "norm",
    "parse_line",
    "split_options",
]


def _recording_options() -> dict[str, dict[str, tuple[str, bool]]]:
    """Each recording form's options, from its request's schema (``game.requests``: every
    field with option names), then --json, --replace N and --before N."""
    from ..game.requests import FLAG, REQUESTS

    found: dict[str, dict[str, tuple[str, bool]]] = {}
    for action, request in REQUESTS.items():
        own = {
            option: (f.name, f.kind != FLAG)  # a flag's value is the option typed: last wins
            for f in request.FIELDS
            for option in f.options()
        }
        found[action] = {**own, **_RECORDING_OPTIONS}
    return found


#: Each form's options: the option as typed -> (field, whether it takes a value). The recording
#: forms' come from the requests' schema; the views take --json and their own.
_RECORDING_OPTIONS = {"--json": ("as_json", False), "--replace": ("replace", True)}
_RECORDING_OPTIONS["--before"] = ("before", True)
OPTIONS: dict[str, dict[str, tuple[str, bool]]] = {
    **_recording_options(),
    "undo": {"--json": ("as_json", False)},
    "drop": {"--json": ("as_json", False)},
    "status": {"--json": ("as_json", False)},
    "sheet": {
        "--json": ("as_json", False),
        "--csv": ("csv", False),
        "--chart": ("chart", False),
        "--as": ("as_rules", True),
    },
    "log": {"--json": ("as_json", False), "--all": ("all", False)},
}

#: Options that take a value (the next word is not a positional), for the completer.
VALUE_OPTIONS = frozenset(
    option for options in OPTIONS.values() for option, (_, takes) in options.items() if takes
)


class TableError(RefereeError):
    """A line the session cannot translate; the message is ready to show."""


@dataclass(frozen=True)
class Line:
    """What one input line asks for.

    ``kind``: "empty", "help", "quit"; "record" (``request``), "correct" and "insert"
    (``request`` in place of, or before, event ``number``), "drop" (event ``number``), "undo";
    "show" (``view``: "status", "sheet" or "log", with its ``flags``: "csv", "chart", "all",
    and ``as_rules`` for a what-if sheet). ``as_json``: the answer as JSON."""

    kind: str
    request: Request | None = None
    number: int | None = None
    view: str | None = None
    as_json: bool = False
    flags: frozenset[str] = field(default_factory=frozenset)
    as_rules: str | None = None


def _is_option(word: str) -> bool:
    if len(word) < 2 or not word.startswith("-"):
        return False
    return not word[1:].lstrip("-").isdigit()


def split_options(words: Sequence[str]) -> tuple[list[str], list[str]]:
    """Positionals and options (an option in VALUE_OPTIONS keeps the word after it)."""
    positionals: list[str] = []
    options: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        if _is_option(word):
            options.append(word)
            if word in VALUE_OPTIONS and i + 1 < len(words):
                i += 1
                options.append(words[i])
        else:
            positionals.append(word)
        i += 1
    return positionals, options


def _usage(form: Form, lang: str) -> TableError:
    return TableError(
        Verdict("table.usage", {"usage": form.usage_in(lang), "example": form.example})
    )


def _is_trump(word: str) -> bool:
    from ..domain.cards import parse_card_or_suit

    try:
        parse_card_or_suit(word)
    except NotationError:
        return False
    return True


def _number(word: str) -> int:
    """A number typed at the table: ASCII digits only, as on the command line."""
    from ..domain.numbers import parse_int

    return parse_int(word)


#: The short forms that correct the past, and the kind of line each makes.
CORRECTIONS = {"fix": "correct", "ins": "insert"}


def _options(form: Form, words: Sequence[str], lang: str) -> tuple[list[str], dict[str, str]]:
    """The positional words and the options given (field -> value; a flag's value is the
    option itself). An option given twice counts as the last; ``--help`` answers with the
    form's usage."""
    known = OPTIONS.get(form.command, {})
    positionals: list[str] = []
    given: dict[str, str] = {}
    i = 0
    while i < len(words):
        word = words[i]
        i += 1
        if word == "--":  # the rest are words, even those that start with "-"
            positionals.extend(words[i:])
            break
        if not _is_option(word):
            positionals.append(word)
            continue
        name, has_value, value = word.partition("=")
        if name in ("--help", "-h"):
            raise _usage(form, lang)
        if name not in known:
            usage, example = form.usage_in(lang), form.example
            raise TableError(
                Verdict("table.option", {"option": name, "usage": usage, "example": example})
            )
        target, takes = known[name]
        if not takes:
            if has_value:
                usage, example = form.usage_in(lang), form.example
                raise TableError(
                    Verdict("table.option", {"option": word, "usage": usage, "example": example})
                )
            given[target] = name
            continue
        if not has_value:
            if i >= len(words):
                usage, example = form.usage_in(lang), form.example
                raise TableError(
                    Verdict(
                        "table.option_value", {"option": name, "usage": usage, "example": example}
                    )
                )
            value = words[i]
            i += 1
        given[target] = value
    return positionals, given


def _deal(form: Form, pos: list[str], opts: dict[str, str], lang: str) -> Request:
    """``n [TRUMP] [DEALER] [quick|tricks]``, in any order; the options win over the words."""
    from ..game.requests import DealRequest

    trump = dealer = None
    quick = tricks = False
    for word in pos:
        if word == "-":
            continue
        if norm(word) in QUICK_WORDS and not (quick or tricks):
            quick = True
        elif norm(word) in TRICKS_WORDS and not (quick or tricks):
            tricks = True
        elif trump is None and _is_trump(word):
            trump = word
        elif dealer is None:
            dealer = word
        else:
            raise _usage(form, lang)
    trump = opts.get("trump", trump)
    dealer = opts.get("dealer", dealer)
    mode = True if quick else False if tricks else None
    if "quick" in opts:
        mode = opts["quick"] == "--quick"
    return DealRequest(trump, dealer, mode)


def _request(form: Form, pos: list[str], opts: dict[str, str], lang: str) -> Request:
    """The request of a recording form from its words and options, by its request's schema:
    the words fill the fields the short form takes (``Field.short``), in order, that no option
    gave; a list of texts takes the rest of the words; a number is read as ASCII digits. A
    required field left empty, or a word left over, is the form's usage."""
    from ..game.requests import LINE, NUMBER, REQUESTS, TEXTS

    if form.command == "deal":  # its words in any order (a trump, a dealer, a mode)
        return _deal(form, pos, opts, lang)
    request = REQUESTS[form.command]
    words = list(pos)
    values: dict[str, object] = {}
    for f in request.FIELDS:
        given = opts.get(f.name)
        if given is None and f.short and words:
            if f.kind == TEXTS:
                values[f.name], words = words, []
                continue
            if f.kind == LINE:  # the words as said, one space between them
                values[f.name], words = " ".join(words), []
                continue
            given = words.pop(0)
        if given is None:
            if f.required:
                raise _usage(form, lang)
            continue
        values[f.name] = _number(given) if f.kind == NUMBER else given
    if words:
        raise _usage(form, lang)
    return request(**values)


def _correction(form: Form, rest: list[str], lang: str) -> Line:
    """``fix N LINE`` / ``ins N LINE``: LINE (a recording short form or command) in place of
    event N, or before it."""
    if len(rest) < 2 or not rest[0].lstrip("-").isdigit():
        raise _usage(form, lang)
    inner = BY_WORD.get(norm(rest[1]))
    if inner is None or inner.command not in RECORDING:
        raise TableError(Verdict("table.fix_what", {"word": rest[1], "usage": form.usage_in(lang)}))
    number = _number(rest[0])
    line = _line(inner, rest[2:], lang)
    if line.kind != "record":  # a line that corrects again: two places for one event
        raise _usage(form, lang)
    return Line(CORRECTIONS[form.command], line.request, number, as_json=line.as_json)


def _line(form: Form, rest: list[str], lang: str) -> Line:
    """What a form's words ask for."""
    if form.command in CORRECTIONS:
        return _correction(form, rest, lang)
    pos, opts = _options(form, rest, lang)
    as_json = "as_json" in opts
    if form.command in VIEWS:
        if pos:
            raise _usage(form, lang)
        flags = frozenset(f for f in ("csv", "chart", "all") if f in opts)
        as_rules = opts.get("as_rules") or None
        return Line("show", view=form.command, as_json=as_json, flags=flags, as_rules=as_rules)
    if form.command == "undo":
        if pos:
            raise _usage(form, lang)
        return Line("undo", as_json=as_json)
    if form.command == "drop":
        if len(pos) != 1:
            raise _usage(form, lang)
        return Line("drop", number=_number(pos[0]), as_json=as_json)
    request = _request(form, pos, opts, lang)
    replace, before = opts.get("replace"), opts.get("before")
    if replace is not None and before is not None:
        raise NotationError(Verdict("err.fix.both"))
    if replace is not None:
        return Line("correct", request, _number(replace), as_json=as_json)
    if before is not None:
        return Line("insert", request, _number(before), as_json=as_json)
    return Line("record", request, as_json=as_json)


#: An apostrophe between two letters: Ukrainian spelling (мар'яж), a name (O'Brien).
_IN_WORD_APOSTROPHE = re.compile(r"(?<=[^\W\d_])['’](?=[^\W\d_])")


def parse_line(line: str, game_path: str | os.PathLike[str], lang: str = "en") -> Line:
    """Translate one input line; raises TableError with a one-line message (a word that is
    no number, NotationError)."""
    try:  # an apostrophe inside a word (мар'яж, п'ятдесят) is a letter, not a quote
        words = shlex.split(_IN_WORD_APOSTROPHE.sub("\u02bc", line), comments=False)
    except ValueError as exc:
        raise TableError(Verdict("table.shlex", {"reason": str(exc).lower()})) from None
    if words and words[0] == "terts":  # a hint copied from the program's output
        words = words[1:]
    if not words:
        return Line("empty")
    head, rest = words[0], words[1:]
    key = norm(head)
    if key in HELP_WORDS:
        return Line("help")
    if key in QUIT_WORDS and not rest:
        return Line("quit")
    form = BY_WORD.get(key)
    if form is None:
        if key in ("table", "serve"):
            raise TableError(Verdict("table.nested"))
        if key in TERMINAL_COMMANDS:
            raise TableError(Verdict("table.terminal", {"word": head}))
        raise TableError(Verdict("table.unknown", {"word": head}))
    if any(w in ("--game", "-g") or w.startswith("--game=") for w in rest):
        raise TableError(Verdict("table.own_game", {"path": game_path}))
    return _line(form, rest, lang)
