"""Declaring (RULES §4, §4.3): when a declaration may be made (``declaration_bar``, the one
place of the timing rules), the marriage's suit, several declarations in one turn, a declaration
written twice, lowering, and the ``declare`` event itself. Which declaration beats which is in
``terts_referee.domain.declarations``; a challenge is judged in ``challenges``.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from ..domain.cards import Card, Rank, Suit
from ..domain.declarations import Declaration, Kind, compare
from ..domain.events import Declare, PenaltyKind
from ..domain.rules import Ruleset
from ..errors import RuleError
from ..i18n.messages import shown, suit_word, t
from ..output.hints import hint
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
    """Why ``player`` may not declare a ``kind`` before the next trick, or None (RULES §4.3).

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
        if written and rules.declarations.marriage == "trump":
            return DeclarationBar.MARRIAGE_WRITTEN
        return None
    if deal.quick:
        return None
    k = deal.next_trick
    if k > LAST_DECLARATION_TRICK:
        return DeclarationBar.LATE
    if rules.declarations.when == "lead" and player != deal.leader and not challenge:
        return DeclarationBar.NOT_LEADER
    if k == 1 and rules.declarations.before_break == "none":
        return DeclarationBar.NONE_BEFORE_BREAK
    if k == 1 and rules.declarations.before_break == "sequences" and kind is Kind.FOUR:
        return DeclarationBar.NO_FOURS
    if not challenge and not rules.declarations.multiple and deal.turn_declarations(player):
        return DeclarationBar.TURN_USED
    return None


def quick_hint(deal: Deal) -> str:
    """A hint to make the open deal quick, when no trick has been recorded yet: the deal event
    replaced by the same deal made quick (its trump kept)."""
    if deal.tricks:
        return ""
    trump = deal.trump_card or (deal.trump.symbol if deal.trump else None)
    options = {
        "--trump": str(trump) if trump else None,
        "--dealer": deal.dealer if deal.named_dealer else None,
        "--quick": True,
        "--replace": str(deal.event),
    }
    return t("err.quick_hint", command=hint("deal", options=options))


CLASS_ORDER = ("terts", "fifty", "hundred", "jacks")


def forfeit_in_force(rules: Ruleset, deal: Deal, player: str) -> AskRecord | None:
    """The question that binds ``player`` now (RULES §4.2 [001]): under ``same-class``, asked
    before the next trick (trick by trick) or since the opponent's last declaration (quick)."""
    if rules.declarations.challenge != "same-class":
        return None
    ask = deal.asked.get(player)
    if ask is None or (ask.trick is not None and ask.trick != deal.next_trick):
        return None
    return ask


def forfeit(st: State, deal: Deal, player: str, combos: Sequence[Declaration]) -> None:
    """The asker's forfeit (RULES §4.2, ``declarations.challenge = "same-class"`` [001]): having
    asked «От чего?», ``player`` may not declare a higher class in that turn."""
    ask = forfeit_in_force(st.rules, deal, player)
    if ask is None:
        return
    asked = CLASS_ORDER.index(ask.about.decl.value_class)
    for d in combos:
        if d.kind is Kind.MARRIAGE or CLASS_ORDER.index(d.value_class) <= asked:
            continue
        until = "err.forfeit.until_trick" if ask.trick is not None else "err.forfeit.until_quick"
        raise RuleError(
            t(
                "err.forfeit",
                player=player,
                decl=shown(d),
                about=shown(ask.about.decl),
                owner=ask.about.player,
                event=ask.event,
                until=t(until, trick=ask.trick, other=deal.other(player)),
            )
        )


def one_deck_exempt(deal: Deal) -> set[Card]:
    """Cards that may stand in both players' declarations: the trump 7 and the face-up card,
    which change hands in the exchange (every 7 while the trump is not recorded)."""
    if deal.trump is None:
        return {Card(Rank.SEVEN, s) for s in Suit}
    exempt = {Card(Rank.SEVEN, deal.trump)}
    if deal.trump_card is not None:
        exempt.add(deal.trump_card)
    return exempt


