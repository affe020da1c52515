"""A club evening as ``terts club`` shows it: the round-robin schedule."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...i18n import N_np, N_p, register, t
from ...library.pairings import Round
from .. import console

if TYPE_CHECKING:
    from rich.table import Table
    from rich.text import Text

WORDS = register(
    N_p("pairs.title", "The evening's pairs: {players}, {rounds}"),
    N_np("pairs.title#players", "{players} player", "{players} players", "players"),
    N_np("pairs.title#rounds", "{rounds} round", "{rounds} rounds", "rounds"),
    N_p("pairs.round", "round"),
    N_p("pairs.table", "table {n}"),
    N_p("pairs.tables", "table"),
    N_p("pairs.pair", "pair"),
    N_p("pairs.bye", "sits out"),
)


def report_pairs(rounds: Sequence[Round], as_json: bool) -> None:
    """The schedule: ``{"rounds": [{"pairs": [[A, B], …], "bye": P | null}]}`` for scripts; for
    people a table of rounds by tables (and who sits out, with an odd count), or, when that is
    wider than the terminal (many tables), one line a pair, round after round."""
    if as_json:
        console.print_json({"rounds": [r.to_dict() for r in rounds]})
        return
    first = rounds[0]
    players = 2 * len(first.pairs) + (first.bye is not None)
    title = t("pairs.title", players=players, rounds=len(rounds))
    tab = _across(rounds, title)
    out = console.out()
    if out.measure(tab, options=out.options.update_width(1 << 16)).maximum > out.width:
        tab = _down(rounds, title)  # rich would wrap every pair onto lines of its own
    console.show(tab)


def _pair(pair: tuple[str, str]) -> Text:
    return console.cell(f"{pair[0]} – {pair[1]}")


def _across(rounds: Sequence[Round], title: str) -> Table:
    """A row a round, a column a table, the last column who sits out."""
    tables = [t("pairs.table", n=n) for n in range(1, len(rounds[0].pairs) + 1)]
    byes = [t("pairs.bye")] if rounds[0].bye is not None else []
    tab = console.table(t("pairs.round"), *tables, *byes, title=title, min_width=len(title))
    for r in rounds:
        cells = [_pair(pair) for pair in r.pairs]
        if r.bye is not None:
            cells.append(console.cell(r.bye, "dim"))
        tab.add_row(console.cell(r.number, "bold"), *cells)
    return tab


def _down(rounds: Sequence[Round], title: str) -> Table:
    """A row a pair (the round's number on its first), the one who sits out last."""
    tab = console.table(
        t("pairs.round"), t("pairs.tables"), t("pairs.pair"), title=title, min_width=len(title)
    )
    for r in rounds:
        rows = [(str(n), _pair(pair)) for n, pair in enumerate(r.pairs, 1)]
        if r.bye is not None:
            rows.append((t("pairs.bye"), console.cell(r.bye, "dim")))
        for i, (table, pair) in enumerate(rows):
            number = console.cell(r.number if i == 0 else "", "bold")
            tab.add_row(number, console.cell(table), pair, end_section=i == len(rows) - 1)
    return tab
