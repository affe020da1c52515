"""Corrections of past events: replace, insert before, or drop any event.

History is never rewritten in place: corrections are recorded beside what they replace. The game
file keeps two append-only lists: the journal of recorded events (``[[events]]``, in the order they
were entered) and the trail of corrections (``[[corrections]]``). A correction says what it did
(``action``), to which effective event (``number``, counted from 1 in the effective list as it stood
then), the event it put in (``new``) and the one it took out (``old``), when (``at``), and how many
journal events had been recorded when it was made (``after``). The effective event list, the one the
referee replays, is the deterministic fold of the two lists (``effective``): journal events are
appended in order, and each correction is applied once the journal has reached its ``after``.

Event numbers written inside events (a false-declaration penalty's ``event``) follow the list
they live in: an insert moves the references to the events it pushes down, a drop those after
it. A stored ``new`` is written in the numbering after its correction.

Times: an effective event keeps the time at the table it stands for. A replacement keeps the
time of the event it replaces; an inserted event takes the time of the event before it (else
the game's start), so that deals keep their start and end. When a correction was entered is its
own ``at``, in the trail.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from datetime import datetime
from enum import StrEnum
from typing import TYPE_CHECKING, Any, NamedTuple

from ..domain.events import DealEvent, Event, Penalty, event_from_dict
from ..domain.verdicts import Verdict
from ..errors import GameFileError, NotationError, RuleError
from ..referee import EventRefused, replay

if TYPE_CHECKING:
    from typing import Protocol

    from ..domain.rules import Ruleset
    from ..referee import Sheet

    class Corrected(Protocol):
        """What a correction reads and changes of a game (``Game``)."""

        players: tuple[str, str]
        rules: Ruleset
        first_dealer: str | None
        started: datetime | None
        events: list[Event]
        times: list[datetime | None]
        journal: list[Event]
        corrections: list[Correction]

        def sheet(self) -> Sheet: ...

        def time_of(self, number: int) -> datetime | None: ...


__all__ = [
    "Action",
    "Change",
    "Correction",
    "CorrectionRefused",
    "correct",
    "DealChange",
    "effective",
    "event_label",
    "origins",
    "renumber",
    "sheet_change",
]


class Action(StrEnum):
    """What a correction does; the value is the word in the game file and in JSON."""

    def __repr__(self) -> str:  # as it is written in Python (``Suit.HEARTS``), not <...: ...>
        return f"{type(self).__name__}.{self.name}"

    REPLACE = "replace"  # --replace N: the new event takes the place of event N
    INSERT = "insert"  # --before N: the new event goes before event N
    DROP = "drop"  # drop N (undo: drop of the latest)


class CorrectionRefused(RuleError):
    """A correction the rules refuse: its own event, or a later event that no longer holds.

    ``number`` is the event that breaks, counted as in the log before the correction (None
    when the correction's own event is refused).
    """

    def __init__(self, verdict: Verdict, number: int | None = None):
        super().__init__(verdict)
        self.number = number


TRAIL_KEYS = ("action", "number", "after", "at", "old", "new")
"""A trail entry's keys in the file. (Beside ``Correction``, not in it: in a NamedTuple's body
a type checker takes every assignment for a field.)"""


class Correction(NamedTuple):
    """One entry of the trail; ``old``/``new`` are None where the action has none. (A
    NamedTuple, like the events: cheap to define at start-up.)"""

    action: Action
    number: int
    after: int
    old: Event | None = None
    new: Event | None = None
    at: datetime | None = None
    old_at: datetime | None = None  # when the removed or replaced event had been entered

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"action": self.action.value, "number": self.number}
        d["after"] = self.after
        if self.at is not None:
            d["at"] = self.at
        if self.old is not None:
            d["old"] = self.old.to_dict()
            if self.old_at is not None:
                d["old"]["at"] = self.old_at
        if self.new is not None:
            d["new"] = self.new.to_dict()
        return d

    @classmethod
    def from_dict(
        cls,
        d: Any,
        index: int,
        players: tuple[str, ...] | None = None,
        origin: str | Verdict | None = None,
    ) -> Correction:
        """Rebuild a trail entry; raises GameFileError when it is malformed. Its events are
        checked as ``events.event_from_dict`` checks any, at the number they stand at."""
        try:
            action = Action(d["action"])
            number, after = d["number"], d["after"]
            if not all(isinstance(n, int) and not isinstance(n, bool) for n in (number, after)):
                raise TypeError("number and after must be integers")
            if number < 1 or after < 0:
                raise ValueError("number from 1, after from 0")
            if not set(d) <= set(TRAIL_KEYS):
                raise ValueError(f"unknown keys {sorted(set(d) - set(TRAIL_KEYS))}")
            old = _event(d.get("old"), number, players, origin)
            new = _event(d.get("new"), number, players, origin)
            if (new is None) != (action is Action.DROP):
                raise ValueError(f"a {action.value} needs {'no' if new else 'a'} new event")
            at = d.get("at")
            if at is not None and not isinstance(at, datetime):
                raise TypeError("at must be a date-time")
            old_at = d["old"].get("at") if isinstance(d.get("old"), dict) else None
        except (KeyError, TypeError, ValueError) as exc:  # Python's own words: what is wrong
            params = {"number": index, "reason": str(exc)}
            raise GameFileError(Verdict("store.correction_malformed", params)) from None
        except GameFileError as exc:
            params = {"number": index, "reason": exc.verdict}
            raise GameFileError(Verdict("store.correction_malformed", params)) from None
        return cls(action, number, after, old, new, at, old_at)


def _event(
    data: Any, number: int, players: tuple[str, ...] | None, origin: str | Verdict | None
) -> Event | None:
    if data is None:
        return None
    if not isinstance(data, dict):
        raise TypeError("an event is a table")
    return event_from_dict(data, number, players, origin)


# --- the fold ---------------------------------------------------------------------------------


def renumber(event: Event, at: int, by: int) -> Event:
    """``event`` with its reference to an event number ``>= at`` moved by ``by`` (a penalty's
    ``event``); any other event as it is."""
    if isinstance(event, Penalty) and event.target is not None and event.target >= at:
        return event._replace(target=event.target + by)
    return event


def apply_correction(
    events: list[Event],
    times: list[datetime | None],
    c: Correction,
    started: datetime | None = None,
) -> None:
    """Apply one correction to the effective lists in place; raises IndexError when its number
    is not in the list (a damaged trail)."""
    i = c.number - 1
    n = len(events)
    if c.action is Action.REPLACE:
        if not 0 <= i < n:
            raise IndexError(c.number)
        assert c.new is not None  # a replace has its new event (Correction.from_dict)
        events[i] = c.new
    elif c.action is Action.INSERT:
        if not 0 <= i <= n:
            raise IndexError(c.number)
        assert c.new is not None  # an insert has its new event (Correction.from_dict)
        for j in range(i, n):
            events[j] = renumber(events[j], c.number, 1)
        events.insert(i, c.new)
        times.insert(i, times[i - 1] if i > 0 else started)
    else:
        if not 0 <= i < n:
            raise IndexError(c.number)
        del events[i]
        del times[i]
        for j in range(i, n - 1):
            events[j] = renumber(events[j], c.number + 1, -1)


def appended_at(entered: int, corrections: list[Correction]) -> list[int]:
    """The number each of the first ``entered`` recorded events took in the effective list when
    it was appended (the corrections made before it moved it)."""
    size, k, numbers = 0, 0, []
    for j in range(entered):
        while k < len(corrections) and corrections[k].after <= j:
            size += {Action.INSERT: 1, Action.DROP: -1}.get(corrections[k].action, 0)
            k += 1
        size += 1
        numbers.append(max(size, 1))
    return numbers


def effective(
    journal: list[Event],
    journal_times: list[datetime | None],
    corrections: list[Correction],
    started: datetime | None = None,
) -> tuple[list[Event], list[datetime | None]]:
    """The effective events and their times: the journal with the trail applied in order.

    Raises GameFileError when the trail does not fit the journal (a damaged file).
    """
    events: list[Event] = []
    times: list[datetime | None] = []
    pending = iter(enumerate(corrections, start=1))
    upcoming = next(pending, None)
    for j in range(len(journal) + 1):
        while upcoming is not None and upcoming[1].after == j:
            index, c = upcoming
            try:
                apply_correction(events, times, c, started)
            except IndexError:
                params = {"number": index, "event": c.number, "n": len(events)}
                raise GameFileError(Verdict("store.correction_range", params)) from None
            upcoming = next(pending, None)
        if j < len(journal):
            events.append(journal[j])
            times.append(journal_times[j] if j < len(journal_times) else None)
    if upcoming is not None:  # ``after`` out of order or beyond the journal
        index, c = upcoming
        params = {"number": index, "after": c.after, "n": len(journal)}
        raise GameFileError(Verdict("store.correction_after", params))
    return events, times


def origins(entered: int, corrections: list[Correction]) -> list[int]:
    """For each effective event, the correction (counted from 1) that put it in; 0 for an event
    as it was entered. ``entered`` is the number of journal events. The same fold as
    ``effective``, over tags instead of events."""
    # The tags (ints) stand where the events stand: ``renumber`` leaves anything but a penalty
    # as it is, so the fold is the same. It is typed for events, hence the three ignores.
    tagged = [
        Correction(c.action, c.number, c.after, None, k if c.new is not None else None)  # type: ignore[arg-type]
        for k, c in enumerate(corrections, start=1)
    ]
    tags, _ = effective([0] * entered, [None] * entered, tagged)  # type: ignore[list-item]
    return tags  # type: ignore[return-value]


# --- judging a correction ---------------------------------------------------------------------


EVENT_NAMES = {
    "deal": "name.event.deal",
    "declare": "name.event.declare",
    "challenge": "name.event.challenge",
    "score": "name.event.score",
    "trick": "name.event.trick",
    "exchange": "name.event.exchange",
    "penalty": "name.event.penalty",
    "claim": "name.event.claim",
    "ask": "name.event.ask",
    "note": "name.event.note",
    "trump": "name.event.trump",
}
"""An event type's name in a refusal; a type not listed here is named by its word."""

