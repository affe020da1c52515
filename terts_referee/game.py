"""A game: its players, its resolved ruleset and its event log, as stored in the game file.

The library is the product; the CLI is one client of it. ``Game.record`` appends an event only
if the replay of the whole log with it stands under the game's rules.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from .errors import GameFileError, NotationError, RulesetError
from .events import Event, event_from_dict, shown_value
from .messages import t
from .replay import Sheet, replay
from .rules import Ruleset, ruleset_from_dict
from .storage import FORMAT_VERSION

__all__ = ["Game", "check_names", "now", "TOP_KEYS"]

TOP_KEYS = (
    "format",
    "players",
    "first_dealer",
    "quick",
    "started",
    "rules",
    "events",
    "corrections",
)
"""The game file's top-level keys. ``started`` (a date-time) and ``corrections`` (a list) are
checked by type only here, for the helpers that add them."""


def now() -> datetime:
    """The local time with its offset, to the second: what the game file records (issue 11)."""
    return datetime.now().astimezone().replace(microsecond=0)


def _when(value: Any) -> datetime | None:
    """A time read from the game file; anything but a TOML datetime counts as unknown."""
    return value if isinstance(value, datetime) else None


def check_names(names: list[str]) -> tuple[str, str]:
    """Two distinct, non-empty player names; raises NotationError."""
    cleaned = [n.strip() for n in names]
    if len(cleaned) != 2:
        raise NotationError(t("err.players.two", n=len(cleaned)))
    if not all(cleaned):
        raise NotationError(t("err.players.empty"))
    for name in cleaned:
        if any(unicodedata.category(c).startswith("C") for c in name):
            raise NotationError(t("err.players.control", name=name))
    if cleaned[0].casefold() == cleaned[1].casefold():
        raise NotationError(t("err.players.same", name=cleaned[0]))
    return cleaned[0], cleaned[1]


@dataclass
class Game:
    """Players, rules and events; the sheet is derived by ``replay``."""

    players: tuple[str, str]
    rules: Ruleset
    events: list[Event] = field(default_factory=list)
    first_dealer: str | None = None
    quick: bool = False  # `terts new --quick`: deals are quick unless `deal --tricks` says
    started: datetime | None = None  # when `terts new` made it; unknown in format 1 files
    times: list[datetime | None] = field(default_factory=list)  # events[i] entered at times[i]

    # --- the game file document ---------------------------------------------------------------

    @classmethod
    def from_doc(cls, doc: dict[str, Any], origin: str | None = None) -> Game:
        """Rebuild a game from its document; raises GameFileError when it is malformed.

        ``origin`` names the document in messages (its path); by default "game file".
        """
        origin = origin or t("store.game_file")

        def bad(key: str, expected: str) -> GameFileError:
            value = shown_value(doc[key]) if key in doc else t("store.missing")
            return GameFileError(
                t("store.field", origin=origin, field=key, value=value, expected=expected)
            )

        for key in doc:
            if key not in TOP_KEYS:
                raise bad(key, t("store.expect.top_keys", keys=", ".join(TOP_KEYS)))
        raw_players = doc.get("players")
        if not isinstance(raw_players, list) or not all(isinstance(p, str) for p in raw_players):
            raise bad("players", t("store.expect.players"))
        try:
            players = check_names(raw_players)
        except NotationError as exc:
            raise GameFileError(t("store.corrupt_players", origin=origin, reason=exc)) from None
        if list(players) != raw_players:  # stored names are already trimmed
            raise bad("players", t("store.expect.players"))
        rules_doc = doc.get("rules")
        if not isinstance(rules_doc, dict):
            raise bad("rules", t("store.expect.rules"))
        try:
            rules = ruleset_from_dict(rules_doc, f"{origin} [rules]", complete=True)
        except RulesetError as exc:
            raise GameFileError(t("store.bad_rules", reason=exc)) from None
        first = doc.get("first_dealer")
        if first is not None and first not in players:
            raise bad("first_dealer", t("store.expect.player", a=players[0], b=players[1]))
        quick = doc.get("quick", False)
        if not isinstance(quick, bool):
            raise bad("quick", t("store.expect.bool"))
        if "started" in doc and not isinstance(doc["started"], datetime):
            raise bad("started", t("store.expect.datetime"))
        if "corrections" in doc and not isinstance(doc["corrections"], list):
            raise bad("corrections", t("store.expect.list"))
        raw_events = doc.get("events")  # written even when empty: missing means damaged
        if not isinstance(raw_events, list):
            raise GameFileError(t("store.events_not_list", origin=origin))
        events = [event_from_dict(e, i, players, origin) for i, e in enumerate(raw_events, start=1)]
        times = [_when(e.get("at")) if isinstance(e, dict) else None for e in raw_events]
        started = _when(doc.get("started"))
        return cls(players, rules, events, first, quick, started, times)

    def to_doc(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"format": FORMAT_VERSION, "players": list(self.players)}
        if self.started:
            doc["started"] = self.started
        if self.first_dealer:
            doc["first_dealer"] = self.first_dealer
        if self.quick:
            doc["quick"] = True
        doc["rules"] = self.rules.to_dict()
        doc["events"] = [self._event_doc(i) for i in range(len(self.events))]
        return doc

    def _event_doc(self, index: int) -> dict[str, Any]:
        data = self.events[index].to_dict()
        at = self.time_of(index + 1)
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
        wanted = name.strip().casefold()
        exact = [p for p in self.players if p.casefold() == wanted]
        if exact:
            return exact[0]
        matches = [p for p in self.players if wanted and p.casefold().startswith(wanted)]
        if len(matches) == 1:
            return matches[0]
        key = "err.player.ambiguous" if matches else "err.player.unknown"
        raise NotationError(t(key, name=name, a=self.players[0], b=self.players[1]))

    # --- events ---------------------------------------------------------------------------

    def sheet(self, rules: Ruleset | None = None, strict: bool = True) -> Sheet:
        """The score sheet (under other ``rules`` for a what-if; then not strict)."""
        return replay(
            self.players,
            self.events,
            rules or self.rules,
            first_dealer=self.first_dealer,
            strict=strict and rules is None,
        )

    def record(self, event: Event, at: datetime | None = None) -> Sheet:
        """Append ``event`` (entered ``at``, default now) if the rules allow it now; raises
        EventRefused (a RuleError)."""
        sheet = replay(
            self.players, [*self.events, event], self.rules, first_dealer=self.first_dealer
        )
        self.times = (self.times + [None] * len(self.events))[: len(self.events)]
        self.events.append(event)
        self.times.append(at or now())
        return sheet

    def undo(self) -> tuple[int, Event]:
        """Remove the latest event; raises NotationError when there is none."""
        if not self.events:
            raise NotationError(t("err.undo.empty"))
        number = len(self.events)
        del self.times[number - 1 :]
        return number, self.events.pop()
