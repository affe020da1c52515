"""Opening and closing deals (§2, §5): a new deal and who deals it (the rotation, a dealer
named out of turn noticed), its trump recorded afterwards (``terts trump``), a quick deal's score
(«сколько взял»: the points one player took, checked against what cards can make), and a deal
closed by its points, then perhaps the game.
"""

from __future__ import annotations

from ..domain.events import DealEvent, Note, Score, SetTrump
from ..domain.verdicts import Remedy, Verdict
from ..errors import RuleError
from .ending import check_winner
from .records import Deal, Sheet
from .reneges import apply_renege
from .scoring import reachable_card_points, settle
from .state import State


def on_deal(st: State, ev: DealEvent) -> None:
    """A new deal: its dealer by the rotation (the last trick's taker deals) unless named."""
    st.not_over()
    if st.sheet.current is not None:
        cur = st.sheet.current
        count = Remedy("score", {"points": None, "by": None, "last_trick": None})
        raise RuleError(Verdict("err.deal_open", {"deal": cur.number}, remedy=count))
    previous = st.sheet.deals[-1] if st.sheet.deals else None
    rotation = previous.last_trick if previous and previous.last_trick else None
    if previous is None:
        rotation = st.first_dealer
    dealer = ev.dealer or rotation or st.first_dealer
    st.check_player(dealer)
    deal = Deal(len(st.sheet.deals) + 1, dealer, st.players, ev.trump, ev.trump_card, st.number)
    deal.burned = {p: set() for p in st.players}
    deal.quick = ev.quick
    deal.named_dealer = ev.dealer is not None
    # the running totals so far: an open deal's points are added when it closes (``settle``)
    deal.totals = dict(st.sheet.totals)
    if ev.dealer and rotation and ev.dealer != rotation and previous is not None:
        params = {"dealer": dealer, "rotation": rotation, "deal": previous.number}
        st.notice(Verdict("notice.dealer", params), deal)
    st.sheet.deals.append(deal)


def on_trump(st: State, ev: SetTrump) -> None:
    """The trump of an open deal recorded after the deal: once, before its first trick."""
    st.not_over()
    deal = st.open_deal("err.no_deal.trump")
    if deal.trump is not None:
        event = deal.trump_event or deal.event
        params = {"deal": deal.number, "suit": deal.trump, "event": event}
        raise RuleError(Verdict("err.trump.known", params))
    if ev.trump_card is not None and ev.trump_card.suit != ev.trump:
        raise RuleError(Verdict("err.trump.card", {"card": ev.trump_card, "suit": ev.trump}))
    deal.trump, deal.trump_card, deal.trump_event = ev.trump, ev.trump_card, st.number
    st.notice(Verdict("notice.trump", {"deal": deal.number, "suit": ev.trump}), deal)


def on_note(st: State, ev: Note) -> None:
    """The players' note on a deal: the last one (or the one named), open or closed, even once
    the game is over (a dispute is often noted after it); it changes no point."""
    deals = st.sheet.deals
    if not deals:
        raise RuleError(Verdict("err.note.no_deal", remedy=Remedy("deal")))
    number = deals[-1].number if ev.deal is None else ev.deal
    if not 1 <= number <= len(deals):
        raise RuleError(Verdict("err.note.deal", {"deal": number, "last": len(deals)}))
    deals[number - 1].notes.append((st.number, ev.text))


def on_score(st: State, ev: Score) -> None:
    """A quick deal's count: the points ``by`` took, checked against what cards can make."""
    st.not_over()
    for p in (ev.by, ev.last_trick):
        st.check_player(p)
    deal = st.open_deal("err.no_deal.score")
    if deal.tricks:
        raise RuleError(Verdict("err.score.tricks", {"deal": deal.number}))
    bonus = st.rules.scoring.last_trick
    total = st.deal_points
    if not 0 <= ev.points <= total:
        raise RuleError(Verdict("err.score.range", {"points": ev.points, "total": total}))
    if ev.last_trick == ev.by and ev.points < bonus:
        raise RuleError(Verdict("err.score.below_bonus", {"player": ev.by, "bonus": bonus}))
    if ev.last_trick != ev.by and ev.points > total - bonus:
        params = {"points": ev.points, "player": ev.last_trick, "most": total - bonus}
        raise RuleError(Verdict("err.score.no_last", params))
    cards_only = ev.points - (bonus if ev.last_trick == ev.by else 0)
    if cards_only not in reachable_card_points(0):
        raise RuleError(Verdict("err.score.no_set", {"points": cards_only}))
    other = st.other(ev.by)
    close_deal(st, deal, {ev.by: ev.points, other: total - ev.points}, ev.last_trick)


def close_deal(st: State, deal: Deal, card_points: dict[str, int], last_trick: str) -> None:
    """The deal is over: its card points, a renege's effect, the totals, perhaps the winner."""
    deal.card_points = card_points
    deal.last_trick = last_trick
    deal.finished = True
    apply_renege(st, deal)
    settle(st, deal)
    check_winner(st, deal)


def next_dealer(sheet: Sheet) -> str | None:
    """Who deals the next deal of this game by the rules (§2), as ``on_deal`` would choose
    him: before the first deal the first dealer (the lot's, or the second player named);
    after a deal, whoever took its last trick. None while a deal is open, once the game is
    over, and after a deal with no last trick (ended by a claim): then nothing tells."""
    if sheet.finished or sheet.current is not None:
        return None
    if not sheet.deals:
        return sheet.first_dealer
    return sheet.deals[-1].last_trick


def next_game_dealer(sheet: Sheet) -> str | None:
    """Who deals the first deal of the next game (§2): the rotation runs on, so the
    player who took the last trick of this game's last deal deals it; no source starts a new
    lot for a new game. None when that deal has no last trick (ended by a claim, or the game
    by a penalty) or there was no deal: then the lot decides, as at the first game."""
    last = sheet.deals[-1] if sheet.deals else None
    return last.last_trick if last is not None else None
