"""Penalties written by command (§6, ``penalties.*``): the offences that lose the game,
a miscount, a false or late declaration and a lowering named by the players, an empty «Рост?»,
a kept trump seven, a renege; each priced per the ruleset. Offences proven by the cards are
found where they are proven (``false_declarations``, ``reneges``, ``exchange``).
"""

from __future__ import annotations

from ..domain.declarations import Declaration, Kind
from ..domain.events import Penalty, PenaltyKind
from ..domain.verdicts import Remedy, Verdict
from ..errors import RuleError
from .declaring import late_price
from .ending import check_winner, end_game
from .false_declarations import void_false
from .records import Deal, DeclRecord, PenaltyRecord, Status
from .reneges import apply_renege
from .scoring import settle
from .state import State

#: The source of each offence's price, said with what a penalty by command did (§6): the
#: tags alone, or a verdict where words go with them (an amount the house chose).
SOURCES: dict[PenaltyKind, str | Verdict] = {
    PenaltyKind.MISCOUNT: "[000][001][004]",
    PenaltyKind.EMPTY_CHALLENGE: Verdict("note.source.house_rule", {"tags": "[000]", "rule": 6}),
    PenaltyKind.LATE_DECLARATION: Verdict("note.source.house", {"tags": "[000]"}),
    PenaltyKind.TRUMP_SEVEN: Verdict("note.source.house", {"tags": "[000]"}),
    PenaltyKind.RENEGE: "house",
    PenaltyKind.LOWERING: "[000]",
}


def on_penalty(st: State, ev: Penalty) -> None:
    """A penalty named by the players, priced per ``penalties.*``; its note and a notice say what
    it did: who writes how many points, who goes how far uphill."""
    st.not_over()
    st.check_player(ev.player)
    deal = st.penalty_deal()
    kind = ev.kind
    pen = st.rules.penalties
    by_command = Verdict("note.by_command")
    if kind.loses_game:
        effect = Verdict("note.effect.loses_game", {"player": ev.player})
        note = Verdict("note.priced", {"why": by_command, "effect": effect})
        deal.penalties.append(PenaltyRecord(st.number, ev.player, kind, note=note))
        settle(st, deal)
        reason = Verdict("win.loses", {"player": ev.player, "kind": Verdict(f"pen.{kind.value}")})
        end_game(st, st.other(ev.player), reason)
        return
    if ev.combo is not None and kind is not PenaltyKind.FALSE_DECLARATION:
        raise RuleError(Verdict("err.penalty.combo_kind", {"kind": Verdict(f"pen.{kind.value}")}))
    if ev.points is not None and ev.points < 0:
        raise RuleError(Verdict("err.penalty.negative", {"points": ev.points}))
    limit = st.deal_points if kind is PenaltyKind.MISCOUNT else st.rules.game.target
    if ev.points is not None and ev.points > limit:
        params: dict[str, object] = {
            "points": ev.points,
            "kind": Verdict(f"pen.{kind.value}"),
            "limit": limit,
        }
        raise RuleError(Verdict("err.penalty.too_many", params))
    if kind is PenaltyKind.MISCOUNT:
        if not ev.points:
            fields = {"player": ev.player, "kind": kind.value, "points": None}
            raise RuleError(Verdict("err.penalty.miscount", remedy=Remedy("penalty", fields)))
        write(st, deal, PenaltyRecord(st.number, ev.player, kind, -ev.points, 0, ev.points))
    elif kind in DECLARATION_KINDS:
        declaration_penalty(st, deal, ev)
    elif kind is PenaltyKind.EMPTY_CHALLENGE:
        asker_only(st, deal, ev.player)
        value = ev.points if ev.points is not None else pen.empty_challenge
        deal.empty_charged[ev.player] = deal.empty_charged.get(ev.player, 0) + 1
        write(st, deal, PenaltyRecord(st.number, ev.player, kind, uphill=value))
    elif kind is PenaltyKind.TRUMP_SEVEN:
        if not st.rules.exchange.mandatory:
            raise RuleError(Verdict("err.penalty.trump_seven"))
        value = ev.points if ev.points is not None else pen.trump_seven
        write(st, deal, PenaltyRecord(st.number, ev.player, kind, uphill=value))
    elif kind is PenaltyKind.RENEGE:
        first = deal.renege_by is None
        if first:
            deal.renege_by = ev.player
        moves = first and pen.renege == "deal-to-opponent"
        effect = Verdict("notice.renege.deal" if moves else "notice.renege.flag")
        note = Verdict("note.priced", {"why": by_command, "effect": effect})
        deal.penalties.append(PenaltyRecord(st.number, ev.player, kind, note=note))
        notice_penalty(st, deal, ev.player, kind, effect)
        apply_renege(st, deal)
    settle(st, deal)
    if deal.finished:
        check_winner(st, deal)


