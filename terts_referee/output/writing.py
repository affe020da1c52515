"""The files a command writes where the user says (``export --html``, ``stats --html``,
``rules new``): one decision, :func:`check_output`, of whether a path may be written, and one
way of writing it, :func:`write_output`.

A path is refused when writing it could lose a game or confuse what the program reads:

- the game file: the one ``--game`` names, ``$TERTS_GAME``'s and ``./terts-game.toml``,
  its lock file and the temp files of its saves (a page written over the lock file would let
  two commands write the game at once);
- anything in the library directory (its games, its index and the index's journal files);
- any other file that reads as a game (whoever's game it is), and the lock or temp files
  beside any file;
- the same file as any of those by another name: a symbolic link is resolved
  (``os.path.realpath``), a hard link is caught by comparing ``st_dev``/``st_ino``;
- something that is not a regular file (a FIFO would block, a device or a directory is never
  written into);
- a ruleset that comes with the program;
- an existing file, unless ``--force`` says to replace it (and even then not a read-only one).

The write itself is atomic (a temp file beside the target, fsync, rename, as the game file is
written): a page cut off by a kill never replaces a good one, and a file with several names
(hard links) is replaced under this name only. An existing file keeps its permission bits.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from ..domain.verdicts import Verdict
from ..errors import GameFileError
from ..i18n import N_p, register, t

__all__ = ["OutputRefused", "check_output", "write_output"]

TEXT = register(
    N_p(
        "output.game",
        "{path} is the game file {game}: writing there would replace the game; name another "
        "file, such as {example}",
    ),
    N_p(
        "output.game_sidecar",
        "{path} belongs to the game file {game} (its lock or a temp file of a save): name "
        "another file, such as {example}",
    ),
    N_p(
        "output.a_game",
        "{path} is a game file ({players}): writing there would replace the game; name "
        "another file, such as {example}",
    ),
    N_p(
        "output.sidecar",
        "{path} belongs to {owner} (its lock or a temp file of a save): name another file, "
        "such as {example}",
    ),
    N_p(
        "output.library",
        "{path} is in the library {library}, among the games: name a file outside it, such "
        "as {example}",
    ),
    N_p(
        "output.library_index",
        "{path} is the index of the library {library} on this machine: name another file, "
        "such as {example}",
    ),
    N_p(
        "output.library_link",
        "{path} is the library's file {other} under another name (a link): writing there "
        "would change the library; name another file, such as {example}",
    ),
    N_p(
        "output.bundled",
        "{path} is one of the rulesets that come with the program: name a file of your own, "
        "such as {example}",
    ),
    N_p(
        "output.exists",
        "{path} already exists: add --force to replace it, or name a new file, such as {example}",
    ),
    N_p(
        "output.special",
        "{path} is {kind}, not a regular file: nothing is written; name a file such as {example}",
    ),
    N_p(
        "output.read_only",
        "{path} is read-only and is not replaced: make it writable (chmod u+w) or name "
        "another file, such as {example}",
    ),
    N_p("output.cannot_write", "cannot write {path}: {reason}"),
)


class OutputRefused(GameFileError):
    """A path a command may not write; the message names it and what would be accepted."""


def _reason(exc: OSError) -> str:
    return exc.strerror or " ".join(str(exc).split()) or type(exc).__name__


def _identity(st: os.stat_result) -> tuple[int, int]:
    return st.st_dev, st.st_ino


def _game_files(game: Path | None) -> list[Path]:
    """The game files a write must never touch: the one given, $TERTS_GAME's, the default."""
    from ..game.storage import DEFAULT_GAME_FILE, resolve_game_path

    found: list[Path] = []
    for candidate in (game, resolve_game_path(None), Path(DEFAULT_GAME_FILE)):
        if candidate is not None and candidate not in found:
            found.append(candidate)
    return found


def _check_game(path: Path, real: str, st: os.stat_result | None, game: Path, example: str) -> None:
    game_real = os.path.realpath(game)
    if real == game_real:
        raise OutputRefused(
            Verdict("output.game", {"path": path, "game": game, "example": example})
        )
    directory, name = os.path.split(game_real)
    here, mine = os.path.split(real)
    if here == directory and mine.startswith("." + name + "."):  # its lock, its temp files
        raise OutputRefused(
            Verdict("output.game_sidecar", {"path": path, "game": game, "example": example})
        )
    if st is not None:
        try:
            same = _identity(os.stat(game_real)) == _identity(st)
        except OSError:
            same = False
        if same:
            raise OutputRefused(
                Verdict("output.game", {"path": path, "game": game, "example": example})
            )


