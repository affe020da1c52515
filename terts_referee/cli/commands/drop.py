"""``terts drop``: remove any event, kept in the corrections trail."""

from typing import Annotated

import typer

from ..options import AsciiInt, GameOpt, JsonOpt, drop

CONTEXT_SETTINGS = {"ignore_unknown_options": True}  # `drop -1`: out of range, not an option


def command(
    number: Annotated[
        int,
        typer.Argument(
            metavar="N",
            click_type=AsciiInt(),
            help="The event to remove (its number in terts log).",
        ),
    ],
    game: GameOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Remove event N (not only the latest); every later event is judged again, and the drop is
    refused, naming the event, if one no longer holds. The file keeps it in the trail.

    Example: terts drop 5
    """
    drop(number, game, as_json)
