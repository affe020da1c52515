"""Cards of the 32-card Terts deck: suits, ranks, orders and card points (§1).

Notation on input (case-insensitive, emoji variation selector ignored, ё read as е, an
apostrophe ' ’ ʼ ` dropped): rank first, then suit — ``A♥ Ah AH Тч 10h Th 10ч Вп Qs Дб 7♣ 7c 7т
7к Квино Ддзв Тх``. ``str(card)`` gives ``Q♥``; ``card.letters`` gives ``Qh`` for terminals that
cannot print suit symbols.

The Russian and Ukrainian table words share letters between ranks and suits (т = туз and трефа,
к = король and крести, в = валет, д = дама): the position in a card decides (rank first). A
suit that a trump may name alone (``--trump``) is never a rank letter, so «вино» (♠) and
«дзвінка» (♦) have no one-letter form (``вн``, ``дз``/``дзв``): ``--trump В`` stays a card
without a suit, refused, rather than spades. Every word is accepted whatever the language
of the output (README, "Languages").
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import NamedTuple, TypeVar

from ..errors import NotationError
from .verdicts import Verdict

__all__ = [
    "Suit",
    "Rank",
    "Card",
    "DECK",
    "LAST_TRICK_POINTS",
    "DEAL_POINTS",
    "parse_card",
    "parse_cards",
    "parse_suit",
    "parse_rank",
]

VARIATION_SELECTOR = "\ufe0f"

_V = TypeVar("_V")


def word_table(words_by_value: dict[_V, str]) -> dict[str, _V]:
    """``{value: "a b c"}`` read as ``{"a": value, "b": value, "c": value}``: the words the
    table writes for a thing, each one looked up alone. A word given for two things is a
    mistake in the table (one of them would be lost): ValueError, at import."""
    table: dict[str, _V] = {}
    for value, words in words_by_value.items():
        for word in words.split():
            if table.setdefault(word, value) != value:
                raise ValueError(f"{word!r} stands for both {table[word]!r} and {value!r}")
    return table


class Suit(enum.Enum):
    """A suit; the value is the English name used in JSON (the public contract)."""

    def __repr__(self) -> str:  # as it is written in Python (``Suit.HEARTS``), not <...: ...>
        return f"{type(self).__name__}.{self.name}"

    # Hashed by identity, in C: each member is the only object equal to it (an Enum compares by
    # identity), so this is the hash Enum's own gives in effect, without its Python-level
    # ``hash(self._name_)``: cards in sets and dicts hash two members each, a third of a million
    # times in a first build of 3,000 games (about 3 % of it). No order depends on it: Enum's own
    # hash of a name is seeded anew in every process.
    __hash__ = object.__hash__

    SPADES = "spades"
    CLUBS = "clubs"
    DIAMONDS = "diamonds"
    HEARTS = "hearts"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOL[self]

    @property
    def letter(self) -> str:
        return self.value[0]

    @property
    def russian(self) -> str:
        """The table's word: пики, трефы, бубны, черви."""
        return _SUIT_RUSSIAN[self]

    def __str__(self) -> str:
        return self.symbol

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit word, letter or symbol; raises NotationError."""
        return parse_suit(text)


_SUIT_SYMBOL = {Suit.SPADES: "♠", Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥"}
_SUIT_RUSSIAN = {
    Suit.SPADES: "пики",
    Suit.CLUBS: "трефы",
    Suit.DIAMONDS: "бубны",
    Suit.HEARTS: "черви",
}

# Every way the table writes a suit, in English, Russian and Ukrainian (folded: lower case, е
# for ё, no apostrophe). "к" is крести here; as a rank it is король (position decides); "х"
# (хрести) and "ж" (жир) are no rank's letter.
_SUIT_WORDS: dict[str, Suit] = word_table(
    {
        Suit.SPADES: "s ♠ ♤ spade spades п пик пики пика пиковые пиковой вини вины "
        "піка піки пік піковий вино вина вини виновий вн",
        Suit.CLUBS: "c ♣ ♧ club clubs т к треф трефы трефа крести кресты крест крестей трефовые "
        "трефи трефовий х хрест хрести хреста хрестовий ж жир жирі жировий",
        Suit.DIAMONDS: "d ♦ ♢ diamond diamonds б бубна бубны бубен буби бубей бубновые "
        "бубни бубон бубновий дзвінка дзвінки дзвінок дзвінковий дз дзв",
        Suit.HEARTS: "h ♥ ♡ heart hearts ч черви червы чирва червей червовые червонные "
        "чирви черва чирвовий червовий",
    }
)


class Rank(enum.Enum):
    """A rank; the value is the notation used in JSON (``A K Q J 10 9 8 7``)."""

    def __repr__(self) -> str:  # as it is written in Python (``Suit.HEARTS``), not <...: ...>
        return f"{type(self).__name__}.{self.name}"

    __hash__ = object.__hash__  # by identity, in C (as ``cards.Suit``'s, which says why)

    ACE = "A"
    KING = "K"
    QUEEN = "Q"
    JACK = "J"
    TEN = "10"
    NINE = "9"
    EIGHT = "8"
    SEVEN = "7"

    def __str__(self) -> str:
        return self.value

    @property
    def sequence_index(self) -> int:
        """Position in sequence order, 7 = 0 … A = 7 [000][001]."""
        return SEQUENCE_ORDER.index(self)

    @property
    def russian(self) -> str:
        """The table's letter: Т К Д В 10 9 8 7."""
        return _RANK_RUSSIAN[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank; raises NotationError."""
        return parse_rank(text)


_RANK_WORDS: dict[str, Rank] = word_table(
    {
        Rank.ACE: "a т ace туз",
        Rank.KING: "k к king король",
        Rank.QUEEN: "q д queen дама краля",
        Rank.JACK: "j в jack валет хлоп",
        Rank.TEN: "10 t ten десятка",
        Rank.NINE: "9 nine девятка",
        Rank.EIGHT: "8 eight восьмерка вісімка",
        Rank.SEVEN: "7 seven семерка сімка",
    }
)

_RANK_RUSSIAN = {
    Rank.ACE: "Т",
    Rank.KING: "К",
    Rank.QUEEN: "Д",
    Rank.JACK: "В",
    Rank.TEN: "10",
    Rank.NINE: "9",
    Rank.EIGHT: "8",
    Rank.SEVEN: "7",
}
#: Sequence order for declarations, low to high [000][001]: "полтинник от Валета" is J 10 9 8.
SEQUENCE_ORDER: tuple[Rank, ...] = (
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.TEN,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
    Rank.ACE,
)
#: Trick order of a plain suit, low to high [000][002][003]: 7 8 9 J Q K 10 A.
PLAIN_ORDER: tuple[Rank, ...] = (
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
    Rank.TEN,
    Rank.ACE,
)
#: Trick order of the trump suit, low to high [000][002][003]: 7 8 Q K 10 A 9 J.
TRUMP_ORDER: tuple[Rank, ...] = (
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.QUEEN,
    Rank.KING,
    Rank.TEN,
    Rank.ACE,
    Rank.NINE,
    Rank.JACK,
)
#: Card points [all sources].
PLAIN_POINTS = {
    Rank.ACE: 11,
    Rank.TEN: 10,
    Rank.KING: 3,
    Rank.QUEEN: 2,
    Rank.JACK: 1,
    Rank.NINE: 0,
    Rank.EIGHT: 0,
    Rank.SEVEN: 0,
}
TRUMP_POINTS = {**PLAIN_POINTS, Rank.JACK: 20, Rank.NINE: 13}
#: The last trick's bonus [all]; with it every deal holds 150 card points [000][002].
LAST_TRICK_POINTS = 10
CARD_POINTS = 140  # the 32 cards under any trump
DEAL_POINTS = CARD_POINTS + LAST_TRICK_POINTS


class Card(NamedTuple):
    """A card: ``Card(Rank.QUEEN, Suit.HEARTS)``; ``str()`` is ``Q♥``.

    An immutable value (a NamedTuple: cheaper to define at start-up than a frozen dataclass).
    """

    rank: Rank
    suit: Suit

    def __str__(self) -> str:
        return f"{self.rank.value}{self.suit.symbol}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def letters(self) -> str:
        """ASCII notation, ``Qh``, for terminals without suit symbols."""
        return f"{self.rank.value}{self.suit.letter}"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card in any accepted notation; raises NotationError."""
        return parse_card(text)

    def points(self, trump: Suit | None) -> int:
        """Card points of this card under a trump suit [all]."""
        return (TRUMP_POINTS if self.suit == trump else PLAIN_POINTS)[self.rank]

    def trick_strength(self, trump: Suit | None) -> int:
        """Position in the trick order of its suit (trump order when it is trump)."""
        return (TRUMP_ORDER if self.suit == trump else PLAIN_ORDER).index(self.rank)

    def sort_key(self) -> tuple[int, int]:
        return (list(Suit).index(self.suit), -self.rank.sequence_index)


DECK: tuple[Card, ...] = tuple(Card(r, s) for s in Suit for r in reversed(SEQUENCE_ORDER))


#: What a word is read without: the emoji variation selector and the apostrophes (п'ятдесят,
#: мар’яж, дзвінкаʼ), and ё read as е.
FOLD = str.maketrans(
    {VARIATION_SELECTOR: None, "'": None, "’": None, "ʼ": None, "`": None, "ё": "е"}
)


def _clean(text: str) -> str:
    return text.lower().translate(FOLD).strip()


def parse_suit(text: str) -> Suit:
    """Read a suit: ``h ♥ hearts черви ч`` …; raises NotationError naming what is accepted."""
    word = _clean(text)
    if word in _SUIT_WORDS:
        return _SUIT_WORDS[word]
    raise NotationError(Verdict("err.suit.unknown", {"text": text, "accepted": _SUITS}))


def parse_rank(text: str) -> Rank:
    """Read a rank: ``A K Q J 10 T 9 8 7`` or ``Т К Д В``; raises NotationError."""
    word = _clean(text)
    if word in _RANK_WORDS:
        return _RANK_WORDS[word]
    raise NotationError(Verdict("err.rank.unknown", {"text": text, "accepted": _RANKS}))


#: Letters that look like a card letter of the other alphabet: what the writer likely meant.
_LOOKALIKES = {
    "а": "err.card.lookalike.ace",  # Cyrillic а, read as Latin a
    "b": "err.card.lookalike.jack",  # Latin B for Cyrillic В
    "с": "err.card.lookalike.clubs",  # Cyrillic с, read as Latin c
    "н": "err.card.lookalike.hearts",  # Cyrillic Н, read as Latin H
    "р": "err.card.lookalike.spades",  # Cyrillic р, read as Latin p
}


def _lookalike(part: str) -> Verdict | str:
    """A hint when a letter of the other alphabet was typed: «а» is not A ("" when none)."""
    key = _LOOKALIKES.get(part)
    return Verdict(key, {"char": part}) if key else ""


_SUITS = Verdict("err.accept.suit")  # what a suit may be written as
_RANKS = Verdict("err.accept.rank")


def parse_card(text: str) -> Card:
    """Read one card, rank first then suit (``Q♥ Qh Дч 10h Th 10ч``); raises NotationError."""
    raw = _clean(text)
    if not raw:
        raise NotationError(Verdict("err.card.empty"))
    rank_part, suit_part = (raw[:2], raw[2:]) if raw.startswith("10") else (raw[:1], raw[1:])
    if not suit_part:
        raise NotationError(Verdict("err.card.no_suit", {"text": text}))
    if rank_part not in _RANK_WORDS:
        params = {"text": text, "part": rank_part, "accepted": _RANKS}
        raise NotationError(Verdict("err.card.rank", {**params, "hint": _lookalike(rank_part)}))
    if suit_part not in _SUIT_WORDS:
        params = {"text": text, "part": suit_part, "accepted": _SUITS}
        raise NotationError(Verdict("err.card.suit", {**params, "hint": _lookalike(suit_part)}))
    return Card(_RANK_WORDS[rank_part], _SUIT_WORDS[suit_part])


def parse_cards(text: str | list[str]) -> list[Card]:
    """Read cards separated by commas or spaces; raises NotationError on a repeat."""
    parts = text if isinstance(text, list) else [text]
    words = [w for p in parts for w in p.replace(",", " ").split()]
    cards = [parse_card(w) for w in words]
    seen: set[Card] = set()
    for c in cards:
        if c in seen:
            raise NotationError(Verdict("err.card.twice", {"card": c}))
        seen.add(c)
    return cards


def parse_card_or_suit(text: str) -> tuple[Suit, Card | None]:
    """Read a trump given as a card (the face-up card) or as a suit; raises NotationError."""
    try:
        return parse_suit(text), None
    except NotationError:
        pass
    try:
        card = parse_card(text)
    except NotationError:
        raise NotationError(
            Verdict("err.card_or_suit", {"text": text, "accepted": _SUITS})
        ) from None
    return card.suit, card


def format_cards(cards: Iterable[Card], ascii_only: bool = False) -> str:
    """Cards as the table writes them, high to low within suits."""
    ordered = sorted(cards, key=Card.sort_key)
    return " ".join(c.letters if ascii_only else str(c) for c in ordered)