def _check_library(
    path: Path, real: str, st: os.stat_result | None, library: Path, ex: str
) -> None:
    from ..library.location import index_path

    library_real = os.path.realpath(library)
    if os.path.commonpath([library_real, real]) == library_real:
        raise OutputRefused(
            Verdict("output.library", {"path": path, "library": library, "example": ex})
        )
    index = os.path.realpath(index_path(library))
    if real in (index, index + "-wal", index + "-shm"):  # a cache, but the library's own
        raise OutputRefused(
            Verdict("output.library_index", {"path": path, "library": library, "example": ex})
        )
    if st is None:  # a new file cannot be one of the library's under another name
        return
    try:
        entries = list(os.scandir(library_real))
    except OSError:
        return  # no library there (or unreadable): nothing of it to protect
    mine = _identity(st)
    for entry in entries:
        try:
            same = _identity(entry.stat()) == mine  # a link to it or from it
        except OSError:
            continue
        if same:
            raise OutputRefused(
                Verdict("output.library_link", {"path": path, "other": entry.path, "example": ex})
            )


_SIDECAR = re.compile(r"\.(.+)\.(?:lock|[a-z0-9_]{8}\.tmp)")


def _check_sidecar(path: Path, real: str, example: str) -> None:
    """A hidden lock or temp file beside a file (``.NAME.lock``, ``.NAME.XXXXXXXX.tmp``) is
    that file's: a page written over a game's lock would let two commands write it at once."""
    directory, name = os.path.split(real)
    match = _SIDECAR.fullmatch(name)
    if match and os.path.lexists(os.path.join(directory, match.group(1))):
        owner = os.path.join(os.path.dirname(path), match.group(1))
        raise OutputRefused(
            Verdict("output.sidecar", {"path": path, "owner": owner, "example": example})
        )


def _check_not_a_game(path: Path, real: str, example: str) -> None:
    """An existing file that reads as a game is never replaced, whoever's game it is."""
    from ..files import read_regular
    from ..game.storage import parse_game

    try:
        doc = parse_game(Path(real), read_regular(real))
    except Exception:  # too big, unreadable, not TOML, not a game: not a game to keep
        return
    players = doc.get("players")
    if isinstance(players, list) and "events" in doc:
        shown = " v ".join(str(p) for p in players[:2]) or "?"
        raise OutputRefused(
            Verdict("output.a_game", {"path": path, "players": shown, "example": example})
        )


def check_output(
    path: Path,
    *,
    force: bool,
    example: str,
    game: Path | None = None,
    library: Path | None = None,
) -> bool:
    """Whether ``path`` may be written (True: a file is there that ``force`` lets replace,
    False: a new file); raises OutputRefused naming the path and what would be accepted.

    ``game`` is the game file the command was given (``--game``), ``library`` its library
    (``--library``); the environment's and the default ones are protected as well.
    ``example`` is a file name to suggest (``sheet.html``).
    """
    from ..domain.rules import bundled_dir
    from ..files import kind_of
    from ..library.location import library_dir

    try:
        real = os.path.realpath(path)
        try:
            st: os.stat_result | None = os.stat(real)
        except FileNotFoundError:
            st = None
    except OSError as exc:  # a name too long, a loop of links, a directory not searchable
        raise OutputRefused(
            Verdict("output.cannot_write", {"path": path, "reason": _reason(exc)})
        ) from None
    if st is not None and not stat.S_ISREG(st.st_mode):
        kind = t(kind_of(st.st_mode))
        raise OutputRefused(
            Verdict("output.special", {"path": path, "kind": kind, "example": example})
        )
    for candidate in _game_files(game):
        _check_game(path, real, st, candidate, example)
    _check_sidecar(path, real, example)
    _check_library(path, real, st, library_dir(str(library) if library else None), example)
    bundled = os.path.realpath(bundled_dir())
    if os.path.dirname(real) == bundled:
        raise OutputRefused(Verdict("output.bundled", {"path": path, "example": example}))
    if st is None:
        return False
    _check_not_a_game(path, real, example)
    if not force:
        raise OutputRefused(Verdict("output.exists", {"path": path, "example": example}))
    if not st.st_mode & 0o222:  # even root: a read-only file says "keep me"
        raise OutputRefused(Verdict("output.read_only", {"path": path, "example": example}))
    return True


def write_output(
    path: Path,
    data: bytes,
    *,
    force: bool,
    example: str,
    game: Path | None = None,
    library: Path | None = None,
) -> None:
    """Write ``data`` to ``path`` atomically if :func:`check_output` allows it; raises
    OutputRefused (nothing written) otherwise or when the write fails."""
    from ..game.storage import replace_atomically

    check_output(path, force=force, example=example, game=game, library=library)
    try:
        replace_atomically(Path(os.path.realpath(path)), data)
    except OSError as exc:
        raise OutputRefused(
            Verdict("output.cannot_write", {"path": path, "reason": _reason(exc)})
        ) from None
