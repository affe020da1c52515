"""Declaring (§4, §4.3): when a declaration may be made (``declaration_bar``, the one
place of the timing rules), the marriage's suit, several declarations in one turn, a declaration
written twice, lowering, and the ``declare`` event itself. Which declaration beats which is in
``terts_referee.domain.declarations``; a challenge is judged in ``challenges``.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from functools import cmp_to_key

from ..domain.cards import Card, Rank, Suit
from ..domain.declarations import Declaration, Kind, compare
from ..domain.events import Declare, PenaltyKind
from ..domain.rules import Ruleset
from ..domain.verdicts import Remedy, Verdict
from ..errors import RuleError
from .false_declarations import proven_false, void_false
from .records import (
    LAST_DECLARATION_TRICK,
    STANDING,
    AskRecord,
    Deal,
    DeclRecord,
    PenaltyRecord,
    Status,
)
from .scoring import settle
from .state import State


class DeclarationBar(StrEnum):
    """Why a declaration may not be made now (``declaration_bar``)."""

    LATE = "late"  # after the last 9-card moment: priced, not refused
    NOT_LEADER = "not-leader"
    NONE_BEFORE_BREAK = "none-before-break"
    NO_FOURS = "no-fours"
    TURN_USED = "turn-used"
    MARRIAGE_WRITTEN = "marriage-written"


def declaration_bar(
    rules: Ruleset, deal: Deal, player: str, kind: Kind, challenge: bool = False
) -> DeclarationBar | None:
    """Why ``player`` may not declare a ``kind`` before the next trick, or None (§4.3).

    The one place the timing rules live: ``late`` (after the last 9-card moment: an offence that
    is priced, not refused [000]), ``not-leader`` (``declarations.when = "lead"`` [000][002]),
    ``none-before-break`` / ``no-fours`` (``declarations.before_break`` [002] / [000]),
    ``turn-used`` (``declarations.multiple = false`` [000][002]), ``marriage-written`` (one trump
    marriage a deal). A quick deal times nothing. A challenge answers the declarer at his moment:
    ``when`` does not bind it, nor does it use up the challenger's turn.
    """
    if kind is Kind.MARRIAGE:
        written = any(
            r.decl.kind is Kind.MARRIAGE and r.status in STANDING for r in deal.declarations
        )
        return bar_at(rules, kind, deal.next_trick, True, False, written)
    if deal.quick:
        return None
    return bar_at(
        rules,
        kind,
        deal.next_trick,
        player == deal.leader,
        bool(deal.turn_declarations(player)),
        False,
        challenge,
    )


def bar_at(
    rules: Ruleset,
    kind: Kind,
    trick: int,
    leads: bool,
    turn_used: bool,
    marriage_written: bool,
    challenge: bool = False,
) -> DeclarationBar | None:
    """``declaration_bar`` at a moment told rather than read off a deal (``terts check when``
    asks it too): the next trick (1-16), whether the player leads it, whether he already
    declared before it, whether a trump marriage is written in the deal."""
    if kind is Kind.MARRIAGE:
        if marriage_written and rules.declarations.marriage == "trump":
            return DeclarationBar.MARRIAGE_WRITTEN
        return None
    if trick > LAST_DECLARATION_TRICK:
        return DeclarationBar.LATE
    if rules.declarations.when == "lead" and not leads and not challenge:
        return DeclarationBar.NOT_LEADER
    if trick == 1 and rules.declarations.before_break == "none":
        return DeclarationBar.NONE_BEFORE_BREAK
    if trick == 1 and rules.declarations.before_break == "sequences" and kind is Kind.FOUR:
        return DeclarationBar.NO_FOURS
    if not challenge and not rules.declarations.multiple and turn_used:
        return DeclarationBar.TURN_USED
    return None


def quick_remedy(deal: Deal) -> Remedy | None:
    """The open deal made quick (its declarations not timed), when no trick has been recorded
    yet: the deal event replaced by the same deal made quick, its trump and dealer kept."""
    if deal.tricks:
        return None
    fields: dict[str, object] = {}
    trump = deal.trump_card or (deal.trump.symbol if deal.trump else None)
    if trump:
        fields["trump"] = str(trump)
    if deal.named_dealer:
        fields["dealer"] = deal.dealer
    fields.update(quick=True, replace=deal.event)
    return Remedy("deal", fields)


CLASS_ORDER = ("terts", "fifty", "hundred", "jacks")


def forfeit_in_force(rules: Ruleset, deal: Deal, player: str) -> AskRecord | None:
    """The question that binds ``player`` now (§4.2 [001]): under ``same-class``, asked
    before the next trick. «В этом ходе», in that turn: a quick deal records no turns, so
    there it binds nothing (a quick deal never refuses a declaration for its moment, §4.3)."""
    if rules.declarations.challenge != "same-class" or deal.quick:
        return None
    ask = deal.asked.get(player)
    if ask is None or ask.trick is None or ask.trick != deal.next_trick:
        return None
    return ask


def higher_first(a: Declaration, b: Declaration, trump: Suit | None, rules: Ruleset) -> int:
    """The order of one event's declarations, the highest first as §4.1 ranks them (a sort's
    comparison): the marriage last (it is outside the order), two equal ones (both plain runs
    of one length and top, or a tie the unknown trump would decide) as they came."""
    if Kind.MARRIAGE in (a.kind, b.kind):
        return (a.kind is Kind.MARRIAGE) - (b.kind is Kind.MARRIAGE)
    try:
        ab = compare(a, b, trump, rules).winner
        ba = compare(b, a, trump, rules).winner
    except RuleError:
        return 0
    if ab == ba:  # "the one declared first" keeps it: no order between the two
        return 0
    return -1 if ab == "first" else 1


def forfeits(asked: Declaration, decl: Declaration) -> bool:
    """Whether having asked about ``asked`` bars ``decl`` in that turn (§4.2 [001]): a
    higher class (terts < fifty < hundred). Four jacks are the exception, here as in the
    challenge: [001] «может перебить все назначения, включая и козырный восьмерик» can only be
    true if they answer across classes (no declaration of their own value exists to beat), so
    the question that binds the asker to equal value leaves him his four jacks."""
    if decl.kind is Kind.MARRIAGE or decl.value_class == "jacks":
        return False
    return CLASS_ORDER.index(decl.value_class) > CLASS_ORDER.index(asked.value_class)


def forfeit(st: State, deal: Deal, player: str, combos: Sequence[Declaration]) -> None:
    """The asker's forfeit (§4.2, ``declarations.challenge = "same-class"`` [001]): having
    asked «От чего?», ``player`` may not declare a higher class in that turn (four jacks aside,
    see ``forfeits``)."""
    ask = forfeit_in_force(st.rules, deal, player)
    if ask is None:
        return
    for d in combos:
        if not forfeits(ask.about.decl, d):
            continue
        params = {
            "player": player,
            "decl": d,
            "about": ask.about.decl,
            "owner": ask.about.player,
            "event": ask.about.event,  # the declaration asked about
            "asked": ask.event,  # the question (or the challenge that implies it)
            "until": Verdict("err.forfeit.until_trick", {"trick": ask.trick}),
        }
        raise RuleError(Verdict("err.forfeit", params))


def one_deck_exempt(deal: Deal) -> set[Card]:
    """Cards that may stand in both players' declarations: the trump 7 alone (every 7 while
    the trump is not recorded). Given up in the exchange it lies face up and the other player
    may draw it; the face-up card itself ends in one hand, drawn last or taken in the exchange
    (§4.3, [000] rule 5)."""
    if deal.trump is None:
        return {Card(Rank.SEVEN, s) for s in Suit}
    return {Card(Rank.SEVEN, deal.trump)}


def one_deck(st: State, deal: Deal, player: str, combos: Sequence[Declaration]) -> None:
    """One deck (§4.3, [000] rule 5): ``player``'s declarations share no card with the
    opponent's standing ones; one of the two would be false."""
    exempt = one_deck_exempt(deal)
    opponent = deal.other(player)
    for d in combos:
        for r in deal.declarations:
            if r.player != opponent or r.status in (Status.FALSE, Status.WITHDRAWN, Status.REPEAT):
                continue
            shared = (d.cards() & r.decl.cards()) - exempt
            if shared:
                cards = tuple(sorted(shared, key=Card.sort_key))  # worded in the language
                params = {
                    "player": player,
                    "decl": d,
                    "cards": cards,
                    "other": opponent,
                    "earlier": r.decl,
                    "event": r.event,
                }
                # which of the two is false the shown cards tell: the players name it
                fields = {"player": None, "kind": "false-declaration", "event": None}
                raise RuleError(Verdict("err.one_deck", params, remedy=Remedy("penalty", fields)))


