"""Events: what happened at the table, one record each, appended to the game file in order.

Each event is an immutable NamedTuple with ``to_dict`` (a TOML table, absent fields omitted:
TOML has no null) and ``event_from_dict``. Players are stored by the names given to ``terts new``.

Defining one: a NamedTuple decorated ``@event``, its ``type`` a ``_TypeName``, its fields, its
``to_dict``; its fields in ``_FIELDS``, its reading in ``_build``, its class in ``Event``.
"""

import enum
from collections.abc import Callable
from typing import Any, Literal, NamedTuple, TypeVar, overload

from ..errors import GameFileError, NotationError
from .cards import FOLD, Card, Suit, parse_card, parse_suit
from .declarations import Declaration, parse_combo
from .verdicts import Verdict, clipped

__all__ = [
    "PenaltyKind",
    "Event",
    "DealEvent",
    "Declare",
    "Challenge",
    "Score",
    "Penalty",
    "Claim",
    "Trick",
    "Exchange",
    "Ask",
    "SetTrump",
    "Note",
    "NOTE_MOST",
    "event",
    "event_from_dict",
]


class PenaltyKind(enum.Enum):
    """The offences of §6 ("штрафы")."""

    def __repr__(self) -> str:  # as it is written in Python (``Suit.HEARTS``), not <...: ...>
        return f"{type(self).__name__}.{self.name}"

    __hash__ = object.__hash__  # by identity, in C (as ``cards.Suit``'s, which says why)

    FALSE_DECLARATION = "false-declaration"
    MISCOUNT = "miscount"
    EMPTY_CHALLENGE = "empty-challenge"
    LATE_DECLARATION = "late-declaration"
    OUT_OF_TURN_DRAW = "out-of-turn-draw"
    WRONG_HAND_SIZE = "wrong-hand-size"
    DRAW_BEFORE_BREAK = "draw-before-break"
    RENEGE = "renege"
    TRUMP_SEVEN = "trump-seven"
    LOWERING = "lowering"

    @classmethod
    def parse(cls, text: str) -> "PenaltyKind":
        """Read a kind by its name or a table word (Russian, Ukrainian); raises NotationError."""
        word = "-".join(text.lower().translate(FOLD).replace("_", "-").split())
        if word in _PENALTY_WORDS:
            return _PENALTY_WORDS[word]
        kinds = ", ".join(k.value for k in cls)
        raise NotationError(Verdict("err.penalty_kind", {"text": text, "kinds": kinds}))

    @property
    def loses_game(self) -> bool:
        """Offences that lose the whole game [000][001][004]."""
        return self in (
            PenaltyKind.OUT_OF_TURN_DRAW,
            PenaltyKind.WRONG_HAND_SIZE,
            PenaltyKind.DRAW_BEFORE_BREAK,
        )