def one_deck(st: State, deal: Deal, player: str, combos: Sequence[Declaration]) -> None:
    """One deck (RULES §4.3, [000] rule 5): ``player``'s declarations share no card with the
    opponent's standing ones; one of the two would be false."""
    exempt = one_deck_exempt(deal)
    opponent = deal.other(player)
    for d in combos:
        for r in deal.declarations:
            if r.player != opponent or r.status in (Status.FALSE, Status.WITHDRAWN):
                continue
            shared = (d.cards() & r.decl.cards()) - exempt
            if shared:
                cards = " ".join(str(c) for c in sorted(shared, key=Card.sort_key))
                raise RuleError(
                    t(
                        "err.one_deck",
                        player=player,
                        decl=shown(d),
                        cards=cards,
                        other=opponent,
                        earlier=shown(r.decl),
                        event=r.event,
                        command=hint("penalty", "P", "false-declaration", options={"--event": "N"}),
                    )
                )


def implied_trump(st: State, deal: Deal, combos: Sequence[Declaration]) -> None:
    """A marriage of a suit in a deal without a recorded trump names the trump where only the
    trump marriage counts (``declarations.marriage = "trump"``)."""
    if deal.trump is not None or st.rules.declarations.marriage != "trump":
        return
    for d in combos:
        if d.kind is Kind.MARRIAGE and d.suit is not None:
            deal.trump = d.suit
            deal.trump_event = st.number
            st.notice(t("notice.trump.marriage", decl=shown(d), suit=suit_word(d.suit)), deal)
            return


def marriage_suit(st: State, deal: Deal, decl: Declaration) -> Declaration:
    """A marriage's suit (the trump when not named); refused when only trumps count."""
    if decl.kind is Kind.MARRIAGE and decl.suit is None:
        if deal.trump is None:
            raise RuleError(t("err.marriage.no_trump", command=hint("trump", "SUIT")))
        return Declaration.marriage(deal.trump)
    if (
        decl.kind is Kind.MARRIAGE
        and deal.trump
        and decl.suit != deal.trump
        and st.rules.declarations.marriage == "trump"
    ):
        raise RuleError(t("err.marriage.trump", suit=suit_word(deal.trump)))
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
            raise RuleError(
                t("err.declare.not_leader", player=player, trick=k, leader=deal.leader)
                + quick_hint(deal)
            )
        if bar == DeclarationBar.NONE_BEFORE_BREAK:
            raise RuleError(t("err.declare.none_before_break") + quick_hint(deal))
    for d in combos:
        if (
            d.kind is Kind.FOUR
            and declaration_bar(st.rules, deal, player, d.kind, challenge)
            == DeclarationBar.NO_FOURS
        ):
            raise RuleError(t("err.declare.no_fours", four=shown(d)) + quick_hint(deal))
    return None


HAND_SIZE = 9  # cards in each hand after the deal, and again after every draw [000][001]


def one_per_turn(st: State, deal: Deal, player: str, combos: Sequence[Declaration]) -> None:
    """Several declarations in one turn, in one command or several [000][002][004]."""
    non_marriage = [d for d in combos if d.kind is not Kind.MARRIAGE]
    marriages = [d for d in combos if d.kind is Kind.MARRIAGE]
    if len(marriages) > 1:
        raise RuleError(t("err.declare.marriage_once"))
    held = frozenset().union(*(d.cards() for d in combos if d.kind is not Kind.MARRIAGE or d.suit))
    if len(held) > HAND_SIZE:  # what one command shows must fit in one hand
        raise RuleError(t("err.declare.hand", n=len(held)))
    multiple = st.rules.declarations.multiple
    if not multiple and len(non_marriage) > 1:
        raise RuleError(t("err.declare.one_per_turn"))
    if multiple:
        runs = [d for d in non_marriage if d.kind is Kind.SEQUENCE]
        for i, a in enumerate(runs):
            for b in runs[i + 1 :]:
                if a.cards() & b.cards():
                    raise RuleError(t("err.declare.share", a=shown(a), b=shown(b)))
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
                        raise RuleError(t("err.declare.share", a=shown(d), b=shown(r.decl)))
                if compare(r.decl, d, deal.trump, st.rules).winner == "second":
                    raise RuleError(t("err.declare.highest_first", a=shown(d), b=shown(r.decl)))
    elif earlier:  # declaration_bar's "turn-used"
        raise RuleError(
            t("err.declare.already", player=player, decl=shown(earlier[0].decl), trick=k)
            + quick_hint(deal)
        )


