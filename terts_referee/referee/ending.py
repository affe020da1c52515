"""The end of the game (§5, §6): the winner after a deal (his own target reached; both
over -> the last trick), and the game ended by a winner's name and reason. A claim, which also
ends it, is judged in ``claims``.
"""

from __future__ import annotations

from ..domain.verdicts import Verdict
from .records import Deal
from .state import State


def end_game(st: State, winner: str, reason: Verdict) -> None:
    """The game is over: ``winner`` wins for ``reason``."""
    st.sheet.finished = True
    st.sheet.winner = winner
    st.sheet.win_reason = reason
    st.notice(Verdict("notice.win", {"winner": winner, "reason": reason}))


def check_winner(st: State, deal: Deal) -> None:
    """After a deal: whoever reached his own target wins; both -> the last trick [000][002].

    Under ``game.deal_end_requires_trick`` [000] («для того, чтобы закончить игру необходимо
    взять хотя бы одну взятку») a player who took no trick in the deal, followed trick by trick,
    does not win by it: the game goes on. A quick deal records no tricks and is not so judged."""
    if st.sheet.finished:
        return
    targets = st.sheet.targets
    over = [p for p in st.players if st.sheet.totals[p] >= targets[p]]
    if st.rules.game.deal_end_requires_trick and not deal.quick and deal.tricks:
        for p in [p for p in over if not deal.tricks_taken(p)]:
            over.remove(p)
            params = {"player": p, "total": st.sheet.totals[p], "deal": deal.number}
            notice = Verdict("notice.win.no_trick", params)
            if notice not in deal.notices:  # said once, though a later penalty asks again
                st.notice(notice, deal)
    if len(over) == 1:
        p = over[0]
        params = {"total": st.sheet.totals[p], "target": targets[p], "deal": deal.number}
        end_game(st, p, Verdict("win.target", params))
    elif len(over) == 2 and deal.last_trick:
        p = deal.last_trick
        end_game(st, p, Verdict("win.both_over", {"deal": deal.number}))