def implied_trump(st: State, deal: Deal, combos: Sequence[Declaration]) -> None:
    """A marriage of a suit in a deal without a recorded trump names the trump where only the
    trump marriage counts (``declarations.marriage = "trump"``)."""
    if deal.trump is not None or st.rules.declarations.marriage != "trump":
        return
    for d in combos:
        if d.kind is Kind.MARRIAGE and d.suit is not None:
            deal.trump = d.suit
            deal.trump_event = st.number
            st.notice(Verdict("notice.trump.marriage", {"decl": d, "suit": d.suit}), deal)
            return


def marriage_suit(st: State, deal: Deal, decl: Declaration) -> Declaration:
    """A marriage's suit (the trump when not named); refused when only trumps count."""
    if decl.kind is Kind.MARRIAGE and decl.suit is None:
        if deal.trump is None:
            remedy = Remedy("trump", {"trump": None})
            raise RuleError(Verdict("err.marriage.no_trump", remedy=remedy))
        return Declaration.marriage(deal.trump)
    if (
        decl.kind is Kind.MARRIAGE
        and deal.trump
        and decl.suit != deal.trump
        and st.rules.declarations.marriage == "trump"
    ):
        raise RuleError(Verdict("err.marriage.trump", {"suit": deal.trump}))
    return decl


