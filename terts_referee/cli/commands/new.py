"""``terts new``: start a game file for two players (names, ruleset, first dealer, quick)."""

from typing import Annotated, Optional

import typer

from ..library import LibraryOpt, set_aside
from ..options import GameOpt, JsonOpt, RulesOpt, game_path


def command(
    players: Annotated[list[str], typer.Argument(metavar="P1 P2", help="The two players' names.")],
    rules: RulesOpt = "classic",
    dealer: Annotated[
        Optional[str], typer.Option(help="Who deals first (by lot: lowest card).")
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
    from ...domain.rules import load_ruleset
    from ...game.model import Game, check_names, new_game_id, now
    from ...game.storage import create_game
    from ...output.report.events import report_new

    names = check_names(players)
    ruleset = load_ruleset(rules)
    g = Game(names, ruleset, quick=quick, started=now(), id=new_game_id())
    if dealer is not None:
        g.first_dealer = g.player(dealer)
    path = game_path(game)
    set_aside(path, library, force)  # nothing is ever deleted: a game in the file moves first
    create_game(path, g.to_doc(), force=force)
    report_new(g, path, as_json)
