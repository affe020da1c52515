"""What a face asks the game to record, as typed values: one request per recording action.

A face holds strings: the words typed on the command line or at the table, the fields of the
page's JSON. A request keeps them as they were given, typed (a text, a number, a flag, a list
of texts), and reads them against the game when it is recorded (``to_event``): a player by a
unique prefix of the name, cards and suits in any of the table's notations, a declaration
against the open deal's trump (a marriage's suit), a penalty kind by its name or the table's
word. So a field can never become anything but the value it is: a trump of ``--color`` is a bad
trump, never an option. Refusals raise ``RefereeError`` (``NotationError``), as the domain's
readers do.

``FIELDS`` is each action's schema, the one place a field is described: its name, kind (``TEXT``,
``NUMBER``, ``FLAG``, ``TEXTS``), whether it is required, its option names on the command line
and whether the table's short form takes it as a word. The table's parser is built from it
(``table.parser``), the page's server checks a JSON body against it (``web``), and a test holds
each ``terts`` command's parameters to it (``tests/cli/test_request_schema.py``). Adding a field
is one more ``Field`` here, the ``__init__`` parameter of the same name, and its parameter on
the command (with its help text); adding an action is one more class here (in ``REQUESTS``), a
command module, and its short form at the table (``table.forms``). Plain classes with their
``__init__`` written out (a recording command imports this module: no class generated at
import).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..domain.cards import Suit
    from ..domain.events import Event
    from .model import Game

__all__ = [
    "AskRequest",
    "ChallengeRequest",
    "ClaimRequest",
    "DealRequest",
    "DeclareRequest",
    "ExchangeRequest",
    "FLAG",
    "Field",
    "NUMBER",
    "NoteRequest",
    "PenaltyRequest",
    "REQUESTS",
    "Request",
    "ScoreRequest",
    "TEXT",
    "TEXTS",
    "LINE",
    "TrickRequest",
    "TrumpRequest",
]

TEXT, NUMBER, FLAG, TEXTS, LINE = "text", "number", "flag", "texts", "line"
"""The kinds of a request's fields: a string, an integer, a boolean, a list of strings."""


class Field:
    """One field of a request, as every face takes it:

    - ``name``: the attribute, the page's JSON key, the command's parameter;
    - ``kind`` (``TEXT``, ``NUMBER``, ``FLAG``, ``TEXTS``; ``LINE``, one text as said: on the
      command line and at the table the rest of the words, joined by one space) and whether it
      is ``required``;
    - ``flags``: the command line's option names (``("--by",)``; a flag's two names as
      ``"--quick/--tricks"``); none for an argument, taken by its place;
    - ``short``: whether the table's short form takes it as a word in its place (``s 54 Боря
      Аня``: points, by, last_trick); every field with ``flags`` is also an option there.

    Its help text is the command's, ``help=`` of the parameter of the same name, translated by
    the catalogues under ``help_key(action)`` (``opt:score:by``); a test holds each command's
    parameters to these fields (names, kinds, option names, help)."""

    __slots__ = ("flags", "kind", "name", "required", "short")

    def __init__(
        self,
        name: str,
        kind: str,
        required: bool = False,
        *,
        flags: tuple[str, ...] = (),
        short: bool = True,
    ) -> None:
        self.name, self.kind, self.required = name, kind, required
        self.flags, self.short = flags, short

    def help_key(self, action: str) -> str:
        """The catalogue's key of this field's help text on ``action``'s help page."""
        return f"opt:{action}:{self.name}"

    def options(self) -> tuple[str, ...]:
        """Every option name that sets it (``--quick/--tricks``: both)."""
        return tuple(name for flag in self.flags for name in flag.split("/"))

    def _key(self) -> tuple[object, ...]:
        return (self.name, self.kind, self.required, self.flags, self.short)

    def __repr__(self) -> str:
        extra = f", flags={self.flags!r}" if self.flags else ""
        extra += "" if self.short else ", short=False"
        return f"Field({self.name!r}, {self.kind!r}, required={self.required}{extra})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Field):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


class Request:
    """A recording action's fields as a face gave them; ``to_event(game)`` reads them."""

    __slots__ = ()
    action: ClassVar[str]
    """The action's name: the ``terts`` command, the page's ``POST api/ACTION``."""
    FIELDS: ClassVar[tuple[Field, ...]]

    def to_event(self, game: Game) -> Event:
        """The event this request stands for in ``game`` as it stands (for a correction: as
        it stood before the corrected event); raises RefereeError for a value it cannot read."""
        raise NotImplementedError

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, f.name) for f in self.FIELDS)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Request)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash((self.action, self._values()))

    def __repr__(self) -> str:
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in self.FIELDS)
        return f"{type(self).__name__}({shown})"


