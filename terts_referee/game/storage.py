"""Read and write the game file, a TOML document, safely.

The game file is one TOML document with a top-level integer key ``format``
(:data:`FORMAT_VERSION` for files written by this version).  Every write
replaces the whole file atomically (temp file in the same directory, fsync,
``os.replace``), so a crash or kill at any moment leaves either the old or the
new document on disk, never a mixture.  Commands that read-modify-write hold an
exclusive lock on a hidden sidecar file ``.<game file name>.lock`` so that concurrent
``terts`` commands wait their turn instead of losing each other's changes.

TOML has no null: callers must *omit* absent fields rather than store ``None``.
:func:`write_game` raises :class:`ValueError` (a programming error) naming the
key path of any ``None`` it finds.

User-facing problems (missing, unreadable, corrupt, too new, locked, unwritable)
raise :class:`~terts_referee.errors.GameFileError` with a one-line message.

``tomllib``, ``tomli_w``, ``tempfile`` and the lock are imported lazily, so importing this
module is cheap.
"""

from __future__ import annotations

import os
import stat
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from terts_referee.errors import GameFileError

from ..domain.verdicts import Remedy, Verdict, clipped
from ..startup import on

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator, Mapping
    from typing import Any, TypeVar

    T = TypeVar("T")

FORMAT_VERSION = 4
"""The newest game-file format this version reads.

Each format adds what a version that does not know it must not read as if it were not there;
a file is written in the lowest format that holds what it holds, so that an older version keeps
reading every file it can read right, and refuses the others as written by a newer version
(never as damaged: a reader refuses any top-level key it does not know).

Format 2 added the times: a top-level ``started`` and an ``at`` on every event, TOML
offset datetimes. Format 1 files (no times) read as they are; they are written again, as format
2, only when an event is recorded.

Format 3 added the trail of corrections: ``[[corrections]]``, append-only, beside the
append-only journal ``[[events]]``; the effective events are derived from both
(``terts_referee.game.corrections``). A game with no corrections is still written as format 2
(:data:`TIMES_FORMAT`), the lowest format that holds it, so that a version knowing only the
times keeps reading it; a version that does not know corrections refuses a format 3 file
rather than show the events as if nothing had been corrected.

Format 4 added the game's id (:data:`ID_FORMAT`): a top-level ``id``, a UUID that ``terts new``
writes, by which the library knows one game in its copies (a sync tool's, a backup's). A
version that knows formats up to 3 refuses every top-level key it does not know as damage, so
a file with an id is format 4, and that version says it was written by a newer one instead. A
file without an id (written before ids) keeps its format when it is written again: the id is
given at the start of a game, never added later, so that its copies stay one game."""

TIMES_FORMAT = 2
"""The format of a game file with times and no corrections (and no id)."""

CORRECTIONS_FORMAT = 3
"""The format of a game file with corrections and no id."""

ID_FORMAT = 4
"""The format of a game file with an id (with or without corrections)."""

DEFAULT_GAME_FILE = "terts-game.toml"
"""Game file used when neither ``--game`` nor ``$TERTS_GAME`` names one."""

GAME_ENV_VAR = "TERTS_GAME"
"""Environment variable naming the game file when ``--game`` is not given."""

_BARE_KEY_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")

# Locks held by this process: (pid, thread id, lock path) -> nesting depth.
# Makes game_lock re-entrant within one thread (e.g. update_game inside game_lock),
# which a second lock on the same file would otherwise deadlock on.
_held: dict[tuple[int, int, str], int] = {}


def resolve_game_path(option: str | None, env: Mapping[str, str] | None = None) -> Path:
    """Return the game file to use: ``--game`` if given, else ``$TERTS_GAME``, else the default.

    An empty ``option`` or an empty ``$TERTS_GAME`` counts as not given.  ``env``
    defaults to :data:`os.environ`.  Raises nothing; the path need not exist.
    """
    if option:
        return Path(option)
    if env is None:
        env = os.environ
    from_env = env.get(GAME_ENV_VAR)
    if from_env:
        return Path(from_env)
    return Path(DEFAULT_GAME_FILE)


