"""``terts deal``: record the start of the next deal (trump, dealer, quick or trick by trick)."""

from typing import TYPE_CHECKING, Annotated, Optional

import typer

from ..options import recording

if TYPE_CHECKING:
    from ...domain.events import Event
    from ...game.model import Game
    from ..options import Build


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
    dealer: Annotated[Optional[str], typer.Option(help="Who deals; default the rotation.")] = None,
    quick: Annotated[
        Optional[bool],
        typer.Option(
            "--quick/--tricks",
            show_default=False,
            help="Quick (tricks not recorded, declarations not timed) or trick by trick; "
            "default: as `terts new` set (quick unless `new --tricks`).",
        ),
    ] = None,
) -> "Build":
    """Start the next deal. The dealer is the last deal's last-trick taker [000][001][003].

    On an open deal recorded without a trump, `--trump` alone records its trump (as `terts trump`).

    Example: terts deal --trump 7ч
    """
    from ...domain.cards import parse_card_or_suit
    from ...domain.events import DealEvent, SetTrump

    def build(g: "Game") -> "Event":
        suit, card = parse_card_or_suit(trump) if trump else (None, None)
        if suit is not None and dealer is None and quick is None:
            current = g.sheet().current
            if current is not None and current.trump is None:
                return SetTrump(suit, card)
        mode = g.quick if quick is None else quick
        return DealEvent(g.player(dealer) if dealer else None, suit, card, mode)

    return build
