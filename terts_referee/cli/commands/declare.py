"""``terts declare``: record a player's declaration (one or, under the ruleset, several)."""

from typing import TYPE_CHECKING, Annotated

import typer

from ..options import recording

if TYPE_CHECKING:
    from ...domain.events import Event
    from ...game.model import Game
    from ..options import Build


@recording
def command(
    player: Annotated[str, typer.Argument(metavar="P", help="Who declares.")],
    combos: Annotated[
        list[str],
        typer.Argument(
            metavar="COMBO...", help="terts:Q♥ 50:K♠ 105:J♦ 4J marriage терц:Дч Q♥,J♥,10♥ …"
        ),
    ],
) -> "Build":
    """P declares; it scores unless challenged before the next event of the deal.

    Several COMBOs only under declarations.multiple (plus a marriage alongside).

    Example: terts declare Аня терц:Дч
    """
    from ...domain.declarations import parse_combo
    from ...domain.events import Declare

    def build(g: "Game") -> "Event":
        deal = g.sheet().current
        trump = deal.trump if deal else None
        return Declare(g.player(player), tuple(parse_combo(c, trump, g.rules) for c in combos))

    return build
