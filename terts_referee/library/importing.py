"""``terts import SRC…``: games copied into the library from other folders or files (another
device's library, a backup, a USB stick, a phone's export).

Each game file found (a file named, or every ``*.toml`` below a folder named, as the library
itself is read: ``folders.py``) is read and summarized like a library file. A game the library
already holds (the same id, or for a file from before ids the same content: ``copies.py``) is
skipped, unless the copy brought holds more (more entries, or as many made later): then it is
copied in beside the one there, which is not changed, and counts instead of it by the
library's own rule. Of several copies of one game brought at once, the one that rule prefers is
copied. A damaged or foreign file is named with its reason and left where it is.

Nothing is ever overwritten: a copy takes the library's name for the game (the start, the
players, the short id: ``index.archive_name``), with ``_2``… where that name is taken. The copy
is crash-safe like a move into the library: the bytes go to a temp file in the library, are
synced and linked under the new name (a link fails rather than replace), and the library's
folder is synced. The sources are only ever read.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from ..domain.verdicts import Verdict
from ..errors import GameFileError
from ..i18n import N_p, register
from .location import os_reason as _reason

__all__ = ["Imported", "check_sources", "import_games"]

TEXT = register(
    N_p(
        "import.missing",
        "cannot import {path}: there is no such file or folder; name game files or folders "
        "that hold them",
    ),
    N_p("import.not_game", "cannot import {path}: it is {kind}, not a game file or a folder"),
    N_p("import.unusable", "cannot import {path}: {reason}"),
    N_p("import.cannot_write", "cannot copy {path} into the library {library}: {reason}"),
)


@dataclass
class Imported:
    """What an import did: the files written (source, new file), the games skipped because
    the library holds them already (source, the library's file, or the source preferred of
    several brought at once) and the damaged files left where they are (source, reason)."""

    library: Path
    written: list[tuple[str, str]] = field(default_factory=list)
    already: list[tuple[str, str]] = field(default_factory=list)
    damaged: list[tuple[str, str]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """``terts import --json``."""
        return {
            "library": str(self.library),
            "imported": len(self.written),
            "skipped": len(self.already),
            "damaged": [source for source, _ in self.damaged],
            "files": [{"source": s, "file": f} for s, f in self.written],
            "already": [{"source": s, "file": f} for s, f in self.already],
        }


def check_sources(sources: Sequence[Path]) -> list[tuple[Path, bool]]:
    """Each source with whether it is a folder; raises GameFileError, one line, for one that
    is missing, cannot be looked at, or is neither a regular file nor a folder (before any
    work: nothing is copied when one source is wrong)."""
    from ..files import kind_of

    checked = []
    for source in sources:
        try:
            st = os.stat(source)
        except FileNotFoundError:
            raise GameFileError(Verdict("import.missing", {"path": source})) from None
        except (OSError, ValueError) as exc:  # a name too long, a loop of links, a NUL
            reason = _reason(exc) if isinstance(exc, OSError) else str(exc)
            raise GameFileError(
                Verdict("import.unusable", {"path": source, "reason": reason})
            ) from None
        if not (stat.S_ISDIR(st.st_mode) or stat.S_ISREG(st.st_mode)):
            raise GameFileError(
                Verdict("import.not_game", {"path": source, "kind": Verdict(kind_of(st.st_mode))})
            )
        checked.append((source, stat.S_ISDIR(st.st_mode)))
    return checked


def _candidates(sources: list[tuple[Path, bool]], done: Imported) -> list[Path]:
    """The game files the sources name, each once (a file named twice, or through a link, is
    one file); the files a folder's walk passes over with a reason are damaged."""
    from .folders import game_files

    found: list[Path] = []
    seen: set[str] = set()
    for source, is_folder in sources:
        if is_folder:
            skipped: list[tuple[str, str]] = []
            paths = [source / rel for rel in sorted(game_files(source, skipped))]
            done.damaged.extend((str(source / rel), reason) for rel, reason in skipped)
        else:
            paths = [source]
        for path in paths:
            real = os.path.realpath(path)
            if real not in seen:
                seen.add(real)
                found.append(path)
    return found


@dataclass
class _Brought:
    """One game file brought: its bytes, stat, summary (with ``path``, the source's text)."""

    path: Path
    data: bytes
    st: os.stat_result
    summary: dict[str, Any]


def _read_source(path: Path, done: Imported) -> _Brought | None:
    from .scan import read_game_file, summarize_file

    try:
        st = os.stat(path)
    except OSError as exc:
        done.damaged.append((str(path), _reason(exc)))
        return None
    data = read_game_file(path)
    if isinstance(data, str):
        done.damaged.append((str(path), data))
        return None
    summary, error = summarize_file(path, data)
    if summary is None:
        done.damaged.append((str(path), error or "?"))
        return None
    return _Brought(path, data, st, {**summary, "path": str(path)})


def _fuller(brought: dict[str, Any], there: dict[str, Any]) -> bool:
    """Whether the copy brought would count instead of the one in the library: more entries,
    or as many made later (the library's own rule, the path aside)."""
    from .copies import order_key

    return order_key(brought)[:2] < order_key(there)[:2]


def import_games(sources: Sequence[Path], library: Path) -> Imported:
    """Copy the games of ``sources`` (files or folders) into ``library`` (made if missing);
    see the module's doc. Raises GameFileError for a source or a library that cannot be used
    (nothing copied) and for a copy that cannot be written (those before it stay, each whole).
    """
    from ..game.storage import fsync_directory
    from .archive import archive_name, place, remove_stale_temp, short_tag
    from .copies import order_key, same_game
    from .location import check_library, library_lock
    from .scan import scan_library

    checked = check_sources(sources)
    check_library(library)
    done = Imported(library)
    brought = [b for p in _candidates(checked, done) if (b := _read_source(p, done))]
    groups: dict[tuple[Any, ...], list[_Brought]] = {}
    for item in brought:
        groups.setdefault(same_game(item.summary), []).append(item)
    if not groups:  # nothing but damaged files: the library is not even made
        return done
    library.mkdir(parents=True, exist_ok=True)
    with library_lock(library, 30.0):  # another import or move waits: no game copied twice
        remove_stale_temp(library)
        there = {same_game(g): g for g in scan_library(library).games}
        for key, group in groups.items():
            best = min(group, key=lambda b: order_key(b.summary))
            held = there.get(key)
            if held is not None and not _fuller(best.summary, held):
                done.already.extend((str(b.path), held["file"]) for b in group)
                continue
            summary = best.summary
            if summary["started"]:
                started = datetime.fromisoformat(summary["started"])
            else:  # format 1: no times; dated by its file, as the library dates it
                started = datetime.fromtimestamp(best.st.st_mtime).astimezone()
            name = archive_name(
                summary["players"],
                started,
                unfinished=not summary["finished"],
                tag=short_tag(summary["id"], summary["digest"]),
            )
            try:
                target = place(best.data, library, name, best.st)
                fsync_directory(library)
            except OSError as exc:
                raise GameFileError(
                    Verdict(
                        "import.cannot_write",
                        {"path": best.path, "library": library, "reason": _reason(exc)},
                    )
                ) from None
            done.written.append((str(best.path), str(target)))
            done.already.extend((str(b.path), str(best.path)) for b in group if b is not best)
    return done