def _trump_of(game: Game) -> Suit | None:
    """The open deal's trump (None before it is known): what a declaration is read against."""
    deal = game.sheet().current
    return deal.trump if deal else None


class DealRequest(Request):
    """``deal``: the next deal, its trump (a suit, or the face-up card), dealer and mode. On an
    open deal recorded without a trump, a trump alone records that trump (``trump``)."""

    __slots__ = ("dealer", "quick", "trump")
    action = "deal"
    FIELDS = (
        Field("trump", TEXT, flags=("--trump", "-t")),
        Field("dealer", TEXT, flags=("--dealer",)),
        Field("quick", FLAG, flags=("--quick/--tricks",)),
    )

    def __init__(
        self, trump: str | None = None, dealer: str | None = None, quick: bool | None = None
    ) -> None:
        self.trump, self.dealer, self.quick = trump, dealer, quick

    def to_event(self, game: Game) -> Event:
        from ..domain.cards import parse_card_or_suit
        from ..domain.events import DealEvent, SetTrump

        suit, card = parse_card_or_suit(self.trump) if self.trump else (None, None)
        if suit is not None and self.dealer is None and self.quick is None:
            current = game.sheet().current
            if current is not None and current.trump is None:
                return SetTrump(suit, card)
        mode = game.quick if self.quick is None else self.quick
        return DealEvent(game.player(self.dealer) if self.dealer else None, suit, card, mode)


class DeclareRequest(Request):
    """``declare``: a player's declaration (several under ``declarations.multiple``)."""

    __slots__ = ("combos", "player")
    action = "declare"
    FIELDS = (Field("player", TEXT, True), Field("combos", TEXTS, True))

    def __init__(self, player: str, combos: Sequence[str]) -> None:
        self.player, self.combos = player, tuple(combos)

    def to_event(self, game: Game) -> Event:
        from ..domain.declarations import parse_said
        from ..domain.events import Declare

        trump = _trump_of(game)
        player = game.player(self.player)  # the player first: named first, refused first
        # The words as typed, quoted or not: «сто королей» is one declaration in two words.
        return Declare(player, parse_said(self.combos, trump, game.rules))


class ChallengeRequest(Request):
    """``challenge``: a player beats the opponent's latest declaration with a higher one."""

    __slots__ = ("combo", "player")
    action = "challenge"
    FIELDS = (Field("player", TEXT, True), Field("combo", LINE, True))

    def __init__(self, player: str, combo: str) -> None:
        self.player, self.combo = player, combo

    def to_event(self, game: Game) -> Event:
        from ..domain.declarations import parse_combo
        from ..domain.events import Challenge

        trump = _trump_of(game)
        player = game.player(self.player)
        return Challenge(player, parse_combo(self.combo, trump, game.rules))


class AskRequest(Request):
    """``ask``: a player asked «Рост?» / «От чего?» about the latest declaration, not beating it."""

    __slots__ = ("player",)
    action = "ask"
    FIELDS = (Field("player", TEXT, True),)

    def __init__(self, player: str) -> None:
        self.player = player

    def to_event(self, game: Game) -> Event:
        from ..domain.events import Ask

        return Ask(game.player(self.player))


class TrumpRequest(Request):
    """``trump``: the trump of an open deal recorded without one (a suit or the face-up card)."""

    __slots__ = ("trump",)
    action = "trump"
    FIELDS = (Field("trump", TEXT, True),)

    def __init__(self, trump: str) -> None:
        self.trump = trump

    def to_event(self, game: Game) -> Event:
        from ..domain.cards import parse_card_or_suit
        from ..domain.events import SetTrump

        return SetTrump(*parse_card_or_suit(self.trump))


class TrickRequest(Request):
    """``trick``: one trick, the leader's card first."""

    __slots__ = ("cards",)
    action = "trick"
    FIELDS = (Field("cards", TEXTS, True),)

    def __init__(self, cards: Sequence[str]) -> None:
        self.cards = tuple(cards)

    def to_event(self, game: Game) -> Event:
        from ..domain.cards import parse_cards
        from ..domain.events import Trick
        from ..domain.verdicts import Verdict
        from ..errors import NotationError

        parsed = parse_cards(list(self.cards))
        if len(parsed) != 2:
            raise NotationError(Verdict("err.trick.two_cards", {"n": len(parsed)}))
        return Trick(parsed[0], parsed[1])


