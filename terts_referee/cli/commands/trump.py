"""``terts trump``: record the trump of an open deal recorded without one."""

from typing import TYPE_CHECKING, Annotated

import typer

from ..options import recording

if TYPE_CHECKING:
    from ...game.requests import Request


@recording
def command(
    trump: Annotated[
        str,
        typer.Argument(
            metavar="SUIT|CARD", help="Trump suit, or the face-up card (its suit is trump)."
        ),
    ],
) -> "Request":
    """Record the trump of the open deal, when the deal was recorded without one.

    Example: terts trump ч
    """
    from ...game.requests import TrumpRequest

    return TrumpRequest(trump)
