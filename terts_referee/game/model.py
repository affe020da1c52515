"""A game: its players, its resolved ruleset and its event log, as stored in the game file.

The library is the product; the CLI is one client of it. ``Game.record`` appends an event only
if the replay of the whole log with it stands under the game's rules; ``Game.correct`` replaces,
inserts or drops a past event only if every later event still holds (issue 11). The file keeps
the journal of recorded events and the trail of corrections, both append-only; ``Game.events``
is the effective list derived from them (``corrections.effective``).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ..domain.events import Event, event_from_dict, shown_value
from ..domain.rules import Ruleset, ruleset_from_dict
from ..domain.verdicts import Verdict, clipped
from ..errors import GameFileError, NotationError, RuleError, RulesetError
from ..referee import EventRefused, Sheet, replay
from .storage import CORRECTIONS_FORMAT, ID_FORMAT, TIMES_FORMAT

if TYPE_CHECKING:
    from ..referee.state import State
    from .corrections import Action, Change, Correction, CorrectionRefused

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

TOP_KEYS = (
    "format",
    "id",
    "players",
    "first_dealer",
    "quick",
    "started",
    "rules",
    "events",
    "corrections",
)
"""The game file's top-level keys. ``started`` (a date-time) and ``corrections`` (a list) are
checked by type only here, for the helpers that add them; ``id`` is a game id
(:func:`is_game_id`)."""


def new_game_id() -> str:
    """A new game's id: a random UUID (version 4) as text, ``0b6f3c1e-…``. The library knows a
    game in all its copies by it (a sync tool's, a backup's, another device's)."""
    import uuid  # only `terts new` (and a club's new table) makes one

    return str(uuid.uuid4())


_HEX = frozenset("0123456789abcdefABCDEF")


def is_game_id(value: object) -> bool:
    """Whether ``value`` is a game id as the file holds it: a UUID in its usual text form, 32
    hexadecimal digits in groups of 8-4-4-4-12 (either case)."""
    return (
        isinstance(value, str)
        and len(value) == 36
        and all(value[i] == "-" for i in (8, 13, 18, 23))
        and set(value.replace("-", "")) <= _HEX
        and value.count("-") == 4
    )


def now() -> datetime:
    """The local time with its offset, to the second: what the game file records (issue 11)."""
    return datetime.now().astimezone().replace(microsecond=0)


def _when(value: Any) -> datetime | None:
    """A time read from the game file; anything but a TOML datetime counts as unknown."""
    return value if isinstance(value, datetime) else None


def _padded(times: list[datetime | None], n: int) -> list[datetime | None]:
    """``times`` cut or filled with None to ``n`` entries."""
    return (list(times) + [None] * n)[:n]


def names_meant(text: str, names: Iterable[str]) -> list[str]:
    """The names ``text`` may mean, the one rule for naming a player: the name equal to it but
    for case, else every name it begins (case-insensitive, surrounding spaces ignored). One
    name is an answer; none or several are for the caller to refuse."""
    wanted = text.strip().casefold()
    names = list(names)
    exact = [n for n in names if n.casefold() == wanted]
    return exact[:1] or [n for n in names if wanted and n.casefold().startswith(wanted)]


MAX_NAME_CHARS = 40
"""The longest player name, in characters (code points): a name on a paper sheet's column."""
MAX_NAME_BYTES = 120
"""...and in bytes of UTF-8 (40 Cyrillic or CJK letters fit, 30 emoji): two names and a date
stay well inside the 255 bytes a file name may have in the library."""


def check_names(names: list[str]) -> tuple[str, str]:
    """Two distinct, non-empty player names of a sane length; raises NotationError."""
    if len(names) != 2:
        raise NotationError(Verdict("err.players.two", {"n": len(names)}))
    first, second = distinct_names(names)
    return first, second


def distinct_names(names: Iterable[str]) -> tuple[str, ...]:
    """Players' names, stripped: each non-empty, at most MAX_NAME_CHARS characters and
    MAX_NAME_BYTES bytes, without control characters, no two the same but for case (players
    are matched case-insensitively); raises NotationError. The one check of names, for a
    game's two players and for a club evening's players alike."""
    cleaned = [n.strip() for n in names]
    if not all(cleaned):
        raise NotationError(Verdict("err.players.empty"))
    for name in cleaned:
        size = len(name.encode("utf-8", "surrogatepass"))
        if len(name) > MAX_NAME_CHARS or size > MAX_NAME_BYTES:
            params = {
                "name": clipped(name, 24),
                "chars": len(name),
                "size": size,
                "most": MAX_NAME_CHARS,
                "most_bytes": MAX_NAME_BYTES,
            }
            raise NotationError(Verdict("err.players.long", params))
        # A printable name has no character of category C; only another one needs unicodedata
        # (which every command would otherwise import: 0.2 ms, issue 13). A space other than
        # U+0020 is not printable but allowed.
        if not name.isprintable():
            import unicodedata

            if any(unicodedata.category(c).startswith("C") for c in name):
                raise NotationError(Verdict("err.players.control", {"name": name}))
    first: dict[str, str] = {}  # case-folded -> the name as first given
    for name in cleaned:
        if name.casefold() in first:
            raise NotationError(Verdict("err.players.same", {"name": first[name.casefold()]}))
        first[name.casefold()] = name
    return tuple(cleaned)


class _Walk:
    """A walk of a game's log kept with the game (``Game._walked``): the referee's ``state``
    after it, what it was derived from (``events``, ``players``, ``rules``, ``first_dealer``),
    and whether ``record(keep=True)`` kept it. Its notices are verdicts, worded by whoever
    shows them, so the walk holds for any language and any face. A plain class: defined at
    import by every command."""

    __slots__ = ("events", "first_dealer", "kept", "players", "rules", "state")

    def __init__(
        self,
        events: list[Event],
        players: tuple[str, str],
        rules: Ruleset,
        first_dealer: str | None,
        state: State,
        kept: bool,
    ) -> None:
        self.events, self.players, self.rules = events, players, rules
        self.first_dealer, self.state, self.kept = first_dealer, state, kept


class Game:
    """Players, rules and events; the sheet is derived by ``replay``.

    ``events`` and ``times`` are the effective list, what everything reads; ``journal`` (the
    events as recorded, with ``journal_times``) and ``corrections`` are what the file stores.
    A game built from ``events`` alone has them as its journal.

    A plain class with its ``__init__`` and ``__eq__`` written out, as a dataclass would make
    them (fields compared in order, ``_walked`` left out), but without generating them with
    ``exec`` at import: every command imports this module (issue 13).
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
    journal: list[Event]  # the recorded events, never rewritten (issue 11)
    journal_times: list[datetime | None]
    corrections: list[Correction]  # the trail, append-only
    id: str | None  # the game's id (`terts new` writes one); None in files from before ids

    # The referee's state after the last strict ``sheet()``, with what it was derived from, so
    # that ``record`` judges only the new event (a write replays once, issue 13).
    _walked: _Walk | None

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
        self._walked = None
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
            self.journal_times = _padded(self.times, len(self.events))
        else:  # read from a file: the effective list is derived
            self.journal = journal
            self.journal_times = _padded(journal_times or [], len(self.journal))
            if self.corrections:
                from .corrections import effective  # only a file with corrections needs it

                self.events, self.times = effective(
                    self.journal, self.journal_times, self.corrections, self.started
                )
            else:  # no trail: the journal is the effective list (what ``effective`` gives)
                self.events, self.times = list(self.journal), list(self.journal_times)
        self.times = _padded(self.times, len(self.events))

    # --- the game file document ---------------------------------------------------------------

    @classmethod
    def from_doc(cls, doc: dict[str, Any], origin: str | None = None) -> Game:
        """Rebuild a game from its document; raises GameFileError when it is malformed.

        ``origin`` names the document in refusals (its path); by default "game file".
        """
        named: str | Verdict = origin or Verdict("store.game_file")

        def bad(key: str, expected: Verdict) -> GameFileError:
            value = shown_value(doc[key]) if key in doc else Verdict("store.missing")
            params = {"origin": named, "field": key, "value": value, "expected": expected}
            return GameFileError(Verdict("store.field", params))

        for key in doc:
            if key not in TOP_KEYS:
                raise bad(key, Verdict("store.expect.top_keys", {"keys": ", ".join(TOP_KEYS)}))
        raw_players = doc.get("players")
        if not isinstance(raw_players, list) or not all(isinstance(p, str) for p in raw_players):
            raise bad("players", Verdict("store.expect.players"))
        try:
            players = check_names(raw_players)
        except NotationError as exc:
            params = {"origin": named, "reason": exc.verdict}
            raise GameFileError(Verdict("store.corrupt_players", params)) from None
        if list(players) != raw_players:  # stored names are already trimmed
            raise bad("players", Verdict("store.expect.players"))
        rules_doc = doc.get("rules")
        if not isinstance(rules_doc, dict):
            raise bad("rules", Verdict("store.expect.rules"))
        try:
            of_file = Verdict("store.rules_of", {"origin": named})
            rules = ruleset_from_dict(rules_doc, of_file, complete=True)
        except RulesetError as exc:
            raise GameFileError(Verdict("store.bad_rules", {"reason": exc.verdict})) from None
        first = doc.get("first_dealer")
        if first is not None and first not in players:
            a, b = players
            raise bad("first_dealer", Verdict("store.expect.player", {"a": a, "b": b}))
        quick = doc.get("quick", False)
        if not isinstance(quick, bool):
            raise bad("quick", Verdict("store.expect.bool"))
        game_id = doc.get("id")
        if game_id is not None and not is_game_id(game_id):
            raise bad("id", Verdict("store.expect.game_id"))
        if "started" in doc and not isinstance(doc["started"], datetime):
            raise bad("started", Verdict("store.expect.datetime"))
        if "corrections" in doc and not isinstance(doc["corrections"], list):
            raise bad("corrections", Verdict("store.expect.list"))
        raw_events = doc.get("events")  # written even when empty: missing means damaged
        if not isinstance(raw_events, list):
            raise GameFileError(Verdict("store.events_not_list", {"origin": named}))
        raw_trail = doc.get("corrections", [])
        if raw_trail:  # the corrections module only for a file that has a trail
            from .corrections import Correction, appended_at

            trail = [
                Correction.from_dict(c, i, players, named) for i, c in enumerate(raw_trail, start=1)
            ]
            # each recorded event is checked at the number it took in the effective list
            # (an insert before it moves it down; a penalty's ``event`` names an event
            # before that)
            numbers = appended_at(len(raw_events), trail)
        else:  # no trail: event j is number j (what ``appended_at`` gives)
            trail, numbers = [], list(range(1, len(raw_events) + 1))
        events = [
            event_from_dict(e, n, players, named) for e, n in zip(raw_events, numbers, strict=True)
        ]
        times = [_when(e.get("at")) if isinstance(e, dict) else None for e in raw_events]
        started = _when(doc.get("started"))
        return cls(players, rules, [], first, quick, started, [], events, times, trail, game_id)

    def _sync_journal(self) -> None:
        """With no corrections the journal is the effective list: follow ``events`` when a
        caller set it directly (a game built event by event, as tests and benchmarks do)."""
        if not self.corrections:
            self.journal = list(self.events)
            self.journal_times = _padded(self.times, len(self.events))

    def to_doc(self) -> dict[str, Any]:
        self._sync_journal()
        # the lowest format that holds what the game holds: a file with no corrections and no id
        # stays readable by a version that knows only the times (storage.FORMAT_VERSION)
        if self.id:
            version = ID_FORMAT
        else:
            version = CORRECTIONS_FORMAT if self.corrections else TIMES_FORMAT
        doc: dict[str, Any] = {"format": version}
        if self.id:
            doc["id"] = self.id
        doc["players"] = list(self.players)
        if self.started:
            doc["started"] = self.started
        if self.first_dealer:
            doc["first_dealer"] = self.first_dealer
        if self.quick:
            doc["quick"] = True
        doc["rules"] = self.rules.to_dict()
        doc["events"] = [self._event_doc(i) for i in range(len(self.journal))]
        if self.corrections:
            doc["corrections"] = [c.to_dict() for c in self.corrections]
        return doc

    def last_event_doc(self) -> dict[str, Any]:
        """The table ``to_doc`` writes for the last recorded event, its time included."""
        self._sync_journal()
        return self._event_doc(len(self.journal) - 1)

    def _event_doc(self, index: int) -> dict[str, Any]:
        data = self.journal[index].to_dict()
        at = self.journal_times[index] if index < len(self.journal_times) else None
        if at is not None:
            data["at"] = at
        return data

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
        walked = self._walked
        if walked is not None and walked.kept and self._still(walked):
            return walked.state.sheet  # the state ``record(keep=True)`` kept: this very game's
        from ..referee.dispatch import walk

        # as replay(..., strict=True) walks the log: the file's events, judged as they were
        # recorded; one the referee no longer takes is set aside (``Sheet.set_aside``): reading
        # never locks a game out
        n = len(self.events)
        st = walk(self.players, self.events, self.rules, self.first_dealer, n, n)
        self._walked = self._walk_of(st, kept=keep)
        return st.sheet

    def _walk_of(self, st: State, kept: bool) -> _Walk:
        """What ``_walked`` holds for the state ``st`` of this game as it is now."""
        return _Walk(list(self.events), self.players, self.rules, self.first_dealer, st, kept)

    def _still(self, walked: _Walk) -> bool:
        """Whether the walked state is still this game's."""
        return (
            walked.rules is self.rules
            and walked.players == self.players
            and walked.first_dealer == self.first_dealer
            and walked.events == self.events
        )

    def _taken_on(self, event: Event) -> State | None:
        """The state after ``event`` judged on the kept state, if it is still this game's; None
        when there is none (``record`` replays then). Raises EventRefused as replay would."""
        walked, self._walked = self._walked, None
        if walked is None or not self._still(walked):
            return None
        st = walked.state
        from ..referee.dispatch import EventRefused, apply

        number = len(self.events) + 1
        try:
            apply(st, number, event)
        except RuleError as exc:
            raise EventRefused(number, exc.verdict) from None
        return st

    def record(self, event: Event, at: datetime | None = None, keep: bool = False) -> Sheet:
        """Append ``event`` (entered ``at``, default now) if the rules allow it now; raises
        EventRefused (a RuleError). The log is replayed once: after a ``sheet()`` (a command
        that looked at the deal to build ``event``), only ``event`` is judged.

        With ``keep``, the referee's state stays with the game afterwards: the next ``sheet()``
        is the sheet returned here, and the next ``record`` judges its event alone, on that
        state (the sheet returned here then changes with it). A process that records event
        after event in one game (table mode, the web page) keeps it; a refused event drops it
        (``sheet()`` walks the log again)."""
        st = self._taken_on(event)
        if st is None:
            self.sheet()  # the log walked (stored events set aside), its state for the event
            st = self._taken_on(event)
        assert st is not None  # ``sheet()`` just walked this very game
        sheet = st.sheet
        when = at or now()
        self.journal.append(event)
        self.journal_times.append(when)
        self.events.append(event)
        self.times.append(when)
        if keep:
            self._walked = self._walk_of(st, kept=True)
        return sheet

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
        raw = parsed_form(self._event_doc(len(self.journal) - 1))
        try:
            again = event_from_dict(raw, number, self.players, origin)
        except GameFileError:
            return False
        when = _when(raw.get("at"))
        event = self.events[-1]
        if type(again) is not type(event) or again != event or when != self.times[-1]:
            return False
        self.journal[-1] = self.events[-1] = again
        self.journal_times[-1] = self.times[-1] = when
        walked = self._walked
        if walked is not None:  # the kept state's record of the log: the same events
            walked.events[-1] = again
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

    # --- corrections (issue 11) -----------------------------------------------------------

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
        from .corrections import (
            Action,
            Correction,
            CorrectionRefused,
            apply_correction,
            check_number,
            dropped_reference,
            judged_again,
            opening_with_events,
            renumber,
            sheet_change,
        )

        action = Action(action)
        self._sync_journal()
        check_number(action, number, len(self.events))
        before = self.sheet()
        if (event is None) != (action is Action.DROP):
            raise ValueError("a drop takes no event; a replace or an insert takes one")
        if action is Action.INSERT:
            assert event is not None  # an insert takes an event (checked just above)
            event = renumber(event, number, 1)  # the events it names move down with the rest
        old = None if action is Action.INSERT else self.events[number - 1]
        if action is Action.DROP:
            last = opening_with_events(self.events, number, before.set_aside)
            if last is not None:
                params = {"n": number, "first": number + 1, "last": last}
                raise CorrectionRefused(Verdict("err.fix.opening", params), number)
            ref = dropped_reference(self.events, number)
            if ref is not None:
                reason = Verdict("err.fix.names_dropped", {"n": number})
                raise CorrectionRefused(self._broken(ref, reason), ref)
        old_at = self.time_of(number) if old is not None else None
        c = Correction(action, number, len(self.journal), old, event, at or now(), old_at)
        events, times = list(self.events), list(self.times)
        apply_correction(events, times, c, self.started)
        # events before the corrected one stand as recorded; it and the later ones are judged
        # again, as new. None raises here: what is set aside is compared with before
        after = replay(
            self.players,
            events,
            self.rules,
            first_dealer=self.first_dealer,
            recorded=number - 1,
            stored=len(events),
        )
        stands_again = judged_again(c, before.set_aside, after.set_aside)
        if isinstance(stands_again, EventRefused):
            raise self._refusal(c, stands_again)
        self.corrections.append(c)
        self.events, self.times = events, times
        return c, sheet_change(before, after)._replace(stands_again=stands_again), after

    def corrected(self) -> dict[int, Correction]:
        """The effective events a correction put in, by number: the correction of each."""
        from .corrections import origins

        tags = origins(len(self.journal), self.corrections)
        return {i: self.corrections[k - 1] for i, k in enumerate(tags, start=1) if k}

    def _refusal(self, c: Correction, exc: EventRefused) -> CorrectionRefused:
        """The refusal of correction ``c`` whose replay refused event ``exc.number``."""
        from .corrections import OWN, Action, CorrectionRefused

        n = exc.number
        if c.action is not Action.DROP and n == c.number:
            return CorrectionRefused(Verdict(OWN[c.action], {"n": n, "reason": exc.verdict}))
        if c.action is Action.INSERT and n > c.number:
            n -= 1  # named as in the log before the correction
        elif c.action is Action.DROP and n >= c.number:
            n += 1
        return CorrectionRefused(self._broken(n, exc.verdict), n)

    def _broken(self, number: int, reason: Verdict) -> Verdict:
        from .corrections import event_label

        label = event_label(number, self.events[number - 1])
        return Verdict("err.fix.broken", {"label": label, "reason": reason})
