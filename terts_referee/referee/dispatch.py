"""The walk: ``replay`` applies the events in order, each to the judge of its type, and returns
the sheet. An event the rules forbid raises ``EventRefused``, or, in a what-if replay
(``strict=False``), is skipped with a notice; its partial effects are undone from a copy of what
one event can change (the last deal and the sheet's few running fields), so that skipping costs
the same at any length of game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..domain.events import Event
from ..domain.rules import Ruleset
from ..errors import RuleError
from ..i18n import pinned
from ..i18n.messages import t
from . import challenges, claims, deals, declaring, exchange, penalties, tricks
from .records import Sheet
from .state import State

JUDGES: dict[str, Callable[[State, Event], None]] = {
    "deal": deals.on_deal,
    "declare": declaring.on_declare,
    "challenge": challenges.on_challenge,
    "score": deals.on_score,
    "trick": tricks.on_trick,
    "exchange": exchange.on_exchange,
    "penalty": penalties.on_penalty,
    "claim": claims.on_claim,
    "ask": challenges.on_ask,
    "trump": deals.on_trump,
}


class EventRefused(RuleError):
    """An event the rules forbid at its moment; ``number`` is its position in the log."""

    def __init__(self, number: int, message: str):
        super().__init__(message)
        self.number = number


def apply(st: State, number: int, ev: Event) -> None:
    """Judge event ``number``; RuleError if the rules forbid it (the state may then be partly
    changed: see ``Undo``)."""
    st.number = number
    JUDGES[ev.type](st, ev)
    st.last_event = ev
    st.last_deal_event_deal = st.sheet.deals[-1] if st.sheet.deals else None


class Undo:
    """What one event can change, saved before it is judged: only the last deal is ever written
    (a new deal is appended after it; settling starts at the deal written) and the sheet's
    running fields. Restoring puts a copy of the last deal back in its place, so the cost of a
    skipped event does not grow with the game."""

    __slots__ = ("deals", "ending", "event", "event_deal", "last", "notices", "totals", "uphill")

    def __init__(self, st: State):
        import copy  # only what-if replays need it

        sheet = st.sheet
        last = sheet.deals[-1] if sheet.deals else None
        self.deals = len(sheet.deals)
        self.last = copy.deepcopy(last)  # the last deal as it was
        self.totals = dict(sheet.totals)
        self.uphill = dict(sheet.uphill)
        self.ending = (sheet.finished, sheet.winner, sheet.win_reason)
        self.notices = len(sheet.notices)
        self.event = st.last_event
        # the deal of the last event: the copy if it was the last deal, else it as it is
        deal = st.last_deal_event_deal
        self.event_deal = self.last if last is not None and deal is last else deal

    def restore(self, st: State) -> None:
        sheet = st.sheet
        del sheet.deals[self.deals :]
        if self.last is not None:
            sheet.deals[-1] = self.last
        sheet.totals = self.totals
        sheet.uphill = self.uphill
        sheet.finished, sheet.winner, sheet.win_reason = self.ending
        del sheet.notices[self.notices :]
        st.last_event = self.event
        st.last_deal_event_deal = self.event_deal


def replay(
    players: Sequence[str],
    events: Sequence[Event],
    rules: Ruleset,
    *,
    first_dealer: str | None = None,
    strict: bool = True,
) -> Sheet:
    """The score sheet for ``events`` under ``rules``; pure.

    Raises EventRefused for an event the rules forbid, unless ``strict`` is False, where the
    event is skipped and a notice names it.
    """
    with pinned():
        return _replay(players, events, rules, first_dealer, strict)


def _replay(
    players: Sequence[str],
    events: Sequence[Event],
    rules: Ruleset,
    first_dealer: str | None,
    strict: bool,
) -> Sheet:
    """``replay``, its messages in the language chosen once."""
    st = State.start(players, rules, first_dealer)
    for i, ev in enumerate(events, start=1):
        if strict:
            try:
                apply(st, i, ev)
            except RuleError as exc:
                raise EventRefused(i, str(exc)) from None
            continue
        undo = Undo(st)
        try:
            apply(st, i, ev)
        except RuleError as exc:
            undo.restore(st)
            st.sheet.skipped.append(i)
            st.sheet.notices.append(
                (i, t("notice.skipped", number=i, type=ev.type, rules=rules.name, reason=exc))
            )
    return st.sheet
