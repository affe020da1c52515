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

from ..errors import NotationError
from .copies import Conflict
from .index import WRITE_WAIT, Index, _uri, index_state
from .location import answers_path, check_library
from .scan import (
    Progress,
    Scan,
    _current_game,
    _library_game,
    brought_up,
    usable,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from .answers import Question
    from .ratings import RatingMemo

__all__ = ["answered", "exact", "grown", "keep", "kept_tally"]

#: How many answers are kept (each question one: a command, its filters, its text's form).
MOST = 64

_TABLE = (
    "CREATE TABLE IF NOT EXISTS kept "
    "(question TEXT PRIMARY KEY, state TEXT, told TEXT, body TEXT, answer BLOB, base BLOB, "
    "seal TEXT)"
)


def _seal(question: str, state: str, told: str, body: str, answer: bytes, base: bytes) -> str:
    """A kept answer's seal: a hash of its question, state, told and body, and of the answer's
    CRC-32 and length. It tells a damaged or foreign row from this module's, not an attacker's
    (who could write the index as well): the answer, megabytes at 10,000 games, is summed by
    CRC-32 (about 2.7 ms for 6 MB here, where blake2b takes 17)."""
    import zlib

    h = hashlib.blake2b(digest_size=16)
    sums = f"{zlib.crc32(answer)}:{len(answer)}:{zlib.crc32(base)}:{len(base)}"
    for part in (question, state, told, body, sums):
        data = part.encode("utf-8", "surrogatepass")
        h.update(len(data).to_bytes(8, "big") + data)
    return h.hexdigest()


def _read(library: Path, question: str, state: str | None) -> tuple[str, str, bytes, bytes] | None:
    """The row kept for ``question`` (its told, body, answer and base), checked by its seal;
    with ``state``, only when kept over that state (the answer is then not read otherwise)."""
    import sqlite3
    import stat

    path = answers_path(library)
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        db = sqlite3.connect(
            f"file:{_uri(path)}?mode=ro", uri=True, timeout=0, isolation_level=None
        )
    except (OSError, sqlite3.Error):
        return None
    try:
        db.execute("BEGIN")
        try:
            found = db.execute("SELECT state FROM kept WHERE question = ?", (question,)).fetchone()
            if found is None or (state is not None and found[0] != state):
                return None
            row = db.execute(
                "SELECT state, told, body, answer, seal, base FROM kept WHERE question = ?",
                (question,),
            ).fetchone()
        finally:
            db.execute("COMMIT")
    except sqlite3.Error:
        return None
    finally:
        db.close()
    if row is None or not all(isinstance(v, str) for v in (*row[:3], row[4])):
        return None
    if not (isinstance(row[3], bytes) and isinstance(row[5], bytes)):
        return None
    if row[4] != _seal(question, row[0], row[1], row[2], row[3], row[5]):
        return None
    return row[1], row[2], row[3], row[5]


def exact(library: Path, question: str, state: str) -> tuple[dict[str, Any], bytes] | None:
    """The answer kept for ``question`` over the files' ``state``: what is told beside it and
    its text, as the UTF-8 bytes kept (a face writes them as they are: 6 MB at 10,000 games
    decoded and encoded again is about 10 ms); None when none is kept over that state."""
    found = _read(library, question, state)
    if found is None:
        return None
    told, _, answer, _ = found
    try:  # the answer's bytes as sealed: only this module writes them, from its own text
        return json.loads(told), answer
    except ValueError:
        return None


def kept_tally(library: Path, question: str) -> tuple[dict[str, Any], bytes] | None:
    """The tally kept for ``question`` and the text it is of (the library's games alone: the
    answer without the game being played, when that one counts), or None (none kept, a seal
    that does not match, a file that cannot be read at once)."""
    found = _read(library, question, None)
    if found is None:
        return None
    _, body, answer, base = found
    try:
        tally = json.loads(body)
    except ValueError:
        return None
    return (tally, base or answer) if isinstance(tally, dict) and tally else None


def keep(
    library: Path,
    question: str,
    state: str,
    told: dict[str, Any],
    body: dict[str, Any] | None,
    text: bytes,
    base: bytes = b"",
) -> None:
    """Keep the answer ``text`` for ``question``, over the files' ``state`` ("" for a state
    not to trust: the tally alone is kept), with what is told beside it and its ``body`` (the
    tally and the index's generation it is of; None: none to keep) and the text the tally is
    of when it is not ``text`` (``base``: the answer without the game being played). Best
    effort, never waiting more than WRITE_WAIT; a file that is not a database of answers is
    made again (it holds nothing the game files do not)."""
    import sqlite3
    import stat

    path = answers_path(library)
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return  # a folder, a FIFO (whose open would hang): nothing is kept
    except FileNotFoundError:
        pass
    except OSError:
        return
    said = json.dumps(told, ensure_ascii=True)
    written = json.dumps(body, ensure_ascii=True) if body is not None else ""
    sealed = _seal(question, state, said, written, text, base)
    row = (question, state, said, written, text, base, sealed)
    for attempt in (1, 2):
        try:
            db = sqlite3.connect(path, timeout=WRITE_WAIT, isolation_level=None)
        except sqlite3.Error:
            return
        try:
            # A cache, sealed and made again when damaged: an answer lost in a crash is worked
            # out again, so its 6 MB are neither journalled nor synced (about 25 ms a write
            # at 10,000 games, the old answer's pages copied to the journal and two fsyncs).
            db.execute("PRAGMA journal_mode = MEMORY")
            db.execute("PRAGMA synchronous = OFF")
            db.execute(_TABLE)
            db.execute("BEGIN IMMEDIATE")
            db.execute("INSERT OR REPLACE INTO kept VALUES (?, ?, ?, ?, ?, ?, ?)", row)
            db.execute(
                "DELETE FROM kept WHERE rowid NOT IN "
                "(SELECT rowid FROM kept ORDER BY rowid DESC LIMIT ?)",
                (MOST,),
            )
            db.execute("COMMIT")
            return
        except sqlite3.DatabaseError as exc:
            damaged = type(exc) is sqlite3.DatabaseError or "malformed" in str(exc)
            db.close()
            if not damaged or attempt == 2 or not path.is_file():
                return
            try:
                path.unlink()
            except OSError:
                return
        except (sqlite3.Error, ValueError):
            return
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
) -> tuple[Scan, bytes, dict[str, Any], bytes] | None:
    """The answer to ``asked`` from the tally kept for ``question`` and the games added since
    (see the module's doc): the scan to tell the user of, the text, the body to keep and the
    text of the library alone when the game being played counts on top of it (else b""); or
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
            not usable(library, index)
            or index.epoch != body.get("epoch")
            or not isinstance(body.get("gen"), int)
            or (before != body.get("index") and index.gen == body["gen"])  # not our write
        ):
            return None
        scan = brought_up(library, index, files, skipped, progress)
        if scan is None:
            return None
        since = index.changed_since(body["gen"])
        errors = index.errors()
        if since is None or errors is None:
            return None
        gen, rows, removed = since
        if removed:
            return None
        added = []
        for name, written in rows:
            if written is None or written.born <= body["gen"]:
                return None  # a file changed since, or a row not this module's
            if written.summary is None:
                continue  # a file skipped: among the errors
            if written.key is None or index.has_key(written.key, name):
                return None  # a copy of a game counted: which copy counts is a scan's
            listed = files.get(name)
            if listed is None:
                return None
            game = _library_game(str(library), name, written.summary, written.hash, listed)
            added.append(game)
        # The game being played, won: counted on top of the library's tally, never in it (once
        # moved in by ``terts new`` it is one of the games added to the library)
        extra = _current_game(library, current)
        if extra is not None and (
            index.has_key(extra["key"], "") or any(g["key"] == extra["key"] for g in added)
        ):
            return None  # in the library too: which copy counts is a scan's
        named = {name for name, _ in scan.skipped}  # a file unreadable now: said once, as a scan
        scan.skipped.extend((name, why) for name, why in errors if name not in named)
        scan.skipped.sort()
        told = Told.of(scan)
        grew = more(asked, body["state"], text, added, told)
        if grew is None:
            return None
        base, state = grew
        final = grew if extra is None else more(asked, _copy(state), base, [extra], told)
        if final is None:
            return None
    finally:
        index.close()
    scan.conflicts = [Conflict(c["files"], c["earlier"]) for c in state["conflicts"]]
    grown_body = {"epoch": body["epoch"], "gen": gen, "state": state}
    return scan, final[0], grown_body, (b"" if extra is None else base)


def answered(
    library: Path,
    question: str,
    asked: Question,
    progress: Progress | None = None,
    current: Path | None = None,
    tell: Callable[[Scan], None] = lambda scan: None,
    memos: Callable[[str], RatingMemo] | None = None,
    busy: Callable[[], None] = lambda: None,
) -> tuple[Scan, bytes]:
    """The text of ``asked`` (``answers.Question``: ``history`` or ``stats``, their filters and
    form) over the library, kept with ``question`` (the command, its filters as given, the
    language and whatever else the answer depends on). As long as no game file changed (one
    directory walk and a ``stat`` each tell), the answer kept is given again without reading
    the index, as the UTF-8 bytes kept; once games are added, it is the kept one with them
    (``grown``); else it is worked out from a scan (``answers.answer``; ``memos``: where the
    ratings are kept). The text is the one a fresh build gives either way. The scan returned
    holds what the user is told beside the answer (the files skipped, the conflicts), its
    games only when a scan was made. ``tell(scan)`` is called before the answer is worked
    out, which may raise (a player not in the library): nothing is kept then. ``busy()`` is
    called before any game is read (the terminal turns its collector on for a long read; a
    kept answer is printed by a one-shot command that ends at once)."""

    from .answers import answer
    from .folders import game_files
    from .scan import _state, scan_library

    if not check_library(library):
        busy()
        scan = scan_library(library, progress, current)
        tell(scan)
        return scan, answer(asked, scan, memos)[0]
    skipped: list[tuple[str, str]] = []
    files = game_files(library, skipped)
    state = _state(library, files, skipped, current, time.time_ns())
    if state is not None:
        found = exact(library, question, f"{state}/{index_state(library)}")
        if found is not None:
            told, kept_text = found
            scan = Scan(library)
            scan.skipped = [(name, why) for name, why in told["skipped"]]
            scan.conflicts = [Conflict(c["files"], c["earlier"]) for c in told["conflicts"]]
            tell(scan)
            return scan, kept_text
    busy()
    grew = grown(library, question, asked, files, skipped, current, progress)
    body: dict[str, Any] | None
    if grew is not None:
        scan, text, body, base = grew
        tell(scan)
    else:
        from .query import filtered, query

        queried = (
            query(library, asked, files, skipped, current, progress) if filtered(asked) else None
        )
        scan = queried or scan_library(library, progress, current, files, skipped)
        tell(scan)
        text, body, base = _worked(asked, scan, current, memos)
    if not scan.notes:  # an index with troubles keeps nothing
        after = index_state(library)  # the index as this scan left it
        from .answers import conflicts_of

        told = {"skipped": scan.skipped, "conflicts": conflicts_of(scan)}
        if body is not None:
            body["index"] = after
        state = "" if state is None else f"{state}/{after}"
        keep(library, question, state, told, body, text, base)
    return scan, text


def _copy(state: dict[str, Any]) -> dict[str, Any]:
    """A tally to add a game to and drop (``more`` adds to the one it is given), the kept one
    left as it is: as JSON keeps it."""
    copied: dict[str, Any] = json.loads(json.dumps(state))
    return copied


def _worked(
    asked: Question,
    scan: Scan,
    current: Path | None,
    memos: Callable[[str], RatingMemo] | None,
) -> tuple[bytes, dict[str, Any] | None, bytes]:
    """The answer over a scan, the body to keep (None: none), and the text of the library
    alone when the game being played is counted on top of it. That game is the one most
    likely to change (moved into the library by ``terts new``), so the tally kept is the
    library's alone, and the game is added to it (``answers.more``) for the answer; when it
    cannot be (it started before a library game, it is a copy of one, a player only it
    has), the answer is worked out over every game, and no tally is kept."""
    from .answers import answer, more

    def body(tally: dict[str, Any]) -> dict[str, Any] | None:
        if scan.gen is None:
            return None
        return {"epoch": scan.epoch, "gen": scan.gen, "state": tally}

    if not scan.playing:
        text, tally = answer(asked, scan, memos)
        return text, body(tally), b""
    file = os.path.abspath(current) if current is not None else None
    playing = [g for g in scan.games if g["file"] == file]
    alone = [g for g in scan.games if g["file"] != file]
    involved = {file} & {name for pair in scan.copies for name in pair} | {file} & {
        name for c in scan.conflicts for name in (*c.files, *c.earlier)
    }
    if len(playing) == 1 and not involved:
        library_only = Scan(scan.library, alone, scan.skipped, 0, [], scan.copies)
        library_only.conflicts = scan.conflicts
        try:
            base, tally = answer(asked, library_only, memos)
        except NotationError:
            pass  # a player only the game being played has: over every game, below
        else:
            from .answers import Told

            final = more(asked, _copy(tally), base, playing, Told.of(scan))
            if final is not None:
                return final[0], body(tally), base
    text, _ = answer(asked, scan, memos)
    return text, None, b""
