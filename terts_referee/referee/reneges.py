"""Reneges (§3, ``penalties.renege``): a final-phase trick where the follower did not
follow suit, beat or trump when he could, proven by his later play or by a card he is known to
hold; under ``play.while_stock = "follow"`` [003][004] also a trick while the stock lasts where he
did not follow suit or trump, proven only by a card known held at that trick (shown in a
declaration and not yet played, or taken in the exchange); and what a proven renege does to the
deal's card points.

Evidence is only a card the offender truly held: a declaration proven false proves nothing about
its cards, so a renege resting on one is withdrawn when it is found false (``rejudge``).
"""

from __future__ import annotations

from ..domain.events import PenaltyKind
from ..domain.play import follow_obligation
from ..domain.verdicts import Verdict
from .records import FINAL_FROM, TRICKS_PER_DEAL, Deal, DeclRecord, PenaltyRecord, TrickRecord
from .state import State


def check_reneges(st: State, deal: Deal) -> None:
    """Reneges proven by the latest trick (§3; ``penalties.renege``)."""
    check_stock_renege(st, deal)
    check_final_reneges(st, deal)


def evidence(st: State, deal: Deal, tr: TrickRecord) -> Verdict | None:
    """Why trick ``tr``'s follower reneged, from what is known now, or None if nothing shows it.

    In the final phase (no more draws): his play to that trick and later, the cards known in his
    hand (the face-up card he drew or took), the cards he showed in a declaration standing and
    not yet played. While the stock lasts (``while_stock = "follow"``) only what was known at that
    trick: later play proves nothing, for he may have drawn the card since."""
    if deal.trump is None:
        return None
    follower = deal.other(tr.leader)
    known = deal.shown_held(follower, tr.number)
    final = tr.number >= FINAL_FROM
    if final:
        later = {u.lead if u.leader == follower else u.follow for u in deal.tricks[tr.number - 1 :]}
        known |= later | deal.known_held(follower)
    elif st.rules.play.while_stock != "follow":
        return None
    return follow_obligation(known - {tr.follow}, tr.lead, deal.trump, st.rules, final, tr.follow)


def check_stock_renege(st: State, deal: Deal) -> None:
    """Under ``play.while_stock = "follow"`` [003][004]: the latest trick, played while the stock
    lasts, against the cards its follower was known to hold at it."""
    if not deal.tricks:
        return
    tr = deal.tricks[-1]
    if tr.number >= FINAL_FROM or tr.renege:
        return
    why = evidence(st, deal, tr)
    if why:
        tr.renege = True
        renege(st, deal, deal.other(tr.leader), tr, why, tr.number)


def check_final_reneges(st: State, deal: Deal) -> None:
    """Final-phase reneges proven by later play or a card known held."""
    for tr in deal.tricks[FINAL_FROM - 1 :]:
        if tr.renege:
            continue
        why = evidence(st, deal, tr)
        if why:
            tr.renege = True
            renege(st, deal, deal.other(tr.leader), tr, why, deal.tricks[-1].number)


def renege(
    st: State, deal: Deal, player: str, trick: TrickRecord, why: Verdict, proof: int
) -> None:
    """A proven renege: a penalty record, the deal's offender, and a notice."""
    setting = st.rules.penalties.renege
    first = deal.renege_by is None
    if first:
        deal.renege_by = player
    moves = setting == "deal-to-opponent" and first
    effect = Verdict("notice.renege.deal" if moves else "notice.renege.flag")
    deal.penalties.append(
        PenaltyRecord(
            st.number,
            player,
            PenaltyKind.RENEGE,
            auto=True,
            note=Verdict("note.renege", {"trick": trick.number, "why": why, "effect": effect}),
            trick=trick.number,
        )
    )
    params = {
        "trick": trick.number,
        "player": player,
        "follow": trick.follow,
        "lead": trick.lead,
        "why": why,
        "proof": proof,
        "effect": effect,
        "setting": setting,
    }
    st.notice(Verdict("notice.renege", params), deal)


def rejudge(st: State, deal: Deal, false: list[DeclRecord]) -> None:
    """The declarations ``false`` were just found false: a renege the referee found that no
    longer stands without their cards is withdrawn (§3), said at this event and at the
    renege's own, and the deal's card points follow."""
    names = tuple(r.decl for r in false)
    owner, made = false[0].player, false[0].event
    changed = False
    for i, pen in deal.standing_reneges():
        if not pen.auto or pen.trick is None or pen.player != owner:
            continue
        tr = deal.tricks[pen.trick - 1]
        if evidence(st, deal, tr):
            continue  # still shown by cards he truly held
        tr.renege = False
        params = {"names": names, "declared": made, "event": st.number}
        deal.withdrawn[i] = Verdict("note.renege.withdrawn", params)
        changed = True
        params = {
            "trick": pen.trick,
            "player": pen.player,
            "names": names,
            "declared": made,
            "proven": pen.event,
        }
        st.notice(Verdict("notice.renege.withdrawn", params), deal)
        # said at the renege's own event too: the log's line there no longer holds
        at = Verdict("notice.renege.withdrawn_at", {"trick": pen.trick, "event": st.number})
        st.sheet.notices.append((pen.event, at))
    if changed:
        standing = deal.standing_reneges()
        deal.renege_by = standing[0][1].player if standing else None
        if deal.finished and len(deal.tricks) == TRICKS_PER_DEAL:
            points = {p: deal.trick_card_points(p) for p in st.players}
            points[deal.tricks[-1].winner] += st.rules.scoring.last_trick
            deal.card_points = points
            apply_renege(st, deal)


def apply_renege(st: State, deal: Deal) -> None:
    """Under ``deal-to-opponent`` the offender's opponent takes all the card points."""
    if deal.renege_by and deal.card_points is not None:
        if st.rules.penalties.renege == "deal-to-opponent":
            total = st.deal_points
            deal.card_points = {deal.renege_by: 0, deal.other(deal.renege_by): total}
