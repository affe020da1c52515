"""§1, Cards: notation, trick orders, sequence order, card points, 150 a deal.

Each case names the rule and its source tag as the rule book (docs/rules.md) does.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from terts_referee.domain.cards import (
    DEAL_POINTS,
    DECK,
    LAST_TRICK_POINTS,
    Card,
    Rank,
    Suit,
    parse_card,
    parse_card_or_suit,
    parse_cards,
    parse_rank,
    parse_suit,
)
from terts_referee.errors import NotationError, RefereeError
from tests.helpers import raises_verdict, said

H, S, C, D = Suit.HEARTS, Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS
FE0F = "\ufe0f"
PROPS = settings(max_examples=150, deadline=None, database=None)


def card(rank: str, suit: Suit) -> Card:
    return Card(Rank(rank), suit)


# --- notation ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("A♥", card("A", H), id="A♥ symbol [§1 notation]"),
        pytest.param("Ah", card("A", H), id="Ah letter"),
        pytest.param("AH", card("A", H), id="AH case-insensitive"),
        pytest.param("Тч", card("A", H), id="Тч: Т is туз, ч черви"),
        pytest.param("10h", card("10", H), id="10h"),
        pytest.param("Th", card("10", H), id="Th: latin T is ten"),
        pytest.param("10ч", card("10", H), id="10ч"),
        pytest.param("Вп", card("J", S), id="Вп: валет пик"),
        pytest.param("Qs", card("Q", S), id="Qs"),
        pytest.param("Дб", card("Q", D), id="Дб: дама бубен"),
        pytest.param("7♣", card("7", C), id="7♣"),
        pytest.param("7c", card("7", C), id="7c"),
        pytest.param("7т", card("7", C), id="7т: т as a suit is трефы"),
        pytest.param("7к", card("7", C), id="7к: к as a suit is крести"),
    ],
)
def test_notation_examples_of_rules_section_1(text, expected):
    assert parse_card(text) == expected
    assert Card.parse(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("A♥" + FE0F, card("A", H), id="A♥ + U+FE0F variation selector ignored"),
        pytest.param("7♣" + FE0F, card("7", C), id="7♣ + U+FE0F"),
        pytest.param("10♦" + FE0F, card("10", D), id="10♦ + U+FE0F"),
        pytest.param("Q♠" + FE0F, card("Q", S), id="Q♠ + U+FE0F"),
        pytest.param("ТЧ", card("A", H), id="ТЧ upper-case Cyrillic"),
        pytest.param("дБ", card("Q", D), id="дБ mixed case"),
        pytest.param("  Qh ", card("Q", H), id="surrounding blanks"),
        pytest.param("10черви", card("10", H), id="suit word черви after the rank"),
        pytest.param("Qhearts", card("Q", H), id="suit word hearts after the rank"),
    ],
)
def test_notation_variants(text, expected):
    assert parse_card(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("Кк", card("K", C), id="Кк: first к is король, second крести"),
        pytest.param("Кч", card("K", H), id="Кч: к as the rank is король"),
        pytest.param("7к", card("7", C), id="7к: к after the rank is крести"),
        pytest.param("Тт", card("A", C), id="Тт: first т is туз, second трефы"),
        pytest.param("Тк", card("A", C), id="Тк: туз крести"),
        pytest.param("Кт", card("K", C), id="Кт: король треф"),
        pytest.param("Tт", card("10", C), id="Tт: latin T ten, Cyrillic т трефы"),
    ],
)
def test_position_decides_rank_or_suit_letter(text, expected):
    """`к` is крести as a suit letter and король as the rank letter: position decides [§1]."""
    assert parse_card(text) == expected


@pytest.mark.parametrize(
    ("suit", "words"),
    [
        pytest.param(H, "hearts черви ч h ♥ ♥\ufe0f HEARTS Черви heart червы", id="hearts"),
        pytest.param(S, "spades пики п s ♠ ♠\ufe0f Spades spade пик", id="spades"),
        pytest.param(C, "clubs трефы крести т к c ♣ ♣\ufe0f CLUBS кресты треф", id="clubs"),
        pytest.param(D, "diamonds бубны б d ♦ ♦\ufe0f Diamonds бубен буби", id="diamonds"),
    ],
)
def test_suit_words(suit, words):
    """Suit words, letters and symbols, Russian and English [§1]."""
    for word in words.split():
        assert parse_suit(word) == suit, word
        assert Suit.parse(word) == suit, word


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("ч", (H, None), id="a suit letter names the trump suit"),
        pytest.param("к", (C, None), id="к alone is крести, a suit"),
        pytest.param("hearts", (H, None), id="a suit word"),
        pytest.param("7ч", (H, card("7", H)), id="a card names the face-up trump card"),
        pytest.param("Кч", (H, card("K", H)), id="Кч is a card, not a suit"),
    ],
)
def test_trump_as_suit_or_card(text, expected):
    assert parse_card_or_suit(text) == expected


@pytest.mark.parametrize(
    ("text", "code", "named"),
    [
        pytest.param("6h", "err.card.rank", "'6'", id="6h: no sixes in the 32-card deck"),
        pytest.param("Qx", "err.card.suit", "'x'", id="Qx: unknown suit"),
        pytest.param("1h", "err.card.rank", "'1'", id="1h: unknown rank"),
        pytest.param("Q", "err.card.no_suit", "no suit", id="Q: a card needs a suit"),
        pytest.param("10", "err.card.no_suit", "no suit", id="10: a card needs a suit"),
        pytest.param("", "err.card.empty", "empty", id="empty"),
        pytest.param("hA", "err.card.rank", "'h'", id="hA: rank first, then suit"),
        pytest.param("Ahh", "err.card.suit", "'hh'", id="Ahh: one suit"),
    ],
)
def test_bad_card_names_the_problem_and_what_is_accepted(text, code, named):
    with raises_verdict(NotationError, code) as info:
        parse_card(text)
    message = said(info.value)
    assert "\n" not in message
    assert named in message
    assert "expected" in message
    assert isinstance(info.value, RefereeError) and isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("Qh Qh", id="the same card twice"),
        pytest.param("Qh,Q♥", id="the same card in two notations"),
        pytest.param("Дч Qh", id="the same card, Russian and English"),
    ],
)
def test_card_listed_twice(text):
    with raises_verdict(NotationError, "err.card.twice", "twice"):
        parse_cards(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("Qh Jh 10h", [card("Q", H), card("J", H), card("10", H)], id="spaces"),
        pytest.param("Qh,Jh,10h", [card("Q", H), card("J", H), card("10", H)], id="commas"),
        pytest.param(["Qh", "Jh,10h"], [card("Q", H), card("J", H), card("10", H)], id="argv"),
        pytest.param("", [], id="nothing"),
    ],
)
def test_parse_cards(text, expected):
    assert parse_cards(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("Т", Rank.ACE, id="Т туз"),
        pytest.param("К", Rank.KING, id="К король"),
        pytest.param("Д", Rank.QUEEN, id="Д дама"),
        pytest.param("В", Rank.JACK, id="В валет"),
        pytest.param("T", Rank.TEN, id="latin T ten"),
        pytest.param("10", Rank.TEN, id="10"),
        pytest.param("a", Rank.ACE, id="a"),
    ],
)
def test_rank_letters(text, expected):
    assert parse_rank(text) == expected


def test_deck_has_32_distinct_cards():
    """32 cards, 4 suits of A K Q J 10 9 8 7 [all]."""
    assert len(DECK) == 32 == len(set(DECK))
    assert {c.suit for c in DECK} == set(Suit)
    assert {c.rank for c in DECK} == set(Rank)


@given(st.sampled_from(DECK))
@PROPS
def test_every_card_round_trips_through_every_notation(c):
    """str() gives ``Q♥``, .letters ``Qh``, repr() pastes back; the Russian letters read too."""
    assert str(c) == f"{c.rank.value}{c.suit.symbol}"
    assert parse_card(str(c)) == c
    assert parse_card(c.letters) == c
    assert parse_card(c.letters.upper()) == c
    assert parse_card(str(c) + FE0F) == c
    assert parse_card(c.rank.russian + c.suit.russian[0]) == c
    assert eval(repr(c), {"Card": Card}) == c


# --- orders -----------------------------------------------------------------------------------


def _high_to_low(ranks: str) -> list[Rank]:
    return [Rank(r) for r in ranks.split()]


@pytest.mark.parametrize(
    ("order", "trump"),
    [
        pytest.param("A 10 K Q J 9 8 7", False, id="plain order A 10 K Q J 9 8 7 [000][002][003]"),
        pytest.param("J 9 A 10 K Q 8 7", True, id="trump order J 9 A 10 K Q 8 7 [000][002][003]"),
    ],
)
@pytest.mark.parametrize("suit", list(Suit), ids=lambda s: s.value)
def test_trick_order(order, trump, suit):
    trump_suit = suit if trump else next(s for s in Suit if s != suit)
    cards = [Card(r, suit) for r in Rank]
    ranked = sorted(cards, key=lambda c: c.trick_strength(trump_suit), reverse=True)
    assert [c.rank for c in ranked] == _high_to_low(order)


def test_sequence_order():
    """Sequence order A K Q J 10 9 8 7 [000][001]: "полтинник от Валета" is J 10 9 8."""
    ranked = sorted(Rank, key=lambda r: r.sequence_index, reverse=True)
    assert ranked == _high_to_low("A K Q J 10 9 8 7")
    jack_down = [r for r in ranked if r.sequence_index <= Rank.JACK.sequence_index][:4]
    assert jack_down == _high_to_low("J 10 9 8")


# --- card points ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rank", "plain", "trump"),
    [
        pytest.param("A", 11, 11, id="ace 11 / 11 [all]"),
        pytest.param("10", 10, 10, id="ten 10 / 10 [all]"),
        pytest.param("K", 3, 3, id="king 3 / 3 [all]"),
        pytest.param("Q", 2, 2, id="queen 2 / 2 [all]"),
        pytest.param("J", 1, 20, id="jack 1 / trump jack 20 [all]"),
        pytest.param("9", 0, 13, id="nine 0 / trump nine 13 [all]"),
        pytest.param("8", 0, 0, id="eight 0 [all]"),
        pytest.param("7", 0, 0, id="seven 0 [all]"),
    ],
)
def test_card_points(rank, plain, trump):
    assert card(rank, H).points(S) == plain
    assert card(rank, H).points(H) == trump


@pytest.mark.parametrize("trump", list(Suit), ids=lambda s: f"trump {s.value}")
def test_points_per_suit_and_deck(trump):
    """A trump suit holds 59, a plain suit 27, the deck 140; with the last trick 150 [000][002]."""
    for suit in Suit:
        total = sum(Card(r, suit).points(trump) for r in Rank)
        assert total == (59 if suit == trump else 27)
    deck = sum(c.points(trump) for c in DECK)
    assert deck == 140
    assert deck + LAST_TRICK_POINTS == DEAL_POINTS == 150


@given(
    trump=st.sampled_from(list(Suit)),
    taken=st.sets(st.sampled_from(DECK)),
    last_by_taker=st.booleans(),
)
@PROPS
def test_150_points_in_every_deal(trump, taken, last_by_taker):
    """However the 32 cards fall between the two players, card points + last trick = 150."""
    rest = set(DECK) - taken
    a = sum(c.points(trump) for c in taken) + (LAST_TRICK_POINTS if last_by_taker else 0)
    b = sum(c.points(trump) for c in rest) + (0 if last_by_taker else LAST_TRICK_POINTS)
    assert a + b == DEAL_POINTS == 150
