"""The score sheet as CSV for people: one row per deal, five columns per player, the header and
the suits in the run's language.

It opens right in a spreadsheet: UTF-8 with a byte order mark (the players' names are not
ASCII in any language, and a spreadsheet reads a CSV without the mark in the system's code
page), and the list separator the language's spreadsheets expect (``csv.delimiter``: ``;``
where the decimal separator is a comma). Scripts read ``sheet --json`` (English keys).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...domain.verdicts import Verdict
from ...i18n import N_p, register
from .. import console

WORDS = register(
    N_p("csv.deal", "deal"),
    N_p("csv.dealer", "dealer"),
    N_p("csv.trump", "trump"),
    N_p("csv.last_trick", "last_trick"),
    # TRANSLATORS: the columns of one player ({p}: the name as typed) in `terts sheet --csv`
    N_p("csv.card_points", "{p} card_points"),
    N_p("csv.declarations", "{p} declarations"),
    N_p("csv.penalties", "{p} penalties"),
    N_p("csv.points", "{p} points"),
    N_p("csv.total", "{p} total"),
    # TRANSLATORS: the points {p} must reach after this deal: the game's target and uphill
    N_p("csv.target", "{p} target"),
    N_p("csv.notes", "notes"),
)

#: The byte order mark that tells a spreadsheet the file is UTF-8.
BOM = "\ufeff"

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

    from ...i18n import lang, t
    from ...i18n.sentences import suit_word

    buf = io.StringIO()
    writer = csv.writer(buf, delimiter=t("csv.delimiter"))
    isatty = getattr(sys.stdout, "isatty", None)
    on_terminal = isatty is not None and isatty()
    if on_terminal:
        from ..safe_text import visible

        def writerow(row: list[Any]) -> None:
            writer.writerow([visible(v) for v in row])

    else:
        writerow = writer.writerow
    head = [t("csv.deal"), t("csv.dealer"), t("csv.trump"), t("csv.last_trick")]
    for p in game.players:
        head += [
            t("csv.card_points", p=p),
            t("csv.declarations", p=p),
            t("csv.penalties", p=p),
            t("csv.points", p=p),
            t("csv.total", p=p),
            t("csv.target", p=p),
        ]
    head.append(t("csv.notes"))
    writerow(head)
    # the target after each deal: the game's, raised by every uphill written so far (§6)
    target = {p: sheet.rules.game.target for p in game.players}
    for d in sheet.deals:
        for pen in d.penalties:
            target[pen.player] += pen.uphill
        row = [
            d.number,
            d.dealer,
            suit_word(d.trump, lang()) if d.trump else "",
            d.last_trick or "",
        ]
        for p in game.players:
            row += [
                (d.card_points or {}).get(p, ""),
                d.declared(p),
                d.penalty_points(p),
                d.points.get(p, ""),
                d.totals.get(p, ""),
                target[p],
            ]
        row.append(" | ".join(text for _, text in d.notes))  # the players' notes, as written
        writerow(row)
    text = console.plain(buf.getvalue())
    if not on_terminal:  # exact into a file or pipe, or nothing; marked UTF-8 for a spreadsheet
        char = console.unencodable(sys.stdout, text)
        if char is not None:
            from ...errors import RefereeError

            code = f"U+{ord(char):04X}"
            raise RefereeError(
                Verdict("msg.csv_encoding", {"code": code, "enc": sys.stdout.encoding})
            )
        if _utf(sys.stdout):
            text = BOM + text
    sys.stdout.write(text)


def _utf(stream: object) -> bool:
    """Whether ``stream`` writes UTF-8 (where a byte order mark means what it says)."""
    encoding = str(getattr(stream, "encoding", None) or "utf-8").lower().replace("_", "-")
    return encoding in ("utf-8", "utf8")
