"""The challenge «Не годится!» (§4.2): the opponent answers the declaration just made
with a higher one of his own; it is refused unless it beats it, shares no card with it and could
be declared now. The beaten declaration burns, the rest of its turn is withdrawn. The question
«Рост?» / «От чего?» asked without beating (``ask``), and the asker's forfeit it starts under
``declarations.challenge = "same-class"`` [001] (a challenge implies the question).
"""

from __future__ import annotations

from ..domain.cards import Card
from ..domain.declarations import Kind, challenge_verdict, shared_cards
from ..domain.events import Ask, Challenge, Declare, PenaltyKind
from ..domain.verdicts import Remedy, Verdict
from ..errors import RuleError
from .declaring import forfeit, lowering, marriage_suit, one_deck, refuse_repeat, timing
from .false_declarations import proven_false, void_false
from .records import AskRecord, Deal, DeclRecord, Status
from .scoring import settle
from .state import State

#: The refusals of ``answered``, for a challenge and for a question.
ANSWER_ERRORS = {
    "challenge": {
        "none": "err.challenge.none",
        "own": "err.challenge.own",
        "marriage": "err.challenge.marriage",
        "void": "err.challenge.void",
    },
    "ask": {
        "none": "err.ask.none",
        "own": "err.ask.own",
        "marriage": "err.ask.marriage",
        "void": "err.ask.void",
    },
}


def answered(st: State, deal: Deal, player: str, what: str) -> list[DeclRecord]:
    """The declarations of the opponent's declaration event just before this one (the highest
    first), which ``player`` answers with a challenge or a question; refused when there is none
    to answer. ``what`` is "challenge" or "ask" (``ANSWER_ERRORS``)."""
    previous = st.last_event
    if not isinstance(previous, Declare) or st.last_deal_event_deal is not deal:
        raise RuleError(Verdict(ANSWER_ERRORS[what]["none"]))
    if previous.player == player:
        raise RuleError(Verdict(ANSWER_ERRORS[what]["own"], {"player": player}))
    targets = [
        r
        for r in deal.declarations
        if r.event == st.last_number and r.decl.kind is not Kind.MARRIAGE
    ]
    if not targets:
        # a challenge: the declaration said with the marriage, challenged from its own event
        both = Remedy("declare", {"player": previous.player, "combos": (None, "марьяж")})
        remedy = both if what == "challenge" else None
        raise RuleError(Verdict(ANSWER_ERRORS[what]["marriage"], remedy=remedy))
    target = targets[0]  # the highest, announced first
    if target.status != Status.SCORED:
        params = {"decl": target.decl, "status": Verdict(f"status.{target.status}")}
        raise RuleError(Verdict(ANSWER_ERRORS[what]["void"], params))
    return targets


def asked(st: State, deal: Deal, player: str, about: DeclRecord) -> None:
    """``player`` asked about ``about``: his forfeit starts (§4.2), binding in a deal followed
    trick by trick only (``declaring.forfeit_in_force``)."""
    trick = None if deal.quick else deal.next_trick
    deal.asked[player] = AskRecord(st.number, player, about, trick)
    deal.askers.setdefault(player, st.number)  # the empty «Рост?» penalty is an asker's
    deal.questions[player] = deal.questions.get(player, 0) + 1  # one question, one penalty


def on_ask(st: State, ev: Ask) -> None:
    """«Рост?» / «От чего?» without a challenge (§4.2): recorded; under ``same-class`` the
    asker may not declare a higher class in that turn [001]."""
    st.not_over()
    st.check_player(ev.player)
    deal = st.open_deal("err.no_deal.ask")
    target = answered(st, deal, ev.player, "ask")[0]
    asked(st, deal, ev.player, target)
    cls = Verdict(f"name.class.{target.decl.value_class}")
    if st.rules.declarations.challenge == "same-class" and deal.quick:
        # "in that turn" [001] needs turns, which a quick deal does not record (§4.2, §4.3)
        effect = Verdict("notice.ask.forfeit_quick", {"cls": cls})
    elif st.rules.declarations.challenge == "same-class":
        until = Verdict("notice.ask.until_trick", {"trick": deal.next_trick})
        effect = Verdict("notice.ask.forfeit", {"cls": cls, "until": until})
    else:
        effect = Verdict("notice.ask.free", {"setting": st.rules.declarations.challenge})
    params = {"player": ev.player, "decl": target.decl, "owner": target.player, "effect": effect}
    st.notice(Verdict("notice.ask", params), deal)


def on_challenge(st: State, ev: Challenge) -> None:
    """«Не годится!»: the opponent beats the declaration just made (§4.2)."""
    st.not_over()
    st.check_player(ev.player)
    deal = st.open_deal("err.no_deal.challenge")
    targets = answered(st, deal, ev.player, "challenge")
    target = targets[0]
    combo = marriage_suit(st, deal, ev.combo)
    if combo in deal.burned[ev.player]:
        raise RuleError(Verdict("err.challenge.burned", {"player": ev.player, "decl": combo}))
    # a new one is refused; one in the file already stands as it was judged (a lowering)
    refuse_repeat(st, deal, ev.player, combo)
    timing(st, deal, ev.player, [combo], challenge=True)
    shared = shared_cards(target.decl, combo)
    if shared:
        cards = tuple(sorted(shared, key=Card.sort_key))  # worded in the language
        params: dict[str, object] = {"combo": combo, "decl": target.decl, "cards": cards}
        remedy = Remedy("penalty", {"player": None, "kind": "false-declaration"})
        raise RuleError(Verdict("err.challenge.shared", params, remedy=remedy))
    one_deck(st, deal, ev.player, [combo])
    forfeit(st, deal, ev.player, [combo])
    verdict = challenge_verdict(target.decl, combo, deal.trump, st.rules)
    if verdict.winner != "second":
        params = {
            "combo": combo,
            "decl": target.decl,
            "reason": _why(verdict.reason),
            "rule": f" ({verdict.key})" if verdict.key else "",
            "source": verdict.source,
        }
        raise RuleError(Verdict("err.challenge.no_beat", params))
    for rec in targets:
        rec.status = Status.BURNED if rec is target else Status.WITHDRAWN
    target.note = Verdict("note.beaten", {"player": ev.player, "combo": combo})
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
        rec.lowers, rec.note = why, why
        rec.charge(PenaltyKind.LOWERING, st.number)
    deal.declarations.append(rec)
    asked(st, deal, ev.player, target)  # a challenge implies the question
    params = {
        "player": ev.player,
        "combo": combo,
        "decl": target.decl,
        "reason": verdict.reason,
        "source": verdict.source,
        "loser": target.player,
    }
    st.notice(Verdict("notice.challenge", params), deal)
    evidence = proven_false(deal, ev.player, combo)
    if evidence:
        void_false(st, deal, [rec], evidence, auto=True)
    settle(st, deal)


#: The comparisons that name both declarations («{high} beats {low}: …») and the same reason
#: alone: a refusal that says «X does not beat Y» says the rule once, not «Y beats X» again.
_WHY = {
    "verdict.fours": "verdict.why.fours",
    "verdict.four_over_run": "verdict.why.four_over_run",
    "verdict.run_over_four": "verdict.why.run_over_four",
    "verdict.longer": "verdict.why.longer",
    "verdict.higher_top": "verdict.why.higher_top",
}


def _why(reason: Verdict) -> Verdict:
    """The comparison's reason without the two declarations, where it names them."""
    code = _WHY.get(reason.code)
    return reason if code is None else Verdict(code, rule=reason.rule, sources=reason.sources)
