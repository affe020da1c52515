"""Where the current deal stands (``terts status`` and the table mode's summary): what each
player may declare, whether the trump 7 may be exchanged, as JSON or as lines."""

from __future__ import annotations

from typing import Any

from ...domain.verdicts import Remedy
from ...i18n import t
from .. import console

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from ...game.model import Game
    from ...referee import Sheet
    from ...referee.records import AskRecord


def may_declare(sheet: Sheet) -> list[dict[str, Any]]:
    """What each player may declare before the next card (RULES §4.3, ``declaration_bar``)."""
    from ...domain.declarations import Kind
    from ...referee import declaration_bar, forfeit_in_force

    deal = sheet.current
    if deal is None or sheet.finished:
        return []
    return [
        {
            "player": p,
            "kinds": [
                kind.value
                for kind in (Kind.SEQUENCE, Kind.FOUR, Kind.MARRIAGE)
                if declaration_bar(sheet.rules, deal, p, kind) is None
            ],
            # the asker's forfeit [001]: no class above this one now (None: no limit)
            "up_to": _up_to(forfeit_in_force(sheet.rules, deal, p)),
        }
        for p in sheet.players
    ]


def _up_to(ask: AskRecord | None) -> str | None:
    return ask.about.decl.value_class if ask is not None else None


def status_json(game: Game, sheet: Sheet) -> dict[str, Any]:
    from ...referee import exchange_bar, stock_before
    from ...referee.records import may_look_at_tricks

    deal = sheet.deals[-1] if sheet.deals else None
    if deal is None:
        return {
            "deal": 0,
            "phase": "over",
            "trick": 0,
            "stock": 0,
            "leader": None,
            "may_declare": [],
            "may_exchange": False,
            "may_look": False,
            "finished": sheet.finished,
            "winner": sheet.winner,
            "set_aside": sorted(sheet.set_aside),
        }
    k = deal.next_trick
    open_ = not deal.finished and not sheet.finished
    stock = stock_before(k) if open_ else 0
    may_exchange = bool(open_ and exchange_bar(sheet.rules, deal) is None)
    return {
        "deal": deal.number,
        "phase": deal.phase if open_ else "over",
        "trick": k if open_ else len(deal.tricks),
        "stock": stock,
        "leader": deal.leader if open_ else None,
        "dealer": deal.dealer,
        "trump": deal.trump.value if deal.trump else None,
        "quick": deal.quick,
        "may_declare": may_declare(sheet),
        "may_exchange": may_exchange,
        "may_look": bool(open_ and may_look_at_tricks(stock)),
        "tricks": {p: deal.tricks_taken(p) for p in game.players},
        "finished": sheet.finished,
        "winner": sheet.winner,
        "set_aside": sorted(sheet.set_aside),  # stored events that no longer hold
    }


def report_status(
    game: Game, sheet: Sheet, as_json: bool, *, command: Callable[[Remedy], str]
) -> None:
    """Where the deal stands; ``command`` writes the next command to type in the face's form."""
    data = status_json(game, sheet)
    if as_json:
        console.print_json(data)
        return
    from .sheet import say_set_aside

    say_set_aside(sheet, command)
    if not data["deal"]:
        typed = command(Remedy("deal", {"trump": t("out.card_or_suit")}))
        console.say(t("out.no_deal", command=typed))
        return
    if data["phase"] == "over":
        key = "out.deal_over_won" if sheet.finished else "out.deal_over_next"
        console.say(t(key, n=data["deal"], p=sheet.winner, command=command(Remedy("deal"))))
        return
    deal = sheet.deals[-1]
    if deal.quick:
        # no trick recorded: the trick, the stock and who leads are not known (RULES §4.3)
        trump = t("out.trump_is", suit=deal.trump.symbol) if deal.trump else t("out.trump_unknown")
        typed = command(Remedy("score", {"points": None, "by": None, "last_trick": None}))
        console.say(
            t("out.status_quick", n=data["deal"], dealer=deal.dealer, trump=trump, command=typed),
            "bold",
        )
        _may_declare(data)
        return
    console.say(
        t(
            "out.status",
            n=data["deal"],
            k=data["trick"],
            phase=t(f"phase.{data['phase']}"),
            stock=data["stock"],
            leader=data["leader"],
        ),
        "bold",
    )
    _may_declare(data)
    console.say(t("out.exchange", v=t("out.allowed" if data["may_exchange"] else "out.not_now")))
    console.say(t("out.look", v=t("out.allowed" if data["may_look"] else "out.not_now")))


def _may_declare(data: dict[str, Any]) -> None:
    for entry in data["may_declare"]:
        kinds = ", ".join(t(f"kind.{k}") for k in entry["kinds"]) or t("out.nothing")
        if entry["up_to"]:
            kinds += t("out.up_to", cls=t(f"name.class.{entry['up_to']}"))
        console.say(t("out.may_declare", p=entry["player"], kinds=kinds))