def read_game(path: Path) -> dict[str, Any]:
    """Parse the game file at ``path`` and return the document.

    Raises GameFileError if the file is missing or unreadable, is not valid
    UTF-8 TOML, lacks a valid integer ``format`` key, or was written in a format
    newer than :data:`FORMAT_VERSION`.  A corrupt file is never modified.
    """
    return parse_game(path, read_game_bytes(path))


def read_game_bytes(path: Path) -> bytes:
    """The bytes of the game file at ``path``, unparsed (``parse_game`` reads them); raises
    GameFileError as :func:`read_game` does for a file that cannot be read."""
    from ..files import MAX_FILE_SHOWN, NotRegular, TooBig, read_regular

    try:
        data = read_regular(path)
    except FileNotFoundError:
        start = Remedy("new", {"players": (None, None)})
        raise GameFileError(Verdict("store.not_found", {"path": path}, remedy=start)) from None
    except NotRegular as exc:
        if exc.kind == "file.directory":
            raise GameFileError(Verdict("store.directory", {"path": path})) from None
        params = {"path": path, "kind": Verdict(exc.kind)}
        raise GameFileError(Verdict("store.special", params)) from None
    except TooBig:
        params = {"path": path, "limit": MAX_FILE_SHOWN}
        raise GameFileError(Verdict("store.too_big", params)) from None
    except OSError as exc:
        params = {"path": path, "reason": _reason(exc)}
        raise GameFileError(Verdict("store.unreadable", params)) from None
    return data


def parse_game(path: Path, data: bytes, remember: bool = True) -> dict[str, Any]:
    """The document the bytes ``data`` of the game file at ``path`` hold: :func:`read_game`
    once the bytes are read, with its errors. ``remember``: keep a copy of it for the next
    read of the same bytes (a command's own game file); False for a scan of many files, each
    read once (the copy was a sixteenth of a library's first build)."""
    from ..files import TomlProblem, parse_toml

    known = _parsed_before(data)
    if known is not None:
        return known

    try:
        # tolerate a byte-order mark left by an editor (as "utf-8-sig" would, offsets after
        # it, without importing that codec)
        text = data.removeprefix(b"\xef\xbb\xbf").decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _corrupt(path, Verdict("store.not_utf8", {"offset": exc.start})) from None
    try:
        doc = parse_toml(text)
    except TomlProblem as exc:
        raise _corrupt(path, Verdict("store.not_toml", {"reason": exc.reason})) from None

    if not isinstance(doc, dict):  # pragma: no cover - tomllib always returns a table
        raise _corrupt(path, Verdict("store.not_table"))
    if "format" not in doc:
        raise _corrupt(path, Verdict("store.no_format"))
    version = doc["format"]
    if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= 10**6:
        shown = clipped(repr(version), 40)  # a 4,000-digit number
        raise _corrupt(path, Verdict("store.bad_format", {"version": shown}))
    if version > FORMAT_VERSION:
        params = {"path": path, "version": version, "newest": FORMAT_VERSION}
        raise GameFileError(Verdict("store.newer", params))
    return _remember(data, doc) if remember else doc


def write_game(path: Path, doc: Mapping[str, Any]) -> bytes:
    """Atomically replace the game file at ``path`` with the whole document ``doc``; returns
    the bytes written.

    The document is serialised with tomli_w into a temp file in the same
    directory, flushed and fsynced, then moved over the target with
    :func:`os.replace`, and the directory is fsynced (best effort).  An existing
    file keeps its permission bits; a new one gets ``0o666 & ~umask``.  If
    ``path`` is a symlink, the file it points to is replaced and the link kept.
    On any failure the temp file is removed and the target is left untouched.

    Raises ValueError if ``doc`` contains ``None`` anywhere or lacks the
    ``format`` key, TypeError if ``format`` is not an integer (programming
    errors, like tomli_w's own TypeError for unsupported values);
    GameFileError if the file cannot be written (e.g. permission denied, disk
    full, missing directory).
    """
    import tomli_w

    _check_document(doc)
    data = tomli_w.dumps(doc).encode("utf-8")
    _write_bytes(path, data)
    if isinstance(doc, dict):  # what reading these bytes back would give (update_game next)
        _last_read[0] = (data, parsed_form(doc))
    return data


