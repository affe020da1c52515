"""Reneges (RULES §3, ``penalties.renege``): a final-phase trick where the follower did not
follow suit, beat or trump when he could, proven by his later play or by a card he is known to
hold; and what a proven renege does to the deal's card points.
"""

from __future__ import annotations

from ..events import PenaltyKind
from ..messages import t
from ..play import follow_obligation
from .records import FINAL_FROM, Deal, PenaltyRecord, TrickRecord
from .state import State


def check_reneges(st: State, deal: Deal) -> None:
    """Final-phase reneges proven by later play (RULES §3; ``penalties.renege``)."""
    final = [tr for tr in deal.tricks if tr.number >= FINAL_FROM]
    if not final:
        return
    for i, tr in enumerate(final):
        if tr.renege:
            continue
        follower = deal.other(tr.leader)
        later = {u.lead if u.leader == follower else u.follow for u in final[i:]}
        known = later | deal.known_held(follower)
        why = follow_obligation(known - {tr.follow}, tr.lead, deal.trump, st.rules, True, tr.follow)
        if why:
            tr.renege = True
            evidence = deal.tricks[-1].number
            renege(st, deal, follower, tr, why, evidence)


def renege(st: State, deal: Deal, player: str, trick: TrickRecord, why: str, evidence: int) -> None:
    """A proven renege: a penalty record, the deal's offender, and a notice."""
    setting = st.rules.penalties.renege
    first = deal.renege_by is None
    if first:
        deal.renege_by = player
    deal.penalties.append(
        PenaltyRecord(
            st.number,
            player,
            PenaltyKind.RENEGE,
            auto=True,
            note=t("note.renege", trick=trick.number, why=why),
        )
    )
    effect = (
        t("notice.renege.deal")
        if setting == "deal-to-opponent" and first
        else t("notice.renege.flag")
    )
    st.notice(
        t(
            "notice.renege",
            trick=trick.number,
            player=player,
            follow=trick.follow,
            lead=trick.lead,
            why=why,
            proof=evidence,
            effect=effect,
            setting=setting,
        ),
        deal,
    )


def apply_renege(st: State, deal: Deal) -> None:
    """Under ``deal-to-opponent`` the offender's opponent takes all the card points."""
    if deal.renege_by and deal.card_points is not None:
        if st.rules.penalties.renege == "deal-to-opponent":
            total = st.deal_points
            deal.card_points = {deal.renege_by: 0, deal.other(deal.renege_by): total}
