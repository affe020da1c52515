"""An exclusive, blocking, inter-process lock on a file, from the standard library only.

``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows. It replaces the third-party
``filelock`` package, whose import pulled in logging, hashlib, hmac, secrets, random and
decimal (about 17 ms on every write). The lock belongs to the open file: the
operating system releases it when the process ends, however it ends (SIGKILL included), so a
stale lock file never blocks anyone; the file itself is left in place (deleting a lock file
is racy).

Waiting: the lock is tried without blocking and retried every few milliseconds until
``timeout`` seconds have passed (negative: forever), so that a stuck holder gives the waiting
command a clear refusal instead of a hang. Re-entrancy within a thread is the caller's business
(:func:`terts_referee.game.storage.game_lock` counts nesting).
"""

from __future__ import annotations

import os
import sys
import time

__all__ = ["LockTimeout", "backend", "lock_file", "unlock_file"]

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
    fd = os.open(path, flags, 0o666)
    try:
        attempt = _try_msvcrt if backend(platform) == "msvcrt" else _try_fcntl
        deadline = None if timeout < 0 else time.monotonic() + timeout
        pause = _POLL
        while not attempt(fd):
            if deadline is not None and time.monotonic() >= deadline:
                raise LockTimeout(path)
            time.sleep(pause)
            pause = min(pause * 1.5, _POLL_MAX)
    except BaseException:
        os.close(fd)
        raise
    return fd


def unlock_file(fd: int, platform: str = sys.platform) -> None:
    """Release the lock taken by :func:`lock_file` and close its descriptor."""
    try:
        (_unlock_msvcrt if backend(platform) == "msvcrt" else _unlock_fcntl)(fd)
    finally:
        os.close(fd)
