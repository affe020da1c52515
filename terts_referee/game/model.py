"""A game: its players, its resolved ruleset and its event log, as stored in the game file.

The library is the product; the CLI is one client of it. ``Game.record`` appends an event only
if the replay of the whole log with it stands under the game's rules; ``Game.correct`` replaces,
inserts or drops a past event only if every later event still holds. The file keeps the
journal of recorded events and the trail of corrections, both append-only; ``Game.events`` is
the effective list derived from them (``corrections.effective``).

``Game`` holds the game and answers for it; the work is done beside it, one module per
responsibility: ``document`` (the file's document), ``walk`` (the referee's walk of the log,
kept for the next record), ``corrections`` (what a correction does), ``names`` (players'
names).
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from ..domain.events import Event, event_from_dict
from ..domain.rules import Ruleset
from ..domain.verdicts import Verdict
from ..errors import GameFileError, NotationError
from ..referee import Sheet, replay
from .document import TOP_KEYS, event_doc, game_doc, game_from_doc, is_game_id, padded, when
from .names import check_names, distinct_names, names_meant
from .walk import Walks

if TYPE_CHECKING:
    from .corrections import Action, Change, Correction

__all__ = [
    "Game",
    "check_names",
    "distinct_names",
    "is_game_id",
    "names_meant",
    "new_game_id",
    "now",
    "TOP_KEYS",
]


def new_game_id() -> str:
    """A new game's id: a random UUID (version 4) as text, ``0b6f3c1e-…``. The library knows a
    game in all its copies by it (a sync tool's, a backup's, another device's)."""
    import uuid  # only `terts new` (and a club's new table) makes one

    return str(uuid.uuid4())


def now() -> datetime:
    """The local time with its offset, to the second: what the game file records."""
    return datetime.now().astimezone().replace(microsecond=0)


class Game:
    """Players, rules and events; the sheet is derived by ``replay``.

    ``events`` and ``times`` are the effective list, what everything reads; ``journal`` (the
    events as recorded, with ``journal_times``) and ``corrections`` are what the file stores.
    A game built from ``events`` alone has them as its journal.

    A plain class with its ``__init__`` and ``__eq__`` written out, as a dataclass would make
    them (fields compared in order, the kept walk left out): every command defines it, and a
    dataclass would be made with ``exec`` at import (``terts_referee.startup``,
    ``plain_classes``).
    """

    players: tuple[str, str]
    rules: Ruleset
    events: list[Event]
    first_dealer: str | None
    # `terts new` (quick, the default) writes `quick = true`: deals are quick unless `deal
    # --tricks` says; `new --tricks` and files older than quick-by-default have no key: trick
    # by trick unless `deal --quick` says
    quick: bool
    started: datetime | None  # when `terts new` made it; unknown in format 1 files
    times: list[datetime | None]  # events[i] entered at times[i]
    journal: list[Event]  # the recorded events, never rewritten
    journal_times: list[datetime | None]
    corrections: list[Correction]  # the trail, append-only
    id: str | None  # the game's id (`terts new` writes one); None in files from before ids

    # The referee's walk of the log after the last strict ``sheet()``, so that ``record``
    # judges only the new event (a write replays once)
    _walks: Walks

    def __init__(
        self,
        players: tuple[str, str],
        rules: Ruleset,
        events: list[Event] | None = None,
        first_dealer: str | None = None,
        quick: bool = False,
        started: datetime | None = None,
        times: list[datetime | None] | None = None,
        journal: list[Event] | None = None,
        journal_times: list[datetime | None] | None = None,
        corrections: list[Correction] | None = None,
        id: str | None = None,
    ) -> None:
        self.players, self.rules, self.id = players, rules, id
        self.events = [] if events is None else events
        self.first_dealer, self.quick, self.started = first_dealer, quick, started
        self.times = [] if times is None else times
        self.corrections = [] if corrections is None else corrections
        self._walks = Walks()
        self._derive(journal, journal_times)

    def _fields(self) -> tuple[object, ...]:
        return (
            self.players,
            self.rules,
            self.events,
            self.first_dealer,
            self.quick,
            self.started,
            self.times,
            self.journal,
            self.journal_times,
            self.corrections,
            self.id,
        )

    def __eq__(self, other: object) -> bool:
        # With __eq__ defined and no __hash__, Python leaves the class unhashable: a game is
        # mutable and compared by value.
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._fields() == other._fields()

    def __repr__(self) -> str:
        return f"Game(players={self.players!r}, rules={self.rules.name!r}, events={self.events!r})"

    def _derive(
        self, journal: list[Event] | None, journal_times: list[datetime | None] | None
    ) -> None:
        """The journal and the effective list from what was given (see the class's doc)."""
        if journal is None:  # built from its events: they are the journal
            self.journal = list(self.events)
            self.journal_times = padded(self.times, len(self.events))
        else:  # read from a file: the effective list is derived
            self.journal = journal
            self.journal_times = padded(journal_times or [], len(self.journal))
            if self.corrections:
                from .corrections import effective  # only a file with corrections needs it

                self.events, self.times = effective(
                    self.journal, self.journal_times, self.corrections, self.started
                )
            else:  # no trail: the journal is the effective list (what ``effective`` gives)
                self.events, self.times = list(self.journal), list(self.journal_times)
        self.times = padded(self.times, len(self.events))

    # --- the game file document (``document``) ------------------------------------------------

    @classmethod
    def from_doc(cls, doc: dict[str, Any], origin: str | None = None) -> Game:
        """Rebuild a game from its document; raises GameFileError when it is malformed.

        ``origin`` names the document in refusals (its path); by default "game file".
        """
        return game_from_doc(cls, doc, origin)

    def _sync_journal(self) -> None:
        """With no corrections the journal is the effective list: follow ``events`` when a
        caller set it directly (a game built event by event, as tests and benchmarks do)."""
        if not self.corrections:
            self.journal = list(self.events)
            self.journal_times = padded(self.times, len(self.events))

    def to_doc(self) -> dict[str, Any]:
        self._sync_journal()
        return game_doc(self)

    def last_event_doc(self) -> dict[str, Any]:
        """The table ``to_doc`` writes for the last recorded event, its time included."""
        self._sync_journal()
        return event_doc(self, len(self.journal) - 1)

    def time_of(self, number: int) -> datetime | None:
        """When event ``number`` (from 1) was entered; None when not known (format 1)."""
        index = number - 1
        return self.times[index] if 0 <= index < len(self.times) else None

    # --- players --------------------------------------------------------------------------

    def player(self, name: str) -> str:
        """The player meant by ``name``: case-insensitive, a unique prefix is enough.

        Raises NotationError naming the players.
        """
        matches = names_meant(name, self.players)
        if len(matches) == 1:
            return matches[0]
        key = "err.player.ambiguous" if matches else "err.player.unknown"
        a, b = self.players
        raise NotationError(Verdict(key, {"name": name, "a": a, "b": b}))

    # --- events ---------------------------------------------------------------------------

    def sheet(self, rules: Ruleset | None = None, strict: bool = True, keep: bool = False) -> Sheet:
        """The score sheet (under other ``rules`` for a what-if; then not strict).

        The strict sheet under the game's own rules is kept, with the referee's state, for a
        ``record`` that follows: that sheet then becomes the sheet after the new event (hold
        no sheet across ``record`` expecting it unchanged). After ``record(keep=True)`` it is
        the sheet that record returned, not walked again; so it is after ``sheet(keep=True)``
        (a session that reads a game another process wrote, then records into it)."""
        if rules is not None or not strict:
            return replay(
                self.players,
                self.events,
                rules or self.rules,
                first_dealer=self.first_dealer,
                strict=False,
                recorded=len(self.events),
            )
        return self._walks.sheet(self, keep)

    def record(self, event: Event, at: datetime | None = None, keep: bool = False) -> Sheet:
        """Append ``event`` (entered ``at``, default now) if the rules allow it now; raises
        EventRefused (a RuleError). The log is replayed once: after a ``sheet()`` (a command
        that looked at the deal to build ``event``), only ``event`` is judged.

        With ``keep``, the referee's state stays with the game afterwards: the next ``sheet()``
        is the sheet returned here, and the next ``record`` judges its event alone, on that
        state (the sheet returned here then changes with it). A process that records event
        after event in one game (table mode, the web page) keeps it; a refused event drops it
        (``sheet()`` walks the log again)."""
        st = self._walks.judge(self, event)
        when_ = at or now()
        self.journal.append(event)
        self.journal_times.append(when_)
        self.events.append(event)
        self.times.append(when_)
        if keep:
            self._walks.keep(self, st)
        return st.sheet

    def read_back_last(self, origin: str | None = None) -> bool:
        """Make the last event and its time the very values ``from_doc`` reads back from the
        file ``to_doc`` writes: the event rebuilt from its table, the time with a plain offset
        (as tomllib gives it), so that this game can stand for the file it was written to.
        Returns False, the game left as it was, when they would differ from what was recorded
        (then the game is no stand-in for the file)."""
        from .storage import parsed_form

        if not self.events or self.journal[-1] is not self.events[-1]:
            return False
        number = len(self.events)  # a recorded event is the last of the effective list
        raw = parsed_form(event_doc(self, len(self.journal) - 1))
        try:
            again = event_from_dict(raw, number, self.players, origin)
        except GameFileError:
            return False
        at = when(raw.get("at"))
        event = self.events[-1]
        if type(again) is not type(event) or again != event or at != self.times[-1]:
            return False
        self.journal[-1] = self.events[-1] = again
        self.journal_times[-1] = self.times[-1] = at
        self._walks.read_back(again)  # the kept state's record of the log: the same events
        return True

    def undo(self) -> tuple[int, Event]:
        """Drop the latest event (kept in the trail); raises NotationError when there is none."""
        if not self.events:
            raise NotationError(Verdict("err.undo.empty"))
        from .corrections import Action

        number = len(self.events)
        event = self.events[-1]
        self.correct(Action.DROP, number)
        return number, event

    # --- corrections (``corrections``) ----------------------------------------------------

    def as_of(self, count: int) -> Game:
        """The game as it stood after its first ``count`` effective events (a copy): what an
        event built for a correction is read against (the trump of the deal open there)."""
        count = max(0, min(count, len(self.events)))
        return Game(
            self.players,
            self.rules,
            self.events[:count],
            self.first_dealer,
            self.quick,
            self.started,
            self.times[:count],
        )

    def correct(
        self,
        action: Action | str,
        number: int,
        event: Event | None = None,
        at: datetime | None = None,
    ) -> tuple[Correction, Change, Sheet]:
        """Replace event ``number`` by ``event``, insert ``event`` before it, or drop it, if the
        correction's own event and every later event still hold under the rules.

        ``event`` refers to other events (a penalty's ``event``) by their numbers before the
        correction. Returns the trail entry, what changed on the sheet and the new sheet.
        Raises NotationError for a number with no event, CorrectionRefused (a RuleError)
        naming the first event that stood before and no longer holds (or the correction's own
        event refused); the game is then unchanged. Events already set aside (``Sheet.set_aside``)
        do not block it; those it makes stand again are in the change (``stands_again``).
        """
        from .corrections import correct

        self._sync_journal()
        return correct(self, action, number, event, at or now())

    def corrected(self) -> dict[int, Correction]:
        """The effective events a correction put in, by number: the correction of each."""
        from .corrections import origins

        tags = origins(len(self.journal), self.corrections)
        return {i: self.corrections[k - 1] for i, k in enumerate(tags, start=1) if k}
