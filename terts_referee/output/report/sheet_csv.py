"""The score sheet as CSV: one row per deal, five columns per player."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...domain.verdicts import Verdict
from .. import console
from . import words  # noqa: F401  (the reports' catalogue, registered)

if TYPE_CHECKING:
    from typing import Any

    from ...game.model import Game
    from ...referee import Sheet


def sheet_csv(game: Game, sheet: Sheet) -> None:
    """The CSV on stdout: exact values into a file or a pipe; on a terminal, every field's
    controls shown as visible escapes (``safe_text.visible``), as in the other human output."""
    import csv
    import io
    import sys

    buf = io.StringIO()
    writer = csv.writer(buf)
    isatty = getattr(sys.stdout, "isatty", None)
    on_terminal = isatty is not None and isatty()
    if on_terminal:
        from ..safe_text import visible

        def writerow(row: list[Any]) -> None:
            writer.writerow([visible(v) for v in row])

    else:
        writerow = writer.writerow
    head = ["deal", "dealer", "trump", "last_trick"]
    for p in game.players:
        head += [
            f"{p} card_points",
            f"{p} declarations",
            f"{p} penalties",
            f"{p} points",
            f"{p} total",
        ]
    writerow(head)
    for d in sheet.deals:
        row = [d.number, d.dealer, d.trump.value if d.trump else "", d.last_trick or ""]
        for p in game.players:
            row += [
                (d.card_points or {}).get(p, ""),
                d.declared(p),
                d.penalty_points(p),
                d.points.get(p, ""),
                d.totals.get(p, ""),
            ]
        writerow(row)
    text = console.plain(buf.getvalue())
    if not on_terminal:  # exact into a file or pipe, or nothing
        char = console.unencodable(sys.stdout, text)
        if char is not None:
            from ...errors import RefereeError

            code = f"U+{ord(char):04X}"
            raise RefereeError(
                Verdict("msg.csv_encoding", {"code": code, "enc": sys.stdout.encoding})
            )
    sys.stdout.write(text)