def timing(
    st: State, deal: Deal, player: str, combos: Sequence[Declaration], challenge: bool = False
) -> DeclarationBar | None:
    """Refuse a declaration out of its moment (``declaration_bar``); "late" is returned, for
    the offence is priced, not refused."""
    k = deal.next_trick
    for d in combos:
        if d.kind is Kind.MARRIAGE:
            continue
        bar = declaration_bar(st.rules, deal, player, d.kind, challenge)
        if bar == DeclarationBar.LATE:
            return DeclarationBar.LATE
        if bar == DeclarationBar.NOT_LEADER:
            params = {"player": player, "trick": k, "leader": deal.leader}
            remedy = quick_remedy(deal)
            raise RuleError(Verdict("err.declare.not_leader", params, remedy=remedy))
        if bar == DeclarationBar.NONE_BEFORE_BREAK:
            remedy = quick_remedy(deal)
            raise RuleError(Verdict("err.declare.none_before_break", remedy=remedy))
    for d in combos:
        if (
            d.kind is Kind.FOUR
            and declaration_bar(st.rules, deal, player, d.kind, challenge)
            == DeclarationBar.NO_FOURS
        ):
            remedy = quick_remedy(deal)
            raise RuleError(Verdict("err.declare.no_fours", {"four": d}, remedy=remedy))
    return None


def late_price(st: State, value: int) -> int:
    """What a late declaration of ``value`` points costs uphill: ``penalties.late_uphill``, its
    value (house: [000] says only «запишут штраф») or a fixed number."""
    setting = st.rules.penalties.late_uphill
    return value if setting == "value" else int(setting)


HAND_SIZE = 9  # cards in each hand after the deal, and again after every draw [000][001]