#: The table's words for each kind, by the language they are of: every one is accepted
#: whatever the language of the output (folded as ``parse`` folds: lower case, е for ё, no
#: apostrophe, a hyphen for a space); ``terts penalty --help`` lists those of its language.
PENALTY_WORDS: dict[str, dict[PenaltyKind, tuple[str, ...]]] = {
    "en": {
        PenaltyKind.FALSE_DECLARATION: ("false",),
    },
    "ru": {
        PenaltyKind.FALSE_DECLARATION: ("ложное", "ложное-объявление", "фальшивое"),
        PenaltyKind.MISCOUNT: (
            *("подсчет", "неправильный-подсчет", "пересчет", "ошибка-в-подсчете"),
            "неверный-подсчет",
        ),
        PenaltyKind.EMPTY_CHALLENGE: ("рост", "рост-без-комбинации", "пустой-рост", "от-чего"),
        PenaltyKind.LATE_DECLARATION: ("поздно", "позднее", "позднее-объявление"),
        PenaltyKind.OUT_OF_TURN_DRAW: ("чужой-подъем", "подъем"),
        PenaltyKind.WRONG_HAND_SIZE: (
            *("лишняя-карта", "лишняя", "недостающая-карта", "нехватка"),
            "лишняя-или-недостающая",
        ),
        PenaltyKind.DRAW_BEFORE_BREAK: ("добор-до-ломки", "до-ломки"),
        PenaltyKind.RENEGE: ("нарушение-хода", "не-в-масть", "ренонс"),
        PenaltyKind.TRUMP_SEVEN: ("семерка", "козырная-семерка"),
        PenaltyKind.LOWERING: ("понижение", "понижение-ранга"),
    },
    "uk": {
        PenaltyKind.FALSE_DECLARATION: ("хибне", "хибне-оголошення", "фальшиве", "неправдиве"),
        PenaltyKind.MISCOUNT: (
            *("підрахунок", "перерахунок", "неправильний-підрахунок", "помилка"),
        ),
        PenaltyKind.EMPTY_CHALLENGE: ("рост", "ріст", "відчого", "порожній-рост"),
        PenaltyKind.LATE_DECLARATION: ("пізно", "пізнє", "пізнє-оголошення"),
        PenaltyKind.OUT_OF_TURN_DRAW: ("чужий-підйом", "підйом", "не-в-чергу"),
        PenaltyKind.WRONG_HAND_SIZE: ("зайва", "зайва-карта", "бракує-карти", "нестача"),
        PenaltyKind.DRAW_BEFORE_BREAK: ("до-ламання", "добір-до-ламання"),
        PenaltyKind.RENEGE: ("порушення-ходу", "не-в-масть", "ренонс"),
        PenaltyKind.TRUMP_SEVEN: ("сімка", "козирна-сімка"),
        PenaltyKind.LOWERING: ("пониження", "пониження-рангу"),
    },
}
#: Words still read for old habits but never offered (not in the help, not completed): «взял»
#: is a past tense with a player as its subject, which shows a gender.
FORMER_PENALTY_WORDS: dict[str, PenaltyKind] = {
    "взял-до-ломки": PenaltyKind.DRAW_BEFORE_BREAK,
}
_PENALTY_WORDS: dict[str, PenaltyKind] = {k.value: k for k in PenaltyKind}
for _words in PENALTY_WORDS.values():
    for _kind, _listed in _words.items():
        _PENALTY_WORDS.update(dict.fromkeys(_listed, _kind))
_PENALTY_WORDS.update(FORMER_PENALTY_WORDS)
ALL_PENALTY_WORDS = _PENALTY_WORDS
"""Every word ``PenaltyKind.parse`` reads (the kinds' names, the table's words, the former
ones), with the kind it names: what a face offers for completion."""


class _TypeName:
    """An event's ``type``, its name in the game file: the same on the class (``DealEvent.type``,
    what the judges are listed by) and on each event. Made by decorating a method that returns
    it: a type checker takes any plain assignment in a NamedTuple's body for a field."""

    __slots__ = ("name",)

    def __init__(self, method: Callable[[Any], str]) -> None:
        self.name = method(None)

    def __get__(self, instance: object, owner: type | None = None) -> str:
        return self.name


_E = TypeVar("_E", bound=tuple[Any, ...])


def _same_event(self: tuple[Any, ...], other: object) -> bool:
    return other.__class__ is self.__class__ and tuple.__eq__(self, other)


def _other_event(self: tuple[Any, ...], other: object) -> bool:
    return not _same_event(self, other)


def _event_hash(self: tuple[Any, ...]) -> int:
    return hash((self.__class__.__name__, tuple.__hash__(self)))


def event(cls: type[_E]) -> type[_E]:
    """An event compares by its kind, then its fields (as python-chess's ``Move`` does): a
    NamedTuple alone is a tuple, so ``Exchange("Ann") == Ask("Ann")`` would hold, a set of the
    two hold one, and a log whose event changed kind look unchanged to the kept walk
    (``game.walk``). A decorator, for a NamedTuple takes no base class of its own."""
    methods = {"__eq__": _same_event, "__ne__": _other_event, "__hash__": _event_hash}
    for name, method in methods.items():
        setattr(cls, name, method)
    return cls


