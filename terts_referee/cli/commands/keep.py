"""``terts keep FILE``: settle a game continued differently on two devices by keeping one copy."""

from pathlib import Path
from typing import Annotated

import typer

from ..library import LibraryOpt, library_checked
from ..options import JsonOpt


def command(
    file: Annotated[
        Path, typer.Argument(metavar="FILE", help="The copy to keep, as history names it.")
    ],
    library: LibraryOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Keep one copy of a game continued differently in two copies (a conflict): the others
    move to the library's hidden folder .set-aside (nothing is deleted), and the game counts.

    Example: terts keep ~/Sync/terts/2026/2026-12-01_1902_Аня_Боря_3f2a9c1e.toml
    """
    from ...i18n.messages import t
    from ...library.keeping import keep_copy
    from ...output import console

    done = keep_copy(library_checked(library), file)
    if as_json:
        console.print_json(done.to_dict())
        return
    for source, target in done.moved:
        console.say(t("library.keep.moved", path=source, target=target))
    console.say(t("library.keep.kept", path=done.kept))
