"""The library: a folder of finished (and set-aside) game files, one per game, and its index.

The files are the truth: a person may copy, back up, sync or delete them, and sort them into
folders (every ``*.toml`` below the library is read, ``folders.py``). The same game found twice
(a sync tool's copy, a backup) counts once (``copies.py``).

The index is a per-machine cache of per-game summaries (``summary.summarize``) keyed by each
file's path inside the library. It lives outside the library, in the user cache directory
(``$TERTS_CACHE``, else platformdirs' ``user_cache_dir("terts")``), one SQLite file per library
named by a hash of the library's resolved path: two devices syncing one library never write one
SQLite file, and reading the library writes nothing inside it (a read-only library answers as
well). An index an older version left in the library (``.terts-index.sqlite``) is not used; it
is named once, never deleted. The index is read like any file: a row of the wrong shape, a
summary that is not one, a row whose seal (a hash over all its values) does not match, tables
of another layout or a file that is not a database are rebuilt from the game files, and the
rebuild is said once. Deleting the index loses nothing.

Reading is bounded: a file is stat'ed first and one over the 4 MiB a game file may hold is
skipped without being read; a file whose size and modification time match its row is not read
at all (unless the row was written within two seconds of that time, when a change in the same
tick of a coarse clock could hide: then its bytes are hashed again). Only files whose bytes
changed are replayed.

Readers never wait on a writer: the index runs in WAL mode (a reader sees the last committed
state while another command writes), a command stores what it read again only if it gets the
write lock within a quarter of a second, and an index it cannot read at once is passed over
for this run (the files are read instead). Either way it says so.

Game files are only ever opened for reading here, except by ``archive``, which moves a game file
into the library under a readable name that never overwrites one already there and never
clashes with another device's (the game's short id is in it). The move is crash-safe: the bytes
are written to a temp file in the library, synced and linked under the new name, and only then
is the game file removed; a move cut off between the two (a kill) is finished by the next
``archive``, which finds these exact bytes already in the library instead of adding a second
copy. Temp files a killed move left are removed by the next archive or import.

Where the library is: ``--library DIR``, else ``$TERTS_LIBRARY``, else the platform's user data
directory (``terts/games`` under it, by platformdirs).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from ..domain.verdicts import Verdict
from ..errors import GameFileError, RefereeError
from ..i18n import N_np, N_p, register, t

if TYPE_CHECKING:
    import sqlite3  # imported when the index is opened

__all__ = [
    "CACHE_ENV_VAR",
    "LIBRARY_ENV_VAR",
    "OLD_INDEX_NAME",
    "Scan",
    "archive_game",
    "archive_name",
    "cache_dir",
    "check_library",
    "index_path",
    "library_dir",
    "scan_library",
]

LIBRARY_ENV_VAR = "TERTS_LIBRARY"
CACHE_ENV_VAR = "TERTS_CACHE"
OLD_INDEX_NAME = ".terts-index.sqlite"  # where versions before the cache kept the index
_SCHEMA = 3  # the index's own tables; SUMMARY_VERSION covers what a summary holds

TEXT = register(
    N_p(
        "library.unfinished",
        "the game in {path} is not finished: `terts new --force` or `terts archive --force` "
        "moves it to the library marked unfinished",
    ),
    N_p("library.moved", "moved {path} to the library: {target}"),
    N_p("library.cannot_move", "cannot move {path} to the library {library}: {reason}"),
    N_p("library.corrupt", "game file {path} is corrupt ({detail}): repair it or move it away"),
    N_p("library.skipped", "skipped {path}: {reason}"),
    N_p("library.refused", "event {number} does not stand: {reason}"),
    N_p("library.building", "reading the library"),
    N_p("library.too_big", "larger than {limit}, more than any game: not read"),
    N_p(
        "library.not_directory",
        "the library {path} is {kind}, not a directory: name a directory with --library (or "
        "$TERTS_LIBRARY); it is made when the first game moves there",
    ),
    N_p(
        "library.bad_path",
        "cannot use the library {path}: {reason}; name a directory with --library (or "
        "$TERTS_LIBRARY)",
    ),
    N_p(
        "library.index_damaged",
        "the library's index {index} was damaged ({reason}): rebuilt from the game files, "
        "nothing is lost",
    ),
    N_np(
        "library.index_rows",
        "the library's index {index} had {n} damaged entry: read again from the game files",
        "the library's index {index} had {n} damaged entries: read again from the game files",
        "n",
    ),
    N_p(
        "library.index_busy",
        "the library's index {index} is locked by another program: the game files were read "
        "instead this time",
    ),
    N_p(
        "library.index_not_saved",
        "the library's index {index} is locked by another program: what changed was read "
        "from the game files and is not kept in the index this time",
    ),
    N_p("library.regular", "a regular file"),
    N_p("library.why.not_database", "not a database"),
    N_p("library.why.tables", "its tables are not the ones this version keeps"),
    N_p(
        "library.old_index",
        "the library holds an index an older version kept there, {old}: it is no longer used "
        "(the index is now kept on each machine, in {index}) and may be deleted; said once",
    ),
)


def library_dir(option: str | None, env: Mapping[str, str] | None = None) -> Path:
    """``--library DIR``, else ``$TERTS_LIBRARY``, else ``<user data dir>/terts/games``.

    Empty values count as not given. Raises nothing; the directory need not exist.
    """
    if option:
        return Path(option)
    env = os.environ if env is None else env
    if env.get(LIBRARY_ENV_VAR):
        return Path(env[LIBRARY_ENV_VAR])
    import platformdirs  # lazily: only the library commands need it

    return platformdirs.user_data_path("terts", appauthor=False) / "games"


def cache_dir(env: Mapping[str, str] | None = None) -> Path:
    """Where this machine keeps the libraries' indexes: ``$TERTS_CACHE``, else the platform's
    user cache directory for terts (``~/.cache/terts`` on Linux, ``$XDG_CACHE_HOME`` honoured).
    Never inside a library: it is not synced with the games."""
    env = os.environ if env is None else env
    if env.get(CACHE_ENV_VAR):
        return Path(env[CACHE_ENV_VAR])
    import platformdirs  # lazily: only the library commands need it

    return platformdirs.user_cache_path("terts", appauthor=False)


def _library_hash(library: Path) -> str:
    """A short hash of the library's resolved path: the name of its index and lock."""
    real = os.fsencode(os.path.realpath(library))
    return hashlib.blake2b(real, digest_size=8).hexdigest()


