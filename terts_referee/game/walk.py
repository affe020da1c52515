"""The referee's walk of a game's log, kept with the game (``Game.sheet``, ``Game.record``).

A write looks at the deal to build its event (``sheet()``), then records it (``record``): the
log is walked once, and ``record`` judges only the new event on the state that walk left. A
session that records event after event (table mode, the page) keeps the state across records
(``keep``: the kept game, a start-up trick, ``terts_referee.startup``). The state is the
game's only while the game's players, rules, first dealer and events are those it was walked
from; anything else walks the log again. Its notices are verdicts, worded by whoever shows
them, so a walk holds for any language and any face.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import RuleError

if TYPE_CHECKING:
    from typing import Protocol

    from ..domain.events import Event
    from ..domain.rules import Ruleset
    from ..referee import Sheet
    from ..referee.state import State

    class Log(Protocol):
        """What a walk is made from: a game's players, rules, first dealer and events."""

        players: tuple[str, str]
        rules: Ruleset
        first_dealer: str | None
        events: list[Event]


__all__ = ["Walks"]


class _Walk:
    """One walk: the referee's ``state`` after it, what it was made from, and whether a
    ``record(keep=True)`` or ``sheet(keep=True)`` kept it."""

    __slots__ = ("events", "first_dealer", "kept", "players", "rules", "state")

    def __init__(self, log: Log, state: State, kept: bool) -> None:
        self.events, self.players, self.rules = list(log.events), log.players, log.rules
        self.first_dealer, self.state, self.kept = log.first_dealer, state, kept

    def of(self, log: Log) -> bool:
        """Whether this walk is still ``log``'s. Events compare by their kind, then their
        fields (``domain.events.event``): an ``ask`` corrected to an ``exchange`` of the same
        player is another log, walked anew."""
        return (
            self.rules is log.rules
            and self.players == log.players
            and self.first_dealer == log.first_dealer
            and self.events == log.events
        )


class Walks:
    """The last strict walk of one game's log, if any (a game holds one ``Walks``)."""

    __slots__ = ("_walk",)

    def __init__(self) -> None:
        self._walk: _Walk | None = None

    def sheet(self, log: Log, keep: bool) -> Sheet:
        """The strict sheet of ``log`` under its own rules: the kept state's, when a kept walk
        is still ``log``'s, else walked anew (and kept with ``keep``)."""
        walk = self._walk
        if walk is not None and walk.kept and walk.of(log):
            return walk.state.sheet
        from ..referee.dispatch import walk as walk_log

        # as replay(..., strict=True) walks the log: the file's events, judged as they were
        # recorded; one the referee no longer takes is set aside (``Sheet.set_aside``): reading
        # never locks a game out
        n = len(log.events)
        st = walk_log(log.players, log.events, log.rules, log.first_dealer, n, n)
        self._walk = _Walk(log, st, kept=keep)
        return st.sheet

    def judge(self, log: Log, event: Event) -> State:
        """The state after ``event`` appended to ``log``, judged on the walk of ``log`` (made
        first when there is none still ``log``'s). Raises EventRefused as replay would; the
        walk is gone either way (``keep`` hands the new state back)."""
        walk, self._walk = self._walk, None
        if walk is None or not walk.of(log):
            self.sheet(log, keep=False)
            walk, self._walk = self._walk, None
        assert walk is not None  # ``sheet`` just walked this very log
        st = walk.state
        from ..referee.dispatch import EventRefused, apply

        number = len(log.events) + 1
        try:
            apply(st, number, event)
        except RuleError as exc:
            raise EventRefused(number, exc.verdict) from None
        return st

    def keep(self, log: Log, state: State) -> None:
        """Keep ``state`` as the walk of ``log`` as it is now."""
        self._walk = _Walk(log, state, kept=True)

    def read_back(self, event: Event) -> None:
        """The last event of the kept walk's log replaced by ``event``, an equal one (the game's
        last event read back as its file gives it)."""
        if self._walk is not None:
            self._walk.events[-1] = event
