"""An answer kept with what it was worked out from, and the games added to the library since.

``answered`` keeps each answer of ``history`` and ``stats`` with its tally
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

from .copies import Conflict
from .index import OLD_INDEX_NAME, RACY_NS, WRITE_WAIT, Index, index_state, key_of
from .location import answers_path, check_library
from .scan import (
    Progress,
    Scan,
    _current_game,
    _digest,
    _library_game,
    _stored,
    current_mark,
    read_game_file,
    summarize_file,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from .answers import Question
    from .ratings import RatingMemo

__all__ = ["answered", "grown", "keep_tally", "kept_tally"]

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
    scan.conflicts = [Conflict(c["files"], c["earlier"]) for c in state["conflicts"]]
    grown_body = {"epoch": body["epoch"], "gen": gen, "current": mark, "state": state}
    return scan, text, grown_body


def answered(
    library: Path,
    question: str,
    work: Callable[[Scan], str] | None,
    progress: Progress | None = None,
    current: Path | None = None,
    tell: Callable[[Scan], None] = lambda scan: None,
    asked: Question | None = None,
    memos: Callable[[str], RatingMemo] | None = None,
) -> tuple[Scan, str]:
    """``work(scan)``'s answer over the library, kept in the index with ``question`` (the
    command, its filters as given, the language and whatever else the answer depends on): as
    long as no game file changed (one directory walk and a ``stat`` each tell), the answer kept
    is given again without reading the index's games. The scan returned then holds what the
    user is told beside the answer (the files skipped, the conflicts) but no games. An answer
    is the same text as a fresh build gives: it is what ``work`` gave over these very files.
    ``tell(scan)`` is called before ``work``, which may raise (a player not in the library):
    nothing is kept then.

    ``asked``: the question of ``history`` or ``stats`` (``answers.Question``), worked out by
    ``answers.answer`` instead of ``work`` (``memos``: where the ratings are kept) and kept
    with its tally: once games are added, the answer is the kept one with them (``kept.py``),
    the games that did not change not read.
    """
    import time

    from .folders import game_files
    from .index import keep_answer, stored_answer
    from .scan import _state, scan_library

    def worked(scan: Scan) -> tuple[str, dict[str, Any] | None]:
        if asked is None:
            assert work is not None
            return work(scan), None
        from .answers import answer

        text, state = answer(asked, scan, memos)
        if scan.gen is None:
            return text, None
        return text, {"epoch": scan.epoch, "gen": scan.gen, "current": scan.current, "state": state}

    if not check_library(library):
        scan = scan_library(library, progress, current)
        tell(scan)
        return scan, worked(scan)[0]
    skipped: list[tuple[str, str]] = []
    files = game_files(library, skipped)
    state = _state(library, files, skipped, current, time.time_ns())
    if state is not None:
        kept = stored_answer(library, question, f"{state}/{index_state(library)}")
        if kept is not None:
            # What is told beside the answer, one line of JSON, then the answer's text as it
            # was worked out: the text (6 MB at 10,000 games) is neither escaped nor decoded.
            told, _, text = kept.partition("\n")
            payload = json.loads(told)
            scan = Scan(library)
            scan.skipped = [(name, why) for name, why in payload["skipped"]]
            scan.conflicts = [Conflict(c["files"], c["earlier"]) for c in payload["conflicts"]]
            tell(scan)
            return scan, text
    found: tuple[Scan, str, dict[str, Any] | None] | None = None
    body: dict[str, Any] | None
    if asked is not None:
        found = grown(library, question, asked, files, skipped, current, progress)
    if found is not None:
        scan, text, body = found
        tell(scan)
    else:
        scan = scan_library(library, progress, current, files, skipped)
        tell(scan)
        text, body = worked(scan)
    if not scan.notes:  # an index with troubles keeps nothing
        after = index_state(library)  # the index as this scan left it
        if body is not None:
            keep_tally(library, question, {**body, "index": after}, text)
        if state is not None:
            payload = {
                "skipped": scan.skipped,
                "conflicts": [{"files": c.files, "earlier": c.earlier} for c in scan.conflicts],
            }
            told = json.dumps(payload, ensure_ascii=True)  # one line: JSON escapes a line break
            keep_answer(library, question, f"{state}/{after}", f"{told}\n{text}")
    return scan, text