def asker_only(st: State, deal: Deal, player: str) -> None:
    """The empty «Рост?» is the asker's offence ([000] rule 6, §4.2, §6): asking with
    nothing to show. Refused for a player who asked nothing in the deal (no question, no
    challenge), for one who showed he held a declaration (a challenge, or any declaration he
    wrote in the deal, that the cards did not prove false), and once each of his questions is
    charged: one question, one penalty. One already in the game file without any question
    stands as it was recorded: files written before the question was an event of its own hold
    the penalty without it."""
    questions = deal.questions.get(player, 0)
    if not questions and st.number > st.recorded:
        other = deal.other(player)
        asked = deal.askers.get(other)
        tail: Verdict | str = ""
        if asked is not None:
            tail = Verdict("err.penalty.empty_challenge.other", {"other": other, "event": asked})
        params = {"player": player, "deal": deal.number, "other_asked": tail}
        raise RuleError(Verdict("err.penalty.empty_challenge", params))
    for r in deal.declarations:
        # one named false by a penalty still showed a declaration at the table (it pays its
        # own penalty): so the two penalties add up in either order (§6)
        if r.player == player and not r.shown_false:
            held = {"player": player, "decl": r.decl, "event": r.event}
            raise RuleError(Verdict("err.penalty.empty_challenge.held", held))
    if questions and deal.empty_charged.get(player, 0) >= questions:
        charged = {"player": player, "deal": deal.number, "n": questions}
        raise RuleError(Verdict("err.penalty.empty_challenge.charged", charged))


def write(st: State, deal: Deal, rec: PenaltyRecord) -> None:
    """A penalty by command written: its uphill counted, its note and a notice saying what it
    did."""
    deal.penalties.append(rec)
    st.sheet.uphill[rec.player] += rec.uphill
    effect = st.effect(rec.player, rec.points, rec.uphill, rec.to_opponent)
    rec.note = Verdict("note.priced", {"why": Verdict("note.by_command"), "effect": effect})
    notice_penalty(st, deal, rec.player, rec.kind, effect)


def notice_penalty(st: State, deal: Deal, player: str, kind: PenaltyKind, effect: Verdict) -> None:
    params = {
        "player": player,
        "kind": Verdict(f"pen.{kind.value}"),  # the offence's name (``i18n.terms``)
        "effect": effect,
        "source": SOURCES[kind],
    }
    st.notice(Verdict("notice.penalty", params), deal)


#: The penalties by command that name a declaration (the event given, or the player's latest).
DECLARATION_KINDS = (
    PenaltyKind.FALSE_DECLARATION,
    PenaltyKind.LATE_DECLARATION,
    PenaltyKind.LOWERING,
)
#: The offences by command that name a declaration: what a second one of the same is called.
OFFENCE = {
    PenaltyKind.FALSE_DECLARATION: "pen.false-declaration",
    PenaltyKind.LATE_DECLARATION: "pen.late-declaration",
    PenaltyKind.LOWERING: "pen.lowering",
}