@event
class DealEvent(NamedTuple):
    """A new deal: dealer (None: by rotation), trump suit and face-up card when known."""

    @_TypeName
    def type(self) -> str:
        return "deal"

    dealer: str | None = None
    trump: Suit | None = None
    trump_card: Card | None = None
    quick: bool = False  # the tricks are not followed: declarations are not timed

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": self.type}
        if self.quick:
            d["quick"] = True
        if self.dealer:
            d["dealer"] = self.dealer
        if self.trump:
            d["trump"] = self.trump.value
        if self.trump_card:
            d["trump_card"] = str(self.trump_card)
        return d


@event
class Declare(NamedTuple):
    """A player declares one or more combinations before his card."""

    @_TypeName
    def type(self) -> str:
        return "declare"

    player: str
    combos: tuple[Declaration, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "player": self.player, "combos": [str(c) for c in self.combos]}


@event
class Challenge(NamedTuple):
    """The opponent beats the latest declaration ("Не годится!") with his own."""

    @_TypeName
    def type(self) -> str:
        return "challenge"

    player: str
    combo: Declaration

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "player": self.player, "combo": str(self.combo)}


@event
class Score(NamedTuple):
    """Quick mode: ``by`` counted ``points`` card points (last trick included); closes the deal."""

    @_TypeName
    def type(self) -> str:
        return "score"

    by: str
    points: int
    last_trick: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "by": self.by,
            "points": self.points,
            "last_trick": self.last_trick,
        }


@event
class Penalty(NamedTuple):
    """An offence of §6; ``target`` is the event number of the declaration it voids, ``combo``
    the false one of that event's several combinations."""

    @_TypeName
    def type(self) -> str:
        return "penalty"

    player: str
    kind: PenaltyKind
    points: int | None = None
    target: int | None = None
    combo: Declaration | None = None

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": self.type, "player": self.player, "kind": self.kind.value}
        if self.points is not None:
            d["points"] = self.points
        if self.target is not None:
            d["event"] = self.target
        if self.combo is not None:
            d["combo"] = str(self.combo)
        return d


@event
class Claim(NamedTuple):
    """A player claims the win during a deal; quick mode states tricks and card points so far."""

    @_TypeName
    def type(self) -> str:
        return "claim"

    player: str
    tricks: int | None = None
    card_points: int | None = None

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": self.type, "player": self.player}
        if self.tricks is not None:
            d["tricks"] = self.tricks
        if self.card_points is not None:
            d["card_points"] = self.card_points
        return d


@event
class Trick(NamedTuple):
    """One trick, the leader's card first."""

    @_TypeName
    def type(self) -> str:
        return "trick"

    lead: Card
    follow: Card

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "cards": [str(self.lead), str(self.follow)]}


@event
class Exchange(NamedTuple):
    """A player swaps the trump 7 for the face-up trump card."""

    @_TypeName
    def type(self) -> str:
        return "exchange"

    player: str

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "player": self.player}


@event
class Ask(NamedTuple):
    """A player asked «Рост?» / «От чего?» about the opponent's declaration and did not beat it."""

    @_TypeName
    def type(self) -> str:
        return "ask"

    player: str

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "player": self.player}


@event
class SetTrump(NamedTuple):
    """The trump of the open deal, recorded after the deal was: its suit, the face-up card."""

    @_TypeName
    def type(self) -> str:
        return "trump"

    trump: Suit
    trump_card: Card | None = None

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": self.type, "trump": self.trump.value}
        if self.trump_card:
            d["trump_card"] = str(self.trump_card)
        return d


NOTE_MOST = 200
"""The most characters a note holds: a line at the table (a misdeal, a dispute), not a diary."""


