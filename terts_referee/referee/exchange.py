"""The trump seven (§3, ``exchange.*``): when it may be exchanged for the face-up trump
card (``exchange_bar``), the ``exchange`` event, and, under ``exchange.mandatory``, the penalty
for a seven played when it should have been exchanged.
"""

from __future__ import annotations

from enum import StrEnum

from ..domain.cards import Card, Rank
from ..domain.events import Exchange, PenaltyKind
from ..domain.rules import Ruleset
from ..domain.verdicts import Verdict
from ..errors import RuleError
from .false_declarations import check_declared_cards
from .records import Deal, PenaltyRecord, stock_before
from .state import State


class ExchangeBar(StrEnum):
    """Why the trump seven may not be exchanged now (``exchange_bar``)."""

    DONE = "done"
    STOCK = "stock"
    SEVEN_UP = "seven-up"
    PLAYED = "played"


def exchange_bar(rules: Ruleset, deal: Deal) -> ExchangeBar | None:
    """Why the trump 7 may not be exchanged now, or None (§3, ``exchange.min_stock``).

    ``done`` (once a deal), ``stock`` (fewer than min_stock cards left [000][001][003]),
    ``seven-up`` (the face-up card is the 7 itself), ``played`` (the 7 is gone). Without the
    trump recorded only the first two can be judged.
    """
    if deal.exchange_by:
        return ExchangeBar.DONE
    if stock_before(deal.next_trick) < rules.exchange.min_stock:
        return ExchangeBar.STOCK
    seven = Card(Rank.SEVEN, deal.trump) if deal.trump else None
    if seven is not None and deal.trump_card == seven:
        return ExchangeBar.SEVEN_UP
    if seven is not None and seven in deal.played():
        return ExchangeBar.PLAYED
    return None


def on_exchange(st: State, ev: Exchange) -> None:
    """The trump seven exchanged for the face-up card, when ``exchange_bar`` allows."""
    st.not_over()
    st.check_player(ev.player)
    deal = st.open_deal("err.no_deal.exchange")
    # Without the trump recorded (a quick deal) the swap is noted; its cards are not traced.
    seven = Card(Rank.SEVEN, deal.trump) if deal.trump else None
    bar = exchange_bar(st.rules, deal)
    if bar == ExchangeBar.DONE:
        raise RuleError(Verdict("err.exchange.done", {"player": deal.exchange_by}))
    if bar == ExchangeBar.STOCK:
        stock, need = stock_before(deal.next_trick), st.rules.exchange.min_stock
        raise RuleError(Verdict("err.exchange.stock", {"stock": stock, "need": need}))
    if bar == ExchangeBar.SEVEN_UP:
        raise RuleError(Verdict("err.exchange.seven_up"))
    if bar == ExchangeBar.PLAYED:
        raise RuleError(Verdict("err.exchange.played", {"card": seven}))
    deal.exchange_by = ev.player
    deal.exchange_event = st.number
    got = Verdict("notice.exchange.for", {"card": deal.trump_card}) if deal.trump_card else ""
    shown_seven = seven if seven else Verdict("name.trump_seven")
    params = {"player": ev.player, "seven": shown_seven, "got": got}
    st.notice(Verdict("notice.exchange", params), deal)
    if seven is not None:  # he held the 7: the opponent's declaration of it was false
        check_declared_cards(st, deal, ev.player, seven, exchanged=True)


def check_trump_seven(st: State, deal: Deal) -> None:
    """``exchange.mandatory``: the trump 7 played at a trick before which the stock held
    ``exchange.min_stock`` proves its holder kept it when he had to exchange [000]."""
    if not st.rules.exchange.mandatory or deal.exchange_by or deal.trump is None:
        return
    seven = Card(Rank.SEVEN, deal.trump)
    trick = deal.tricks[-1]
    if seven not in (trick.lead, trick.follow) or deal.trump_card == seven:
        return
    if stock_before(trick.number) < st.rules.exchange.min_stock:
        return
    player = trick.leader if trick.lead == seven else deal.other(trick.leader)
    value = st.rules.penalties.trump_seven
    deal.penalties.append(
        PenaltyRecord(
            st.number,
            player,
            PenaltyKind.TRUMP_SEVEN,
            uphill=value,
            auto=True,
            note=Verdict(
                "note.priced",
                {
                    "why": Verdict("note.trump_seven", {"card": seven, "trick": trick.number}),
                    "effect": st.effect(player, uphill=value),
                },
            ),
        )
    )
    st.sheet.uphill[player] += value
    params = {"player": player, "card": seven, "trick": trick.number, "points": value}
    st.notice(Verdict("notice.trump_seven", params), deal)
