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

Each answer is a file of its own in a folder beside the index (``location.answers_folder``),
sealed by a CRC-32 and put in place whole; best effort both ways.
"""

from __future__ import annotations

import json
import marshal
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, overload

from ..errors import NotationError
from .index import WRITE_WAIT, Index, index_state
from .location import answers_folder, answers_path, check_library
from .scan import (
    Progress,
    Scan,
    _current_game,
    _library_game,
    brought_up,
    usable,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from .answers import Question
    from .copies import Conflict
    from .folders import Figures, Listed
    from .ratings import RatingMemo

__all__ = [
    "AFTER_THE_WALK",
    "Walked",
    "answered",
    "exact",
    "grown",
    "keep",
    "kept_tally",
    "walk_state",
]

#: A walk made elsewhere (``walk_state``), in marshal's types: each folder holding game files
#: in the walk's order, as (its path inside the library, its hash of its files, "" for one not
#: to be trusted (``scan.folder_digests``), their names joined by NULs, and their sizes, times
#: and inodes, each an array of 64-bit integers in the machine's order, as bytes); what the walk
#: passed over (path inside the library, reason); and the time in ns the hashes were taken at.
Walked = tuple[list[tuple[str, str, str, bytes, bytes, bytes]], list[tuple[str, str]], int]

#: The modules an answer not kept (grown by a game added, or worked out) imports that one kept
#: does not, by command, each after those it imports: imported while a walk made elsewhere is
#: awaited (``startup.walked``), one at a time until the walk is in, they are time the answer
#: waited for nothing (``tests/library/test_kept_answers.py`` holds that each is needed).
AFTER_THE_WALK: dict[str, tuple[str, ...]] = {
    "history": (
        "sqlite3",
        "terts_referee.domain.rules",
        "terts_referee.domain.events",
        "terts_referee.referee.state",
        "terts_referee.referee.declaring",
        "terts_referee.referee",
        "terts_referee.game.model",
        "terts_referee.library.summary",
        "tomli",
        "terts_referee.library.copies",
        "terts_referee.library.stats",
    ),
}
AFTER_THE_WALK["stats"] = (
    *AFTER_THE_WALK["history"],
    "terts_referee.library.tally",
    "terts_referee.library.rating_step",
    "decimal",
    "fractions",
    "statistics",
    "openskill.models",
)

#: How many answers are kept (each question one: a command, its filters, its text's form).
MOST = 64

#: The first line of a kept answer's file, before the CRC-32 of all that follows it; it names
#: the format of the body (``marshal``'s, which another Python may write otherwise): a file of
#: another Python, or of the JSON bodies before, is not read, and is worked out again.
_MAGIC = b"terts-answer/2 marshal %d py%d.%d " % (marshal.version, *sys.version_info[:2])

#: How a kept answer's file is opened: never waiting (a FIFO put in its place), never a
#: terminal, nothing left to a child.
_READ = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
_READ |= getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
_WRITE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
_WRITE |= getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)

#: A temporary file older than this (seconds) is one a process left when it died: removed.
_STALE = 600


def _file_of(library: Path, question: str) -> Path:
    """The file ``question``'s answer is kept in: named by two checksums of the question (two
    questions of one name only take each other's place: each file holds its question)."""
    import zlib

    data = question.encode("utf-8", "surrogatepass")
    return answers_folder(library) / f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}.answer"


def _read(
    library: Path, question: str, state: str | None
) -> tuple[dict[str, Any], memoryview, memoryview, memoryview] | None:
    """The answer kept for ``question``: what is told beside it, its body (the tally, as
    marshal), its text and its base, checked by the file's CRC-32; with ``state``, only when kept
    over that state (nothing past the header is looked at otherwise).

    A file of its own, mapped (no database to open: at 10,000 games the SQLite read of its
    1,200 overflow pages was 8.8 ms of a warm answer, sqlite3's import 2 more; and its pages
    are the system's cache, not copied into the process: 4.8 MB read into a new bytes object
    were 3 ms more). The parts are views of the mapping, valid while one of them is held. A
    file that is not one this module wrote whole (a damage, a crash before it was put in
    place cannot leave one: see ``keep``, which never writes a file in place) fails its
    length or its CRC and is not used. The CRC tells a damaged file from a whole one, not an
    attacker's (who could write the game files too). A mapped file cut short in place while
    it is read would end the process (SIGBUS): no terts writes one in place, and another
    program's doing so within the millisecond of the read is not guarded against."""
    import mmap
    import stat
    import zlib

    try:
        fd = os.open(_file_of(library, question), _READ)
    except (OSError, ValueError):
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None  # a folder, a FIFO put in its place
        mapped = mmap.mmap(fd, 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError):  # an empty file cannot be mapped
        return None
    finally:
        os.close(fd)  # the mapping keeps the file
    first = mapped.find(b"\n", 0, 64)
    if first < 0 or not mapped[: len(_MAGIC)] == _MAGIC:
        return None
    try:
        sealed = int(mapped[len(_MAGIC) : first], 16)
        end = mapped.find(b"\n", first + 1)
        header = json.loads(mapped[first + 1 : end]) if end > 0 else None
    except ValueError:
        return None
    if not (
        type(header) is list
        and len(header) == 6
        and header[0] == question
        and isinstance(header[1], str)
        and type(header[2]) is dict
        and all(type(n) is int and n >= 0 for n in header[3:])
    ):
        return None
    if state is not None and header[1] != state:
        return None
    whole = memoryview(mapped)
    at = [end + 1]
    for n in header[3:]:
        at.append(at[-1] + n)
    if at[-1] != len(whole) or zlib.crc32(whole[first + 1 :]) != sealed:
        return None
    return header[2], whole[at[1] : at[2]], whole[at[0] : at[1]], whole[at[2] : at[3]]


