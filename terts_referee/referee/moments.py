"""A moment of a deal told rather than recorded (§4.3): "may I declare now?", the table's
most common dispute, answered without a game file (``terts check when``) by the same rules the
referee judges a ``declare`` event with: the timing of ``declaring.bar_at``, a repeat, the
several declarations of one turn, the asker's forfeit, one deck, and lowering.

``when_verdict(rules, decl, moment)`` returns a ``WhenVerdict``: whether the declaration may be
made and would score if unbeaten, whether the referee would refuse it outright or record it at a
price (late, lowering), the deciding rule, ruleset key and source; the reason a verdict for the
face to word.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..domain.cards import Card, Rank, Suit
from ..domain.declarations import Declaration, Kind, compare
from ..domain.rules import Ruleset
from ..domain.verdicts import Verdict
from .declaring import DeclarationBar, bar_at, forfeits, lowers
from .records import LAST_DECLARATION_TRICK


class Moment(NamedTuple):
    """The moment asked about: the trick about to be played (1-16; trick 1 is played before the
    deck is broken), whether the player leads it, the trump and the face-up card, his hand when
    given, what he already wrote in this deal and declared before this trick, the opponent's
    standing declarations, and the declaration he asked «От чего?» about in this turn."""

    trick: int
    leads: bool = True
    trump: Suit | None = None
    face_up: Card | None = None
    hand: frozenset[Card] | None = None
    declared: tuple[Declaration, ...] = ()
    this_turn: tuple[Declaration, ...] = ()
    opponent: tuple[Declaration, ...] = ()
    asked: Declaration | None = None


class WhenVerdict(NamedTuple):
    """The answer: ``allowed`` (it may be made now and scores if unbeaten), ``refused`` (the
    referee would not record it; else it is recorded at a price), ``code`` (what decided), the
    reason (a verdict), the rule book's section, the ruleset key and the source."""

    allowed: bool
    refused: bool
    code: str
    reason: Verdict
    rule: str
    key: str | None
    source: str


def _no(code: str, reason: Verdict, rule: str, key: str | None, source: str) -> WhenVerdict:
    return WhenVerdict(False, True, code, reason, rule, key, source)


def _setting(name: str, value: Any) -> str:
    return f'{name} = "{value}"' if isinstance(value, str) else f"{name} = {str(value).lower()}"


