"""``terts sheet``: the running score sheet (table, JSON, CSV or chart; what-if rulesets)."""

from typing import Annotated

import typer

from ..options import AsRulesOpt, GameOpt, JsonOpt, opened


def command(
    game: GameOpt = None,
    as_json: JsonOpt = False,
    csv: Annotated[bool, typer.Option("--csv", help="Print CSV.")] = False,
    chart: Annotated[
        bool, typer.Option("--chart", help="Draw the running totals against the targets.")
    ] = False,
    as_rules: AsRulesOpt = None,
) -> None:
    """The running score sheet.

    Example: terts sheet --as exact
    """
    from ...output.report.sheet import report_sheet
    from ..remedies import command as typed

    now = opened(game).snapshot(as_rules or None)
    report_sheet(now.game, now.sheet, as_json=as_json, as_csv=csv, chart=chart, command=typed)