def index_path(library: Path, env: Mapping[str, str] | None = None) -> Path:
    """The index of ``library`` on this machine: ``index-<hash of its resolved path>.sqlite``
    in :func:`cache_dir`."""
    return cache_dir(env) / f"index-{_library_hash(library)}.sqlite"


def _reason(exc: OSError) -> str:
    return exc.strerror or " ".join(str(exc).split()) or type(exc).__name__


def check_library(library: Path) -> bool:
    """Whether the library directory exists (False: nothing there yet, an empty library).

    Raises GameFileError, one line, for a path that is something else (a regular file is not
    an empty library) or that cannot be looked at (a name too long, a file as a parent).
    """
    from ..files import kind_of
    from ..i18n.messages import clipped

    try:
        st = os.stat(library)
    except FileNotFoundError:
        return False
    except (OSError, ValueError) as exc:  # ENAMETOOLONG, ENOTDIR, ELOOP; a NUL in the path
        reason = _reason(exc) if isinstance(exc, OSError) else str(exc)
        shown = clipped(str(library), 80)
        raise GameFileError(
            Verdict("library.bad_path", {"path": shown, "reason": reason})
        ) from None
    if not stat.S_ISDIR(st.st_mode):
        kind = t(kind_of(st.st_mode)) if not stat.S_ISREG(st.st_mode) else t("library.regular")
        raise GameFileError(Verdict("library.not_directory", {"path": library, "kind": kind}))
    return True


