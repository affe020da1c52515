"""False declarations (§6): the evidence from the cards seen that a player cannot hold
what he declares, a declared card that later turns up in the opponent's play, and what a false
declaration costs (nothing scored, uphill, perhaps points to the opponent; a challenge it made
is undone).
"""

from __future__ import annotations

from typing import Any

from ..domain.cards import Card
from ..domain.declarations import Declaration
from ..domain.events import PenaltyKind
from ..domain.verdicts import Verdict
from .records import IN_PLAY, Deal, DeclRecord, PenaltyRecord, Status, Unreachable
from .reneges import rejudge
from .scoring import settle
from .state import State


def proven_false(deal: Deal, player: str, decl: Declaration) -> Verdict | None:
    """Evidence, from the cards seen, that ``player`` cannot hold ``decl`` now."""
    if not deal.tricks and deal.quick:
        return None
    notes = {
        Unreachable.PLAYED: "note.played",
        Unreachable.FACE_UP: "note.face_up",
        Unreachable.IN_HAND: "note.in_hand",
    }
    for card in sorted(decl.cards(), key=Card.sort_key):
        where = deal.out_of_reach(player, card)
        if where is not None:
            return Verdict(notes[where[0]], {"card": card, **where[1]})
    return None


def check_declared_cards(
    st: State, deal: Deal, player: str, card: Card, exchanged: bool = False
) -> None:
    """A card the opponent had declared turns up in ``player``'s play (or, ``exchanged``, is the
    trump 7 he exchanges): that was false, for a card is never in two hands."""
    opponent = deal.other(player)
    seven = deal.trump_seven
    for rec in deal.declarations:
        if rec.player == opponent and rec.status in IN_PLAY and card in rec.decl.cards():
            if (
                card == seven
                and deal.exchange_by == opponent
                and rec.event < (deal.exchange_event or 0)
            ):
                continue  # he held it when he declared, then exchanged it [000][001][003]
            group = [
                r
                for r in deal.declarations
                if r.event == rec.event and r.player == opponent and r.status != Status.FALSE
            ]
            if exchanged:
                why = Verdict("note.exchanged_by", {"player": player, "card": card})
            else:
                trick = deal.tricks[-1].number
                why = Verdict("note.played_by", {"player": player, "card": card, "trick": trick})
            void_false(st, deal, group, why, auto=True)
            settle(st, deal)


def void_false(
    st: State, deal: Deal, records: list[DeclRecord], evidence: Verdict, auto: bool
) -> None:
    """A false declaration (§6): it scores nothing, uphill, perhaps points to the
    opponent [000][001][004]."""
    player = records[0].player
    value = sum(r.value for r in records)
    restored = []
    for r in records:
        r.charge(PenaltyKind.FALSE_DECLARATION, st.number)
        r.shown_false = r.shown_false or auto
        r.note = evidence
        if r.beats is not None and r.beats.status == Status.BURNED:
            restored.append(stand_again(st, deal, r))
    setting = st.rules.penalties.false_uphill
    uphill = value if setting == "value" else int(setting)
    to_opp = value if st.rules.penalties.false_to_opponent else 0
    deal.penalties.append(
        PenaltyRecord(
            st.number,
            player,
            PenaltyKind.FALSE_DECLARATION,
            uphill=uphill,
            to_opponent=to_opp,
            note=Verdict(
                "note.priced", {"why": evidence, "effect": st.effect(player, 0, uphill, to_opp)}
            ),
            auto=auto,
        )
    )
    st.sheet.uphill[player] += uphill
    gain = Verdict("notice.false.gain", {"player": deal.other(player), "points": to_opp})
    # a group of declarations holds at most one challenge (its own event), so one is restored
    params = {
        "player": player,
        "names": tuple(r.decl for r in records),
        "event": records[0].event,
        "evidence": evidence,
        "uphill": uphill,
        "gain": gain if to_opp else "",
        "restored": restored[0] if restored else "",
    }
    st.notice(Verdict("notice.false", params), deal)
    rejudge(st, deal, records)


def stand_again(st: State, deal: Deal, challenge: DeclRecord) -> Verdict:
    """The declaration a false ``challenge`` beat counts again (§4.2, §6): its status, its
    note and the challenge's notice say that it stands again; what the false notice adds."""
    beaten = challenge.beats
    assert beaten is not None
    beaten.status = Status.SCORED
    beaten.restored = st.number
    deal.burned[beaten.player].discard(beaten.decl)
    params: dict[str, Any] = {
        "owner": beaten.player,
        "decl": beaten.decl,
        "player": challenge.player,
        "combo": challenge.decl,
        "challenge": challenge.event,
        "event": st.number,
    }
    beaten.note = Verdict("note.stands_again", params)
    # said at the challenge too: the log's «… burns» there no longer holds
    st.sheet.notices.append((challenge.event, Verdict("notice.stands_again.at", params)))
    return Verdict("notice.stands_again", params)
