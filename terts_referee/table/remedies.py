"""A verdict's remedy at the table: the table's own short form of the command (``n 7♥ quick
--replace 1``, ``p P false-declaration --event N``, ``c 'Анна Мария' COMBO``), or the plain
command where the table has no short form for it; ``say`` is the line a refusal prints at the
table (``output.remedies`` in the table's form), and the reports take ``short`` to suggest the
next line to type."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..output.remedies import command, options_words, parts, quoted, quoted_name
from .forms import FORMS

if TYPE_CHECKING:
    from ..domain.verdicts import Remedy, Verdict

__all__ = ["AS_WORDS", "say", "short"]

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


def say(verdict: Verdict, lang: str) -> str:
    """The line the table shows for a refusal: the sentence and the terminal's words after it,
    the commands in the table's short forms."""
    from ..output.remedies import say as terminal

    return terminal(verdict, lang, short)
