"""``terts stats``: statistics over the library's finished games; ``--chart``, ``--html``."""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from ..library import (
    LibraryOpt,
    RulesOpt,
    SinceOpt,
    UntilOpt,
    check_filters,
    library_answer,
    library_checked,
)

if TYPE_CHECKING:
    pass
from ..options import ForceOutputOpt, GameOpt, JsonOpt, check_page, write_page


def command(
    player: Annotated[
        Optional[str],
        typer.Option(
            "--player",
            "-p",
            metavar="P",
            help="Only games P played (any case, a prefix). Ratings still come from every "
            "finished game of the period: opponents' strength counts.",
        ),
    ] = None,
    vs: Annotated[
        Optional[str],
        typer.Option(
            "--vs",
            metavar="Q",
            help="With --player: only P's games against Q, and the chance the ratings give "
            "each to win their next game.",
        ),
    ] = None,
    since: SinceOpt = None,
    until: UntilOpt = None,
    rules: RulesOpt = None,
    library: LibraryOpt = None,
    game: GameOpt = None,
    as_json: JsonOpt = False,
    chart: Annotated[bool, typer.Option("--chart", help="Draw the wins over time.")] = False,
    html: Annotated[
        Optional[Path],
        typer.Option("--html", metavar="FILE", help="Write a printable season page."),
    ] = None,
    force: ForceOutputOpt = False,
) -> None:
    """Statistics over the library's finished games: per player, head to head, and each
    player's rating (openskill: mu - 3 sigma, a skill the player very likely has).

    The ratings are worked out over the finished games of the period (--since, --until,
    --rules), whoever played them; --player and --vs choose only what is shown.

    Example: terts stats --player Аня --vs Боря --since 2026-01-01
    """
    from ...output import console

    check_filters(player, vs, since, until)  # arguments before work
    library_checked(library)
    if html is not None:
        check_page(html, force=force, example="season.html", library=library)
    printed = as_json and html is None  # the JSON text alone: kept as it is printed

    options = {"player": player, "vs": vs, "since": since, "until": until, "rules": rules}
    answer = library_answer("stats", library, printed, options, game)
    if printed:
        console.write_json_text(answer)
        return
    figures = answer["figures"]
    if html is not None:
        from ... import i18n
        from ...output.season import season_html

        page = season_html(figures, i18n.lang())
        write_page(html, page, force=force, example="season.html", quiet=as_json, library=library)
        if not as_json:
            return
    from ...output.library_report import report_stats

    report_stats(figures, as_json, chart, answer["in_library"])
