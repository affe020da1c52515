"""One game in several copies: how the library knows them, and which one it counts.

A library kept in a synced folder holds copies: a sync tool's conflict copy, a backup folder, a
phone's export, the same game imported twice. Each game counts once.

**Which files are one game.** A game written by ``terts new`` has an id (a UUID, the file's
``id``): two files with the same id, the same players and the same start are one game. A file
from before ids is known by the digest of its content (:func:`digest_of`): the parsed document
(not its bytes: the same game laid out otherwise in TOML, its keys in another order, its
comments gone, is the same game) without its ``format``, ``id`` and ``corrections``: the
players, the start, the rules and every event with its time. Two different games never merge:
different ids, or different content. A copy that has a correction more than another is still
the same game (the trail only grows); the rule below counts the fuller one.

**Which copy counts** (:func:`choose`): the one that holds more entries (events recorded and
corrections made); of copies that hold as many, the one whose latest entry was made last (a
copy without times counts as the oldest); then the one with the shorter file name, since sync
tools mark a conflict copy by adding to the original's name (Syncthing's
``.sync-conflict-…``, Nextcloud's `` (conflicted copy …)``, Dropbox's `` (… conflicted copy
…)``); then the first by its path inside the library, in code-point order. The others are
listed as ``copies`` and not counted; no file is changed.

Pure functions over summaries (``summary.summarize``), no files.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Mapping
from datetime import date, datetime, time
from typing import Any

__all__ = [
    "choose",
    "counted_once",
    "digest_of",
    "game_key",
    "is_digest",
    "order_key",
    "same_game",
]

#: The keys of a game file left out of its digest: how it is written (``format``), the id
#: (files with one are known by it) and the trail of corrections (it only grows: a copy with a
#: correction more is the same game).
_NOT_DIGESTED = ("format", "id", "corrections")

_HEX = frozenset("0123456789abcdef")


def _plain(value: Any) -> Any:
    """A TOML value as JSON can hold it: dates and times by their ISO text."""
    if isinstance(value, (datetime, date, time)):
        return value.isoformat()
    raise TypeError(f"{type(value).__name__} in a game document")


def digest_of(doc: Mapping[str, Any]) -> str:
    """The digest of a game document's content (32 hexadecimal digits): a canonical JSON of
    everything but ``format``, ``id`` and ``corrections`` (keys sorted, times in ISO form),
    hashed with BLAKE2b. The same parsed content always gives the same digest, however the
    TOML was laid out."""
    content = {key: value for key, value in doc.items() if key not in _NOT_DIGESTED}
    text = json.dumps(
        content, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=_plain
    )
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def is_digest(value: Any) -> bool:
    return isinstance(value, str) and len(value) == 32 and set(value) <= _HEX


def game_key(summary: Mapping[str, Any]) -> str:
    """The text that names a game in all its copies: ``id:`` and its id (lower case), else
    ``digest:`` and its digest. Ratings order games started at one moment by it."""
    if summary.get("id"):
        return f"id:{summary['id'].lower()}"
    return f"digest:{summary['digest']}"


def same_game(summary: Mapping[str, Any]) -> tuple[Any, ...]:
    """What two copies of one game share: the key, and (for an id) the players and the start,
    which no copy of a game changes (an id copied by hand into another game does not merge)."""
    key = game_key(summary)
    if key.startswith("id:"):
        players = tuple(p.strip().casefold() for p in summary["players"])
        return (key, players, summary["started"])
    return (key,)


def _moment(iso: str | None) -> float:
    return datetime.fromisoformat(iso).timestamp() if iso else float("-inf")


def order_key(game: Mapping[str, Any]) -> tuple[int, float, int, str]:
    """Sorts the copy that counts first: more entries, then the later latest entry, then the
    shorter file name (the original, not a sync tool's conflict copy), then the path
    (``game["path"]``, relative to the library) in code-point order."""
    path = game["path"]
    return (-game["entries"], -_moment(game["latest"]), len(os.path.basename(path)), path)


def choose(copies: Iterable[Mapping[str, Any]]) -> Mapping[str, Any]:
    """The copy of one game that counts (see the module's doc); ``copies`` is not empty."""
    return min(copies, key=order_key)


def counted_once(
    games: list[dict[str, Any]],
) -> tuple[list[dict[str, Any]], list[tuple[dict[str, Any], dict[str, Any]]]]:
    """``games`` (summaries with ``path``) as (the copies that count, in the order given; each
    other copy with the copy counted instead of it)."""
    groups: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for game in games:
        groups.setdefault(same_game(game), []).append(game)
    counted: set[int] = set()
    others: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for group in groups.values():
        first, *rest = sorted(group, key=order_key)
        counted.add(id(first))
        others.extend((copy, first) for copy in rest)
    return [g for g in games if id(g) in counted], others
