"""``terts penalty``: record a penalty of §6 against a player."""

from typing import TYPE_CHECKING, Annotated, Optional

import typer

from ..options import AsciiInt, recording

if TYPE_CHECKING:
    from ...game.requests import Request


@recording
def command(
    player: Annotated[str, typer.Argument(metavar="P", help="The offender.")],
    kind: Annotated[
        str,
        typer.Argument(
            metavar="KIND",
            help="The offence: false-declaration, miscount, empty-challenge, "
            "late-declaration, out-of-turn-draw, wrong-hand-size, draw-before-break, renege, "
            "trump-seven, lowering; the table's Russian and Ukrainian words are accepted too "
            "(--lang ru or --lang uk lists them).",
        ),
    ],
    points: Annotated[
        Optional[int], typer.Option(click_type=AsciiInt(), help="Amount (needed for miscount).")
    ] = None,
    event: Annotated[
        Optional[int],
        typer.Option(
            "--event", metavar="N", click_type=AsciiInt(), help="The declaration event it voids."
        ),
    ] = None,
    combo: Annotated[
        Optional[str],
        typer.Option(
            "--combo",
            metavar="COMBO",
            help="The false one of an event's several combinations (false-declaration); "
            "the others stand.",
        ),
    ] = None,
) -> "Request":
    """A penalty of §6 for P, in the current deal (or the last one).

    Example: terts penalty Боря false-declaration
    """
    from ...game.requests import PenaltyRequest

    return PenaltyRequest(player, kind, points, event, combo)
