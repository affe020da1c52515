"""``terts trump``: record the trump of an open deal recorded without one."""

from typing import TYPE_CHECKING, Annotated

import typer

from ..options import recording

if TYPE_CHECKING:
    from ...domain.events import Event
    from ...game.model import Game
    from ..options import Build


@recording
def command(
    trump: Annotated[
        str,
        typer.Argument(
            metavar="SUIT|CARD", help="Trump suit, or the face-up card (its suit is trump)."
        ),
    ],
) -> "Build":
    """Record the trump of the open deal, when the deal was recorded without one.

    Example: terts trump ч
    """
    from ...domain.cards import parse_card_or_suit
    from ...domain.events import SetTrump

    def build(g: "Game") -> "Event":
        return SetTrump(*parse_card_or_suit(trump))

    return build
