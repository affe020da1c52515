"""``terts ask``: record that a player asked «Рост?» / «От чего?» and did not beat."""

from typing import TYPE_CHECKING, Annotated

import typer

from ..options import recording

if TYPE_CHECKING:
    from ..options import Build


@recording
def command(
    player: Annotated[str, typer.Argument(metavar="P", help="Who asked.")],
) -> "Build":
    """P asked "От чего?" / "Рост?" about the opponent's latest declaration and did not beat it.

    Under declarations.challenge = "same-class" P then may not declare a higher class in that
    turn [001]; in a quick deal, until the opponent's next declaration. A challenge implies the
    question: record `terts challenge` instead when P beat it.

    Example: terts ask Боря
    """
    from ...domain.events import Ask

    return lambda g: Ask(g.player(player))
