"""Points: a deal's total rounded per ``scoring.rounding``, every card-point count a player can
hold, and the running totals recomputed from a deal on (§5). Nothing here decides who
wins; ``ending`` does.
"""

from __future__ import annotations

from functools import lru_cache

from ..domain.cards import DECK, Suit
from .records import Deal
from .state import State


def round_points(points: int, rounding: str) -> int:
    """A deal total rounded per ``scoring.rounding`` [000][001][003].

    half-down: 25 -> 20, 26 -> 30.
    """
    if rounding == "none":
        return points
    if rounding == "half-down":
        return (points + 4) // 10 * 10
    if rounding == "half-up":
        return (points + 5) // 10 * 10
    return points // 10 * 10  # down


@lru_cache(maxsize=4)
def reachable_card_points(last_trick: int) -> frozenset[int]:
    """Every card-point count one player can hold after a deal, with and without the last trick."""
    sums = {0}
    for card in DECK:
        value = card.points(Suit.HEARTS)  # the multiset of values is the same for every trump
        sums |= {s + value for s in sums}
    return frozenset(sums | {s + last_trick for s in sums})


def settle(st: State, deal: Deal) -> None:
    """Recompute a deal's points and every running total from it on."""
    rounding = st.rules.scoring.rounding
    start = deal.number - 1
    running = dict(st.sheet.deals[start - 1].totals) if start else {p: 0 for p in st.players}
    for d in st.sheet.deals[start:]:
        for p in st.players:
            cards = d.card_points.get(p, 0) if d.card_points else 0
            raw = cards + d.declared(p) + d.penalty_points(p)
            d.points[p] = round_points(raw, rounding)
            if d.finished:  # an open deal's points are written when it closes
                running[p] += d.points[p]
        d.totals = dict(running)
    st.sheet.totals = dict(running)


def total_before(st: State, deal: Deal, player: str) -> int:
    """``player``'s running total before ``deal``."""
    i = deal.number - 1
    return st.sheet.deals[i - 1].totals[player] if i else 0
