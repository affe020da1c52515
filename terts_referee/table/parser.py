"""The table mode's parser: one typed line -> what it asks for (``Line``), a short form
(``n 7ч``, ``d Аня терц:Дч``, ``s 54 Боря Аня``) translated to the argv of the plain command
with ``--game PATH`` appended. It knows the short forms (``FORMS``) and their words; it neither
prompts nor runs anything (``session`` does both)."""

from __future__ import annotations

import os
import shlex
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..domain.verdicts import Verdict
from ..errors import NotationError, RefereeError
from ..i18n import (
    t,
    vocabulary,  # noqa: F401  (the phase words)
)
from .words import TABLE  # noqa: F401  (registers the catalogue)

if TYPE_CHECKING:
    from typer._click import Command

# --- the short forms -------------------------------------------------------------------------


@dataclass(frozen=True)
class Form:
    """A short form: its canonical word, the command it runs, other words for it, its usage."""

    short: str
    command: str
    aliases: tuple[str, ...]
    usage: str
    example: str
    #: completion kind of each positional argument; the last one repeats
    args: tuple[str, ...] = field(default=())

    def usage_in(self, lang: str) -> str:
        """The usage line in ``lang`` (``usage`` is the English one)."""
        return t(f"table.use.{self.command}", lang)


FORMS: tuple[Form, ...] = (
    Form("n", "deal", ("сдача", "сд"), "n [TRUMP] [DEALER] [quick]", "n 7ч", ("deal",)),
    Form(
        "d",
        "declare",
        ("объявить", "об"),
        "d P COMBO…",
        "d Аня терц:Дч",
        ("player", "combo"),
    ),
    Form(
        "c",
        "challenge",
        ("негодится", "нг"),
        "c P COMBO",
        "c Боря терц:Тп",
        ("player", "combo", "none"),
    ),
    Form("a", "ask", ("рост", "отчего"), "a P", "a Боря", ("player", "none")),
    Form("tr", "trump", ("козырь",), "tr SUIT|CARD", "tr ч", ("card", "none")),
    Form("t", "trick", ("взятка", "в"), "t CARD CARD", "t Тп 7п", ("card", "card", "none")),
    Form(
        "s",
        "score",
        ("счёт", "счет"),
        "s POINTS BY LAST",
        "s 54 Боря Аня",
        ("none", "player", "player", "none"),
    ),
    Form(
        "p",
        "penalty",
        ("штраф",),
        "p P KIND [N]",
        "p Боря miscount 10",
        ("player", "kind", "none"),
    ),
    Form("x", "exchange", ("обмен",), "x P", "x Аня", ("player", "none")),
    Form(
        "cl",
        "claim",
        ("хватит", "заявка"),
        "cl P [TRICKS CARDPOINTS]",
        "cl Аня 3 40",
        ("player", "none"),
    ),
    Form("u", "undo", ("отмена", "отменить"), "u", "u", ("none",)),
    # corrections of the past (issue 11): a recording line after an event number
    Form(
        "fix",
        "fix",
        ("исправить", "испр"),
        "fix N LINE",
        "fix 3 s 64 Боря Аня",
        ("event", "line"),
    ),
    Form(
        "ins",
        "ins",
        ("вставить", "вст"),
        "ins N LINE",
        "ins 5 d Боря марьяж",
        ("event", "line"),
    ),
    Form("drop", "drop", ("удалить", "уд"), "drop N", "drop 2", ("event", "none")),
    Form("st", "status", ("статус",), "st", "st", ("none",)),
    Form("sh", "sheet", ("лист", "запись"), "sh", "sh", ("none",)),
    Form("l", "log", ("журнал",), "l", "l", ("none",)),
)
HELP_WORDS = ("?", "h", "help", "помощь", "справка")
QUIT_WORDS = ("q", "quit", "exit", "выход", "выйти")
QUICK_WORDS = ("quick", "быстро", "быстрая")
TRICKS_WORDS = ("tricks", "повзяточно", "взятки")


def norm(word: str) -> str:
    return word.replace("\ufe0f", "").strip().casefold().replace("ё", "е")


BY_WORD: dict[str, Form] = {}
for _form in FORMS:
    for _word in (_form.short, *_form.aliases):
        BY_WORD[norm(_word)] = _form

#: Options of the recording commands that take a value (the next word is not a positional).
VALUE_OPTIONS = frozenset(
    {"--trump", "-t", "--dealer", "--points", "--event", "--by", "--last-trick", "--tricks"}
    | {"--card-points", "--rules", "-r", "--as", "--from", "--turns", "--hand", "--lead"}
)


class TableError(RefereeError):
    """A line the session cannot translate; the message is ready to show."""


@dataclass(frozen=True)
class Line:
    """What one input line asks for: ``kind`` is "empty", "help", "quit" or "run" (``argv``)."""

    kind: str
    argv: tuple[str, ...] = ()


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


#: The short forms that correct the past, and the option each adds to the recording line.
CORRECTIONS = {"fix": "--replace", "ins": "--before"}


