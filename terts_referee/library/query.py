"""A filter's answer as a query of the index: only the games it keeps have their summaries read.

``history`` and ``stats`` with a filter (``--player``, ``--vs``, ``--since``, ``--until``,
``--rules``) asked for the first time (no answer kept to add games to, ``kept.grown``) need
three things of the library: who played each game and when (the players' names as shown, and
which games the filter keeps), the finished games of the period (the ratings, over the period
whoever played), and the whole summaries of the games the filter keeps (the figures, the
list). The index brought up to the files (``kept.brought_up``: one walk and a ``stat`` each,
only what changed read), the first two come from each row's head (``index.HEAD``, a few fields
SQLite takes out of the summary), the third from the rows of the games kept, read and checked
as a scan reads them. The scan returned is a scan's, but for the games the filter does not
keep, which hold only their heads: every figure the answer shows comes from the same games in
the same order (the property test of the kept answers holds the two to a fresh build's, byte
for byte).

An index with anything to repair or to say is left to a scan (``query`` gives None), which
reads every row and says what it found.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import NotationError
from .index import Index, Row, _row, name_of

#: What a query reads of every game's summary (``heads_then``): who played, when, under which
#: rules and how it ended (what names the players, rates them and filters the games), and
#: what tells one game's copies apart (``copies.same_game``, ``order_key``).
HEAD = ("players", "started", "finished", "winner", "rules", "id", "digest", "entries", "latest")

if TYPE_CHECKING:
    from collections.abc import Callable, Collection, Mapping

    from .answers import Question
    from .folders import Figures
    from .scan import Progress, Scan

__all__ = ["HEAD", "filtered", "heads_then", "query"]


def filtered(question: Question) -> bool:
    """Whether the question has a filter: without one, every game is read, as a scan does."""
    return any((question.player, question.vs, question.since, question.until, question.rules))


def query(
    library: Path,
    question: Question,
    files: Mapping[str, Figures],
    skipped: list[tuple[str, str]],
    current: Path | None,
    progress: Progress | None,
) -> Scan | None:
    """The scan ``question`` is answered from (see the module's doc), the index brought up to
    ``files`` (the walk's, with what it ``skipped``) on the way; None when it is for a scan to
    work out (an index to repair, a row that fails its seal, a write someone else made)."""
    from .answers import filters_of
    from .scan import _count_once, _current_game, _library_game, brought_up, usable
    from .stats import display_names

    index = Index(library, light=True)
    try:
        if not usable(library, index):
            return None
        scan = brought_up(library, index, files, skipped, progress)
        if scan is None:
            return None
        unreadable = {name for name, _ in scan.skipped}
        where = str(library)
        extra = _current_game(library, current)
        counted: list[dict[str, Any]] = []

        def pick(heads: list[tuple[str, str, dict[str, Any]]]) -> list[str]:
            """The games counted (each copy once) and, of them, those the filter keeps."""
            games = [
                _library_game(where, name, head, digest, files[name])
                for name, digest, head in sorted(heads, key=lambda h: h[0])
                if name in files and name not in unreadable
            ]
            if extra is not None:
                games.append(extra)
            _count_once(scan, games, index)
            counted[:] = scan.games
            # The game being played is counted on top of the library's answer, whose filter
            # is resolved among the library's names alone (``kept._worked``); when that cannot
            # be, the answer is over every game: the games either way are read whole.
            kept: set[str] = set()
            alone = [g for g in scan.games if g is not extra]
            for among in (scan.games, alone) if extra is not None else (scan.games,):
                try:
                    filters = filters_of(question, display_names(among))
                except NotationError:  # refused by that answer, as a scan's is: none read
                    continue
                kept.update(g["path"] for g in filters.kept(among) if g is not extra)
            return sorted(kept)

        found = heads_then(index, pick)
        errors = index.errors()
        if found is None or errors is None:
            return None
        _, rows = found
        for at, game in enumerate(counted):
            row = rows.get(game["path"]) if game is not extra else None
            if row is not None and row.summary is not None:  # of the snapshot the head is
                name = game["path"]
                counted[at] = _library_game(where, name, row.summary, row.hash, files[name])
        scan.games = counted
        scan.playing = extra is not None
        named = {name for name, _ in scan.skipped}  # a file unreadable now: said once, as a scan
        scan.skipped.extend((name, why) for name, why in errors if name not in named)
        scan.skipped.sort()
        if index.new_versions and index.write({}, [], {}) is None:
            return None  # two copies compared for the first time: kept for the next scan
    finally:
        index.close()
    scan.notes = index.notes
    return scan


def heads_then(
    index: Index, pick: Callable[[list[tuple[str, str, dict[str, Any]]]], Collection[str]]
) -> tuple[list[tuple[str, str, dict[str, Any]]], dict[str, Row]] | None:
    """In one snapshot: every game's head (name, hash, and the summary's HEAD fields, taken
    out by SQLite: no summary decoded in Python), then the whole rows of the games
    ``pick(heads)`` names (a filter's games: all a query decodes). Every row is checked by
    its seal first, as a scan checks it: a head is a row's as this module wrote it, or the
    query gives way to a scan (which reads that file again and says so). None then, and when
    the index cannot be read so or a row is neither a summary nor a reason."""
    import sqlite3

    from .index import _seal

    if index.db is None:
        return None
    db = index.db
    paths = ", ".join(f"'$.{field}'" for field in HEAD)
    try:
        db.execute("BEGIN")
        try:
            found = db.execute(
                "SELECT file, size, mtime_ns, hash, checked_ns, summary, error, key, born, gen, "
                f"seal, CASE WHEN error IS NULL THEN json_extract(summary, {paths}) END "
                "FROM games"
            ).fetchall()
        finally:
            db.execute("COMMIT")
    except sqlite3.Error:  # a summary that is not JSON among them: a scan's
        return None
    heads = []
    whole: dict[str, tuple[Any, ...]] = {}
    try:
        for values in found:
            key, summary, error, fields = values[0], values[5], values[6], values[11]
            name = name_of(key)
            if name is None or _seal(key, values[1:10]) != values[10]:
                return None  # damaged, or not this module's: a scan reads the file again
            if summary is None and isinstance(error, str):
                continue  # a file skipped: among ``Index.errors``
            if not (isinstance(summary, str) and error is None and isinstance(fields, str)):
                return None
            head = json.loads(fields)
            if type(head) is not list or len(head) != len(HEAD):
                return None
            heads.append((name, values[3], dict(zip(HEAD, head, strict=True))))
            whole[name] = values
        wanted = set(pick(heads))
    except (ValueError, TypeError, KeyError, AttributeError):  # a head not a summary's
        return None
    rows: dict[str, Row] = {}
    for name in wanted:
        values = whole.get(name)
        row = _row(values[0], values[1:11]) if values is not None else None
        if row is None or row.summary is None:
            return None
        rows[name] = row
    return heads, rows