class ExchangeRequest(Request):
    """``exchange``: a player swaps the trump 7 for the face-up trump card."""

    __slots__ = ("player",)
    action = "exchange"
    FIELDS = (Field("player", TEXT, True),)

    def __init__(self, player: str) -> None:
        self.player = player

    def to_event(self, game: Game) -> Event:
        from ..domain.events import Exchange

        return Exchange(game.player(self.player))


class ScoreRequest(Request):
    """``score``: a quick deal's count: who counted how many card points, who took the last
    trick; it closes the deal."""

    __slots__ = ("by", "last_trick", "points")
    action = "score"
    FIELDS = (
        Field("points", NUMBER, True),
        Field("by", TEXT, True, flags=("--by",)),
        Field("last_trick", TEXT, True, flags=("--last-trick",)),
    )

    def __init__(self, points: int, by: str, last_trick: str) -> None:
        self.points, self.by, self.last_trick = points, by, last_trick

    def to_event(self, game: Game) -> Event:
        from ..domain.events import Score

        return Score(game.player(self.by), self.points, game.player(self.last_trick))


class PenaltyRequest(Request):
    """``penalty``: a penalty of the rule book's §6 for a player (``points`` for a miscount,
    ``event``: the declaration it voids, ``combo``: the false one of that event's several)."""

    __slots__ = ("combo", "event", "kind", "player", "points")
    action = "penalty"
    FIELDS = (
        Field("player", TEXT, True),
        Field("kind", TEXT, True),
        Field("points", NUMBER, flags=("--points",)),
        Field("event", NUMBER, flags=("--event",), short=False),
        Field("combo", TEXT, flags=("--combo",), short=False),
    )

    def __init__(
        self,
        player: str,
        kind: str,
        points: int | None = None,
        event: int | None = None,
        combo: str | None = None,
    ) -> None:
        self.player, self.kind, self.points, self.event = player, kind, points, event
        self.combo = combo

    def to_event(self, game: Game) -> Event:
        from ..domain.declarations import parse_combo
        from ..domain.events import Penalty, PenaltyKind

        player = game.player(self.player)
        kind = PenaltyKind.parse(self.kind)
        # read against the deal's trump, as the declaration it names was (a marriage's suit)
        deals = game.sheet().deals
        trump = deals[-1].trump if deals else None
        combo = parse_combo(self.combo, trump, game.rules) if self.combo else None
        return Penalty(player, kind, self.points, self.event, combo)


class ClaimRequest(Request):
    """``claim``: a player claims the win during a deal (in a quick deal, with the tricks and
    card points taken so far)."""

    __slots__ = ("card_points", "player", "tricks")
    action = "claim"
    FIELDS = (
        Field("player", TEXT, True),
        Field("tricks", NUMBER, flags=("--tricks",)),
        Field("card_points", NUMBER, flags=("--card-points",)),
    )

    def __init__(
        self, player: str, tricks: int | None = None, card_points: int | None = None
    ) -> None:
        self.player, self.tricks, self.card_points = player, tricks, card_points

    def to_event(self, game: Game) -> Event:
        from ..domain.events import Claim

        return Claim(game.player(self.player), self.tricks, self.card_points)


class NoteRequest(Request):
    """``note``: the players' words on the last deal (or deal ``deal``): a misdeal, a dispute,
    who shuffled. Kept as written (spaces at its ends trimmed): one line of text."""

    __slots__ = ("deal", "text")
    action = "note"
    FIELDS = (Field("text", LINE, True), Field("deal", NUMBER, flags=("--deal",), short=False))

    def __init__(self, text: str, deal: int | None = None) -> None:
        self.text, self.deal = text, deal

    def to_event(self, game: Game) -> Event:
        from ..domain.events import NOTE_MOST, Note, note_text
        from ..domain.verdicts import Verdict
        from ..errors import NotationError

        text = note_text(self.text)
        if text is None:
            raise NotationError(Verdict("err.note.text", {"most": NOTE_MOST}))
        deal = self.deal
        if deal is None:  # the deal it is written on, named: a later correction cannot move it
            deals = game.sheet().deals
            deal = deals[-1].number if deals else None
        return Note(text, deal)


REQUESTS: dict[str, type[Request]] = {
    r.action: r
    for r in (
        DealRequest,
        DeclareRequest,
        ChallengeRequest,
        AskRequest,
        TrumpRequest,
        TrickRequest,
        ExchangeRequest,
        ScoreRequest,
        PenaltyRequest,
        ClaimRequest,
        NoteRequest,
    )
}
"""Every recording action by name, in the order the commands are listed."""
