"""Penalties written by command (§6, ``penalties.*``): the offences that lose the game,
a miscount, a false or late declaration and a lowering named by the players, an empty «Рост?»,
a kept trump seven, a renege; each priced per the ruleset. Offences proven by the cards are
found where they are proven (``false_declarations``, ``reneges``, ``exchange``).
"""

from __future__ import annotations

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
    elif kind in DECLARATION_KINDS and void_already(st, deal, ev):
        return
    elif kind is PenaltyKind.FALSE_DECLARATION:
        group = [r for r in target_declarations(st, deal, ev) if r.status not in VOID]
        void_false(st, deal, group, by_command, auto=False)
    elif kind is PenaltyKind.LATE_DECLARATION:
        group = [r for r in target_declarations(st, deal, ev) if r.status not in VOID]
        value = ev.points if ev.points is not None else late_price(st, sum(r.value for r in group))
        for r in group:
            r.status = Status.LATE
        write(st, deal, PenaltyRecord(st.number, ev.player, kind, uphill=value))
    elif kind is PenaltyKind.LOWERING:
        group = [r for r in target_declarations(st, deal, ev) if r.status not in VOID]
        for r in group:
            r.status = Status.LOWERING
        if ev.points is not None:
            for r in group:
                r.value = ev.points // len(group)
        names = tuple(r.decl for r in group)
        points = -sum(r.value for r in group)
        params = {"player": ev.player, "names": names, "points": points}
        notice_penalty(st, deal, ev.player, kind, Verdict("note.effect.lowering", params))
    elif kind is PenaltyKind.EMPTY_CHALLENGE:
        asker_only(st, deal, ev.player)
        value = ev.points if ev.points is not None else pen.empty_challenge
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
    challenge). One already in the game file stands as it was recorded: files written before
    the question was an event of its own hold the penalty without it."""
    if player in deal.askers or st.number <= st.recorded:
        return
    other = deal.other(player)
    asked = deal.askers.get(other)
    tail: Verdict | str = ""
    if asked is not None:
        tail = Verdict("err.penalty.empty_challenge.other", {"other": other, "event": asked})
    params = {"player": player, "deal": deal.number, "other_asked": tail}
    raise RuleError(Verdict("err.penalty.empty_challenge", params))


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
        "kind": Verdict(f"pen.{kind.value}"),  # the offence's name (``i18n.vocabulary``)
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
#: A declaration that counts nothing already: found false, or a repeat read as the slip it was.
VOID = (Status.FALSE, Status.REPEAT)


def void_already(st: State, deal: Deal, ev: Penalty) -> bool:
    """The declaration a penalty names counts nothing already (the cards showed it false, a late
    one say, or it repeats an earlier one): the penalty changes nothing, and a notice says so.
    It names the one the players mean, never an earlier one instead."""
    group = target_declarations(st, deal, ev)
    if not all(r.status in VOID for r in group):
        return False
    names = tuple(r.decl for r in group)
    params = {"player": ev.player, "names": names, "event": group[0].event}
    st.notice(Verdict("notice.void.already", params), deal)
    return True


def target_declarations(st: State, deal: Deal, ev: Penalty) -> list[DeclRecord]:
    """The declarations a penalty names: the event given, or the player's latest (one that
    counts nothing already included: ``void_already``)."""
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