def declaration_penalty(st: State, deal: Deal, ev: Penalty) -> None:
    """A false declaration, a late one or a lowering named by the players (§6). Each names an
    offence that happened (a marriage is never late, a lowering lowers an earlier run), each
    is charged once on a declaration, and they add up: the sheet is the same in any order."""
    group = target_declarations(st, deal, ev)
    if all(r.status is Status.REPEAT for r in group):  # a slip an earlier version took
        names = tuple(r.decl for r in group)
        params = {"player": ev.player, "names": names, "event": group[0].event}
        st.notice(Verdict("notice.void.already", params), deal)
        return
    group = [r for r in group if r.status is not Status.REPEAT]
    event, kind = group[0].event, ev.kind
    if kind is PenaltyKind.FALSE_DECLARATION:
        group = named(st, deal, ev, group)
    elif kind is PenaltyKind.LATE_DECLARATION:
        group = [r for r in group if r.decl.kind is not Kind.MARRIAGE]
        if not group:  # a marriage may be declared at any time [000][002][003]
            params = {"player": ev.player, "event": event}
            raise RuleError(Verdict("err.penalty.late_marriage", params))
    else:
        lowering = [r for r in group if r.lowers is not None]
        if not lowering:
            names = tuple(r.decl for r in group)
            params = {"player": ev.player, "names": names, "event": event}
            raise RuleError(Verdict("err.penalty.not_lowering", params))
        group = lowering
    fresh = [r for r in group if r.charged_with(kind) is None]
    if not fresh:  # one offence, one penalty
        charged = group[0].charged_with(kind)
        params = {
            "player": ev.player,
            "names": tuple(r.decl for r in group),
            "event": group[0].event,
            "kind": Verdict(OFFENCE[kind]),
            "charged": charged,
        }
        raise RuleError(Verdict("err.penalty.charged", params))
    if kind is PenaltyKind.FALSE_DECLARATION:
        void_false(st, deal, fresh, Verdict("note.by_command"), auto=False)
    elif kind is PenaltyKind.LATE_DECLARATION:
        value = ev.points if ev.points is not None else late_price(st, sum(r.value for r in fresh))
        for r in fresh:
            r.charge(kind, st.number)
        write(st, deal, PenaltyRecord(st.number, ev.player, kind, uphill=value))
    else:
        for r in fresh:
            r.charge(kind, st.number)
            if ev.points is not None:
                r.lowering_cost = ev.points // len(fresh)
        names = tuple(r.decl for r in fresh)
        points = -sum(r.value if r.lowering_cost is None else r.lowering_cost for r in fresh)
        params = {"player": ev.player, "names": names, "points": points}
        notice_penalty(st, deal, ev.player, kind, Verdict("note.effect.lowering", params))


def named(st: State, deal: Deal, ev: Penalty, group: list[DeclRecord]) -> list[DeclRecord]:
    """The declaration a false-declaration penalty names (§6): ``combo`` of its event; an
    event of one combination needs none, one of several is refused without it, naming them.
    One already in the game file voids its whole event, as the referee that recorded it did."""
    names = tuple(r.decl for r in group)
    event = group[0].event
    if ev.combo is not None:
        combo = ev.combo
        if combo.kind is Kind.MARRIAGE and combo.suit is None and deal.trump is not None:
            combo = Declaration.marriage(deal.trump)
        chosen = [r for r in group if r.decl == combo]
        if not chosen:
            params = {"player": ev.player, "combo": combo, "event": event, "names": names}
            raise RuleError(Verdict("err.penalty.combo_not_in", params))
        return chosen
    if len(group) > 1 and st.number > st.recorded:
        fields = {"player": ev.player, "kind": ev.kind.value, "event": event, "combo": None}
        params = {"player": ev.player, "event": event, "names": names}
        remedy = Remedy("penalty", fields)
        raise RuleError(Verdict("err.penalty.combo_needed", params, remedy=remedy))
    return group


def target_declarations(st: State, deal: Deal, ev: Penalty) -> list[DeclRecord]:
    """The declarations a penalty names: the event given, or the player's latest (one that
    counts nothing already included: a penalty charges what it names, never an earlier one)."""
    mine = [r for r in deal.declarations if r.player == ev.player and r.status != Status.WITHDRAWN]
    if ev.target is not None:
        mine = [r for r in mine if r.event == ev.target]
        if not mine:
            params = {"event": ev.target, "player": ev.player, "deal": deal.number}
            raise RuleError(Verdict("err.penalty.no_event", params))
    elif not mine:
        params = {"player": ev.player, "deal": deal.number}
        raise RuleError(Verdict("err.penalty.no_declaration", params))
    latest = max(r.event for r in mine)
    return [r for r in mine if r.event == latest]
