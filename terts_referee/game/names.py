"""Players' names: the one check of a name (a game's two players, a club evening's players) and
the one rule for naming a player (``names_meant``)."""

from __future__ import annotations

from collections.abc import Iterable

from ..domain.verdicts import Verdict, clipped
from ..errors import NotationError

__all__ = ["MAX_NAME_BYTES", "MAX_NAME_CHARS", "check_names", "distinct_names", "names_meant"]


def names_meant(text: str, names: Iterable[str]) -> list[str]:
    """The names ``text`` may mean, the one rule for naming a player: the name equal to it but
    for case, else every name it begins (case-insensitive, surrounding spaces ignored, any
    apostrophe the same: ``Мар'яна`` is ``Марʼяна``). One name is an answer; none or several
    are for the caller to refuse."""
    wanted = _folded(text.strip())
    names = list(names)
    exact = [n for n in names if _folded(n) == wanted]
    return exact[:1] or [n for n in names if wanted and _folded(n).startswith(wanted)]


#: The apostrophes a name may be typed with (ASCII, typographic, the Ukrainian letter, grave).
_APOSTROPHES = str.maketrans({"’": "'", "ʼ": "'", "`": "'"})


def _folded(name: str) -> str:
    return name.casefold().translate(_APOSTROPHES)


MAX_NAME_CHARS = 40
"""The longest player name, in characters (code points): a name on a paper sheet's column."""
MAX_NAME_BYTES = 120
"""...and in bytes of UTF-8 (40 Cyrillic or CJK letters fit, 30 emoji): two names and a date
stay well inside the 255 bytes a file name may have in the library."""


def check_names(names: list[str], *, stored: bool = False) -> tuple[str, str]:
    """Two distinct, non-empty player names of a sane length; raises NotationError.
    ``stored``: names read from a game file, where a control character is taken (see
    ``distinct_names``)."""
    if len(names) != 2:
        raise NotationError(Verdict("err.players.two", {"n": len(names)}))
    first, second = distinct_names(names, stored=stored)
    return first, second


def distinct_names(names: Iterable[str], *, stored: bool = False) -> tuple[str, ...]:
    """Players' names, stripped: each non-empty, at most MAX_NAME_CHARS characters and
    MAX_NAME_BYTES bytes, without control characters, no two the same but for case (players
    are matched case-insensitively); raises NotationError. The one check of names, for a
    game's two players and for a club evening's players alike.

    ``stored``: names a game file holds (written by hand, by a script, by another program),
    where a control character is taken: a new name is refused with one, but a stored one is
    shown as an escape wherever people read it (``output.safe_text``), and the game opens,
    never called corrupt for a character that harms no sheet."""
    cleaned = [n.strip() for n in names]
    if not all(cleaned):
        raise NotationError(Verdict("err.players.empty"))
    for name in cleaned:
        size = len(name.encode("utf-8", "surrogatepass"))
        if len(name) > MAX_NAME_CHARS or size > MAX_NAME_BYTES:
            params = {
                "name": clipped(name, 24),
                "chars": len(name),
                "size": size,
                "most": MAX_NAME_CHARS,
                "most_bytes": MAX_NAME_BYTES,
            }
            raise NotationError(Verdict("err.players.long", params))
        # A printable name has no character of category C; only another one needs unicodedata
        # (which every command would otherwise import: 0.2 ms). A space other than
        # U+0020 is not printable but allowed.
        if not stored and not name.isprintable():
            import unicodedata

            if any(unicodedata.category(c).startswith("C") for c in name):
                raise NotationError(Verdict("err.players.control", {"name": name}))
    first: dict[str, str] = {}  # case-folded -> the name as first given
    for name in cleaned:
        if name.casefold() in first:
            raise NotationError(Verdict("err.players.same", {"name": first[name.casefold()]}))
        first[name.casefold()] = name
    return tuple(cleaned)
