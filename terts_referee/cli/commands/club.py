"""``terts club``: a club evening of several pairs (``pairs``: the round-robin schedule)."""

from typing import Annotated

import typer

from ..options import JsonOpt

group = typer.Typer(
    help="A club evening: several pairs, one schedule.", no_args_is_help=True, rich_markup_mode=None
)


@group.command("pairs")
def club_pairs(
    players: Annotated[
        list[str],
        typer.Argument(
            metavar="P…", help="The evening's players (2 to 32), as terts new names them."
        ),
    ],
    as_json: JsonOpt = False,
) -> None:
    """A round-robin schedule: every pair plays once, nobody twice in a round; with an odd
    count one player sits out each round, everyone once.

    Example: terts club pairs Аня Боря Вика Гена Даша
    """
    from ...library.pairings import round_robin
    from ...output.report.pairs import report_pairs

    report_pairs(round_robin(players), as_json)
