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

#: Each form's options: the option as typed -> (field, whether it takes a value). Every
#: recording form also takes --json, --replace N and --before N; the views --json.
_RECORDING_OPTIONS = {"--json": ("as_json", False), "--replace": ("replace", True)}
_RECORDING_OPTIONS["--before"] = ("before", True)
OPTIONS: dict[str, dict[str, tuple[str, bool]]] = {
    "deal": {
        "--trump": ("trump", True),
        "-t": ("trump", True),
        "--dealer": ("dealer", True),
        "--quick": ("mode", False),  # a flag's value is the option typed: the last one wins
        "--tricks": ("mode", False),
    },
    "score": {"--by": ("by", True), "--last-trick": ("last_trick", True)},
    "penalty": {"--points": ("points", True), "--event": ("event", True)},
    "claim": {"--tricks": ("tricks", True), "--card-points": ("card_points", True)},
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
for _name in RECORDING:
    OPTIONS[_name] = {**OPTIONS.get(_name, {}), **_RECORDING_OPTIONS}

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
    if "mode" in opts:
        mode = opts["mode"] == "--quick"
    return DealRequest(trump, dealer, mode)


def _request(form: Form, pos: list[str], opts: dict[str, str], lang: str) -> Request:
    """The request of a recording form from its words and options."""
    from ..game import requests as r

    name = form.command
    if name == "deal":
        return _deal(form, pos, opts, lang)
    if name == "declare":
        if len(pos) < 2:
            raise _usage(form, lang)
        return r.DeclareRequest(pos[0], pos[1:])
    if name == "challenge":
        if len(pos) < 2:
            raise _usage(form, lang)
        return r.ChallengeRequest(pos[0], " ".join(pos[1:]))  # as said: «не сто королей»
    if name == "trick":
        if not pos:
            raise _usage(form, lang)
        return r.TrickRequest(pos)
    if name == "score":
        words = [*pos, None, None, None][:3]
        by, last = opts.get("by", words[1]), opts.get("last_trick", words[2])
        if len(pos) > 3 or words[0] is None or by is None or last is None:
            raise _usage(form, lang)
        return r.ScoreRequest(_number(words[0]), by, last)
    if name == "penalty":
        if not 2 <= len(pos) <= 3:
            raise _usage(form, lang)
        points = opts.get("points", pos[2] if len(pos) > 2 else None)
        event = opts.get("event")
        return r.PenaltyRequest(
            pos[0],
            pos[1],
            _number(points) if points is not None else None,
            _number(event) if event is not None else None,
        )
    if name == "claim":
        if not 1 <= len(pos) <= 3:
            raise _usage(form, lang)
        tricks = opts.get("tricks", pos[1] if len(pos) > 1 else None)
        points = opts.get("card_points", pos[2] if len(pos) > 2 else None)
        return r.ClaimRequest(
            pos[0],
            _number(tricks) if tricks is not None else None,
            _number(points) if points is not None else None,
        )
    if len(pos) != 1:  # ask, trump, exchange: one word
        raise _usage(form, lang)
    if name == "trump":
        return r.TrumpRequest(pos[0])
    return (r.AskRequest if name == "ask" else r.ExchangeRequest)(pos[0])


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