@contextmanager
def _library_lock(library: Path, timeout: float) -> Iterator[bool]:
    """The library's lock on this machine (``library-<hash>.lock`` beside its index: the
    library holds nothing but games), held by a move or an import into it; yields whether it
    was obtained within ``timeout`` seconds (0: one try). A lock that cannot be made (the cache
    not writable) yields False: the move goes on, with the name checks that never overwrite."""
    from ..game.locking import LockTimeout, lock_file, unlock_file

    where = cache_dir()
    try:
        where.mkdir(parents=True, exist_ok=True)
        fd = lock_file(str(where / f"library-{_library_hash(library)}.lock"), timeout)
    except (LockTimeout, OSError):
        yield False
        return
    try:
        yield True
    finally:
        unlock_file(fd)


_TEMP = re.compile(r"\.archive\.[A-Za-z0-9_]{8}\.tmp")  # tempfile.mkstemp's, as _place names them


def _remove_stale_temp(library: Path) -> None:
    """Remove the temp files of moves cut off by a kill; call it under the library's lock,
    when no move can be writing one. Best effort."""
    try:
        names = os.listdir(library)
    except OSError:
        return
    for name in names:
        if _TEMP.fullmatch(name):
            try:
                if stat.S_ISREG(os.lstat(library / name).st_mode):
                    os.unlink(library / name)
            except OSError:
                pass


# --- archiving ------------------------------------------------------------------------------

_UNSAFE = re.compile(r'[\x00-\x1f\x7f/\\:*?"<>|]+')

NAME_PART_BYTES = 60
"""The most bytes (UTF-8) of one player's name in a library file name: two of them, the date,
the short id, ``_unfinished``, a ``_9999`` and ``.toml`` stay well under the 255 bytes a file
name may have."""

SHORT_ID = 8
"""How much of a game's id (or digest) a library file name carries: enough that two devices
never name two games of one minute alike, short enough to read past."""


def _cut(text: str, most: int) -> str:
    """``text`` cut to at most ``most`` bytes of UTF-8, never inside a character."""
    data = text.encode("utf-8", "surrogatepass")
    if len(data) <= most:
        return text
    return data[:most].decode("utf-8", "ignore").rstrip(" .-_") or "-"


def _safe(name: str) -> str:
    """A player's name as part of a file name: path and shell-hostile characters become '-',
    cut to NAME_PART_BYTES bytes (file names are limited in bytes, not characters)."""
    cleaned = _UNSAFE.sub("-", name).strip(" .-") or "-"
    return _cut("_".join(cleaned.split()), NAME_PART_BYTES)


def archive_name(
    players: Iterable[str], started: datetime, unfinished: bool = False, tag: str | None = None
) -> str:
    """``2026-11-30_1504_Аня_Боря_3f2a9c1e.toml``: the start, the players and ``tag``, the
    game's short id (the first :data:`SHORT_ID` characters of its id, or of its digest for a
    game without one); ``…_unfinished.toml`` for a game set aside unfinished."""
    parts = [started.strftime("%Y-%m-%d_%H%M"), *(_safe(p) for p in players)]
    if tag:
        parts.append(_UNSAFE.sub("-", tag)[:SHORT_ID])
    return "_".join(parts) + ("_unfinished" if unfinished else "") + ".toml"


def short_tag(game_id: str | None, digest: str) -> str:
    """The short id a library file name carries: the id's first characters, else the
    digest's."""
    return (game_id or digest).replace("-", "")[:SHORT_ID].lower()


