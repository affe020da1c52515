"""``terts challenge``: record a player beating the opponent's latest declaration."""

from typing import TYPE_CHECKING, Annotated

import typer

from ..options import recording

if TYPE_CHECKING:
    from ...game.requests import Request


@recording
def command(
    player: Annotated[str, typer.Argument(metavar="P", help="Who beats the declaration.")],
    combo: Annotated[
        list[str],
        typer.Argument(
            metavar="COMBO", help="The higher declaration (as said, unquoted: сто королей)."
        ),
    ],
) -> "Request":
    """P beats the opponent's latest declaration with COMBO («Не годится!»).

    Example: terts challenge Боря терц:Кт
    """
    from ...game.requests import ChallengeRequest

    # One declaration, its words as typed: «терц от Короля крести» is four of the shell's words.
    return ChallengeRequest(player, " ".join(combo))