RANGE = {
    Action.REPLACE: "err.fix.range.replace",
    Action.INSERT: "err.fix.range.insert",
    Action.DROP: "err.fix.range.drop",
}
OWN = {Action.REPLACE: "err.fix.own.replace", Action.INSERT: "err.fix.own.insert"}


def event_label(number: int, event: Event) -> Verdict:
    """How a refusal names an event: "event 9, Боря's challenge"."""
    player = getattr(event, "player", None) or getattr(event, "by", None)
    kind = Verdict(EVENT_NAMES[event.type]) if event.type in EVENT_NAMES else event.type
    if player:
        return Verdict("err.fix.label_player", {"n": number, "p": player, "kind": kind})
    return Verdict("err.fix.label", {"n": number, "kind": kind})


def check_number(action: Action, number: int, count: int) -> None:
    """Refuse a number with no event (insert: 1..count as well; nothing to append to)."""
    if count == 0:
        raise NotationError(Verdict("err.fix.empty"))
    if not 1 <= number <= count:
        raise NotationError(Verdict(RANGE[action], {"number": number, "n": count}))


def opening_with_events(
    events: list[Event], number: int, set_aside: Collection[int] = ()
) -> int | None:
    """When event ``number`` opens a deal that has events after it, the last of them. A deal
    event set aside whose events are all set aside too is no deal on the sheet: None."""
    if not isinstance(events[number - 1], DealEvent):
        return None
    last = number
    while last < len(events) and not isinstance(events[last], DealEvent):
        last += 1
    if all(n in set_aside for n in range(number, last + 1)):
        return None
    return last if last > number else None


