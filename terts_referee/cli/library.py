"""What the library's commands share (``history``, ``stats``, ``archive`` and ``new``): the
``--library`` option and the filters' options, the scan of the library through its index (bad
files named on stderr), the filters, and the move ``new`` makes before starting a game."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from ..domain.verdicts import Verdict

if TYPE_CHECKING:
    from ..library.index import Scan
    from ..library.stats import Filters

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


def library_checked(library: str | None) -> Path:
    """The library's directory, refused at once (one line) when the path cannot be one: a
    regular file, a name too long. Before any work: a bad path never waits for a scan."""
    from ..library.index import check_library, library_dir

    where = library_dir(library)
    check_library(where)
    return where


def scan_games(library: str | None, quiet: bool) -> Scan:
    """The library scanned through its index; skipped files named on stderr, one line each,
    and what the index did (rebuilt, busy) once."""
    import sys

    from ..i18n.messages import t
    from ..library.index import scan_library
    from ..output import console
    from . import long_running

    where = library_checked(library)
    long_running()  # it may read hundreds of games
    progress = None
    if not quiet and sys.stderr.isatty():
        from ..output.library_report import progress_bar

        progress = progress_bar
    scan = scan_library(where, progress)
    for note in scan.notes:
        console.note(note)
    for name, reason in scan.skipped:
        console.note(t("library.skipped", path=where / name, reason=reason))
    return scan


def check_filters(player: str | None, vs: str | None, since: str | None, until: str | None) -> None:
    """The filters that need no library, checked before it is read (a bad date refused at
    once, not after a scan of two thousand games)."""
    from ..errors import NotationError
    from ..library.stats import parse_date

    if vs and not player:
        raise NotationError(Verdict("library.vs_alone"))
    parse_date(since)
    parse_date(until)


def filters_from(
    scan: Scan,
    player: str | None,
    vs: str | None,
    since: str | None,
    until: str | None,
    rules: str | None,
) -> Filters:
    from ..library.stats import Filters, parse_date, resolve_player

    check_filters(player, vs, since, until)
    return Filters(
        player=resolve_player(player, scan.games) if player else None,
        vs=resolve_player(vs, scan.games) if vs else None,
        since=parse_date(since),
        until=parse_date(until),
        rules=rules,
    )


def set_aside(path: Path, library: str | None, force: bool) -> Path | None:
    """Before ``terts new``: the game in ``path`` (if any) put in the library
    (``library.index.set_aside``), saying where it went, on stderr; returns where (the new
    game is then written over the file, ``GameFile.create``)."""
    from ..i18n.messages import t
    from ..library.index import set_aside as move
    from ..output import console

    target = move(path, library, force)
    if target is not None:
        console.note(t("library.moved", path=path, target=target), style="dim")
    return target
