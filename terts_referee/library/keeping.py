"""``terts keep FILE``: one game continued differently in several copies (a conflict,
``copies.py``) settled by keeping one of them.

The copy kept stays where it is. Every other copy of the game that is not an earlier version
of it (its events and corrections are not the first ones of the kept copy's) is moved, under
the library's lock, into the library's hidden folder ``.set-aside/`` (the same path below it;
``_2``… where a name is taken, never over a file), which the library never reads: nothing is
deleted, and a copy set aside by mistake is brought back by moving it out again. Earlier
versions of the kept copy stay: they count as its copies.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..domain.verdicts import Verdict
from ..errors import GameFileError
from ..i18n import N_p, register
from .location import os_reason as _reason

__all__ = ["SET_ASIDE", "Kept", "keep_copy"]

#: The library's folder of copies set aside by ``terts keep``: hidden, so never read.
SET_ASIDE = ".set-aside"

TEXT = register(
    N_p(
        "library.keep.no_conflict",
        "{path} is not a copy of a game continued differently in the library {library}: "
        "name one of the files `terts history` names as a conflict",
    ),
    N_p("library.keep.cannot_move", "cannot set {path} aside in {folder}: {reason}"),
    N_p("library.keep.moved", "set aside {path}: {target}"),
    N_p("library.keep.kept", "kept {path}: the game counts again"),
)


@dataclass
class Kept:
    """What ``keep`` did: the copy kept, and each copy set aside (from, to)."""

    kept: str
    moved: list[tuple[str, str]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """``terts keep --json``."""
        return {"kept": self.kept, "set_aside": [{"file": a, "to": b} for a, b in self.moved]}


def _same(a: str, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _set_aside(path: Path, library: Path) -> Path:
    """Move ``path`` to the same place below ``library/.set-aside``, never over a file."""
    from ..game.storage import fsync_directory

    relative = path.relative_to(library)
    folder = library / SET_ASIDE / relative.parent
    folder.mkdir(parents=True, exist_ok=True)
    stem, suffix = relative.stem, relative.suffix
    for n in range(1, 10_000):
        target = folder / (stem + (f"_{n}" if n > 1 else "") + suffix)
        try:
            os.link(path, target)  # atomic, and refused if the name is taken
        except FileExistsError:
            continue
        fsync_directory(folder)
        os.unlink(path)
        fsync_directory(path.parent)
        return target
    raise FileExistsError(str(path))  # pragma: no cover - ten thousand copies of one game


def keep_copy(library: Path, file: Path) -> Kept:
    """Keep ``file``, one copy of a game in conflict in ``library``; see the module's doc.

    Raises GameFileError, nothing moved, for a file that is not one of a conflict's copies
    (or a library that cannot be read), and for a copy that cannot be moved (those before it
    are set aside, each whole).
    """
    from ..game.storage import parse_game
    from .copies import prefix_of
    from .location import check_library, library_lock
    from .scan import read_game_file, scan_library

    check_library(library)
    with library_lock(library, 30.0):  # no move or import between the look and the moves
        scan = scan_library(library)
        conflict = next(
            (
                c
                for c in scan.conflicts
                if any(_same(copy, file) for copy in (*c.files, *c.earlier))
            ),
            None,
        )
        if conflict is None:
            raise GameFileError(
                Verdict("library.keep.no_conflict", {"path": file, "library": library})
            )
        kept_file = next(c for c in (*conflict.files, *conflict.earlier) if _same(c, file))

        def document(path: str) -> dict[str, Any] | None:
            data = read_game_file(Path(path))
            if isinstance(data, str):
                return None
            try:
                return dict(parse_game(Path(path), data))
            except GameFileError:
                return None

        kept_doc = document(kept_file)
        done = Kept(kept_file)
        for copy in (*conflict.files, *conflict.earlier):
            if copy == kept_file:
                continue
            doc = document(copy)
            if kept_doc is not None and doc is not None and prefix_of(doc, kept_doc):
                continue  # an earlier version of the copy kept: one of its copies
            try:
                target = _set_aside(Path(copy), library)
            except OSError as exc:
                raise GameFileError(
                    Verdict(
                        "library.keep.cannot_move",
                        {"path": copy, "folder": library / SET_ASIDE, "reason": _reason(exc)},
                    )
                ) from None
            done.moved.append((copy, str(target)))
    return done
