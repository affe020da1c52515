"""The score sheet as CSV: one row per deal, five columns per player."""

from __future__ import annotations

from .. import console

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..game import Game
    from ..replay import Sheet


def sheet_csv(game: Game, sheet: Sheet) -> None:
    import csv
    import io
    import sys

    buf = io.StringIO()
    w = csv.writer(buf)
    head = ["deal", "dealer", "trump", "last_trick"]
    for p in game.players:
        head += [
            f"{p} card_points",
            f"{p} declarations",
            f"{p} penalties",
            f"{p} points",
            f"{p} total",
        ]
    w.writerow(head)
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
        w.writerow(row)
    sys.stdout.write(console.plain(buf.getvalue()))
