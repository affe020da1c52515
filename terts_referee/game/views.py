"""What the game API returns (``session.GameFile``): typed values, never a ``dict[str, Any]``.

- ``Recorded``: an event recorded (its number, the event, the game and the sheet after it, the
  event's notices); ``Corrected``: a correction of the past (the trail entry, what changed on
  the sheet, the game and the sheet after it); ``Removed``: the latest event undone.
- ``StatusView``: where the current deal stands and what may be done now (``status_of``):
  the deal, its phase, trick and stock, who leads, what each player may declare
  (``MayDeclare``), whether the trump 7 may be exchanged and the tricks looked at.
- ``LogView``: the effective events, numbered (``LogEntry``: the event, when it was entered,
  when a correction put it in, its notices), and the trail of corrections when asked.

The output layer turns them into text and JSON (``output.report``); nothing here is worded.
Plain classes with their ``__init__`` written out, compared field by field (a recording command
imports this module: no class generated at import).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from datetime import datetime

    from ..domain.cards import Suit
    from ..domain.declarations import Kind
    from ..domain.events import Event
    from ..domain.rules import Ruleset
    from ..domain.verdicts import Verdict
    from ..referee import Sheet
    from .corrections import Change, Correction
    from .model import Game

__all__ = [
    "Corrected",
    "LogEntry",
    "LogView",
    "MayDeclare",
    "Recorded",
    "Removed",
    "Snapshot",
    "StatusView",
    "log_of",
    "status_of",
]


class _Value:
    """Compared and shown by its slots (as a dataclass would be by its fields)."""

    __slots__: tuple[str, ...] = ()

    def _fields(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, _Value)
        return self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # compared by value, holding mutable parts

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({shown})"


class Recorded(_Value):
    """An event recorded: ``number`` (from 1), the ``event`` as read against the game, the
    ``game`` and its ``sheet`` after it, and the event's ``notices``."""

    __slots__ = ("event", "game", "notices", "number", "sheet")

    def __init__(
        self, number: int, event: Event, game: Game, sheet: Sheet, notices: tuple[Verdict, ...]
    ) -> None:
        self.number, self.event, self.game, self.sheet = number, event, game, sheet
        self.notices = notices


class Corrected(_Value):
    """A correction of the past made: the trail entry (``correction``: what was replaced,
    inserted or dropped, and when), what it ``change``d on the sheet, the ``game`` and its
    ``sheet`` after it."""

    __slots__ = ("change", "correction", "game", "sheet")

    def __init__(self, correction: Correction, change: Change, game: Game, sheet: Sheet) -> None:
        self.correction, self.change, self.game, self.sheet = correction, change, game, sheet


class Removed(_Value):
    """The latest event undone (a drop of the latest, kept in the trail): its ``number``, the
    ``event`` and the ``game`` after it."""

    __slots__ = ("event", "game", "number")

    def __init__(self, number: int, event: Event, game: Game) -> None:
        self.number, self.event, self.game = number, event, game


class MayDeclare(_Value):
    """What ``player`` may declare before the next card (rule book §4.3): the ``kinds`` of
    declaration, and ``up_to`` the highest class allowed after asking «Рост?» without beating
    (None: no limit; §4.2)."""

    __slots__ = ("kinds", "player", "up_to")

    def __init__(self, player: str, kinds: tuple[Kind, ...], up_to: str | None) -> None:
        self.player, self.kinds, self.up_to = player, kinds, up_to


class StatusView(_Value):
    """Where the current deal stands. ``deal`` is 0 before the first deal (then ``dealer``,
    ``trump``, ``quick`` and ``tricks`` are None); ``phase`` is "over" once the deal is (or
    the game is), and then ``trick`` counts the tricks played, ``stock`` is 0 and nobody
    leads. ``tricks``: the tricks each player has taken in the deal. ``set_aside``: the stored
    events the referee no longer takes (kept in the file, not counted), by number.
    ``next_dealer``: between deals and before the first, who deals next by the rules (None
    while a deal is open, once the game is over, or when nothing tells: after a claim)."""

    __slots__ = (
        "deal",
        "dealer",
        "finished",
        "leader",
        "may_declare",
        "may_exchange",
        "may_look",
        "next_dealer",
        "phase",
        "quick",
        "set_aside",
        "stock",
        "trick",
        "tricks",
        "trump",
        "winner",
    )

    def __init__(
        self,
        deal: int,
        phase: str,
        trick: int,
        stock: int,
        leader: str | None,
        dealer: str | None,
        trump: Suit | None,
        quick: bool | None,
        may_declare: tuple[MayDeclare, ...],
        may_exchange: bool,
        may_look: bool,
        tricks: dict[str, int] | None,
        finished: bool,
        winner: str | None,
        set_aside: tuple[int, ...] = (),
        next_dealer: str | None = None,
    ) -> None:
        self.deal, self.phase, self.trick, self.stock = deal, phase, trick, stock
        self.next_dealer = next_dealer
        self.leader, self.dealer, self.trump, self.quick = leader, dealer, trump, quick
        self.may_declare, self.may_exchange, self.may_look = may_declare, may_exchange, may_look
        self.tricks, self.finished, self.winner = tricks, finished, winner
        self.set_aside = set_aside


