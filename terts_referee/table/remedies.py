"""A verdict's remedy at the table: the table's own short form of the command (``n 7♥ quick
--replace 1``, ``p P false-declaration --event N``, ``c 'Анна Мария' COMBO``), or the plain
command where the table has no short form for it. The session writes every command in this
form (``cli.remedies.in_form(short)``), the ones in refusals and the ones in its reports."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cli.remedies import command, options_words, parts, quoted, quoted_name
from .parser import FORMS

if TYPE_CHECKING:
    from ..domain.verdicts import Remedy

__all__ = ["AS_WORDS", "short"]

#: Options the table's short form takes as words, in order (``s 54 Боря Аня``, ``cl Аня 3 40``).
AS_WORDS = {
    "score": ("--by", "--last-trick"),
    "claim": ("--tricks", "--card-points"),
    "penalty": ("--points",),
}
_SHORT = {f.command: f.short for f in FORMS}


def short(remedy: Remedy) -> str:
    """The remedy as the table's short form: ``n 7♥ quick``, ``s POINTS P P``; a deal takes its
    trump, dealer and mode as words; names with a space quoted (the line is read as shell
    words: O'Neil must read back as one word)."""
    name, words, options = parts(remedy)
    word = _SHORT.get(name)
    if word is None:
        return command(remedy)
    head = [word]
    if name == "deal":
        trump, dealer = options.pop("--trump", None), options.pop("--dealer", None)
        head += [str(trump)] if trump else []
        head += [quoted(str(dealer))] if dealer else []
        head += [w for w in ("quick", "tricks") if options.pop(f"--{w}", None)]
    shown = [quoted_name(w) for w in words]
    for option in AS_WORDS.get(name, ()):
        value = options.pop(option, None)
        if value is None:
            break
        shown.append(quoted(str(value)))
    return " ".join([*head, *shown, *options_words(options)])