def written_again(st: State, deal: Deal, player: str, decl: Declaration) -> bool:
    """A declaration already scored in this deal scores once: declared again it is refused,
    except a run where lowering is priced, which then costs its value (RULES §4.3)."""
    if decl.kind is Kind.MARRIAGE:
        return False
    if decl.kind is Kind.SEQUENCE and st.rules.declarations.lowering != "allowed":
        return False
    return any(
        r.player == player and r.decl == decl and r.status == Status.SCORED
        for r in deal.declarations
    )


def lowering(st: State, deal: Deal, player: str, decl: Declaration) -> str | None:
    """Why ``decl`` lowers an earlier declaration of this suit (RULES §4.3), or None."""
    mode = st.rules.declarations.lowering
    if mode == "allowed" or decl.kind is not Kind.SEQUENCE:
        return None
    # Under `multiple`, runs of one turn do not lower each other ([000]: terts from K♣ and
    # terts from 10♣ in one turn); a turn told in several commands counts as one.
    same_turn = deal.next_trick if st.rules.declarations.multiple and not deal.quick else None
    assert decl.rank is not None and decl.suit is not None  # a run has both
    for earlier in deal.scored_runs(player, decl.suit, same_turn):
        assert earlier.rank is not None  # scored_runs yields runs
        if mode == "suit" and (earlier.length, earlier.rank.sequence_index) >= (
            decl.length,
            decl.rank.sequence_index,
        ):
            return t(
                "note.lowering.suit",
                decl=shown(decl),
                earlier=shown(earlier),
                suit=suit_word(decl.suit),
            )
        if mode == "subset" and decl.cards() <= earlier.cards():
            return t("note.lowering.subset", decl=shown(decl), earlier=shown(earlier))
    return None


def on_declare(st: State, ev: Declare) -> None:
    """A declaration: refused out of its moment, priced when late, lowering or proven false."""
    st.not_over()
    st.check_player(ev.player)
    deal = st.open_deal("err.no_deal.declare")
    combos = [marriage_suit(st, deal, d) for d in ev.combos]
    if len(set(combos)) != len(combos):
        raise RuleError(t("err.declare.twice"))
    for d in combos:
        if d in deal.burned[ev.player]:
            raise RuleError(t("err.declare.burned", player=ev.player, decl=shown(d)))
        if d.kind is Kind.MARRIAGE and any(
            r.decl == d and r.status in STANDING for r in deal.declarations
        ):
            raise RuleError(t("err.declare.marriage_written", decl=shown(d)))
        if written_again(st, deal, ev.player, d):
            raise RuleError(t("err.declare.written", player=ev.player, decl=shown(d)))
    one_per_turn(st, deal, ev.player, combos)
    one_deck(st, deal, ev.player, combos)
    forfeit(st, deal, ev.player, combos)
    late = timing(st, deal, ev.player, combos)
    implied_trump(st, deal, combos)
    if deal.quick:  # the other player's forfeit lasts until this declaration
        deal.asked.pop(deal.other(ev.player), None)
    trick = None if deal.quick else deal.next_trick
    # Highest first: it is the one announced and contested first [000].
    combos.sort(
        key=lambda d: (d.kind is not Kind.MARRIAGE, d.points(st.rules), d.sort_key()),
        reverse=True,
    )
    records = []
    for d in combos:
        rec = DeclRecord(st.number, ev.player, d, d.points(st.rules), trick=trick)
        if late and d.kind is not Kind.MARRIAGE:
            rec.status = Status.LATE
        else:
            why = lowering(st, deal, ev.player, d)
            if why:
                rec.status, rec.note = Status.LOWERING, why
                st.notice(t("notice.lowering", player=ev.player, why=why, points=-rec.value), deal)
        records.append(rec)
    deal.declarations.extend(records)
    if late:
        value = sum(r.value for r in records if r.status == Status.LATE)
        deal.penalties.append(
            PenaltyRecord(
                st.number,
                ev.player,
                PenaltyKind.LATE_DECLARATION,
                uphill=value,
                auto=True,
                note=t("note.late", trick=deal.next_trick),
            )
        )
        st.sheet.uphill[ev.player] += value
        st.notice(
            t("notice.late", player=ev.player, trick=LAST_DECLARATION_TRICK, value=value),
            deal,
        )
    for rec in records:
        evidence = proven_false(deal, ev.player, rec.decl)
        # late is one offence already
        if evidence and rec.status not in (Status.FALSE, Status.LATE):
            void_false(st, deal, [rec], f"{evidence}", auto=True)
            break
    settle(st, deal)