def archive_game(
    path: Path, library: Path, force: bool = False, *, keep_file: bool = False
) -> Path:
    """Move the game file at ``path`` into ``library`` (made if missing); returns the new path.

    A finished game moves as it is; an unfinished one only with ``force``, its name marked
    ``_unfinished``. The bytes and the permission bits are not changed. The name never
    overwrites a file already there (``_2``, ``_3``… are added); a file there with these very
    bytes under this name is the same game, moved by a command that was killed before it
    removed the game file: the move is finished instead of making a copy. Holds the game
    file's lock and the library's while moving.

    With ``keep_file`` the game file is left where it is once its bytes are in the library
    (synced): for a caller that holds the game file's lock and writes a new game over it at
    once (``set_aside``), so that the file is never missing in between, where a watcher of
    its folder (the club's lobby) would take the table for gone.

    Raises GameFileError for a missing, too big or damaged game file, an unfinished game
    without ``force``, or a library that cannot be written.
    """
    from ..game.model import Game
    from ..game.storage import fsync_directory, game_lock, parse_game, read_game_bytes

    check_library(library)
    with game_lock(path):
        data = read_game_bytes(path)
        try:
            game = Game.from_doc(parse_game(path, data), str(path))
        except GameFileError:
            if not force:
                raise
            game = None  # damaged: with --force it is set aside as it is, named so
        finished = game is not None and game.sheet(strict=False).finished
        if not finished and not force:
            raise GameFileError(Verdict("library.unfinished", {"path": path}))
        source = os.stat(path)
        mtime = datetime.fromtimestamp(source.st_mtime).astimezone()
        if game is None:  # the digest of its bytes: two damaged files never share a name
            tag = hashlib.blake2b(data, digest_size=16).hexdigest()
            name = archive_name([], mtime, tag=tag)[: -len(".toml")] + "_damaged.toml"
        else:
            from .copies import digest_of

            tag = short_tag(game.id, digest_of(parse_game(path, data)))
            started = game.started or mtime
            name = archive_name(game.players, started, unfinished=not finished, tag=tag)
        try:
            library.mkdir(parents=True, exist_ok=True)
            with _library_lock(library, 30.0):
                _remove_stale_temp(library)
                target = _holding(data, library, name) or _place(data, library, name, source)
                fsync_directory(library)  # the new name is on disk before the old one goes
                if not keep_file:
                    _remove_source(Path(path))
        except OSError as exc:
            raise GameFileError(
                Verdict(
                    "library.cannot_move",
                    {"path": path, "library": library, "reason": _reason(exc)},
                )
            ) from None
    return target


def set_aside(path: Path, library: str | None, force: bool) -> Path | None:
    """Before a new game is started in ``path``: the game the file holds (if any) put in the
    library (``--library``, else $TERTS_LIBRARY, else the user data directory); returns where
    it went, None when nothing moved. The file itself stays (``archive_game``'s
    ``keep_file``): the caller, holding its lock, writes the new game over it
    (``GameFile.create``), so that the file is replaced, never missing for a moment.

    A finished game always moves; an unfinished (or damaged) one only with ``force``, else it
    stays (and the new game is refused for the file it finds there). Raises GameFileError for a
    read-only game file (neither moved nor replaced) and a library path that cannot be one.
    """
    if not os.path.isfile(path):  # nothing there, or not a game file: the new game says which
        return None
    from ..game.storage import check_writable_target

    check_writable_target(path, path)  # a read-only game file is neither moved nor replaced
    where = library_dir(library)
    check_library(where)  # a bad --library is said as such, not as "unfinished"
    try:
        return archive_game(path, where, force=force, keep_file=True)
    except GameFileError:
        if force:
            raise
        return None  # unfinished or unreadable: the new game says --force is needed


def _names_for(name: str) -> re.Pattern[str]:
    stem = re.escape(name[: -len(".toml")])
    return re.compile(stem + r"(_[0-9]+)?\.toml")


def _holding(data: bytes, library: Path, name: str) -> Path | None:
    """The file of the library under ``name`` (or ``name_N``) that holds exactly ``data``."""
    from ..files import read_regular

    pattern = _names_for(name)
    for found in sorted(os.listdir(library)):
        if not pattern.fullmatch(found):
            continue
        candidate = library / found
        try:
            if os.stat(candidate).st_size == len(data) and read_regular(candidate) == data:
                return candidate
        except Exception:  # unreadable, special, too big: not this game
            continue
    return None