def note_text(text: str) -> str | None:
    """A note's text as it is kept (spaces at its ends trimmed), or None when it is not one:
    empty, longer than NOTE_MOST, or with a control character (a line break, an escape), which
    no sheet or page could show as written."""
    text = text.strip()
    if not text or len(text) > NOTE_MOST or any(ord(c) < 32 or 127 <= ord(c) < 160 for c in text):
        return None
    return text


@event
class Note(NamedTuple):
    """The players' words on a deal (a misdeal, a dispute, who shuffled): shown with the deal
    on the sheet, counted nowhere. ``deal``: its number (None: the last deal at its place)."""

    @_TypeName
    def type(self) -> str:
        return "note"

    text: str
    deal: int | None = None

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": self.type, "text": self.text}
        if self.deal is not None:
            d["deal"] = self.deal
        return d


MAX_POINTS = 1000
"""The most points an event may carry in the game file (a deal holds 150 card points plus the
last-trick bonus; penalties are a few hundred at most): a bound against damaged files."""

MAX_TRICKS = 16
"""A deal of 32 cards has 16 tricks."""

MAX_COMBOS = 8
"""The most declarations one ``declare`` event may hold."""

_FIELDS: dict[str, tuple[str, ...]] = {
    "deal": ("dealer", "trump", "trump_card", "quick"),
    "declare": ("player", "combos"),
    "challenge": ("player", "combo"),
    "score": ("by", "points", "last_trick"),
    "penalty": ("player", "kind", "points", "event", "combo"),
    "claim": ("player", "tricks", "card_points"),
    "trick": ("cards",),
    "exchange": ("player",),
    "ask": ("player",),
    "trump": ("trump", "trump_card"),
    "note": ("text", "deal"),
}
"""Each event kind's fields in the game file (besides ``type`` and the optional ``at``)."""

_MISSING = object()


class _Expect:
    """What a field accepts, as a message key and its fields, made a verdict only when a field
    is wrong: a file of 200 events is checked without making some 1,500 verdicts."""

    __slots__ = ("fields", "key")

    def __init__(self, key: str, **fields: Any):
        self.key, self.fields = key, fields

    def verdict(self) -> Verdict:
        return Verdict(self.key, self.fields)


class _Bad(Exception):
    """One field of one event is wrong: (field, value shown, what is accepted)."""

    def __init__(self, field: str, value: Any, expected: "_Expect | str"):
        super().__init__(field)
        self.field, self.value, self.expected = field, value, expected


def shown_value(value: Any) -> str:
    """A stored value as a short one-line repr (control characters escaped by repr)."""
    return clipped(repr(value), 60)


# The readers below return the field's value, of the kind asked for (``None`` only when the
# field is absent and not required: the overloads say so to the type checker).
_T = TypeVar("_T")


@overload
def _get(
    d: dict[str, Any],
    key: str,
    kind: type[_T],
    expected: _Expect | str,
    required: Literal[True] = ...,
) -> _T: ...
@overload
def _get(
    d: dict[str, Any], key: str, kind: type[_T], expected: _Expect | str, required: bool
) -> _T | None: ...
def _get(
    d: dict[str, Any], key: str, kind: type[_T], expected: _Expect | str, required: bool = True
) -> _T | None:
    if key not in d:
        if required:
            raise _Bad(key, _MISSING, expected)
        return None
    value = d[key]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise _Bad(key, value, expected)
    if not isinstance(value, kind):
        raise _Bad(key, value, expected)
    return value


@overload
def _int(
    d: dict[str, Any], key: str, low: int, high: int, required: Literal[True] = ...
) -> int: ...
@overload
def _int(d: dict[str, Any], key: str, low: int, high: int, required: bool) -> int | None: ...
def _int(d: dict[str, Any], key: str, low: int, high: int, required: bool = True) -> int | None:
    value = d.get(key)
    if type(value) is int and low <= value <= high:  # a good one, taken without a word made
        return value
    expected = _Expect("store.expect.int", low=low, high=high)
    value = _get(d, key, int, expected, required)
    if value is not None and not low <= value <= high:
        raise _Bad(key, value, expected)
    return value


