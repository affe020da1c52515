"""Numbers typed by users: ASCII digits only.

Python's ``int()`` accepts far more than a person at the table means: ``int("١٢") == 12``
(Arabic-Indic digits, and every other Unicode decimal digit), ``int("5_0") == 50``
(underscores), surrounding whitespace, a ``+`` sign. :func:`parse_int` accepts exactly an
optional ``-`` and 1 to :data:`MAX_DIGITS` ASCII digits (``0``-``9``), so that ``score ١٢``
and ``score 5_0`` are refused in one line; a negative number is read so that the command can
say it is out of range. Every numeric argument of the command line goes through it (the CLI's
``AsciiInt`` parameter type).
"""

from __future__ import annotations

from ..errors import NotationError
from .verdicts import Verdict

__all__ = ["MAX_DIGITS", "parse_int"]

MAX_DIGITS = 6
"""The longest number accepted: no count in Terts needs more than a few digits."""

_DIGITS = frozenset("0123456789")


def parse_int(text: str) -> int:
    """``text`` as an integer: an optional ``-`` then 1-6 ASCII digits; raises NotationError."""
    digits = text[1:] if text.startswith("-") else text
    if not digits or len(digits) > MAX_DIGITS or not set(digits) <= _DIGITS:
        raise NotationError(Verdict("err.number", {"text": text, "most": MAX_DIGITS}))
    return int(text)
