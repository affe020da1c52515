"""Tricks (§3): a trick checked against the cards seen (a card played twice, lying face
up, known in the other hand), its winner, and what it proves afterwards (reneges, a kept trump
seven, a declared card turning up in play); the sixteenth trick closes the deal. The first trick
recorded in a quick deal makes it a deal followed trick by trick from that trick on (what was
declared before it stays untimed).
"""

from __future__ import annotations

from ..domain.events import Trick
from ..domain.play import trick_winner
from ..domain.verdicts import Remedy, Verdict
from ..errors import RuleError
from .deals import close_deal
from .exchange import check_trump_seven
from .false_declarations import check_declared_cards
from .records import TRICKS_PER_DEAL, TrickRecord, Unreachable
from .reneges import check_reneges
from .scoring import settle
from .state import State


def on_trick(st: State, ev: Trick) -> None:
    """A trick: its cards checked against the cards seen, its winner, what it proves."""
    st.not_over()
    deal = st.open_deal("err.no_deal.trick")
    if deal.trump is None:
        remedy = Remedy("trump", {"trump": None})
        raise RuleError(Verdict("err.trick.no_trump", remedy=remedy))
    k = deal.next_trick
    if ev.lead == ev.follow:
        raise RuleError(Verdict("err.trick.twice", {"card": ev.lead}))
    leader = deal.leader
    follower = deal.other(leader)
    errors = {
        Unreachable.PLAYED: "err.trick.played",
        Unreachable.FACE_UP: "err.trick.face_up",
        Unreachable.IN_HAND: "err.trick.holder",
    }
    for card, who in ((ev.lead, leader), (ev.follow, follower)):
        where = deal.out_of_reach(who, card)
        if where is not None:
            raise RuleError(Verdict(errors[where[0]], {"card": card, "player": who, **where[1]}))
    winner = leader if trick_winner(ev.lead, ev.follow, deal.trump) == 0 else follower
    if deal.quick:  # a quick deal's first trick: followed trick by trick from here on
        deal.quick = False
        deal.timed_from = st.number
        st.notice(Verdict("notice.trick_mode", {"deal": deal.number}), deal)
    deal.tricks.append(TrickRecord(k, leader, ev.lead, ev.follow, winner, st.number))
    # What the trick proves false first: a declaration so found proves nothing about its cards
    # when the reneges of this trick are judged (§3).
    check_declared_cards(st, deal, follower, ev.follow)
    check_declared_cards(st, deal, leader, ev.lead)
    check_reneges(st, deal)
    check_trump_seven(st, deal)
    if k == TRICKS_PER_DEAL:
        bonus = st.rules.scoring.last_trick
        points = {p: deal.trick_card_points(p) for p in st.players}
        points[winner] += bonus
        close_deal(st, deal, points, winner)
    else:
        settle(st, deal)
