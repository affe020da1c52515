"""Hints: a command the user can type next, as the plain command (``terts challenge Боря
COMBO``) or, inside ``terts table``, as the table's short form (``c Боря COMBO``). One place
builds both, so that every hint in every message agrees with where it is shown; names holding a
space are quoted in both (the table reads its lines as shell words)."""

from __future__ import annotations

from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterator, Mapping

#: Options the table's short form takes as words, in order (``s 54 Боря Аня``, ``cl Аня 3 40``).
AS_WORDS = {
    "score": ("--by", "--last-trick"),
    "claim": ("--tricks", "--card-points"),
    "penalty": ("--points",),
}
_state = {"table": False}


@contextmanager
def at_the_table() -> Iterator[None]:
    """Hints in the table's short forms inside the block."""
    saved = _state["table"]
    _state["table"] = True
    try:
        yield
    finally:
        _state["table"] = saved


def at_table() -> bool:
    """Whether hints are in the table's short forms now (inside ``at_the_table``)."""
    return _state["table"]


def quoted(word: str) -> str:
    """``word`` as one shell word: quoted when it holds a space or a shell character."""
    if word and not any(c.isspace() or c in "'\"\\$`;&|<>()*?#~" for c in word):
        return word
    return "'" + word.replace("'", "'\\''") + "'"


def hint(command: str, *args: str, options: Mapping[str, str | bool | None] | None = None) -> str:
    """The command to type: ``terts COMMAND ARGS --OPTIONS`` or the table's short form.

    ``args`` are words as they are (placeholders like COMBO) or names (quoted when needed);
    ``options`` maps an option to its value (True: a flag; None/False: left out). At the table
    ``deal`` takes its trump, dealer and mode as words (``n 7♥ quick``)."""
    options = dict(options or {})  # a copy: the table's form takes some out as it goes
    words = [quoted(a) if any(c.isspace() or c in "'\"$`" for c in a) else a for a in args]
    short = _short_form(command) if _state["table"] else None
    if short is not None:
        head = [short]
        if command == "deal":
            trump, dealer = options.pop("--trump", None), options.pop("--dealer", None)
            mode = [w for w in ("quick", "tricks") if options.pop(f"--{w}", None)]
            head += [str(trump)] if trump else []
            head += [quoted(str(dealer))] if dealer else []
            head += mode
        for name in AS_WORDS.get(command, ()):
            value = options.pop(name, None)
            if value is None:
                break
            words.append(quoted(str(value)))  # a name: O'Neil must read back as one word
        return " ".join([*head, *words, *_options(options)])
    return " ".join(["terts", command, *words, *_options(options)])


def _short_form(command: str) -> str | None:
    """The table's short word for ``command`` (``n`` for deal), from the table's own forms."""
    from ..table.forms import FORMS  # only at the table, where the forms are loaded already

    return next((f.short for f in FORMS if f.command == command), None)


def _options(options: dict[str, str | bool | None]) -> list[str]:
    out: list[str] = []
    for name, value in options.items():
        if value is None or value is False:
            continue
        out.append(name if value is True else f"{name} {quoted(str(value))}")
    return out