def exact(library: Path, question: str, state: str) -> tuple[dict[str, Any], memoryview] | None:
    """The answer kept for ``question`` over the files' ``state``: what is told beside it and
    its text, its UTF-8 bytes as kept (a view of the file mapped: a face writes them as they
    are; 6 MB at 10,000 games decoded and encoded again is about 10 ms); None when none is
    kept over that state."""
    found = _read(library, question, state)
    if found is None:
        return None
    told, _, answer, _ = found
    return told, answer


def kept_tally(library: Path, question: str) -> tuple[dict[str, Any], bytes] | None:
    """The tally kept for ``question`` and the text it is of (the library's games alone: the
    answer without the game being played, when that one counts), or None (none kept, a seal
    that does not match, a file that cannot be read at once)."""
    found = _read(library, question, None)
    if found is None or not found[1]:
        return None
    _, body, answer, base = found
    try:
        # marshal, not JSON: the 584 KB body at 10,000 games loads in 0.9 ms (JSON 2.5) and is
        # written in 0.4 (1.9). It holds JSON's types alone (str keys), so it reads back as a
        # JSON round trip would. The file passed its CRC-32, and is this user's own cache: a
        # crafted body (marshal is not safe against one) needs the hand that writes the games.
        tally = marshal.loads(body)
    except (ValueError, EOFError, TypeError):
        return None
    return (tally, bytes(base or answer)) if isinstance(tally, dict) and tally else None


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
    effort: an answer that cannot be kept is worked out again next time.

    Written whole to a temporary file beside it, then put in its place (``os.replace``): a
    reader sees the old file or the new one, never a part; two writers, the last one's. Not
    synced: a cache, sealed, worked out again when a crash leaves it damaged. The oldest files
    beyond MOST are removed."""
    import stat
    import zlib

    folder = answers_folder(library)
    try:
        os.mkdir(folder, 0o700)
    except FileExistsError:
        pass
    except OSError:
        return  # no cache folder (read-only): nothing is kept
    else:
        _forget_table(library)
    try:
        if not stat.S_ISDIR(os.lstat(folder).st_mode):
            return  # a file, a link, a FIFO in its place: nothing is kept
    except OSError:
        return
    written = marshal.dumps(body) if body is not None else b""
    header = [question, state, told, len(text), len(written), len(base)]
    head = json.dumps(header, ensure_ascii=True).encode() + b"\n"
    crc = zlib.crc32(head)
    for part in (text, written, base):
        crc = zlib.crc32(part, crc)
    path = _file_of(library, question)
    temp = folder / f".{path.stem}.{os.getpid()}.{os.urandom(4).hex()}.tmp"
    try:
        fd = os.open(temp, _WRITE, 0o600)
    except (OSError, ValueError):
        return
    try:
        with open(fd, "wb") as file:
            for part in (_MAGIC + b"%08x\n" % crc, head, text, written, base):
                file.write(part)
        os.replace(temp, path)
    except OSError:
        try:
            os.unlink(temp)
        except OSError:
            pass
        return
    _trim(folder)


def _trim(folder: Path) -> None:
    """The answers beyond MOST removed, the least recently kept first, and the temporary
    files a process that died left."""
    import time

    try:
        with os.scandir(folder) as listing:
            entries = [(e.stat(follow_symlinks=False).st_mtime_ns, e) for e in listing]
    except OSError:
        return
    old = time.time_ns() - _STALE * 10**9
    answers = sorted((at, e.name) for at, e in entries if e.name.endswith(".answer"))
    remove = [name for _, name in answers[: max(0, len(answers) - MOST)]]
    remove += [e.name for at, e in entries if e.name.endswith(".tmp") and at < old]
    for name in remove:
        try:
            os.unlink(folder / name)
        except OSError:
            pass


def _forget_table(library: Path) -> None:
    """The table earlier versions kept the answers in (megabytes at 10,000 games) dropped from
    the answers' database, once, when the folder of answers is made."""
    import sqlite3
    import stat

    path = answers_path(library)
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return
        db = sqlite3.connect(path, timeout=WRITE_WAIT, isolation_level=None)
    except (OSError, sqlite3.Error):
        return
    try:
        if db.execute("SELECT 1 FROM sqlite_master WHERE name = 'kept'").fetchone():
            db.execute("DROP TABLE kept")
            db.execute("VACUUM")
    except sqlite3.Error:
        pass
    finally:
        db.close()