def when_verdict(rules: Ruleset, decl: Declaration, m: Moment) -> WhenVerdict:
    """Whether ``decl`` may be declared at moment ``m`` under ``rules`` (§4.3), and why."""
    d = rules.declarations
    if m.hand is not None and not decl.cards() <= m.hand:
        missing = tuple(sorted(decl.cards() - m.hand, key=Card.sort_key))
        reason = Verdict("verdict.when.not_held", {"decl": decl, "cards": missing})
        return WhenVerdict(False, False, "not-held", reason, "§6", None, "[000] rule 5")
    if decl in m.declared:
        reason = Verdict("verdict.when.repeat", {"decl": decl})
        return _no("repeat", reason, "§4.3", None, "[000]")
    written = any(r.kind is Kind.MARRIAGE for r in (*m.declared, *m.opponent))
    # a marriage goes alongside: it uses up no turn [000]
    turn_used = any(r.kind is not Kind.MARRIAGE for r in m.this_turn)
    bar = bar_at(rules, decl.kind, m.trick, m.leads, turn_used, written)
    if decl.kind is Kind.MARRIAGE:
        if bar == DeclarationBar.MARRIAGE_WRITTEN:
            reason = Verdict("verdict.when.marriage_written")
            return _no(
                "marriage-written",
                reason,
                "§4.3",
                _setting("declarations.marriage", d.marriage),
                "[000]",
            )
        reason = Verdict("verdict.when.marriage", {"trick": m.trick})
        return WhenVerdict(True, False, "yes", reason, "§4.3", None, "[000][002][003]")
    if bar == DeclarationBar.LATE:
        setting = rules.penalties.late_uphill
        price = decl.points(rules) if setting == "value" else int(setting)
        reason = Verdict(
            "verdict.when.late", {"trick": m.trick, "last": LAST_DECLARATION_TRICK, "price": price}
        )
        key = _setting("penalties.late_uphill", setting)
        return WhenVerdict(False, False, "late", reason, "§4.3, §6", key, "[000][002]")
    if bar == DeclarationBar.NOT_LEADER:
        last = m.trick == LAST_DECLARATION_TRICK
        reason = Verdict("verdict.when.not_leader_last" if last else "verdict.when.not_leader")
        return _no(
            "not-leader", reason, "§4.3", _setting("declarations.when", d.when), "[000][002]"
        )
    if bar == DeclarationBar.NONE_BEFORE_BREAK:
        reason = Verdict("verdict.when.none_before_break")
        key = _setting("declarations.before_break", d.before_break)
        return _no("none-before-break", reason, "§4.3", key, "[002]")
    if bar == DeclarationBar.NO_FOURS:
        reason = Verdict("verdict.when.no_fours", {"decl": decl})
        key = _setting("declarations.before_break", d.before_break)
        return _no("no-fours", reason, "§4.3", key, "[000] rule 1")
    if bar == DeclarationBar.TURN_USED:
        earlier = next(r for r in m.this_turn if r.kind is not Kind.MARRIAGE)
        reason = Verdict("verdict.when.turn_used", {"earlier": earlier, "trick": m.trick})
        key = _setting("declarations.multiple", d.multiple)
        return _no("turn-used", reason, "§4.3", key, "[000][002]")
    turn = _one_turn(rules, decl, m)
    if turn is not None:
        return turn
    if m.asked is not None and d.challenge == "same-class" and forfeits(m.asked, decl):
        reason = Verdict("verdict.when.forfeit", {"asked": m.asked, "decl": decl})
        key = _setting("declarations.challenge", d.challenge)
        return _no("forfeit", reason, "§4.2", key, "[001]")
    shared = _shared(decl, m)
    if shared is not None:
        return shared
    runs = [r for r in m.declared if r.kind is Kind.SEQUENCE and r.suit == decl.suit]
    found = lowers(d.lowering, decl, runs)
    if found is not None:
        why = found[0]
        if d.lowering_penalty == "refuse":
            reason = Verdict("verdict.when.lowering_refused", {"why": why})
            key = _setting("declarations.lowering_penalty", d.lowering_penalty)
            return _no("lowering", reason, "§4.3", key, "[001]")
        reason = Verdict("verdict.when.lowering_priced", {"why": why, "value": -decl.points(rules)})
        key = _setting("declarations.lowering", d.lowering)
        return WhenVerdict(False, False, "lowering", reason, "§4.3, §6", key, "[000]")
    who = Verdict("verdict.when.by_leader" if d.when == "lead" else "verdict.when.by_either")
    the_last = Verdict("verdict.when.the_last") if m.trick == LAST_DECLARATION_TRICK else ""
    reason = Verdict(
        "verdict.when.yes", {"decl": decl, "trick": m.trick, "who": who, "last": the_last}
    )
    key = _setting("declarations.when", d.when)
    source = "[000][002]" if d.when == "lead" else "[001][003][004]"
    return WhenVerdict(True, False, "yes", reason, "§4.3", key, source)


def _one_turn(rules: Ruleset, decl: Declaration, m: Moment) -> WhenVerdict | None:
    """Several declarations in one turn (``declarations.multiple = true`` [000] variant): runs
    share no card, each is no higher than the one before it."""
    key = _setting("declarations.multiple", rules.declarations.multiple)
    for earlier in m.this_turn:
        if earlier.kind is Kind.MARRIAGE:
            continue
        both_runs = decl.kind is Kind.SEQUENCE and earlier.kind is Kind.SEQUENCE
        if both_runs and decl.cards() & earlier.cards():
            reason = Verdict("verdict.when.share", {"decl": decl, "other": earlier})
            return _no("share", reason, "§4.3", key, "[000]")
        if compare(earlier, decl, m.trump, rules).winner == "second":
            reason = Verdict("verdict.when.highest_first", {"decl": decl, "other": earlier})
            return _no("highest-first", reason, "§4.3", key, "[000]")
    return None


def _shared(decl: Declaration, m: Moment) -> WhenVerdict | None:
    """One deck (§4.3, [000] rule 5): no card in two players' declarations, but the trump
    7, which the exchange puts face up for the other player to draw (the face-up card itself
    ends in one hand)."""
    if m.trump is None:
        exempt = {Card(Rank.SEVEN, s) for s in Suit}
    else:
        exempt = {Card(Rank.SEVEN, m.trump)}
    for other in m.opponent:
        common = (decl.cards() & other.cards()) - exempt
        if common:
            cards = tuple(sorted(common, key=Card.sort_key))
            reason = Verdict(
                "verdict.when.one_deck", {"decl": decl, "other": other, "cards": cards}
            )
            return _no("one-deck", reason, "§4.3", None, "[000] rule 5")
    return None
