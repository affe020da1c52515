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

import hashlib
import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from ..domain.verdicts import Verdict
from ..errors import RefereeError
from ..i18n import N_p, register, t
from .index import OLD_INDEX_NAME, RACY_NS, Index, key_of, name_of
from .location import check_library
from .location import os_reason as _reason

__all__ = ["Progress", "Scan", "read_game_file", "scan_library", "summarize_file"]

TEXT = register(
    N_p("library.corrupt", "game file {path} is corrupt ({detail}): repair it or move it away"),
    N_p("library.skipped", "skipped {path}: {reason}"),
    N_p("library.refused", "event {number} does not stand: {reason}"),
    N_p("library.building", "reading the library"),
)


@dataclass
class Scan:
    """What the library holds: one summary per game (with ``file``, its path, ``path``, the
    path inside the library, ``key``, the game's key, ``date``, its start), the copies of a
    game not counted, the skipped, and what the index did that the user should hear of
    (``notes``, one line each)."""

    library: Path
    games: list[dict[str, Any]] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (file, reason)
    rebuilt: int = 0
    notes: list[str] = field(default_factory=list)
    copies: list[tuple[str, str]] = field(default_factory=list)  # (a copy, the file counted)


#: ``progress(total)`` is called once before summarizing ``total`` changed files and returns a
#: function called after each one; the CLI passes a rich progress bar.
Progress = Callable[[int], Callable[[], None]]


def _said(what: RefereeError | Verdict) -> str:
    """Why a file is skipped, in the run's language: the refusal's sentence (or a verdict's)."""
    from ..i18n import lang
    from ..i18n.words import say

    return say(what.verdict if isinstance(what, RefereeError) else what, lang())


def summarize_file(path: Path, data: bytes) -> tuple[dict[str, Any] | None, str | None]:
    """(summary, None) for a good game file's bytes, (None, reason) for a damaged or foreign
    one."""
    from ..game.model import Game
    from ..game.storage import CorruptGameFile, parse_game
    from ..referee import EventRefused

    try:
        doc = parse_game(path, data)
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
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def scan_library(library: Path, progress: Progress | None = None) -> Scan:
    """Every game file (``*.toml`` below ``library``, ``folders.game_files``) summarized,
    through the index, and the same game found twice counted once (``copies.counted_once``).

    Nothing is created when ``library`` does not exist, and nothing is written inside it: the
    index lives in the cache. Game files are only read. Raises GameFileError for a library
    path that is not a directory (``check_library``).
    """
    import time

    from .copies import counted_once, game_key
    from .folders import game_files

    scan = Scan(library)
    if not check_library(library):
        return scan
    files = game_files(library, scan.skipped)
    index = Index(library)
    meta: dict[str, str] = {}
    old = library / OLD_INDEX_NAME
    if index.db is not None and "old_index_named" not in index.meta and os.path.lexists(old):
        index.notes.append(t("library.old_index", old=old, index=index.path))
        meta["old_index_named"] = "1"
    try:
        now = time.time_ns()
        known: dict[str, tuple[dict[str, Any] | None, str | None]] = {}
        fresh: dict[str, tuple[Any, ...]] = {}
        changed: list[str] = []
        for name, st in files.items():
            row = index.rows.get(name)
            same = row is not None and (row.size, row.mtime_ns) == (st.st_size, st.st_mtime_ns)
            if same and row is not None and row.mtime_ns + RACY_NS < row.checked_ns:
                known[name] = (row.summary, row.error)
                continue
            data = read_game_file(library / name)
            if isinstance(data, str):
                scan.skipped.append((name, data))
                continue
            digest = _digest(data)
            if row is not None and row.hash == digest:  # touched, or racy: the same bytes
                known[name] = (row.summary, row.error)
                fresh[name] = (st.st_size, st.st_mtime_ns, digest, now, *_stored(known[name]))
            else:
                changed.append(name)
        advance = progress(len(changed)) if progress and changed else None
        for name in changed:
            data = read_game_file(library / name)  # read again: the bytes are not kept meanwhile
            if isinstance(data, str):
                scan.skipped.append((name, data))
            else:
                st = files[name]
                known[name] = summarize_file(library / name, data)
                fresh[name] = (st.st_size, st.st_mtime_ns, _digest(data), now)
                fresh[name] += _stored(known[name])
                scan.rebuilt += 1
            if advance:
                advance()
        if index.rebuild:  # the tables are made again: every row goes in
            for name, (summary, error) in known.items():
                if name not in fresh:
                    row = index.rows[name]
                    fresh[name] = (row.size, row.mtime_ns, row.hash, row.checked_ns)
                    fresh[name] += _stored((summary, error))
        present = {key_of(name) for name in files}
        gone = [key for key in index.keys if key not in present or name_of(key) not in index.rows]
        gone = [key for key in gone if name_of(key) not in fresh]
        if fresh or gone or index.rebuild or index.bad or meta:
            index.write(fresh, gone, meta)
    finally:
        index.close()
    scan.notes = index.notes
    where = str(library)
    games = []
    for name in sorted(known):
        summary, error = known[name]
        if error or not summary:
            scan.skipped.append((name, error or "?"))
            continue
        game = dict(summary)
        game["file"] = os.path.join(where, name)
        game["path"] = name
        game["key"] = game_key(summary)
        if game["started"] is None:  # format 1: no times; the file's own date stands in
            when = datetime.fromtimestamp(files[name].st_mtime_ns / 1e9).astimezone()
            game["date"] = when.replace(microsecond=0).isoformat()
        else:
            game["date"] = game["started"]
        games.append(game)
    scan.games, copies = counted_once(games)
    scan.copies = [(copy["file"], counted["file"]) for copy, counted in copies]
    scan.skipped.sort()
    return scan


def _stored(result: tuple[dict[str, Any] | None, str | None]) -> tuple[str | None, str | None]:
    """A summary and error as the index stores them (the summary as JSON)."""
    summary, error = result
    if error is not None:  # it may name a file whose name is not UTF-8: its bytes as \xff
        error = error.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    return (json.dumps(summary, ensure_ascii=False) if summary else None, error)
