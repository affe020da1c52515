"""Penalties written by command (RULES §6, ``penalties.*``): the offences that lose the game,
a miscount, a false or late declaration and a lowering named by the players, an empty «Рост?»,
a kept trump seven, a renege; each priced per the ruleset. Offences proven by the cards are
found where they are proven (``false_declarations``, ``reneges``, ``exchange``).
"""

from __future__ import annotations

from ..domain.events import Penalty, PenaltyKind
from ..errors import RuleError
from ..i18n.messages import t
from .ending import check_winner, end_game
from .false_declarations import void_false
from .records import Deal, DeclRecord, PenaltyRecord, Status
from .reneges import apply_renege
from .scoring import settle
from .state import State


def on_penalty(st: State, ev: Penalty) -> None:
    """A penalty named by the players, priced per ``penalties.*``."""
    st.not_over()
    st.check_player(ev.player)
    deal = st.penalty_deal()
    kind = ev.kind
    pen = st.rules.penalties
    if kind.loses_game:
        deal.penalties.append(PenaltyRecord(st.number, ev.player, kind))
        settle(st, deal)
        end_game(st, st.other(ev.player), t("win.loses", player=ev.player, kind=kind.value))
        return
    if ev.points is not None and ev.points < 0:
        raise RuleError(t("err.penalty.negative", points=ev.points))
    limit = st.deal_points if kind is PenaltyKind.MISCOUNT else st.rules.game.target
    if ev.points is not None and ev.points > limit:
        raise RuleError(t("err.penalty.too_many", points=ev.points, kind=kind.value, limit=limit))
    if kind is PenaltyKind.MISCOUNT:
        if not ev.points:
            raise RuleError(t("err.penalty.miscount"))
        deal.penalties.append(
            PenaltyRecord(st.number, ev.player, kind, points=-ev.points, to_opponent=ev.points)
        )
    elif kind in (
        PenaltyKind.FALSE_DECLARATION,
        PenaltyKind.LATE_DECLARATION,
        PenaltyKind.LOWERING,
    ):
        group = target_declarations(st, deal, ev)
        if kind is PenaltyKind.FALSE_DECLARATION:
            void_false(st, deal, group, t("note.by_command"), auto=False)
        elif kind is PenaltyKind.LATE_DECLARATION:
            value = ev.points if ev.points is not None else sum(r.value for r in group)
            for r in group:
                r.status = Status.LATE
            deal.penalties.append(PenaltyRecord(st.number, ev.player, kind, uphill=value))
            st.sheet.uphill[ev.player] += value
        else:
            for r in group:
                r.status = Status.LOWERING
            if ev.points is not None:
                for r in group:
                    r.value = ev.points // len(group)
    elif kind is PenaltyKind.EMPTY_CHALLENGE:
        value = ev.points if ev.points is not None else pen.empty_challenge
        deal.penalties.append(PenaltyRecord(st.number, ev.player, kind, uphill=value))
        st.sheet.uphill[ev.player] += value
    elif kind is PenaltyKind.TRUMP_SEVEN:
        if not st.rules.exchange.mandatory:
            raise RuleError(t("err.penalty.trump_seven"))
        value = ev.points if ev.points is not None else pen.trump_seven
        deal.penalties.append(PenaltyRecord(st.number, ev.player, kind, uphill=value))
        st.sheet.uphill[ev.player] += value
    elif kind is PenaltyKind.RENEGE:
        deal.penalties.append(PenaltyRecord(st.number, ev.player, kind, note=t("note.by_command")))
        if deal.renege_by is None:
            deal.renege_by = ev.player
        apply_renege(st, deal)
    settle(st, deal)
    if deal.finished:
        check_winner(st, deal)


def target_declarations(st: State, deal: Deal, ev: Penalty) -> list[DeclRecord]:
    """The declarations a penalty names: the event given, or the player's latest."""
    mine = [
        r
        for r in deal.declarations
        if r.player == ev.player and r.status not in (Status.FALSE, Status.WITHDRAWN)
    ]
    if ev.target is not None:
        mine = [r for r in mine if r.event == ev.target]
        if not mine:
            raise RuleError(
                t(
                    "err.penalty.no_event",
                    event=ev.target,
                    player=ev.player,
                    deal=deal.number,
                )
            )
    elif not mine:
        raise RuleError(t("err.penalty.no_declaration", player=ev.player, deal=deal.number))
    latest = max(r.event for r in mine)
    return [r for r in mine if r.event == latest]
