"""The two short lines the table mode shows after every change: the totals against the
targets, and where the deal stands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import t

if TYPE_CHECKING:
    from ..game.model import Game
    from ..referee import Sheet


def summary_lines(game: Game, sheet: Sheet, lang: str) -> list[str]:
    """Two short lines: the totals against the targets, and where the deal stands."""
    from ..output.report.status import status_json

    totals = " · ".join(
        t("table.totals", lang, name=p, total=sheet.totals[p], target=sheet.targets[p])
        for p in game.players
    )
    data = status_json(game, sheet)
    if sheet.finished:
        where = t("table.game_over", lang, winner=sheet.winner)
    elif not data["deal"]:
        where = t("table.no_deal", lang)
    elif data["phase"] == "over":
        where = t("table.deal_over", lang, deal=data["deal"])
    else:
        deal = sheet.deals[-1]
        trump = deal.trump.symbol if deal.trump else t("table.no_trump", lang)
        if deal.quick:
            where = t("table.quick", lang, deal=deal.number, dealer=deal.dealer, trump=trump)
        else:
            where = t(
                "table.deal",
                lang,
                deal=deal.number,
                trump=trump,
                trick=data["trick"],
                phase=t(f"phase.{data['phase']}", lang),
                stock=data["stock"],
                leader=data["leader"],
            )
    return [totals, where]
