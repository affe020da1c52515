"""``terts declare``: record a player's declaration (one or, under the ruleset, several)."""

from typing import TYPE_CHECKING, Annotated

import typer

from ..options import recording

if TYPE_CHECKING:
    from ...game.requests import Request


@recording
def command(
    player: Annotated[str, typer.Argument(metavar="P", help="Who declares.")],
    combos: Annotated[
        list[str],
        typer.Argument(
            metavar="COMBO...",
            help="terts:Q♥ 50:K♠ 105:J♦ 4J marriage Q♥,J♥,10♥, or as said, unquoted: "
            "терц от Дамы червей, сто королей …",
        ),
    ],
) -> "Request":
    """P declares; it scores unless challenged before the next event of the deal.

    Several COMBOs only under declarations.multiple (plus a marriage alongside).

    Example: terts declare Аня терц:Дч
    """
    from ...game.requests import DeclareRequest

    return DeclareRequest(player, combos)
