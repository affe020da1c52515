"""The library: a directory of finished (and set-aside) game files, one per game, and its index.

The files are the truth: a person may copy, back up or delete them. Beside them the library
keeps an index, ``.terts-index.sqlite``, of per-game summaries (``summary.summarize``) keyed by
file name; a file whose size, mtime or content hash changed is summarized again, files added or
removed are added or dropped. Deleting the index loses nothing. Writes to the index run in one
SQLite transaction (WAL journal, a busy timeout), so two commands at once wait for each other
instead of corrupting it. A library the user cannot write to is still read (the index is then
built in memory).

Game files are only ever opened for reading here, except by ``archive``, which moves a game file
into the library under a readable name that never overwrites one already there.

Where the library is: ``--library DIR``, else ``$TERTS_LIBRARY``, else the platform's user data
directory (``terts/games`` under it, by platformdirs).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from ..errors import GameFileError, RefereeError
from ..i18n import register, t

__all__ = [
    "INDEX_NAME",
    "LIBRARY_ENV_VAR",
    "Scan",
    "archive_game",
    "archive_name",
    "library_dir",
    "scan_library",
]

LIBRARY_ENV_VAR = "TERTS_LIBRARY"
INDEX_NAME = ".terts-index.sqlite"
_SCHEMA = 1  # the index's own tables; SUMMARY_VERSION covers what a summary holds

TEXT = register(
    {
        "library.unfinished": {
            "en": "the game in {path} is not finished: `terts new --force` or "
            "`terts archive --force` moves it to the library marked unfinished",
            "ru": "игра в {path} не окончена: `terts new --force` или `terts archive --force` "
            "переносит её в библиотеку с пометкой «не окончена»",
        },
        "library.moved": {
            "en": "moved {path} to the library: {target}",
            "ru": "{path} перенесена в библиотеку: {target}",
        },
        "library.cannot_move": {
            "en": "cannot move {path} to the library {library}: {reason}",
            "ru": "не удалось перенести {path} в библиотеку {library}: {reason}",
        },
        "library.skipped": {
            "en": "skipped {path}: {reason}",
            "ru": "пропущен {path}: {reason}",
        },
        "library.refused": {
            "en": "event {number} does not stand: {reason}",
            "ru": "событие {number} не проходит по правилам: {reason}",
        },
        "library.building": {
            "en": "reading the library",
            "ru": "читаю библиотеку",
        },
    }
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


# --- archiving ------------------------------------------------------------------------------

_UNSAFE = re.compile(r'[\x00-\x1f\x7f/\\:*?"<>|]+')


def _safe(name: str) -> str:
    """A player's name as part of a file name: path and shell-hostile characters become '-'."""
    cleaned = _UNSAFE.sub("-", name).strip(" .-") or "-"
    return "_".join(cleaned.split())[:40]


def archive_name(players: Iterable[str], started: datetime, unfinished: bool = False) -> str:
    """``2026-11-30_1504_Аня_Боря.toml``; ``…_unfinished.toml`` for a game set aside unfinished."""
    stem = "_".join([started.strftime("%Y-%m-%d_%H%M"), *(_safe(p) for p in players)])
    return stem + ("_unfinished" if unfinished else "") + ".toml"


def archive_game(path: Path, library: Path, force: bool = False) -> Path:
    """Move the game file at ``path`` into ``library`` (made if missing); returns the new path.

    A finished game moves as it is; an unfinished one only with ``force``, its name marked
    ``_unfinished``. The bytes are not changed. The name never overwrites a file already there
    (``_2``, ``_3``… are added). Holds the game file's lock while moving.

    Raises GameFileError for a missing or damaged game file, an unfinished game without
    ``force``, or a library that cannot be written.
    """
    from ..game.model import Game
    from ..game.storage import game_lock, read_game

    with game_lock(path):
        data = Path(path).read_bytes() if os.path.isfile(path) else None
        try:
            game = Game.from_doc(read_game(path), str(path))
        except GameFileError:
            if not (force and data is not None):
                raise
            game = None  # damaged: with --force it is set aside as it is, named so
        finished = game is not None and game.sheet(strict=False).finished
        if not finished and not force:
            raise GameFileError(t("library.unfinished", path=path))
        mtime = datetime.fromtimestamp(os.stat(path).st_mtime).astimezone()
        if game is None:
            name = archive_name([], mtime)[: -len(".toml")] + "_damaged.toml"
        else:
            name = archive_name(game.players, game.started or mtime, unfinished=not finished)
        try:
            library.mkdir(parents=True, exist_ok=True)
            target = _place(data or b"", library, name, os.stat(path))
            os.unlink(path)
        except OSError as exc:
            raise GameFileError(
                t("library.cannot_move", path=path, library=library, reason=exc.strerror or exc)
            ) from None
    return target


