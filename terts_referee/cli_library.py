"""The library's commands (issue 12): ``history``, ``stats``, ``archive``, and the move that
``new`` makes before starting a game. Thin: each opens the library, calls ``library``/``stats``
and hands the result to ``library_report``. ``register(app)`` adds the commands to the app.
"""

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
GameOpt = Annotated[
    Optional[str],
    typer.Option(
        "--game",
        "-g",
        metavar="PATH",
        show_default=False,
        help="Game file; default $TERTS_GAME, else ./terts-game.toml.",
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON document.")]
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


def _scan(library: str | None, quiet: bool):
    """The library scanned through its index; skipped files named on stderr, one line each."""
    import sys

    from . import console
    from .library import library_dir, scan_library
    from .messages import t

    where = library_dir(library)
    progress = None
    if not quiet and sys.stderr.isatty():
        from .library_report import progress_bar

        progress = progress_bar
    scan = scan_library(where, progress)
    for name, reason in scan.skipped:
        console.note(t("library.skipped", path=where / name, reason=reason))
    return scan


def _filters(scan, player, vs, since, until, rules):
    from .errors import NotationError
    from .messages import t
    from .stats import Filters, parse_date, resolve_player

    if vs and not player:
        raise NotationError(t("library.vs_alone"))
    return Filters(
        player=resolve_player(player, scan.games) if player else None,
        vs=resolve_player(vs, scan.games) if vs else None,
        since=parse_date(since),
        until=parse_date(until),
        rules=rules,
    )


def history(
    player: PlayerOpt = None,
    since: SinceOpt = None,
    until: UntilOpt = None,
    rules: RulesOpt = None,
    library: LibraryOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The games in the library, newest first: date, players, rules, winner, totals, deals,
    minutes played.

    Example: terts history --player Аня --since 2026-01-01
    """
    from .library_report import report_history
    from .stats import history as history_of

    scan = _scan(library, as_json)
    filters = _filters(scan, player, None, since, until, rules)
    report_history(history_of(scan.games, filters), scan, as_json)


def stats(
    player: PlayerOpt = None,
    vs: Annotated[
        Optional[str],
        typer.Option("--vs", metavar="Q", help="With --player: only P's games against Q."),
    ] = None,
    since: SinceOpt = None,
    until: UntilOpt = None,
    rules: RulesOpt = None,
    library: LibraryOpt = None,
    as_json: JsonOpt = False,
    chart: Annotated[bool, typer.Option("--chart", help="Draw the wins over time.")] = False,
    html: Annotated[
        Optional[Path],
        typer.Option("--html", metavar="FILE", help="Write a printable season page."),
    ] = None,
) -> None:
    """Statistics over the library's finished games: per player and head to head.

    Example: terts stats --player Аня --vs Боря --since 2026-01-01
    """
    from .library_report import report_stats
    from .stats import stats as stats_of

    scan = _scan(library, as_json)
    filters = _filters(scan, player, vs, since, until, rules)
    figures = stats_of(scan.games, filters)
    figures["library"] = str(scan.library)
    figures["skipped"] = [name for name, _ in scan.skipped]
    if html is not None:
        from . import console, i18n
        from .errors import GameFileError
        from .messages import t
        from .season import season_html

        try:
            html.write_text(season_html(figures, i18n.lang()), encoding="utf-8")
        except OSError as exc:
            raise GameFileError(t("err.cannot_write", path=html, reason=exc.strerror)) from None
        if not as_json:
            console.say(t("msg.wrote", path=html))
            return
    report_stats(figures, as_json, chart)


def archive(
    game: GameOpt = None,
    library: LibraryOpt = None,
    force: Annotated[
        bool, typer.Option("--force", help="Move an unfinished game too (marked unfinished).")
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """Move a finished game file into the library now.

    Example: terts archive --game last-week.toml
    """
    from . import console
    from .library import archive_game, library_dir
    from .messages import t
    from .storage import resolve_game_path

    path = resolve_game_path(game)
    target = archive_game(path, library_dir(library), force=force)
    if as_json:
        console.print_json({"game": str(path), "file": str(target)})
    else:
        console.say(t("library.moved", path=path, target=target))


def set_aside(path: Path, library: str | None, force: bool) -> None:
    """Before ``terts new``: move the game in ``path`` (if any) to the library.

    A finished game always moves; an unfinished (or damaged) one only with ``force``, else
    ``create_game`` refuses as before. Says where it went, on stderr.
    """
    import os

    from . import console
    from .errors import GameFileError
    from .library import archive_game, library_dir
    from .messages import t

    if not os.path.lexists(path):
        return
    try:
        target = archive_game(path, library_dir(library), force=force)
    except GameFileError:
        if force:
            raise
        return  # unfinished or unreadable: create_game says --force is needed
    console.note(t("library.moved", path=path, target=target), style="dim")


def register(app: typer.Typer) -> None:
    """Add ``history``, ``stats`` and ``archive`` to ``app``."""
    for command in (history, stats, archive):
        app.command()(command)
