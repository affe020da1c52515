"""What the library's commands share (``history``, ``stats``, ``archive`` and ``new``): the
``--library`` option and the filters' options, the scan of the library through its index (bad
files named on stderr), the filters, and the move ``new`` makes before starting a game."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from ..domain.verdicts import Verdict

if TYPE_CHECKING:
    from ..library.kept import Walked
    from ..library.scan import Scan

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
    from ..library.location import check_library, library_dir

    where = library_dir(library)
    check_library(where)
    return where


def _progress(quiet: bool) -> Any:
    import sys

    if not quiet and sys.stderr.isatty():
        from ..output.library_report import progress_bar

        return progress_bar
    return None


def _tell(scan: Scan, where: Path) -> None:
    """What the scan found that the user should hear of, on stderr: the index's notes, the
    files skipped, the games continued differently."""
    from ..library.scan import TOLD_FROM

    if not (scan.notes or scan.skipped or scan.conflicts or scan.rebuilt >= TOLD_FROM):
        return  # the usual warm answer: nothing to say, and the words' module not imported
    from ..i18n.messages import t
    from ..output import console

    for note in scan.notes:
        console.note(note)
    for name, reason in scan.skipped:
        console.note(t("library.skipped", path=where / name, reason=reason))
    if scan.conflicts:  # the report's module (and the summaries' it imports) only for them
        from ..library.answers import conflicts_of
        from ..output.library_report import say_conflicts

        say_conflicts(conflicts_of(scan))
    if scan.rebuilt >= TOLD_FROM:
        console.note(t("library.read_files", n=scan.rebuilt), style="dim")


def current_game(game: str | None = None) -> Path:
    """The game file being played (``--game``, else $TERTS_GAME, else ./terts-game.toml): a
    game won there is in ``history`` and ``stats`` before ``terts new`` moves it to the
    library."""
    from .options import game_path

    return game_path(game)


def scan_games(library: str | None, quiet: bool) -> Scan:
    """The library scanned through its index, with the game being played if it is won;
    skipped files named on stderr, one line each, and what the index did (rebuilt, busy)
    once."""
    from ..library.scan import scan_library
    from . import long_running

    where = library_checked(library)
    long_running()  # it may read hundreds of games
    scan = scan_library(where, _progress(quiet), current_game())
    _tell(scan, where)
    return scan


def library_answer(
    command: str,
    library: str | None,
    as_json: bool,
    options: dict[str, str | None],
    game: str | None = None,
) -> Any:
    """The document of ``command`` (``history``, ``stats``) over the library, with its
    ``options`` (the filters as given), kept beside the index with the command, its options,
    the output's form, the language and the time zone (``library.kept.answered``): asked again
    over the same files, it is given again without reading the games, and after games are
    added, it is the kept one with them. Returns the JSON text as printed with ``as_json``,
    else the document in ``{"history" or "figures": …, "in_library": n}`` (as JSON reads it
    back: the same either way)."""
    import json
    import time
    from functools import partial

    from .. import i18n
    from ..library.answers import Question
    from ..library.index import KeptRatings
    from ..library.kept import answered
    from ..output import console
    from . import left_for_the_end, long_running

    where = library_checked(library)
    current = current_game(game)
    question = json.dumps(
        [
            command,
            "json" if as_json else "data",
            sorted(options.items()),
            i18n.lang(),
            str(where),
            os.path.abspath(current),
            console.json_text("♠Д«"),  # how this stdout writes what ASCII does not hold
            time.tzname,
            time.timezone,
            os.environ.get("TZ"),
        ],
        ensure_ascii=True,
    )

    asked = Question(
        command,
        options.get("player"),
        options.get("vs"),
        options.get("since"),
        options.get("until"),
        options.get("rules"),
        wrapped=not as_json,
    )
    if as_json:  # the text as printed: what --json writes to this stdout
        asked = asked.replace(dumps=console.json_text, indent=2)
    _, text = answered(
        where,
        question,
        asked,
        _progress(as_json),
        current,
        lambda scan: _tell(scan, where),
        partial(KeptRatings, where),  # a new period: each game rated once
        long_running,  # once it reads games: a kept answer alone ends the process at once
        left=left_for_the_end(),  # a one-shot command: freed by its end
        view=as_json,  # printed as it is kept: its file's pages, not a copy of them
        ahead=walk_made_ahead(where, command),
    )
    return text if as_json else json.loads(bytes(text))  # bytes as they are: not copied


def walk_made_ahead(where: Path, command: str) -> Walked | None:
    """The walk of ``where`` made in a child while this process started (``cli.walk_ahead``),
    when it was of that very library and came whole; else None (walked here). While it is
    awaited, what an answer of ``command`` not kept needs is imported (``AFTER_THE_WALK``)."""
    from .. import startup
    from ..library.kept import AFTER_THE_WALK

    found = startup.walked(AFTER_THE_WALK.get(command, ()))
    if type(found) is not tuple or len(found) != 2 or found[0] != str(where):
        return None
    walk = found[1]
    if type(walk) is not tuple or len(walk) != 3 or type(walk[2]) is not int:
        return None
    return walk


def check_filters(player: str | None, vs: str | None, since: str | None, until: str | None) -> None:
    """The filters that need no library, checked before it is read (a bad date refused at
    once, not after a scan of two thousand games)."""
    from ..errors import NotationError

    if vs and not player:
        from ..library import stats  # noqa: F401  (where the refusal's words are registered)

        raise NotationError(Verdict("library.vs_alone"))
    if since or until:  # the statistics' module only for a date to read
        from ..library.stats import parse_date

        parse_date(since)
        parse_date(until)


def set_aside(path: Path, library: str | None, force: bool) -> Path | None:
    """Before ``terts new``: the game in ``path`` (if any) put in the library
    (``library.archive.set_aside``), saying where it went, on stderr; returns where (the new
    game is then written over the file, ``GameFile.create``)."""
    from ..i18n.messages import t
    from ..library.archive import set_aside as move
    from ..output import console

    target = move(path, library, force)
    if target is not None:
        console.note(t("library.moved", path=path, target=target), style="dim")
    return target
