"""The two short lines the table mode shows after every change: the totals against the
targets, and where the deal stands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import t

if TYPE_CHECKING:
    from ..game.views import StatusView
    from ..referee import Sheet


def summary_lines(sheet: Sheet, status: StatusView, lang: str) -> list[str]:
    """Two short lines: the totals against the targets, and where the deal stands."""
    totals = " · ".join(
        t("table.totals", lang, name=p, total=sheet.totals[p], target=sheet.targets[p])
        for p in sheet.players
    )
    if sheet.finished:
        where = t("table.game_over", lang, winner=sheet.winner)
    elif not status.deal:
        where = t("table.no_deal", lang)
    elif status.phase == "over":
        where = t("table.deal_over", lang, deal=status.deal)
    else:
        trump = status.trump.symbol if status.trump else t("table.no_trump", lang)
        if status.quick:
            where = t("table.quick", lang, deal=status.deal, dealer=status.dealer, trump=trump)
        else:
            where = t(
                "table.deal",
                lang,
                deal=status.deal,
                trump=trump,
                trick=status.trick,
                phase=t(f"phase.{status.phase}", lang),
                stock=status.stock,
                leader=status.leader,
            )
    if status.next_dealer is not None:  # between deals: who deals next by the rules
        where += " · " + t("table.next_dealer", lang, p=status.next_dealer)
    return [totals, where]
