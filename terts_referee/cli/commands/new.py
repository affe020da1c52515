"""``terts new``: start a game file for two players (names, ruleset, first dealer, quick)."""

from typing import Annotated, Optional

import typer

from ..library import LibraryOpt, set_aside
from ..options import GameOpt, JsonOpt, RulesOpt, game_path


def command(
    players: Annotated[list[str], typer.Argument(metavar="P1 P2", help="The two players' names.")],
    rules: RulesOpt = "classic",
    dealer: Annotated[
        Optional[str], typer.Option(metavar="P", help="Who deals first (by lot: lowest card).")
    ] = None,
    force: Annotated[
        bool,
        typer.Option(
            "--force", help="Start over on an unfinished game (it moves to the library first)."
        ),
    ] = False,
    quick: Annotated[
        bool,
        typer.Option(
            "--quick/--tricks",
            help="Deals quick (only the counted card points written, declarations not timed: "
            "the default) or every deal trick by trick; `deal --tricks/--quick` overrides one.",
        ),
    ] = True,
    game: GameOpt = None,
    as_json: JsonOpt = False,
    library: LibraryOpt = None,
) -> None:
    """Start a game file for two players. A finished game in the file moves to the library.

    The first dealer is chosen by lot [001][003]; without --dealer the second player named deals
    and the first leads.

    Example: terts new Аня Боря (trick by trick: terts new Аня Боря --tricks)
    """
    from ...game.game_file import GameFile
    from ...output.report.events import report_new
    from ..remedies import command as typed

    path = game_path(game)
    created = GameFile.create(
        path,
        players,
        rules=rules,
        dealer=dealer,
        quick=quick,
        force=force,
        # nothing is ever deleted: a game in the file moves to the library first
        set_aside=lambda where: set_aside(where, library, force),
    )
    report_new(created.game(), path, as_json, command=typed)
