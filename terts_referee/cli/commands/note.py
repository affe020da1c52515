"""``terts note``: the players' words on a deal (a misdeal, a dispute, who shuffled)."""

from typing import TYPE_CHECKING, Annotated, Optional

import typer

from ..options import AsciiInt, recording

if TYPE_CHECKING:
    from ...game.requests import Request


@recording
def command(
    text: Annotated[
        list[str],
        typer.Argument(
            metavar="TEXT…", help="The note: one line, as said (the words need no quotes)."
        ),
    ],
    deal: Annotated[
        Optional[int],
        typer.Option(
            "--deal",
            metavar="N",
            click_type=AsciiInt(),
            help="The deal it is on (default: the last).",
        ),
    ] = None,
) -> "Request":
    """A note on the current deal (or deal N): a misdeal, a dispute, who shuffled.

    It counts no point; the sheet, the log, the printed sheet and the page show it with its
    deal. Correct it or drop it as any event (terts note … --replace N, terts drop N).

    Example: terts note пересдача: у Бори 8 карт
    """
    from ...game.requests import NoteRequest

    return NoteRequest(" ".join(text), deal)
