"""An exclusive, blocking, inter-process lock on a file, from the standard library only.

``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows. It replaces the third-party
``filelock`` package, whose import pulled in logging, hashlib, hmac, secrets, random and
decimal (about 17 ms on every write). The lock belongs to the open file: the
operating system releases it when the process ends, however it ends (SIGKILL included), so a
stale lock file never blocks anyone. A lock file is removed only by :func:`remove_lock_file`,
which holds it while it unlinks it; every locker checks, once it holds its lock, that the path
still names the file it locked (else it opens the path again), so that no two processes can
each hold a lock of one path (one on the file unlinked, one on a new one).

Waiting: the lock is tried without blocking and retried every few milliseconds until
``timeout`` seconds have passed (negative: forever), so that a stuck holder gives the waiting
command a clear refusal instead of a hang. Re-entrancy within a thread is the caller's business
(:func:`terts_referee.game.storage.game_lock` counts nesting).
"""

from __future__ import annotations

import os
import sys
import time

__all__ = ["LockTimeout", "backend", "lock_file", "remove_lock_file", "unlock_file"]

_POLL = 0.005  # seconds between tries while another process holds the lock
_POLL_MAX = 0.05


class LockTimeout(Exception):
    """The lock was still held by another process after the timeout."""


def backend(platform: str = sys.platform) -> str:
    """The locking primitive used on ``platform``: ``"msvcrt"`` on Windows, else ``"fcntl"``."""
    return "msvcrt" if platform == "win32" else "fcntl"


def _try_fcntl(fd: int) -> bool:
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError as exc:  # some systems say EACCES/EAGAIN as a plain OSError
        import errno

        if exc.errno in (errno.EAGAIN, errno.EACCES):
            return False
        raise
    return True


def _try_msvcrt(fd: int) -> bool:  # pragma: no cover - runs on Windows only
    import msvcrt

    if sys.platform != "win32":  # never (msvcrt is Windows's): mypy then checks the rest for it
        raise ImportError("msvcrt")

    os.lseek(fd, 0, os.SEEK_SET)
    try:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # one byte at offset 0: the lock's token
    except OSError:
        return False
    return True


def _unlock_fcntl(fd: int) -> None:
    import fcntl

    fcntl.flock(fd, fcntl.LOCK_UN)


def _unlock_msvcrt(fd: int) -> None:  # pragma: no cover - runs on Windows only
    import msvcrt

    if sys.platform != "win32":  # never (msvcrt is Windows's): mypy then checks the rest for it
        raise ImportError("msvcrt")

    os.lseek(fd, 0, os.SEEK_SET)
    msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)


def lock_file(path: str, timeout: float = 30.0, platform: str = sys.platform) -> int:
    """Open (creating it, mode 0o666 & ~umask) the lock file at ``path`` and lock it.

    Returns the open descriptor, to be given to :func:`unlock_file`. Waits for another holder
    up to ``timeout`` seconds (negative: forever; 0: one try). Raises LockTimeout when the
    lock was not obtained in time, OSError when the file cannot be opened or locked.
    """
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOINHERIT", 0) | getattr(os, "O_CLOEXEC", 0)
    posix = backend(platform) != "msvcrt"
    attempt = _try_fcntl if posix else _try_msvcrt
    deadline = None if timeout < 0 else time.monotonic() + timeout
    while True:
        fd = os.open(path, flags, 0o666)
        try:
            pause = _POLL
            while not attempt(fd):
                if deadline is not None and time.monotonic() >= deadline:
                    raise LockTimeout(path)
                time.sleep(pause)
                pause = min(pause * 1.5, _POLL_MAX)
        except BaseException:
            os.close(fd)
            raise
        if not posix or _still_named(fd, path):
            return fd
        # the file was unlinked (remove_lock_file) while this process waited: its lock
        # guards nothing any more; lock the file the path names now
        _unlock_fcntl(fd)
        os.close(fd)


def _still_named(fd: int, path: str) -> bool:
    """Whether ``path`` still names the open file ``fd``."""
    try:
        named = os.stat(path)
    except FileNotFoundError:
        return False
    mine = os.fstat(fd)
    return (named.st_dev, named.st_ino) == (mine.st_dev, mine.st_ino)


def remove_lock_file(path: str, platform: str = sys.platform) -> bool:
    """Remove the lock file at ``path`` if nobody holds it: locked, then unlinked while held
    (a process waiting for it then locks a new file, see ``lock_file``). Returns whether it
    was removed. On Windows an open file cannot be unlinked safely: it is left."""
    if backend(platform) == "msvcrt" or not os.path.exists(path):
        return False
    try:
        fd = lock_file(path, 0, platform)
    except (LockTimeout, OSError):
        return False  # held by another process, or not ours to open: left as it is
    try:
        os.unlink(path)
    except OSError:
        return False
    finally:
        unlock_file(fd, platform)
    return True


def unlock_file(fd: int, platform: str = sys.platform) -> None:
    """Release the lock taken by :func:`lock_file` and close its descriptor."""
    try:
        (_unlock_msvcrt if backend(platform) == "msvcrt" else _unlock_fcntl)(fd)
    finally:
        os.close(fd)
