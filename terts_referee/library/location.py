"""Where the library is, and where this machine keeps what it knows of it.

Where the library is: ``--library DIR``, else ``$TERTS_LIBRARY``, else the platform's user data
directory (``terts/games`` under it, by platformdirs). Its index and its lock live outside it, in
the user cache directory (``$TERTS_CACHE``, else platformdirs' ``user_cache_dir("terts")``),
named by a hash of the library's resolved path: two devices syncing one library never write one
file there, and reading the library writes nothing inside it.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from ..domain.verdicts import Verdict
from ..errors import GameFileError
from ..i18n import N_p, register, t

__all__ = [
    "CACHE_ENV_VAR",
    "LIBRARY_ENV_VAR",
    "answers_folder",
    "answers_path",
    "cache_dir",
    "check_library",
    "index_path",
    "library_dir",
    "library_hash",
    "library_lock",
    "os_reason",
]

LIBRARY_ENV_VAR = "TERTS_LIBRARY"
CACHE_ENV_VAR = "TERTS_CACHE"

TEXT = register(
    N_p("library.not_directory", "the library {path} is {kind}, not a directory"),
    N_p("library.bad_path", "cannot use the library {path}: {reason}"),
    N_p("library.regular", "a regular file"),
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


def library_hash(library: Path) -> str:
    """A short hash of the library's resolved path: the name of its index and lock."""
    from ..compat import blake2b  # not hashlib: a warm answer needs none of its other hashes

    real = os.fsencode(os.path.realpath(library))
    return blake2b(real, digest_size=8).hexdigest()


def index_path(library: Path, env: Mapping[str, str] | None = None) -> Path:
    """The index of ``library`` on this machine: ``index-<hash of its resolved path>.sqlite``
    in :func:`cache_dir`."""
    return cache_dir(env) / f"index-{library_hash(library)}.sqlite"


def answers_path(library: Path, env: Mapping[str, str] | None = None) -> Path:
    """Where this machine keeps the answers worked out over ``library`` (``kept.answered``):
    ``answers-<hash>.sqlite`` beside its index."""
    return cache_dir(env) / f"answers-{library_hash(library)}.sqlite"


def answers_folder(library: Path, env: Mapping[str, str] | None = None) -> Path:
    """The folder of the answers kept over ``library`` (``kept.answered``), one file each:
    ``answers-<hash>`` beside its index (the ratings stay in :func:`answers_path`)."""
    return cache_dir(env) / f"answers-{library_hash(library)}"


def os_reason(exc: OSError) -> str:
    """An OSError as the few words a one-line refusal carries."""
    return exc.strerror or " ".join(str(exc).split()) or type(exc).__name__


def check_library(library: Path) -> bool:
    """Whether the library directory exists (False: nothing there yet, an empty library).

    Raises GameFileError, one line, for a path that is something else (a regular file is not
    an empty library) or that cannot be looked at (a name too long, a file as a parent).
    """
    try:
        st = os.stat(library)
    except FileNotFoundError:
        return False
    except (OSError, ValueError) as exc:  # ENAMETOOLONG, ENOTDIR, ELOOP; a NUL in the path
        from ..i18n.messages import clipped  # only to refuse: a warm answer needs no words

        reason = os_reason(exc) if isinstance(exc, OSError) else str(exc)
        shown = clipped(str(library), 80)
        raise GameFileError(
            Verdict("library.bad_path", {"path": shown, "reason": reason})
        ) from None
    if not stat.S_ISDIR(st.st_mode):
        from ..files import kind_of

        kind = t(kind_of(st.st_mode)) if not stat.S_ISREG(st.st_mode) else t("library.regular")
        raise GameFileError(Verdict("library.not_directory", {"path": library, "kind": kind}))
    return True


@contextmanager
def library_lock(library: Path, timeout: float) -> Iterator[bool]:
    """The library's lock on this machine (``library-<hash>.lock`` beside its index: the
    library holds nothing but games), held by a move or an import into it; yields whether it
    was obtained within ``timeout`` seconds (0: one try). A lock that cannot be made (the cache
    not writable) yields False: the move goes on, with the name checks that never overwrite."""
    from ..game.locking import LockTimeout, lock_file, unlock_file

    where = cache_dir()
    try:
        where.mkdir(parents=True, exist_ok=True)
        fd = lock_file(str(where / f"library-{library_hash(library)}.lock"), timeout)
    except (LockTimeout, OSError):
        yield False
        return
    try:
        yield True
    finally:
        unlock_file(fd)
