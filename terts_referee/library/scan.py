"""Scanning the library: every game file below it summarized, through the index.

The files are the truth: a person may copy, back up, sync or delete them, and sort them into
folders (every ``*.toml`` below the library is read, ``folders.py``). The same game found twice
(a sync tool's copy, a backup) counts once (``copies.py``).

Reading is bounded: a file is stat'ed first and one over the 4 MiB a game file may hold is
skipped without being read; a file whose size and modification time match its row is not read
at all (unless the row was written within two seconds of that time, when a change in the same
tick of a coarse clock could hide: then its bytes are hashed again). Only files whose bytes
changed are replayed.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..domain.verdicts import Verdict
from ..errors import RefereeError
from ..i18n import N_np, N_p, register, t
from .index import OLD_INDEX_NAME, RACY_NS, Index, first_seal, key_of, name_of
from .location import check_library
from .location import os_reason as _reason

if TYPE_CHECKING:  # copies.py (and its hashlib) only for a scan that counts the copies
    from .copies import Conflict
    from .folders import Figures

__all__ = [
    "TOLD_FROM",
    "Progress",
    "Scan",
    "brought_up",
    "read_game_file",
    "scan_library",
    "summarize_file",
    "usable",
]

TEXT = register(
    N_p("library.corrupt", "game file {path} is corrupt ({detail}): repair it or move it away"),
    N_p("library.skipped", "skipped {path}: {reason}"),
    N_p("library.refused", "event {number} does not stand: {reason}"),
    N_p("library.building", "reading the library"),
    N_np(
        "library.read_files",
        "read {n} game file into the library's index (next time only what changed is read)",
        "read {n} game files into the library's index (next time only what changed is read)",
        "n",
    ),
)

#: From how many files read at once a scan is worth a progress bar and a line saying how many
#: (a first build; an update of a few files is over before the eye sees it).
TOLD_FROM = 20


class Scan:
    """What the library holds: one summary per game (with ``file``, its path, ``path``, the
    path inside the library, ``key``, the game's key, ``date``, its start), the copies of a
    game not counted, the skipped, and what the index did that the user should hear of
    (``notes``, one line each).

    Written out as a dataclass would be (``startup``'s ``plain_classes``: a warm answer makes
    one and imports no ``dataclasses``)."""

    #: The fields in the constructor's order.
    _FIELDS = (
        "library",
        "games",
        "skipped",
        "rebuilt",
        "notes",
        "copies",
        "conflicts",
        "epoch",
        "gen",
        "playing",
    )

    def __init__(
        self,
        library: Path,
        games: list[dict[str, Any]] | None = None,
        skipped: list[tuple[str, str]] | None = None,  # (file, reason)
        rebuilt: int = 0,
        notes: list[str] | None = None,
        copies: list[tuple[str, str]] | None = None,  # (a copy, the file counted)
        conflicts: list[Conflict] | None = None,  # copies continued differently
        epoch: str = "",
        gen: int | None = None,
        playing: bool = False,
    ) -> None:
        self.library = library
        self.games: list[dict[str, Any]] = [] if games is None else games
        self.skipped: list[tuple[str, str]] = [] if skipped is None else skipped
        self.rebuilt = rebuilt
        self.notes: list[str] = [] if notes is None else notes
        self.copies: list[tuple[str, str]] = [] if copies is None else copies
        self.conflicts: list[Conflict] = [] if conflicts is None else conflicts
        # the index's epoch and generation the games are of (``answers.py`` keeps a tally from
        # them); gen None: the index was not read, or written by another program meanwhile
        self.epoch = epoch
        self.gen = gen
        self.playing = playing  # the game being played is among ``games``, won: ``kept._worked``

    def _fields(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self._FIELDS)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Scan:
            return NotImplemented
        assert isinstance(other, Scan)
        return self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # mutable, as a dataclass's

    def __repr__(self) -> str:
        shown = ", ".join(f"{n}={v!r}" for n, v in zip(self._FIELDS, self._fields(), strict=True))
        return f"Scan({shown})"


#: ``progress(total)`` is called once before summarizing ``total`` changed files and returns a
#: function called after each one; the CLI passes a rich progress bar.
Progress = Callable[[int], Callable[[], None]]


def _said(what: RefereeError | Verdict) -> str:
    """Why a file is skipped, in the run's language: the refusal's sentence (or a verdict's)."""
    from ..i18n import lang
    from ..i18n.sentences import say

    return say(what.verdict if isinstance(what, RefereeError) else what, lang())


def summarize_file(path: Path, data: bytes) -> tuple[dict[str, Any] | None, str | None]:
    """(summary, None) for a good game file's bytes, (None, reason) for a damaged or foreign
    one."""
    from ..game.model import Game
    from ..game.storage import CorruptGameFile, parse_game
    from ..referee import EventRefused

    try:
        doc = parse_game(path, data, remember=False)
        from .copies import digest_of

        digest = digest_of(doc)  # before from_doc: the document as the file holds it
        game = Game.from_doc(doc, str(path))
        from .summary import summarize

        return summarize(game, digest), None
    except EventRefused as exc:
        return None, t("library.refused", number=exc.number, reason=_said(exc))
    except CorruptGameFile as exc:  # only read here: the game commands' --game means nothing
        return None, t("library.corrupt", path=exc.path, detail=_said(exc.detail))
    except RefereeError as exc:
        return None, _said(exc)
    except (ValueError, TypeError, KeyError, AttributeError) as exc:  # a foreign document
        return None, f"{type(exc).__name__}: {exc}"


def read_game_file(path: Path) -> bytes | str:
    """The bytes of a library file, at most 4 MiB, or the reason they cannot be read."""
    from ..files import MAX_FILE_SHOWN, NotRegular, TooBig, read_regular

    try:
        return read_regular(path)
    except TooBig:
        return t("library.too_big", limit=MAX_FILE_SHOWN)
    except NotRegular as exc:
        return t(exc.kind)
    except OSError as exc:
        return _reason(exc)


def _digest(data: bytes) -> str:
    from ..compat import blake2b

    return blake2b(data, digest_size=16).hexdigest()


def _read_one(library: Path, name: str) -> tuple[str, Any, str | None, str | None]:
    """The file ``name`` inside ``library`` read and summarized, as ``reading`` hands it on:
    (name, summary, the reason it is skipped, the hash of its bytes; None when unreadable)."""
    path = library / name
    data = read_game_file(path)
    if isinstance(data, str):
        return name, None, data, None
    summary, error = summarize_file(path, data)
    return name, summary, error, _digest(data)


def compare_files(
    library: Path,
    files: Mapping[str, Figures],
    rows: Mapping[str, tuple[int, int, int, str]],
    scan: Scan,
) -> tuple[list[str], list[str], list[str]]:
    """The files as the index's ``rows`` ((size, mtime_ns, checked_ns, hash) by name) hold
    them: those it does not hold as they are now, to read; those whose bytes were read again
    to compare and are the row's (their size or time changed, or their row is racy); and those
    trusted unopened (size and time their row's, checked more than RACY_NS after that time).
    One that cannot be read is in none of them, and named in ``scan.skipped``."""
    changed: list[str] = []
    rehashed: list[str] = []
    trusted: list[str] = []
    for name, st in files.items():
        row = rows.get(name)
        if row is None:  # nothing to compare its bytes with: read once, by the caller
            changed.append(name)
            continue
        size, mtime_ns, checked_ns, digest = row
        if size == st.st_size and mtime_ns == st.st_mtime_ns and mtime_ns + RACY_NS < checked_ns:
            trusted.append(name)
            continue
        data = read_game_file(library / name)
        if isinstance(data, str):
            scan.skipped.append((name, data))
        elif _digest(data) == digest:
            rehashed.append(name)
        else:
            changed.append(name)
    return changed, rehashed, trusted


def read_changed(
    library: Path,
    changed: list[str],
    files: Mapping[str, Figures],
    scan: Scan,
    progress: Progress | None,
    now: int,
    fresh: dict[str, tuple[Any, ...]],
    games: dict[str, dict[str, Any]] | None = None,
    sealed: dict[str, str] | None = None,
) -> dict[str, tuple[dict[str, Any] | None, str | None, str]]:
    """The files ``changed`` read and summarized (again: the bytes are not kept meanwhile),
    on every CPU when there are many (the workers are forked before the bar's thread starts:
    ``reading``): each one's (summary, reason, hash) by name, its row put in ``fresh`` (marked
    changed), one unreadable named in ``scan.skipped``. The reason takes the index's form (a
    name that is not UTF-8 escaped), so that it is said alike now and from the index.
    ``games``: where each good game is put as the scan lists it (``_library_game``), by name;
    ``sealed``: where each row's seal is put as a first build writes it (``index.first_seal``).

    What is done here for each file is done while the workers read the next ones, on the
    CPUs they share: half of it costs nothing on two, where the same work after the reading
    is the command's alone."""
    from contextlib import closing

    from .reading import read_games

    read: dict[str, tuple[dict[str, Any] | None, str | None, str]] = {}
    where = str(library)
    with closing(read_games(library, changed, _read_one)) as results:
        advance = progress(len(changed)) if progress and changed else None
        for name, summary, error, hashed in results:
            if hashed is None:  # not read: no row
                scan.skipped.append((name, error or "?"))
            else:
                st = files[name]
                read[name] = (summary, _kept_reason(error), hashed)
                fresh[name] = (st.st_size, st.st_mtime_ns, hashed, now)
                fresh[name] += (*_stored((summary, error)), True)
                scan.rebuilt += 1
                if sealed is not None:
                    sealed[name] = first_seal(name, fresh[name][:-1])
                if games is not None and summary and not error:
                    games[name] = _library_game(where, name, summary, hashed, st)
            if advance:
                advance()
    return read


def usable(library: Path, index: Index) -> bool:
    """Whether a light read of the index (``Index(light=True)``) can be built on: one with no
    trouble to repair or to say (a scan does that), and no old index to name."""
    return not (
        index.db is None
        or index.rebuild
        or index.bad
        or index.notes
        or ("old_index_named" not in index.meta and os.path.lexists(library / OLD_INDEX_NAME))
    )


def brought_up(
    library: Path,
    index: Index,
    files: Mapping[str, Figures],
    skipped: list[tuple[str, str]],
    progress: Progress | None,
    compared: Mapping[str, Figures] | None = None,
) -> Scan | None:
    """The light ``index`` brought up to the ``files`` as a scan does (the changed ones read,
    the removed ones' rows dropped, in one write), reading no summary: a scan with the files
    skipped so far (the walk's, and those that cannot be read now), or None when the write
    could not be made or someone else wrote the index meanwhile. ``compared``: the files to
    compare with the index's rows, when the index was read only for them (``Index(within=…)``:
    the folders changed since a kept tally); all ``files`` by default."""
    import time

    scan = Scan(library)
    scan.skipped = list(skipped)
    now = time.time_ns()
    fresh: dict[str, tuple[Any, ...]] = {}
    looked = files if compared is None else compared
    changed, rehashed, _ = compare_files(library, looked, index.seen, scan)
    # A file touched (its time or size changed, its bytes the same) is read again and its row
    # written anew, which makes a kept answer a scan's once; a racy row found the same is left
    # as it is (no summary here to write it with): the next scan checks it anew.
    changed += [
        n for n in rehashed if index.seen[n][:2] != (files[n].st_size, files[n].st_mtime_ns)
    ]
    read_changed(library, changed, files, scan, progress, now, fresh)
    gone = [key for key in index.keys if not _listed(key, files)]
    scan.epoch, scan.gen = index.epoch, index.gen
    if fresh or gone:
        scan.gen = index.write(fresh, gone, {})
        if scan.gen is None:
            return None
    return scan


def _listed(key: Any, files: Mapping[str, Figures]) -> bool:
    """Whether the index's ``key`` is the key of one of ``files`` (``index.key_of``)."""
    name = name_of(key)
    return name is not None and name in files and key_of(name) == key


def scan_library(
    library: Path,
    progress: Progress | None = None,
    current: Path | None = None,
    files: Mapping[str, Figures] | None = None,
    skipped: list[tuple[str, str]] | None = None,
) -> Scan:
    """Every game file (``*.toml`` below ``library``, ``folders.game_files``) summarized,
    through the index, and the same game found twice counted once (``copies.counted_once``):
    an earlier version of a copy is not counted, and copies continued differently are a
    conflict, none of them counted. ``current``: the game file being played (outside the
    library), counted with the library's games when it holds a finished game (a game won is
    in the statistics at once, before it is moved; once moved, it is one game in two copies).
    ``files`` and ``skipped``: what ``game_files`` found, when the caller walked already.

    Nothing is created when ``library`` does not exist, and nothing is written inside it: the
    index lives in the cache. Game files are only read. Raises GameFileError for a library
    path that is not a directory (``check_library``).
    """
    import time

    from .folders import game_files

    scan = Scan(library)
    extra = _current_game(library, current)
    scan.playing = extra is not None
    if not check_library(library):
        scan.games = [extra] if extra else []
        return scan
    if files is None:
        files = game_files(library, scan.skipped)
    else:
        scan.skipped.extend(skipped or [])
    index = Index(library)
    meta: dict[str, str] = {}
    old = library / OLD_INDEX_NAME
    if index.db is not None and "old_index_named" not in index.meta and os.path.lexists(old):
        index.notes.append(t("library.old_index", old=old, index=index.path))
        meta["old_index_named"] = "1"
    try:
        now = time.time_ns()
        known: dict[str, tuple[dict[str, Any] | None, str | None]] = {}
        hashes: dict[str, str] = {}
        fresh: dict[str, tuple[Any, ...]] = {}
        seen = {n: (r.size, r.mtime_ns, r.checked_ns, r.hash) for n, r in index.rows.items()}
        changed, rehashed, trusted = compare_files(library, files, seen, scan)
        for name in trusted:  # unchanged, not even opened
            row = index.rows[name]
            known[name] = (row.summary, row.error)
            hashes[name] = row.hash
        for name in rehashed:  # touched, or racy: the same bytes, its row checked now
            row, st = index.rows[name], files[name]
            known[name] = (row.summary, row.error)
            hashes[name] = row.hash
            fresh[name] = (st.st_size, st.st_mtime_ns, row.hash, now, *_stored(known[name]))
            fresh[name] += (False,)
        made: dict[str, dict[str, Any]] = {}  # the games read, as listed below
        sealed: dict[str, str] | None = {} if index.rebuild else None  # their rows' seals
        for name, (summary, error, hashed) in read_changed(
            library, changed, files, scan, progress, now, fresh, made, sealed
        ).items():
            known[name], hashes[name] = (summary, error), hashed
        if index.rebuild:  # the tables are made again: every row goes in
            for name, (summary, error) in known.items():
                if name not in fresh:
                    row = index.rows[name]
                    fresh[name] = (row.size, row.mtime_ns, row.hash, row.checked_ns)
                    fresh[name] += (*_stored((summary, error)), False)
        where = str(library)
        games = []
        for name in sorted(known):
            summary, error = known[name]
            if error or not summary:
                scan.skipped.append((name, error or "?"))
                continue
            game = made.get(name)
            if game is None:
                game = _library_game(where, name, summary, hashes[name], files[name])
            games.append(game)
        if extra is not None:
            games.append(extra)
        _count_once(scan, games, index)
        present = {key_of(name) for name in files}
        gone = [key for key in index.keys if key not in present or name_of(key) not in index.rows]
        gone = [key for key in gone if name_of(key) not in fresh]
        scan.epoch, scan.gen = index.epoch, index.gen
        if fresh or gone or index.rebuild or index.bad or meta or index.new_versions:
            scan.gen = index.write(fresh, gone, meta, sealed)
            scan.epoch = index.epoch
        elif index.db is None:
            scan.gen = None
    finally:
        index.close()
    scan.notes = index.notes
    scan.skipped.sort()
    return scan


def _library_game(
    where: str, name: str, summary: dict[str, Any], digest: str, st: Figures
) -> dict[str, Any]:
    """A game of the library as a scan lists it: its summary with its ``file``, its ``path``
    inside the library, the ``hash`` of its bytes, its ``key`` and its ``date``."""
    from .copies import game_key

    game = dict(summary)
    game["file"] = os.path.join(where, name)
    game["path"] = name
    game["hash"] = digest
    game["key"] = game_key(summary)
    if game["started"] is None:  # format 1: no times; the file's own date stands in
        when = datetime.fromtimestamp(st.st_mtime_ns / 1e9).astimezone()
        game["date"] = when.replace(microsecond=0).isoformat()
    else:
        game["date"] = game["started"]
    return game


def _count_once(scan: Scan, games: list[dict[str, Any]], index: Index) -> None:
    """``scan.games``, ``copies`` and ``conflicts`` from ``games``: each game once, an earlier
    version told from a conflict by reading the two files once (the index remembers it)."""
    from ..game.storage import parse_game
    from .copies import counted_once, prefix_of

    docs: dict[str, dict[str, Any] | None] = {}

    def document(game: dict[str, Any]) -> dict[str, Any] | None:
        file = game["file"]
        if file not in docs:
            data = read_game_file(Path(file))
            try:
                docs[file] = None if isinstance(data, str) else dict(parse_game(file, data))
            except RefereeError:
                docs[file] = None
        return docs[file]

    def earlier(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
        pair = (a.get("hash") or "", b.get("hash") or "")
        if pair[0] and pair[1] and pair in index.versions:
            return index.versions[pair]
        first, second = document(dict(a)), document(dict(b))
        yes = first is not None and second is not None and prefix_of(first, second)
        if pair[0] and pair[1]:  # the current game file has no row: judged every time
            index.versions[pair] = index.new_versions[pair] = yes
        return yes

    scan.games, copies, scan.conflicts = counted_once(games, earlier)
    scan.copies = [(copy["file"], counted["file"]) for copy, counted in copies]


def _current_game(library: Path, current: Path | None) -> dict[str, Any] | None:
    """The summary of the finished game in ``current`` (the game file being played), as a
    library game; None for no file, an unfinished or unreadable game (the game commands name
    those), or a file inside the library (it is read as one of its files)."""
    if current is None:
        return None
    try:
        st = os.stat(current)
        inside = os.path.realpath(current).startswith(os.path.realpath(library) + os.sep)
    except (OSError, ValueError):
        return None
    if inside:
        return None
    data = read_game_file(current)
    if isinstance(data, str):
        return None
    summary, _ = summarize_file(current, data)
    if summary is None or not summary["finished"]:
        return None
    from .copies import game_key

    game = dict(summary)
    game["file"] = game["path"] = os.path.abspath(current)
    game["key"] = game_key(summary)
    game["hash"] = ""
    game["date"] = (
        summary["started"]
        or (
            datetime.fromtimestamp(st.st_mtime_ns / 1e9).astimezone().replace(microsecond=0)
        ).isoformat()
    )
    return game


def _state(
    library: Path,
    files: Mapping[str, Figures],
    skipped: list[tuple[str, str]],
    current: Path | None,
    now: int,
    digests: dict[str, tuple[str, list[str]]] | None = None,
) -> str | None:
    """The files' state an answer holds for: a hash over each folder's hash of its files'
    names, sizes, times and inodes (``folder_digests``, given as ``digests`` or worked out),
    what the walk passed over, the current game file's and the program's version; None when a
    file changed within RACY_NS of now (a change in one tick of a coarse clock could hide
    behind the same size and time: such a state is never trusted)."""
    from ..compat import blake2b
    from .index import _SCHEMA

    if digests is None:
        digests = folder_digests(files, now)
    # The summaries' version is in ``_code()`` (summary.py's size and time): not imported
    # here, since summary.py brings the referee's modules, which a kept answer never needs.
    h = blake2b(digest_size=16)
    h.update(f"{_code()}|{_SCHEMA}|{library}\0".encode())
    # In the walk's order, not sorted again: ``game_files`` lists each folder in name order,
    # depth first, so the same files give the same list (a sort of 10,000 entries was a fifth
    # of a warm answer); files listed otherwise only give another state, never a wrong answer.
    for folder, (hashed, _) in digests.items():
        if not hashed:
            return None
        data = folder.encode("utf-8", "surrogateescape")
        h.update(f"{len(data)}|".encode() + data + hashed.encode())
    h.update(repr(sorted(skipped)).encode("utf-8", "surrogateescape"))
    if current is not None:
        try:
            st = os.stat(current)
        except OSError:
            h.update(b"|no current game")
        else:
            if st.st_mtime_ns + RACY_NS >= now:
                return None
            h.update(f"|{os.path.abspath(current)!r}|{st.st_size}|{st.st_mtime_ns}".encode())
    return h.hexdigest()


def folder_digests(
    files: Mapping[str, Figures], now: int, counts: list[tuple[str, int]] | None = None
) -> dict[str, tuple[str, list[str]]]:
    """Each folder's game files (by the folder's path inside the library, "" for the library
    itself: its own files, not its folders') and a hash of their names, sizes, times and
    inodes; "" for a folder holding a file changed within RACY_NS of ``now`` (never trusted:
    a change in one tick of a coarse clock could hide behind the same size and time). A
    folder whose hash is the one it had when an answer was kept holds the files it held then,
    each as it was (``kept.grown`` compares only the others' files with the index's rows).

    ``counts``: how many files of ``files`` each folder holds, in the walk's order
    (``game_files`` lists each folder's files together): the figures are then taken once for
    every file, each folder's a slice of them; without, the files are grouped by their
    folders first."""
    from array import array
    from operator import attrgetter

    from ..compat import blake2b

    names, stats = list(files), list(files.values())
    if counts is None or sum(n for _, n in counts) != len(names):
        grouped: dict[str, list[str]] = {}
        for name in names:
            grouped.setdefault(name.rpartition(os.sep)[0], []).append(name)
        counts = [(folder, len(listed)) for folder, listed in grouped.items()]
        names = [name for listed in grouped.values() for name in listed]
        stats = [files[name] for name in names]
    figures: list[array[int]] | None
    try:  # in arrays of machine integers, each slice hashed as one buffer
        figures = [
            array("q", map(attrgetter("st_mtime_ns"), stats)),
            array("q", map(attrgetter("st_size"), stats)),
            array("Q", map(attrgetter("st_ino"), stats)),
        ]
    except OverflowError:  # a time past 2262, an inode past 64 bits: in words, then
        figures = None
    digests = {}
    start = 0
    for folder, count in counts:
        end = start + count
        listed = names[start:end]
        h = blake2b(digest_size=16)
        joined = "\0".join(listed).encode("utf-8", "surrogateescape")  # no name holds a NUL
        h.update(f"{count}|{len(joined)}|".encode() + joined)
        if figures is None:
            racy = any(st.st_mtime_ns + RACY_NS >= now for st in stats[start:end])
            words = [(st.st_size, st.st_mtime_ns, st.st_ino) for st in stats[start:end]]
            h.update(b"words" + repr(words).encode())
        else:
            racy = max(figures[0][start:end], default=now - RACY_NS - 1) + RACY_NS >= now
            for column in figures:
                h.update(column[start:end])
        digests[folder] = ("" if racy else h.hexdigest(), listed)
        start = end
    return digests


#: The code an answer is worked out by, below the package: an answer kept by other code (an
#: upgrade, a checkout of another version) is not given again.
_CODE = ("library", "output", "output/report", "cli/commands", "web")


def _code() -> str:
    """The size and time of every module of :data:`_CODE` (a few dozen ``stat``s)."""
    package = Path(__file__).resolve().parent.parent
    marks = []
    for folder in _CODE:
        try:
            with os.scandir(package / folder) as listing:
                for entry in listing:
                    if entry.name.endswith(".py"):
                        st = entry.stat()
                        marks.append(f"{folder}/{entry.name}:{st.st_size}:{st.st_mtime_ns}")
        except OSError:
            marks.append(f"{folder}:?")
    return "|".join(sorted(marks))


def _kept_reason(error: str | None) -> str | None:
    """A reason as the index stores it: a file name that is not UTF-8 in it with its bytes
    as ``\xff`` escapes (SQLite's text cannot hold the surrogates that stand for them)."""
    if error is None:
        return None
    return error.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def _stored(
    result: tuple[dict[str, Any] | None, str | None],
) -> tuple[str | None, str | None, str | None]:
    """A summary and error as the index stores them (the summary as JSON), with the game's
    key (``copies.game_key``)."""
    from .copies import game_key

    summary, error = result
    error = _kept_reason(error)  # it may name a file whose name is not UTF-8
    if not summary:
        return (None, error or "?", None)
    return (json.dumps(summary, ensure_ascii=False), None, game_key(summary))
