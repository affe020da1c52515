"""The challenge «Не годится!» (RULES §4.2): the opponent answers the declaration just made
with a higher one of his own; it is refused unless it beats it, shares no card with it and could
be declared now. The beaten declaration burns, the rest of its turn is withdrawn. Where an
``ask`` («Рост?», the asker's forfeit) would be judged too.
"""

from __future__ import annotations

from ..cards import Card
from ..declarations import Kind, challenge_verdict, shared_cards
from ..errors import RuleError
from ..events import Challenge, Declare
from ..messages import shown, t
from ..vocabulary import TERMS  # noqa: F401  (registers the "status.*" words said below)
from .declaring import lowering, marriage_suit, timing, written_again
from .false_declarations import proven_false, void_false
from .records import DeclRecord, Status
from .scoring import settle
from .state import State


def on_challenge(st: State, ev: Challenge) -> None:
    """«Не годится!»: the opponent beats the declaration just made (RULES §4.2)."""
    st.not_over()
    st.check_player(ev.player)
    deal = st.open_deal("err.no_deal.challenge")
    previous = st.last_event
    if not isinstance(previous, Declare) or st.last_deal_event_deal is not deal:
        raise RuleError(t("err.challenge.none"))
    if previous.player == ev.player:
        raise RuleError(t("err.challenge.own", player=ev.player))
    targets = [
        r
        for r in deal.declarations
        if r.event == st.number - 1 and r.decl.kind is not Kind.MARRIAGE
    ]
    if not targets:
        raise RuleError(t("err.challenge.marriage"))
    target = targets[0]  # the highest, announced first
    if target.status != Status.SCORED:
        raise RuleError(
            t(
                "err.challenge.void",
                decl=shown(target.decl),
                status=t(f"status.{target.status}"),
            )
        )
    combo = marriage_suit(st, deal, ev.combo)
    if combo in deal.burned[ev.player]:
        raise RuleError(t("err.challenge.burned", player=ev.player, decl=shown(combo)))
    if written_again(st, deal, ev.player, combo):
        raise RuleError(t("err.declare.written", player=ev.player, decl=shown(combo)))
    timing(st, deal, ev.player, [combo], challenge=True)
    shared = shared_cards(target.decl, combo)
    if shared:
        cards = " ".join(str(c) for c in sorted(shared, key=Card.sort_key))
        raise RuleError(
            t("err.challenge.shared", combo=shown(combo), decl=shown(target.decl), cards=cards)
        )
    verdict = challenge_verdict(target.decl, combo, deal.trump, st.rules)
    if verdict.winner != "second":
        rule = f" ({verdict.key})" if verdict.key else ""
        raise RuleError(
            t(
                "err.challenge.no_beat",
                combo=shown(combo),
                decl=shown(target.decl),
                reason=verdict.reason,
                rule=rule,
                source=verdict.source,
            ).rstrip()
        )
    for rec in targets:
        rec.status = Status.BURNED if rec is target else Status.WITHDRAWN
    target.note = t("note.beaten", player=ev.player, combo=shown(combo))
    deal.burned[target.player].add(target.decl)
    rec = DeclRecord(
        st.number,
        ev.player,
        combo,
        combo.points(st.rules),
        trick=target.trick,
        beats=target,
    )
    why = lowering(st, deal, ev.player, combo)
    if why:
        rec.status, rec.note = Status.LOWERING, why
    deal.declarations.append(rec)
    st.notice(
        t(
            "notice.challenge",
            player=ev.player,
            combo=shown(combo),
            decl=shown(target.decl),
            reason=verdict.reason,
            source=verdict.source,
            loser=target.player,
        ),
        deal,
    )
    evidence = proven_false(deal, ev.player, combo)
    if evidence:
        void_false(st, deal, [rec], evidence, auto=True)
    settle(st, deal)
