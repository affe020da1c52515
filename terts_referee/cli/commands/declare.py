"""``terts declare``: record a player's declaration (one or, under the ruleset, several)."""

from typing import Annotated

import typer

from ..options import recording


@recording
def command(
    player: Annotated[str, typer.Argument(metavar="P", help="Who declares.")],
    combos: Annotated[
        list[str],
        typer.Argument(
            metavar="COMBO...", help="terts:Q♥ 50:K♠ 105:J♦ 4J marriage терц:Дч Q♥,J♥,10♥ …"
        ),
    ],
):
    """P declares; it scores unless challenged before the next event of the deal.

    Several COMBOs only under declarations.multiple (plus a marriage alongside).

    Example: terts declare Аня терц:Дч
    """
    from ...domain.declarations import parse_combo
    from ...domain.events import Declare

    def build(g):
        deal = g.sheet().current
        trump = deal.trump if deal else None
        return Declare(g.player(player), tuple(parse_combo(c, trump, g.rules) for c in combos))

    return build