def grown(
    library: Path,
    question: str,
    asked: Question,
    files: Mapping[str, Figures],
    skipped: list[tuple[str, str]],
    current: Path | None,
    progress: Progress | None,
    folders: dict[str, tuple[str, list[str]]] | None = None,
    left: list[object] | None = None,
) -> tuple[Scan, bytes, dict[str, Any], bytes] | None:
    """The answer to ``asked`` from the tally kept for ``question`` and the games added since
    (see the module's doc): the scan to tell the user of, the text, the body to keep and the
    text of the library alone when the game being played counts on top of it (else b""); or
    None when it is for a scan to work out. ``folders``: the walk's folders with their files
    and hashes (``scan.folder_digests``); only the files of those whose hash is not the one
    kept with the tally are compared with the index's rows (the others hold the files they
    held then, as they were, and the index held those files' rows: 10,000 rows read and
    compared were 25-35 ms of one game more). ``left``: where the tally read is put when
    done with (``answered``'s)."""
    from .answers import Told, more

    kept = kept_tally(library, question)
    if kept is None:
        return None
    body, text = kept
    if left is not None:
        left.append(kept)  # tens of thousands of objects, not freed one by one on return
    within = None
    compared = files
    if folders is not None and isinstance(body.get("folders"), dict):
        hashed = body["folders"]
        if any(folder not in folders for folder in hashed):
            return None  # a folder's games all gone: games removed, for a scan
        within = [f for f, (h, _) in folders.items() if not h or hashed.get(f) != h]
        compared = {name: files[name] for f in within for name in folders[f][1]}
    before = index_state(library)
    index = Index(library, light=True, within=within)
    try:
        if (
            not usable(library, index)
            or index.epoch != body.get("epoch")
            or not isinstance(body.get("gen"), int)
            or (before != body.get("index") and index.gen == body["gen"])  # not our write
        ):
            return None
        scan = brought_up(library, index, files, skipped, progress, compared)
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
    scan.conflicts = _conflicts(state["conflicts"])
    grown_body = {"epoch": body["epoch"], "gen": gen, "state": state}
    return scan, final[0], grown_body, (b"" if extra is None else base)


@overload
def answered(
    library: Path,
    question: str,
    asked: Question,
    progress: Progress | None = None,
    current: Path | None = None,
    tell: Callable[[Scan], None] = ...,
    memos: Callable[[str], RatingMemo] | None = None,
    busy: Callable[[], None] = ...,
    *,
    left: list[object] | None = None,
    view: Literal[False] = False,
    ahead: Walked | None = None,
) -> tuple[Scan, bytes]: ...


@overload
def answered(
    library: Path,
    question: str,
    asked: Question,
    progress: Progress | None = None,
    current: Path | None = None,
    tell: Callable[[Scan], None] = ...,
    memos: Callable[[str], RatingMemo] | None = None,
    busy: Callable[[], None] = ...,
    *,
    left: list[object] | None = None,
    view: bool,
    ahead: Walked | None = None,
) -> tuple[Scan, bytes | memoryview]: ...