def dropped_reference(events: list[Event], number: int) -> int | None:
    """The first later event that names event ``number`` (a penalty's ``event``)."""
    for i in range(number, len(events)):
        ev = events[i]
        if isinstance(ev, Penalty) and ev.target == number:
            return i + 1
    return None


def judged_again(
    c: Correction, before: Collection[int], after: Mapping[int, Verdict]
) -> tuple[int, ...] | EventRefused:
    """What correction ``c`` does to the stored events the referee sets aside: ``before`` it
    and ``after`` it (each in its own numbering; ``after`` gives each one's reason). The
    refusal (numbered after ``c``) when its own event, or an event that stood before, is set
    aside after it; else the events set aside before that stand after it (numbered after
    ``c``; its own event is none of them).

    A correction is refused only for what it breaks: an event already set aside (a file of an
    earlier version that the referee now reads better) does not block it, and may stand again."""
    drop, insert = c.action is Action.DROP, c.action is Action.INSERT

    def was(n: int) -> int | None:  # event ``n`` after the correction, numbered before it
        if n == c.number and not drop:
            return None  # the correction's own event
        return n - 1 if insert and n > c.number else n + 1 if drop and n >= c.number else n

    def now(n: int) -> int | None:  # event ``n`` before the correction, numbered after it
        if n == c.number and not insert:
            return None  # replaced or dropped
        return n + 1 if insert and n >= c.number else n - 1 if drop and n > c.number else n

    for n in sorted(after):
        old = was(n)
        if old is None or old not in before:
            return EventRefused(n, after[n])
    return tuple(sorted(m for m in map(now, before) if m is not None and m not in after))


# --- what changed on the sheet ----------------------------------------------------------------


class DealChange(NamedTuple):
    """A deal whose points or running totals differ; None for a side where it is absent."""

    number: int
    points_before: dict[str, int] | None
    points_after: dict[str, int] | None
    totals_before: dict[str, int] | None
    totals_after: dict[str, int] | None


