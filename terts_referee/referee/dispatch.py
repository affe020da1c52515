"""The walk: ``replay`` applies the events in order, each to the judge of its type, and returns
the sheet. An event the rules forbid raises ``EventRefused``, or, in a what-if replay
(``strict=False``), is skipped with a notice; its partial effects are undone from what one event
can change (the last deal, saved by its structure, and the sheet's few running fields), so that
skipping costs the same at any length of game or deal.

An event already stored in the game file (``stored``) that the referee refuses is set aside in
the same way (``Sheet.set_aside``), with a notice: a referee that reads the rules better may
refuse what an earlier version took, and the file must still open (``walk``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..domain.events import Event
from ..domain.rules import Ruleset
from ..domain.verdicts import Verdict
from ..errors import RuleError
from . import challenges, claims, deals, declaring, exchange, penalties, tricks
from .records import MAX_DEAL_DECLARATIONS, Sheet
from .state import State

# Each judge takes the one event class its key names (``on_deal`` a DealEvent, ...): a pairing a
# dict's type cannot state, so the event parameter is typed Any here and exactly in each judge.
JUDGES: dict[str, Callable[[State, Any], None]] = {
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
    "note": deals.on_note,
}


class EventRefused(RuleError):
    """An event the rules forbid at its moment; ``number`` is its position in the log."""

    def __init__(self, number: int, verdict: Verdict):
        super().__init__(verdict)
        self.number = number


def apply(st: State, number: int, ev: Event) -> None:
    """Judge event ``number``; RuleError if the rules forbid it (the state may then be partly
    changed: see ``Undo``)."""
    st.number = number
    if ev.type in ("declare", "challenge"):
        _room_for_declarations(st)
    JUDGES[ev.type](st, ev)
    st.last_event, st.last_number = ev, number
    st.last_deal_event_deal = st.sheet.deals[-1] if st.sheet.deals else None


def _room_for_declarations(st: State) -> None:
    """A deal holds at most MAX_DEAL_DECLARATIONS declarations: a real one has a few (each is
    judged against those before it, so a deal of thousands would take minutes to replay).
    Refused when recorded; in a game file past it, the declarations past it are set aside."""
    deal = st.sheet.current
    if deal is not None and len(deal.declarations) >= MAX_DEAL_DECLARATIONS:
        params = {"deal": deal.number, "number": st.number, "most": MAX_DEAL_DECLARATIONS}
        raise RuleError(Verdict("err.deal.declarations", params))


class Undo:
    """What one event can change, saved before it is judged: only the last deal is ever written
    (a new deal is appended after it; settling starts at the deal written) and the sheet's
    running fields. The last deal is saved by its structure, not copied deeply: its fields,
    its tables and its lists of declarations and tricks (copied by the C loop of ``list`` and
    ``dict``: a pointer each), the fields of those records, which a later event may change (a
    deal holds at most MAX_DEAL_DECLARATIONS of the one and 16 of the other), and the length
    of its penalties and notices, only ever appended to (``APPENDED``). So a skipped event
    costs the same at any length of the deal, where a deep copy of the deal before every event
    made a deal of 1,000 events take 11 s."""

    __slots__ = (
        "deals",
        "ending",
        "event",
        "event_deal",
        "event_number",
        "fields",
        "last",
        "notices",
        "records",
        "tables",
        "totals",
        "uphill",
    )

    def __init__(self, st: State):
        sheet = st.sheet
        last = sheet.deals[-1] if sheet.deals else None
        self.deals = list(sheet.deals)
        self.last = last
        if last is not None:
            self.fields = dict(vars(last))
            self.tables = [
                (value, _list_copy(name, value) if isinstance(value, list) else _table_copy(value))
                for name, value in self.fields.items()
                if isinstance(value, (list, dict))
            ]
            self.records = [(r, dict(vars(r))) for r in (*last.declarations, *last.tricks)]
        self.totals = dict(sheet.totals)
        self.uphill = dict(sheet.uphill)
        self.ending = (sheet.finished, sheet.winner, sheet.win_reason)
        self.notices = len(sheet.notices)
        self.event = st.last_event
        self.event_number = st.last_number
        self.event_deal = st.last_deal_event_deal

    def restore(self, st: State) -> None:
        sheet = st.sheet
        sheet.deals[:] = self.deals
        last = self.last
        if last is not None:
            state = vars(last)
            state.clear()
            state.update(self.fields)
            for value, saved in self.tables:
                if isinstance(saved, int):  # only ever appended to: cut back
                    del value[saved:]
                elif isinstance(value, list):
                    value[:] = saved
                else:
                    value.clear()
                    value.update(saved)
            for record, fields in self.records:
                state = vars(record)
                state.clear()
                state.update(fields)
        sheet.totals = self.totals
        sheet.uphill = self.uphill
        sheet.finished, sheet.winner, sheet.win_reason = self.ending
        del sheet.notices[self.notices :]
        st.last_event, st.last_number = self.event, self.event_number
        st.last_deal_event_deal = self.event_deal


#: The deal's lists that judges only ever append to, of records never changed once written:
#: saved by their length (a deal may hold thousands of penalties).
APPENDED = frozenset({"penalties", "notices", "notes"})


def _list_copy(name: str, items: list[Any]) -> list[Any] | int:
    return len(items) if name in APPENDED else list(items)


def _table_copy(table: dict[str, Any]) -> dict[str, Any]:
    """A deal's table as it is: its values copied one level down where they are sets (the
    declarations burned, by player), as they are otherwise (numbers, records)."""
    return {k: set(v) if isinstance(v, set) else v for k, v in table.items()}


def replay(
    players: Sequence[str],
    events: Sequence[Event],
    rules: Ruleset,
    *,
    first_dealer: str | None = None,
    strict: bool = True,
    recorded: int = 0,
    stored: int = 0,
) -> Sheet:
    """The score sheet for ``events`` under ``rules``; pure.

    Raises EventRefused for an event the rules forbid, unless ``strict`` is False, where the
    event is skipped and a notice names it. The first ``recorded`` events are already in the
    game file (``State.recorded``); the rest are judged as new. Of the first ``stored`` events,
    one the rules forbid is set aside (``walk``) instead of raising.
    """
    if strict:
        return walk(players, events, rules, first_dealer, recorded, stored).sheet
    return _replay(players, events, rules, first_dealer, recorded)


def walk(
    players: Sequence[str],
    events: Sequence[Event],
    rules: Ruleset,
    first_dealer: str | None,
    recorded: int = 0,
    stored: int = 0,
) -> State:
    """The state after judging ``events`` strictly, but for the first ``stored``: one of those
    the rules forbid is set aside, not applied, and a notice at it says why and what can be
    done (the walk goes on with the next event); a later one raises EventRefused.

    A game file is its events, and the referee's reading of the rules improves: an event an
    earlier version took may no longer hold (a game now won earlier, a claim now short). The
    file must still open, its other events count, and the player decides (drop it, or correct
    an event before it). A walk with nothing to set aside saves no ``Undo``: at the first
    refusal the events before it are walked again (they stood) and each one after is saved."""
    st = State.start(players, rules, first_dealer)
    st.recorded = recorded
    for i, ev in enumerate(events, start=1):
        try:
            apply(st, i, ev)
        except RuleError as exc:
            if i > stored:
                raise EventRefused(i, exc.verdict) from None
            break
    else:
        return st
    # event i was refused, the state partly changed by it: walk again to it, saving from there
    st = State.start(players, rules, first_dealer)
    st.recorded = recorded
    for j in range(1, i):
        apply(st, j, events[j - 1])
    for j in range(i, len(events) + 1):
        ev = events[j - 1]
        undo = Undo(st) if j <= stored else None
        try:
            apply(st, j, ev)
        except RuleError as exc:
            if undo is None:
                raise EventRefused(j, exc.verdict) from None
            undo.restore(st)
            st.set_aside(j, exc.verdict)
    return st


def _replay(
    players: Sequence[str],
    events: Sequence[Event],
    rules: Ruleset,
    first_dealer: str | None,
    recorded: int = 0,
) -> Sheet:
    """A what-if ``replay`` (not strict)."""
    st = State.start(players, rules, first_dealer)
    st.recorded = recorded
    for i, ev in enumerate(events, start=1):
        undo = Undo(st)
        try:
            apply(st, i, ev)
        except RuleError as exc:
            undo.restore(st)
            st.sheet.skipped.append(i)
            params = {"number": i, "type": ev.type, "rules": rules.name, "reason": exc.verdict}
            st.sheet.notices.append((i, Verdict("notice.skipped", params)))
    return st.sheet
