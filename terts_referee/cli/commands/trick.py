"""``terts trick``: record one trick, the leader's card first."""

from typing import TYPE_CHECKING, Annotated

import typer

from ..options import recording

if TYPE_CHECKING:
    from ...game.requests import Request


@recording
def command(
    cards: Annotated[
        list[str],
        typer.Argument(metavar="CARD CARD", help="The leader's card first, then the follower's."),
    ],
) -> "Request":
    """One trick, the leader's card first; the program knows who leads.

    Example: terts trick Тп 7п
    """
    from ...game.requests import TrickRequest

    return TrickRequest(cards)
