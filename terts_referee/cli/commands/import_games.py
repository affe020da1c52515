"""``terts import SRC…``: copy games from other folders or files into the library."""

from pathlib import Path
from typing import Annotated

import typer

from ..library import LibraryOpt, library_checked
from ..options import JsonOpt


def command(
    sources: Annotated[
        list[Path],
        typer.Argument(
            metavar="SRC…",
            show_default=False,
            help="Game files, or folders: every *.toml below them (another library, a backup, "
            "a USB stick, a phone's export).",
        ),
    ],
    library: LibraryOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Copy games from other folders or files into the library.

    A game the library holds already (the same id, or the same content for a file from
    before ids) is skipped, unless the copy brought holds more (then it is added beside the
    other, which stays as it was); nothing is ever overwritten (a name taken gets _2); a
    damaged file is named and left where it is; the sources are only read.

    Example: terts import /media/usb/terts  (or: terts import ~/Downloads/game.toml --json)
    """
    from ...library.importing import check_sources, import_games
    from ...output.library_report import report_import
    from .. import long_running

    check_sources(sources)  # arguments before work: a missing source copies nothing
    where = library_checked(library)
    long_running()  # it may read hundreds of games
    report_import(import_games(sources, where), as_json)
