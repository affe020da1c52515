"""Where the current deal stands (``terts status``; the page's state): what each player may
declare, whether the trump 7 may be exchanged, as JSON or as lines. The status itself is
computed below, in ``game.views`` (``StatusView``); this module only shows it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...domain.verdicts import Remedy
from ...i18n import t
from .. import console

if TYPE_CHECKING:
    from collections.abc import Callable

    from ...game.views import StatusView


def status_json(view: StatusView) -> dict[str, Any]:
    """``terts status --json`` (the contract): before the first deal, the deal's own fields are left
    out."""
    may_declare = [
        {"player": m.player, "kinds": [k.value for k in m.kinds], "up_to": m.up_to}
        for m in view.may_declare
    ]
    if not view.deal:
        return {
            "deal": 0,
            "phase": view.phase,
            "trick": view.trick,
            "stock": view.stock,
            "leader": view.leader,
            "may_declare": may_declare,
            "may_exchange": view.may_exchange,
            "may_look": view.may_look,
            "finished": view.finished,
            "winner": view.winner,
            "set_aside": list(view.set_aside),
            "next_dealer": view.next_dealer,  # who deals the first deal
        }
    return {
        "deal": view.deal,
        "phase": view.phase,
        "trick": view.trick,
        "stock": view.stock,
        "leader": view.leader,
        "dealer": view.dealer,
        "trump": view.trump.value if view.trump else None,
        "quick": view.quick,
        "may_declare": may_declare,
        "may_exchange": view.may_exchange,
        "may_look": view.may_look,
        "tricks": view.tricks,
        "finished": view.finished,
        "winner": view.winner,
        "set_aside": list(view.set_aside),  # stored events that no longer hold
        "next_dealer": view.next_dealer,  # between deals: who deals the next one
    }


def report_status(view: StatusView, as_json: bool, *, command: Callable[[Remedy], str]) -> None:
    """Where the deal stands; ``command`` writes the next command to type in the face's form."""
    data = status_json(view)
    if as_json:
        console.print_json(data)
        return
    from .sheet import say_set_aside

    say_set_aside(view.set_aside, command)
    if not data["deal"]:
        typed = command(Remedy("deal", {"trump": None}))
        console.say(t("out.no_deal", command=typed))
        _next_dealer(view)
        return
    if data["phase"] == "over":
        key = "out.deal_over_won" if view.finished else "out.deal_over_next"
        console.say(t(key, n=data["deal"], p=view.winner, command=command(Remedy("deal"))))
        _next_dealer(view)
        return
    if view.quick:
        # no trick recorded: the trick, the stock and who leads are not known (§4.3)
        trump = t("out.trump_is", suit=view.trump.symbol) if view.trump else t("out.trump_unknown")
        typed = command(Remedy("score", {"points": None, "by": None, "last_trick": None}))
        console.say(
            t("out.status_quick", n=data["deal"], dealer=view.dealer, trump=trump, command=typed),
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


def _next_dealer(view: StatusView) -> None:
    """Between deals: who deals the next one by the rules (nothing when nothing tells)."""
    if view.next_dealer is not None:
        console.say(t("out.next_dealer", p=view.next_dealer))


def _may_declare(data: dict[str, Any]) -> None:
    for entry in data["may_declare"]:
        kinds = ", ".join(t(f"kind.{k}") for k in entry["kinds"]) or t("out.nothing")
        if entry["up_to"]:
            kinds += t("out.up_to", cls=t(f"name.class.{entry['up_to']}"))
        console.say(t("out.may_declare", p=entry["player"], kinds=kinds))
