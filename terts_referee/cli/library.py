"""What the library's commands share (``history``, ``stats``, ``archive`` and ``new``): the
``--library`` option and the filters' options, the scan of the library through its index (bad
files named on stderr), the filters, and the move ``new`` makes before starting a game."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

LibraryOpt = Annotated[
    Optional[str],
    typer.Option(
        "--library",
        metavar="DIR",
        show_default=False,
        help="The library of games; default $TERTS_LIBRARY, else the user data dir/terts/games.",
    ),
]
PlayerOpt = Annotated[
    Optional[str],
    typer.Option("--player", "-p", metavar="P", help="Only games P played (any case, a prefix)."),
]
SinceOpt = Annotated[
    Optional[str],
    typer.Option("--since", metavar="DATE", help="Games started on or after DATE (YYYY-MM-DD)."),
]
UntilOpt = Annotated[
    Optional[str],
    typer.Option("--until", metavar="DATE", help="Games started on or before DATE (YYYY-MM-DD)."),
]
RulesOpt = Annotated[
    Optional[str], typer.Option("--rules", "-r", metavar="NAME", help="Only games under NAME.")
]


def scan_games(library: str | None, quiet: bool):
    """The library scanned through its index; skipped files named on stderr, one line each."""
    import sys

    from ..i18n.messages import t
    from ..library.index import library_dir, scan_library
    from ..output import console
    from . import long_running

    long_running()  # it may read hundreds of games
    where = library_dir(library)
    progress = None
    if not quiet and sys.stderr.isatty():
        from ..output.library_report import progress_bar

        progress = progress_bar
    scan = scan_library(where, progress)
    for name, reason in scan.skipped:
        console.note(t("library.skipped", path=where / name, reason=reason))
    return scan


def filters_from(scan, player, vs, since, until, rules):
    from ..errors import NotationError
    from ..i18n.messages import t
    from ..library.stats import Filters, parse_date, resolve_player

    if vs and not player:
        raise NotationError(t("library.vs_alone"))
    return Filters(
        player=resolve_player(player, scan.games) if player else None,
        vs=resolve_player(vs, scan.games) if vs else None,
        since=parse_date(since),
        until=parse_date(until),
        rules=rules,
    )


def set_aside(path: Path, library: str | None, force: bool) -> None:
    """Before ``terts new``: move the game in ``path`` (if any) to the library.

    A finished game always moves; an unfinished (or damaged) one only with ``force``, else
    ``create_game`` refuses as before. Says where it went, on stderr.
    """
    import os

    from ..errors import GameFileError
    from ..i18n.messages import t
    from ..library.index import archive_game, library_dir
    from ..output import console

    if not os.path.isfile(path):  # nothing there, or not a game file: create_game says which
        return
    from ..game.storage import check_writable_target

    check_writable_target(path, path)  # a read-only game file is neither moved nor replaced
    try:
        target = archive_game(path, library_dir(library), force=force)
    except GameFileError:
        if force:
            raise
        return  # unfinished or unreadable: create_game says --force is needed
    console.note(t("library.moved", path=path, target=target), style="dim")
