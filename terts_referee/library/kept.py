"""An answer kept with what it was worked out from, and the games added to the library since.

``scan.answered`` keeps each answer of ``history`` and ``stats`` with its tally
(``answers.answer``) and the index's generation it is of (``Index.write``: every write that
changes a game counts one; a row holds the generation its file was first read in and the one
its bytes last changed in; the files removed are named with the generation of their removal).
Asked again after games were added, ``grown`` brings the index up to the files as a scan does
(one walk and a ``stat`` each; only what changed is read), but reads no summary of a game that
did not change: what changed since the answer is a query, and when it is only games added
(none removed or changed, none a copy of another) the answer is ``answers.more``'s. Anything
else, or an index written by another program than this one (its files changed while its
generation did not: a damage, a hand's edit), is left to a scan (``grown`` gives None).

Kept beside the answers (``location.answers_path``), sealed like them; best effort both ways.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .index import OLD_INDEX_NAME, RACY_NS, WRITE_WAIT, Index, index_state, key_of
from .location import answers_path

if TYPE_CHECKING:
    from .answers import Question
    from .scan import Progress, Scan

__all__ = ["grown", "keep_tally", "kept_tally"]

#: How many tallies are kept (each question one), as many as answers.
MOST = 64

_TABLE = (
    "CREATE TABLE IF NOT EXISTS tallies "
    "(question TEXT PRIMARY KEY, body TEXT, answer TEXT, seal TEXT)"
)


def _seal(*parts: str) -> str:
    h = hashlib.blake2b(digest_size=16)
    for part in parts:
        data = part.encode("utf-8", "surrogatepass")
        h.update(len(data).to_bytes(8, "big") + data)
    return h.hexdigest()


def kept_tally(library: Path, question: str) -> tuple[dict[str, Any], str] | None:
    """The tally kept for ``question`` and its answer's text, or None (none kept, a seal that
    does not match, a file that cannot be read at once)."""
    import sqlite3
    import stat

    path = answers_path(library)
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=0, isolation_level=None)
    except (OSError, sqlite3.Error):
        return None
    try:
        row = db.execute(
            "SELECT body, answer, seal FROM tallies WHERE question = ?", (question,)
        ).fetchone()
    except sqlite3.Error:
        return None
    finally:
        db.close()
    if row is None or not all(isinstance(v, str) for v in row):
        return None
    if row[2] != _seal(question, row[0], row[1]):
        return None
    try:
        body = json.loads(row[0])
    except ValueError:
        return None
    return (body, row[1]) if isinstance(body, dict) else None


def keep_tally(library: Path, question: str, body: dict[str, Any], text: str) -> None:
    """Keep ``body`` (the tally and the index's generation it is of) with the answer's text;
    best effort, never waiting more than WRITE_WAIT."""
    import sqlite3
    import stat

    path = answers_path(library)
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return
    except FileNotFoundError:
        pass
    except OSError:
        return
    written = json.dumps(body, ensure_ascii=True)
    try:
        db = sqlite3.connect(path, timeout=WRITE_WAIT, isolation_level=None)
    except sqlite3.Error:
        return
    try:
        db.execute(_TABLE)
        db.execute("BEGIN IMMEDIATE")
        db.execute(
            "INSERT OR REPLACE INTO tallies VALUES (?, ?, ?, ?)",
            (question, written, text, _seal(question, written, text)),
        )
        db.execute(
            "DELETE FROM tallies WHERE rowid NOT IN "
            "(SELECT rowid FROM tallies ORDER BY rowid DESC LIMIT ?)",
            (MOST,),
        )
        db.execute("COMMIT")
    except (sqlite3.Error, ValueError):
        pass
    finally:
        db.close()


def current_mark(game: dict[str, Any] | None) -> list[str] | None:
    """How a tally remembers the game being played it counted: its key and digest."""
    return None if game is None else [game["key"], game["digest"]]


def grown(
    library: Path,
    question: str,
    asked: Question,
    files: dict[str, os.stat_result],
    skipped: list[tuple[str, str]],
    current: Path | None,
    progress: Progress | None,
) -> tuple[Scan, str, dict[str, Any]] | None:
    """The answer to ``asked`` from the tally kept for ``question`` and the games added since
    (see the module's doc): the scan to tell the user of, the text, and the body to keep; or
    None when it is for a scan to work out."""
    from .answers import Told, more
    from .scan import (
        Scan,
        _current_game,
        _digest,
        _library_game,
        _stored,
        read_game_file,
        summarize_file,
    )

    kept = kept_tally(library, question)
    if kept is None:
        return None
    body, text = kept
    before = index_state(library)
    index = Index(library, light=True)
    try:
        if (
            index.db is None
            or index.rebuild
            or index.bad
            or index.notes
            or index.epoch != body.get("epoch")
            or not isinstance(body.get("gen"), int)
            or (before != body.get("index") and index.gen == body["gen"])  # not our write
            or ("old_index_named" not in index.meta and os.path.lexists(library / OLD_INDEX_NAME))
        ):
            return None
        scan = Scan(library)
        scan.skipped = list(skipped)
        now = time.time_ns()
        fresh: dict[str, tuple[Any, ...]] = {}
        changed = []
        for name, st in files.items():
            row = index.rows.get(name)
            if row is None:
                changed.append(name)
                continue
            if (row.size, row.mtime_ns) == (st.st_size, st.st_mtime_ns):
                if row.mtime_ns + RACY_NS < row.checked_ns:
                    continue
                data = read_game_file(library / name)  # racy: the same bytes, or changed
                if isinstance(data, str):
                    scan.skipped.append((name, data))
                    continue
                if _digest(data) == row.hash:
                    continue  # its row is made trusted by the next scan, which reads it
            changed.append(name)
        advance = progress(len(changed)) if progress and changed else None
        for name in changed:
            data = read_game_file(library / name)
            if isinstance(data, str):
                scan.skipped.append((name, data))
            else:
                st = files[name]
                result = summarize_file(library / name, data)
                fresh[name] = (st.st_size, st.st_mtime_ns, _digest(data), now)
                fresh[name] += (*_stored(result), True)
                scan.rebuilt += 1
            if advance:
                advance()
        present = {key_of(name) for name in files}
        gone = [key for key in index.keys if key not in present]
        if fresh or gone:
            if index.write(fresh, gone, {}) is None:
                return None
        since = index.changed_since(body["gen"])
        errors = index.errors()
        if since is None or errors is None:
            return None
        gen, rows, removed = since
        if removed:
            return None
        added = []
        for name, row in rows:
            if row is None or row.born <= body["gen"]:
                return None  # a file changed since, or a row not this module's
            if row.summary is None:
                continue  # a file skipped: among the errors
            if row.key is None or index.has_key(row.key, name):
                return None  # a copy of a game counted: which copy counts is a scan's
            listed = files.get(name)
            if listed is None:
                return None
            added.append(_library_game(str(library), name, row.summary, row.hash, listed))
        extra = _current_game(library, current)
        mark = current_mark(extra)
        if mark != body.get("current"):
            if body.get("current") is not None or extra is None:
                return None
            if index.has_key(extra["key"], "") or any(g["key"] == extra["key"] for g in added):
                return None
            added.append(extra)
        elif extra is not None and any(g["key"] == extra["key"] for g in added):
            return None
        named = {name for name, _ in scan.skipped}  # a file unreadable now: said once, as a scan
        scan.skipped.extend((name, why) for name, why in errors if name not in named)
        scan.skipped.sort()
        told = Told.of(scan)
        answer = more(asked, body["state"], text, added, told)
        if answer is None:
            return None
        text, state = answer
    finally:
        index.close()
    from .copies import Conflict

    scan.conflicts = [Conflict(c["files"], c["earlier"]) for c in state["conflicts"]]
    grown_body = {"epoch": body["epoch"], "gen": gen, "current": mark, "state": state}
    return scan, text, grown_body
