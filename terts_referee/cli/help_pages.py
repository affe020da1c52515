"""The help pages in the run's language, and the Babel extractor that lists their English.

Typer builds each command's help from its docstring and each parameter's from ``help=``; both
are English, in the code. Once the click command is built (``dispatch``), ``translate`` walks
its tree and replaces each text by the catalogue's words for it, found by a stable code: the
command's path (``cmd:declare``, ``cmd:rules explain``; ``cmd:`` is the root), a parameter's
help (``opt:declare:player``) and metavar (``metavar:declare:player``). click's own words
(``Usage:``, the section headings, ``[required]``, the help option's line) come from the
catalogue too (``help.*`` in ``messages``), through a formatter of our own that each command's
context uses. English is never walked: nothing changes, nothing is read.

``cli/extract.py`` lists the English of those codes for Babel (``babel.cfg``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from .. import i18n
from ..compat import click

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence


__all__ = ["help_texts", "translate"]

#: click's and Typer's words on a help page, by the code of their translation.
_HEADINGS = {"Arguments": "help.arguments", "Options": "help.options", "Commands": "help.commands"}
_HELP_OPTION = "Show this message and exit."
_EXTRA = re.compile(r"\[(required|default: [^\]]*|env var: [^\]]*)(?:; [^\]]*)?\]$")


def help_texts(
    command: click.Command, path: str = ""
) -> Iterator[tuple[str, str, click.Command, Any]]:
    """``(code, English text, command, parameter or None)`` of every help text under
    ``command`` (a click command built by Typer), the root's path being ``""``."""
    if command.help:
        yield f"cmd:{path}", command.help, command, None
    if command.short_help:
        yield f"short:{path}", command.short_help, command, None
    for param in command.params:
        text = getattr(param, "help", None)
        if text:
            yield f"opt:{path}:{param.name}", text, command, param
        if param.metavar:
            yield f"metavar:{path}:{param.name}", param.metavar, command, param
    for name, sub in sorted(getattr(command, "commands", {}).items()):
        yield from help_texts(sub, f"{path} {name}".strip())


def translate(command: click.Command, lang: str) -> None:
    """Put ``lang``'s words into the help of ``command`` and everything under it (in place:
    ``dispatch`` builds the command for one language)."""
    found = i18n.catalogue(lang)
    if found is None:
        return
    for code, text, where, param in list(help_texts(command)):
        words = found.pgettext(code, text)
        if code in _COMPLETED:
            words = _COMPLETED[code](words, lang)
        kind = code.split(":", 1)[0]
        if kind == "cmd":
            where.help = words
        elif kind == "short":
            where.short_help = words
        elif kind == "opt":
            param.help = words
        else:
            param.metavar = words
    _own_words(command, lang)


def _penalty_words(help_text: str, lang: str) -> str:
    """The help of ``penalty KIND`` with every kind, its name and the table words of ``lang``
    it is accepted by (``domain.events.PENALTY_WORDS``): the list follows the words kept."""
    from ..domain.events import PENALTY_WORDS, PenaltyKind

    words = PENALTY_WORDS.get(lang, {})
    items = []
    for kind in PenaltyKind:
        said = i18n.t(f"pen.{kind.value}", lang)
        accepted = ", ".join(words.get(kind, ()))
        if not accepted:
            items.append(f"{kind.value} ({said})")
        elif lang == "en":
            items.append(f"{kind.value} ({said}: {accepted})")
        else:
            # the kind by its words in the language; its English name last, as one more
            # spelling accepted, never as the name the sentence gives it
            items.append(f"{said} ({accepted}; {kind.value})")
    return f"{help_text} {'; '.join(items)}."


#: Help texts the code completes after the catalogue's words, by code.
_COMPLETED = {"opt:penalty:kind": _penalty_words}


def _own_words(command: click.Command, lang: str) -> None:
    """click's words of ``command`` and its sub-commands: the usage line's, and the help
    formatter's, through a context class that knows ``lang``."""
    command.context_class = _context_class(lang)
    if command.options_metavar:
        command.options_metavar = i18n.t("help.options_metavar", lang)
    if hasattr(command, "subcommand_metavar"):
        command.subcommand_metavar = i18n.t("help.subcommand_metavar", lang)
    for sub in getattr(command, "commands", {}).values():
        _own_words(sub, lang)


_CONTEXTS: dict[str, type[click.Context]] = {}


def _context_class(lang: str) -> type[click.Context]:
    """A click context whose help formatter writes click's words in ``lang``."""
    made = _CONTEXTS.get(lang)
    if made is None:

        class Formatter(_Formatter):
            language = lang

        made = _CONTEXTS[lang] = type(
            "TranslatedContext", (click.Context,), {"formatter_class": Formatter}
        )
    return made


class _Formatter(click.HelpFormatter):
    """click's help formatter with its own words from the catalogue."""

    language = i18n.SOURCE

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        if prefix is None:
            prefix = i18n.t("help.usage", self.language) + " "
        super().write_usage(prog, args, prefix)

    def write_heading(self, heading: str) -> None:
        code = _HEADINGS.get(heading)
        super().write_heading(heading if code is None else i18n.t(code, self.language))

    def write_dl(
        self, rows: Sequence[tuple[str, str]], col_max: int = 30, col_spacing: int = 2
    ) -> None:
        super().write_dl(
            [(first, self._help(second)) for first, second in rows], col_max, col_spacing
        )

    def _help(self, text: str) -> str:
        if text == _HELP_OPTION:
            return i18n.t("help.help_option", self.language)
        match = _EXTRA.search(text)
        if match is None:
            return text
        parts = []
        for part in match.group(0)[1:-1].split("; "):
            if part == "required":
                parts.append(i18n.t("help.required", self.language))
            elif part.startswith("default: "):
                parts.append(i18n.t("help.default", self.language, value=part[9:]))
            else:
                parts.append(part)
        return f"{text[: match.start()]}[{'; '.join(parts)}]"
