"""A declaration's notation in brackets is written in the output language's own input words
(«терц от Дамы ♥ (терц:Д♥)», «(50:К♣)», «(4В)», «(марьяж:♥)»; English ``terts:Q♥``), and
each reads back as the same declaration: what the players see is what they may type."""

from __future__ import annotations

import pytest

from terts_referee.domain.cards import Rank, Suit
from terts_referee.domain.declarations import FOUR_RANKS, Declaration, Kind
from terts_referee.i18n.words import notation

RUN_TOPS = {3: "Q", 4: "K", 5: "A", 6: "A", 7: "A", 8: "A"}
DECLARATIONS = [
    *(Declaration(Kind.SEQUENCE, Rank(RUN_TOPS[n]), Suit.HEARTS, n) for n in RUN_TOPS),
    Declaration(Kind.SEQUENCE, Rank("10"), Suit.CLUBS, 3),
    *(Declaration(Kind.FOUR, rank, None, 4) for rank in FOUR_RANKS),
    Declaration.marriage(Suit.HEARTS),
]


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
@pytest.mark.parametrize("decl", DECLARATIONS, ids=str)
def test_the_notation_reads_back_in_every_language(lang, decl):
    written = notation(decl, lang)
    assert Declaration.parse(written) == decl, written


@pytest.mark.parametrize(
    ("lang", "decl", "expected"),
    [
        ("ru", Declaration(Kind.SEQUENCE, Rank("Q"), Suit.HEARTS, 3), "терц:Д♥"),
        ("ru", Declaration(Kind.SEQUENCE, Rank("K"), Suit.CLUBS, 4), "50:К♣"),
        ("ru", Declaration(Kind.FOUR, Rank("J"), None, 4), "4В"),
        ("ru", Declaration.marriage(Suit.HEARTS), "марьяж:♥"),
        ("uk", Declaration(Kind.SEQUENCE, Rank("A"), Suit.SPADES, 5), "105:Т♠"),
        ("uk", Declaration.marriage(Suit.HEARTS), "марʼяж:♥"),
        ("en", Declaration(Kind.SEQUENCE, Rank("Q"), Suit.HEARTS, 3), "terts:Q♥"),
    ],
)
def test_the_notation_is_in_the_languages_words(lang, decl, expected):
    assert notation(decl, lang) == expected


def test_a_russian_declaration_line_shows_the_russian_notation(terts):
    terts.ok("new", "Аня", "Боря")
    terts.ok("deal", "--trump", "7ч")
    out = terts.ok("--lang", "ru", "declare", "Аня", "терц:Дч").stdout
    assert "терц от Дамы ♥ (терц:Д♥)" in out, out
    assert "terts:" not in out, out