def _place(data: bytes, library: Path, name: str, source: os.stat_result) -> Path:
    """Write ``data`` under ``name`` in ``library`` (``name_2``… if taken), never replacing;
    the file keeps the ``source`` file's permission bits and times (a format 1 game is dated
    by them)."""
    import tempfile

    fd, tmp = tempfile.mkstemp(dir=library, prefix=".archive.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(tmp, stat.S_IMODE(source.st_mode))
        os.utime(tmp, ns=(source.st_atime_ns, source.st_mtime_ns))
        stem, suffix = name[: -len(".toml")], ".toml"
        link = getattr(os, "link", None)
        for n in range(1, 10_000):
            target = library / (stem + (f"_{n}" if n > 1 else "") + suffix)
            if link is None:
                # No hard links (the browser's file system, under the offline app): one
                # process writes there, so a name found free is still free at the rename.
                if os.path.lexists(target):
                    continue
                os.replace(tmp, target)
                return target
            try:
                link(tmp, target)  # atomic and fails if the name is taken
            except FileExistsError:
                continue
            return target
        raise FileExistsError(name)  # pragma: no cover - ten thousand games in one minute
    finally:
        if os.path.lexists(tmp):
            os.unlink(tmp)


def _remove_source(path: Path) -> None:
    """The last step of a move: the game file goes (its bytes are in the library, synced)."""
    from ..game.storage import fsync_directory

    os.unlink(path)
    fsync_directory(path.parent)


# --- the index ------------------------------------------------------------------------------


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

#: How long a command waits for the index's write lock (seconds) before it answers without
#: storing what it read: long enough for another ``terts`` to commit its few rows, short
#: enough that nobody waits on a program holding the index.
WRITE_WAIT = 0.25

#: A row's size and time are trusted only if the file was read this long after its time:
#: a change within one tick of a coarse clock (2 s on FAT) keeps both (git's "racy" entries).
RACY_NS = 2_000_000_000

_COLUMNS = (
    ("file", "TEXT", 1),
    ("size", "INTEGER", 0),
    ("mtime_ns", "INTEGER", 0),
    ("hash", "TEXT", 0),
    ("checked_ns", "INTEGER", 0),
    ("summary", "TEXT", 0),
    ("error", "TEXT", 0),
    ("seal", "TEXT", 0),
)
_META = (("key", "TEXT", 1), ("value", "TEXT", 0))
_CREATE = (
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)",
    "CREATE TABLE games (file TEXT PRIMARY KEY, size INTEGER, mtime_ns INTEGER, hash TEXT, "
    "checked_ns INTEGER, summary TEXT, error TEXT, seal TEXT)",
)


class _Row(NamedTuple):
    """One game's row, checked: the file's size, time and hash when it was read (at
    ``checked_ns``), and its summary or the reason it was skipped."""

    size: int
    mtime_ns: int
    hash: str
    checked_ns: int
    summary: dict[str, Any] | None
    error: str | None