@overload
def _name(
    d: dict[str, Any], key: str, players: tuple[str, ...] | None, required: Literal[True] = ...
) -> str: ...
@overload
def _name(
    d: dict[str, Any], key: str, players: tuple[str, ...] | None, required: bool
) -> str | None: ...
def _name(
    d: dict[str, Any], key: str, players: tuple[str, ...] | None, required: bool = True
) -> str | None:
    value = d.get(key)
    if type(value) is str and (not players or value in players):  # good: no word made
        return value
    expected = (
        _Expect("store.expect.player", a=players[0], b=players[1])
        if players
        else _Expect("store.expect.string")
    )
    value = _get(d, key, str, expected, required)
    if value is not None and players and value not in players:
        raise _Bad(key, value, expected)
    return value


@overload
def _parsed(
    d: dict[str, Any],
    key: str,
    parse: Callable[[str], _T],
    expected: _Expect | str,
    required: Literal[True] = ...,
) -> _T: ...
@overload
def _parsed(
    d: dict[str, Any], key: str, parse: Callable[[str], _T], expected: _Expect | str, required: bool
) -> _T | None: ...
def _parsed(
    d: dict[str, Any],
    key: str,
    parse: Callable[[str], _T],
    expected: _Expect | str,
    required: bool = True,
) -> _T | None:
    value = _get(d, key, str, expected, required)
    if value is None:
        return None
    known = _PARSED.get((parse, value))
    if known is not None:
        return known  # type: ignore[no-any-return]  # what ``parse`` gave for this text
    try:
        parsed = parse(value)
    except (NotationError, ValueError):
        raise _Bad(key, value, expected) from None
    if len(_PARSED) >= _MOST_PARSED:
        _PARSED.clear()
    _PARSED[(parse, value)] = parsed
    return parsed


#: What each reader gave for a text (``parse_combo``, ``parse_card``, ``parse_suit``,
#: ``PenaltyKind.parse``: each depends on the text alone, whatever the language, and gives an
#: immutable value): a game file says "4A" or "hearts" again and again, and a library's
#: thousands of files the same few hundred texts; parsing each anew was a tenth of building a
#: game's events. At most ``_MOST_PARSED`` kept (a file of made-up texts cannot grow it).
_PARSED: dict[tuple[Callable[[str], Any], str], Any] = {}
_MOST_PARSED = 4096


#: The keys each kind's table may hold, as a set: checked at once, in C, for every event read.
_ALLOWED = {kind: frozenset((*fields, "type", "at")) for kind, fields in _FIELDS.items()}


