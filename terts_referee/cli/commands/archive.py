"""``terts archive``: move a game file into the library now."""

from typing import Annotated

import typer

from ..library import LibraryOpt, library_checked
from ..options import GameOpt, JsonOpt


def command(
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
    from ...game.storage import resolve_game_path
    from ...i18n.messages import t
    from ...library.archive import archive_game
    from ...output import console

    path = resolve_game_path(game)
    target = archive_game(path, library_checked(library), force=force)
    if as_json:
        console.print_json({"game": str(path), "file": str(target)})
    else:
        console.say(t("library.moved", path=path, target=target))