def answered(
    library: Path,
    question: str,
    asked: Question,
    progress: Progress | None = None,
    current: Path | None = None,
    tell: Callable[[Scan], None] = lambda scan: None,
    memos: Callable[[str], RatingMemo] | None = None,
    busy: Callable[[], None] = lambda: None,
    *,
    left: list[object] | None = None,
    view: bool = False,
    ahead: Walked | None = None,
) -> tuple[Scan, bytes | memoryview]:
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
    kept answer is printed by a one-shot command that ends at once). With ``view``, a kept
    answer comes as a view of its file mapped (``exact``: written as it is, never copied).
    ``left``: where the walk's results are put when done with (a one-shot command's
    ``startup.left_for_the_end``: never freed one by one). ``ahead``: the library's walk as
    ``walk_state`` gives it, made elsewhere just before (``startup.walk_ahead``: in a child
    process while this one starts), which the answer is then worked out from: the library is
    not walked here."""

    from .answers import answer
    from .scan import _state, scan_library

    if not check_library(library):
        busy()
        scan = scan_library(library, progress, current)
        tell(scan)
        return scan, answer(asked, scan, memos)[0]
    files: Mapping[str, Figures]
    if ahead is not None:  # the folders' hashes alone find an answer kept
        skipped, now = list(ahead[1]), ahead[2]
        hashes: dict[str, tuple[str, list[str]]] = {f: (h, []) for f, h, *_ in ahead[0]}
        state = _state(library, {}, skipped, current, now, hashes)
        again = _again(library, question, state, tell, view)
        if again is not None:
            return again
        files, folders = _listing(ahead)
    else:
        files, skipped, now, folders = _walk(library)
        state = _state(library, files, skipped, current, now, folders)
        again = _again(library, question, state, tell, view)
        if again is not None:
            return again
    if left is not None:
        left += (files, folders)
    busy()
    grew = grown(library, question, asked, files, skipped, current, progress, folders, left)
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
            body["folders"] = {folder: hashed for folder, (hashed, _) in folders.items()}
        state = "" if state is None else f"{state}/{after}"
        keep(library, question, state, told, body, text, base)
    return scan, text


def _walk(
    library: Path,
) -> tuple[dict[str, os.stat_result], list[tuple[str, str]], int, dict[str, tuple[str, list[str]]]]:
    """The library walked here: its game files with their ``stat`` (``folders.game_files``),
    what the walk passed over, the time the folders' hashes are taken at, and the folders with
    their hashes and files (``scan.folder_digests``)."""
    import time

    from .folders import game_files
    from .scan import folder_digests

    skipped: list[tuple[str, str]] = []
    counts: list[tuple[str, int]] = []
    files = game_files(library, skipped, counts=counts)
    now = time.time_ns()
    return files, skipped, now, folder_digests(files, now, counts)


def walk_state(option: str | None) -> tuple[str, Walked]:
    """The library ``--library option`` names (``location.library_dir``), and what
    ``answered`` takes ``ahead``: its walk (``folders.game_files``), each folder's files with
    their figures and hash (``scan.folder_digests``), what it passed over, and when. Raises
    what the walk raises (a library that cannot be listed), and OverflowError for a figure
    past 64 bits (a time past 2262): ``answered`` then walks it itself."""
    from array import array
    from operator import attrgetter

    from .location import library_dir

    library = library_dir(option)
    files, skipped, now, folders = _walk(library)
    listing = []
    for folder, (hashed, listed) in folders.items():
        stats = [files[name] for name in listed]
        sizes, times, inodes = (
            array(kind, map(attrgetter(name), stats)).tobytes()
            for kind, name in (("q", "st_size"), ("q", "st_mtime_ns"), ("Q", "st_ino"))
        )
        listing.append((folder, hashed, "\0".join(listed), sizes, times, inodes))
    return os.fspath(library), (listing, skipped, now)


def _listing(
    walk: Walked,
) -> tuple[dict[str, Listed], dict[str, tuple[str, list[str]]]]:
    """The files of a walk made elsewhere (``walk_state``) with their figures, and its folders
    with their hashes and files, as ``game_files`` and ``folder_digests`` give them."""
    from array import array

    from .folders import Listed

    files: dict[str, Listed] = {}
    folders: dict[str, tuple[str, list[str]]] = {}
    for folder, hashed, joined, sizes, times, inodes in walk[0]:
        listed = joined.split("\0")
        folders[folder] = (hashed, listed)
        figures = map(Listed, array("q", sizes), array("q", times), array("Q", inodes))
        files.update(zip(listed, figures, strict=True))
    return files, folders


def _again(
    library: Path,
    question: str,
    state: str | None,
    tell: Callable[[Scan], None],
    view: bool,
) -> tuple[Scan, bytes | memoryview] | None:
    """The answer kept for ``question`` over the files' ``state`` (``scan._state``), with the
    scan telling what it told (the files skipped, the conflicts), once told; None if none."""
    if state is None:
        return None
    found = exact(library, question, f"{state}/{index_state(library)}")
    if found is None:
        return None
    told, kept_text = found
    scan = Scan(library)
    scan.skipped = [(name, why) for name, why in told["skipped"]]
    scan.conflicts = _conflicts(told["conflicts"])
    tell(scan)
    return scan, (kept_text if view else bytes(kept_text))


def _conflicts(listed: list[dict[str, Any]]) -> list[Conflict]:
    """The games continued differently, as kept (copies.py only when there are some)."""
    if not listed:
        return []
    from .copies import Conflict

    return [Conflict(c["files"], c["earlier"]) for c in listed]


def _copy(state: dict[str, Any]) -> dict[str, Any]:
    """A tally to add a game to and drop (``more`` adds to the one it is given), the kept one
    left as it is: as it is kept (``marshal``, of JSON's types alone)."""
    copied: dict[str, Any] = marshal.loads(marshal.dumps(state))
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
