"""``terts sheet``: the running score sheet (table, JSON, CSV or chart; what-if rulesets)."""

from typing import Annotated

import typer

from ..options import AsRulesOpt, GameOpt, JsonOpt, load


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
    from ...domain.rules import load_ruleset
    from ...output.report.sheet import report_sheet
    from ..remedies import typed

    _, g = load(game)
    other = load_ruleset(as_rules) if as_rules else None
    report_sheet(g, g.sheet(other), as_json=as_json, as_csv=csv, chart=chart, command=typed)