def append_event(
    path: Path, previous: bytes, event: Mapping[str, Any], doc: Callable[[], Mapping[str, Any]]
) -> bytes:
    """Write the game file at ``path`` as :func:`write_game` writes ``doc()``, the document
    the bytes ``previous`` hold (the file's bytes, read under the lock) with the table
    ``event`` appended to its ``events``, without serialising the rest again when it can.

    When ``previous`` are the bytes this process last wrote (tomli_w's text of their
    document, :func:`last_written`) and their document is known (the last read, ``read_game``'s
    cache), the event's table is spliced into them (``startup.spliced_event``, a start-up
    trick: byte for byte tomli_w's text of the new document); otherwise
    ``write_game(path, doc())``. Returns the bytes written; raises as :func:`write_game` does.
    """
    from ..startup import spliced_event

    entry = _last_read[0]
    data = None
    if (
        previous == _last_written[0]
        and entry is not None
        and entry[0] == previous
        and _find_none(event, "") is None  # else write_game names it
    ):
        data = spliced_event(previous, entry[1], event)
    if entry is None or data is None:
        return write_game(path, doc())
    _write_bytes(path, data)
    _last_read[0] = (data, {**entry[1], "events": [*entry[1]["events"], parsed_form(event)]})
    return data


def _write_bytes(path: Path, data: bytes) -> None:
    """Atomically replace the game file at ``path`` with ``data`` (``write_game``'s write).

    The last guard of every save: bytes the reader would refuse (more than the 4 MiB it
    reads) are never written; the file is left as it was."""
    from ..files import MAX_FILE_BYTES, MAX_FILE_SHOWN

    if len(data) > MAX_FILE_BYTES:
        params = {"path": path, "size": _mib(len(data)), "limit": MAX_FILE_SHOWN}
        raise GameFileError(Verdict("store.write_too_big", params))
    target = Path(os.path.realpath(path))
    check_writable_target(path, target)
    try:
        replace_atomically(target, data)
    except OSError as exc:
        params = {"path": path, "reason": _reason(exc)}
        raise GameFileError(Verdict("store.unwritable", params)) from None
    _last_written[:] = [data]


