"""The library's index on this machine: a cache of per-game summaries in SQLite.

The index is a per-machine cache of per-game summaries (``summary.summarize``) keyed by each
file's path inside the library. It lives outside the library, in the user cache directory
(``location.index_path``), one SQLite file per library: reading the library writes nothing
inside it (a read-only library answers as well). An index an older version left in the library
(``.terts-index.sqlite``) is not used; it is named once, never deleted. The index is read like
any file: a row of the wrong shape, a summary that is not one, a row whose seal (a hash over
all its values) does not match, tables of another layout or a file that is not a database are
rebuilt from the game files, and the rebuild is said once. Deleting the index loses nothing.

Readers never wait on a writer: the index runs in WAL mode (a reader sees the last committed
state while another command writes), a command stores what it read again only if it gets the
write lock within a quarter of a second, and an index it cannot read at once is passed over
for this run (the files are read instead). Either way it says so.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from ..i18n import N_np, N_p, register, t
from .location import answers_path, index_path, os_reason

if TYPE_CHECKING:
    import sqlite3  # imported when the index is opened
    from collections.abc import Collection, Mapping

__all__ = [
    "OLD_INDEX_NAME",
    "RACY_NS",
    "WRITE_WAIT",
    "Index",
    "Row",
    "index_state",
    "KeptRatings",
    "first_seal",
    "key_of",
    "name_of",
]

OLD_INDEX_NAME = ".terts-index.sqlite"  # where versions before the cache kept the index
_SCHEMA = 5  # the index's own tables; SUMMARY_VERSION covers what a summary holds

TEXT = register(
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
    N_p(
        "library.index_unusable",
        "the library's index {index} cannot be used ({reason}): the game files were read "
        "instead, and nothing is kept for the next time",
    ),
    N_p("library.why.not_database", "not a database"),
    N_p("library.why.tables", "its tables are not the ones this version keeps"),
    N_p(
        "library.old_index",
        "the library holds an index an older version kept there, {old}: it is no longer used "
        "(the index is now kept on each machine, in {index}) and may be deleted; said once",
    ),
)

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
    ("key", "TEXT", 0),
    ("born", "INTEGER", 0),
    ("gen", "INTEGER", 0),
    ("seal", "TEXT", 0),
)
_META = (("key", "TEXT", 1), ("value", "TEXT", 0))
_CREATE = (
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)",
    # ``key``: the game's (``copies.game_key``), None for a file skipped; ``born``: the
    # generation the file was first read in, ``gen``: the one its bytes last changed in (the
    # index's ``gen`` counts the writes that changed a game; ``gone`` names the files removed
    # in each): what changed since a kept tally is a query (``answers.py``)
    "CREATE TABLE games (file TEXT PRIMARY KEY, size INTEGER, mtime_ns INTEGER, hash TEXT, "
    "checked_ns INTEGER, summary TEXT, error TEXT, key TEXT, born INTEGER, gen INTEGER, "
    "seal TEXT)",
    "CREATE INDEX games_key ON games (key)",
    "CREATE INDEX games_gen ON games (gen)",
    "CREATE INDEX games_skipped ON games (file) WHERE error IS NOT NULL",
    "CREATE TABLE gone (file TEXT, gen INTEGER)",
    # whether the file with the first hash is the one with the second or an earlier version
    # of it (``copies.prefix_of``): two copies are read and compared once, not every scan
    "CREATE TABLE versions (earlier TEXT, later TEXT, yes INTEGER, seal TEXT, "
    "PRIMARY KEY (earlier, later))",
)


class Row(NamedTuple):
    """One game's row, checked: the file's size, time and hash when it was read (at
    ``checked_ns``), and its summary or the reason it was skipped; the game's ``key``, the
    generations the file was first read in (``born``) and last changed in (``gen``). A row
    read without its summary (``Index(light=True)``) has neither summary nor error."""

    size: int
    mtime_ns: int
    hash: str
    checked_ns: int
    summary: dict[str, Any] | None
    error: str | None
    key: str | None = None
    born: int = 0
    gen: int = 0


def key_of(name: str) -> str | bytes:
    """A file name as the index keys it: the text, or its bytes when it is not UTF-8 (an
    undecodable name arrives with surrogate escapes, which SQLite's text cannot hold)."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return os.fsencode(name)
    return name


def name_of(key: Any) -> str | None:
    if isinstance(key, str):
        return key
    if isinstance(key, bytes):
        return os.fsdecode(key)
    return None


def _seal(key: Any, values: tuple[Any, ...]) -> str:
    """A row's seal: a hash of its key and every value. A row changed by anything but this
    module (a summary that still has the right shape but another winner) no longer matches
    and is read again from its file. Over the values' ``repr``: it tells their types apart (1,
    '1', 1.0, b'1', None) and is quick over a long summary."""
    from ..compat import blake2b

    text = repr((key if isinstance(key, str) else os.fsdecode(key), *values))
    return blake2b(text.encode("utf-8", "surrogateescape"), digest_size=16).hexdigest()


def first_seal(name: str, values: tuple[Any, ...]) -> str:
    """The seal ``Index.write`` gives the row of ``name`` with ``values`` (size, time, hash,
    checked, summary, error, key: a fresh row's but its last) when the file is first read in
    generation 1 (``born`` and ``gen`` 1: every row of tables made anew). Worked out by the
    scan as each file comes back from the workers, while they read the next ones, where the
    write would work out 10,000 of them alone (``write``'s ``sealed``)."""
    return _seal(key_of(name), (*values, 1, 1))


def _row(key: Any, values: tuple[Any, ...]) -> Row | None:
    """A row read from the index as data, or None when it is not one this version wrote.

    A row whose seal matches was written by this module, with a summary ``summarize`` made:
    its shape is not checked again (``summary.check_summary`` over 10,000 rows is a fifth of
    what a changed library costs); a row changed by anything else fails its seal."""
    *fields, seal = values
    try:
        if seal != _seal(key, tuple(fields)):
            return None
    except (TypeError, ValueError):  # a value JSON cannot hold: not written here
        return None
    size, mtime_ns, digest, checked_ns, summary, error, game, born, gen = fields
    if not (
        type(size) is int
        and type(mtime_ns) is int
        and type(checked_ns) is int
        and type(born) is int
        and type(gen) is int
        and isinstance(digest, str)
        and (game is None or isinstance(game, str))
    ):
        return None
    if summary is None:
        return (
            Row(size, mtime_ns, digest, checked_ns, None, error, None, born, gen)
            if isinstance(error, str) and error and game is None
            else None
        )
    if error is not None or not isinstance(summary, str) or game is None:
        return None
    try:
        data = json.loads(summary)
    except ValueError:
        return None
    if type(data) is not dict:
        return None
    return Row(size, mtime_ns, digest, checked_ns, data, None, game, born, gen)


#: A light read's rows: those of the kinds this module writes (any other is read again from its
#: file, by the scan that follows: ``Index.bad``).
_LIGHT = (
    "SELECT file, size, mtime_ns, checked_ns, hash FROM games WHERE typeof(file) IN "
    "('text', 'blob') AND typeof(size) = 'integer' AND typeof(mtime_ns) = 'integer' AND "
    "typeof(checked_ns) = 'integer' AND typeof(hash) = 'text' AND typeof(born) = 'integer' "
    "AND typeof(gen) = 'integer' AND typeof(key) IN ('text', 'null')"
)


def _busy(exc: Exception) -> bool:
    return getattr(exc, "sqlite_errorname", "") in ("SQLITE_BUSY", "SQLITE_LOCKED") or (
        "locked" in str(exc)
    )


class Index:
    """The index of one library on this machine, opened for one scan: ``rows`` as read
    (checked), ``keys`` every key in it, ``meta`` its own notes (the library it is of, what was
    said), ``notes`` what to tell the user. Never raises for the index's own troubles: an index
    that cannot be used is simply not used."""

    def __init__(
        self, library: Path, light: bool = False, within: Collection[str] | None = None
    ) -> None:
        self.path = index_path(library)
        # light: the rows without their summaries, unsealed (what a scan compares the files
        # with); a summary read later (``changed_since``) is checked then; ``within``: only
        # the rows of the files below those folders (and of any name not UTF-8)
        self.light = light
        self.within = within
        self.gen = 0  # the index's generation as read (``changed_since``)
        self.epoch = ""  # made anew with the tables: a generation counts within one epoch
        self.moved = False  # someone wrote the index between our read and our write
        self.library = os.path.realpath(library)
        self.db: sqlite3.Connection | None = None
        self.rows: dict[str, Row] = {}
        # a light read's rows instead: (size, mtime_ns, checked_ns, hash) by name
        self.seen: dict[str, tuple[int, int, int, str]] = {}
        self.keys: list[Any] = []
        self.meta: dict[str, str] = {}
        self.bad = 0
        self.rebuild = False  # the tables are to be made again (missing, old or damaged)
        self.versions: dict[tuple[str, str], bool] = {}  # (earlier hash, later hash) -> is it
        self.new_versions: dict[tuple[str, str], bool] = {}
        self.notes: list[str] = []
        self._open()

    def _note(self, key: str, **params: Any) -> None:
        self.notes.append(t(key, index=self.path, **params))

    def _unusable(self, reason: str) -> None:
        self._note("library.index_unusable", reason=reason)

    def _open(self) -> None:
        import sqlite3
        import stat

        from ..files import kind_of

        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if not os.access(self.path.parent, os.W_OK | os.X_OK):
                raise PermissionError(13, os.strerror(13))
        except OSError as exc:  # no cache on this machine (read-only home): the files alone
            self._unusable(os_reason(exc))
            return
        try:
            mode = os.stat(self.path).st_mode
        except FileNotFoundError:
            mode = stat.S_IFREG
        except OSError as exc:
            self._unusable(os_reason(exc))
            return
        if not stat.S_ISREG(mode):  # a folder, a FIFO (which would hang the open): not used
            self._unusable(t(kind_of(mode)))
            return
        for attempt in (1, 2):
            try:
                db = sqlite3.connect(self.path, timeout=WRITE_WAIT, isolation_level=None)
            except sqlite3.Error as exc:
                self._unusable(str(exc))
                return  # cannot be opened: the files alone
            try:
                db.execute(f"PRAGMA busy_timeout = {int(WRITE_WAIT * 1000)}")
                db.execute("PRAGMA journal_mode = WAL")
                db.execute("BEGIN")  # one snapshot: the generation and the rows agree
                try:
                    self._read(db)
                finally:
                    db.execute("COMMIT")
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
                if not damaged or attempt == 2 or self.light:  # a light read repairs nothing:
                    self._unusable(str(exc))  # the scan after it does, and says so
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
        if (
            "games" not in tables
            or _layout(db, "games") != _COLUMNS
            or not ({"versions", "gone"} <= tables)
        ):
            self.rebuild = True
            self._note("library.index_damaged", reason=t("library.why.tables"))
            return
        self.epoch = self.meta.get("epoch", "")
        try:
            self.gen = int(self.meta.get("gen", "0"))
        except ValueError:
            self.rebuild = True
            self.meta = {}
            self._note("library.index_damaged", reason=t("library.why.tables"))
            return
        if self.light:
            # The columns' kinds checked by SQLite, the rows taken as plain tuples: 10,000 rows
            # in about 15 ms, where a Row each and the checks in Python took 35.
            found, total = self._light_rows(db)
            self.keys = [row[0] for row in found]
            self.bad = total - len(found)
            self.seen = {
                key if type(key) is str else os.fsdecode(key): (size, mtime_ns, checked_ns, digest)
                for key, size, mtime_ns, checked_ns, digest in found
            }
            self._read_versions(db)
            return
        query = (
            "SELECT file, size, mtime_ns, hash, checked_ns, summary, error, key, born, gen, seal "
            "FROM games"
        )
        for values in db.execute(query):
            key = values[0]
            self.keys.append(key)
            name = name_of(key)
            row = _row(key, values[1:]) if name is not None else None
            if name is None or row is None:
                self.bad += 1
                continue
            self.rows[name] = row
        if self.bad:
            self._note("library.index_rows", n=self.bad)
        self._read_versions(db)

    def _read_versions(self, db: sqlite3.Connection) -> None:
        """The copies compared before: whether one is an earlier version of the other."""
        for earlier, later, yes, seal in db.execute("SELECT * FROM versions"):
            if seal == _seal(earlier, (later, yes)) and yes in (0, 1):
                self.versions[(earlier, later)] = bool(yes)

    def _light_rows(self, db: sqlite3.Connection) -> tuple[list[Any], int]:
        """A light read's rows and how many rows it looked at (those of another kind are not
        among the rows): every row, or those ``within`` the folders asked for, each folder a
        range of the primary key (a name below ``2026`` is from ``2026/`` on, and before
        ``20260``: ``0`` follows the separator), and the rows keyed by bytes (a name that is
        not UTF-8, after every text), which are few: 10,000 rows are 20-25 ms of a scan,
        most of it their pages of summaries read."""
        tops = sorted(set(self.within)) if self.within is not None else [""]
        if "" in tops:
            found = db.execute(_LIGHT).fetchall()
            return found, db.execute("SELECT count(*) FROM games").fetchone()[0]
        # a folder below another one asked for is in its range already
        tops = [f for f in tops if not any(f.startswith(o + os.sep) for o in tops if o != f)]
        after = chr(ord(os.sep) + 1)
        ranges: list[tuple[str, tuple[str | bytes, ...]]] = [
            ("file >= ? AND file < ?", (f + os.sep, f + after)) for f in tops
        ]
        ranges.append(("file >= ?", (b"",)))
        found, total = [], 0
        for where, bounds in ranges:
            found += db.execute(f"{_LIGHT} AND {where}", bounds).fetchall()
            total += db.execute(f"SELECT count(*) FROM games WHERE {where}", bounds).fetchone()[0]
        return found, total

    def write(
        self,
        fresh: dict[str, tuple[Any, ...]],
        gone: list[Any],
        meta: dict[str, str],
        sealed: Mapping[str, str] | None = None,
    ) -> int | None:
        """Store the rows read again, drop those of removed files and set ``meta``, in one
        transaction; if the write lock does not come within WRITE_WAIT, nothing is stored (and
        it is said). ``fresh``: a file's (size, time, hash, checked, summary, error, key,
        changed): ``changed`` when its bytes are not those of its row (the write's generation
        is then its ``gen``, and its ``born`` too for a file new to the index). ``sealed``:
        rows' seals worked out already (``first_seal``), by name, taken for a row born in
        generation 1 (else its seal is worked out here).

        Returns the generation the index is at once written, when nobody else wrote it since
        it was read (the rows read and written are then the index as it is), else None."""
        import sqlite3

        if self.db is None:
            return None
        db = self.db
        try:
            db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            if _busy(exc):
                self._note("library.index_not_saved")
            else:
                self._unusable(str(exc))
            return None  # read-only: the files were read, the index is left as it is
        try:
            if self.rebuild:
                from .summary import SUMMARY_VERSION

                for kind, name in db.execute(
                    "SELECT type, name FROM sqlite_master WHERE name IN "
                    "('games', 'meta', 'versions', 'gone') AND type IN ('table', 'view')"
                ).fetchall():  # whatever holds the names now, a view too
                    db.execute(f"DROP {kind.upper()} {name}")
                for statement in _CREATE:
                    db.execute(statement)
                meta = {
                    **meta,
                    "version": f"{_SCHEMA}.{SUMMARY_VERSION}",
                    "library": self.library,
                    "epoch": os.urandom(8).hex(),  # a tally kept from before holds no more
                }
                now, was = 1, None
            else:
                found = db.execute("SELECT value FROM meta WHERE key = 'gen'").fetchone()
                was = int(found[0]) if found and str(found[0]).isdigit() else 0
                now = was + 1
                db.executemany("DELETE FROM games WHERE file IS ?", [(k,) for k in gone])
                db.executemany("INSERT INTO gone VALUES (?, ?)", [(k, now) for k in gone])
            rows = []
            changed = bool(gone)
            for name, (*values, moved) in fresh.items():
                key = key_of(name)
                old = None
                if not self.rebuild:
                    old = db.execute(
                        "SELECT born, gen FROM games WHERE file IS ?", (key,)
                    ).fetchone()
                if old is not None and type(old[0]) is int and type(old[1]) is int:
                    born, gen = old[0], (now if moved else old[1])
                else:
                    born = gen = now
                changed = changed or gen == now
                row = (*values, born, gen)
                seal = sealed.get(name) if sealed is not None and born == gen == 1 else None
                rows.append((key, *row, seal or _seal(key, row)))
            if changed or self.rebuild:
                meta = {**meta, "gen": str(now)}
            db.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", list(meta.items()))
            db.executemany(
                "INSERT OR REPLACE INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows
            )
            db.executemany(
                "INSERT OR REPLACE INTO versions VALUES (?, ?, ?, ?)",
                [
                    (a, b, int(yes), _seal(a, (b, int(yes))))
                    for (a, b), yes in self.new_versions.items()
                ],
            )
            db.execute("COMMIT")
        except sqlite3.Error:
            try:
                db.execute("ROLLBACK")
            except sqlite3.Error:
                pass
            return None
        if self.rebuild:
            self.epoch = meta["epoch"]
            self.gen = now
            return now
        if was != self.gen:
            self.moved = True
            return None
        self.gen = now if changed else was  # a next write in this run checks against it
        return self.gen

    def changed_since(self, gen: int) -> tuple[int, list[tuple[str, Row | None]], list[str]] | None:
        """What changed after generation ``gen``, in one snapshot: the index's generation now,
        the rows written since (each checked: None for one that fails its seal) by name, and
        the files removed since; None when the index cannot be read."""
        import sqlite3

        if self.db is None:
            return None
        db = self.db
        try:
            db.execute("BEGIN")
            try:
                found = db.execute("SELECT value FROM meta WHERE key = 'gen'").fetchone()
                epoch = db.execute("SELECT value FROM meta WHERE key = 'epoch'").fetchone()
                rows = db.execute(
                    "SELECT file, size, mtime_ns, hash, checked_ns, summary, error, key, born, "
                    "gen, seal FROM games WHERE gen > ?",
                    (gen,),
                ).fetchall()
                gone = db.execute("SELECT file FROM gone WHERE gen > ?", (gen,)).fetchall()
            finally:
                db.execute("COMMIT")
        except sqlite3.Error:
            return None
        if found is None or not str(found[0]).isdigit() or epoch is None or epoch[0] != self.epoch:
            return None
        named = [(name_of(values[0]), _row(values[0], values[1:])) for values in rows]
        if any(name is None for name, _ in named):
            return None
        removed = [name_of(key) for (key,) in gone]
        return (
            int(found[0]),
            [(name, row) for name, row in named if name is not None],
            [name for name in removed if name is not None],
        )

    def errors(self) -> list[tuple[str, str]] | None:
        """Every file skipped and why, as the rows say (checked); None when one fails its
        seal or the index cannot be read."""
        import sqlite3

        if self.db is None:
            return None
        try:
            values = self.db.execute(
                "SELECT file, size, mtime_ns, hash, checked_ns, summary, error, key, born, "
                "gen, seal FROM games WHERE error IS NOT NULL"
            ).fetchall()
        except sqlite3.Error:
            return None
        found = []
        for value in values:
            name, row = name_of(value[0]), _row(value[0], value[1:])
            if name is None or row is None or row.error is None:
                return None
            found.append((name, row.error))
        return found

    def has_key(self, key: str, but: str) -> bool:
        """Whether a file other than ``but`` holds the game ``key`` (a copy of it)."""
        import sqlite3

        if self.db is None:
            return True
        try:
            found = self.db.execute(
                "SELECT 1 FROM games WHERE key = ? AND file IS NOT ? LIMIT 1", (key, key_of(but))
            ).fetchone()
        except sqlite3.Error:
            return True
        return found is not None

    def close(self) -> None:
        if self.db is not None:
            self.db.close()


def _layout(db: sqlite3.Connection, table: str) -> tuple[Any, ...]:
    """A table's columns as (name, declared type, primary key)."""
    return tuple((c[1], c[2].upper(), c[5]) for c in db.execute(f"PRAGMA table_info({table})"))


def index_state(library: Path) -> str:
    """The index's files as the file system sees them (size, time, inode of the database and
    of its write-ahead log): an answer kept beside the index holds only while the index is as
    it was when the answer was worked out. Another program's write, a damage, a rebuild all
    change it, and the answer is worked out again (reading the index, saying what it found)."""
    parts = []
    for suffix in ("", "-wal"):
        try:
            st = os.stat(str(index_path(library)) + suffix)
        except OSError:
            parts.append("-")
        else:
            parts.append(f"{st.st_size}.{st.st_mtime_ns}.{st.st_ino}")
    return "/".join(parts)


def _uri(path: Path) -> str:
    """``path`` as the path of a ``file:`` URI: the characters a URI gives a meaning escaped
    (a cache folder may hold a ``?`` or a ``#``)."""
    return str(path).replace("%", "%25").replace("?", "%3f").replace("#", "%23")


def _answer_seal(question: str, state: str, answer: str | bytes) -> str:
    """An answer's seal: a checksum of its question, state and text (each with its length
    first: the three cannot run into one another; a text as the UTF-8 SQLite stores it).

    A CRC, not a cryptographic hash: the seal is there to tell an answer this module wrote
    from a damaged one (a torn page, a disk's error, a file copied in part) or one that
    another program or version put there, and it is checked on every warm answer. It is not
    there to resist an attacker: whoever can write this cache can write the game files
    themselves. Over the 6 MB of an answer at 10,000 games: crc32 1.4 ms here, sha1 3 ms,
    blake2b 6.5 ms. A seal of another kind (blake2b's, before) never matches: that answer is
    worked out again."""
    import zlib

    crc = 0
    for part in (question, state, answer):
        data = part if isinstance(part, bytes) else part.encode("utf-8", "surrogatepass")
        crc = zlib.crc32(data, zlib.crc32(len(data).to_bytes(8, "big"), crc))
    return f"crc32:{crc:08x}"


_RATINGS = (
    "CREATE TABLE IF NOT EXISTS ratings "
    "(period TEXT PRIMARY KEY, chain TEXT, after TEXT, seal TEXT)"
)


class KeptRatings:
    """The ratings after each game of one period (``ratings.RatingMemo``), kept beside the
    answers: one game more is one game rated. Best effort both ways: ratings that cannot be
    read (or whose seal does not match) are worked out again, and ones that cannot be kept
    are not."""

    def __init__(self, library: Path, period: str) -> None:
        self.path = answers_path(library)
        self.period = period

    def load(self) -> tuple[list[str], list[tuple[float, float, float, float]]] | None:
        import sqlite3
        import stat

        try:
            if not stat.S_ISREG(os.stat(self.path).st_mode):
                return None
            db = sqlite3.connect(f"file:{_uri(self.path)}?mode=ro", uri=True, timeout=0)
        except (OSError, sqlite3.Error):
            return None
        try:
            row = db.execute(
                "SELECT chain, after, seal FROM ratings WHERE period = ?", (self.period,)
            ).fetchone()
        except sqlite3.Error:
            return None
        finally:
            db.close()
        if row is None or not all(isinstance(v, str) for v in row):
            return None
        if row[2] != _answer_seal(self.period, row[0], row[1]):
            return None
        try:
            chain, after = json.loads(row[0]), json.loads(row[1])
        except ValueError:
            return None
        if not (
            isinstance(chain, list)
            and isinstance(after, list)
            and all(isinstance(link, str) for link in chain)
            and all(
                isinstance(a, list) and len(a) == 4 and all(type(x) is float for x in a)
                for a in after
            )
        ):
            return None
        return chain, [(a[0], a[1], a[2], a[3]) for a in after]

    def save(self, chain: list[str], after: list[tuple[float, float, float, float]]) -> None:
        import sqlite3
        import stat

        try:
            if not stat.S_ISREG(os.stat(self.path).st_mode):
                return
        except FileNotFoundError:
            pass
        except OSError:
            return
        links, values = json.dumps(chain), json.dumps(after)
        try:
            db = sqlite3.connect(self.path, timeout=WRITE_WAIT, isolation_level=None)
        except sqlite3.Error:
            return
        try:
            db.execute(_RATINGS)
            db.execute(
                "INSERT OR REPLACE INTO ratings VALUES (?, ?, ?, ?)",
                (self.period, links, values, _answer_seal(self.period, links, values)),
            )
        except sqlite3.Error:
            pass
        finally:
            db.close()
