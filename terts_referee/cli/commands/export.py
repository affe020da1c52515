"""``terts export``: write the score sheet as a printable HTML page."""

from pathlib import Path
from typing import Annotated

import typer

from ..options import AsRulesOpt, ForceOutputOpt, GameOpt, check_page, opened, write_page


def command(
    html: Annotated[
        Path, typer.Option("--html", metavar="FILE", help="Write a printable HTML sheet.")
    ],
    game: GameOpt = None,
    as_rules: AsRulesOpt = None,
    force: ForceOutputOpt = False,
) -> None:
    """Write the score sheet as a printable HTML page with a chart of the totals.

    Example: terts --lang ru export --html sheet.html
    """
    from ... import i18n
    from ...output.export import sheet_html
    from ...output.report.sheet import sheet_json

    check_page(html, force=force, example="sheet.html", game=game)
    now = opened(game).snapshot(as_rules or None)
    page = sheet_html(sheet_json(now.game, now.sheet), i18n.lang())
    write_page(html, page, force=force, example="sheet.html", game=game)