class Snapshot(_Value):
    """The ``game`` and its ``sheet`` from one reading of the file: its ``status()`` and its
    ``log()`` are of the same moment."""

    __slots__ = ("game", "sheet")

    def __init__(self, game: Game, sheet: Sheet) -> None:
        self.game, self.sheet = game, sheet

    def status(self) -> StatusView:
        return status_of(self.sheet)

    def log(self, *, corrections: bool = False) -> LogView:
        return log_of(self.game, self.sheet, corrections)


class LogEntry(_Value):
    """One effective event: its ``number``, the ``event``, when it was entered (``at``, None
    when unknown), when a correction put it in (``corrected``, None for a recorded event),
    its ``notices``, and ``set_aside``: why the referee no longer takes it, a stored event
    kept in the file but not counted (None: it stands); ``taken_by``: for a trick, who took it
    (None for any other event, or a trick that does not stand)."""

    __slots__ = ("at", "corrected", "event", "notices", "number", "set_aside", "taken_by")

    def __init__(
        self,
        number: int,
        event: Event,
        at: datetime | None,
        corrected: datetime | None,
        notices: tuple[Verdict, ...],
        set_aside: Verdict | None = None,
        taken_by: str | None = None,
    ) -> None:
        self.number, self.event, self.at = number, event, at
        self.corrected, self.notices, self.set_aside = corrected, notices, set_aside
        self.taken_by = taken_by


class LogView(_Value):
    """The game's effective events (``entries``), the ``rules`` they were judged under and
    the ``players``; ``corrections``: the trail when asked for (else None)."""

    __slots__ = ("corrections", "entries", "players", "rules")

    def __init__(
        self,
        players: tuple[str, str],
        rules: Ruleset,
        entries: tuple[LogEntry, ...],
        corrections: tuple[Correction, ...] | None,
    ) -> None:
        self.players, self.rules, self.entries = players, rules, entries
        self.corrections = corrections

    @property
    def any_corrected(self) -> bool:
        """Whether a correction put in any of the effective events."""
        return any(e.corrected is not None for e in self.entries)

    @property
    def any_set_aside(self) -> bool:
        """Whether the referee set any stored event aside."""
        return any(e.set_aside is not None for e in self.entries)


def _may_declare(sheet: Sheet) -> tuple[MayDeclare, ...]:
    """What each player may declare before the next card (§4.3, ``declaration_bar``)."""
    from ..domain.declarations import Kind
    from ..referee import declaration_bar, forfeit_in_force

    deal = sheet.current
    if deal is None or sheet.finished:
        return ()
    mays = []
    for p in sheet.players:
        kinds = tuple(
            kind
            for kind in (Kind.SEQUENCE, Kind.FOUR, Kind.MARRIAGE)
            if declaration_bar(sheet.rules, deal, p, kind) is None
        )
        # the asker's forfeit [001]: no class above this one now (None: no limit)
        ask = forfeit_in_force(sheet.rules, deal, p)
        mays.append(MayDeclare(p, kinds, ask.about.decl.value_class if ask is not None else None))
    return tuple(mays)


def status_of(sheet: Sheet) -> StatusView:
    """Where the current deal of ``sheet`` stands and what may be done now."""
    from ..referee import exchange_bar, stock_before
    from ..referee.deals import next_dealer
    from ..referee.records import may_look_at_tricks

    deal = sheet.deals[-1] if sheet.deals else None
    aside = tuple(sorted(sheet.set_aside))
    if deal is None:
        return StatusView(
            0, "over", 0, 0, None, None, None, None, (), False, False, None, sheet.finished,
            sheet.winner, aside, next_dealer(sheet),
        )  # fmt: skip
    k = deal.next_trick
    open_ = not deal.finished and not sheet.finished
    stock = stock_before(k) if open_ else 0
    return StatusView(
        deal=deal.number,
        phase=deal.phase if open_ else "over",
        trick=k if open_ else len(deal.tricks),
        stock=stock,
        leader=deal.leader if open_ else None,
        dealer=deal.dealer,
        trump=deal.trump,
        quick=deal.quick,
        may_declare=_may_declare(sheet),
        may_exchange=bool(open_ and exchange_bar(sheet.rules, deal) is None),
        may_look=bool(open_ and may_look_at_tricks(stock)),
        tricks={p: deal.tricks_taken(p) for p in sheet.players},
        finished=sheet.finished,
        winner=sheet.winner,
        set_aside=aside,
        next_dealer=next_dealer(sheet),
    )


def log_of(game: Game, sheet: Sheet, corrections: bool = False) -> LogView:
    """The effective events of ``game`` with their times and notices (from its ``sheet``);
    with ``corrections``, the trail too."""
    corrected = game.corrected() if game.corrections else {}
    aside = sheet.set_aside
    taken = {tr.event: tr.winner for d in sheet.deals for tr in d.tricks}  # who took each trick
    entries = tuple(
        LogEntry(
            i,
            e,
            game.time_of(i),
            corrected[i].at if i in corrected else None,
            tuple(sheet.notices_for(i)),
            aside.get(i),
            taken.get(i),
        )
        for i, e in enumerate(game.events, start=1)
    )
    trail = tuple(game.corrections) if corrections else None
    return LogView(game.players, game.rules, entries, trail)