def one_per_turn(st: State, deal: Deal, player: str, combos: Sequence[Declaration]) -> None:
    """Several declarations in one turn, in one command or several [000][002][004]."""
    non_marriage = [d for d in combos if d.kind is not Kind.MARRIAGE]
    marriages = [d for d in combos if d.kind is Kind.MARRIAGE]
    if len(marriages) > 1:
        raise RuleError(Verdict("err.declare.marriage_once"))
    held = frozenset().union(*(d.cards() for d in combos if d.kind is not Kind.MARRIAGE or d.suit))
    if len(held) > HAND_SIZE:  # what one command shows must fit in one hand
        raise RuleError(Verdict("err.declare.hand", {"n": len(held)}))
    multiple = st.rules.declarations.multiple
    if not multiple and len(non_marriage) > 1:
        raise RuleError(Verdict("err.declare.one_per_turn"))
    if multiple:
        runs = [d for d in non_marriage if d.kind is Kind.SEQUENCE]
        for i, a in enumerate(runs):
            for b in runs[i + 1 :]:
                if a.cards() & b.cards():
                    raise RuleError(Verdict("err.declare.share", {"a": a, "b": b}))
    if not non_marriage or deal.quick:
        return
    k = deal.next_trick
    earlier = deal.turn_declarations(player)
    if multiple:
        # One turn told in several commands: the same limits as in one [000][004].
        for r in earlier:
            for d in non_marriage:
                if d.kind is Kind.SEQUENCE and r.decl.kind is Kind.SEQUENCE:
                    if d.cards() & r.decl.cards():
                        raise RuleError(Verdict("err.declare.share", {"a": d, "b": r.decl}))
                if compare(r.decl, d, deal.trump, st.rules).winner == "second":
                    pair = {"a": d, "b": r.decl}
                    raise RuleError(Verdict("err.declare.highest_first", pair))
    elif earlier:  # declaration_bar's "turn-used"
        params = {"player": player, "decl": earlier[0].decl, "trick": k}
        remedy = quick_remedy(deal)
        raise RuleError(Verdict("err.declare.already", params, remedy=remedy))


#: What a declaration recorded earlier in the deal may be that makes the same one again a repeat:
#: it was written (scored, or priced as a lowering or as late). One burned is refused as burned;
#: one withdrawn was never announced; one proven false was not held.
RECORDED = (Status.SCORED, Status.LOWERING, Status.LATE)


def repeat_of(deal: Deal, player: str, decl: Declaration) -> DeclRecord | None:
    """The record of ``player``'s same combination already written in this deal, or None.

    The same combination recorded twice in one deal is a repeat, a typing slip, refused as
    already recorded: it is not a lowering (§4.3). The marriage has its own rule."""
    if decl.kind is Kind.MARRIAGE:
        return None
    for r in deal.declarations:
        if r.player == player and r.decl == decl and r.status in RECORDED:
            return r
    return None


def refuse_repeat(st: State, deal: Deal, player: str, decl: Declaration) -> DeclRecord | None:
    """Refuse ``decl`` when ``player`` already has it written in this deal, naming the event.

    A repeat already in the game file is judged as it was when it was recorded, but for the
    wrong verdict: where an earlier version priced it as a lowering (a run already scored, on
    time, lowering priced), it is read as the slip it was: the earlier record is returned and
    the repeat counts nothing (``Status.REPEAT``), so that the file still replays."""
    earlier = repeat_of(deal, player, decl)
    if earlier is not None and st.number <= st.recorded:
        priced_as_lowering = (
            decl.kind is Kind.SEQUENCE
            and earlier.status == Status.SCORED
            and st.rules.declarations.lowering != "allowed"
            and declaration_bar(st.rules, deal, player, decl.kind) != DeclarationBar.LATE
        )
        return earlier if priced_as_lowering else None
    if earlier is not None:
        params = {"player": player, "decl": decl, "event": earlier.event}
        raise RuleError(Verdict("err.declare.repeat", params))
    return None


