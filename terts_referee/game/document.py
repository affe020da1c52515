"""A game as the game file holds it: the document ``Game.from_doc`` reads and ``Game.to_doc``
writes (the bytes are ``storage``'s). A reader refuses any top-level key it does not know, and a
file is written in the lowest format that holds what the game holds (``storage.FORMAT_VERSION``
tells the formats apart)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from ..domain.events import event_from_dict, shown_value
from ..domain.rules import ruleset_from_dict
from ..domain.verdicts import Verdict
from ..errors import GameFileError, NotationError, RulesetError
from .names import check_names
from .storage import CORRECTIONS_FORMAT, ID_FORMAT, TIMES_FORMAT

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Protocol, TypeVar

    from ..domain.events import Event
    from ..domain.rules import Ruleset
    from .corrections import Correction

    T = TypeVar("T")

    class Stored(Protocol):
        """What the file holds of a game."""

        players: tuple[str, str]
        rules: Ruleset
        first_dealer: str | None
        quick: bool
        started: datetime | None
        journal: list[Event]
        journal_times: list[datetime | None]
        corrections: list[Correction]
        id: str | None


__all__ = ["TOP_KEYS", "event_doc", "game_doc", "game_from_doc", "is_game_id", "when", "padded"]

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


def when(value: Any) -> datetime | None:
    """A time read from the game file; anything but a TOML datetime counts as unknown."""
    return value if isinstance(value, datetime) else None


def padded(times: list[datetime | None], n: int) -> list[datetime | None]:
    """``times`` cut or filled with None to ``n`` entries."""
    return (list(times) + [None] * n)[:n]


#: The rulesets of the files read, by the ``repr`` of their table (it tells 1, 1.0, True and
#: "1" apart, as the checks do): a library's thousands of games hold a handful of rulesets,
#: and checking each again was a twelfth of its first build. Only valid ones are kept (a
#: Ruleset is immutable), at most 64.
_rules_read: dict[str, Ruleset] = {}


def game_from_doc(make: Callable[..., T], doc: dict[str, Any], origin: str | None = None) -> T:
    """The game the document ``doc`` holds, made by ``make`` (``Game``) from the arguments
    ``Game`` takes (its journal, times and trail as read); raises GameFileError when the
    document is malformed. ``origin`` names the document in refusals (its path); by default
    "game file"."""
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
        players = check_names(raw_players, stored=True)
    except NotationError as exc:
        params = {"origin": named, "reason": exc.verdict}
        raise GameFileError(Verdict("store.corrupt_players", params)) from None
    if list(players) != raw_players:  # stored names are already trimmed
        raise bad("players", Verdict("store.expect.players"))
    rules_doc = doc.get("rules")
    if not isinstance(rules_doc, dict):
        raise bad("rules", Verdict("store.expect.rules"))
    rules = _rules_read.get(repr(rules_doc))
    if rules is None:
        try:
            of_file = Verdict("store.rules_of", {"origin": named})
            rules = ruleset_from_dict(rules_doc, of_file, complete=True)
        except RulesetError as exc:
            raise GameFileError(Verdict("store.bad_rules", {"reason": exc.verdict})) from None
        if len(_rules_read) >= 64:
            _rules_read.clear()
        _rules_read[repr(rules_doc)] = rules
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
    times = [when(e.get("at")) if isinstance(e, dict) else None for e in raw_events]
    started = when(doc.get("started"))
    return make(players, rules, [], first, quick, started, [], events, times, trail, game_id)


def game_doc(game: Stored) -> dict[str, Any]:
    """The document of ``game`` (its journal and trail, as the file keeps them)."""
    # the lowest format that holds what the game holds: a file with no corrections and no id
    # stays readable by a version that knows only the times (storage.FORMAT_VERSION)
    if game.id:
        version = ID_FORMAT
    else:
        version = CORRECTIONS_FORMAT if game.corrections else TIMES_FORMAT
    doc: dict[str, Any] = {"format": version}
    if game.id:
        doc["id"] = game.id
    doc["players"] = list(game.players)
    if game.started:
        doc["started"] = game.started
    if game.first_dealer:
        doc["first_dealer"] = game.first_dealer
    if game.quick:
        doc["quick"] = True
    doc["rules"] = game.rules.to_dict()
    doc["events"] = [event_doc(game, i) for i in range(len(game.journal))]
    if game.corrections:
        doc["corrections"] = [c.to_dict() for c in game.corrections]
    return doc


def event_doc(game: Stored, index: int) -> dict[str, Any]:
    """The table the file holds for the recorded event at ``index`` of the journal, its time
    included."""
    data = game.journal[index].to_dict()
    at = game.journal_times[index] if index < len(game.journal_times) else None
    if at is not None:
        data["at"] = at
    return data
