"""Declarations as the table says them (§4, README "Languages"): the words of the sources and of
the rule book, read as typed, unquoted (a shell splits «сто королей» into two words).

Each phrase is taken from where it is said: the sources' own words ([000] «Терц от Дамы
червей», «Полтинник от Дамы черви», «Терц от 10 крести»; [001] «сто шесть от дамы», «сто от
туза», «стоят четыре валета 200»; [004] «сто королей», «сто тузов», «сто дам») and the rule
book's («терц від Дами», «сто пʼять від Валета»).
"""

from __future__ import annotations

import pytest

from terts_referee.domain.cards import Rank, Suit
from terts_referee.domain.declarations import Declaration, parse_combo, parse_said
from terts_referee.domain.rules import load_ruleset
from terts_referee.errors import NotationError

H, S, D, C = Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS
RULES = load_ruleset("classic")
MULTI = load_ruleset("multi")


def seq(length: int, top: str, suit: Suit) -> Declaration:
    return Declaration.sequence(length, Rank(top), suit)


def four(rank: str) -> Declaration:
    return Declaration.four(Rank(rank))


SAID = [
    # [000]: the run and its top card in the genitive, the suit after it
    pytest.param("Терц от Дамы червей", seq(3, "Q", H), id="[000] Терц от Дамы червей"),
    pytest.param("Терц от Дамы черви", seq(3, "Q", H), id="[000] Терц от Дамы черви"),
    pytest.param("Терц от Короля крестей", seq(3, "K", C), id="[000] Терц от Короля крестей"),
    pytest.param("Терц от Короля крести", seq(3, "K", C), id="[000] Терц от Короля крести"),
    pytest.param("Терц от 10 крести", seq(3, "10", C), id="[000] Терц от 10 крести"),
    pytest.param("Терц от Валета крести", seq(3, "J", C), id="[000] Терц от Валета крести"),
    pytest.param("Полтинник от Дамы черви", seq(4, "Q", H), id="[000] Полтинник от Дамы черви"),
    pytest.param("Пятьдесят от Короля пик", seq(4, "K", S), id="[000] Пятьдесят от Короля пик"),
    pytest.param("105 от Валета бубен", seq(5, "J", D), id="[000] 105 от Валета"),
    pytest.param("Двести Валетов", four("J"), id="[000] Двести Валетов"),
    pytest.param("Сто Дам", four("Q"), id="[000][004] Сто Дам"),
    pytest.param("4 туза", four("A"), id="[000] 4 туза"),
    # [001]: the hundreds said with their top; the fours as four cards
    pytest.param("сто шесть от дамы ♥", seq(6, "Q", H), id="[001] сто шесть от дамы"),
    pytest.param("сто от туза пик", seq(5, "A", S), id="[001] сто от туза"),
    pytest.param("сто семь от короля ♦", seq(7, "K", D), id="[001] сто семь от короля"),
    pytest.param("сто восемь от туза ♣", seq(8, "A", C), id="[001] сто восемь от туза"),
    pytest.param("четыре валета", four("J"), id="[001] стоят четыре валета 200"),
    pytest.param("четыре дамы", four("Q"), id="[001] четыре дамы"),
    pytest.param("четыре короля", four("K"), id="[001] четыре короля"),
    # [004]
    pytest.param("сто королей", four("K"), id="[004] сто королей"),
    pytest.param("сто тузов", four("A"), id="[004] сто тузов"),
    # the short forms: a class and a card; «до» as some tables say the top («терц до дамы»)
    pytest.param("терц Дч", seq(3, "Q", H), id="терц Дч"),
    pytest.param("терц до дамы ♥", seq(3, "Q", H), id="терц до дамы"),
    pytest.param("марьяж черви", Declaration.marriage(H), id="марьяж черви"),
    # the rule book in Ukrainian (docs/rules.uk.md) and the page's words
    pytest.param("терц від Дами чирви", seq(3, "Q", H), id="uk терц від Дами"),
    pytest.param("пʼятдесят від Короля ♠", seq(4, "K", S), id="uk пʼятдесят від Короля"),
    pytest.param("сто пʼять від Валета ♦", seq(5, "J", D), id="uk сто пʼять від Валета"),
    pytest.param("сто королів", four("K"), id="uk сто королів"),
    pytest.param("чотири валети", four("J"), id="uk чотири валети"),
    pytest.param("двісті валетів", four("J"), id="uk двісті валетів"),
    # English, as the English page names them
    pytest.param("terts from Queen hearts", seq(3, "Q", H), id="en terts from Queen"),
]


@pytest.mark.parametrize(("said", "expected"), SAID)
def test_a_declaration_said_in_words_is_read_quoted_or_not(said, expected):
    assert parse_combo(said, H, RULES) == expected  # one argument, quoted
    assert parse_said(said.split(), H, RULES) == (expected,)  # as a shell splits it


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        pytest.param(
            "сто королей терц:Дч", (four("K"), seq(3, "Q", H)), id="[000] several: 100 then 20"
        ),
        pytest.param("4J 4A", (four("J"), four("A")), id="two fours, each a word"),
        pytest.param(
            "Терц от Короля крести Терц от 10 крести",
            (seq(3, "K", C), seq(3, "10", C)),
            id="[000] multiple rule 2: Терц от Короля крести и Терц от 10 крести",
        ),
        pytest.param("Q♥ J♥ 10♥", (seq(3, "Q", H),), id="cards unquoted: one run"),
        pytest.param(
            "терц от Дамы червей марьяж", (seq(3, "Q", H), Declaration.marriage(H)), id="+ marriage"
        ),
    ],
)
def test_several_declarations_said_unquoted_are_told_apart(words, expected):
    assert parse_said(words.split(), H, MULTI) == expected


@pytest.mark.parametrize(
    ("words", "code"),
    [
        pytest.param("сто шесть от дамы", "err.combo.suit", id="[001] сто шесть от дамы: suit?"),
        pytest.param("терц от 10", "err.combo.suit", id="[000] терц от 10: which suit"),
        pytest.param("сто", "err.combo.top", id="сто alone: which top card"),
        pytest.param("сто шесть", "err.combo.top", id="сто шесть: which top card"),
    ],
)
def test_a_declaration_said_without_its_suit_or_top_is_refused_naming_it(words, code):
    with pytest.raises(NotationError) as refused:
        parse_said(words.split(), H, RULES)
    assert refused.value.verdict.code == code