def lowers(
    mode: str, decl: Declaration, earlier: Sequence[Declaration]
) -> tuple[Verdict, int] | None:
    """Why ``decl`` lowers one of ``earlier`` (runs of its suit already scored, in order) under
    ``declarations.lowering = mode`` (§4.3), and the index of that one; None if it does
    not. ``suit`` [000]: any run not higher than one scored in the suit; ``subset`` [001]: a run
    made only of the cards of scored ones, of one or of several together: it brings no new
    card (a newly drawn card opens new declarations)."""
    if mode == "allowed" or decl.kind is not Kind.SEQUENCE:
        return None
    covering: list[int] = []  # under ``subset``: the runs holding some of its cards
    for i, run in enumerate(earlier):
        if run.kind is not Kind.SEQUENCE or run.suit != decl.suit:
            continue
        assert run.rank is not None and run.suit is not None and decl.rank is not None  # runs
        if mode == "suit" and (run.length, run.rank.sequence_index) >= (
            decl.length,
            decl.rank.sequence_index,
        ):
            why = Verdict("note.lowering.suit", {"decl": decl, "earlier": run, "suit": run.suit})
            return why, i
        if mode == "subset" and decl.cards() <= run.cards():
            return Verdict("note.lowering.subset", {"decl": decl, "earlier": run}), i
        if mode == "subset" and decl.cards() & run.cards():
            covering.append(i)
    if len(covering) > 1 and decl.cards() <= frozenset().union(
        *(earlier[i].cards() for i in covering)
    ):
        runs = tuple(earlier[i] for i in covering)
        why = Verdict("note.lowering.subset_runs", {"decl": decl, "runs": runs})
        return why, covering[-1]
    return None


def lowering_of(
    st: State, deal: Deal, player: str, decl: Declaration
) -> tuple[Verdict, DeclRecord] | None:
    """Why ``decl`` lowers an earlier declaration of this suit (§4.3), and that one; None if
    it does not. Judged, never refused: a late declaration is priced as late, yet it is a
    lowering all the same, which a ``lowering`` penalty may then name (§6)."""
    if decl.kind is not Kind.SEQUENCE:
        return None
    # Under `multiple`, runs of one turn do not lower each other ([000]: terts from K♣ and
    # terts from 10♣ in one turn); a turn told in several commands counts as one.
    same_turn = deal.next_trick if st.rules.declarations.multiple and not deal.quick else None
    assert decl.suit is not None  # a run has a suit
    runs = deal.scored_records(player, decl.suit, same_turn)
    found = lowers(st.rules.declarations.lowering, decl, [r.decl for r in runs])
    if found is None:
        return None
    return found[0], runs[found[1]]


def lowering(st: State, deal: Deal, player: str, decl: Declaration) -> Verdict | None:
    """Why ``decl`` lowers an earlier declaration of this suit (§4.3), or None; refused
    where a lowering may not be declared (``declarations.lowering_penalty = "refuse"`` [001]),
    naming the earlier declaration."""
    found = lowering_of(st, deal, player, decl)
    if found is None:
        return None
    why, earlier = found
    if st.rules.declarations.lowering_penalty == "refuse":
        params = {
            "player": player,
            "decl": decl,
            "earlier": earlier.decl,
            "event": earlier.event,
            "why": why,
        }
        raise RuleError(Verdict("err.declare.lowering", params))
    return Verdict("note.lowering.costs", {"why": why})


def recorded_repeat(
    st: State, deal: Deal, ev: Declare, repeats: dict[Declaration, DeclRecord]
) -> None:
    """A repeat already in the game file: recorded, it counts nothing, and a notice says so."""
    trick = None if deal.quick else deal.next_trick
    for d, earlier in repeats.items():
        note = Verdict("note.repeat", {"event": earlier.event})
        rec = DeclRecord(st.number, ev.player, d, d.points(st.rules), Status.REPEAT, trick, note)
        deal.declarations.append(rec)
        params = {"player": ev.player, "decl": d, "event": earlier.event}
        st.notice(Verdict("notice.repeat", params), deal)
    settle(st, deal)


