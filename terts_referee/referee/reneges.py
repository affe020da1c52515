"""Reneges (RULES §3, ``penalties.renege``): a final-phase trick where the follower did not
follow suit, beat or trump when he could, proven by his later play or by a card he is known to
hold; under ``play.while_stock = "follow"`` [003][004] also a trick while the stock lasts where he
did not follow suit or trump, proven only by a card known held at that trick (shown in a
declaration and not yet played, or taken in the exchange); and what a proven renege does to the
deal's card points.
"""

from __future__ import annotations

from ..domain.events import PenaltyKind
from ..domain.play import follow_obligation
from ..i18n.messages import t
from .records import FINAL_FROM, Deal, PenaltyRecord, TrickRecord
from .state import State


def check_reneges(st: State, deal: Deal) -> None:
    """Reneges proven by the latest trick (RULES §3; ``penalties.renege``)."""
    check_stock_renege(st, deal)
    check_final_reneges(st, deal)


def check_stock_renege(st: State, deal: Deal) -> None:
    """Under ``play.while_stock = "follow"`` [003][004]: the latest trick, played while the stock
    lasts, against the cards its follower was known to hold at it (later play proves nothing:
    he may have drawn the card since)."""
    if st.rules.play.while_stock != "follow" or not deal.tricks or deal.trump is None:
        return
    tr = deal.tricks[-1]
    if tr.number >= FINAL_FROM or tr.renege:
        return
    follower = deal.other(tr.leader)
    known = deal.shown_held(follower, tr.number) - {tr.follow}
    why = follow_obligation(known, tr.lead, deal.trump, st.rules, False, tr.follow)
    if why:
        tr.renege = True
        renege(st, deal, follower, tr, why, tr.number)


def check_final_reneges(st: State, deal: Deal) -> None:
    """Final-phase reneges proven by later play or a card known held."""
    final = [tr for tr in deal.tricks if tr.number >= FINAL_FROM]
    if not final:
        return
    assert deal.trump is not None  # on_trick refuses a trick until the trump is known
    for i, tr in enumerate(final):
        if tr.renege:
            continue
        follower = deal.other(tr.leader)
        later = {u.lead if u.leader == follower else u.follow for u in final[i:]}
        known = later | deal.known_held(follower) | deal.shown_held(follower, tr.number)
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
