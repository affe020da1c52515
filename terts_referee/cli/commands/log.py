"""``terts log``: the game's events, numbered; ``--all`` adds the corrections trail."""

from typing import Annotated

import typer

from ..options import GameOpt, JsonOpt, opened


def command(
    game: GameOpt = None,
    as_json: JsonOpt = False,
    all_: Annotated[
        bool,
        typer.Option(
            "--all", help="Add the corrections trail: what was replaced, inserted or removed."
        ),
    ] = False,
) -> None:
    """The events, numbered, each with the time it was recorded.

    Example: terts log --json --all
    """
    from ...output.report.log import report_log

    report_log(opened(game).log(corrections=all_), as_json)
