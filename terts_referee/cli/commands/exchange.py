"""``terts exchange``: record a player swapping the trump 7 for the face-up trump card."""

from typing import TYPE_CHECKING, Annotated

import typer

from ..options import recording

if TYPE_CHECKING:
    from ...game.requests import Request


@recording
def command(
    player: Annotated[str, typer.Argument(metavar="P", help="Who swaps the trump 7.")],
) -> "Request":
    """P swaps the trump 7 for the face-up trump card (stock ≥ exchange.min_stock).

    Example: terts exchange Аня
    """
    from ...game.requests import ExchangeRequest

    return ExchangeRequest(player)
