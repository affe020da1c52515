"""The state every judge reads and writes while the events are walked: the ruleset, the players,
the sheet being built, the number of the event being judged and the event before it. ``State``
answers the questions every rule asks first (is the game over, is there an open deal, is this a
player of the game) and writes notices; it judges no rule itself.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..domain.cards import CARD_POINTS
from ..domain.events import Event
from ..domain.rules import Ruleset
from ..domain.verdicts import Remedy, Verdict
from ..errors import RuleError
from .records import Deal, Sheet


class State:
    """The walk's shared state; passed to every judge. (A plain class, not a dataclass: no
    methods generated at import.)"""

    rules: Ruleset
    players: tuple[str, str]
    first_dealer: str
    sheet: Sheet
    number: int  # the event being judged, from 1
    # events 1..recorded are in the game file already: judged as they were recorded (a repeat
    # an earlier version took is read as the slip it was, not refused); later ones are new
    recorded: int
    last_event: Event | None
    last_number: int  # the number of ``last_event``: an event set aside between is not counted
    last_deal_event_deal: Deal | None  # the last deal when ``last_event`` was judged

    def __init__(
        self, rules: Ruleset, players: tuple[str, str], first_dealer: str, sheet: Sheet
    ) -> None:
        self.rules, self.players, self.sheet = rules, players, sheet
        self.first_dealer = first_dealer
        self.number = 0
        self.recorded = 0
        self.last_event = None
        self.last_number = 0
        self.last_deal_event_deal = None

    @classmethod
    def start(cls, players: Sequence[str], rules: Ruleset, first_dealer: str | None) -> State:
        pair = (players[0], players[1])
        sheet = Sheet(rules, pair, [], {p: 0 for p in pair}, {p: 0 for p in pair})
        sheet.first_dealer = first_dealer or pair[1]
        return cls(rules, pair, sheet.first_dealer, sheet)

    def notice(self, verdict: Verdict, deal: Deal | None = None) -> None:
        """A notice of the event being judged (and of its deal)."""
        self.sheet.notices.append((self.number, verdict))
        if deal is not None:
            deal.notices.append(verdict)

    def set_aside(self, number: int, reason: Verdict) -> None:
        """Stored event ``number`` does not stand (``dispatch.walk``): the sheet lists it, and its
        notice says why, that the file keeps it and it is not counted, and what can be done (its
        remedy: drop it; or correct an earlier event)."""
        self.sheet.set_aside[number] = reason
        remedy = Remedy("drop", {"number": number})
        notice = Verdict("notice.set_aside", {"number": number, "reason": reason}, remedy=remedy)
        self.sheet.notices.append((number, notice))

    def effect(
        self, player: str, points: int = 0, uphill: int = 0, to_opponent: int = 0
    ) -> Verdict:
        """What a penalty does: who writes how many points and who goes how far uphill
        (§6): "Боря writes 20, Аня goes 100 uphill"."""
        parts = []
        if to_opponent:
            parts.append(
                Verdict("note.effect.writes", {"player": self.other(player), "n": to_opponent})
            )
        if points:
            parts.append(Verdict("note.effect.loses", {"player": player, "n": -points}))
        if uphill:
            parts.append(Verdict("note.effect.uphill", {"player": player, "n": uphill}))
        if not parts:
            return Verdict("note.effect.nothing")
        return parts[0] if len(parts) == 1 else Verdict("note.effects", {"parts": tuple(parts)})

    def other(self, player: str) -> str:
        return self.players[1] if player == self.players[0] else self.players[0]

    @property
    def deal_points(self) -> int:
        """Card points in a deal, the last trick's bonus included: 150 [000][002]."""
        return CARD_POINTS + self.rules.scoring.last_trick

    def check_player(self, player: str) -> None:
        if player not in self.players:
            a, b = self.players
            params = {"player": player, "a": a, "b": b}
            raise RuleError(Verdict("err.player.not_in_game", params))

    def open_deal(self, what: str) -> Deal:
        """The open deal; ``what`` is the code of what was to be done in it."""
        deal = self.sheet.current
        if deal is None:
            params = {"what": Verdict(what)}
            raise RuleError(Verdict("err.no_deal", params, remedy=Remedy("deal")))
        return deal

    def penalty_deal(self) -> Deal:
        """The deal a penalty is written in: the last one, open or not."""
        if not self.sheet.deals:
            raise RuleError(Verdict("err.penalty.no_deal", remedy=Remedy("deal")))
        return self.sheet.deals[-1]

    def not_over(self) -> None:
        if self.sheet.finished:
            params = {"winner": self.sheet.winner, "reason": self.sheet.win_reason}
            raise RuleError(Verdict("err.game_over", params, remedy=Remedy("undo")))