def _correction(form: Form, rest: list[str], lang: str) -> list[str]:
    """``fix N LINE`` / ``ins N LINE``: LINE (a recording short form or command) with
    ``--replace N`` / ``--before N``."""
    if len(rest) < 2 or not rest[0].lstrip("-").isdigit():
        raise _usage(form, lang)
    number, head, tail = rest[0], rest[1], rest[2:]
    inner = BY_WORD.get(norm(head))
    if head in correctable_commands():
        argv = [head, *tail]
    elif inner is not None and inner.command in correctable_commands():
        argv = _translate(inner, tail, lang)
    else:
        raise TableError(Verdict("table.fix_what", {"word": head, "usage": form.usage_in(lang)}))
    return [*argv, CORRECTIONS[form.command], number]


def _translate(form: Form, rest: list[str], lang: str) -> list[str]:
    """The argv of the plain command for a short form (without ``--game``)."""
    if form.command in CORRECTIONS:
        return _correction(form, rest, lang)
    pos, opts = split_options(rest)
    wants_help = "--help" in opts or "-h" in opts
    argv = [form.command]
    if form.command == "deal":
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
        if trump is not None:
            argv += ["--trump", trump]
        if dealer is not None:
            argv += ["--dealer", dealer]
        if quick:
            argv.append("--quick")
        if tricks:
            argv.append("--tricks")
        return argv + opts
    if form.command == "score":
        if len(pos) > 3:
            raise _usage(form, lang)
        argv += pos[:1]
        if len(pos) > 1:
            argv += ["--by", pos[1]]
        if len(pos) > 2:
            argv += ["--last-trick", pos[2]]
        argv += opts
        given = {a.split("=", 1)[0] for a in argv}
        if not wants_help and not ({"--by", "--last-trick"} <= given and len(pos) >= 1):
            raise _usage(form, lang)
        return argv
    if form.command == "penalty":
        if len(pos) > 3:
            raise _usage(form, lang)
        argv += pos[:2]
        if len(pos) > 2:
            argv += ["--points", pos[2]]
        return argv + opts
    if form.command == "claim":
        if len(pos) > 3:
            raise _usage(form, lang)
        argv += pos[:1]
        if len(pos) > 1:
            argv += ["--tricks", pos[1]]
        if len(pos) > 2:
            argv += ["--card-points", pos[2]]
        return argv + opts
    return argv + list(rest)


def _click_group() -> Command:
    from typer.main import get_command

    from ..cli.dispatch import full_app

    return get_command(full_app())


_COMMANDS: dict[str, bool] = {}
_CORRECTABLE: set[str] = set()


def full_commands() -> dict[str, bool]:
    """The ``terts`` commands by name, each with whether it takes ``--game``."""
    if not _COMMANDS:
        group = _click_group()
        for name, command in getattr(group, "commands", {}).items():
            if name in ("table", "serve"):  # sessions of their own, not lines
                continue
            params = {p.name for p in getattr(command, "params", ())}
            _COMMANDS[name] = "game" in params
            if "replace" in params:  # a recording command (``cli.options.recording``)
                _CORRECTABLE.add(name)
    return _COMMANDS


def correctable_commands() -> set[str]:
    """The recording commands, those that take ``--replace N`` and ``--before N``."""
    full_commands()
    return _CORRECTABLE


def parse_line(line: str, game_path: str | os.PathLike[str], lang: str = "en") -> Line:
    """Translate one input line; raises TableError with a one-line message."""
    try:
        words = shlex.split(line, comments=False)
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
    commands = full_commands()
    if head in commands:
        argv = [head, *rest]
        needs_game = commands[head]
    elif key in BY_WORD:
        argv = _translate(BY_WORD[key], rest, lang)
        needs_game = True
    elif key in ("table", "serve"):
        raise TableError(Verdict("table.nested"))
    else:
        raise TableError(Verdict("table.unknown", {"word": head}))
    if any(w in ("--game", "-g") or w.startswith("--game=") for w in argv):
        raise TableError(Verdict("table.own_game", {"path": game_path}))
    if needs_game:
        argv += ["--game", str(game_path)]
    return Line("run", tuple(argv))


def help_lines(lang: str) -> list[str]:
    """The short forms, one a line, in ``lang``, then the Russian words for them."""
    rows = [(f.usage_in(lang), t(f"table.help.{f.command}", lang)) for f in FORMS]
    rows.append((" ".join(HELP_WORDS[:3]), t("table.help.help", lang)))
    rows.append((" ".join(QUIT_WORDS[:3]), t("table.help.quit", lang)))
    width = max(len(usage) for usage, _ in rows)
    lines = [t("table.help.header", lang)]
    lines += [f"  {usage.ljust(width)}  {text}" for usage, text in rows]
    words = [f"{'/'.join(f.aliases)} = {f.short}" for f in FORMS if f.aliases]
    words.append(f"{'/'.join(HELP_WORDS[3:])} = ?")
    words.append(f"{'/'.join(QUIT_WORDS[3:])} = q")
    lines.append("  " + t("table.help.aliases", lang, words=", ".join(words)))
    return lines
