"""``terts deal``: record the start of the next deal (trump, dealer, quick or trick by trick)."""

from typing import TYPE_CHECKING, Annotated, Optional

import typer

from ..options import recording

if TYPE_CHECKING:
    from ...game.requests import Request


@recording
def command(
    trump: Annotated[
        Optional[str],
        typer.Option(
            "--trump",
            "-t",
            metavar="SUIT|CARD",
            help="Trump suit, or the face-up card (its suit is trump).",
        ),
    ] = None,
    dealer: Annotated[
        Optional[str], typer.Option(metavar="P", help="Who deals; default the rotation.")
    ] = None,
    quick: Annotated[
        Optional[bool],
        typer.Option(
            "--quick/--tricks",
            show_default=False,
            help="Quick (tricks not recorded, declarations not timed) or trick by trick; "
            "default: as `terts new` set (quick unless `new --tricks`).",
        ),
    ] = None,
) -> "Request":
    """Start the next deal. The dealer is the last deal's last-trick taker [000][001][003].

    On an open deal recorded without a trump, `--trump` alone records its trump (as `terts trump`).

    Example: terts deal --trump 7ч
    """
    from ...game.requests import DealRequest

    return DealRequest(trump, dealer, quick)