def _mib(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MiB"


def replace_atomically(target: Path, data: bytes) -> None:
    """Replace the file at ``target`` (a resolved path) with ``data``: a temp file beside it
    (``.NAME.XXXXXXXX.tmp``), flushed and fsynced, renamed over it, the directory fsynced.
    An existing file keeps its permission bits; a new one gets ``0o666 & ~umask``. Raises
    OSError; on any failure the temp file is removed and the target left untouched."""
    import tempfile  # here, not at the top: a command that only reads never imports it

    directory = target.parent
    fd, tmp_name = tempfile.mkstemp(dir=directory, prefix="." + target.name + ".", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as tmp:
            tmp.write(data)
            tmp.flush()
            os.fsync(tmp.fileno())
        try:
            mode = stat.S_IMODE(os.stat(target).st_mode)
        except FileNotFoundError:
            mode = 0o666 & ~_UMASK  # as the process started (``_read_umask``)
        os.chmod(tmp_name, mode)
        os.replace(tmp_name, target)
    except BaseException:
        try:
            os.unlink(tmp_name)
        except OSError:
            pass
        raise
    fsync_directory(directory)


@contextmanager
def game_lock(path: Path, timeout: float = 30.0) -> Iterator[None]:
    """Hold an exclusive lock on the game file at ``path`` for the ``with`` block.

    The lock is an OS file lock (:mod:`terts_referee.game.locking`: ``fcntl.flock``,
    or ``msvcrt.locking`` on Windows) on the hidden sidecar file ``.<name>.lock``
    next to the (symlink-resolved) game file, so other ``terts`` processes wait
    for it.  The lock file is left in place afterwards (deleting a lock file is
    racy); its directory must already exist.  Re-entrant within one thread.
    ``timeout`` is in seconds; negative waits forever, 0 tries once.

    Raises GameFileError if the lock is still held by another process after
    ``timeout`` seconds, or if the directory is missing or the lock file cannot
    be created.
    """
    import threading

    from .locking import LockTimeout, lock_file, unlock_file

    target = os.path.realpath(path)
    lock_path = lock_path_for(target)
    key = (os.getpid(), threading.get_ident(), lock_path)
    if key in _held:
        _held[key] += 1
        try:
            yield
        finally:
            _held[key] -= 1
        return

    directory = os.path.dirname(target)
    if not os.path.isdir(directory):  # refuse rather than create missing directories
        params = {"path": path, "directory": directory}
        raise GameFileError(Verdict("store.no_directory", params))
    try:
        fd = lock_file(lock_path, timeout)
    except LockTimeout:
        raise GameFileError(Verdict("store.locked", {"path": path})) from None
    except OSError as exc:
        params = {"path": path, "lock": lock_path, "reason": _reason(exc)}
        raise GameFileError(Verdict("store.lock_failed", params)) from None
    _held[key] = 1
    try:
        yield
    finally:
        del _held[key]
        unlock_file(fd)


def remove_lock(path: Path) -> bool:
    """Remove the hidden lock file of a game file that is gone (moved to the library): only
    when no game file is at ``path`` and nobody holds the lock (``locking.remove_lock_file``).
    Returns whether it was removed."""
    from .locking import remove_lock_file

    target = os.path.realpath(path)
    if os.path.lexists(target):
        return False
    return remove_lock_file(lock_path_for(target))


def lock_path_for(target: str) -> str:
    """The hidden lock file beside the game file: ``.`` + its name + ``.lock``."""
    directory, name = os.path.split(target)
    return os.path.join(directory, "." + name + ".lock")


def update_game(path: Path, change: Callable[[dict[str, Any]], T]) -> T:
    """Read the game, apply ``change`` to it and write it back, all under the lock.

    ``change(doc)`` mutates ``doc`` in place (or raises); its return value is
    returned.  If it raises, nothing is written and the file is left
    byte-for-byte unchanged.

    Raises GameFileError from :func:`game_lock`, :func:`read_game` or
    :func:`write_game`; whatever ``change`` raises; ValueError if ``change``
    left a ``None`` in the document.
    """
    with game_lock(path):
        doc = read_game(path)
        result = change(doc)
        remove_stale_temp_files(path)
        write_game(path, doc)
        return result


def create_game(path: Path, doc: Mapping[str, Any], force: bool = False) -> None:
    """Write ``doc`` as a new game file at ``path``, under the lock.

    ``doc`` must include ``format`` (normally :data:`FORMAT_VERSION`).

    Raises GameFileError if ``path`` already exists and ``force`` is false, or
    if it cannot be locked or written; ValueError as :func:`write_game` does.
    Even with ``force`` only a regular file is replaced (never a FIFO, a device,
    a directory), and never a read-only one (:func:`write_game`).
    """
    with game_lock(path):
        if os.path.lexists(path) and not force:
            raise GameFileError(Verdict("store.exists", {"path": path}))
        remove_stale_temp_files(path)
        write_game(path, doc)


def remove_stale_temp_files(path: Path) -> list[str]:
    """Remove temp files a killed save left beside the game file; return their names.

    Only this module's own temp files are touched: regular files named exactly as
    :func:`write_game` names them (``.`` + game file name + ``.`` + 8 characters of
    :func:`tempfile.mkstemp`'s alphabet, + ``.tmp``). Call it
    under :func:`game_lock`, when no other terts command can be writing one. Best effort:
    errors are ignored.
    """
    target = os.path.realpath(path)
    directory, name = os.path.split(target)
    prefix = "." + name + "."
    size = len(prefix) + 8 + len(".tmp")
    removed: list[str] = []
    try:
        entries = os.scandir(directory)
    except OSError:
        return removed
    with entries:
        for entry in entries:
            found = entry.name  # prefix + 8 of _TEMP_SET + ".tmp", without compiling a regex
            if not (
                len(found) == size
                and found.startswith(prefix)
                and found.endswith(".tmp")
                and set(found[len(prefix) : -4]) <= _TEMP_SET
            ):
                continue
            try:
                if entry.is_file(follow_symlinks=False):
                    os.unlink(entry.path)
                    removed.append(entry.name)
            except OSError:
                pass
    return removed


# --- helpers -----------------------------------------------------------------

# The last game file read or written: its bytes and (a copy of) the document they parse to. A
# process that reads one file again and again (table mode before every event, the web page on
# every change) parses it once per version, and not at all after writing it: the bytes are
# compared whole, so a file changed by anyone in any way is parsed again; a hit gives a fresh
# copy, which the caller may change. A written document's keys keep the order they were given
# in (tomli_w writes a table's plain values before its sub-tables): every reader looks keys up.
# One (bytes, document) tuple, replaced whole, so that threads (the web server) never pair
# the bytes of one file with the document of another.
_last_read: list[tuple[bytes, dict[str, Any]] | None] = [None]


_TEMP_SET = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")  # tempfile's alphabet


# The bytes this process wrote last (``last_written``): table mode shows the game a recording
# command just wrote, without reading it back, when the file holds exactly those bytes.
_last_written: list[bytes | None] = [None]


def last_written() -> bytes | None:
    """The bytes of the last game file this process wrote (None before any)."""
    return _last_written[0]


def _copy(value: Any) -> Any:
    """A copy of a parsed TOML document: new dicts and lists, the same immutable leaves."""
    if isinstance(value, dict):
        return {key: _copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copy(item) for item in value]
    return value


def parsed_form(value: Any) -> Any:
    """``value`` as reading back what :func:`write_game` writes for it gives it (tomllib's
    reading of tomli_w's text): tuples become lists, an aware datetime's zone a plain offset;
    dicts and lists are new, the other leaves the same."""
    from datetime import datetime, timezone  # once, not at every node (a fifth of a write)

    def convert(value: Any) -> Any:
        if isinstance(value, dict):
            return {key: convert(item) for key, item in value.items()}
        if isinstance(value, (list, tuple)):
            return [convert(item) for item in value]
        if isinstance(value, datetime) and (offset := value.utcoffset()) is not None:
            return value.replace(tzinfo=timezone(offset))
        return value

    return convert(value)


def _parsed_before(data: bytes) -> dict[str, Any] | None:
    """A copy of the document ``data`` parsed to last time, if it is the last file read (a
    start-up trick, ``startup``: parsed_once)."""
    entry = _last_read[0]
    if entry is not None and entry[0] == data and on("parsed_once"):
        doc: dict[str, Any] = _copy(entry[1])
        return doc
    return None


def _remember(data: bytes, doc: dict[str, Any]) -> dict[str, Any]:
    """Keep ``data`` and a copy of the valid document it parsed to; return ``doc``."""
    _last_read[0] = (data, _copy(doc))
    return doc


def check_writable_target(path: Path, target: Path) -> None:
    """Refuse to replace anything but a regular, writable file (a new one is fine).

    The write-permission bits are checked rather than ``os.access``: a read-only game file
    is refused even for root, for whom the rename would otherwise succeed.
    """
    from ..files import NotRegular, check_replaceable

    try:
        exists = check_replaceable(target)
    except NotRegular as exc:
        params = {"path": path, "kind": Verdict(exc.kind)}
        raise GameFileError(Verdict("store.not_replaceable", params)) from None
    except OSError as exc:
        params = {"path": path, "reason": _reason(exc)}
        raise GameFileError(Verdict("store.unwritable", params)) from None
    if exists and not os.stat(target).st_mode & 0o222:
        raise GameFileError(Verdict("store.read_only", {"path": path}))


class CorruptGameFile(GameFileError):
    """A game file that exists but cannot be used as it is; ``detail`` says what is wrong, for
    a command that only reads it (the library, ``terts import``), which words the remedy its
    own way (``--game`` means nothing there)."""

    def __init__(self, path: Path, detail: Verdict) -> None:
        super().__init__(Verdict("store.corrupt", {"path": path, "detail": detail}))
        self.path, self.detail = path, detail


def _corrupt(path: Path, detail: Verdict) -> GameFileError:
    """Build the error for a game file that exists but cannot be used as it is."""
    return CorruptGameFile(path, detail)


def _one_line(text: str) -> str:
    """Collapse whitespace so a multi-line message fits on one line."""
    return " ".join(text.split())


def _reason(exc: OSError) -> str:
    """Return the short, human reason of an OSError (e.g. 'Permission denied')."""
    return exc.strerror or _one_line(str(exc)) or type(exc).__name__


def _check_document(doc: Mapping[str, Any]) -> None:
    """Check that ``doc`` can round-trip through the game file.

    Raises ValueError naming the key path of the first ``None`` found, or if
    the top-level ``format`` key is missing; TypeError if it is not an integer.
    """
    bad = _find_none(doc, "")
    if bad is not None:
        raise ValueError(
            f"game document has None at {bad}: TOML has no null, omit absent fields instead"
        )
    if "format" not in doc:
        raise ValueError("game document needs an integer `format` key")
    version = doc["format"]
    if not isinstance(version, int) or isinstance(version, bool):
        raise TypeError(f"game document's `format` must be an integer, not {version!r}")


def _find_none(value: object, where: str) -> str | None:
    """Return the key path of the first ``None`` inside ``value``, or None if there is none
    (the path is built only for a ``None`` found: a write checks every document)."""
    steps = _none_steps(value)
    if steps is None:
        return None
    for key, in_table in reversed(steps):
        if in_table:
            name = key if isinstance(key, str) and _is_bare_key(key) else repr(key)
            where = f"{where}.{name}" if where else name
        else:
            where = f"{where}[{key}]"
    return where or "<document>"


def _none_steps(value: object) -> list[tuple[Any, bool]] | None:
    """The steps (key or index, whether in a table) to the first ``None`` inside ``value``,
    innermost first ([] for ``value`` itself); None if there is none."""
    if value is None:
        return []
    items: Iterable[tuple[Any, object]]
    if isinstance(value, dict):
        items, in_table = value.items(), True
    elif isinstance(value, (list, tuple)):
        items, in_table = enumerate(value), False
    else:
        return None
    for key, item in items:
        if item is None or isinstance(item, (dict, list, tuple)):
            steps = _none_steps(item)
            if steps is not None:
                steps.append((key, in_table))
                return steps
    return None


def _is_bare_key(key: str) -> bool:
    """Return whether ``key`` can be written unquoted in a TOML key path."""
    return bool(key) and set(key) <= _BARE_KEY_CHARS


def _read_umask() -> int:
    """The process's umask, read once, when this module is imported: at a command's start, in
    its main thread (``terts serve`` imports it before its server's threads start). The only
    way to read it is to set it and set it back, and the page's server writes from several
    threads: a write of another thread between the two would get the wrong mode."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_UMASK = _read_umask()


def fsync_directory(directory: Path) -> None:
    """Fsync ``directory`` so a completed rename survives a crash; best effort."""
    try:
        fd = os.open(directory, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return  # e.g. Windows cannot open directories
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