def _place(data: bytes, library: Path, name: str, source: os.stat_result) -> Path:
    """Write ``data`` under ``name`` in ``library`` (``name_2``… if taken), never replacing;
    the file keeps the ``source`` file's times (a format 1 game is dated by them)."""
    import tempfile

    fd, tmp = tempfile.mkstemp(dir=library, prefix=".archive.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.utime(tmp, ns=(source.st_atime_ns, source.st_mtime_ns))
        stem, suffix = name[: -len(".toml")], ".toml"
        for n in range(1, 10_000):
            target = library / (stem + (f"_{n}" if n > 1 else "") + suffix)
            try:
                os.link(tmp, target)  # atomic and fails if the name is taken
            except FileExistsError:
                continue
            return target
        raise FileExistsError(name)  # pragma: no cover - ten thousand games in one minute
    finally:
        os.unlink(tmp)


# --- the index ------------------------------------------------------------------------------


@dataclass
class Scan:
    """What the library holds: one summary per good file (with ``file``), and the skipped."""

    library: Path
    games: list[dict[str, Any]] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (file, reason)
    rebuilt: int = 0


#: ``progress(total)`` is called once before summarizing ``total`` changed files and returns a
#: function called after each one; the CLI passes a rich progress bar.
Progress = Callable[[int], Callable[[], None]]


def _connect(library: Path):
    """The index, ready; rebuilt when damaged, in memory when it cannot be written."""
    import sqlite3

    for attempt in (1, 2):
        db = None
        try:
            db = sqlite3.connect(library / INDEX_NAME, timeout=30, isolation_level=None)
            db.execute("PRAGMA busy_timeout = 30000")
            db.execute("PRAGMA journal_mode = WAL")
            _prepare(db)
            return db
        except sqlite3.Error as exc:
            if db is not None:
                db.close()
            damaged = type(exc) is sqlite3.DatabaseError  # "file is not a database"
            if not (damaged and attempt == 1):
                break
            for suffix in ("", "-wal", "-shm"):  # the files are the truth: start it again
                try:
                    os.unlink(library / (INDEX_NAME + suffix))
                except OSError:
                    pass
    db = sqlite3.connect(":memory:", isolation_level=None)  # read-only library: this time only
    _prepare(db)
    return db


def _prepare(db) -> None:
    from .summary import SUMMARY_VERSION

    version = f"{_SCHEMA}.{SUMMARY_VERSION}"
    db.execute("BEGIN IMMEDIATE")
    try:
        db.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT)")
        db.execute(
            "CREATE TABLE IF NOT EXISTS games (file TEXT PRIMARY KEY, size INTEGER, "
            "mtime_ns INTEGER, hash TEXT, summary TEXT, error TEXT)"
        )
        row = db.execute("SELECT value FROM meta WHERE key = 'version'").fetchone()
        if row is None or row[0] != version:
            db.execute("DELETE FROM games")
            db.execute("INSERT OR REPLACE INTO meta VALUES ('version', ?)", (version,))
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise


def _summarize_file(path: Path) -> tuple[dict[str, Any] | None, str | None]:
    """(summary, None) for a good game file, (None, reason) for a damaged or foreign one."""
    from ..game.model import Game
    from ..game.storage import read_game
    from ..referee import EventRefused

    try:
        game = Game.from_doc(read_game(path), str(path))
        from .summary import summarize

        return summarize(game), None
    except EventRefused as exc:
        return None, t("library.refused", number=exc.number, reason=exc)
    except RefereeError as exc:
        return None, str(exc)
    except (ValueError, TypeError, KeyError, AttributeError) as exc:  # a foreign document
        return None, f"{type(exc).__name__}: {exc}"


def scan_library(library: Path, progress: Progress | None = None) -> Scan:
    """Every game file (``*.toml`` directly in ``library``) summarized, through the index.

    Nothing is created when ``library`` does not exist. Game files are only read.
    """
    scan = Scan(library)
    if not library.is_dir():
        return scan
    files: dict[str, tuple[int, int, str]] = {}
    for entry in os.scandir(library):
        if entry.name.startswith(".") or not entry.name.endswith(".toml"):
            continue
        try:
            if not entry.is_file():
                continue
            st = entry.stat()
            data = Path(entry.path).read_bytes()
        except OSError as exc:
            scan.skipped.append((entry.name, exc.strerror or str(exc)))
            continue
        digest = hashlib.blake2b(data, digest_size=16).hexdigest()
        files[entry.name] = (st.st_size, st.st_mtime_ns, digest)

    db = _connect(library)
    try:
        known = {
            row[0]: row[1:]
            for row in db.execute("SELECT file, size, mtime_ns, hash, summary, error FROM games")
        }
        changed = [
            name for name, key in files.items() if name not in known or known[name][:3] != key
        ]
        fresh: dict[str, tuple[str | None, str | None]] = {}
        advance = progress(len(changed)) if progress and changed else None
        for name in changed:
            summary, error = _summarize_file(library / name)
            fresh[name] = (json.dumps(summary, ensure_ascii=False) if summary else None, error)
            if advance:
                advance()
        gone = [name for name in known if name not in files]
        if fresh or gone:
            db.execute("BEGIN IMMEDIATE")
            try:
                db.executemany(
                    "INSERT OR REPLACE INTO games VALUES (?, ?, ?, ?, ?, ?)",
                    [(name, *files[name], *fresh[name]) for name in fresh],
                )
                db.executemany("DELETE FROM games WHERE file = ?", [(name,) for name in gone])
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
    finally:
        db.close()
    scan.rebuilt = len(changed)
    for name in sorted(files):
        summary, error = fresh[name] if name in fresh else known[name][3:]
        if error or not summary:
            scan.skipped.append((name, error or "?"))
            continue
        game = json.loads(summary)
        game["file"] = str(library / name)
        if game["started"] is None:  # format 1: no times; the file's own date stands in
            when = datetime.fromtimestamp(files[name][1] / 1e9).astimezone()
            game["date"] = when.replace(microsecond=0).isoformat()
        else:
            game["date"] = game["started"]
        scan.games.append(game)
    return scan
