"""``terts score``: record a quick-mode deal's counted card points, closing the deal."""

from typing import TYPE_CHECKING, Annotated

import typer

from ..options import AsciiInt, recording

if TYPE_CHECKING:
    from ...game.requests import Request

CONTEXT_SETTINGS = {"ignore_unknown_options": True}  # `score -1`: out of range, not an option


@recording
def command(
    points: Annotated[
        int,
        typer.Argument(
            metavar="POINTS",
            click_type=AsciiInt(),
            help="Card points counted by --by, last trick included.",
        ),
    ],
    by: Annotated[str, typer.Option("--by", metavar="P", help="Who counted.")],
    last_trick: Annotated[
        str, typer.Option("--last-trick", metavar="P", help="Who took the last trick.")
    ],
) -> "Request":
    """Quick mode: P counted POINTS; the opponent gets 150 − POINTS; closes the deal.

    Example: terts score 54 --by Боря --last-trick Аня
    """
    from ...game.requests import ScoreRequest

    return ScoreRequest(points, by, last_trick)
