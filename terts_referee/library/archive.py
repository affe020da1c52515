"""Moving a game file into the library, crash-safely.

Game files are only ever opened for reading by the library, except here: ``archive_game`` moves
a game file into the library under a readable name that never overwrites one already there and
never clashes with another device's (the game's short id is in it). The move is crash-safe: the
bytes are written to a temp file in the library, synced and linked under the new name, and only
then is the game file removed; a move cut off between the two (a kill) is finished by the next
``archive``, which finds these exact bytes already in the library instead of adding a second
copy. Temp files a killed move left are removed by the next archive or import.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path

from ..domain.verdicts import Verdict
from ..errors import GameFileError
from ..i18n import N_p, register
from .location import check_library, library_dir, library_lock
from .location import os_reason as _reason

__all__ = [
    "NAME_PART_BYTES",
    "SHORT_ID",
    "archive_game",
    "archive_name",
    "place",
    "remove_stale_temp",
    "set_aside",
    "short_tag",
]

TEXT = register(
    N_p("library.unfinished", "the game in {path} is not finished"),
    N_p("library.moved", "moved {path} to the library: {target}"),
    N_p("library.cannot_move", "cannot move {path} to the library {library}: {reason}"),
)

_TEMP = re.compile(r"\.archive\.[A-Za-z0-9_]{8}\.tmp")  # tempfile.mkstemp's, as place names them


def remove_stale_temp(library: Path) -> None:
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
            with library_lock(library, 30.0):
                remove_stale_temp(library)
                target = _holding(data, library, name) or place(data, library, name, source)
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


def place(data: bytes, library: Path, name: str, source: os.stat_result) -> Path:
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
