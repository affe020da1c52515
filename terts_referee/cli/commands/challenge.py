"""``terts challenge``: record a player beating the opponent's latest declaration."""

from typing import TYPE_CHECKING, Annotated

import typer

from ..options import recording

if TYPE_CHECKING:
    from ...domain.events import Event
    from ...game.model import Game
    from ..options import Build


@recording
def command(
    player: Annotated[str, typer.Argument(metavar="P", help="Who beats the declaration.")],
    combo: Annotated[str, typer.Argument(metavar="COMBO", help="The higher declaration.")],
) -> "Build":
    """P beats the opponent's latest declaration with COMBO («Не годится!»).

    Example: terts challenge Боря терц:Кт
    """
    from ...domain.declarations import parse_combo
    from ...domain.events import Challenge

    def build(g: "Game") -> "Event":
        deal = g.sheet().current
        trump = deal.trump if deal else None
        return Challenge(g.player(player), parse_combo(combo, trump, g.rules))

    return build
