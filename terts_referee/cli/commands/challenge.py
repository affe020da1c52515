"""``terts challenge``: record a player beating the opponent's latest declaration."""

from typing import TYPE_CHECKING, Annotated

import typer

from ..options import recording

if TYPE_CHECKING:
    from ...game.requests import Request


@recording
def command(
    player: Annotated[str, typer.Argument(metavar="P", help="Who beats the declaration.")],
    combo: Annotated[str, typer.Argument(metavar="COMBO", help="The higher declaration.")],
) -> "Request":
    """P beats the opponent's latest declaration with COMBO («Не годится!»).

    Example: terts challenge Боря терц:Кт
    """
    from ...game.requests import ChallengeRequest

    return ChallengeRequest(player, combo)
