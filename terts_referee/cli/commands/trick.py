"""``terts trick``: record one trick, the leader's card first."""

from typing import TYPE_CHECKING, Annotated

import typer

from ...domain.verdicts import Verdict
from ..options import recording

if TYPE_CHECKING:
    from ...domain.events import Event
    from ...game.model import Game
    from ..options import Build


@recording
def command(
    cards: Annotated[
        list[str],
        typer.Argument(metavar="CARD CARD", help="The leader's card first, then the follower's."),
    ],
) -> "Build":
    """One trick, the leader's card first; the program knows who leads.

    Example: terts trick Тп 7п
    """
    from ...domain.cards import parse_cards
    from ...domain.events import Trick
    from ...errors import NotationError

    def build(g: "Game") -> "Event":
        parsed = parse_cards(cards)
        if len(parsed) != 2:
            raise NotationError(Verdict("err.trick.two_cards", {"n": len(parsed)}))
        return Trick(parsed[0], parsed[1])

    return build
