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

**Earlier versions and conflicts.** The events a game file records and the corrections made
to them only ever grow (the journal and the trail are append-only), so a copy whose events
and corrections are the first ones of another's is an *earlier version* of it: a sync tool
copied the file before the last deals were played. Two copies neither of which is an earlier
version of the other were *continued differently*, the same game played on two devices after
they parted: that is a **conflict**. Both copies are kept, neither is counted (counting either
would drop the other's deals without a word) until one is kept (``terts keep FILE``), and
``history``, ``stats``, the page and the club name both files. Copies with the same content
(the same digest, as many entries, the same latest one) are one version; whether one copy
is an earlier version of another is read from their documents (``prefix_of``) by the caller,
who may remember it.

**Which copy counts** (:func:`choose`), of the copies that are one version or earlier
versions of it: the one that holds more entries (events recorded and corrections made); of
copies that hold as many, the one whose latest entry was made last (a copy without times
counts as the oldest); then the one with the shorter file name, since sync tools mark a
conflict copy by adding to the original's name (Syncthing's ``.sync-conflict-…``, Nextcloud's
`` (conflicted copy …)``, Dropbox's `` (… conflicted copy …)``); then the first by its path
inside the library, in code-point order. The others are listed as ``copies`` and not counted;
no file is changed.

Pure functions over summaries (``summary.summarize``), no files.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import date, datetime, time
from typing import Any

__all__ = [
    "Conflict",
    "choose",
    "counted_once",
    "digest_of",
    "game_key",
    "is_digest",
    "order_key",
    "prefix_of",
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
    from ..compat import blake2b  # not hashlib: one game more needs none of its other hashes

    return blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


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


def prefix_of(earlier: Mapping[str, Any], later: Mapping[str, Any]) -> bool:
    """Whether the game document ``earlier`` is ``later`` or an earlier version of it: its
    events (the journal, as recorded, with their times) and its corrections are the first
    ones of ``later``'s. The players, the start and the rules are one game's already."""
    for part in ("events", "corrections"):
        mine, theirs = earlier.get(part, []), later.get(part, [])
        if not isinstance(mine, list) or not isinstance(theirs, list):
            return False
        if len(mine) > len(theirs) or theirs[: len(mine)] != mine:
            return False
    return True


def _one_version(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """Copies known to hold the same content without reading them: one digest (the events
    with their times), as many entries, the same latest entry."""
    return (a["digest"], a["entries"], a["latest"]) == (b["digest"], b["entries"], b["latest"])


class Conflict:
    """One game continued differently in several copies: ``files``, the latest copy of each
    way it went (two or more, none an earlier version of another), and ``earlier``, the other
    copies (earlier versions of one of them). None of them is counted.

    Written out as the dataclass it was (the same init, equality, repr and no hash): one game
    more imports this module, and dataclasses' import and class making were 1.2 ms of it."""

    __hash__ = None  # type: ignore[assignment]  # mutable and compared by value, as a dataclass

    def __init__(self, files: list[str], earlier: list[str]) -> None:
        self.files = files
        self.earlier = earlier

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Conflict) or other.__class__ is not self.__class__:
            return NotImplemented
        return (self.files, self.earlier) == (other.files, other.earlier)

    def __repr__(self) -> str:
        return f"Conflict(files={self.files!r}, earlier={self.earlier!r})"


#: ``earlier(a, b)``: whether copy ``a`` is copy ``b`` or an earlier version of it (the
#: caller reads their documents: ``prefix_of``).
Earlier = Callable[[Mapping[str, Any], Mapping[str, Any]], bool]


def _contains(later: Mapping[str, Any], earlier: Mapping[str, Any], judge: Earlier) -> bool:
    if later is earlier or _one_version(later, earlier):
        return True
    if earlier["entries"] > later["entries"]:
        return False
    return judge(earlier, later)


def _resolve(
    group: Sequence[dict[str, Any]], judge: Earlier
) -> tuple[dict[str, Any] | None, list[dict[str, Any]], Conflict | None]:
    """(the copy counted, the others) or (None, [], the conflict) for one game's copies."""
    ordered = sorted(group, key=order_key)
    first = ordered[0]
    if all(_contains(first, other, judge) for other in ordered[1:]):
        return first, ordered[1:], None
    latest: list[dict[str, Any]] = []  # the ways the game went: no copy contains them
    for copy in ordered:  # most entries first: a copy can only contain one before it
        if not any(_contains(kept, copy, judge) for kept in latest):
            latest.append(copy)
    files = [copy["file"] for copy in latest]
    chosen = {id(copy) for copy in latest}
    return None, [], Conflict(files, [c["file"] for c in ordered if id(c) not in chosen])


def counted_once(
    games: list[dict[str, Any]], judge: Earlier | None = None
) -> tuple[list[dict[str, Any]], list[tuple[dict[str, Any], dict[str, Any]]], list[Conflict]]:
    """``games`` (summaries with ``path`` and ``file``) as (the copies that count, in the order
    given; each other copy with the copy counted instead of it; the conflicts, whose copies
    are not counted). ``judge`` tells an earlier version from a conflict (see the module's
    doc); without it, every copy is taken for an earlier version of the fullest."""
    keys = {game_key(game) for game in games}
    if len(keys) == len(games):  # no two of one game (the usual library): each counts
        return list(games), [], []
    groups: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for game in games:
        groups.setdefault(same_game(game), []).append(game)
    counted: set[int] = set()
    others: list[tuple[dict[str, Any], dict[str, Any]]] = []
    conflicts: list[Conflict] = []
    for group in groups.values():
        if len(group) == 1:
            counted.add(id(group[0]))
            continue
        first, rest, conflict = _resolve(group, judge or (lambda a, b: True))
        if conflict is not None:
            conflicts.append(conflict)
            continue
        assert first is not None
        counted.add(id(first))
        others.extend((copy, first) for copy in rest)
    conflicts.sort(key=lambda c: c.files)
    return [g for g in games if id(g) in counted], others, conflicts
