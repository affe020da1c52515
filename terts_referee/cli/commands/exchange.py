"""``terts exchange``: record a player swapping the trump 7 for the face-up trump card."""

from typing import TYPE_CHECKING, Annotated

import typer

from ..options import recording

if TYPE_CHECKING:
    from ..options import Build


@recording
def command(
    player: Annotated[str, typer.Argument(metavar="P", help="Who swaps the trump 7.")],
) -> "Build":
    """P swaps the trump 7 for the face-up trump card (stock ≥ exchange.min_stock).

    Example: terts exchange Аня
    """
    from ...domain.events import Exchange

    return lambda g: Exchange(g.player(player))