class Change(NamedTuple):
    """What a correction changed on the sheet."""

    deals: list[DealChange]
    totals_before: dict[str, int]
    totals_after: dict[str, int]
    winner_before: str | None
    winner_after: str | None
    # stored events the referee had set aside that stand after the correction (its numbers)
    stands_again: tuple[int, ...] = ()

    @property
    def winner_changed(self) -> bool:
        return self.winner_before != self.winner_after

    def to_json(self) -> dict[str, Any]:
        return {
            "deals": [
                {
                    "number": d.number,
                    "points": {"before": d.points_before, "after": d.points_after},
                    "totals": {"before": d.totals_before, "after": d.totals_after},
                }
                for d in self.deals
            ],
            "totals": {"before": self.totals_before, "after": self.totals_after},
            "winner": {"before": self.winner_before, "after": self.winner_after},
            "stands_again": list(self.stands_again),
        }


def sheet_change(before: Sheet, after: Sheet) -> Change:
    """Compare two sheets (``replay`` results) deal by deal."""
    old = {d.number: d for d in before.deals}
    new = {d.number: d for d in after.deals}
    deals: list[DealChange] = []
    for number in sorted(old.keys() | new.keys()):
        a, b = old.get(number), new.get(number)
        pa = dict(a.points) if a else None
        pb = dict(b.points) if b else None
        ta = dict(a.totals) if a else None
        tb = dict(b.totals) if b else None
        if pa != pb or ta != tb:
            deals.append(DealChange(number, pa, pb, ta, tb))
    return Change(deals, dict(before.totals), dict(after.totals), before.winner, after.winner)


# --- a correction made ------------------------------------------------------------------------


def correct(
    game: Corrected, action: Action | str, number: int, event: Event | None, at: datetime
) -> tuple[Correction, Change, Sheet]:
    """``Game.correct``: the correction made at ``at`` appended to ``game``'s trail and its
    effective events and times changed, if the correction's own event and every later event
    still hold; else CorrectionRefused (NotationError for a number with no event), ``game``
    unchanged. Returns the trail entry, what changed on the sheet and the new sheet."""
    action = Action(action)
    check_number(action, number, len(game.events))
    before = game.sheet()
    if (event is None) != (action is Action.DROP):
        raise ValueError("a drop takes no event; a replace or an insert takes one")
    if action is Action.INSERT:
        assert event is not None  # an insert takes an event (checked just above)
        event = renumber(event, number, 1)  # the events it names move down with the rest
    old = None if action is Action.INSERT else game.events[number - 1]
    if action is Action.DROP:
        last = opening_with_events(game.events, number, before.set_aside)
        if last is not None:
            # one event left in the deal is named as one («событие 5»), never a range 5–5
            code = "err.fix.opening" if last > number + 1 else "err.fix.opening.one"
            params = {"n": number, "first": number + 1, "last": last}
            if last == number + 1:
                del params["last"]
            raise CorrectionRefused(Verdict(code, params), number)
        ref = dropped_reference(game.events, number)
        if ref is not None:
            reason = Verdict("err.fix.names_dropped", {"n": number})
            raise CorrectionRefused(_broken(game.events, ref, reason), ref)
    old_at = game.time_of(number) if old is not None else None
    c = Correction(action, number, len(game.journal), old, event, at, old_at)
    events, times = list(game.events), list(game.times)
    apply_correction(events, times, c, game.started)
    # events before the corrected one stand as recorded; it and the later ones are judged
    # again, as new. None raises here: what is set aside is compared with before
    after = replay(
        game.players,
        events,
        game.rules,
        first_dealer=game.first_dealer,
        recorded=number - 1,
        stored=len(events),
    )
    stands_again = judged_again(c, before.set_aside, after.set_aside)
    if isinstance(stands_again, EventRefused):
        raise _refusal(game.events, c, stands_again)
    game.corrections.append(c)
    game.events, game.times = events, times
    return c, sheet_change(before, after)._replace(stands_again=stands_again), after


def _refusal(events: list[Event], c: Correction, exc: EventRefused) -> CorrectionRefused:
    """The refusal of correction ``c`` to ``events`` whose replay refused event ``exc.number``."""
    n = exc.number
    if c.action is not Action.DROP and n == c.number:
        return CorrectionRefused(Verdict(OWN[c.action], {"n": n, "reason": exc.verdict}))
    if c.action is Action.INSERT and n > c.number:
        n -= 1  # named as in the log before the correction
    elif c.action is Action.DROP and n >= c.number:
        n += 1
    return CorrectionRefused(_broken(events, n, exc.verdict), n)


def _broken(events: list[Event], number: int, reason: Verdict) -> Verdict:
    """Event ``number`` of ``events`` no longer holds, for ``reason``."""
    label = event_label(number, events[number - 1])
    return Verdict("err.fix.broken", {"label": label, "reason": reason})