def on_declare(st: State, ev: Declare) -> None:
    """A declaration: refused out of its moment, priced when late, lowering or proven false."""
    st.not_over()
    st.check_player(ev.player)
    deal = st.open_deal("err.no_deal.declare")
    combos = [marriage_suit(st, deal, d) for d in ev.combos]
    if len(set(combos)) != len(combos):
        raise RuleError(Verdict("err.declare.twice"))
    repeats = {}
    for d in combos:
        if d in deal.burned[ev.player]:
            raise RuleError(Verdict("err.declare.burned", {"player": ev.player, "decl": d}))
        if d.kind is Kind.MARRIAGE and any(
            r.decl == d and r.status in STANDING for r in deal.declarations
        ):
            raise RuleError(Verdict("err.declare.marriage_written", {"decl": d}))
        earlier = refuse_repeat(st, deal, ev.player, d)
        if earlier is not None:
            repeats[d] = earlier
    if repeats and len(repeats) == len(combos):  # a recorded repeat: the slip it was
        recorded_repeat(st, deal, ev, repeats)
        return
    combos = [d for d in combos if d not in repeats]
    one_per_turn(st, deal, ev.player, combos)
    one_deck(st, deal, ev.player, combos)
    forfeit(st, deal, ev.player, combos)
    late = timing(st, deal, ev.player, combos)
    implied_trump(st, deal, combos)
    trick = None if deal.quick else deal.next_trick
    # Highest first: it is the one announced and contested first [000], and the one that
    # burns when it is beaten; highest as in §4.1, so of two runs of one length and top the
    # trump one (which a withdrawn lower one may be declared again, a burned one not).
    combos.sort(
        key=lambda d: (d.kind is not Kind.MARRIAGE, d.points(st.rules), d.sort_key()),
        reverse=True,
    )

    def order(a: Declaration, b: Declaration) -> int:
        return higher_first(a, b, deal.trump, st.rules)

    combos.sort(key=cmp_to_key(order))
    records = []
    for d in combos:
        rec = DeclRecord(st.number, ev.player, d, d.points(st.rules), trick=trick)
        if late and d.kind is not Kind.MARRIAGE:
            rec.charge(PenaltyKind.LATE_DECLARATION, st.number)
            found = lowering_of(st, deal, ev.player, d)
            rec.lowers = found[0] if found else None
        else:
            why = lowering(st, deal, ev.player, d)
            if why:
                rec.lowers = why
                rec.charge(PenaltyKind.LOWERING, st.number)
                rec.note = why
                params = {"player": ev.player, "why": why, "points": -rec.value}
                st.notice(Verdict("notice.lowering", params), deal)
        records.append(rec)
    deal.declarations.extend(records)
    if late:
        value = late_price(st, sum(r.value for r in records if r.status == Status.LATE))
        deal.penalties.append(
            PenaltyRecord(
                st.number,
                ev.player,
                PenaltyKind.LATE_DECLARATION,
                uphill=value,
                auto=True,
                note=Verdict(
                    "note.priced",
                    {
                        "why": Verdict("note.late", {"trick": deal.next_trick}),
                        "effect": st.effect(ev.player, uphill=value),
                    },
                ),
            )
        )
        st.sheet.uphill[ev.player] += value
        params = {"player": ev.player, "trick": LAST_DECLARATION_TRICK, "value": value}
        st.notice(Verdict("notice.late", params), deal)
    for rec in records:
        evidence = proven_false(deal, ev.player, rec.decl)
        # a late one proven false costs both: lying late is no cheaper than lying on time [000]
        if evidence and rec.status != Status.FALSE:
            void_false(st, deal, [rec], evidence, auto=True)
            break
    settle(st, deal)
