"""``terts ask``: record that a player asked «Рост?» / «От чего?» and did not beat."""

from typing import TYPE_CHECKING, Annotated

import typer

from ..options import recording

if TYPE_CHECKING:
    from ...game.requests import Request


@recording
def command(
    player: Annotated[str, typer.Argument(metavar="P", help="Who asked.")],
) -> "Request":
    """P asked "От чего?" / "Рост?" about the opponent's latest declaration and did not beat it.

    Under declarations.challenge = "same-class" P then may not declare a higher class in that
    turn [001]; in a quick deal, until the opponent's next declaration. A challenge implies the
    question: record `terts challenge` instead when P beat it.

    Example: terts ask Боря
    """
    from ...game.requests import AskRequest

    return AskRequest(player)