def _build(d: dict[str, Any], number: int, players: tuple[str, ...] | None) -> "Event":
    kind = d.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        expected = _Expect("store.expect.one_of", choices=", ".join(_FIELDS))
        raise _Bad("type", d.get("type", _MISSING), expected)
    if not d.keys() <= _ALLOWED[kind]:  # the first key not allowed named, in the table's order
        allowed = (*_FIELDS[kind], "type", "at")
        for key in d:
            if key not in allowed:
                expected = _Expect("store.expect.keys", kind=kind, keys=", ".join(allowed))
                raise _Bad(key, d[key], expected)
    if "at" in d:
        import datetime

        _get(d, "at", datetime.datetime, _Expect("store.expect.datetime"))
    card = _Expect("store.expect.card")
    if kind == "deal":
        return DealEvent(
            _name(d, "dealer", players, required=False),
            _parsed(d, "trump", parse_suit, _Expect("store.expect.suit"), required=False),
            _parsed(d, "trump_card", parse_card, card, required=False),
            bool(_get(d, "quick", bool, _Expect("store.expect.bool"), required=False)),
        )
    if kind == "declare":
        expected = _Expect("store.expect.combos", most=MAX_COMBOS)
        combos = _get(d, "combos", list, expected)
        if not 1 <= len(combos) <= MAX_COMBOS:
            raise _Bad("combos", combos, expected)
        parsed = tuple(
            _parsed({"combos": text}, "combos", parse_combo, _Expect("store.expect.combo"))
            for text in combos
        )
        return Declare(_name(d, "player", players), parsed)
    if kind == "challenge":
        return Challenge(
            _name(d, "player", players),
            _parsed(d, "combo", parse_combo, _Expect("store.expect.combo")),
        )
    if kind == "score":
        return Score(
            _name(d, "by", players),
            _int(d, "points", 0, MAX_POINTS),
            _name(d, "last_trick", players),
        )
    if kind == "penalty":
        kinds = _Expect("store.expect.one_of", choices=", ".join(k.value for k in PenaltyKind))
        return Penalty(
            _name(d, "player", players),
            _parsed(d, "kind", PenaltyKind.parse, kinds),
            _int(d, "points", 0, MAX_POINTS, required=False),
            _int(d, "event", 1, max(1, number - 1), required=False),
            _parsed(d, "combo", parse_combo, _Expect("store.expect.combo"), required=False),
        )
    if kind == "claim":
        return Claim(
            _name(d, "player", players),
            _int(d, "tricks", 0, MAX_TRICKS, required=False),
            _int(d, "card_points", 0, MAX_POINTS, required=False),
        )
    if kind == "trick":
        cards = _get(d, "cards", list, _Expect("store.expect.two_cards"))
        if len(cards) != 2:
            raise _Bad("cards", cards, _Expect("store.expect.two_cards"))
        lead = _parsed({"cards": cards[0]}, "cards", parse_card, _Expect("store.expect.two_cards"))
        follow = _parsed(
            {"cards": cards[1]}, "cards", parse_card, _Expect("store.expect.two_cards")
        )
        return Trick(lead, follow)
    if kind == "ask":
        return Ask(_name(d, "player", players))
    if kind == "note":
        expected = _Expect("store.expect.note", most=NOTE_MOST)
        text = _get(d, "text", str, expected)
        if note_text(text) != text:
            raise _Bad("text", text, expected)
        return Note(text, _int(d, "deal", 1, max(1, number - 1), required=False))
    if kind == "trump":
        return SetTrump(
            _parsed(d, "trump", parse_suit, _Expect("store.expect.suit")),
            _parsed(d, "trump_card", parse_card, card, required=False),
        )
    return Exchange(_name(d, "player", players))


def event_from_dict(
    d: Any,
    number: int = 0,
    players: tuple[str, ...] | None = None,
    origin: str | Verdict | None = None,
) -> "Event":
    """Rebuild and validate an event from its game-file table.

    Every field is checked by type and range (points 0..MAX_POINTS, tricks 0..16, an ``event``
    reference to an earlier event, a card, a suit, a declaration, a boolean ``quick``, an
    optional ``at`` datetime); unknown fields are refused. With ``players``, the fields naming a
    player must name one of them. Raises GameFileError naming ``origin`` (the file), the event
    number and the field, and what is accepted.
    """
    try:
        if not isinstance(d, dict):
            raise _Bad("type", d, _Expect("store.expect.table"))
        return _build(d, number, players)
    except _Bad as bad:
        value = Verdict("store.missing") if bad.value is _MISSING else shown_value(bad.value)
        expected = bad.expected.verdict() if isinstance(bad.expected, _Expect) else bad.expected
        params = {
            "origin": origin or Verdict("store.game_file"),
            "number": number,
            "field": bad.field,
            "value": value,
            "expected": expected,
        }
        raise GameFileError(Verdict("store.event_field", params)) from None


#: Any event; each is an immutable NamedTuple (cheap to define at start-up) whose class
#: attribute ``type`` (a ``_TypeName``) names it in the game file.
Event = (
    DealEvent
    | Declare
    | Challenge
    | Score
    | Penalty
    | Claim
    | Trick
    | Exchange
    | Ask
    | SetTrump
    | Note
)
