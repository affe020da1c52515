"""``terts claim``: record a player claiming the win during a deal."""

from typing import TYPE_CHECKING, Annotated, Optional

import typer

from ..options import AsciiInt, recording

if TYPE_CHECKING:
    from ...game.requests import Request


@recording
def command(
    player: Annotated[str, typer.Argument(metavar="P", help="Who claims the win.")],
    tricks: Annotated[
        Optional[int],
        typer.Option(click_type=AsciiInt(), help="Tricks P took so far (quick mode)."),
    ] = None,
    card_points: Annotated[
        Optional[int],
        typer.Option(
            "--card-points", click_type=AsciiInt(), help="Card points P took so far (quick mode)."
        ),
    ] = None,
) -> "Request":
    """P claims the win during a deal (needs a trick taken in it) [000][002].

    Example: terts claim Аня --tricks 3 --card-points 40
    """
    from ...game.requests import ClaimRequest

    return ClaimRequest(player, tricks, card_points)