def _key(name: str) -> str | bytes:
    """A file name as the index keys it: the text, or its bytes when it is not UTF-8 (an
    undecodable name arrives with surrogate escapes, which SQLite's text cannot hold)."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return os.fsencode(name)
    return name


def _name(key: Any) -> str | None:
    if isinstance(key, str):
        return key
    if isinstance(key, bytes):
        return os.fsdecode(key)
    return None


def _seal(key: Any, values: tuple[Any, ...]) -> str:
    """A row's seal: a hash of its key and every value. A row changed by anything but this
    module (a summary that still has the right shape but another winner) no longer matches
    and is read again from its file."""
    text = json.dumps([key if isinstance(key, str) else os.fsdecode(key), *values])
    return hashlib.blake2b(text.encode("utf-8", "surrogateescape"), digest_size=16).hexdigest()


def _row(key: Any, values: tuple[Any, ...]) -> _Row | None:
    """A row read from the index as data, or None when it is not one this version wrote."""
    from .summary import check_summary

    *fields, seal = values
    try:
        if seal != _seal(key, tuple(fields)):
            return None
    except (TypeError, ValueError):  # a value JSON cannot hold: not written here
        return None
    size, mtime_ns, digest, checked_ns, summary, error = fields
    if not (
        type(size) is int
        and type(mtime_ns) is int
        and type(checked_ns) is int
        and isinstance(digest, str)
    ):
        return None
    if summary is None:
        return (
            _Row(size, mtime_ns, digest, checked_ns, None, error)
            if isinstance(error, str) and error
            else None
        )
    if error is not None or not isinstance(summary, str):
        return None
    try:
        data = json.loads(summary)
    except ValueError:
        return None
    if not check_summary(data):
        return None
    return _Row(size, mtime_ns, digest, checked_ns, data, None)


def _busy(exc: Exception) -> bool:
    return getattr(exc, "sqlite_errorname", "") in ("SQLITE_BUSY", "SQLITE_LOCKED") or (
        "locked" in str(exc)
    )


class _Index:
    """The index of one library on this machine, opened for one scan: ``rows`` as read
    (checked), ``keys`` every key in it, ``meta`` its own notes (the library it is of, what was
    said), ``notes`` what to tell the user. Never raises for the index's own troubles: an index
    that cannot be used is simply not used."""

    def __init__(self, library: Path) -> None:
        self.path = index_path(library)
        self.library = os.path.realpath(library)
        self.db: sqlite3.Connection | None = None
        self.rows: dict[str, _Row] = {}
        self.keys: list[Any] = []
        self.meta: dict[str, str] = {}
        self.bad = 0
        self.rebuild = False  # the tables are to be made again (missing, old or damaged)
        self.notes: list[str] = []
        self._open()

    def _note(self, key: str, **params: Any) -> None:
        self.notes.append(t(key, index=self.path, **params))

    def _open(self) -> None:
        import sqlite3

        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError:
            return  # no cache on this machine (read-only home): the files alone
        for attempt in (1, 2):
            try:
                db = sqlite3.connect(self.path, timeout=WRITE_WAIT, isolation_level=None)
            except sqlite3.Error:
                return  # cannot be opened: the files alone
            try:
                db.execute(f"PRAGMA busy_timeout = {int(WRITE_WAIT * 1000)}")
                db.execute("PRAGMA journal_mode = WAL")
                self._read(db)
                self.db = db
                return
            except sqlite3.Error as exc:
                db.close()
                self.rows, self.keys, self.bad, self.meta = {}, [], 0, {}
                if _busy(exc):
                    self._note("library.index_busy")
                    return
                name = getattr(exc, "sqlite_errorname", "")
                damaged = name in ("SQLITE_NOTADB", "SQLITE_CORRUPT") or type(exc) is (
                    sqlite3.DatabaseError
                )
                if not damaged or attempt == 2:
                    return  # read-only, unreadable: the files alone, this time
                if not self._remove():
                    return
                self._note("library.index_damaged", reason=t("library.why.not_database"))

    def _remove(self) -> bool:
        """Delete the index's files (the files are the truth: start it again)."""
        for suffix in ("", "-wal", "-shm"):
            try:
                os.unlink(str(self.path) + suffix)
            except FileNotFoundError:
                pass
            except OSError:
                return False
        return True

    def _read(self, db: sqlite3.Connection) -> None:
        """Check the tables and read the rows; raises sqlite3.Error for a damaged file."""
        from .summary import SUMMARY_VERSION

        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if not tables & {"meta", "games"}:
            self.rebuild = True  # a new index
            return
        if "meta" in tables and _layout(db, "meta") == _META:
            for key, value in db.execute("SELECT key, value FROM meta"):
                if isinstance(key, str) and isinstance(value, str):
                    self.meta[key] = value
        version = self.meta.get("version")
        current = f"{_SCHEMA}.{SUMMARY_VERSION}"
        if version != current:
            self.rebuild = True
            if not (isinstance(version, str) and re.fullmatch(r"[0-9]+\.[0-9]+", version)):
                self._note("library.index_damaged", reason=t("library.why.tables"))
            self.meta = {}
            return  # an older version's index: made again quietly
        if self.meta.get("library") != self.library:  # another library's (a hash collision)
            self.rebuild = True
            self.meta = {}
            return
        if "games" not in tables or _layout(db, "games") != _COLUMNS:
            self.rebuild = True
            self._note("library.index_damaged", reason=t("library.why.tables"))
            return
        query = "SELECT file, size, mtime_ns, hash, checked_ns, summary, error, seal FROM games"
        for values in db.execute(query):
            key = values[0]
            self.keys.append(key)
            name = _name(key)
            row = _row(key, values[1:]) if name is not None else None
            if name is None or row is None:
                self.bad += 1
                continue
            self.rows[name] = row
        if self.bad:
            self._note("library.index_rows", n=self.bad)

    def write(
        self, fresh: dict[str, tuple[Any, ...]], gone: list[Any], meta: dict[str, str]
    ) -> None:
        """Store the rows read again, drop those of removed files and set ``meta``, in one
        transaction; if the write lock does not come within WRITE_WAIT, nothing is stored (and
        it is said)."""
        import sqlite3

        if self.db is None:
            return
        db = self.db
        try:
            db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            if _busy(exc):
                self._note("library.index_not_saved")
            return  # read-only: the files were read, the index is left as it is
        try:
            if self.rebuild:
                from .summary import SUMMARY_VERSION

                for kind, name in db.execute(
                    "SELECT type, name FROM sqlite_master WHERE name IN ('games', 'meta') "
                    "AND type IN ('table', 'view')"
                ).fetchall():  # whatever holds the names now, a view too
                    db.execute(f"DROP {kind.upper()} {name}")
                for statement in _CREATE:
                    db.execute(statement)
                meta = {
                    **meta,
                    "version": f"{_SCHEMA}.{SUMMARY_VERSION}",
                    "library": self.library,
                }
            else:
                db.executemany("DELETE FROM games WHERE file IS ?", [(k,) for k in gone])
            db.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", list(meta.items()))
            db.executemany(
                "INSERT OR REPLACE INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (_key(name), *values, _seal(_key(name), values))
                    for name, values in fresh.items()
                ],
            )
            db.execute("COMMIT")
        except sqlite3.Error:
            try:
                db.execute("ROLLBACK")
            except sqlite3.Error:
                pass

    def close(self) -> None:
        if self.db is not None:
            self.db.close()


def _layout(db: sqlite3.Connection, table: str) -> tuple[Any, ...]:
    """A table's columns as (name, declared type, primary key)."""
    return tuple((c[1], c[2].upper(), c[5]) for c in db.execute(f"PRAGMA table_info({table})"))


def _said(what: RefereeError | Verdict) -> str:
    """Why a file is skipped, in the run's language: the refusal's sentence (or a verdict's)."""
    from ..i18n import lang
    from ..i18n.words import say

    return say(what.verdict if isinstance(what, RefereeError) else what, lang())


def _summarize(path: Path, data: bytes) -> tuple[dict[str, Any] | None, str | None]:
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


def _read(path: Path) -> bytes | str:
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
    index = _Index(library)
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
            data = _read(library / name)
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
            data = _read(library / name)  # read again: the bytes are not kept meanwhile
            if isinstance(data, str):
                scan.skipped.append((name, data))
            else:
                st = files[name]
                known[name] = _summarize(library / name, data)
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
        present = {_key(name) for name in files}
        gone = [key for key in index.keys if key not in present or _name(key) not in index.rows]
        gone = [key for key in gone if _name(key) not in fresh]
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
